// Command machine records the state of the machine a live run ran on and
// says it in one line afterwards: a timed check on a real kubelet holds
// only as far as the machine keeps the pace the run calibrated at its
// start, and a CI log that shows failures without the machine's load
// cannot tell a loaded machine from a broken rule.
//
//	machine sample FILE [PERIOD]   append a row every PERIOD (5s) until killed
//	machine summary FILE           the run's machine in one line
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
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
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
		return nil
	}
	return fmt.Errorf("%q: neither sample nor summary", args[0])
}

// counters are the cumulative figures a row is the difference of.
type counters struct {
	cpu          [8]uint64 // user nice system idle iowait irq softirq steal
	sectorsWrite uint64
}

func readCounters() (counters, error) {
	var c counters
	stat, err := os.ReadFile("/proc/stat")
	if err != nil {
		return c, err
	}
	line, _, _ := strings.Cut(string(stat), "\n")
	f := strings.Fields(line)
	for i := 0; i < len(c.cpu) && i+1 < len(f); i++ {
		c.cpu[i], _ = strconv.ParseUint(f[i+1], 10, 64)
	}
	disk, err := os.ReadFile("/proc/diskstats")
	if err != nil {
		return c, err
	}
	for _, l := range strings.Split(string(disk), "\n") {
		f := strings.Fields(l)
		if len(f) < 10 || !wholeDisk(f[2]) {
			continue
		}
		n, _ := strconv.ParseUint(f[9], 10, 64)
		c.sectorsWrite += n
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

func readLoad() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}

func readAvailable() float64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "MemAvailable:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				kb, _ := strconv.ParseFloat(f[0], 64)
				return kb / 1024
			}
		}
	}
	return 0
}

func sample(path string, period time.Duration) error {
	out, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer out.Close()
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	prev, err := readCounters()
	if err != nil {
		return err
	}
	prevAt := time.Now()
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return nil
		case now := <-tick.C:
			cur, err := readCounters()
			if err != nil {
				return err
			}
			r := row(prev, cur, now.Sub(prevAt))
			r.at, r.load, r.availMiB = now.UTC(), readLoad(), readAvailable()
			fmt.Fprintln(out, r.String())
			prev, prevAt = cur, now
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
	var d [8]float64
	total := 0.0
	for i := range d {
		d[i] = float64(cur.cpu[i] - prev.cpu[i])
		total += d[i]
	}
	var r aRow
	if total > 0 {
		r.busy = 100 * (total - d[3] - d[4]) / total
		r.iowait = 100 * d[4] / total
		r.steal = 100 * d[7] / total
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
