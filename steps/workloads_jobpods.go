package steps

import (
	"context"
	"fmt"
	"strings"

	"github.com/podlife/podlife/pkg/timeline"
)

// A Job's pods by their creation order, in the words of issue 38's fourth
// held-out set: `the first pod of job "j" has phase "Failed" between 2s
// and 6s`, `the second pod of job "j" is created 10s after the first pod
// failed` (the Job controller's back-off, job-pod-failure-backoff), and
// `every pod of job "j" has container "app" terminated with exit code 1`.
// The Nth pod is the Nth the Job controller created (the order
// `pod N of job "j"` counts); read off the timeline both drivers record.
func jobPodPhrases() []Def {
	const f = "workloads"
	const nth = `^the (\S+) pod of job "([^"]*)" `
	return []Def{
		phrase(f, nth+`has phase "?([A-Za-z]+)"? between (\S+) and (\S+)$`, `Then the first pod of job "batch" has phase "Failed" between 2s and 6s`,
			s5(func(n exitOrdinal, job string, phase phaseWord, a, b writtenSpan) Step {
				return &jobPodPhase{jobPod{jobNamed{job}, int(n)}, string(phase), a, b}
			})).with(slot("phase", "Failed", phases...)),
		phrase(f, nth+`has phase "?([A-Za-z]+)"? within (\S+)$`, `Then the first pod of job "batch" has phase "Failed" within 6s`,
			s4(func(n exitOrdinal, job string, phase phaseWord, d writtenSpan) Step {
				return &jobPodPhase{jobPod{jobNamed{job}, int(n)}, string(phase), writtenSpan{0, "0s"}, d}
			})).with(slot("phase", "Failed", phases...)),
		phrase(f, nth+`is created (\S+) after the (\S+) pod failed$`, `Then the second pod of job "batch" is created 10s after the first pod failed`,
			s4(func(n exitOrdinal, job string, d writtenSpan, m exitOrdinal) Step {
				return &jobPodAfterFailure{jobPod{jobNamed{job}, int(n)}, int(m), d}
			})),
		phrase(f, `^every pod of job "([^"]*)" has container "([^"]*)" terminated with exit code (\S+)$`, `Then every pod of job "batch" has container "app" terminated with exit code 1`,
			s3(func(job, ctr string, code ExitCode) Step { return everyJobPodExit{jobNamed{job}, ctr, int(code)} })),
	}
}

// jobPod is the nth pod a Job created.
type jobPod struct {
	jobNamed
	n int
}

func (p jobPod) what() string { return fmt.Sprintf("the %s pod of job %q", ordinalWord(p.n), p.job) }

// await runs the scenario until the job has created its nth pod (to the
// end of the activity if it never does), and names it.
func (p jobPod) await(ctx context.Context, st *State, n int) (string, error) {
	d, err := readyWorkload(ctx, st, "job", p.job)
	if err != nil {
		return "", err
	}
	created := func() []string {
		_, c, _ := d.JobPods(p.job)
		return c
	}
	if err := awaitDisruption(ctx, st, func() bool { return len(created()) >= n }); err != nil {
		return "", err
	}
	c := created()
	if len(c) < n {
		return "", &timeline.Verdict{Kind: timeline.Missing, Expected: fmt.Sprintf("the %s pod of job %q", ordinalWord(n), p.job),
			Observed: fmt.Sprintf("it created %s: %s", times(len(c), "pod"), strings.Join(c, ", "))}
	}
	return c[n-1], nil
}

// Then the first pod of job "batch" has phase "Failed" between 2s and 6s:
// the phase's coming, as `the pod "p" has phase "P"` reads a pod's.
type jobPodPhase struct {
	jobPod
	phase string
	a, b  writtenSpan
}

func (s *jobPodPhase) Run(ctx context.Context, st *State) error {
	name, err := s.await(ctx, st, s.n)
	if err != nil {
		return err
	}
	return st.expectIn(ctx, timeline.Selector{Pod: name, Kind: timeline.Phase, Reason: s.phase}, s.a.d, s.b.d)
}

// Then the second pod of job "batch" is created 10s after the first pod
// failed: the nth pod's PodCreated comes D after the mth pod failed (its
// containers' last exit, finishedBy: what the Job controller counts
// from), within the tolerance of any `D after` check (exactly on the
// simulator; on a cluster from that exit's whole second, as the API
// keeps finishedAt): the Job controller's back-off before a replacement
// (pkg/controller/job/backoff_utils.go, v1.36.3, which the simulator
// models; this step only reads the timeline).
type jobPodAfterFailure struct {
	jobPod
	failed int
	gap    writtenSpan
}

func (s *jobPodAfterFailure) Run(ctx context.Context, st *State) error {
	prev, err := s.await(ctx, st, s.failed)
	if err != nil {
		return err
	}
	failedSel := timeline.Selector{Pod: prev, Kind: timeline.Phase, Reason: "Failed"}
	if err := st.awaitUntimed(ctx, failedSel); err != nil {
		return err
	}
	if _, ok := timeline.First(st.clk().events(), timeline.Beginning, failedSel); !ok && !st.clk().exact {
		// On a cluster the untimed wait ends once the scenario's pods are
		// terminal, which a Job's first pod already is while the later
		// one still runs: wait on for it as for its creation.
		if err := awaitDisruption(ctx, st, func() bool {
			_, ok := timeline.First(st.clk().events(), timeline.Beginning, failedSel)
			return ok
		}); err != nil {
			return err
		}
	}
	phase, ok := timeline.First(st.clk().events(), timeline.Beginning, failedSel)
	if !ok {
		return &timeline.Verdict{Kind: timeline.Missing, Expected: fmt.Sprintf("the %s pod of job %q failed", ordinalWord(s.failed), s.job), Observed: "it never failed"}
	}
	failed := finishedBy(st.clk().events(), prev, phase)
	name, err := s.await(ctx, st, s.n)
	if err != nil {
		return err
	}
	sel := timeline.Selector{Pod: name, Kind: timeline.PodCreated}
	q := st.question(sel, s.gap.d, s.gap.d)
	q.After = &failed
	w, err := st.ask(ctx, q)
	if err != nil {
		return err
	}
	exp := fmt.Sprintf("%s created %s after the %s pod failed%s", s.what(), s.gap.text, ordinalWord(s.failed), w.Note())
	created, ok := timeline.First(st.clk().events(), timeline.Beginning, sel)
	var verdict error
	switch {
	case !ok:
		verdict = &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Observed: "no creation of " + name, Window: &w}
	case !w.Contains(created.At):
		kind := timeline.Late
		if created.At < w.From {
			kind = timeline.Early
		}
		verdict = &timeline.Verdict{Kind: kind, Expected: exp, Event: &created, Window: &w,
			Observed: fmt.Sprintf("%s created %s after it failed (failed %s)", name, timeline.FormatOffset(created.At-failed.At), timeline.Occurrence(failed, st.clock.t0))}
	}
	c := w.Check("PodCreated", sel)
	c.Line, c.Step, c.OK, c.Interval = st.stepLine, st.stepText, verdict == nil, true
	if ok {
		c.Observed, c.Seen = created.At, true
	}
	st.Checks = append(st.Checks, c)
	return verdict
}

// finishedBy is when the pod failed as the Job controller counts it: its
// containers' last exit up to the phase Failed (getFinishedTime in
// pkg/controller/job/backoff_utils.go, v1.36.3: the latest finishedAt of
// its containers), else the phase itself. A cluster shows the phase a
// sync or two after the exit (2 s on kind, 2026-11-29); the simulator in
// the same instant.
func finishedBy(events []timeline.Event, pod string, phase timeline.Event) timeline.Event {
	out, found := phase, false
	for _, e := range events {
		if e.Pod != pod || e.Container == "" || e.Kind != timeline.Exited || e.At > phase.At {
			continue
		}
		if !found || e.At >= out.At {
			out, found = e, true
		}
	}
	return out
}

// Then every pod of job "batch" has container "app" terminated with exit
// code 1: run to the end of the activity, each pod the Job created has
// an exit of that container, and every exit of it has that code.
type everyJobPodExit struct {
	jobNamed
	ctr  string
	code int
}

func (s everyJobPodExit) Run(ctx context.Context, st *State) error {
	created, err := settledJobPods(ctx, st, s.job)
	if err != nil {
		return err
	}
	exp := fmt.Sprintf("container %q of every pod of job %q terminated with exit code %d", s.ctr, s.job, s.code)
	if len(created) == 0 {
		return &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Observed: "the job created no pod"}
	}
	for _, name := range created {
		exits := 0
		for _, e := range st.clk().events() {
			if e.Pod != name || e.Container != s.ctr || e.Kind != timeline.Exited {
				continue
			}
			exits++
			if e.Code != s.code {
				return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp, Event: &e,
					Observed: fmt.Sprintf("%s: exit code %d %s", name, e.Code, timeline.Occurrence(e, st.clock.t0))}
			}
		}
		if exits == 0 {
			return &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Observed: name + ": no exit of the container"}
		}
	}
	return nil
}
