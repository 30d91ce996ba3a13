package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/shard"
)

// TestRecordWallsKeepsWhatDidNotRun: report --walls records the scenarios
// a run ran and keeps the file's record of one the run's time budget left
// out (its wall of 0 would have every later budget start it last thing),
// or one cut off by an interrupt.
func TestRecordWallsKeepsWhatDidNotRun(t *testing.T) {
	dir := t.TempDir()
	res := []report.Result{
		{Driver: "live", Feature: "x.feature", Line: 3, Name: "ran", Status: report.Passed, Wall: 5 * time.Second},
		{Driver: "live", Feature: "x.feature", Line: 9, Name: "left out", Status: report.Skipped,
			Reason: report.NotStartedPrefix + " ends at 08:31:51, 0s from the moment it was due"},
		{Driver: "live", Feature: "x.feature", Line: 15, Name: "cut off", Status: report.Interrupted, Wall: time.Second},
		{Driver: "live", Feature: "x.feature", Line: 21, Name: "skipped by the driver", Status: report.Skipped, Reason: "not supported by this driver"},
	}
	if err := report.Write(dir, res); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "walls.tsv")
	before := shard.Walls{"x.feature:9": time.Minute, "x.feature:15": 2 * time.Minute}
	var b bytes.Buffer
	if err := before.Write(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := recordWalls(dir, out, io.Discard); err != nil {
		t.Fatal(err)
	}
	w, err := shard.Load(out, false)
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]time.Duration{"x.feature:3": 5 * time.Second, "x.feature:9": time.Minute, "x.feature:15": 2 * time.Minute, "x.feature:21": 0} {
		if got, ok := w[id]; !ok || got != want {
			t.Errorf("%s: %v (recorded %v), want %v", id, got, ok, want)
		}
	}
}
