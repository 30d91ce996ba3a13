package suite

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/pkg/shard"
)

// TestCPUGate: a spec alone starts whatever the pressure; beside a
// running one it waits for the pressure to fall below the limit, and
// above half the limit for the last start to settle; a file left by a
// process that is gone counts for nothing and is removed.
func TestCPUGate(t *testing.T) {
	base := time.Date(2026, 12, 2, 18, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name      string
		others    map[string]time.Duration // pid file -> its start, before base
		dead      string
		pressures []float64
		reads     int // the readings taken before it starts
	}{
		{name: "alone, the CPU saturated", pressures: []float64{99}, reads: 0},
		{name: "beside a running spec, the CPU saturated until the third reading", others: map[string]time.Duration{"101": time.Minute}, pressures: []float64{90, 70, 20}, reads: 3},
		{name: "beside a running spec, room at once", others: map[string]time.Duration{"101": time.Minute}, pressures: []float64{10}, reads: 1},
		{name: "beside a spec started a second ago, the CPU half busy: it waits for the start to settle", others: map[string]time.Duration{"101": time.Second}, pressures: []float64{30, 30, 30, 30, 30, 30}, reads: 4},
		{name: "beside a spec started a second ago, the CPU idle: at once", others: map[string]time.Duration{"101": time.Second}, pressures: []float64{10}, reads: 1},
		{name: "a file of a process that is gone", others: map[string]time.Duration{"202": time.Minute}, dead: "202", pressures: []float64{99}, reads: 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for pid, ago := range c.others {
				if err := os.WriteFile(filepath.Join(dir, pid), []byte(base.Add(-ago).Format(time.RFC3339Nano)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			reads, calls := 0, 0
			g := &cpuGate{dir: dir, limit: 50, settle: 5 * time.Second, poll: time.Millisecond, pid: 100,
				read: func() (float64, error) {
					p := c.pressures[min(reads, len(c.pressures)-1)]
					reads++
					return p, nil
				},
				alive: func(pid int) bool { return c.dead == "" || pid != 202 },
				// Each look at the clock is a second later.
				now: func() time.Time { calls++; return base.Add(time.Duration(calls-1) * time.Second) },
			}
			if _, err := g.enter(context.Background()); err != nil {
				t.Fatal(err)
			}
			if reads != c.reads {
				t.Errorf("started after %d readings, want %d", reads, c.reads)
			}
			if _, err := os.Stat(filepath.Join(dir, "100")); err != nil {
				t.Errorf("the running spec is not marked: %v", err)
			}
			if c.dead != "" {
				if _, err := os.Stat(filepath.Join(dir, c.dead)); !os.IsNotExist(err) {
					t.Errorf("the file of the process that is gone is still there (%v)", err)
				}
			}
			g.leave()
			if _, err := os.Stat(filepath.Join(dir, "100")); !os.IsNotExist(err) {
				t.Errorf("the ended spec is still marked (%v)", err)
			}
		})
	}
}

// TestCPUGateCutOff: a spec waiting when the run is cut off returns with
// the context's error and is not marked running.
func TestCPUGateCutOff(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "101"), []byte(time.Now().Format(time.RFC3339Nano)), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	g := &cpuGate{dir: dir, limit: 50, settle: time.Second, poll: time.Millisecond, pid: 100,
		read:  func() (float64, error) { cancel(); return 99, nil },
		alive: func(int) bool { return true }, now: time.Now}
	if _, err := g.enter(ctx); err == nil {
		t.Fatal("entered a saturated machine after the run was cut off")
	}
	if _, err := os.Stat(filepath.Join(dir, "100")); !os.IsNotExist(err) {
		t.Errorf("a spec that never started is marked running (%v)", err)
	}
}

func TestParsePressure(t *testing.T) {
	got, err := parsePressure("some avg10=59.79 avg60=79.04 avg300=85.87 total=10522897643\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n")
	if err != nil || got != 59.79 {
		t.Errorf("parsePressure = %v, %v; want 59.79", got, err)
	}
	if _, err := parsePressure("full avg10=1.00\n"); err == nil {
		t.Error("a file without a some line read as a pressure")
	}
}

// TestOverBudget: a scenario starts while its recorded wall time fits
// before the budget's end (a minute when none is recorded), and is left
// out, with a reason saying so, when it does not.
func TestOverBudget(t *testing.T) {
	f := &runner.Feature{Path: "x.feature"}
	sc := &runner.Scenario{Name: "a", Feature: f, Line: 3}
	walls := shard.Walls{"x.feature:3": 2 * time.Minute}
	end := time.Date(2026, 12, 2, 18, 40, 0, 0, time.UTC)
	if r := overBudget(sc, walls, 1, end.Add(-3*time.Minute), end); r != "" {
		t.Errorf("3 min left for 2: left out (%s)", r)
	}
	r := overBudget(sc, walls, 1, end.Add(-90*time.Second), end)
	if !strings.HasPrefix(r, budgetReason) || !strings.Contains(r, "1m30s from the moment it was due") || !strings.Contains(r, "took 2m0s") {
		t.Errorf("90 s left for 2 min: %q", r)
	}
	if r := overBudget(&runner.Scenario{Name: "b", Feature: f, Line: 9}, walls, 1, end.Add(-30*time.Second), end); !strings.Contains(r, "no recorded wall time") {
		t.Errorf("no record, 30 s left: %q", r)
	}
	// On a machine twice as slow as the recording, 3 min no longer fit
	// a 2 min wall.
	if r := overBudget(sc, walls, 2, end.Add(-3*time.Minute), end); !strings.Contains(r, "2.0 times their recorded walls") {
		t.Errorf("pace 2, 3 min left for 2: %q", r)
	}
	res := []report.Result{{Status: report.Skipped, Reason: r}, {Status: report.Skipped, Reason: "needs a node"}, {Status: report.Passed}}
	if got := budgetLine(res); !strings.Contains(got, "\n1 of the skipped were not started") {
		t.Errorf("budgetLine = %q, want one left out", got)
	}
	if got := budgetLine(res[1:]); got != "" {
		t.Errorf("budgetLine without a budget's skip = %q", got)
	}
}

// TestPace: the run's pace is what its ended specs took over what they
// were recorded at, once enough have ended, and never under 1.
func TestPace(t *testing.T) {
	p := pace{dir: t.TempDir()}
	for i := 0; i < paceSamples-1; i++ {
		if err := p.record(10*time.Second, 30*time.Second); err != nil {
			t.Fatal(err)
		}
	}
	if f := p.factor(); f != 1 {
		t.Errorf("%d specs ended: factor %v, want 1 until %d", paceSamples-1, f, paceSamples)
	}
	_ = p.record(0, time.Hour) // no recorded wall: not counted
	_ = p.record(10*time.Second, 30*time.Second)
	if f := p.factor(); f != 3 {
		t.Errorf("every spec three times its wall: factor %v", f)
	}
	fast := pace{dir: t.TempDir()}
	for i := 0; i < paceSamples; i++ {
		_ = fast.record(10*time.Second, 5*time.Second)
	}
	if f := fast.factor(); f != 1 {
		t.Errorf("a machine faster than the recording: factor %v, want 1", f)
	}
	if f := (pace{}).factor(); f != 1 {
		t.Errorf("no gate folder: factor %v", f)
	}
}
