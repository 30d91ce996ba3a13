// Package timerules is the executable specification of the scenario
// language's time rules: the Time table of docs/language.md (the
// contract, dsl.md, clarified where it was not clear). Given the whole
// timeline of a scenario as far as it is known when a step runs, the
// scenario's clock (t=0 and the current time) and one step, it says
// whether an expectation holds, which times it used, and where the clock
// stands after the step.
//
// It is the reference the engine (steps, pkg/timeline's matchers, the
// drivers' windows) is checked against by a property test
// (internal/verdicts): it shares no code with them and knows nothing of
// drivers, Gherkin or Kubernetes objects. It judges the exact rules, the
// simulator's; a cluster's windows of zero width must reduce to them.
package timerules

import "time"

// Event is one occurrence on a scenario's timeline. Kinds and their
// arguments follow the timeline's vocabulary:
//
//	PodCreated, Scheduled, Started, Restarted, Ready, NotReady,
//	PreStopStarted, PreStopDone, SIGTERM, SIGKILL, BackOff, Evicted,
//	Deleted, DeleteRequested (pod-level or container-level as the event is)
//	Exited       Code: the exit code; Reason: "Error", "Completed", "OOMKilled"…
//	Phase        Reason: the pod's new phase (Pending, Running, Succeeded, Failed)
//	Condition    Reason: the condition type ("Ready"), Status: "True" or "False"
//	Status       Reason: the new STATUS column of `kubectl get pods`
//	Event        a Kubernetes Event: Reason its reason, Count its aggregated count (0 means 1)
//
// Container is empty for an event of the pod itself.
type Event struct {
	At        time.Duration // since the scenario's start
	Seq       uint64        // strictly increasing along the timeline; orders one instant causally
	Pod       string
	Container string
	Kind      string
	Reason    string
	Status    string
	Code      int
	Count     int
}

// Mark is a point on the timeline: an instant and the sequence number of
// the last event before the point. An event is at or after the mark when
// it is later, or in the same instant with a greater sequence number; a
// mark with Seq 0 takes in its whole instant.
type Mark struct {
	At  time.Duration
	Seq uint64
}

// Timeline is what a step is judged on: every event of the scenario as far
// as it is known when the step runs, in (At, Seq) order, which is the
// scenario's inputs so far (its actions) run on from the current time to
// the end of its activity and beyond.
type Timeline struct {
	Events []Event
	// End is where the scenario's activity ends, as the simulator settles
	// it from the current time (only periodic work left and every pod gone
	// or steady), or where its cap stopped it (Capped). Untimed
	// expectations, counts without `within`, `never …` and `stays …` wait
	// at most until End.
	End    time.Duration
	Capped bool
	// Regular names each pod's regular containers (neither init nor
	// sidecar): the kubelet kills them concurrently, so the kill work of
	// two of them in one instant (PreStopStarted, PreStopDone, SIGTERM,
	// SIGKILL, Exited) is unordered.
	Regular map[string][]string
}

// Clock is the scenario's clock: t=0 and the current time. The current
// time is an instant, after every event of that instant.
type Clock struct {
	T0      Mark
	Current time.Duration
}

// Selector names the events an expectation is about: those with its Pod,
// Container ("" selects the pod's own events, unless AnyContainer),
// Kind, and, when set, Reason and Code (HasCode).
type Selector struct {
	Pod          string
	Container    string
	AnyContainer bool
	Kind         string
	Reason       string
	Code         int
	HasCode      bool
}

// State is a state a pod can be in, as the language names it: the phases
// "Pending", "Running", "Succeeded", "Failed"; "Ready" (its Ready
// condition True), "NotReady" (it exists and is not Ready), "gone"
// (deleted from the API after it existed), "Terminating" (deleted, not
// gone, phase not terminal), "scheduled".
type State string

// ExpectKind is the kind of an expectation.
type ExpectKind int

// The expectations, with the fields each uses. A, B are the written
// bounds (`at T`: A = B = T; `within D`: A = 0, B = D; `not … after T`:
// A = T).
const (
	EventAt      ExpectKind = iota // Sel, A (= B): `receives SIGTERM at 3s`
	EventWithin                    // Sel, B: `receives SIGTERM within 1s`
	EventBetween                   // Sel, A, B
	// State predicates of Pod's State.
	StateWithin // State, B: `is Running within 10s`
	// StateComesWithin: State, B: `becomes NotReady within 30s`, the
	// state held at some time from t=0 (the state at t=0 counting,
	// however early it began) to t0+B.
	StateComesWithin
	StateBetween  // State, A, B: `is gone between 6s and 8s`
	StateNotAfter // State, A: `is not gone after 4s`
	StateNow      // State, Not: `is Running`, `is not Ready`
	// StatusNow and StatusWithin: the STATUS column (Column), now or
	// within B: `shows status "Error"`, `shows status "Error" within 1s`.
	StatusNow
	StatusWithin
	// RestartsNow: the restarts of Container of Pod (all its containers
	// when Container is empty: the RESTARTS column) are N at the current
	// time: `has restarted 3 times`, `has 2 restarts`.
	RestartsNow
	// Received: Sel has a chosen occurrence (the untimed rule), with Code
	// when HasCode: `receives SIGTERM`, `exits with code 1`.
	Received
	// GapAfter: the first occurrence of Sel after the chosen occurrence
	// of Ref (same container instance) comes exactly A after it:
	// `receives SIGKILL 2s after SIGTERM`.
	GapAfter
	// After: Sel has an occurrence after the chosen occurrence of Ref:
	// `receives SIGTERM after container "app" has exited`.
	After
	// InOrder: the chosen occurrences of Sels come in that order: `stop
	// in this order`.
	InOrder
	// Never: no occurrence of Sel in the whole scenario, run to the end
	// of its activity: `never receives SIGKILL`, `no event "X" is
	// recorded`.
	Never
	// Count: exactly N occurrences of Sel (aggregated Events counted by
	// their count); with Within set, from the scenario's start to t0+B,
	// else to the end of the activity: `an event "Unhealthy" is recorded
	// … 3 times [within 35s]`.
	Count
	// Table: the rows of `the timeline of pod "P" is[ exactly]:`.
	Table
)

// Expectation is one expectation step.
type Expectation struct {
	Kind   ExpectKind
	Sel    Selector
	Ref    Selector
	Sels   []Selector
	Pod    string
	State  State
	Not    bool
	Column string
	// Container is RestartsNow's container ("" for the pod's RESTARTS).
	Container string
	A, B      time.Duration
	N         int
	Within    bool
	Rows      []Row
	Exact     bool
}

// Row is a row of a timeline table: Container ("" for the pod) and the
// event's Label as the table writes it ("SIGTERM", "Exited(137)",
// "Phase(Running)", "Event(Killing)", "Condition(Ready=False)",
// "Status(Running)", "Restarted"), at T when HasAt.
type Row struct {
	At        time.Duration
	HasAt     bool
	Container string
	Label     string
}

// Verdict is what the rules say of one expectation.
type Verdict struct {
	OK bool
	// Decided is the time the expectation decided at, when it moves the
	// current time (timed expectations); Clock is the clock after the
	// step.
	Decided time.Duration
	Moves   bool
	Clock   Clock
	// Read is the instant a state check read (StateNow, StatusNow,
	// RestartsNow).
	Read time.Duration
	// Used are the occurrences the verdict rests on, in the order the
	// expectation names them.
	Used []Event
	// Why says, in words, why it failed (or held).
	Why string
}

// Start is the clock of a scenario before its first action: t=0 and the
// current time at its start.
func Start() Clock { return Clock{} }

// Judge judges one expectation on the timeline known when it runs.
func Judge(tl Timeline, c Clock, e Expectation) Verdict {
	return newJudge(tl, c).judge(e)
}

// ActionMark is where an action made at the current time stands: its
// instant, after every event of that instant known before the action.
func ActionMark(tl Timeline, c Clock) Mark {
	return actionMark(tl, c)
}

// Acted is the clock after an action (a create, a delete) made at the
// given mark: t=0 there, and the current time its instant. On the
// simulator the mark is ActionMark's; a cluster acts where it stands.
func Acted(c Clock, at Mark) Clock {
	return acted(c, at)
}

// Passed is the clock after `When D pass`.
func Passed(c Clock, d time.Duration) Clock {
	return passed(c, d)
}

// Became is the clock after `When the pod "P" becomes S`, and whether the
// pod did; lastAction is the instant of the scenario's last action before
// it (the simulator cannot go back before it).
func Became(tl Timeline, c Clock, pod string, s State, lastAction time.Duration) (Clock, bool) {
	return became(tl, c, pod, s, lastAction)
}
