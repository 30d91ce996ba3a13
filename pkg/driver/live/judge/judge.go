// Package judge is a real cluster's timing policy: where an expectation
// is judged when the kubelet reacts to an action after a latency that is
// not the rule being checked and each event is seen by an observer of
// known precision (docs/language.md, "live windows"). It answers a
// session's driver.Judge from what the session observed (Observations:
// the live driver's window policy, its margins and calibration) and what
// it shows (Session: its timeline and pods), so that the steps never
// know which driver they run on.
package judge

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// Observations are what a cluster's observers and calibration say about
// the timing of what they saw: the live driver's window policy answers
// them (pkg/driver/live, windows.go).
type Observations interface {
	// Reaction bounds the kubelet's reaction to an action: from the API
	// call to its first observed consequence, calibrated on separate pods
	// when the run starts.
	Reaction(a driver.Action) time.Duration
	// Margin is how much earlier and how much later than its rule an
	// event selected by sel may be observed, when its times count from
	// the kubelet's reaction to the action after (or from t=0 when after
	// is ""): the observer's precision early, and late the precision plus
	// the latency the real kubelet adds by its own design (a PLEG relist,
	// a status sync); both widened by a rule's own randomness (a probe's
	// phase).
	Margin(sel timeline.Selector, after driver.Action) (early, late time.Duration)
	// Precise reports whether the events sel selects are seen by a
	// precise observer (the agent's lines, the container runtime), so that
	// the next event of a chain may count from them.
	Precise(sel timeline.Selector) bool
	// Noticed is when the kubelet noticed the container exit e (its PLEG
	// relist), if it was seen: what the kubelet does about the exit then
	// counts from the notice (driver.ActionNoticed).
	Noticed(e timeline.Event) (time.Duration, bool)
	// TerminatedSync bounds the start of the kubelet's relist after which
	// it ran the terminated sync of a deleted pod (the sync that writes
	// its terminal phase and deletes it), for the pod whose last
	// container's exit was noticed at n and which was gone at gone: lo ==
	// hi when the kubelet's log and the pod's statuses settle which relist
	// it was.
	TerminatedSync(exit timeline.Event, n, gone time.Duration) (lo, hi time.Duration, ok bool)
	// Acted is when the kubelet had the container of the start e created
	// (the runtime's create), if it was seen: the runtime's own time to
	// start the process is not the kubelet's rule.
	Acted(e timeline.Event) (time.Duration, bool)
	// ProbeAnswers are the times the selected container's probe of that
	// kind (liveness, readiness, startup) was answered, as its answerer
	// (the agent) logged them, oldest first; none when no answer is seen
	// precisely. What a probe decides, its worker decides at one of them.
	ProbeAnswers(sel timeline.Selector, kind string) []time.Duration
	// DeadlineClock is when the pod's activeDeadlineSeconds clock
	// started as the kubelet reads it (its status.startTime, whole
	// seconds), if the pod has one and it was seen.
	DeadlineClock(pod string) (time.Duration, bool)
	// WholeSecond is the session time at as the API's time stamps keep
	// it: the wall clock's second it falls in (a container's finishedAt,
	// from which the Job controller counts a replacement's back-off).
	WholeSecond(at time.Duration) time.Duration
	// Unobserved says why the events sel selects cannot be seen at all
	// (a signal reaches only podlife's agent, a hook's end is seen only
	// where someone reports it), "" when they can.
	Unobserved(sel timeline.Selector) string
}

// Session is what a judge reads of the scenario: the time, the timeline
// and the pods as applied (View), and the session run on to wait for a
// reaction or an observer's line.
type Session interface {
	Now() time.Duration
	RunUntil(ctx context.Context, deadline time.Duration, cond func(driver.View) bool) (time.Duration, bool, error)
	View() driver.View
}

// Judge is a cluster's driver.Judge: the reactions of the kubelet to the
// scenario's actions, per pod, and the windows counted from them.
type Judge struct {
	obs  Observations
	sess Session
	// react is, per pod, the kubelet's reaction to the last action on it.
	react map[string]*reaction
	// made are the reaction checks made since the last Window answered.
	made []timeline.Check
	// pods are the pods as last seen, their containers' probes and
	// behaviours (the agent's arguments) read after they are gone.
	pods map[string]*corev1.Pod
	// created is the scenario's last create of a pod, which may make
	// room by killing another (preemptedBy).
	created *creation
}

// creation is a create of a pod, and the pods whose kill was looked for
// after it.
type creation struct {
	pod    string
	at     time.Duration
	looked map[string]bool
}

var _ driver.Judge = (*Judge)(nil)

// New is the judge of a session whose observers answer obs.
func New(obs Observations, sess Session) *Judge {
	return &Judge{obs: obs, sess: sess, react: map[string]*reaction{}, pods: map[string]*corev1.Pod{}}
}

func (j *Judge) events() []timeline.Event { return j.sess.View().Timeline() }

// Unobserved is the observers' answer.
func (j *Judge) Unobserved(sel timeline.Selector) string { return j.obs.Unobserved(sel) }

// Margin is the observers' answer.
func (j *Judge) Margin(sel timeline.Selector, after driver.Action) (early, late time.Duration) {
	return j.obs.Margin(sel, after)
}

// Order: on a cluster, events observed within a millisecond are a tie,
// and the kill work of a pod's containers that the kubelet runs
// concurrently may be seen up to killSpread apart in either order.
func (j *Judge) Order() timeline.Order {
	return timeline.Order{Tie: time.Millisecond, Spread: killSpread}
}

// killSpread is how far apart a cluster's kubelet may act on two of a
// pod's containers it kills concurrently, as seen: its goroutines start
// together, and an exec preStop's process starts after runc's exec
// (20–390 ms measured on a busy node; two preStop hooks started 134 ms
// apart, docs/fidelity.md).
const killSpread = 500 * time.Millisecond
