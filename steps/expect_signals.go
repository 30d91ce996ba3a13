package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

func signalExpectations() []Def {
	const f = "signals and hooks"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		def(f, ctr+`runs its preStop hook at (\S+)$`, `Then container "app" runs its preStop hook at 0s`, preStopAt),
		def(f, `^the preStop hook of container "([^"]*)"(?: of pod "([^"]*)")? finishes at (\S+)$`, `Then the preStop hook of container "app" finishes at 3s`, preStopDoneAt),
		def(f, ctr+`receives (SIG\S+)$`, `Then container "app" receives SIGTERM`, signalReceived).with(signalSlot("SIGTERM")),
		def(f, ctr+`receives (SIG\S+) at (\S+)$`, `Then container "app" receives SIGTERM at 3s`, signalAt).with(signalSlot("SIGTERM")),
		def(f, ctr+`receives (SIG\S+) within (\S+)$`, `Then container "app" receives SIGTERM within 1s`, signalWithin).with(signalSlot("SIGTERM")),
		def(f, ctr+`receives (SIG\S+) between (\S+) and (\S+)$`, `Then container "app" receives SIGKILL between 4s and 6s`, signalBetween).with(signalSlot("SIGKILL")),
		def(f, ctr+`receives SIGKILL (\S+) after SIGTERM$`, `Then container "app" receives SIGKILL 2s after SIGTERM`, killAfterTerm),
		def(f, ctr+`never receives (SIG\S+)$`, `Then container "app" never receives SIGKILL`, neverSignal).with(signalSlot("SIGKILL")),
		def(f, ctr+`exits with code (\S+)$`, `Then container "app" exits with code 0`, exitsWithCodeUntimed),
		def(f, ctr+`is OOMKilled$`, `Then container "app" is OOMKilled`, oomKilled),
		def(f, ctr+`exits at (\S+) with code (\S+)$`, `Then container "app" exits at 5s with code 137`, exitsAt),
		def(f, ctr+`is restarted between (\S+) and (\S+)$`, `Then container "app" of pod "web" is restarted between 20s and 30s`, restartedBetween),
		def(f, ctr+`receives SIGTERM after container "([^"]*)" has exited$`, `Then container "sidecar" receives SIGTERM after container "app" has exited`, termAfterExit),
		def(f, ctr+`starts after container "([^"]*)" is ready$`, `Then container "init-b" starts after container "init-a" is ready`, startsAfterReady),
		def(f, `^the containers of pod "([^"]*)" stop in this order: (.+)$`, `Then the containers of pod "web" stop in this order: "app", "proxy", "logger"`, stopOrder),
		def(f, `^the containers of pod "([^"]*)" start in this order: (.+)$`, `Then the containers of pod "web" start in this order: "istio", "app"`, startOrder),
	}
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

// containerEvent resolves a container and builds the selector of one of
// its events; in a dry run it only checks the names.
func (pl *Plan) containerEvent(cname, pname string, kind timeline.Kind) (timeline.Selector, error) {
	p, c, err := pl.mustContainer(cname, pname)
	if err != nil {
		return timeline.Selector{}, err
	}
	return timeline.Selector{Pod: p.name, Container: c.Name, Kind: kind}, nil
}

// order is how order checks compare events (dsl.md, Time: "order"): on
// a cluster, events observed within a millisecond are a tie; the kill
// work of a pod's containers is unordered among itself.
func (st *State) order() timeline.Order {
	if st.Driver.Capabilities().Has(driver.ExactTime) {
		return timeline.Order{Concurrent: st.concurrent}
	}
	return timeline.Order{Tie: time.Millisecond, Concurrent: st.concurrent, Spread: killSpread}
}

// killSpread is how far apart a cluster's kubelet may act on two of a
// pod's containers it kills concurrently, as seen: its goroutines start
// together, and an exec preStop's process starts after runc's exec
// (20–390 ms measured on a busy node; two preStop hooks started 134 ms
// apart, docs/fidelity.md).
const killSpread = 500 * time.Millisecond

// concurrent tells two events of the work the kubelet does for two of a
// pod's regular containers at once: it kills each in its own goroutine
// (killContainersWithSyncResult, pkg/kubelet/kuberuntime/
// kuberuntime_container.go), so their preStop hooks, stop signals, kills
// and the exits that follow race; two containers exiting on their own in
// one instant are two processes, unordered too. Starts are not: SyncPod
// starts a pod's containers one after another (kuberuntime_manager.go).
// Sidecars and init containers are not either: their kills wait on the
// main containers and on each other (kuberuntime_termination_order.go).
func (st *State) concurrent(a, b timeline.Event) bool {
	if a.Pod != b.Pod || a.Container == "" || b.Container == "" || a.Container == b.Container || !killWork(a.Kind) || !killWork(b.Kind) {
		return false
	}
	p := st.Plan.pod(a.Pod)
	if p == nil {
		return false
	}
	regular := func(name string) bool {
		for _, c := range p.pod.Spec.Containers {
			if c.Name == name {
				return true
			}
		}
		return false
	}
	return regular(a.Container) && regular(b.Container)
}

// killWork are the kinds of a container's kill and its end.
func killWork(k timeline.Kind) bool {
	switch k {
	case timeline.PreStopStarted, timeline.PreStopDone, timeline.SIGTERM, timeline.SIGKILL, timeline.Exited:
		return true
	}
	return false
}

// expectAt is the `at T` rule: the first occurrence at or after t=0 is at
// t0+T (on a cluster, in the window counted from the kubelet's reaction).
func (st *State) expectAt(ctx context.Context, sel timeline.Selector, at string) error {
	d, err := parseDuration(at)
	if err != nil || st.DryRun {
		return err
	}
	return st.expectIn(ctx, sel, d, d)
}

// expectIn checks that the first occurrence of sel at or after t=0 lies
// in [lo, hi] after the reference (see window), and records the check.
func (st *State) expectIn(ctx context.Context, sel timeline.Selector, lo, hi time.Duration) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	w, err := st.window(ctx, sel, lo, hi)
	if err != nil {
		return err
	}
	if sel.Kind == timeline.Deleted && sel.Container == "" {
		if _, live := st.liveWindows(); live {
			return st.expectGone(ctx, sel, lo, hi)
		}
	}
	if err := st.waitFor(ctx, w.To, sel); err != nil {
		return err
	}
	// A window moves with what the driver has seen since: one that
	// carries a pod's start chain grows as its later containers are seen
	// starting (lastChainStart), one a probe's answers decide narrows to
	// them (readyAtAnswer). Wait on to the end of the window as it stands
	// once the first one ended.
	for range 3 {
		w2, err := st.window(ctx, sel, lo, hi)
		if err != nil || w2 == w {
			break
		}
		w = w2
		if err := st.waitFor(ctx, w.To, sel); err != nil {
			return err
		}
	}
	w = st.afterNotice(ctx, sel, w)
	err = st.lookAhead(ctx, timeline.ExpectInFrom(st.events(), st.t0, st.from(sel.Pod), w, sel), sel)
	return st.recordCheck(sel, w, err)
}

// recordCheck keeps the outcome of an expectation about sel, observed as
// the first matching event at or after t=0, against its window.
func (st *State) recordCheck(sel timeline.Selector, w timeline.Window, err error) error {
	var obs *timeline.Event
	if e, ok := timeline.First(st.events(), st.from(sel.Pod), sel); ok {
		obs = &e
	}
	return st.keepWindowCheck(sel, checkWhat(sel), w, obs, err)
}

// checkWhat names what a check about sel awaits: "SIGKILL", "exit".
func checkWhat(sel timeline.Selector) string {
	what := sel.Describe()
	if sel.Kind != "" {
		what = timeline.Event{Kind: sel.Kind, Reason: sel.Reason, Status: sel.Status, Code: sel.Code}.Label()
		if sel.Kind == timeline.Exited && !sel.HasCode {
			what = "exit"
		}
	}
	return what
}

// lookAhead completes a failure on the simulator, where the rest of the
// scenario costs nothing: it says when the awaited event did come, if it
// came later. The scenario has failed, so moving its clock is harmless.
func (st *State) lookAhead(ctx context.Context, err error, sel timeline.Selector) error {
	m, ok := err.(*timeline.Verdict)
	if !ok || m.Kind != timeline.Missing {
		return err
	}
	if !st.Driver.Capabilities().Has(driver.ExactTime) {
		// On a cluster, wait a little longer to say when it came.
		if _, found, rerr := st.Session.RunUntil(ctx, st.Session.Now()+st.tol(), func(v driver.View) bool {
			_, ok := timeline.First(v.Timeline(), st.from(sel.Pod), sel)
			return ok
		}); rerr == nil && found {
			e, _ := timeline.First(st.events(), st.from(sel.Pod), sel)
			m.Observed = fmt.Sprintf("no %s by the window's end; it came at %s", sel.Describe(), timeline.FormatOffset(e.At-st.t0.At))
		}
		return m
	}
	if _, _, serr := st.Session.Settle(ctx, st.settleLimit()); serr != nil {
		return err
	}
	if e, found := timeline.First(st.events(), st.t0, sel); found {
		m.Observed = fmt.Sprintf("no %s by the deadline; it came at %s", sel.Describe(), timeline.FormatOffset(e.At-st.t0.At))
	} else {
		m.Observed = fmt.Sprintf("no %s at or after t=0 (the scenario ran %s, t=0 at %s)", sel.Describe(), timeline.FormatOffset(st.Session.Now()), timeline.FormatOffset(st.t0.At))
		if before := relOccurrences(st.events(), st.t0, sel); before != "" {
			m.Observed += "; it came " + before
		}
	}
	return m
}

func (st *State) expectBetween(ctx context.Context, sel timeline.Selector, a, b string) error {
	lo, hi, err := window(a, b)
	if err != nil || st.DryRun {
		return err
	}
	return st.expectIn(ctx, sel, lo, hi)
}

// Then container "app" runs its preStop hook at 0s
func preStopAt(ctx context.Context, cname, pname, at string) error {
	st := From(ctx)
	sel, err := st.Plan.containerEvent(cname, pname, timeline.PreStopStarted)
	if err != nil {
		return err
	}
	return st.expectAt(ctx, sel, at)
}

// Then the preStop hook of container "app" finishes at 3s: when the kubelet
// stops waiting for it (it completed, failed, or the grace ran out).
func preStopDoneAt(ctx context.Context, cname, pname, at string) error {
	st := From(ctx)
	sel, err := st.Plan.containerEvent(cname, pname, timeline.PreStopDone)
	if err != nil {
		return err
	}
	return st.expectAt(ctx, sel, at)
}

// Then container "app" receives SIGTERM at 3s
func signalAt(ctx context.Context, cname, pname, sig, at string) error {
	st := From(ctx)
	k, err := parseSignal(sig)
	if err != nil {
		return err
	}
	sel, err := st.Plan.containerEvent(cname, pname, k)
	if err != nil {
		return err
	}
	return st.expectAt(ctx, sel, at)
}

// Then container "app" receives SIGTERM: untimed (untimed.go), at any
// time of the scenario.
func signalReceived(ctx context.Context, cname, pname, sig string) error {
	st := From(ctx)
	k, err := parseSignal(sig)
	if err != nil {
		return err
	}
	sel, err := st.Plan.containerEvent(cname, pname, k)
	if err != nil {
		return err
	}
	return st.expectUntimed(ctx, sel, fmt.Sprintf("%s sent to container %q", sig, sel.Container), nil)
}

// Then container "app" exits with code 0: untimed; the exit chosen (the
// first at or after t=0, else the first) has that code.
func exitsWithCodeUntimed(ctx context.Context, cname, pname, code string) error {
	st := From(ctx)
	sel, err := st.Plan.containerEvent(cname, pname, timeline.Exited)
	if err != nil {
		return err
	}
	want, err := parseExitCode(code)
	if err != nil {
		return err
	}
	return st.expectUntimed(ctx, sel, fmt.Sprintf("exit of container %q with code %d", sel.Container, want),
		func(e timeline.Event) bool { return e.Code == want })
}

// Then container "app" is OOMKilled: untimed; an exit the runtime reports
// as OOMKilled (the kernel's OOM killer in the container's cgroup).
func oomKilled(ctx context.Context, cname, pname string) error {
	st := From(ctx)
	sel, err := st.Plan.containerEvent(cname, pname, timeline.Exited)
	if err != nil {
		return err
	}
	sel.Reason = "OOMKilled"
	if err := st.expectUntimed(ctx, sel, fmt.Sprintf("container %q OOMKilled", sel.Container), nil); err != nil {
		if m, ok := err.(*timeline.Mismatch); ok {
			exits := sel
			exits.Reason = ""
			if all := st.occurrences(exits, timeline.Event{Seq: ^uint64(0)}); all != "" {
				m.Observed += "; its exits: " + all
			}
		}
		return err
	}
	return nil
}

// Then container "app" receives SIGTERM within 1s
func signalWithin(ctx context.Context, cname, pname, sig, d string) error {
	return signalBetween(ctx, cname, pname, sig, "0s", d)
}

// Then container "app" receives SIGKILL between 4s and 6s
func signalBetween(ctx context.Context, cname, pname, sig, a, b string) error {
	st := From(ctx)
	k, err := parseSignal(sig)
	if err != nil {
		return err
	}
	sel, err := st.Plan.containerEvent(cname, pname, k)
	if err != nil {
		return err
	}
	return st.expectBetween(ctx, sel, a, b)
}

// Then container "app" receives SIGKILL 2s after SIGTERM
func killAfterTerm(ctx context.Context, cname, pname, gap string) error {
	st := From(ctx)
	term, err := st.Plan.containerEvent(cname, pname, timeline.SIGTERM)
	if err != nil {
		return err
	}
	kill := term
	kill.Kind = timeline.SIGKILL
	d, err := parseDuration(gap)
	if err != nil || st.DryRun {
		return err
	}
	if err := st.awaitUntimed(ctx, term); err != nil {
		return err
	}
	t, ok := timeline.Chosen(st.events(), st.t0, term)
	if !ok {
		return &timeline.Mismatch{Expected: fmt.Sprintf("SIGKILL of container %q %s after SIGTERM", cname, gap), Observed: "no SIGTERM in the whole scenario"}
	}
	w := st.interval(kill, t, d)
	_, _, err = st.Session.RunUntil(ctx, w.To, func(v driver.View) bool {
		_, ok := timeline.FirstAfter(v.Timeline(), t, timeline.Order{}, kill)
		return ok
	})
	if err != nil {
		return err
	}
	// The SIGKILL of the same instance as the SIGTERM chosen: a restart
	// ends the search.
	var obs *timeline.Event
	if e, ok := timeline.FirstAfter(st.events(), t, timeline.Order{}, kill); ok {
		obs = &e
	}
	exp := fmt.Sprintf("%s %s after SIGTERM%s", kill.Describe(), gap, w.Note())
	switch {
	case obs == nil:
		err = &timeline.Mismatch{Expected: exp, Observed: fmt.Sprintf("no SIGKILL after the SIGTERM %s", timeline.Occurrence(t, st.t0))}
	case !w.Contains(obs.At):
		err = &timeline.Mismatch{Expected: exp, Observed: fmt.Sprintf("SIGKILL %s after SIGTERM (SIGTERM %s)", timeline.FormatOffset(obs.At-t.At), timeline.Occurrence(t, st.t0))}
	}
	c := w.Check(checkWhat(kill), kill)
	c.Line, c.Step, c.OK, c.Interval = st.stepLine, st.stepText, err == nil, true
	if obs != nil {
		c.Observed, c.Seen = obs.At, true
	}
	st.Checks = append(st.Checks, c)
	return err
}

// Then container "app" never receives SIGKILL: over the whole scenario,
// run to the end of its activity.
func neverSignal(ctx context.Context, cname, pname, sig string) error {
	st := From(ctx)
	k, err := parseSignal(sig)
	if err != nil {
		return err
	}
	sel, err := st.Plan.containerEvent(cname, pname, k)
	if err != nil || st.DryRun {
		return err
	}
	if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	return timeline.ExpectNever(st.events(), st.t0, sel)
}

// Then container "app" exits at 5s with code 137
func exitsAt(ctx context.Context, cname, pname, at, code string) error {
	st := From(ctx)
	sel, err := st.Plan.containerEvent(cname, pname, timeline.Exited)
	if err != nil {
		return err
	}
	want, err := parseExitCode(code)
	if err != nil {
		return err
	}
	if err := st.expectAt(ctx, sel, at); err != nil || st.DryRun {
		return err
	}
	e, _ := timeline.First(st.events(), st.from(sel.Pod), sel)
	if e.Code != want {
		return &timeline.Mismatch{
			Expected: fmt.Sprintf("exit of container %q at %s with code %d", cname, at, want),
			Observed: fmt.Sprintf("exit at %s with code %d (%s)", timeline.FormatOffset(e.At-st.t0.At), e.Code, e.Reason),
		}
	}
	return nil
}

// Then container "sidecar" receives SIGTERM after container "app" has exited
func termAfterExit(ctx context.Context, cname, pname, other string) error {
	return From(ctx).expectAfter(ctx, cname, pname, timeline.SIGTERM, other, timeline.Exited)
}

// Then container "init-b" starts after container "init-a" is ready
func startsAfterReady(ctx context.Context, cname, pname, other string) error {
	return From(ctx).expectAfter(ctx, cname, pname, timeline.Started, other, timeline.Ready)
}

func (st *State) expectAfter(ctx context.Context, cname, pname string, kind timeline.Kind, other string, otherKind timeline.Kind) error {
	later, err := st.Plan.containerEvent(cname, pname, kind)
	if err != nil {
		return err
	}
	earlier, err := st.Plan.containerEvent(other, later.Pod, otherKind)
	if err != nil || st.DryRun {
		return err
	}
	// The reference chosen, the wait goes on until the other event comes
	// after it (docs/language.md, Time: "untimed expectations").
	after := func(events []timeline.Event) bool {
		ref, ok := timeline.Chosen(events, st.t0, earlier)
		if !ok {
			return false
		}
		_, ok = timeline.FirstAfter(events, ref, st.order(), later)
		return ok
	}
	if err := st.awaitUntimedFor(ctx, after, earlier); err != nil {
		return err
	}
	return timeline.ExpectAfterUntimed(st.events(), st.t0, st.order(), later, earlier)
}

// Then the containers of pod "web" stop in this order: "app", "proxy", "logger"
func stopOrder(ctx context.Context, pod, list string) error {
	return From(ctx).expectOrder(ctx, pod, list, timeline.Exited)
}

// Then the containers of pod "web" start in this order: "istio", "app"
func startOrder(ctx context.Context, pod, list string) error {
	return From(ctx).expectOrder(ctx, pod, list, timeline.Started)
}

func (st *State) expectOrder(ctx context.Context, pod, list string, kind timeline.Kind) error {
	names, err := quoted(list)
	if err != nil {
		return err
	}
	if len(names) < 2 {
		return inputErr("an order needs at least two containers")
	}
	var sels []timeline.Selector
	for _, n := range names {
		sel, err := st.Plan.containerEvent(n, pod, kind)
		if err != nil {
			return err
		}
		sels = append(sels, sel)
	}
	if st.DryRun {
		return nil
	}
	if err := st.awaitUntimed(ctx, sels...); err != nil {
		return err
	}
	return timeline.ExpectOrderUntimed(st.events(), st.t0, st.order(), sels)
}

// Then container "app" of pod "web" is restarted between 20s and 30s: its
// next restart after t=0.
func restartedBetween(ctx context.Context, cname, pname, a, b string) error {
	st := From(ctx)
	sel, err := st.Plan.containerEvent(cname, pname, timeline.Restarted)
	if err != nil {
		return err
	}
	return st.expectBetween(ctx, sel, a, b)
}

// relOccurrences lists the occurrences of sel, each from t=0 ("at -25s,
// before t=0; at -10s, before t=0").
func relOccurrences(events []timeline.Event, t0 timeline.Mark, sel timeline.Selector) string {
	var out []string
	for _, e := range events {
		if sel.Matches(e) {
			out = append(out, timeline.Occurrence(e, t0))
		}
	}
	return strings.Join(out, "; ")
}
