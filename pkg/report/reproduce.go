package report

import (
	"fmt"
	"strings"
)

// Reproduce is the block that ends a run with failures: the command that
// runs each failed scenario again with the run's seed, the one seed a
// reader needs (each scenario's own seed derives from it and the
// scenario's place, so the same FILE:LINE gets the same one). On the
// simulator a seed gives the same run every time; a cluster's timing is
// its own each time. Empty when nothing failed.
func Reproduce(results []Result, seed int64, driver, kubelet string) string {
	var lines []string
	for i := range results {
		r := &results[i]
		if r.Status != Failed && r.Status != Errored {
			continue
		}
		cmd := "podlife run"
		if driver != "sim" {
			cmd += " --driver " + driver
		}
		if kubelet != "" {
			cmd += " --kubelet-version " + kubelet
		}
		lines = append(lines, fmt.Sprintf("  %s --seed %d %s", cmd, seed, r.ID()))
	}
	if len(lines) == 0 {
		return ""
	}
	head := fmt.Sprintf("to reproduce (seed %d gives the same run every time):", seed)
	if driver != "sim" {
		head = fmt.Sprintf("to run again (seed %d; a cluster's timing is its own each time):", seed)
	}
	return fmt.Sprintf("\n%s\n%s\n", head, strings.Join(lines, "\n"))
}
