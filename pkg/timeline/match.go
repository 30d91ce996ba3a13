package timeline

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
)

// Selector picks events. Empty fields match anything; Code is compared only
// when HasCode is set.
type Selector struct {
	Pod       string
	Container string
	Kind      Kind
	Reason    string
	Status    string
	Code      int
	HasCode   bool
	// AnyContainer matches pod-level and container-level events alike; by
	// default an empty Container matches only pod-level events.
	AnyContainer bool
	// Message, when set, is how the event's message begins: a Kubernetes
	// Event's message is a sentence its author quotes the start of
	// ("Liveness probe failed" for "Liveness probe failed: Get …").
	Message string
	// Contains, when set, is a part of the event's message, anywhere in
	// it (`with message containing "timed out"`).
	Contains string
}

// Matches reports whether e is selected.
func (s Selector) Matches(e Event) bool {
	if s.Kind != "" && e.Kind != s.Kind {
		return false
	}
	if s.Pod != "" && e.Pod != s.Pod {
		return false
	}
	if !s.AnyContainer && e.Container != s.Container {
		return false
	}
	if s.Reason != "" && e.Reason != s.Reason {
		return false
	}
	if s.Status != "" && e.Status != s.Status {
		return false
	}
	if s.HasCode && e.Code != s.Code {
		return false
	}
	if s.Message != "" && !strings.HasPrefix(e.Message, s.Message) {
		return false
	}
	if s.Contains != "" && !strings.Contains(e.Message, s.Contains) {
		return false
	}
	return true
}

// Describe names what the selector looks for, for messages:
// `SIGTERM of container "app"`.
func (s Selector) Describe() string {
	what := string(s.Kind)
	if s.Kind != "" {
		what = Event{Kind: s.Kind, Reason: s.Reason, Status: s.Status, Code: s.Code}.Label()
		if s.Kind == Exited && !s.HasCode {
			what = "exit"
			if s.Reason != "" {
				// An exit of one reason (`is OOMKilled at 5s`) says it.
				what = "exit (" + s.Reason + ")"
			}
		}
		if s.Kind == DeleteRequested && !s.HasCode {
			// Any grace: not a grace of 0 s.
			what = string(DeleteRequested)
		}
		if s.Kind == KubeEvent && s.Status != "" {
			// A Kubernetes Event's type (`a Warning event "BackOff"`).
			what = s.Status + " " + what
		}
	}
	if s.Message != "" {
		what += fmt.Sprintf(" with message %q", s.Message)
	}
	if s.Contains != "" {
		what += fmt.Sprintf(" with message containing %q", s.Contains)
	}
	switch {
	case s.Container != "":
		return fmt.Sprintf("%s of container %q", what, s.Container)
	case strings.Contains(s.Pod, "/"):
		// An object's timeline ("node/worker-1", "deployment/web").
		kind, name, _ := strings.Cut(s.Pod, "/")
		return fmt.Sprintf("%s of %s %q", what, kind, name)
	case s.Pod != "":
		return fmt.Sprintf("%s of pod %q", what, s.Pod)
	}
	return what
}

// Mark is a point in a timeline: a time, and the sequence number of the
// last event that came before it. On the simulator many causally ordered
// events share an instant, so "at or after t=0" means after the mark:
// later in time, or in the same instant and later in sequence. A mark with
// Seq 0 takes in the whole instant.
type Mark struct {
	At  time.Duration
	Seq uint64
}

// Beginning is before every event.
var Beginning = Mark{At: math.MinInt64}

// Precedes reports whether e came after the mark.
func (m Mark) Precedes(e Event) bool {
	return e.At > m.At || (e.At == m.At && e.Seq > m.Seq)
}

// Just before e: a mark that e (and what follows it) comes after.
func Before(e Event) Mark { return Mark{At: e.At, Seq: e.Seq - 1} }

// First returns the first selected event after the mark.
func First(events []Event, from Mark, s Selector) (Event, bool) {
	for _, e := range events {
		if from.Precedes(e) && s.Matches(e) {
			return e, true
		}
	}
	return Event{}, false
}

// Count sums the occurrences of the selected events.
func Count(events []Event, s Selector) int {
	n := 0
	for _, e := range events {
		if s.Matches(e) {
			n += e.Occurrences()
		}
	}
	return n
}

// Verdict is an expectation that did not hold, made once by the matcher
// that judged it: how it failed (Kind), what was expected, the window it
// was judged by, the event observed and when a state was read. Observed
// spells out what was seen, so that a report explains the failure
// without a re-run; Error renders both sides. Nothing reads a verdict's
// kind back from its text.
type Verdict struct {
	Kind     VerdictKind `json:"kind"`
	Expected string      `json:"expected"`
	Observed string      `json:"observed"`
	// Window is the window the expectation was judged by, when it had one.
	Window *Window `json:"-"`
	// Event is the occurrence the verdict is about: the one seen outside
	// the window, or the one the scenario said would not happen.
	Event *Event `json:"event,omitempty"`
	// ReadAt is when a state was read (session time), if Read.
	ReadAt time.Duration `json:"read_at,omitempty"`
	Read   bool          `json:"read,omitempty"`
}

// VerdictKind says how an expectation failed.
type VerdictKind string

// The kinds of verdicts. The zero kind is a failure not yet classified.
const (
	// Missing: what was awaited was not observed where it was expected.
	Missing VerdictKind = "missing"
	// Early and Late: it was observed, before or after its window.
	Early VerdictKind = "early"
	Late  VerdictKind = "late"
	// Unexpected: something the scenario said would not happen did.
	Unexpected VerdictKind = "unexpected"
	// WrongCount: it happened a number of times the scenario did not say.
	WrongCount VerdictKind = "count"
	// WrongOrder: events came in another order.
	WrongOrder VerdictKind = "order"
	// WrongState: a state read was not the one expected.
	WrongState VerdictKind = "state"
)

func (m *Verdict) Error() string {
	return "expected " + m.Expected + "\n     got " + m.Observed
}

// AsVerdict returns the verdict err is, or wraps.
func AsVerdict(err error) (*Verdict, bool) {
	var v *Verdict
	ok := errors.As(err, &v)
	return v, ok
}

func rel(d time.Duration, t0 Mark) string { return FormatOffset(d - t0.At) }

// Margin renders the live tolerance for messages, empty on the simulator.
func Margin(tol time.Duration) string {
	if tol <= 0 {
		return ""
	}
	return " (±" + FormatOffset(tol) + ")"
}

// ExpectNever checks that no selected event happened at all.
func ExpectNever(events []Event, t0 Mark, s Selector) error {
	for _, e := range events {
		if s.Matches(e) {
			return &Verdict{Kind: Unexpected, Expected: "never " + s.Describe(), Observed: fmt.Sprintf("%s at %s", s.Describe(), rel(e.At, t0)), Event: &e}
		}
	}
	return nil
}

// Order is how an order check compares two events (dsl.md, Time:
// "order").
type Order struct {
	// Tie: events closer than it are simultaneous, and either order
	// holds (on a cluster, events its observers cannot tell apart); 0 on
	// the simulator, whose sequence orders the events of an instant.
	Tie time.Duration
	// Concurrent tells two events of work the kubelet runs concurrently,
	// which are unordered among themselves: the kills of a pod's
	// containers, one goroutine each (killContainersWithSyncResult in
	// pkg/kubelet/kuberuntime/kuberuntime_container.go). nil: none is.
	Concurrent func(a, b Event) bool
	// Spread is how far apart two concurrent events may be and still be
	// unordered: 0, the same instant, on the simulator; on a cluster the
	// goroutines' spread as observed.
	Spread time.Duration
}

// Unordered tells whether a and b are concurrent work close enough for
// either order to hold.
func (o Order) Unordered(a, b Event) bool {
	d := b.At - a.At
	return o.Concurrent != nil && d <= o.Spread && d >= -o.Spread && o.Concurrent(a, b)
}

// before reports whether a happened before b: events closer than the tie,
// or concurrent, are simultaneous (either order holds).
func (o Order) before(a, b Event) bool {
	if d := b.At - a.At; o.Tie > 0 && d < o.Tie && d > -o.Tie {
		return true
	}
	if o.Unordered(a, b) {
		return true
	}
	if a.At != b.At {
		return a.At < b.At
	}
	return a.Seq < b.Seq
}

// Row is one line of an expected timeline table.
type Row struct {
	Line      int // the row's number in the table, for messages
	At        time.Duration
	HasAt     bool
	Container string
	Label     string // as Event.Label renders it
}

// RowMatch is what a row of a timeline table matched: for a row with a
// time, its window.
type RowMatch struct {
	Row    Row
	Window Window
	Event  Event
	Found  bool
}

// ExpectRows matches rows in order against the pod's events at or after
// t0; win gives each timed row its window, knowing the last timed row
// matched before it (nil for none). With exact set, no other event
// of a kind the table names may come between the matched rows. It returns
// what each row matched, up to the first row that failed (included, with
// Found false). Rows of one instant naming concurrent work (ord) match in
// either order.
func ExpectRows(events []Event, t0 Mark, pod string, rows []Row, exact bool, ord Order, win func(r Row, prev *RowMatch) Window) ([]RowMatch, error) {
	// With exact, no event comes between two rows unless a row names it:
	// no event of the language's vocabulary (dsl.md: "other events may
	// come in between unless the step says is exactly"), and none of a
	// kind the table names (a Status, a Condition, a Kubernetes Event,
	// which the table may list, are otherwise bookkeeping). After the last
	// row, and before the first, only the kinds the table names are
	// refused.
	kinds, between := map[string]bool{}, map[string]bool{}
	for _, k := range exactKinds {
		between[string(k)] = true
	}
	for _, r := range rows {
		kinds[labelKind(r.Label)] = true
		between[labelKind(r.Label)] = true
	}
	next := 0
	var relevant []Event
	for _, e := range events {
		if e.Pod == pod && t0.Precedes(e) {
			relevant = append(relevant, e)
		}
	}
	var matches []RowMatch
	var problems []string
	var prev *RowMatch
	used := map[int]bool{}
	// tieFrom is where the rows of the current instant began to match:
	// on a cluster (windows that are not exact) rows of one instant are
	// a tie, matched in any order (dsl.md, Time: "a tie satisfies either
	// order"), since their observers see them with different latencies
	// (an Event through the API after the signal the agent logged).
	tieFrom, tieAt, tieSet := 0, time.Duration(0), false
	for _, r := range rows {
		m := RowMatch{Row: r}
		if r.HasAt {
			m.Window = win(r, prev)
		}
		start := next
		if r.HasAt && tieSet && r.At == tieAt && !m.Window.IsExact() {
			start = tieFrom
		}
		found := -1
		for i := start; i < len(relevant); i++ {
			e := relevant[i]
			if used[i] || e.Container != r.Container || e.Label() != r.Label {
				continue
			}
			if r.HasAt && !m.Window.Contains(e.At) {
				continue
			}
			found = i
			break
		}
		if found < 0 && r.HasAt && tieSet && r.At == tieAt {
			found = concurrentRow(relevant, used, tieFrom, next, r, m.Window, ord)
		}
		if found >= 0 && r.HasAt && (!tieSet || r.At != tieAt) {
			tieFrom, tieAt, tieSet = next, r.At, true
		}
		if found < 0 {
			// The rows after a missing one are matched still, so that a
			// failure lists every row that did not match at once.
			matches = append(matches, m)
			problems = append(problems, fmt.Sprintf("row %s %s %s%s%s: %s", rowAt(r), orDash(r.Container), r.Label, lineSuffix(r.Line), m.Window.Note(),
				describeCandidates(relevant[next:], t0, r)))
			continue
		}
		m.Event, m.Found = relevant[found], true
		used[found] = true
		matches = append(matches, m)
		if r.HasAt {
			p := m
			prev = &p
		}
		if exact && found >= next {
			for _, e := range relevant[next:found] {
				refused := between
				if len(matches) == 1 {
					refused = kinds // before the first row
				}
				if refused[string(e.Kind)] && !(r.HasAt && (!m.Window.IsExact() || ord.Unordered(e, relevant[found])) && tieRow(rows, r.At, e)) {
					problems = append(problems, fmt.Sprintf("%s %s %s before row %s %s %s%s, which the table does not list",
						rel(e.At, t0), orDash(e.Container), e.Label(), rowAt(r), orDash(r.Container), r.Label, lineSuffix(r.Line)))
				}
			}
		}
		next = max(next, found+1)
	}
	if exact {
		for _, e := range relevant[next:] {
			if kinds[string(e.Kind)] {
				problems = append(problems, fmt.Sprintf("%s %s %s after the last row, which the table does not list", rel(e.At, t0), orDash(e.Container), e.Label()))
			}
		}
	}
	if len(problems) == 0 {
		return matches, nil
	}
	exp := "the rows in order"
	if exact {
		exp = "exactly the rows in order"
	}
	return matches, &Verdict{Kind: Missing, Expected: exp, Observed: strings.Join(problems, "\n         ")}
}

// rowAt is a row's time as the table writes it.
func rowAt(r Row) string {
	if !r.HasAt {
		return "-"
	}
	return FormatOffset(r.At)
}

// exactKinds are the vocabulary's kinds an exact table refuses between
// its rows unless a row names them: the events of the pod's lifecycle,
// without the API's bookkeeping.
var exactKinds = []Kind{Scheduled, Admitted, Rejected, Created, Started, PostStartDone, Ready, NotReady, ProbeFailed,
	PreStopStarted, PreStopDone, SIGTERM, SIGKILL, Exited, Restarted, BackOff, Evicted, Phase, Deleted}

// concurrentRow finds r's event among those of its instant that rows
// listed later matched first, when it is concurrent work with each of
// them (the kills of two containers listed in the other order); -1 if
// none.
func concurrentRow(relevant []Event, used map[int]bool, from, next int, r Row, w Window, ord Order) int {
	for i := from; i < next; i++ {
		e := relevant[i]
		if used[i] || e.Container != r.Container || e.Label() != r.Label || !w.Contains(e.At) {
			continue
		}
		ok := true
		for j := i + 1; j < next && ok; j++ {
			ok = !used[j] || ord.Unordered(e, relevant[j])
		}
		if ok {
			return i
		}
	}
	return -1
}

// tieRow tells whether e is what a row of the instant at names: on a
// cluster it may be seen before a row of that instant listed earlier.
func tieRow(rows []Row, at time.Duration, e Event) bool {
	for _, r := range rows {
		if r.HasAt && r.At == at && r.Container == e.Container && r.Label == e.Label() {
			return true
		}
	}
	return false
}

// LabelKind is the kind a timeline table's label names: "Exited" for
// "Exited(137)".
func LabelKind(label string) Kind { return Kind(labelKind(label)) }

func labelKind(label string) string {
	if i := strings.IndexByte(label, '('); i > 0 {
		return label[:i]
	}
	return label
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func lineSuffix(line int) string {
	if line <= 0 {
		return ""
	}
	return fmt.Sprintf(" (row %d)", line)
}

func describeCandidates(rest []Event, t0 Mark, r Row) string {
	var seen []string
	for _, e := range rest {
		if e.Container == r.Container && labelKind(e.Label()) == labelKind(r.Label) {
			seen = append(seen, fmt.Sprintf("%s %s at %s", orDash(e.Container), e.Label(), rel(e.At, t0)))
		}
	}
	if len(seen) == 0 {
		return fmt.Sprintf("no %s %s after the previous row", orDash(r.Container), r.Label)
	}
	return strings.Join(seen, "; ")
}

// Running says whether a container of pod had started and not exited
// since at the time at (events sorted by time): a pod gone from the API
// may still have one running on its node (a force delete removes the
// object before the kubelet stops the containers). A container the API
// said Ready runs, though its start be not yet recorded: on a cluster
// the start of an agent's container is its first log line, which may
// come after the pod's status (and after a force delete).
func Running(events []Event, pod string, at time.Duration) bool {
	running := map[string]bool{}
	for _, e := range events {
		if e.At > at {
			break
		}
		if e.Pod != pod || e.Container == "" {
			continue
		}
		switch e.Kind {
		case Started, Ready:
			running[e.Container] = true
		case Exited:
			running[e.Container] = false
		}
	}
	for _, r := range running {
		if r {
			return true
		}
	}
	return false
}

// EvictedThroughAPI finds the first sign that pod was evicted through the
// API (a drain's eviction, an eviction request): the DisruptionTarget
// condition the API server sets with reason EvictionByEvictionAPI before
// it deletes the pod (pkg/registry/core/pod/storage/eviction.go
// addConditionAndDeletePod, v1.36.3). The kubelet's eviction under node
// pressure sets another reason (TerminationByKubelet).
func EvictedThroughAPI(events []Event, pod string) (Event, bool) {
	for _, e := range events {
		if e.Pod == pod && e.Kind == Condition && e.Reason == "DisruptionTarget" && e.Status == "True" && strings.HasPrefix(e.Message, "EvictionByEvictionAPI") {
			return e, true
		}
	}
	return Event{}, false
}
