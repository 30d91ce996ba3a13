package main

import (
	"strings"
	"testing"
)

// TestHoldOf: the run's hold is its process group's file in
// /run/podlife-pressure, not another run's, nor its .filled mark, nor a
// record.
func TestHoldOf(t *testing.T) {
	held := map[string][]string{
		"pool-1": {"/run/podlife-pressure/r0-podlife-x", "/var/lib/podlife/records/r1.hold.r1-podlife-y"},
		"pool-2": {"/run/podlife-pressure/r1-podlife-y.filled"},
	}
	if n, f, ok := holdOf(held, "r1"); ok {
		t.Fatalf("found %s %s before the run's hold", n, f)
	}
	held["pool-2"] = append(held["pool-2"], "/run/podlife-pressure/r1-podlife-y")
	if n, f, ok := holdOf(held, "r1"); !ok || n != "pool-2" || f != "/run/podlife-pressure/r1-podlife-y" {
		t.Errorf("got %s %s %v, want pool-2's hold", n, f, ok)
	}
}

// TestCompareNamesTheNodes: a node that differs is named with what
// differs; a node that left the pool, or joined it, differs too.
func TestCompareNamesTheNodes(t *testing.T) {
	before := map[string]string{
		"pool-1": "file /var/lib/kubelet/config.yaml aaa\nkubelet running\n",
		"pool-2": "file /var/lib/kubelet/config.yaml bbb\nkubelet running\n",
		"pool-3": "kubelet running\n",
	}
	now := map[string]string{
		"pool-1": "file /var/lib/kubelet/config.yaml aaa\nkubelet running\n",
		"pool-2": "file /var/lib/kubelet/config.yaml ccc\nkubelet running\nheld /run/podlife-pressure/r1-x\n",
		"pool-4": "kubelet running\n",
	}
	d := compare(before, now)
	if len(d["pool-1"]) != 0 {
		t.Errorf("pool-1, unchanged: %v", d["pool-1"])
	}
	got := strings.Join(d["pool-2"], "; ")
	for _, want := range []string{"file /var/lib/kubelet/config.yaml: ccc, was bbb", "held /run/podlife-pressure/r1-x new"} {
		if !strings.Contains(got, want) {
			t.Errorf("pool-2: %q, want %q", got, want)
		}
	}
	if len(d["pool-3"]) == 0 || len(d["pool-4"]) == 0 {
		t.Errorf("a node read once only: %v", d)
	}
}
