package steps

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// Whether a container runs: the state first drafts name (`container
// "nginx" is running within 10s`, `container "log-shipper" is still
// running at 4s`), read as `is ready` reads a container's readiness.
func runningExpectations() []Def {
	const f = "kubectl columns"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		phrase(f, ctr+`is running$`, `Then container "app" of pod "web" is running`,
			s2(func(c, pod string) Step { return containerRunningNow{containerNamed{c, pod}, false} })),
		phrase(f, ctr+`is not running$`, `Then container "app" of pod "web" is not running`,
			s2(func(c, pod string) Step { return containerRunningNow{containerNamed{c, pod}, true} })),
		phrase(f, ctr+`is running within (\S+)$`, `Then container "app" of pod "web" is running within 10s`,
			s3(func(c, pod string, d writtenSpan) Step {
				return &containerRunningWithin{ctrStarts: ctrStarts{ctr: ctrOfPod{c, pod}}, d: d}
			})),
		phrase(f, ctr+`is still running at (\S+)$`, `Then container "app" of pod "web" is still running at 4s`,
			s3(func(c, pod string, at writtenSpan) Step {
				return &containerRunningAt{ctrStarts: ctrStarts{ctr: ctrOfPod{c, pod}}, at: at}
			})),
	}
}

// Then container "app" of pod "web" is running (is not running): its
// status's state is running (is not), at the current time.
type containerRunningNow struct {
	containerNamed
	not bool
}

func (s containerRunningNow) Run(ctx context.Context, st *State) error {
	verdict := func(p *corev1.Pod) error {
		what := "running"
		if s.not {
			what = "not running"
		}
		return &timeline.Verdict{Kind: timeline.WrongState, Expected: fmt.Sprintf("container %q %s", s.container, what),
			Observed: fmt.Sprintf("%s: %s", st.clk().readAt(), describePod(p)), Read: true, ReadAt: st.clock.cur}
	}
	if s.not {
		// A container with no status at all (its pod never scheduled, or
		// not yet synced by its kubelet) is not running: held-out set 41
		// wrote it of an unschedulable pod, and got "expected a status".
		pd, c, _ := st.Plan.mustContainer(s.container, s.pod) // checked by Declare
		return st.check(ctx, pd.name, func(p *corev1.Pod) error {
			if cs := containerStatus(p, c.Name); cs != nil && cs.State.Running != nil {
				return verdict(p)
			}
			return nil
		})
	}
	return s.checkStatus(ctx, st, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		if cs.State.Running != nil {
			return nil
		}
		return verdict(p)
	})
}

// Then container "app" of pod "web" is running within 10s: a state, true
// at some time up to t0+D, before t=0 included (docs/language.md, Time:
// `within D`): a container started before t=0 was running then; else
// its first start at or after t=0 comes by t0+D, judged as `is ready
// within D` judges its Ready.
type containerRunningWithin struct {
	ctrStarts
	d writtenSpan
}

func (s *containerRunningWithin) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if e, ok := timeline.First(st.clk().events(), timeline.Mark{}, s.sel); ok && !st.clock.t0.Precedes(e) {
		w := timeline.Exact(st.clock.t0, 0, s.d.d)
		w.From = 0
		return st.keepWindowCheck(s.sel, "running", w, &e, nil)
	}
	return st.expectIn(ctx, s.sel, 0, s.d.d)
}

// Then container "app" of pod "web" is still running at 4s: at t0+T the
// container has started and its instance has not ended (after every
// event of that instant). This is a state read at an instant, not a
// state's coming: `is gone at 7s` is the pod's going at 7s, and a start
// before t=0 is what "still" says. On a cluster the start must come by
// the end of T's window and the exit, if any, after its beginning.
type containerRunningAt struct {
	ctrStarts
	at writtenSpan
	// not is `is not running at T` (held-out set 60: `container "api" is
	// not running at 3s` while its postStart hook runs): the container
	// had not started by T, or its instance had ended by then. On a
	// cluster it holds if some instant of T's window could see it so: no
	// start by the window's beginning, or that instance's exit by its end.
	not bool
	// runs is the event from which an instance counts as running: its
	// start, or for a container with a postStart hook the hook's return,
	// before which the API reports it Waiting (poststart-blocks: the
	// kubelet runs the hook inside the pod's sync, startContainer in
	// kuberuntime_container.go, v1.36.3).
	runs timeline.Kind
}

func (s *containerRunningAt) Declare(pl *Plan) error {
	if err := s.ctrStarts.Declare(pl); err != nil {
		return err
	}
	s.runs = timeline.Started
	if _, c, err := pl.mustContainer(s.ctr.name, s.ctr.pod); err == nil && c.Lifecycle != nil && c.Lifecycle.PostStart != nil {
		s.runs = timeline.PostStartDone
	}
	return nil
}

func (s *containerRunningAt) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	at := st.clock.t0.At + s.at.d
	w, err := st.window(ctx, s.sel, s.at.d, s.at.d)
	if err != nil {
		return err
	}
	if end := max(at, w.To); end >= st.Session.Now() {
		if _, _, err := st.Session.RunUntil(ctx, end, nil); err != nil {
			return err
		}
	}
	st.clk().decided(at, s.at.d)
	if s.not {
		return s.notRunning(st, w, at)
	}
	// The container's last start by the window's end, and the exit of
	// that instance.
	var start, exit *timeline.Event
	for _, e := range st.clk().events() {
		if e.Pod != s.sel.Pod || e.Container != s.sel.Container || e.At > w.To {
			continue
		}
		switch e.Kind {
		case s.runs:
			start, exit = &e, nil
		case timeline.Exited:
			if start != nil {
				exit = &e
			}
		}
	}
	ended := exit != nil && (exit.At < w.From || w.IsExact() && exit.At <= at)
	if start != nil && !ended {
		// A state read at an instant, as `not … after T`: no occurrence
		// to time, and no timed check (another instant it still runs at
		// holds as well).
		return nil
	}
	v := &timeline.Verdict{Kind: timeline.WrongState, Window: &w, Read: true, ReadAt: at,
		Expected: fmt.Sprintf("container %q still running at %s%s", s.ctr.name, s.at.text, w.Note())}
	switch {
	case start == nil:
		v.Observed = fmt.Sprintf("it had not started by %s", s.at.text)
	default:
		v.Observed = fmt.Sprintf("it started at %s and exited at %s with code %d", timeline.FormatOffset(start.At-st.clock.t0.At),
			timeline.FormatOffset(exit.At-st.clock.t0.At), exit.Code)
		v.Event = exit
	}
	return v
}

// notRunning is `is not running at T`, read as Run reads its positive:
// the container's last start by the window's beginning and the first exit
// after it; it fails only if that instance ran through the whole window.
func (s *containerRunningAt) notRunning(st *State, w timeline.Window, at time.Duration) error {
	var start, exit *timeline.Event
	for _, e := range st.clk().events() {
		if e.Pod != s.sel.Pod || e.Container != s.sel.Container || e.At > w.To {
			continue
		}
		switch {
		case e.Kind == s.runs && e.At <= w.From:
			start, exit = &e, nil
		case e.Kind == timeline.Exited && start != nil && exit == nil:
			exit = &e
		}
	}
	if start == nil || exit != nil {
		return nil
	}
	return &timeline.Verdict{Kind: timeline.WrongState, Window: &w, Read: true, ReadAt: at, Event: start,
		Expected: fmt.Sprintf("container %q not running at %s%s", s.ctr.name, s.at.text, w.Note()),
		Observed: fmt.Sprintf("it started at %s and was still running", timeline.FormatOffset(start.At-st.clock.t0.At))}
}
