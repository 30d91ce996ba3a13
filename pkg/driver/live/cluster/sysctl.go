package cluster

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The kubelet sets these kernel tunables on start (its
// setupKernelTunables). A kind node is a privileged container: it sets
// them on the host. podlife saves them before it creates a cluster and
// puts them back after deleting it.
var kubeletSysctls = []string{
	"vm/overcommit_memory", "vm/panic_on_oom", "kernel/panic", "kernel/panic_on_oops",
	"kernel/keys/root_maxkeys", "kernel/keys/root_maxbytes",
}

// inotifyFloors are raised before a cluster is created, as kind's known
// issues advise: every node's kubelet (cAdvisor) and systemd take inotify
// instances out of the host user's limit, 128 by default, and the seventh
// node's kubelet of two clusters on this machine failed "Failed to start
// cAdvisor: inotify_init: too many open files" (2026-11-26). They are
// saved with the others and put back when the last podlife cluster goes.
var inotifyFloors = map[string]int64{
	"fs/inotify/max_user_instances": 512,
	"fs/inotify/max_user_watches":   524288,
}

// raiseInotify raises the inotify limits to their floors where lower.
func raiseInotify() error {
	for k, floor := range inotifyFloors {
		p := filepath.Join("/proc/sys", k)
		b, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("reading %s: %w", p, err)
		}
		var cur int64
		if _, err := fmt.Sscan(strings.TrimSpace(string(b)), &cur); err != nil || cur >= floor {
			continue
		}
		if err := os.WriteFile(p, []byte(fmt.Sprint(floor)), 0o644); err != nil {
			return fmt.Errorf("raising %s from %d to %d (kind's nodes need inotify instances; run as root or raise it): %w", k, cur, floor, err)
		}
	}
	return nil
}

func sysctlFile(name string) string {
	return filepath.Join(os.TempDir(), "podlife-sysctl-"+name)
}

func saveSysctls(name string) {
	var b strings.Builder
	keys := append([]string(nil), kubeletSysctls...)
	for k := range inotifyFloors {
		keys = append(keys, k)
	}
	for _, k := range keys {
		v, err := os.ReadFile(filepath.Join("/proc/sys", k))
		if err == nil {
			fmt.Fprintf(&b, "%s=%s\n", k, strings.TrimSpace(string(v)))
		}
	}
	_ = os.WriteFile(sysctlFile(name), []byte(b.String()), 0o600)
}

// restoreSysctls puts back what saveSysctls saved; the inotify limits
// only when no other podlife cluster still runs (othersRunning).
func restoreSysctls(name string, othersRunning bool) error {
	b, err := os.ReadFile(sysctlFile(name))
	if err != nil {
		return nil // not saved here: nothing to put back
	}
	var failed []string
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		if _, inotify := inotifyFloors[k]; inotify && othersRunning {
			continue
		}
		p := filepath.Join("/proc/sys", k)
		cur, err := os.ReadFile(p)
		if err == nil && strings.TrimSpace(string(cur)) == v {
			continue
		}
		if err := os.WriteFile(p, []byte(v), 0o644); err != nil {
			failed = append(failed, k)
		}
	}
	_ = os.Remove(sysctlFile(name))
	if len(failed) > 0 {
		return fmt.Errorf("could not restore the host sysctls %s", strings.Join(failed, ", "))
	}
	return nil
}
