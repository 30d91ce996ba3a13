package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/procfs"
)

// TestWholeDisk: a disk's writes are counted once: its partitions, loop
// and mapper devices are left out (a partition's writes are its disk's).
func TestWholeDisk(t *testing.T) {
	for name, want := range map[string]bool{"vda": true, "sda": true, "nvme0n1": true, "vda1": false, "nvme0n1p1": false, "loop0": false, "dm-0": false, "sr0": false} {
		if got := wholeDisk(name); got != want {
			t.Errorf("wholeDisk(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestRow: the CPU's shares are over the period's ticks, steal and
// iowait apart from busy; writes are sectors of 512 bytes per second.
func TestRow(t *testing.T) {
	prev := counters{}
	cur := counters{cpu: procfs.CPUStat{User: 30, System: 10, Idle: 40, Iowait: 10, Steal: 10}, sectorsWrite: 2e6}
	r := row(prev, cur, 2*time.Second)
	if r.busy != 50 || r.steal != 10 || r.iowait != 10 || r.writeMBps != 512 {
		t.Errorf("row: busy %v steal %v iowait %v writes %v, want 50 10 10 512", r.busy, r.steal, r.iowait, r.writeMBps)
	}
}

// TestSummary: each figure's median and its worst sample with its time
// (the lowest, for the memory available).
func TestSummary(t *testing.T) {
	at := func(s int) time.Time { return time.Date(2026, 11, 29, 15, 0, s, 0, time.UTC) }
	rows := []aRow{
		{at: at(0), load: 2, availMiB: 9000},
		{at: at(5), load: 9.5, steal: 30, availMiB: 1200},
		{at: at(10), load: 3, availMiB: 8000},
	}
	got := summary(rows, "m.tsv")
	for _, want := range []string{"3 samples over 10s", "load 1-min median 3.0, max 9.5 at 15:00:05", "steal median 0 %, max 30 at 15:00:05", "memory available median 8000 MiB, min 1200 at 15:00:05"} {
		if !strings.Contains(got, want) {
			t.Errorf("summary %q lacks %q", got, want)
		}
	}
}

// TestByCommand: a process's CPU is what it used since the last sample;
// a pid reused by another command, or new, counts from zero.
func TestByCommand(t *testing.T) {
	prev := procCPU{1: {"kubelet", 10, 0}, 2: {"etcd", 5, 0}, 3: {"sh", 1, 0}, 5: {"containerd-shim", 1, 2}}
	cur := procCPU{1: {"kubelet", 12.5, 0}, 2: {"etcd", 5, 0}, 3: {"agent", 0.5, 3}, 4: {"kubelet", 1, 7}, 5: {"containerd-shim", 1, 6}}
	got := byCommand(prev, cur)
	// The shim reaped 4 s of execs; the new kubelet's reaped children,
	// and those of the agent that took the shell's pid, came before they
	// were seen.
	want := map[string]float64{"kubelet": 3.5, "agent": 0.5, "containerd-shim (children)": 4}
	if len(got) != len(want) || got["kubelet"] != 3.5 || got["agent"] != 0.5 || got["containerd-shim (children)"] != 4 {
		t.Errorf("byCommand = %v, want %v", got, want)
	}
}

// TestCPUSummary: the commands' shares of the CPU the machine had over
// the run, the largest first, the rest left out.
func TestCPUSummary(t *testing.T) {
	path := t.TempDir() + "/m-cpu.tsv"
	at := time.Date(2026, 12, 2, 6, 0, 0, 0, time.UTC)
	data := cpuRows(at, map[string]float64{"kubelet": 20, "etcd": 5}) + cpuRows(at.Add(5*time.Second), map[string]float64{"kubelet": 10, "cc1": 40, "sh": 1})
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	got := cpuSummary(path, 50*time.Second, 2, 2)
	if !strings.Contains(got, "cc1 40 %, kubelet 30 %") || strings.Contains(got, "etcd") {
		t.Errorf("cpuSummary = %q, want cc1 40 %%, kubelet 30 %% and nothing else", got)
	}
}
