package judge

import (
	"context"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// liveFake is a cluster whose timeline is written in advance, and what
// its observers say of it: the judge's Session and Observations.
type liveFake struct {
	now    time.Duration
	events []timeline.Event
	// notices: when the kubelet noticed an exit, by its event's time;
	// creates: when the runtime created the container of a start.
	notices, creates map[time.Duration]time.Duration
	// podNotices: every notice of the pod's exits (its sandbox's too);
	// syncAfter: how many relists after the last of them the terminated
	// sync's could have been, at least and at most.
	podNotices []time.Duration
	syncAfter  [2]int
	// pod is the pod the session applied, answers its container's probe
	// answers as the agent logged them.
	pod     *corev1.Pod
	answers []time.Duration
	// startTime is the pod's status.startTime (DeadlineClock).
	startTime time.Duration
	// nodes: the real name of each scenario node the view knows.
	nodes map[string]string
}

var (
	_ Observations = (*liveFake)(nil)
	_ Session      = (*liveFake)(nil)
)

func (f *liveFake) Now() time.Duration { return f.now }

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

func (f *liveFake) View() driver.View { return fakeView{f: f, at: f.now} }

// Reaction: 3 s for every action.
func (f *liveFake) Reaction(driver.Action) time.Duration { return 3 * time.Second }

// Precise: every container event but its readiness, which the API
// shows.
func (f *liveFake) Precise(sel timeline.Selector) bool {
	return sel.Container != "" && sel.Kind != timeline.Ready && sel.Kind != timeline.NotReady
}

// Margin: precise container events (±0.25 s early, +0.5 s late), a
// restart after a relist and the API's 2 s late.
func (f *liveFake) Margin(sel timeline.Selector, after driver.Action) (time.Duration, time.Duration) {
	if after == driver.ActionNoticed {
		// No relist left to allow for: a kubelet step, or the API's
		// status write after it.
		if sel.Container == "" {
			return 250 * time.Millisecond, 400 * time.Millisecond
		}
		return 250 * time.Millisecond, 500 * time.Millisecond
	}
	if !f.Precise(sel) || sel.Kind == timeline.Restarted {
		return 250 * time.Millisecond, 2 * time.Second
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

func (f *liveFake) Acted(e timeline.Event) (time.Duration, bool) {
	c, ok := f.creates[e.At]
	return c, ok && e.Kind != timeline.Exited
}

func (f *liveFake) ProbeAnswers(timeline.Selector, string) []time.Duration { return f.answers }

// DeadlineClock: the pod's startTime, when it has a deadline.
func (f *liveFake) DeadlineClock(string) (time.Duration, bool) {
	ok := f.pod != nil && f.pod.Spec.ActiveDeadlineSeconds != nil
	return f.startTime, ok
}
func (f *liveFake) Unobserved(timeline.Selector) string { return "" }

// WholeSecond: the fake's session starts on a whole second.
func (f *liveFake) WholeSecond(at time.Duration) time.Duration { return at.Truncate(time.Second) }

// actionMark is t=0 for an action made now, as the steps place it.
func (f *liveFake) actionMark() timeline.Mark {
	m := timeline.Mark{At: f.now}
	if es := f.View().Timeline(); len(es) > 0 && es[len(es)-1].At == m.At {
		m.Seq = es[len(es)-1].Seq
	}
	return m
}

type fakeView struct {
	driver.Unprinted
	f  *liveFake
	at time.Duration
}

func (v fakeView) Pod(string) *corev1.Pod { return v.f.pod }
func (v fakeView) Node(name string) *corev1.Node {
	if real, ok := v.f.nodes[name]; ok {
		return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: real}}
	}
	return nil
}
func (v fakeView) Timeline() []timeline.Event {
	var out []timeline.Event
	for _, e := range v.f.events {
		if e.At <= v.at {
			out = append(out, e)
		}
	}
	return out
}

// afterCreate is the judge's answer, on the fake cluster, for an
// expectation at `at` about what sel selects: the pod created made at
// f.now (t=0), the session run on to now before the judge is asked.
func afterCreate(t *testing.T, f *liveFake, created string, now time.Duration, sel timeline.Selector, at time.Duration) driver.Answer {
	t.Helper()
	j := New(f, f)
	t0 := f.actionMark()
	j.Acted(driver.ActionCreate, created, f.now)
	f.now = now
	a, err := j.Window(context.Background(), driver.Question{Sel: sel, Lo: at, Hi: at, T0: t0})
	if err != nil {
		t.Fatal(err)
	}
	return a
}
