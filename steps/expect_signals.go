package steps

import (
	"context"
	"fmt"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

func signalExpectations() []Def {
	const f = "signals and hooks"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	at := func(kind timeline.Kind) parser {
		return s3(func(c, p, at string) Step { return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: kind, lo: at, hi: at} })
	}
	return []Def{
		phrase(f, ctr+`runs its preStop hook at (\S+)$`, `Then container "app" runs its preStop hook at 0s`, at(timeline.PreStopStarted)),
		phrase(f, `^the preStop hook of container "([^"]*)"(?: of pod "([^"]*)")? finishes at (\S+)$`, `Then the preStop hook of container "app" finishes at 3s`, at(timeline.PreStopDone)),
		phrase(f, ctr+`receives (SIG\S+)$`, `Then container "app" receives SIGTERM`,
			s3(func(c, p string, sig sigKind) Step { return &signalReceived{ctr: ctrOfPod{c, p}, sig: sig} })).with(signalSlot("SIGTERM")),
		phrase(f, ctr+`receives (SIG\S+) at (\S+)$`, `Then container "app" receives SIGTERM at 3s`,
			s4(func(c, p string, sig sigKind, at string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Kind(sig), lo: at, hi: at}
			})).with(signalSlot("SIGTERM")),
		phrase(f, ctr+`receives (SIG\S+) within (\S+)$`, `Then container "app" receives SIGTERM within 1s`,
			s4(func(c, p string, sig sigKind, d string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Kind(sig), lo: "0s", hi: d}
			})).with(signalSlot("SIGTERM")),
		phrase(f, ctr+`receives (SIG\S+) between (\S+) and (\S+)$`, `Then container "app" receives SIGKILL between 4s and 6s`, signalBetween).with(signalSlot("SIGKILL")),
		phrase(f, ctr+`receives SIGKILL (\S+) after SIGTERM$`, `Then container "app" receives SIGKILL 2s after SIGTERM`,
			s3(func(c, p string, gap afterNames[time.Duration]) Step {
				return &killAfterTerm{ctr: ctrOfPod{c, p}, gap: gap}
			})),
		phrase(f, ctr+`never receives (SIG\S+)$`, `Then container "app" never receives SIGKILL`,
			s3(func(c, p string, sig sigKind) Step { return &neverSignal{ctr: ctrOfPod{c, p}, sig: sig} })).with(signalSlot("SIGKILL")),
		phrase(f, ctr+`never starts$`, `Then container "app" never starts`,
			s2(func(c, p string) Step { return &neverStarts{ctrStarts{ctr: ctrOfPod{c, p}}} })),
		phrase(f, ctr+`exits with code (\S+)$`, `Then container "app" exits with code 0`,
			s3(func(c, p string, code afterNames[ExitCode]) Step {
				return &exitsWithCodeUntimed{ctr: ctrOfPod{c, p}, code: code}
			})),
		phrase(f, ctr+`is OOMKilled$`, `Then container "app" is OOMKilled`,
			s2(func(c, p string) Step { return &oomKilled{ctr: ctrOfPod{c, p}} })),
		phrase(f, ctr+`exits at (\S+) with code (\S+)$`, `Then container "app" exits at 5s with code 137`,
			s4(func(c, p string, at afterNames[time.Duration], code afterNames[ExitCode]) Step {
				return &exitsAt{ctr: ctrOfPod{c, p}, at: at, code: code}
			})),
		phrase(f, ctr+`exits at (\S+)$`, `Then container "app" exits at 5s`,
			s3(func(c, p string, at afterNames[time.Duration]) Step { return &exitsAt{ctr: ctrOfPod{c, p}, at: at} })),
		phrase(f, ctr+`exits within (\S+)$`, `Then container "app" exits within 10s`,
			s3(func(c, p, d string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Exited, lo: "0s", hi: d}
			})),
		phrase(f, ctr+`exits between (\S+) and (\S+)$`, `Then container "app" exits between 4s and 6s`,
			s4(func(c, p, a, b string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Exited, lo: a, hi: b}
			})),
		phrase(f, ctr+`is restarted between (\S+) and (\S+)$`, `Then container "app" of pod "web" is restarted between 20s and 30s`,
			s4(func(c, p, a, b string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Restarted, lo: a, hi: b}
			})),
		// A restart at an instant or by a deadline, as authors time it:
		// the container's next restart after t=0 (its next start).
		phrase(f, ctr+`(?:restarts|is restarted) at (\S+)$`, `Then container "app" of pod "web" is restarted at 10s`,
			s3(func(c, p, at string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Restarted, lo: at, hi: at}
			})),
		phrase(f, ctr+`(?:restarts|is restarted) within (\S+)$`, `Then container "app" of pod "web" is restarted within 20s`,
			s3(func(c, p, d string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Restarted, lo: "0s", hi: d}
			})),
		phrase(f, ctr+`receives SIGTERM after container "([^"]*)" has exited$`, `Then container "sidecar" receives SIGTERM after container "app" has exited`,
			s3(func(c, p, other string) Step {
				return &ctrEventAfter{ctr: ctrOfPod{c, p}, kind: timeline.SIGTERM, other: other, otherKind: timeline.Exited}
			})),
		phrase(f, ctr+`stops after container "([^"]*)"$`, `Then container "sidecar" stops after container "app"`,
			s3(func(c, p, other string) Step {
				return &ctrEventAfter{ctr: ctrOfPod{c, p}, kind: timeline.Exited, other: other, otherKind: timeline.Exited}
			})),
		phrase(f, ctr+`starts after container "([^"]*)" is ready$`, `Then container "init-b" starts after container "init-a" is ready`,
			s3(func(c, p, other string) Step {
				return &ctrEventAfter{ctr: ctrOfPod{c, p}, kind: timeline.Started, other: other, otherKind: timeline.Ready}
			})),
		phrase(f, `^the containers of pod "([^"]*)" stop in this order: (.+)$`, `Then the containers of pod "web" stop in this order: "app", "proxy", "logger"`,
			s2(func(pod, list string) Step { return &containersInOrder{pod: pod, list: list, kind: timeline.Exited} })),
		phrase(f, `^the containers of pod "([^"]*)" start in this order: (.+)$`, `Then the containers of pod "web" start in this order: "istio", "app"`,
			s2(func(pod, list string) Step { return &containersInOrder{pod: pod, list: list, kind: timeline.Started} })),
	}
}

// signalBetween reads `receives SIGKILL between 4s and 6s`, whose five
// captures no adaptor takes.
func signalBetween(c []string, _ Arg) (Step, error) {
	sig, err := slotValue[sigKind](c[2])
	if err != nil {
		return nil, err
	}
	return &ctrEventIn{ctr: ctrOfPod{c[0], c[1]}, kind: timeline.Kind(sig), lo: c[3], hi: c[4]}, nil
}

// sigKind is a signal slot: SIGTERM or SIGKILL, as an event kind.
type sigKind timeline.Kind

func (s *sigKind) set(v string) error {
	k, err := parseSignal(v)
	*s = sigKind(k)
	return err
}

func parseSignal(s string) (timeline.Kind, error) {
	switch s {
	case "SIGTERM":
		return timeline.SIGTERM, nil
	case "SIGKILL":
		return timeline.SIGKILL, nil
	}
	return "", inputErr("signal %q is not SIGTERM or SIGKILL", s)
}

// afterNames is a slot read with its phrase whose problem Declare reports
// after the names the step checks: these steps checked the container
// before a time or a code, and a step with both wrong still says the
// same first. An optional capture left out is no value (given false).
type afterNames[T any] struct {
	text string // as written: messages quote it
	v    T
	err  error
}

func (l *afterNames[T]) set(s string) error {
	l.text = s
	if s != "" {
		l.v, l.err = slotValue[T](s)
	}
	return nil
}

func (l afterNames[T]) given() bool { return l.text != "" }

// ctrOfPod is `container "app" [of pod "web"]`.
type ctrOfPod struct{ name, pod string }

func (c ctrOfPod) event(pl *Plan, kind timeline.Kind) (timeline.Selector, error) {
	return pl.containerEvent(c.name, c.pod, kind)
}

// Then container "app" runs its preStop hook at 0s; the preStop hook of
// container "app" finishes at 3s (when the kubelet stops waiting for it:
// it completed, failed, or the grace ran out); container "app" receives
// SIGTERM at 3s, within 1s, between 4s and 6s; container "app" of pod
// "web" is restarted between 20s and 30s (its next restart after t=0);
// container "app" exits within 10s, between 4s and 6s (its first exit at
// or after t=0, with any code).
type ctrEventIn struct {
	ctr    ctrOfPod
	kind   timeline.Kind
	lo, hi string
	// Declare's: the event and its bounds.
	sel      timeline.Selector
	from, to time.Duration
}

func (s *ctrEventIn) Declare(pl *Plan) (err error) {
	if s.sel, err = s.ctr.event(pl, s.kind); err != nil {
		return err
	}
	s.from, s.to, err = window(s.lo, s.hi)
	return err
}

func (s *ctrEventIn) Run(ctx context.Context, st *State) error {
	return st.expectIn(ctx, s.sel, s.from, s.to)
}

// Then container "app" receives SIGTERM: untimed (untimed.go), at any
// time of the scenario.
type signalReceived struct {
	ctr ctrOfPod
	sig sigKind
	sel timeline.Selector
}

func (s *signalReceived) Declare(pl *Plan) (err error) {
	s.sel, err = s.ctr.event(pl, timeline.Kind(s.sig))
	return err
}

func (s *signalReceived) Run(ctx context.Context, st *State) error {
	return st.expectUntimed(ctx, s.sel, fmt.Sprintf("%s sent to container %q", s.sig, s.sel.Container), nil)
}

// Then container "app" exits with code 0: untimed; the exit chosen (the
// first at or after t=0, else the first) has that code.
type exitsWithCodeUntimed struct {
	ctr  ctrOfPod
	code afterNames[ExitCode]
	sel  timeline.Selector
}

func (s *exitsWithCodeUntimed) Declare(pl *Plan) (err error) {
	if s.sel, err = s.ctr.event(pl, timeline.Exited); err != nil {
		return err
	}
	return s.code.err
}

func (s *exitsWithCodeUntimed) Run(ctx context.Context, st *State) error {
	want := int(s.code.v)
	return st.expectUntimed(ctx, s.sel, fmt.Sprintf("exit of container %q with code %d", s.sel.Container, want),
		func(e timeline.Event) bool { return e.Code == want })
}

// Then container "app" is OOMKilled: untimed; an exit the runtime reports
// as OOMKilled (the kernel's OOM killer in the container's cgroup).
type oomKilled struct {
	ctr ctrOfPod
	sel timeline.Selector
}

func (s *oomKilled) Declare(pl *Plan) (err error) {
	if s.sel, err = s.ctr.event(pl, timeline.Exited); err != nil {
		return err
	}
	s.sel.Reason = "OOMKilled"
	return nil
}

func (s *oomKilled) Run(ctx context.Context, st *State) error {
	if err := st.expectUntimed(ctx, s.sel, fmt.Sprintf("container %q OOMKilled", s.sel.Container), nil); err != nil {
		if m, ok := err.(*timeline.Verdict); ok {
			exits := s.sel
			exits.Reason = ""
			if all := st.clk().occurrences(exits, timeline.Event{Seq: ^uint64(0)}); all != "" {
				m.Observed += "; its exits: " + all
			}
		}
		return err
	}
	return nil
}

// Then container "app" never receives SIGKILL: over the whole scenario,
// run to the end of its activity.
type neverSignal struct {
	ctr ctrOfPod
	sig sigKind
	sel timeline.Selector
}

func (s *neverSignal) Declare(pl *Plan) (err error) {
	s.sel, err = s.ctr.event(pl, timeline.Kind(s.sig))
	return err
}

func (s *neverSignal) Run(ctx context.Context, st *State) error {
	return expectNever(ctx, st, s.sel)
}

// expectNever runs the scenario to the end of its activity (settle) and
// expects no event of sel at or after t=0: the `never …` steps.
func expectNever(ctx context.Context, st *State, sel timeline.Selector) error {
	if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	return timeline.ExpectNever(st.clk().events(), st.clock.t0, sel)
}

// ctrStarts is a phrase's container whose starts its check reads:
// `never starts`, `is running within D`, `is still running at T`.
type ctrStarts struct {
	ctr ctrOfPod
	sel timeline.Selector
}

func (s *ctrStarts) Declare(pl *Plan) (err error) {
	s.sel, err = s.ctr.event(pl, timeline.Started)
	return err
}

// Then container "app" never starts: no start of the container in the
// whole scenario, run to the end of its activity (as `never receives`).
type neverStarts struct{ ctrStarts }

func (s *neverStarts) Run(ctx context.Context, st *State) error {
	if err := st.observable(s.sel); err != nil {
		return err
	}
	return expectNever(ctx, st, s.sel)
}

// Then container "app" exits at 5s with code 137; Then container "app"
// exits at 5s, with any code.
type exitsAt struct {
	ctr  ctrOfPod
	at   afterNames[time.Duration]
	code afterNames[ExitCode]
	sel  timeline.Selector
}

func (s *exitsAt) Declare(pl *Plan) (err error) {
	if s.sel, err = s.ctr.event(pl, timeline.Exited); err != nil {
		return err
	}
	if s.code.err != nil {
		return s.code.err
	}
	return s.at.err
}

func (s *exitsAt) Run(ctx context.Context, st *State) error {
	if err := st.expectIn(ctx, s.sel, s.at.v, s.at.v); err != nil {
		return err
	}
	if !s.code.given() {
		return nil
	}
	return s.checkCode(st, "at "+s.at.text)
}

// checkCode: the exit the step timed (the first at or after t=0) has the
// step's code; when says the step's time bound.
func (s *exitsAt) checkCode(st *State, when string) error {
	want := int(s.code.v)
	e, _ := timeline.First(st.clk().events(), st.from(s.sel.Pod), s.sel)
	if e.Code != want {
		return &timeline.Verdict{
			Kind:     timeline.Missing,
			Expected: fmt.Sprintf("exit of container %q %s with code %d", s.ctr.name, when, want),
			Observed: fmt.Sprintf("exit at %s with code %d (%s)", timeline.FormatOffset(e.At-st.clock.t0.At), e.Code, e.Reason),
			Event:    &e,
		}
	}
	return nil
}

// Then container "sidecar" receives SIGTERM after container "app" has
// exited; container "init-b" starts after container "init-a" is ready;
// container "sidecar" stops after container "app" (its exit after the
// other's: `stop in this order` of two).
type ctrEventAfter struct {
	ctr             ctrOfPod
	kind, otherKind timeline.Kind
	other           string
}

func (s *ctrEventAfter) Declare(pl *Plan) error {
	_, _, err := pl.afterEvents(s.ctr.name, s.ctr.pod, s.kind, s.other, s.otherKind)
	return err
}

func (s *ctrEventAfter) Run(ctx context.Context, st *State) error {
	return expectAfter(ctx, st, s.ctr.name, s.ctr.pod, s.kind, s.other, s.otherKind)
}

// afterEvents are the selectors of `container "c" <kind> after container
// "other" <otherKind>`: the other container is of c's pod.
func (pl *Plan) afterEvents(cname, pname string, kind timeline.Kind, other string, otherKind timeline.Kind) (ev, ref timeline.Selector, err error) {
	if ev, err = pl.containerEvent(cname, pname, kind); err != nil {
		return ev, ref, err
	}
	ref, err = pl.containerEvent(other, ev.Pod, otherKind)
	return ev, ref, err
}

func expectAfter(ctx context.Context, st *State, cname, pname string, kind timeline.Kind, other string, otherKind timeline.Kind) error {
	ev, earlier, err := st.Plan.afterEvents(cname, pname, kind, other, otherKind)
	if err != nil {
		return err
	}
	// The reference chosen, the wait goes on until the other event comes
	// after it (docs/language.md, Time: "untimed expectations").
	after := func(events []timeline.Event) bool {
		ref, ok := timeline.Chosen(events, st.clock.t0, earlier)
		if !ok {
			return false
		}
		_, ok = timeline.FirstAfter(events, ref, st.order(), ev)
		return ok
	}
	if err := st.awaitUntimedFor(ctx, after, earlier); err != nil {
		return err
	}
	return timeline.ExpectAfterUntimed(st.clk().events(), st.clock.t0, st.order(), ev, earlier)
}

// Then the containers of pod "web" stop in this order: "app", "proxy",
// "logger"; the containers of pod "web" start in this order: "istio",
// "app".
type containersInOrder struct {
	pod, list string
	kind      timeline.Kind
}

func (s *containersInOrder) Declare(pl *Plan) error {
	_, err := pl.orderEvents(s.pod, s.list, s.kind)
	return err
}

func (s *containersInOrder) Run(ctx context.Context, st *State) error {
	return expectOrder(ctx, st, s.pod, s.list, s.kind)
}

// orderEvents are the selectors of an order's list of containers.
func (pl *Plan) orderEvents(pod, list string, kind timeline.Kind) ([]timeline.Selector, error) {
	names, err := quoted(list)
	if err != nil {
		return nil, err
	}
	if len(names) < 2 {
		return nil, inputErr("an order needs at least two containers")
	}
	var sels []timeline.Selector
	for _, n := range names {
		sel, err := pl.containerEvent(n, pod, kind)
		if err != nil {
			return nil, err
		}
		sels = append(sels, sel)
	}
	return sels, nil
}

func expectOrder(ctx context.Context, st *State, pod, list string, kind timeline.Kind) error {
	sels, err := st.Plan.orderEvents(pod, list, kind)
	if err != nil {
		return err
	}
	if err := st.awaitUntimed(ctx, sels...); err != nil {
		return err
	}
	return timeline.ExpectOrderUntimed(st.clk().events(), st.clock.t0, st.order(), sels)
}
