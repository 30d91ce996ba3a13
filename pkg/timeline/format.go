package timeline

import (
	"fmt"
	"strings"
	"time"
)

// Format renders events as an aligned table with times relative to t0, the
// time right-aligned and the other columns left-aligned:
//
//	 t  pod  container  event           detail
//	0s  web  app        PreStopStarted
//	3s  web  app        SIGTERM
//
// Pods restricts the table to those pods when non-empty.
func Format(events []Event, t0 time.Duration, pods ...string) string {
	keep := map[string]bool{}
	for _, p := range pods {
		keep[p] = true
	}
	rows := [][]string{{"t", "pod", "container", "event", "detail"}}
	for _, e := range events {
		if len(keep) > 0 && !keep[e.Pod] {
			continue
		}
		rows = append(rows, []string{FormatOffset(e.At - t0), e.Pod, orDash(e.Container), e.Label(), detail(e)})
	}
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len(c))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		var line strings.Builder
		line.WriteString(strings.Repeat(" ", widths[0]-len(r[0])) + r[0])
		for i := 1; i < len(r); i++ {
			line.WriteString("  " + r[i] + strings.Repeat(" ", widths[i]-len(r[i])))
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return b.String()
}

func detail(e Event) string {
	var parts []string
	switch e.Kind {
	case Exited:
		parts = append(parts, e.Reason)
	case DeleteRequested, Condition:
		parts = append(parts, e.Message)
	case KubeEvent, Rejected, Evicted, BackOff:
		parts = append(parts, e.Message)
		if e.Count > 1 {
			parts = append(parts, fmt.Sprintf("(x%d)", e.Count))
		}
	}
	return strings.TrimSpace(strings.Join(parts, " "))
}
