// Package shard splits a selection of scenarios among runners and orders
// each runner's part, by the wall times a run recorded: a catalogue that
// outgrows one CI machine runs as n parts on n machines, and the parts
// end at about the same time. The split depends only on the selection
// and the recorded times, so each runner computes its own part without
// talking to the others, and the parts are disjoint and cover the
// selection whatever the times say.
package shard

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Spec is one runner's share: part I (1-based) of N.
type Spec struct{ I, N int }

// All is the whole selection, one part of one.
var All = Spec{1, 1}

// Parse reads "i/n" (--shard 2/3, PODLIFE_SHARD=2/3); "" is All.
func Parse(s string) (Spec, error) {
	if s == "" {
		return All, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil {
		return Spec{}, fmt.Errorf("shard %q: want i/n, as 2/3 for the second of three parts", s)
	}
	if n < 1 || i < 1 || i > n {
		return Spec{}, fmt.Errorf("shard %q: part %d of %d does not exist (parts are 1 to n, n at least 1)", s, i, n)
	}
	return Spec{i, n}, nil
}

func (s Spec) String() string { return fmt.Sprintf("%d/%d", s.I, s.N) }

// Walls are recorded wall times by scenario ID ("path:line").
type Walls map[string]time.Duration

// unknown is what a scenario without a record is taken to last: the
// median of the records (a new scenario is most likely an ordinary one),
// or a second when there are none, which makes the split a count.
func (w Walls) unknown() time.Duration {
	if len(w) == 0 {
		return time.Second
	}
	ds := make([]time.Duration, 0, len(w))
	for _, d := range w {
		ds = append(ds, d)
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)/2]
}

// Of is the time a scenario is expected to take.
func (w Walls) Of(id string) time.Duration {
	if d, ok := w[id]; ok {
		return d
	}
	return w.unknown()
}

// Longest orders ids longest first, equal times in their given order:
// handed out in this order to parallel workers that each take the next
// when free, the long ones do not start last and hold the run's end (the
// LPT rule).
func (w Walls) Longest(ids []string) []string {
	out := append([]string(nil), ids...)
	def := w.unknown()
	of := func(id string) time.Duration {
		if d, ok := w[id]; ok {
			return d
		}
		return def
	}
	sort.SliceStable(out, func(i, j int) bool { return of(out[i]) > of(out[j]) })
	return out
}

// Split deals ids into n parts of about equal recorded time: longest
// first (equal times by ID, so that the order the ids come in does not
// matter), each to the part with the least time so far (the
// lowest-numbered on a tie). Every id lands in exactly one part; an id
// given twice is kept once.
func (w Walls) Split(ids []string, n int) [][]string {
	parts := make([][]string, n)
	load := make([]time.Duration, n)
	seen := map[string]bool{}
	byID := append([]string(nil), ids...)
	sort.Strings(byID)
	for _, id := range w.Longest(byID) {
		if seen[id] {
			continue
		}
		seen[id] = true
		k := 0
		for j := 1; j < n; j++ {
			if load[j] < load[k] {
				k = j
			}
		}
		parts[k] = append(parts[k], id)
		load[k] += w.Of(id)
	}
	return parts
}

// Pick keeps the ids of part s, in their given order, each once.
func (w Walls) Pick(s Spec, ids []string) []string {
	n := max(s.N, 1)
	mine := map[string]bool{}
	for _, id := range w.Split(ids, n)[min(max(s.I, 1), n)-1] {
		mine[id] = true
	}
	var out []string
	for _, id := range ids {
		if mine[id] {
			out = append(out, id)
			delete(mine, id)
		}
	}
	return out
}

// Header opens a walls file; Write puts it first.
const Header = "# podlife: recorded wall times, one scenario a line (ID, seconds); written by podlife report --walls"

// Write writes w as a walls file, sorted by ID so that a re-recording
// shows in a diff as the times that moved.
func (w Walls) Write(out io.Writer) error {
	ids := make([]string, 0, len(w))
	for id := range w {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	bw := bufio.NewWriter(out)
	fmt.Fprintln(bw, Header)
	for _, id := range ids {
		fmt.Fprintf(bw, "%s\t%.1f\n", id, w[id].Seconds())
	}
	return bw.Flush()
}

// Read reads a walls file: "ID<tab>seconds" lines, '#' comments.
func Read(r io.Reader, name string) (Walls, error) {
	w := Walls{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, fmt.Errorf("%s:%d: want a scenario ID and seconds, got %q", name, n, line)
		}
		sec, err := strconv.ParseFloat(f[1], 64)
		if err != nil || sec < 0 {
			return nil, fmt.Errorf("%s:%d: %q is not a number of seconds", name, n, f[1])
		}
		w[f[0]] = time.Duration(sec * float64(time.Second))
	}
	return w, sc.Err()
}

// Load reads the walls file at path; a missing file gives no records
// (the split is then by count) when optional is set.
func Load(path string, optional bool) (Walls, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) && optional {
		return Walls{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading recorded wall times: %w", err)
	}
	defer f.Close()
	return Read(f, path)
}

// DefaultFile is where the catalogue's recorded wall times live (a live
// run's: the simulator's are all short).
const DefaultFile = "features/walls.tsv"
