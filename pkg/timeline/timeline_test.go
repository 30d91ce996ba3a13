package timeline

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
	"unsafe"
)

// TestTimelineAcrossChunks: events read back in order with their sequence
// numbers whether the timeline is read often or once, before, at and
// after chunk boundaries.
func TestTimelineAcrossChunks(t *testing.T) {
	for _, every := range []int{1, 7, chunkLen, 3*chunkLen + 5} {
		var tl Timeline
		check := func() {
			t.Helper()
			evs := tl.Events()
			if len(evs) != tl.Len() {
				t.Fatalf("read every %d: %d events, Len %d", every, len(evs), tl.Len())
			}
			for i, e := range evs {
				if e.Seq != uint64(i+1) || e.Code != i {
					t.Fatalf("read every %d: event %d is seq %d code %d", every, i, e.Seq, e.Code)
				}
			}
		}
		for i := range 3*chunkLen + 5 {
			tl.Append(Event{Kind: Exited, Code: i})
			if (i+1)%every == 0 {
				check()
			}
		}
		check()
		check()
	}
}

// TestRecordSize: chunkLen is reckoned for records of 24 bytes.
func TestRecordSize(t *testing.T) {
	if n := unsafe.Sizeof(record{}); n != 24 {
		t.Fatalf("a record is %d bytes, not 24: recompute chunkLen", n)
	}
}

// TestTimelineReadsBack: what is appended is read back, empty strings
// and all.
func TestTimelineReadsBack(t *testing.T) {
	var tl Timeline
	in := []Event{
		{},
		{At: time.Second, Pod: "web", Container: "app", Kind: Exited, Code: 137, Reason: "Error"},
		{At: time.Second, Pod: "web", Kind: KubeEvent, Reason: "Killing", Status: "Normal", Message: "Stopping container app", Count: 2},
		{At: 2 * time.Second, Pod: "web", Kind: DeleteRequested, Code: -1},
		// Numbers a record does not hold: kept aside.
		{At: 3 * time.Second, Pod: "web", Kind: Exited, Code: 1 << 40},
		{At: 3 * time.Second, Pod: "web", Kind: Exited, Code: math.MinInt32},
		{At: 3 * time.Second, Pod: "web", Kind: Exited, Code: math.MinInt32 + 1},
		{At: 3 * time.Second, Pod: "web", Kind: KubeEvent, Code: 3, Count: 4},
	}
	for _, e := range in {
		tl.Append(e)
	}
	for i, e := range tl.Events() {
		in[i].Seq = uint64(i + 1)
		if e != in[i] {
			t.Errorf("event %d read back as %+v, appended %+v", i, e, in[i])
		}
	}
}

func TestCheckResolves(t *testing.T) {
	s := time.Second
	ms := time.Millisecond
	for _, tc := range []struct {
		name string
		c    Check
		want bool
	}{
		{"a ±0.25 s window around its observation rejects 1 s either way", Check{From: 3*s - 250*ms, To: 3*s + 250*ms, Observed: 3 * s, Seen: true}, true},
		{"an 11 s window accepts a 1 s shift", Check{From: -2 * s, To: 9 * s, Observed: 3 * s, Seen: true}, false},
		{"an observation near the late edge of a 1.2 s window is within the window shifted later", Check{From: 3 * s, To: 4*s + 200*ms, Observed: 4*s + 100*ms, Seen: true}, false},
		{"an unseen event resolves nothing", Check{From: 3 * s, To: 3 * s}, false},
	} {
		if got := tc.c.Resolves(s); got != tc.want {
			t.Errorf("%s: Resolves(1s) = %v, want %v", tc.name, got, tc.want)
		}
	}
	n, of := Resolution([]Check{
		{ExpectFrom: 3 * s, From: 3 * s, To: 3 * s, Observed: 3 * s, Seen: true},
		{ExpectFrom: 0, From: 0, To: 10 * s, Observed: 3 * s, Seen: true},
		{ExpectFrom: 2 * s, From: 2 * s, To: 2 * s, Observed: 2 * s, Seen: true, Reaction: true},
		{ExpectFrom: 2 * s, From: 0, To: 9 * s, Observed: 2 * s, Seen: true},
	}, s)
	if n != 1 || of != 2 {
		t.Errorf("Resolution = %d of %d, want 1 of 2 (a within check and a reaction check are not counted)", n, of)
	}
}

// TestTimelineRanges: an event's range of times is read back with it,
// from the side table; events without one (a point range included) read
// back without, and a range survives a JSON round trip.
func TestTimelineRanges(t *testing.T) {
	s := time.Second
	var tl Timeline
	in := []Event{
		{At: 2 * s, Pod: "web", Container: "app", Kind: Exited, Code: 1},
		{At: 14 * s, Pod: "web", Container: "app", Kind: Restarted, Earliest: 12 * s, Latest: 17 * s},
		{At: 14 * s, Pod: "web", Container: "app", Kind: Started, Earliest: 14 * s, Latest: 14 * s},
	}
	for i := range chunkLen + 1 {
		for _, e := range in {
			e.Code += i
			tl.Append(e)
		}
	}
	evs := tl.Events()
	for i, e := range evs {
		_, _, ok := e.Range()
		if want := i%3 == 1; ok != want {
			t.Fatalf("event %d (%s): range %v, want %v", i, e, ok, want)
		}
		if ok && (e.Earliest != 12*s || e.Latest != 17*s) {
			t.Fatalf("event %d: range %s–%s", i, e.Earliest, e.Latest)
		}
		if !ok && (e.Earliest != 0 || e.Latest != 0) {
			t.Fatalf("event %d: a point range was kept: %s–%s", i, e.Earliest, e.Latest)
		}
	}
	raw, err := json.Marshal(evs[:3])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(raw), `"earliest"`) != 1 || strings.Count(string(raw), `"latest"`) != 1 {
		t.Errorf("only the ranged event should carry earliest and latest: %s", raw)
	}
	var back []Event
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	for i := range back {
		if back[i] != evs[i] {
			t.Errorf("event %d after JSON: %+v, want %+v", i, back[i], evs[i])
		}
	}
}

// TestWhatCache: what an event says is found through the cache of recent
// ones by the strings' addresses, and through the table otherwise: the
// same bytes in another string, and another what in the same slot, each
// read back as appended and stored once.
func TestWhatCache(t *testing.T) {
	msg := "Stopping container app"
	cases := []struct {
		name string
		in   []Event
		// whats is the number of distinct whats stored.
		whats int
	}{
		{"the same strings again: a cache hit", []Event{
			{Kind: KubeEvent, Reason: "Killing", Message: msg},
			{Kind: KubeEvent, Reason: "Killing", Message: msg},
		}, 1},
		{"the same bytes in other strings: one what", []Event{
			{Kind: KubeEvent, Reason: "Killing", Message: msg},
			{Kind: KubeEvent, Reason: strings.Clone("Killing"), Message: strings.Clone(msg)},
			{Kind: KubeEvent, Reason: "Killing", Message: msg},
		}, 1},
		{"whats that differ only in one field", []Event{
			{Kind: KubeEvent, Reason: "Killing", Message: msg},
			{Kind: KubeEvent, Reason: "Killing", Status: "Warning", Message: msg},
			{Kind: Condition, Reason: "Killing", Message: msg},
			{Kind: KubeEvent, Reason: "Killing", Message: msg[:8]},
		}, 4},
		{"messages naming their pods: one what for the pods", []Event{
			{Pod: "web-1", Kind: KubeEvent, Reason: "Scheduled", Message: "Successfully assigned default/web-1 to worker-2"},
			{Pod: "web-2", Kind: KubeEvent, Reason: "Scheduled", Message: "Successfully assigned default/web-2 to worker-2"},
			{Pod: "web-3", Kind: KubeEvent, Reason: "Scheduled", Message: "Successfully assigned default/web-3 to worker-1"},
		}, 2},
		{"a message naming one pod, said again of another pod", []Event{
			// The same string, at the same address: the cache must not
			// give the second pod the first one's entry, which names
			// whoever reads it.
			{Pod: "app", Kind: KubeEvent, Reason: "Killing", Message: msg},
			{Pod: "db", Kind: KubeEvent, Reason: "Killing", Message: msg},
			{Pod: "app", Kind: KubeEvent, Reason: "Killing", Message: msg},
		}, 2},
		{"a pod named in the middle and twice", []Event{
			{Pod: "a", Kind: KubeEvent, Reason: "X", Message: "a to a"},
			{Pod: "b", Kind: KubeEvent, Reason: "X", Message: "b to a"},
			{Pod: "c", Kind: KubeEvent, Reason: "X", Message: "no pod here"},
		}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var tl Timeline
			// Fill every slot with other whats first, so that the cases'
			// whats meet entries they must not match.
			for i := range 2 * len(tl.recent) {
				tl.Append(Event{Kind: Phase, Reason: strings.Clone("filler"), Message: strings.Repeat("x", i)})
			}
			before := tl.whats.Len()
			for _, e := range c.in {
				tl.Append(e)
			}
			got := tl.Events()[tl.Len()-len(c.in):]
			for i, e := range got {
				want := c.in[i]
				want.Seq = e.Seq
				if e != want {
					t.Errorf("event %d read back as %+v, appended %+v", i, e, want)
				}
			}
			if n := tl.whats.Len() - before; n != c.whats {
				t.Errorf("%d whats stored, want %d", n, c.whats)
			}
		})
	}
}

// TestStringTableCache: a string is named by one index however it is
// stored, and strings sharing a cache slot keep their own indexes, as the
// index by address grows past several sizes.
func TestStringTableCache(t *testing.T) {
	var st StringTable
	names := make([]string, 1000)
	for i := range names {
		names[i] = fmt.Sprintf("pod-%d", i)
	}
	ids := map[string]uint32{}
	for round := range 3 {
		for _, n := range names {
			s := n
			if round == 1 {
				s = strings.Clone(n) // the same bytes elsewhere
			}
			id := st.ID(s)
			if want, ok := ids[n]; ok && id != want {
				t.Fatalf("round %d: %q is %d, was %d", round, n, id, want)
			}
			ids[n] = id
			if got := st.Str(id); got != n {
				t.Fatalf("round %d: index %d reads back %q, want %q", round, id, got, n)
			}
		}
	}
	if len(ids) != len(names) || st.ID("") != 0 {
		t.Fatalf("%d indexes for %d names; \"\" is %d", len(ids), len(names), st.ID(""))
	}
}

// TestCutName: a text cut at its first mention of a name reads back
// whole, and said of another name puts that name where the first was; a
// text without the name, or an empty name, is kept as it is.
func TestCutName(t *testing.T) {
	cases := []struct {
		text, name string
		named      bool
		ofOther    string // said of "x"
	}{
		{"Successfully assigned default/web-1 to worker-2", "web-1", true, "Successfully assigned default/x to worker-2"},
		{"a to a", "a", true, "x to a"},
		{"no pod here", "web", false, "no pod here"},
		{"web", "web", true, "x"},
		{"anything", "", false, "anything"},
		{"", "web", false, ""},
	}
	for _, c := range cases {
		nt := CutName(c.text, c.name)
		if nt.Named != c.named || nt.Of(c.name) != c.text || nt.Of("x") != c.ofOther {
			t.Errorf("CutName(%q, %q) = %+v: of the name %q, of x %q; want named %v, %q, %q",
				c.text, c.name, nt, nt.Of(c.name), nt.Of("x"), c.named, c.text, c.ofOther)
		}
	}
}
