package steps

import (
	"context"
	"fmt"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// A Job's deletion (held-out set 40: ttlSecondsAfterFinished, the
// TTL-after-finished controller's foreground delete of a finished Job).
// Both drivers record it under the Job's timeline name ("job/<name>"):
// DeleteRequested when a delete of the Job is accepted (its
// deletionTimestamp set), Deleted when the object is gone from the API
// (after its pods, in a foreground deletion). As a pod's: `is deleted`
// is the delete accepted, `is gone` the object removed.
func jobDeletionPhrases() []Def {
	const f = "workloads"
	const job = `^the job "([^"]*)" is `
	gone := slot("deleted or gone", "gone", "deleted", "gone")
	return []Def{
		phrase(f, job+`(deleted|gone) within (\S+)$`, `Then the job "report" is gone within 20s`,
			s3(func(name, what string, d writtenSpan) Step {
				return &jobDeletion{name: name, what: what, lo: "0s", hi: d.text, timed: true}
			})).with(gone),
		phrase(f, job+`(deleted|gone) at (\S+)$`, `Then the job "report" is gone at 13s`,
			s3(func(name, what string, at writtenSpan) Step {
				return &jobDeletion{name: name, what: what, lo: at.text, hi: at.text, timed: true}
			})).with(gone),
		phrase(f, job+`(deleted|gone) between (\S+) and (\S+)$`, `Then the job "report" is deleted between 12s and 13s`,
			s4(func(name, what string, a, b writtenSpan) Step {
				return &jobDeletion{name: name, what: what, lo: a.text, hi: b.text, timed: true}
			})).with(slot("deleted or gone", "deleted", "deleted", "gone")),
		phrase(f, job+`(deleted|gone)$`, `Then the job "report" is gone`,
			s2(func(name, what string) Step { return &jobDeletion{name: name, what: what} })).with(gone),
		phrase(f, job+`never (deleted|gone)$`, `Then the job "keep" is never deleted`,
			s2(func(name, what string) Step { return &jobDeletion{name: name, what: what, never: true} })).
			with(slot("deleted or gone", "deleted", "deleted", "gone")),
		phrase(f, job+`not (deleted|gone)$`, `Then the job "keep" is not gone`,
			s2(func(name, what string) Step { return &jobDeletion{name: name, what: what, never: true} })).with(gone),
		phrase(f, job+`not (deleted|gone) before (\S+)$`, `Then the job "report" is not gone before 12s`,
			s3(func(name, what string, d writtenSpan) Step {
				return &jobNotDeletedBefore{name: name, what: what, d: d}
			})).with(gone),
		// A pod's family: `the first pod of job "report"` names the pod.
		phrase("pod expectations", `^the pod "([^"]*)" is gone before the job "([^"]*)" is gone$`, `Then the pod "report-x7k2p" is gone before the job "report" is gone`,
			s2(func(pod, job string) Step { return &podGoneBeforeJob{pod: pod, job: job} })),
	}
}

// Then the first pod of job "report" is gone before the job "report" is
// gone: the pod's removal came (untimed), and the Job's, if it came,
// after it, as `the pod "a" is gone before the pod "b"` orders two pods:
// a foreground deletion removes the owner once its dependents are gone.
type podGoneBeforeJob struct {
	pod, job    string
	first, then timeline.Selector
}

func (s *podGoneBeforeJob) Declare(pl *Plan) error {
	p, err := pl.mustPod(s.pod)
	if err != nil {
		return err
	}
	if _, err := pl.workload("job", s.job); err != nil {
		return err
	}
	s.first, s.then = timeline.Selector{Pod: p.name, Kind: timeline.Deleted}, jobDeletionSel(s.job, "gone")
	return nil
}

func (s *podGoneBeforeJob) Run(ctx context.Context, st *State) error {
	if _, err := readyWorkload(ctx, st, "job", s.job); err != nil {
		return err
	}
	return expectBefore(ctx, st, s.first, s.then, fmt.Sprintf("pod %q gone", s.pod))
}

// jobDeletionSel selects a Job's deletion: its delete accepted
// (`deleted`) or its removal (`gone`).
func jobDeletionSel(name, what string) timeline.Selector {
	kind := timeline.DeleteRequested
	if what == "gone" {
		kind = timeline.Deleted
	}
	return timeline.Selector{Pod: timeline.ObjectName("Job", name), Kind: kind}
}

// Then the job "report" is gone within 20s (deleted within D, at T,
// between A and B, untimed; never deleted, not gone): the Job's deletion as the timeline
// records it. `deleted` is an event (the delete accepted: its first at
// or after t=0 is judged, as a pod's DeleteRequested is); `gone` is a
// state (dsl.md: `within D` holds for a Job gone before t=0 too).
// Untimed, the scenario runs to the end of its activity for it; `never`
// holds when no such event comes in the whole scenario, run to the end
// of its activity (a Job whose TTL has not run out is activity: the
// simulator runs to its expiry, up to its 10 min cap).
type jobDeletion struct {
	name, what string
	lo, hi     string
	timed      bool
	never      bool
	sel        timeline.Selector
	from, to   time.Duration
}

func (s *jobDeletion) Declare(pl *Plan) (err error) {
	if _, err := pl.workload("job", s.name); err != nil {
		return err
	}
	s.sel = jobDeletionSel(s.name, s.what)
	if s.timed {
		s.from, s.to, err = window(s.lo, s.hi)
	}
	return err
}

func (s *jobDeletion) Run(ctx context.Context, st *State) error {
	if _, err := readyWorkload(ctx, st, "job", s.name); err != nil {
		return err
	}
	if err := st.observable(s.sel); err != nil {
		return err
	}
	switch {
	case s.never:
		err := expectNever(ctx, st, s.sel)
		if v, ok := err.(*timeline.Verdict); ok && v.Event != nil {
			v.Expected = fmt.Sprintf("job %q never %s, to the end of the activity", s.name, s.what)
			v.Observed = fmt.Sprintf("%s at %s", s.what, timeline.FormatOffset(v.Event.At-st.clock.t0.At))
		}
		return err
	case s.timed:
		if s.what == "gone" && s.from == 0 {
			// A state: gone before t=0 holds `within D`.
			if e, ok := timeline.First(st.clk().events(), timeline.Beginning, s.sel); ok && !st.clock.t0.Precedes(e) {
				return nil
			}
		}
		return st.expectIn(ctx, s.sel, s.from, s.to)
	}
	if err := st.awaitUntimed(ctx, s.sel); err != nil {
		return err
	}
	if timeline.Count(st.clk().events(), s.sel) > 0 {
		return nil
	}
	return &timeline.Verdict{Kind: timeline.Missing, Expected: fmt.Sprintf("job %q %s, to the end of the activity", s.name, s.what),
		Observed: fmt.Sprintf("job %q was not %s", s.name, s.what)}
}

// Then the job "report" is not gone before 12s (not deleted before T):
// no such event of the Job from t=0 up to t0+T (on a cluster up to the
// earliest moment the window of t0+T allows), and for `gone` not gone
// at t=0 either; read over the interval, as a pod's `is not gone before
// T` is.
type jobNotDeletedBefore struct {
	name, what string
	d          writtenSpan
}

func (s *jobNotDeletedBefore) Declare(pl *Plan) error {
	_, err := pl.workload("job", s.name)
	return err
}

func (s *jobNotDeletedBefore) Run(ctx context.Context, st *State) error {
	if _, err := readyWorkload(ctx, st, "job", s.name); err != nil {
		return err
	}
	sel := jobDeletionSel(s.name, s.what)
	if err := st.observable(sel); err != nil {
		return err
	}
	w, err := st.window(ctx, sel, s.d.d, s.d.d)
	if err != nil {
		return err
	}
	end, err := runToNotBefore(ctx, st, w, s.d.d)
	if err != nil {
		return err
	}
	fail := func(observed string, e *timeline.Event) error {
		return &timeline.Verdict{Kind: timeline.Early, Window: &w, Event: e,
			Expected: fmt.Sprintf("job %q not %s before %s%s", s.name, s.what, s.d.text, w.Note()), Observed: observed}
	}
	for _, e := range st.clk().events() {
		if !sel.Matches(e) {
			continue
		}
		switch {
		case !st.clock.t0.Precedes(e) && s.what == "gone":
			return fail(fmt.Sprintf("gone at t=0 (since %s)", timeline.FormatOffset(e.At-st.clock.t0.At)), &e)
		case st.clock.t0.Precedes(e) && e.At < end:
			return fail(fmt.Sprintf("%s at %s", s.what, timeline.FormatOffset(e.At-st.clock.t0.At)), &e)
		}
	}
	return nil
}

// runToNotBefore runs the session to where a `not … before T` window
// starts (never before t=0), and the current time moves there: the
// verdict reads the events up to it, which it returns.
func runToNotBefore(ctx context.Context, st *State, w timeline.Window, d time.Duration) (time.Duration, error) {
	end := max(st.clock.t0.At, w.From)
	if end >= st.Session.Now() {
		if _, _, err := st.Session.RunUntil(ctx, end, nil); err != nil {
			return 0, err
		}
	}
	st.clk().decided(end, d)
	return end, nil
}
