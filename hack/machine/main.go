// Command machine records the state of the machine a live run ran on and
// says it in one line afterwards: a timed check on a real kubelet holds
// only as far as the machine keeps the pace the run calibrated at its
// start, and a CI log that shows failures without the machine's load
// cannot tell a loaded machine from a broken rule.
//
//	machine sample FILE [PERIOD]   append a row every PERIOD (5s) until killed
//	machine summary FILE           the run's machine in one line, and
//	                               the commands that took its CPU
//
// A row: the time (UTC, RFC 3339), the 1-minute load average, the CPU's
// busy, steal and iowait shares (percent, over the period), the disk
// writes (MB/s over the period, every whole disk) and the memory
// available (MiB), tab-separated.
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/prometheus/procfs"
	"github.com/prometheus/procfs/blockdevice"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "machine:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("usage: machine sample FILE [PERIOD] | machine summary FILE")
	}
	switch args[0] {
	case "sample":
		period := 5 * time.Second
		if len(args) > 2 {
			d, err := time.ParseDuration(args[2])
			if err != nil || d <= 0 {
				return fmt.Errorf("period %q: not a positive duration", args[2])
			}
			period = d
		}
		return sample(args[1], period)
	case "summary":
		rows, err := readRows(args[1])
		if err != nil {
			return err
		}
		fmt.Println(summary(rows, args[1]))
		if len(rows) > 1 {
			if line := cpuSummary(cpuFile(args[1]), rows[len(rows)-1].at.Sub(rows[0].at), runtime.NumCPU(), 6); line != "" {
				fmt.Println(line)
			}
		}
		return nil
	}
	return fmt.Errorf("%q: neither sample nor summary", args[0])
}

// counters are the cumulative figures a row is the difference of.
type counters struct {
	cpu          procfs.CPUStat // seconds in each state, all CPUs
	sectorsWrite uint64
}

// reader reads the machine's figures (github.com/prometheus/procfs).
type reader struct {
	proc  procfs.FS
	block blockdevice.FS
}

func newReader() (reader, error) {
	proc, err := procfs.NewDefaultFS()
	if err != nil {
		return reader{}, err
	}
	block, err := blockdevice.NewDefaultFS()
	if err != nil {
		return reader{}, err
	}
	return reader{proc, block}, nil
}

func (r reader) counters() (counters, error) {
	var c counters
	st, err := r.proc.Stat()
	if err != nil {
		return c, err
	}
	c.cpu = st.CPUTotal
	disks, err := r.block.ProcDiskstats()
	if err != nil {
		return c, err
	}
	for _, d := range disks {
		if wholeDisk(d.DeviceName) {
			c.sectorsWrite += d.WriteSectors
		}
	}
	return c, nil
}

// wholeDisk: a disk, not one of its partitions nor a loop or mapper
// device, whose writes are a disk's (or counted twice).
func wholeDisk(name string) bool {
	for _, p := range []string{"sd", "vd", "xvd", "hd"} {
		if rest, ok := strings.CutPrefix(name, p); ok {
			return rest != "" && strings.Trim(rest, "abcdefghijklmnopqrstuvwxyz") == ""
		}
	}
	if rest, ok := strings.CutPrefix(name, "nvme"); ok {
		return !strings.Contains(rest, "p")
	}
	return false
}

// gauges are the load average and the memory available (MiB), 0 when
// unread.
func (r reader) gauges() (load, availMiB float64) {
	if l, err := r.proc.LoadAvg(); err == nil {
		load = l.Load1
	}
	if m, err := r.proc.Meminfo(); err == nil && m.MemAvailable != nil {
		availMiB = float64(*m.MemAvailable) / 1024
	}
	return load, availMiB
}

func sample(path string, period time.Duration) error {
	out, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer out.Close()
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	rd, err := newReader()
	if err != nil {
		return err
	}
	prev, err := rd.counters()
	if err != nil {
		return err
	}
	cpuOut, err := os.OpenFile(cpuFile(path), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer cpuOut.Close()
	prevProcs := rd.procs()
	prevAt := time.Now()
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return nil
		case now := <-tick.C:
			cur, err := rd.counters()
			if err != nil {
				return err
			}
			r := row(prev, cur, now.Sub(prevAt))
			r.at = now.UTC()
			r.load, r.availMiB = rd.gauges()
			fmt.Fprintln(out, r.String())
			procs := rd.procs()
			fmt.Fprint(cpuOut, cpuRows(r.at, byCommand(prevProcs, procs)))
			prev, prevAt, prevProcs = cur, now, procs
		}
	}
}

// aRow is one sample.
type aRow struct {
	at                  time.Time
	load                float64
	busy, steal, iowait float64 // percent
	writeMBps, availMiB float64
}

func row(prev, cur counters, over time.Duration) aRow {
	p, c := prev.cpu, cur.cpu
	idle, iowait, steal := c.Idle-p.Idle, c.Iowait-p.Iowait, c.Steal-p.Steal
	total := idle + iowait + steal + (c.User - p.User) + (c.Nice - p.Nice) + (c.System - p.System) + (c.IRQ - p.IRQ) + (c.SoftIRQ - p.SoftIRQ)
	var r aRow
	if total > 0 {
		r.busy = 100 * (total - idle - iowait) / total
		r.iowait = 100 * iowait / total
		r.steal = 100 * steal / total
	}
	if s := over.Seconds(); s > 0 {
		r.writeMBps = float64(cur.sectorsWrite-prev.sectorsWrite) * 512 / 1e6 / s
	}
	return r
}

func (r aRow) String() string {
	return fmt.Sprintf("%s\t%.2f\t%.0f\t%.0f\t%.0f\t%.0f\t%.0f", r.at.Format(time.RFC3339), r.load, r.busy, r.steal, r.iowait, r.writeMBps, r.availMiB)
}

func readRows(path string) ([]aRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []aRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != 7 {
			return nil, fmt.Errorf("%s:%d: %d fields, want 7", path, n, len(fs))
		}
		at, err := time.Parse(time.RFC3339, fs[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		var v [6]float64
		for i := range v {
			if v[i], err = strconv.ParseFloat(fs[i+1], 64); err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, n, err)
			}
		}
		rows = append(rows, aRow{at: at, load: v[0], busy: v[1], steal: v[2], iowait: v[3], writeMBps: v[4], availMiB: v[5]})
	}
	return rows, sc.Err()
}

// summary is the run's machine in one line: each figure's median and its
// worst sample with the time, which a failure's "began" time (the
// summary's failures at a glance) is read against.
func summary(rows []aRow, path string) string {
	if len(rows) == 0 {
		return "the machine during the run: no sample (" + path + ")"
	}
	type fig struct {
		name, unit string
		get        func(aRow) float64
		worstLow   bool
		format     string
	}
	figs := []fig{
		{"load 1-min", "", func(r aRow) float64 { return r.load }, false, "%.1f"},
		{"CPU busy", " %", func(r aRow) float64 { return r.busy }, false, "%.0f"},
		{"steal", " %", func(r aRow) float64 { return r.steal }, false, "%.0f"},
		{"iowait", " %", func(r aRow) float64 { return r.iowait }, false, "%.0f"},
		{"disk writes", " MB/s", func(r aRow) float64 { return r.writeMBps }, false, "%.0f"},
		{"memory available", " MiB", func(r aRow) float64 { return r.availMiB }, true, "%.0f"},
	}
	var parts []string
	for _, f := range figs {
		vs := make([]float64, len(rows))
		worst := 0
		for i, r := range rows {
			vs[i] = f.get(r)
			if (f.worstLow && vs[i] < vs[worst]) || (!f.worstLow && vs[i] > vs[worst]) {
				worst = i
			}
		}
		sorted := append([]float64(nil), vs...)
		sort.Float64s(sorted)
		word := "max"
		if f.worstLow {
			word = "min"
		}
		parts = append(parts, fmt.Sprintf("%s median "+f.format+"%s, %s "+f.format+" at %s", f.name, sorted[len(sorted)/2], f.unit, word, vs[worst], rows[worst].at.Format("15:04:05")))
	}
	span := rows[len(rows)-1].at.Sub(rows[0].at).Round(time.Second)
	return fmt.Sprintf("the machine during the run (%d samples over %s, %s): %s", len(rows), span, path, strings.Join(parts, "; "))
}
