package suite

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// paceFile, in the gate's folder, holds one line per spec ended: its
// recorded wall time and the time it took in this run, in milliseconds.
// Every process of the run appends to it and reads it, so the budget
// knows how much slower than its recording this machine runs the
// catalogue.
const paceFile = "pace"

// paceSamples: the specs a pace is read from before it counts; before
// that the recorded walls are taken as they are.
const paceSamples = 5

// pace is how many times longer than their recorded walls this run's
// specs take: the sum of the times taken over the sum of the walls
// recorded, over the specs ended so far that have a recorded wall; never
// under 1, so that a fast start does not let a long spec start late. A
// machine three times slower (CI's of 2026-12-02: 171 specs in 50 min
// where this one took 17) would otherwise start, a minute before the
// budget's end, a spec recorded at 5 min that ends 14 min later, past
// LIVE_TIMEOUT, which fails the whole run.
type pace struct{ dir string }

// record adds one ended spec; nothing when it has no recorded wall or
// the run has no gate folder. One short line in append mode: the
// processes' lines do not interleave.
func (p pace) record(wall, took time.Duration) error {
	if p.dir == "" || wall <= 0 {
		return nil
	}
	f, err := os.OpenFile(filepath.Join(p.dir, paceFile), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("recording a spec's pace: %w", err)
	}
	_, err = fmt.Fprintf(f, "%d\t%d\n", wall.Milliseconds(), took.Milliseconds())
	return errors.Join(err, f.Close())
}

// factor is the run's pace so far (1 until paceSamples specs ended).
func (p pace) factor() float64 {
	if p.dir == "" {
		return 1
	}
	f, err := os.Open(filepath.Join(p.dir, paceFile))
	if err != nil {
		return 1
	}
	defer f.Close()
	var walls, took float64
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		a, b, ok := strings.Cut(sc.Text(), "\t")
		w, err1 := strconv.ParseFloat(a, 64)
		t, err2 := strconv.ParseFloat(b, 64)
		if !ok || err1 != nil || err2 != nil || w <= 0 || t < 0 {
			continue // a line cut by a process killed while it wrote
		}
		walls += w
		took += t
		n++
	}
	if n < paceSamples || walls == 0 {
		return 1
	}
	return max(1, took/walls)
}
