package judge

import (
	"context"
	"slices"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// causedRows checks a table of pod "web" as the table step does: each
// row in the judge's window, then each row the API showed judged by its
// cause where the judge has one.
func causedRows(t *testing.T, f *liveFake, action driver.Action, now time.Duration, rows []timeline.Row) error {
	t.Helper()
	j := New(f, f)
	t0 := f.actionMark()
	j.Acted(action, "web", f.now)
	f.now = now
	var earlier []timeline.RowMatch
	q := func(r timeline.Row) driver.Question {
		sel := timeline.Selector{Pod: "web", Container: r.Container, Kind: timeline.LabelKind(r.Label)}
		if sel.Kind == timeline.Status {
			sel.Reason = r.Label[len("Status(") : len(r.Label)-1]
		}
		return driver.Question{Sel: sel, Lo: r.At, Hi: r.At, T0: t0, Earlier: earlier}
	}
	win := func(r timeline.Row, prev *timeline.RowMatch) timeline.Window {
		if prev != nil {
			earlier = append(earlier, *prev)
		}
		a, err := j.Window(context.Background(), q(r))
		if err != nil {
			t.Fatal(err)
		}
		return a.Window
	}
	matches, err := timeline.ExpectRows(f.View().Timeline(), t0, "web", rows, false, timeline.Order{}, win)
	if err != nil {
		return err
	}
	earlier = nil
	for _, m := range matches {
		c, ok, err := j.Caused(context.Background(), q(m.Row), m.Event)
		if err != nil {
			t.Fatal(err)
		}
		if ok && c.Verdict != nil {
			return c.Verdict
		}
		earlier = append(earlier, m)
	}
	return nil
}

// TestLiveEndByItsCause pins Caused and deletionShown: a deleted pod's
// Terminating counts from the delete request, and its terminal phase,
// its removal and its container's Ready lost, which the API shows a
// status sync after its last container's exit (1.7 s here, 1.38 s),
// are judged by that exit. So each of
// them written a second early or late fails, where the API's own
// windows (2 s late in the fake) passed the phase and the removal a
// second late and the Terminating a second early; a phase seen longer
// after the exit than the API's chain fails too.
func TestLiveEndByItsCause(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	tl := func(phaseAt time.Duration) []timeline.Event {
		return []timeline.Event{
			{At: 1 * s, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
			{At: 10050 * ms, Seq: 2, Pod: "web", Kind: timeline.Status, Reason: "Terminating"},
			{At: 10100 * ms, Seq: 3, Pod: "web", Container: "app", Kind: timeline.SIGTERM},
			{At: 12100 * ms, Seq: 4, Pod: "web", Container: "app", Kind: timeline.SIGKILL},
			{At: 12120 * ms, Seq: 5, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 137},
			{At: 13500 * ms, Seq: 6, Pod: "web", Container: "app", Kind: timeline.NotReady},
			{At: phaseAt, Seq: 7, Pod: "web", Kind: timeline.Phase, Reason: "Failed"},
			{At: phaseAt + 200*ms, Seq: 8, Pod: "web", Kind: timeline.Deleted},
		}
	}
	row := func(at time.Duration, label string) timeline.Row {
		return timeline.Row{Line: 1, At: at, HasAt: true, Label: label}
	}
	for _, tc := range []struct {
		name    string
		phaseAt time.Duration
		rows    []timeline.Row
		ok      bool
	}{
		{"the phase at its exit", 13820 * ms, []timeline.Row{row(2*s, "Phase(Failed)")}, true},
		{"the phase a second late", 13820 * ms, []timeline.Row{row(3*s, "Phase(Failed)")}, false},
		{"the phase a second early", 13820 * ms, []timeline.Row{row(1*s, "Phase(Failed)")}, false},
		{"gone a second late", 13820 * ms, []timeline.Row{row(3*s, "Deleted")}, false},
		{"gone at its exit", 13820 * ms, []timeline.Row{row(2*s, "Deleted")}, true},
		{"the phase past the API's chain", 14220 * ms, []timeline.Row{row(2*s, "Phase(Failed)")}, false},
		{"not ready at its exit", 13820 * ms, []timeline.Row{{Line: 1, At: 2 * s, HasAt: true, Container: "app", Label: "NotReady"}}, true},
		{"not ready a second late", 13820 * ms, []timeline.Row{{Line: 1, At: 3 * s, HasAt: true, Container: "app", Label: "NotReady"}}, false},
		{"Terminating at the delete", 13820 * ms, []timeline.Row{row(0, "Status(Terminating)")}, true},
		{"Terminating a second early", 13820 * ms, []timeline.Row{row(-1*s, "Status(Terminating)")}, false},
		{"Terminating a second late", 13820 * ms, []timeline.Row{row(1*s, "Status(Terminating)")}, false},
		{"after the exit's own row", 13820 * ms, []timeline.Row{
			row(0, "Status(Terminating)"), {Line: 2, At: 2 * s, HasAt: true, Container: "app", Label: "SIGKILL"},
			{Line: 3, At: 2 * s, HasAt: true, Container: "app", Label: "Exited(137)"}, row(2*s, "Phase(Failed)")}, true},
		{"a second late after the exit's own row", 13820 * ms, []timeline.Row{
			{Line: 2, At: 2 * s, HasAt: true, Container: "app", Label: "SIGKILL"},
			{Line: 3, At: 2 * s, HasAt: true, Container: "app", Label: "Exited(137)"}, row(3*s, "Phase(Failed)")}, false},
	} {
		f := &liveFake{now: 10 * s, events: tl(tc.phaseAt)}
		err := causedRows(t, f, driver.ActionDelete, 20*s, tc.rows)
		if (err == nil) != tc.ok {
			t.Errorf("%s: want ok=%v, got %v", tc.name, tc.ok, err)
		}
	}
}

// TestLivePhaseOfAPodThatEndsOnItsOwn: a pod whose last container exits
// on its own (a Job's pod failing, restartPolicy Never) is shown Failed a
// relist later than a deleted pod: the kubelet notices the exit at a
// relist, its sync finds the pod terminal, and the terminal phase is held
// back (mergePodStatus) until the pod worker's terminating sync, which
// waits for a relist newer than that sync (pod_workers.go podWorkerLoop,
// v1.36.3), has run (a Job's pod Failed 2.558 s after its exit,
// fifth-drafts.feature:167 on a loaded machine, 2026-11-29). So a Failed
// seen 2.15 s after the exit, past the fake's chain of a deleted pod
// (2 s), holds; the same for a pod deleted fails (TestLiveEndByItsCause).
func TestLivePhaseOfAPodThatEndsOnItsOwn(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	f := &liveFake{now: 0, events: []timeline.Event{
		{At: 1003 * ms, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 2800 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 1},
		{At: 3900 * ms, Seq: 3, Pod: "web", Container: "app", Kind: timeline.NotReady},
		{At: 4950 * ms, Seq: 4, Pod: "web", Kind: timeline.Phase, Reason: "Failed"},
	}}
	if err := causedRows(t, f, driver.ActionCreate, 10*s, []timeline.Row{{Line: 1, At: 2 * s, HasAt: true, Label: "Phase(Failed)"}}); err != nil {
		t.Errorf("Failed 2.15 s after the exit of a pod ending on its own: %v", err)
	}
	// A controller's pod (a Job's: no step acted on it) ends on its own
	// too, unless a deletion was asked before its phase.
	f = &liveFake{now: 0, events: slices.Clone(f.events)}
	if err := causedRows(t, f, "", 10*s, []timeline.Row{{Line: 1, At: 2 * s, HasAt: true, Label: "Phase(Failed)"}}); err != nil {
		t.Errorf("Failed 2.15 s after the exit of a Job's pod ending on its own: %v", err)
	}
	events := f.events
	for _, kind := range []timeline.Kind{timeline.DeleteRequested, timeline.Evicted} {
		killed := append([]timeline.Event{{At: 2500 * ms, Seq: 0, Pod: "web", Kind: kind}}, events...)
		slices.SortStableFunc(killed, func(a, b timeline.Event) int { return int(a.At - b.At) })
		f = &liveFake{now: 0, events: killed}
		if err := causedRows(t, f, "", 10*s, []timeline.Row{{Line: 1, At: 2 * s, HasAt: true, Label: "Phase(Failed)"}}); err == nil {
			t.Errorf("Failed 2.15 s after the exit of a pod %s before it: held with a relist more than a killed pod's chain", kind)
		}
	}
}

// TestLiveRunningByItsHook pins Caused for the Running phase: it follows
// the container's postStart hook's end (1.3 s here, through the API),
// and a table's row of it is judged at that end, counted from the
// start's row: 5 s holds, 6 s fails where the API's window (2 s late)
// let it pass, and so does 4 s.
func TestLiveRunningByItsHook(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	events := []timeline.Event{
		{At: 11 * s, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 16050 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.PostStartDone},
		{At: 17350 * ms, Seq: 3, Pod: "web", Kind: timeline.Phase, Reason: "Running"},
	}
	rows := func(at time.Duration) []timeline.Row {
		return []timeline.Row{
			{Line: 1, At: 0, HasAt: true, Container: "app", Label: "Started"},
			{Line: 2, At: at, HasAt: true, Label: "Phase(Running)"},
		}
	}
	for at, holds := range map[time.Duration]bool{5 * s: true, 6 * s: false, 4 * s: false} {
		f := &liveFake{now: 10 * s, events: events}
		if err := causedRows(t, f, driver.ActionCreate, 30*s, rows(at)); (err == nil) != holds {
			t.Errorf("Phase(Running) at %s: want ok=%v, got %v", at, holds, err)
		}
	}
}

// TestLiveKillOfAPreemptedPod pins preemptedBy: a pod running when
// another is created, killed 0.8 s after that create (a preemption) with
// no action of its own, has its kill's rules counted from the kill's
// first step seen, as a delete's: its SIGKILL at 5 s holds, a second
// either way fails (counted from t=0 with the reaction's bound, 6 s
// passed too); a pod not killed keeps the window from t=0.
func TestLiveKillOfAPreemptedPod(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	events := []timeline.Event{
		{At: 1 * s, Seq: 1, Pod: "low", Container: "app", Kind: timeline.Started},
		{At: 10800 * ms, Seq: 2, Pod: "low", Kind: timeline.KubeEvent, Reason: "Killing"},
		{At: 10810 * ms, Seq: 3, Pod: "low", Kind: timeline.KubeEvent, Reason: "Preempting"},
		{At: 10820 * ms, Seq: 4, Pod: "low", Container: "app", Kind: timeline.SIGTERM},
		{At: 15850 * ms, Seq: 5, Pod: "low", Container: "app", Kind: timeline.SIGKILL},
	}
	window := func(pod string, at time.Duration) (timeline.Window, []timeline.Check) {
		f := &liveFake{now: 10 * s, events: events}
		a := afterCreate(t, f, "critical", 12*s, timeline.Selector{Pod: pod, Container: "app", Kind: timeline.SIGKILL}, at)
		return a.Window, a.Checks
	}
	for at, holds := range map[time.Duration]bool{5 * s: true, 4 * s: false, 6 * s: false} {
		w, checks := window("low", at)
		if w.Contains(15850*ms) != holds {
			t.Errorf("SIGKILL at 15.85 s in the window of `SIGKILL at %s` [%s, %s]: %v, want %v", at, w.From, w.To, !holds, holds)
		}
		if len(checks) != 1 || !checks[0].Reaction || checks[0].Observed != 10800*ms {
			t.Errorf("the preemption's reaction check: %+v, want one, the Killing at 10.8 s", checks)
		}
	}
	if w, checks := window("other", 5*s); w.Ref != 10*s || len(checks) != 0 {
		t.Errorf("a pod nothing killed: window from %s with %d checks, want from t=0 with none", w.Ref, len(checks))
	}
	// A kill no preemption event explains is no reaction to the create.
	events = slices.DeleteFunc(events, func(e timeline.Event) bool { return e.Reason == "Preempting" })
	if w, checks := window("low", 5*s); w.Ref != 10*s || len(checks) != 0 {
		t.Errorf("a kill without a preemption's event: window from %s with %d checks, want from t=0 with none", w.Ref, len(checks))
	}
}

// TestLiveKillAtTheDeadline pins atDeadline: a pod of
// activeDeadlineSeconds 10 (grace 5, SIGTERM ignored) created at 10 s,
// its startTime 10 s (whole seconds; its container started at 11.1 s).
// The kubelet decides at its sync loop's tick (the first DeadlineExceeded
// event, 0.58 s past the deadline here) and kills after the next PLEG
// relist: the SIGTERM counts from the decision seen (10 s holds; 11 s
// fails, 10.62 s before its window; 9 s fails on the decision, seen past
// a tick after 9 s), CI's kill 1.914 s past the deadline, 1.1 s after its
// decision (2026-11-29), holds, and so does it with no decision seen;
// a kill 1.8 s after its decision is late; its SIGKILL counts from the
// kill seen, the Killing event, by the grace (15 s holds, 14 s and 16 s
// fail).
func TestLiveKillAtTheDeadline(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	d := int64(10)
	pod := &corev1.Pod{Spec: corev1.PodSpec{ActiveDeadlineSeconds: &d, Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}}
	started := timeline.Event{At: 11100 * ms, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started}
	decided := func(at time.Duration) timeline.Event {
		return timeline.Event{At: at, Seq: 2, Pod: "web", Kind: timeline.KubeEvent, Reason: "DeadlineExceeded"}
	}
	sigterm := func(at time.Duration) timeline.Event {
		return timeline.Event{At: at, Seq: 4, Pod: "web", Container: "app", Kind: timeline.SIGTERM}
	}
	events := []timeline.Event{
		started, decided(20580 * ms),
		{At: 20600 * ms, Seq: 3, Pod: "web", Kind: timeline.KubeEvent, Reason: "Killing"},
		sigterm(20620 * ms),
		{At: 25650 * ms, Seq: 5, Pod: "web", Container: "app", Kind: timeline.SIGKILL},
	}
	holdsAt := func(events []timeline.Event, kind timeline.Kind, at time.Duration) bool {
		f := &liveFake{now: 10 * s, events: events, pod: pod, startTime: 10 * s}
		j := New(f, f)
		t0 := f.actionMark()
		j.Acted(driver.ActionCreate, "web", f.now)
		f.now = 30 * s
		sel := timeline.Selector{Pod: "web", Container: "app", Kind: kind}
		a, err := j.Window(context.Background(), driver.Question{Sel: sel, Lo: at, Hi: at, T0: t0})
		if err != nil {
			if _, ok := timeline.AsVerdict(err); !ok {
				t.Fatal(err)
			}
			return false
		}
		e, _ := timeline.First(events, timeline.Beginning, sel)
		return a.Window.Contains(e.At)
	}
	for _, tc := range []struct {
		kind timeline.Kind
		at   time.Duration
		want bool
	}{
		{timeline.SIGTERM, 10 * s, true}, {timeline.SIGTERM, 9 * s, false}, {timeline.SIGTERM, 11 * s, false},
		{timeline.SIGKILL, 15 * s, true}, {timeline.SIGKILL, 14 * s, false}, {timeline.SIGKILL, 16 * s, false},
	} {
		if got := holdsAt(events, tc.kind, tc.at); got != tc.want {
			t.Errorf("%s at %s: %v, want %v", tc.kind, tc.at, got, tc.want)
		}
	}
	for _, tc := range []struct {
		name   string
		events []timeline.Event
		want   bool
	}{
		{"CI's kill, 1.1 s after its decision", []timeline.Event{started, decided(20800 * ms), sigterm(21914 * ms)}, true},
		{"CI's kill, no decision seen", []timeline.Event{started, sigterm(21914 * ms)}, true},
		{"a kill 1.8 s after its decision", []timeline.Event{started, decided(20100 * ms), sigterm(21900 * ms)}, false},
	} {
		if got := holdsAt(tc.events, timeline.SIGTERM, 10*s); got != tc.want {
			t.Errorf("%s: SIGTERM at 10s holds %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestLiveDeleteOnALostNode: a pod whose node the cluster lost (the
// node-lifecycle controller's NodeNotReady event on it, nothing from a
// kubelet since) shows no reaction to a delete, and none is asked for;
// the same delete on a node whose kubelet answers still is (crash.feature:31
// on kind, 2026-11-29: a force delete of a crashed node's pod failed on
// the missing reaction).
func TestLiveDeleteOnALostNode(t *testing.T) {
	s := time.Second
	base := []timeline.Event{
		{At: 1 * s, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 50 * s, Seq: 2, Pod: "web", Kind: timeline.KubeEvent, Reason: "NodeNotReady"},
		{At: 400500 * time.Millisecond, Seq: 3, Pod: "web", Kind: timeline.Deleted},
	}
	back := append(slices.Clone(base[:2]), timeline.Event{At: 60 * s, Seq: 3, Pod: "web", Kind: timeline.Condition, Reason: "Ready", Status: "True"}, base[2])
	for _, tc := range []struct {
		name   string
		events []timeline.Event
		ok     bool
	}{
		{"node lost", base, true},
		{"node back before the delete", back, false},
		{"no NodeNotReady", append(slices.Clone(base[:1]), base[2]), false},
	} {
		f := &liveFake{now: 400 * s, events: tc.events}
		j := New(f, f)
		t0 := f.actionMark()
		j.Acted(driver.ActionDelete, "web", f.now)
		f.now = 410 * s
		_, err := j.Window(context.Background(), driver.Question{Sel: timeline.Selector{Pod: "web", Kind: timeline.Deleted}, Lo: 0, Hi: time.Second, T0: t0})
		if (err == nil) != tc.ok {
			t.Errorf("%s: error %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}

// TestLiveGoneLongAfterItsEnd: a Job's pod that succeeded at 2 s and was
// removed at 13 s (the garbage collector's delete when the Job's TTL ran
// out: a terminal pod goes at once) is judged by the API's time of its
// removal, not by its exit, which lies 11 s before; a pod removed a
// status sync after its exit still is judged by the exit.
func TestLiveGoneLongAfterItsEnd(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	tl := func(goneAt time.Duration) []timeline.Event {
		return []timeline.Event{
			{At: 200 * ms, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
			{At: 2200 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.Exited},
			{At: 3100 * ms, Seq: 3, Pod: "web", Kind: timeline.Phase, Reason: "Succeeded"},
			{At: goneAt, Seq: 4, Pod: "web", Kind: timeline.Deleted},
		}
	}
	for _, tc := range []struct {
		name   string
		goneAt time.Duration
		lo, hi time.Duration
		ok     bool
	}{
		{"gone at the TTL, asked then", 13050 * ms, 12 * s, 14 * s, true},
		{"gone at the TTL, asked at its end", 13050 * ms, 1 * s, 4 * s, false},
		{"gone a sync after its end, asked then", 3300 * ms, 1 * s, 4 * s, true},
	} {
		f := &liveFake{now: 0, events: tl(tc.goneAt)}
		j := New(f, f)
		t0 := f.actionMark()
		j.Acted(driver.ActionCreate, "web", f.now)
		f.now = 20 * s
		q := driver.Question{Sel: timeline.Selector{Pod: "web", Kind: timeline.Deleted}, Lo: tc.lo, Hi: tc.hi, T0: t0}
		a, err := j.Window(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		g, ok, err := j.Gone(context.Background(), q, a.Window)
		if err != nil || !ok {
			t.Fatalf("%s: Gone %v, %v", tc.name, ok, err)
		}
		held := g.Verdict == nil
		if g.Cause == nil {
			held = g.Window.Contains(tc.goneAt)
		}
		if held != tc.ok {
			t.Errorf("%s: held %v (cause %v, window %+v), want %v", tc.name, held, g.Cause, g.Window, tc.ok)
		}
	}
}
