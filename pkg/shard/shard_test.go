package shard

import (
	"bytes"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Spec
		err  string
	}{
		{"", All, ""},
		{"1/1", Spec{1, 1}, ""},
		{"2/3", Spec{2, 3}, ""},
		{" 3 / 3 ", Spec{3, 3}, ""},
		{"0/3", Spec{}, "does not exist"},
		{"4/3", Spec{}, "does not exist"},
		{"1/0", Spec{}, "does not exist"},
		{"2", Spec{}, "want i/n"},
		{"a/b", Spec{}, "want i/n"},
	} {
		got, err := Parse(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Parse(%q) = %v, %v; want an error with %q", c.in, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

// TestSplitIsAPartition: whatever the times (recorded, missing, equal),
// the parts are disjoint, cover the selection, and Pick keeps the
// selection's order; and the parts' times differ by at most the longest
// scenario, the bound of dealing longest first to the least loaded.
func TestSplitIsAPartition(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for round := 0; round < 200; round++ {
		var ids []string
		w := Walls{}
		for i := 0; i < r.Intn(60); i++ {
			id := fmt.Sprintf("features/f%d.feature:%d", r.Intn(5), r.Intn(300))
			ids = append(ids, id)
			if r.Intn(4) > 0 {
				w[id] = time.Duration(r.Intn(900)) * time.Second
			}
		}
		n := 1 + r.Intn(6)
		parts := w.Split(ids, n)
		count := map[string]int{}
		var longest time.Duration
		loads := make([]time.Duration, n)
		for k, p := range parts {
			for _, id := range p {
				count[id]++
				loads[k] += w.Of(id)
				if w.Of(id) > longest {
					longest = w.Of(id)
				}
			}
		}
		for _, id := range ids {
			if count[id] != 1 {
				t.Fatalf("round %d: %s is in %d parts of %d", round, id, count[id], n)
			}
		}
		if len(count) != len(uniq(ids)) {
			t.Fatalf("round %d: the parts hold %d ids, the selection %d", round, len(count), len(uniq(ids)))
		}
		lo, hi := loads[0], loads[0]
		for _, l := range loads {
			lo, hi = min(lo, l), max(hi, l)
		}
		if hi-lo > longest {
			t.Fatalf("round %d: parts of %v: %v apart, more than the longest scenario (%v)", round, loads, hi-lo, longest)
		}
		var again []string
		for i := 1; i <= n; i++ {
			p := w.Pick(Spec{i, n}, ids)
			for k := 1; k < len(p); k++ {
				if index(ids, p[k-1]) > index(ids, p[k]) {
					t.Fatalf("round %d: part %d/%d reorders %s and %s", round, i, n, p[k-1], p[k])
				}
			}
			again = append(again, p...)
		}
		if len(again) != len(uniq(ids)) {
			t.Fatalf("round %d: the picks hold %d ids, the selection %d", round, len(again), len(uniq(ids)))
		}
	}
}

// TestSplitBalancesByTime: one long scenario and many short ones: the
// long one gets a part of its own rather than a third of the count.
func TestSplitBalancesByTime(t *testing.T) {
	w := Walls{"a:1": 600 * time.Second}
	ids := []string{"a:1"}
	for i := 0; i < 30; i++ {
		id := fmt.Sprintf("b:%d", i)
		ids = append(ids, id)
		w[id] = 20 * time.Second
	}
	parts := w.Split(ids, 3)
	if !reflect.DeepEqual(parts[0], []string{"a:1"}) {
		t.Errorf("part 1 = %v; want the 600 s scenario alone", parts[0])
	}
	if len(parts[1]) != 15 || len(parts[2]) != 15 {
		t.Errorf("parts 2 and 3 hold %d and %d; want 15 each", len(parts[1]), len(parts[2]))
	}
}

func TestLongestFirst(t *testing.T) {
	w := Walls{"x:1": 5 * time.Second, "x:2": 50 * time.Second, "x:3": 5 * time.Second}
	// x:4 has no record: the median, 5 s; equal times keep their order.
	got := w.Longest([]string{"x:4", "x:3", "x:2", "x:1"})
	want := []string{"x:2", "x:4", "x:3", "x:1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Longest = %v; want %v", got, want)
	}
}

func TestWallsFile(t *testing.T) {
	w := Walls{"features/b.feature:9": 1500 * time.Millisecond, "features/a.feature:3": 62 * time.Second}
	var b bytes.Buffer
	if err := w.Write(&b); err != nil {
		t.Fatal(err)
	}
	want := Header + "\nfeatures/a.feature:3\t62.0\nfeatures/b.feature:9\t1.5\n"
	if b.String() != want {
		t.Errorf("written:\n%s\nwant:\n%s", b.String(), want)
	}
	back, err := Read(&b, "walls.tsv")
	if err != nil || !reflect.DeepEqual(back, w) {
		t.Errorf("read back %v, %v; want %v", back, err, w)
	}
	_, err = Read(strings.NewReader("# c\n\nfeatures/a.feature:3 soon\n"), "walls.tsv")
	if err == nil || !strings.Contains(err.Error(), "walls.tsv:3:") {
		t.Errorf("a bad line: %v; want an error naming walls.tsv:3", err)
	}
	if w, err := Load(t.TempDir()+"/none.tsv", true); err != nil || len(w) != 0 {
		t.Errorf("an optional missing file: %v, %v; want no records", w, err)
	}
	if _, err := Load(t.TempDir()+"/none.tsv", false); err == nil {
		t.Errorf("a missing file asked for: no error")
	}
}

func uniq(ids []string) map[string]bool {
	m := map[string]bool{}
	for _, id := range ids {
		m[id] = true
	}
	return m
}

func index(ids []string, id string) int {
	for i, x := range ids {
		if x == id {
			return i
		}
	}
	return -1
}
