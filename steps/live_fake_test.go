package steps

import (
	"context"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/judge"
	"github.com/podlife/podlife/pkg/timeline"
)

// liveFake is a cluster whose timeline is written in advance: a session
// whose judge is the live driver's (pkg/driver/live/judge) over the
// fake's observations, for the window rules alone.
type liveFake struct {
	driver.Plain
	driver.Refusing
	now    time.Duration
	events []timeline.Event
	// pressureAt: the node "worker-1" has MemoryPressure=True from then.
	pressureAt time.Duration
	// runningAt: the pod "web" exists, Pending, until then, and is
	// Running after (0: no pod).
	runningAt time.Duration
	// notices: when the kubelet noticed an exit, by its event's time;
	// creates: when the runtime created the container of a start.
	notices, creates map[time.Duration]time.Duration
	// podNotices: every notice of the pod's exits (its sandbox's too);
	// syncAfter: how many relists after the last of them the terminated
	// sync's could have been, at least and at most.
	podNotices []time.Duration
	syncAfter  [2]int
	// relist: a signal or an exit after a create may come a relist late.
	relist bool
	// seenAt: when the observers deliver an event, by its Seq (by
	// default at its time): a start the API shows only once a postStart
	// hook returns, when containerd's events are not followed.
	seenAt map[uint64]time.Duration
	// answers: the readiness probe's answers.
	answers []time.Duration
	// pod: the pod "web" as applied, when a test gives it.
	pod *corev1.Pod
	// unseen: the kind of events the cluster cannot see at all.
	unseen timeline.Kind
	// setup: how long Configure takes (leasing pool nodes).
	setup time.Duration
	// judge answers the steps' timing questions over the observations
	// below, as the live session's does.
	judge *judge.Judge
}

func (f *liveFake) Judge() driver.Judge {
	if f.judge == nil {
		f.judge = judge.New(f, f)
	}
	return f.judge
}

// Unobserved: the events of kind unseen.
func (f *liveFake) Unobserved(sel timeline.Selector) string {
	if f.unseen != "" && sel.Kind == f.unseen {
		return string(f.unseen) + " events are not seen"
	}
	return ""
}

func (f *liveFake) Name() string                      { return "fake-live" }
func (f *liveFake) Capabilities() driver.Capabilities { return driver.NewCapabilities() }
func (f *liveFake) Tolerance() time.Duration          { return 4 * time.Second }
func (f *liveFake) Configure(context.Context, driver.Setup) error {
	f.now += f.setup
	return nil
}
func (f *liveFake) Apply(context.Context, *corev1.Pod) error { return nil }
func (f *liveFake) Delete(context.Context, string, metav1.DeleteOptions) error {
	return nil
}
func (f *liveFake) Now() time.Duration { return f.now }
func (f *liveFake) Start(context.Context, driver.Scenario) (driver.Session, error) {
	return f, nil
}
func (f *liveFake) RunUntil(_ context.Context, deadline time.Duration, cond func(driver.View) bool) (time.Duration, bool, error) {
	for {
		if cond != nil && cond(f.View()) {
			return f.now, true, nil
		}
		if f.now >= deadline {
			return f.now, false, nil
		}
		f.now = min(deadline, f.now+10*time.Millisecond)
	}
}
func (f *liveFake) Settle(context.Context, time.Duration) (time.Duration, bool, error) {
	return f.now, false, nil
}
func (f *liveFake) View() driver.View { return fakeView{f: f, at: f.now} }

// ViewsBetween: the pod's phase changes once, at runningAt.
func (f *liveFake) ViewsBetween(from, to time.Duration) []driver.View {
	out := []driver.View{fakeView{f: f, at: from}}
	if f.runningAt > from && f.runningAt <= to {
		out = append(out, fakeView{f: f, at: f.runningAt})
	}
	return out
}
func (f *liveFake) Close(context.Context) error { return nil }
func (f *liveFake) Reaction(driver.Action) time.Duration {
	return 3 * time.Second
}

// Margin: precise container events (±0.25 s early, +0.5 s late), a
// restart after a relist and the API's 2 s late.
func (f *liveFake) Precise(sel timeline.Selector) bool { return sel.Container != "" }

func (f *liveFake) Margin(sel timeline.Selector, after driver.Action) (time.Duration, time.Duration) {
	if strings.HasPrefix(sel.Pod, "node/") {
		return 0, 20 * time.Second // a manager's pass and a node status update
	}
	if after == driver.ActionNoticed {
		// No relist left to allow for: a kubelet step, or the API's
		// status write after it.
		if sel.Container == "" {
			return 250 * time.Millisecond, 400 * time.Millisecond
		}
		return 250 * time.Millisecond, 500 * time.Millisecond
	}
	if sel.Container == "" {
		return 250 * time.Millisecond, 2 * time.Second
	}
	if sel.Kind == timeline.Restarted || (f.relist && after == driver.ActionCreate && (sel.Kind == timeline.SIGTERM || sel.Kind == timeline.Exited)) {
		return 250 * time.Millisecond, 2 * time.Second // a relist
	}
	return 250 * time.Millisecond, 500 * time.Millisecond
}

func (f *liveFake) Noticed(e timeline.Event) (time.Duration, bool) {
	n, ok := f.notices[e.At]
	return n, ok && e.Kind == timeline.Exited
}

// TerminatedSync: the pod's last notice in [n, gone], and syncAfter's
// relists (a second each) after it.
func (f *liveFake) TerminatedSync(_ timeline.Event, n, gone time.Duration) (time.Duration, time.Duration, bool) {
	var last time.Duration
	for _, p := range f.podNotices {
		if p >= n && p <= gone && p > last {
			last = p
		}
	}
	return last + time.Duration(f.syncAfter[0])*time.Second, last + time.Duration(f.syncAfter[1])*time.Second, last > 0
}

// ProbeAnswers: the readiness answers of answers, if any.
// DeadlineClock: no startTime seen.
func (f *liveFake) DeadlineClock(string) (time.Duration, bool) { return 0, false }

// WholeSecond: the fake's session starts on a whole second.
func (f *liveFake) WholeSecond(at time.Duration) time.Duration { return at.Truncate(time.Second) }

func (f *liveFake) ProbeAnswers(sel timeline.Selector, kind string) []time.Duration {
	if kind != "readiness" {
		return nil
	}
	return f.answers
}

func (f *liveFake) Acted(e timeline.Event) (time.Duration, bool) {
	c, ok := f.creates[e.At]
	return c, ok && e.Kind != timeline.Exited
}

type fakeView struct {
	driver.Unprinted
	f  *liveFake
	at time.Duration
}

func (v fakeView) Pod(name string) *corev1.Pod {
	if v.f.pod != nil && name == v.f.pod.Name {
		return v.f.pod
	}
	if v.f.runningAt == 0 || name != "web" {
		return nil
	}
	p := &corev1.Pod{Status: corev1.PodStatus{Phase: corev1.PodPending}}
	if v.at >= v.f.runningAt {
		p.Status.Phase = corev1.PodRunning
	}
	return p
}
func (v fakeView) Node(name string) *corev1.Node {
	n := defaultNode()
	if v.f.pressureAt > 0 && v.at >= v.f.pressureAt {
		n.Status.Conditions = []corev1.NodeCondition{{Type: corev1.NodeMemoryPressure, Status: corev1.ConditionTrue}}
	}
	return n
}
func (v fakeView) Timeline() []timeline.Event {
	var out []timeline.Event
	for _, e := range v.f.events {
		seen, late := v.f.seenAt[e.Seq]
		if !late {
			seen = e.At
		}
		if seen <= v.at {
			out = append(out, e)
		}
	}
	return out
}

// actedOn is a scenario on the fake cluster that has just made action on
// pod, a created pod of its setup, at the fake's current time.
func actedOn(f *liveFake, action driver.Action, pod string) *State {
	st := &State{Driver: f, Session: f, Plan: &Plan{}}
	st.Plan.pods = []*podDecl{{name: pod, created: true}}
	st.Plan.configured = true
	st.stepType = Action
	st.clk().moveT0(st.clk().actionMark())
	st.acted(action, pod)
	return st
}

func sel(kind timeline.Kind) timeline.Selector {
	return timeline.Selector{Pod: "web", Container: "app", Kind: kind}
}
