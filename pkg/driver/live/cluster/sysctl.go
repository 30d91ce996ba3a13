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

func sysctlFile(name string) string {
	return filepath.Join(os.TempDir(), "podlife-sysctl-"+name)
}

func saveSysctls(name string) {
	var b strings.Builder
	for _, k := range kubeletSysctls {
		v, err := os.ReadFile(filepath.Join("/proc/sys", k))
		if err == nil {
			fmt.Fprintf(&b, "%s=%s\n", k, strings.TrimSpace(string(v)))
		}
	}
	_ = os.WriteFile(sysctlFile(name), []byte(b.String()), 0o600)
}

func restoreSysctls(name string) error {
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
