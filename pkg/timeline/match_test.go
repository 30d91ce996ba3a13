package timeline

import (
	"strings"
	"testing"
	"time"
)

const s = time.Second

// events is a deleted pod's timeline: t=0 is the delete at 10s.
var events = []Event{
	{At: 0, Seq: 1, Pod: "web", Container: "app", Kind: Started},
	{At: 10 * s, Seq: 2, Pod: "web", Container: "app", Kind: PreStopStarted},
	{At: 13 * s, Seq: 3, Pod: "web", Container: "app", Kind: PreStopDone},
	{At: 13 * s, Seq: 4, Pod: "web", Container: "app", Kind: SIGTERM},
	{At: 15 * s, Seq: 5, Pod: "web", Container: "app", Kind: SIGKILL},
	{At: 15 * s, Seq: 6, Pod: "web", Container: "app", Kind: Exited, Code: 137},
	{At: 15 * s, Seq: 7, Pod: "web", Container: "proxy", Kind: SIGTERM},
	{At: 15 * s, Seq: 8, Pod: "web", Container: "proxy", Kind: Exited, Code: 143},
	{At: 15 * s, Seq: 9, Pod: "web", Kind: Deleted},
	{At: 15 * s, Seq: 10, Pod: "web", Kind: KubeEvent, Reason: "Killing", Count: 2},
}

func sel(container string, k Kind) Selector {
	return Selector{Pod: "web", Container: container, Kind: k}
}

// TestMatchers pins the time rules of docs/language.md: `at`, `between`, `never`,
// `after`, `in this order`, each relative to t=0 and widened by the
// tolerance.
func TestMatchers(t *testing.T) {
	t0 := Mark{At: 10 * s}
	cases := []matchCase{
		{"at: the first occurrence after t=0 at exactly T", ExpectIn(events, t0, Exact(t0, 3*s, 3*s), sel("app", SIGTERM)), ""},
		{"at: a different time fails and says when it was", ExpectIn(events, t0, Exact(t0, 4*s, 4*s), sel("app", SIGTERM)), "at 3s"},
		{"a live window counts from the reaction and widens the bounds", ExpectIn(events, t0, Window{T0: t0.At, Ref: t0.At + 1500*time.Millisecond, Lo: 1500 * time.Millisecond, Hi: 1500 * time.Millisecond, From: t0.At + 2750*time.Millisecond, To: t0.At + 3500*time.Millisecond}, sel("app", SIGTERM)), ""},
		{"a live window says what it counted from", ExpectIn(events, t0, Window{T0: t0.At, Ref: t0.At + 2*s, Lo: 2 * s, Hi: 2 * s, From: t0.At + 3750*time.Millisecond, To: t0.At + 4500*time.Millisecond}, sel("app", SIGTERM)), "counted from the kubelet's reaction at 2s"},
		{"at: events before t=0 do not count", ExpectIn(events, t0, Exact(t0, 0, 0), sel("app", Started)), "no Started"},
		{"a mark excludes the events of its instant that came before it", ExpectIn(events, Mark{At: 15 * s, Seq: 6}, Exact(Mark{At: 15 * s, Seq: 6}, 0, 0), sel("app", Exited)), "no exit"},
		{"a mark takes in its instant's later events", ExpectIn(events, Mark{At: 15 * s, Seq: 6}, Exact(Mark{At: 15 * s, Seq: 6}, 0, 0), sel("proxy", Exited)), ""},
		{"between: inside the window", ExpectIn(events, t0, Exact(t0, 4*s, 6*s), sel("app", SIGKILL)), ""},
		{"between: outside the window", ExpectIn(events, t0, Exact(t0, 0, 2*s), sel("app", SIGKILL)), "at 5s"},
		{"never: none", ExpectNever(events, t0, sel("app", PostStartDone)), ""},
		{"never: one", ExpectNever(events, t0, sel("app", SIGKILL)), "SIGKILL"},
		{"after: by time", ExpectAfterUntimed(events, t0, Order{}, sel("proxy", SIGTERM), sel("app", PreStopDone)), ""},
		{"after: same instant, by causal sequence", ExpectAfterUntimed(events, t0, Order{}, sel("proxy", SIGTERM), sel("app", Exited)), ""},
		{"after: the wrong way round", ExpectAfterUntimed(events, t0, Order{}, sel("app", Exited), sel("proxy", SIGTERM)), "after"},
		{"after: a tie within 1ms satisfies either order on a cluster", ExpectAfterUntimed(events, t0, Order{Tie: time.Millisecond}, sel("app", Exited), sel("proxy", SIGTERM)), ""},
		{"order: exits in this order", ExpectOrderUntimed(events, t0, Order{}, []Selector{sel("app", Exited), sel("proxy", Exited)}), ""},
		{"order: reversed", ExpectOrderUntimed(events, t0, Order{}, []Selector{sel("proxy", Exited), sel("app", Exited)}), "got"},
		{"order: a missing event", ExpectOrderUntimed(events, t0, Order{}, []Selector{sel("app", Exited), sel("other", Exited)}), "no exit"},
	}
	checkCases(t, cases)
}

func TestCountAggregated(t *testing.T) {
	if n := Count(events, Selector{Kind: KubeEvent, Reason: "Killing", AnyContainer: true}); n != 2 {
		t.Errorf("Count = %d, want the aggregated 2", n)
	}
}

// TestRows pins the timeline table: rows in order, other events in
// between allowed unless exact.
func TestRows(t *testing.T) {
	t0 := Mark{At: 10 * s}
	rows := []Row{
		{At: 0, HasAt: true, Container: "app", Label: "PreStopStarted"},
		{At: 3 * s, HasAt: true, Container: "app", Label: "SIGTERM"},
		{At: 5 * s, HasAt: true, Container: "app", Label: "Exited(137)"},
		{At: 5 * s, HasAt: true, Label: "Deleted"},
	}
	exact := func(r Row, _ *RowMatch) Window { return Exact(t0, r.At, r.At) }
	if _, err := ExpectRows(events, t0, "web", rows, false, Order{}, exact); err != nil {
		t.Errorf("rows: %v", err)
	}
	// Every event refused is listed at once, not the first only.
	if _, err := ExpectRows(events, t0, "web", rows, true, Order{}, exact); err == nil || !strings.Contains(err.Error(), "app PreStopDone before row 3s app SIGTERM") ||
		!strings.Contains(err.Error(), "proxy SIGTERM before row 5s - Deleted") {
		t.Errorf("exact rows should fail on the PreStopDone in between (an event of the vocabulary no row names) and on the proxy's SIGTERM, got %v", err)
	}
	withDone := []Row{rows[0], {At: 3 * s, HasAt: true, Container: "app", Label: "PreStopDone"}, rows[1],
		{At: 5 * s, HasAt: true, Container: "app", Label: "SIGKILL"}, rows[2], rows[3]}
	if _, err := ExpectRows(events, t0, "web", withDone, true, Order{}, exact); err == nil || !strings.Contains(err.Error(), "proxy SIGTERM before row") {
		t.Errorf("exact rows should fail on the SIGTERM of proxy in between, got %v", err)
	}
	// A Kubernetes Event between two rows is bookkeeping unless the table
	// names Events: the Killing event after the exit does not break these.
	book := []Event{
		{At: 10 * s, Seq: 1, Pod: "web", Container: "app", Kind: SIGTERM},
		{At: 10 * s, Seq: 2, Pod: "web", Kind: KubeEvent, Reason: "Killing"},
		{At: 10 * s, Seq: 3, Pod: "web", Kind: Status, Reason: "Terminating"},
		{At: 11 * s, Seq: 4, Pod: "web", Container: "app", Kind: Exited, Code: 143},
	}
	two := []Row{{At: 0, HasAt: true, Container: "app", Label: "SIGTERM"}, {At: 1 * s, HasAt: true, Container: "app", Label: "Exited(143)"}}
	if _, err := ExpectRows(book, t0, "web", two, true, Order{}, exact); err != nil {
		t.Errorf("exact rows with only bookkeeping between them: %v", err)
	}
	wrong := append([]Row(nil), rows...)
	wrong[1].At = 2 * s
	m, err := ExpectRows(events, t0, "web", wrong, false, Order{}, exact)
	if err == nil || !strings.Contains(err.Error(), "SIGTERM at 3s") {
		t.Errorf("a wrong time should name the observed one, got %v", err)
	}
	if len(m) != 4 || !m[0].Found || m[1].Found || m[1].Window.From != t0.At+2*s || !m[2].Found || !m[3].Found {
		t.Errorf("every row should be matched, the failed one with its window, got %+v", m)
	}
	// Every row that did not match is listed at once.
	wrong[3].At = 6 * s
	if _, err := ExpectRows(events, t0, "web", wrong, false, Order{}, exact); err == nil || !strings.Contains(err.Error(), "row 2s app SIGTERM") || !strings.Contains(err.Error(), "row 6s - Deleted") {
		t.Errorf("both wrong rows should be listed, got %v", err)
	}
}

func TestFormatOffset(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "0s", 3 * s: "3s", 2500 * time.Millisecond: "2.5s", -1250 * time.Millisecond: "-1.25s", 10 * time.Millisecond: "0.01s"} {
		if got := FormatOffset(d); got != want {
			t.Errorf("FormatOffset(%s) = %q, want %q", d, got, want)
		}
	}
}

// TestRowsOfOneInstant: rows of one instant are a tie on a cluster
// (windows wider than the written bounds): the API's Event may be seen
// after the agent's signal although the table lists it first. On the
// simulator (exact windows) their order is the causal sequence and holds.
func TestRowsOfOneInstant(t *testing.T) {
	t0 := Mark{At: 0}
	evs := []Event{
		{At: 18*s + 100*time.Millisecond, Seq: 1, Pod: "web", Container: "app", Kind: SIGTERM},
		{At: 18*s + 300*time.Millisecond, Seq: 2, Pod: "web", Kind: KubeEvent, Reason: "Evicted"},
		{At: 20 * s, Seq: 3, Pod: "web", Container: "app", Kind: Exited, Code: 137},
	}
	rows := []Row{
		{At: 10 * s, HasAt: true, Label: "Event(Evicted)"},
		{At: 10 * s, HasAt: true, Container: "app", Label: "SIGTERM"},
		{At: 12 * s, HasAt: true, Container: "app", Label: "Exited(137)"},
	}
	wide := func(r Row, _ *RowMatch) Window {
		return Window{T0: 0, Ref: 0, Lo: r.At, Hi: r.At, From: r.At - time.Second, To: r.At + 15*s}
	}
	if _, err := ExpectRows(evs, t0, "web", rows, false, Order{}, wide); err != nil {
		t.Errorf("a tie seen in the other order on a cluster: %v", err)
	}
	if _, err := ExpectRows(evs, t0, "web", rows, true, Order{}, wide); err != nil {
		t.Errorf("a tie seen in the other order on a cluster, exact rows: %v", err)
	}
	exact := func(r Row, _ *RowMatch) Window {
		return Exact(t0, r.At+8*s+100*time.Millisecond, r.At+8*s+300*time.Millisecond)
	}
	if _, err := ExpectRows(evs, t0, "web", rows, false, Order{}, exact); err == nil {
		t.Error("on exact windows the rows' order should hold")
	}
}

// TestConcurrentWork pins dsl.md's order rule for work the kubelet starts
// concurrently (the kills of a pod's containers, one goroutine each): an
// order check between such events holds either way; between events that
// are not concurrent (a sidecar stopped after the main container), the
// order stays.
func TestConcurrentWork(t *testing.T) {
	t0 := Mark{At: 10 * s}
	kill := []Event{
		{At: 10 * s, Seq: 1, Pod: "web", Kind: DeleteRequested},
		{At: 10 * s, Seq: 2, Pod: "web", Container: "a", Kind: SIGTERM},
		{At: 10 * s, Seq: 3, Pod: "web", Container: "b", Kind: SIGTERM},
		{At: 10 * s, Seq: 4, Pod: "web", Container: "a", Kind: Exited, Code: 143},
		{At: 10 * s, Seq: 5, Pod: "web", Container: "b", Kind: Exited, Code: 143},
		{At: 10 * s, Seq: 6, Pod: "web", Container: "sidecar", Kind: SIGTERM},
		{At: 10 * s, Seq: 7, Pod: "web", Container: "sidecar", Kind: Exited, Code: 143},
	}
	// a and b are the pod's containers; the sidecar's kill waits on them.
	regular := func(c string) bool { return c == "a" || c == "b" }
	ord := Order{Concurrent: func(x, y Event) bool {
		return x.Pod == y.Pod && x.Container != y.Container && regular(x.Container) && regular(y.Container)
	}}
	cases := []matchCase{
		{"the listed order of two concurrent exits holds", ExpectOrderUntimed(kill, t0, ord, []Selector{sel("a", Exited), sel("b", Exited)}), ""},
		{"the other order of two concurrent exits holds too", ExpectOrderUntimed(kill, t0, ord, []Selector{sel("b", Exited), sel("a", Exited)}), ""},
		{"without the rule the sequence decides", ExpectOrderUntimed(kill, t0, Order{}, []Selector{sel("b", Exited), sel("a", Exited)}), "got"},
		{"a SIGTERM after a concurrent exit holds", ExpectAfterUntimed(kill, t0, ord, sel("a", SIGTERM), sel("b", Exited)), ""},
		{"a sidecar is not concurrent with the main containers", ExpectOrderUntimed(kill, t0, ord, []Selector{sel("sidecar", Exited), sel("a", Exited)}), "got"},
		{"nor at another instant", ExpectOrderUntimed(append(kill[:4:4], Event{At: 11 * s, Seq: 8, Pod: "web", Container: "b", Kind: Exited}, Event{At: 12 * s, Seq: 9, Pod: "web", Container: "a", Kind: Exited}),
			Mark{At: 10*s + 1}, ord, []Selector{sel("a", Exited), sel("b", Exited)}), "got"},
	}
	checkCases(t, cases)

	// A timeline table lists concurrent rows of one instant in either
	// order, also with exactly; a sidecar's row stays in its place.
	exact := func(r Row, _ *RowMatch) Window { return Exact(t0, r.At, r.At) }
	rows := []Row{
		{HasAt: true, Container: "b", Label: "SIGTERM"},
		{HasAt: true, Container: "a", Label: "SIGTERM"},
		{HasAt: true, Container: "b", Label: "Exited(143)"},
		{HasAt: true, Container: "a", Label: "Exited(143)"},
		{HasAt: true, Container: "sidecar", Label: "SIGTERM"},
		{HasAt: true, Container: "sidecar", Label: "Exited(143)"},
	}
	if _, err := ExpectRows(kill, t0, "web", rows, true, ord, exact); err != nil {
		t.Errorf("concurrent rows in the other order: %v", err)
	}
	if _, err := ExpectRows(kill, t0, "web", rows, true, Order{}, exact); err == nil {
		t.Errorf("without the rule, rows in the other order should fail")
	}
	side := []Row{
		{HasAt: true, Container: "sidecar", Label: "SIGTERM"},
		{HasAt: true, Container: "a", Label: "SIGTERM"},
	}
	if _, err := ExpectRows(kill, t0, "web", side, false, ord, exact); err == nil {
		t.Errorf("a sidecar's SIGTERM listed before the main container's should fail")
	}
}

// matchCase is an expectation's outcome and what its failure must say
// ("" when it holds).
type matchCase struct {
	name string
	err  error
	fail string
}

func checkCases(t *testing.T, cases []matchCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			switch {
			case tc.fail == "" && tc.err != nil:
				t.Errorf("unexpected failure: %v", tc.err)
			case tc.fail != "" && tc.err == nil:
				t.Errorf("expected a failure mentioning %q", tc.fail)
			case tc.fail != "" && !strings.Contains(tc.err.Error(), tc.fail):
				t.Errorf("failure %q does not mention %q", tc.err, tc.fail)
			}
		})
	}
}
