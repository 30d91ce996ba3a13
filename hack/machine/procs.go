package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Which programs took the CPU: a loaded run's line says how busy the
// machine was but not with what, and stop 55's CI run (load median 22.8
// on 2 cores, 22 timing failures) left no way to tell the cluster's own
// work from something beside it. Every sample adds, to FILE's companion
// (cpuFile), the CPU seconds each command name used over the period, as
// far as the processes alive at both samples show it. A process born and
// gone between two samples (a probe's exec, a `docker exec`, a shell's
// commands) is not seen itself: the time of the children a process
// reaped is counted apart, as "<parent> (children)" (the cutime and
// cstime of /proc/PID/stat), so that a storm of short processes shows
// under the process that ran them. A long-lived child's time counts
// twice there, once alive and once reaped.

// userHZ is the clock ticks a second of /proc/PID/stat's times (procfs
// reads them so).
const userHZ = 100

// cpuFile is where the per-command figures of a sample file go.
func cpuFile(path string) string {
	return strings.TrimSuffix(path, ".tsv") + "-cpu.tsv"
}

// procCPU is each live process's CPU seconds (user and system), by pid,
// with its command name.
type procCPU map[int]procTimes

type procTimes struct {
	comm     string
	secs     float64 // its own user and system time
	children float64 // its reaped children's
}

func (r reader) procs() procCPU {
	out := procCPU{}
	all, err := r.proc.AllProcs()
	if err != nil {
		return out
	}
	for _, p := range all {
		st, err := p.Stat()
		if err != nil {
			continue
		}
		comm := st.Comm
		if i := strings.IndexByte(comm, '/'); i > 0 {
			// Kernel threads, one name for each CPU and work queue
			// (kworker/u8:0-events_unbound): one figure for their kind.
			comm = comm[:i]
		}
		out[p.PID] = procTimes{comm, st.CPUTime(), float64(st.CUTime+st.CSTime) / userHZ}
	}
	return out
}

// byCommand is the CPU seconds each command name used between two
// readings; a pid reused by another command counts from zero.
func byCommand(prev, cur procCPU) map[string]float64 {
	used := map[string]float64{}
	for pid, c := range cur {
		d, dc := c.secs, c.children
		if p, ok := prev[pid]; ok && p.comm == c.comm {
			d -= p.secs
			dc -= p.children
		} else {
			// New since the last sample (or its pid another command's
			// before): its own time counts from its start, but the
			// children it reaped before we saw it are not this
			// period's to tell.
			dc = 0
		}
		if d > 0 {
			used[c.comm] += d
		}
		if dc > 0 {
			used[c.comm+" (children)"] += dc
		}
	}
	return used
}

// cpuRows are one sample's lines: time, command, seconds.
func cpuRows(at time.Time, used map[string]float64) string {
	var b strings.Builder
	for comm, s := range used {
		if s >= 0.01 {
			fmt.Fprintf(&b, "%s\t%s\t%.2f\n", at.Format(time.RFC3339), comm, s)
		}
	}
	return b.String()
}

// cpuSummary: the commands that took most of the CPU over the run, with
// their share of the CPU time the machine had (cores × span), the
// largest first.
func cpuSummary(path string, span time.Duration, cores, top int) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	total := map[string]float64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != 3 {
			continue
		}
		if s, err := strconv.ParseFloat(fs[2], 64); err == nil {
			total[fs[1]] += s
		}
	}
	if len(total) == 0 || span <= 0 || cores <= 0 {
		return ""
	}
	names := make([]string, 0, len(total))
	for n := range total {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if total[names[i]] != total[names[j]] {
			return total[names[i]] > total[names[j]]
		}
		return names[i] < names[j]
	})
	if len(names) > top {
		names = names[:top]
	}
	had := span.Seconds() * float64(cores)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s %.0f %%", n, 100*total[n]/had)
	}
	return fmt.Sprintf("the CPU by command over the run (%s, of %d cores × %s; \"(children)\" is what the processes it reaped used, the short ones it ran, and a long one's time again): %s", path, cores, span.Round(time.Second), strings.Join(parts, ", "))
}
