package steps

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// about is the optional object of an event step: `for pod "web"`, `for
// container "app" of pod "web"`, or `for container "app"` (one pod).
const about = `(?: for (?:container "([^"]*)"(?: of (?:the )?pod "([^"]*)")?|(?:the )?pod "([^"]*)"))?`

func eventExpectations() []Def {
	const f = "events"
	return []Def{
		phrase(f, `^an event "([^"]*)" is recorded`+about+`(?: (\S+) times?)?$`, `Then an event "Unhealthy" is recorded for container "app" of pod "web" 3 times`, parseEventRecorded).with(eventSlot("Unhealthy")),
		phrase(f, `^an event "([^"]*)" is recorded`+about+`(?: (\S+) times?)? within (\S+)$`, `Then an event "Unhealthy" is recorded for container "app" of pod "web" 3 times within 35s`, parseEventRecorded).with(eventSlot("Unhealthy")),
		// The event said of its pod, as `kubectl describe pod` lists it:
		// `an event "X" is recorded for pod "P"`.
		phrase(f, `^the pod "([^"]*)" has an event "([^"]*)"$`, `Then the pod "web" has an event "Unhealthy"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventRecorded{reason: c[1], about: eventAbout{pod: c[0]}}, nil
			}).with(eventSlot("Unhealthy")),
		phrase(f, `^no event "([^"]*)" is recorded`+about+`$`, `Then no event "FailedPreStopHook" is recorded`,
			func(c []string, _ Arg) (Step, error) { return &noEvent{reason: c[0], about: eventAboutOf(c[1:])}, nil }).with(eventSlot("FailedPreStopHook")),
		phrase(f, `^an event "([^"]*)" with message containing "([^"]*)" is recorded`+about+`$`, `Then an event "Killing" with message containing "liveness" is recorded for pod "web"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[0], text: c[1], about: eventAboutOf(c[2:])}, nil
			}).with(eventSlot("Killing")),
		// The object before the message, as authors order it.
		phrase(f, `^an event "([^"]*)" is recorded`+about+` with message containing "([^"]*)"$`, `Then an event "FailedScheduling" is recorded for pod "web" with message containing "Insufficient cpu"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[0], text: c[4], about: eventAboutOf(c[1:4])}, nil
			}).with(eventSlot("FailedScheduling")),
		phrase(f, `^no event "([^"]*)" with message containing "([^"]*)" is recorded`+about+`$`, `Then no event "Killing" with message containing "liveness" is recorded`,
			func(c []string, _ Arg) (Step, error) {
				return &noEvent{reason: c[0], text: c[1], withText: true, about: eventAboutOf(c[2:])}, nil
			}).with(eventSlot("Killing")),
	}
}

// eventAbout is the object of an event step (the captures of about): a
// container of a pod, a pod, or neither.
// node: a node's events (expect_node_events.go), the kubelet's and the
// node controller's (NodeHasInsufficientMemory, EvictionThresholdMet,
// NodeNotReady), on the node's timeline.
//
// typ, when set, is the event's type (`a Warning event "BackOff"`): the
// Event's type field, Warning or Normal, which both drivers record.
type eventAbout struct{ ctr, ctrPod, pod, node, typ string }

func eventAboutOf(c []string) eventAbout { return eventAbout{ctr: c[0], ctrPod: c[1], pod: c[2]} }

func (a eventAbout) selector(pl *Plan, reason string) (timeline.Selector, string, error) {
	sel, what, err := a.untyped(pl, reason)
	if a.typ != "" {
		sel.Status = a.typ
		what = a.typ + " " + what
	}
	return sel, what, err
}

func (a eventAbout) untyped(pl *Plan, reason string) (timeline.Selector, string, error) {
	if a.node != "" {
		if _, err := pl.node(a.node); err != nil {
			return timeline.Selector{}, "", err
		}
		return timeline.Selector{Pod: nodeTimelineName(a.node), Kind: timeline.KubeEvent, Reason: reason}, fmt.Sprintf("event %q for node %q", reason, a.node), nil
	}
	return pl.eventSelector(reason, a.ctr, a.ctrPod, a.pod)
}

// Then an event "Killing" with message containing "liveness" is recorded
// for container "app": at some time of the scenario.
type eventWithMessage struct {
	reason, text string
	// prefix: the message begins with text (`with message starting
	// "M"`, eventtype_words.go), where it otherwise contains it.
	prefix bool
	about  eventAbout
	sel    timeline.Selector
	what   string
}

func (s *eventWithMessage) Declare(pl *Plan) (err error) {
	s.sel, s.what, err = s.about.selector(pl, s.reason)
	return err
}

func (s *eventWithMessage) Run(ctx context.Context, st *State) error {
	sel, text := s.sel, s.text
	if err := st.ready(ctx); err != nil {
		return err
	}
	// The selector's own message matchers: how the message begins, or
	// what it contains.
	want := sel
	if s.prefix {
		want.Message = text
	} else {
		want.Contains = text
	}
	match := func(events []timeline.Event) bool {
		for _, e := range events {
			if want.Matches(e) {
				return true
			}
		}
		return false
	}
	if _, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.clk().limit, func(v driver.View) bool { return match(v.Timeline()) }); err != nil {
		return err
	}
	if match(st.clk().events()) {
		return nil
	}
	var msgs []string
	for _, e := range st.clk().events() {
		if sel.Matches(e) {
			msgs = append(msgs, fmt.Sprintf("%q at %s", e.Message, timeline.FormatOffset(e.At-st.clock.t0.At)))
		}
	}
	if len(msgs) == 0 {
		msgs = []string{"no such event"}
	}
	how := "containing"
	if s.prefix {
		how = "beginning"
	}
	return &timeline.Verdict{Kind: timeline.Missing, Expected: fmt.Sprintf("%s with message %s %q", s.what, how, text), Observed: strings.Join(msgs, "; ")}
}

// eventSelector builds the selector of Kubernetes Events with a reason,
// about a pod or one of its containers.
func (pl *Plan) eventSelector(reason, cname, cpod, pod string) (timeline.Selector, string, error) {
	sel := timeline.Selector{Kind: timeline.KubeEvent, Reason: reason, AnyContainer: true}
	what := fmt.Sprintf("event %q", reason)
	switch {
	case cname != "":
		p, c, err := pl.mustContainer(cname, cpod)
		if err != nil {
			return sel, "", err
		}
		sel.Pod, sel.Container, sel.AnyContainer = p.name, c.Name, false
		what += fmt.Sprintf(" for container %q of pod %q", c.Name, p.name)
	case pod != "":
		if _, err := pl.mustPod(pod); err != nil {
			return sel, "", err
		}
		sel.Pod = pod
		what += fmt.Sprintf(" for pod %q", pod)
	}
	return sel, what, nil
}

// parseEventRecorded reads `an event "X" is recorded [about] [N times]
// [within D]`: six captures with within, five without.
func parseEventRecorded(c []string, _ Arg) (Step, error) {
	return eventRecordedOf(c[0], eventAboutOf(c[1:]), c[4:]), nil
}

// eventRecordedOf is `an event "reason" is recorded [about] [N times]
// [within D]` from its object and the captures after it: the count, and
// the deadline when the phrase has one.
func eventRecordedOf(reason string, about eventAbout, rest []string) *eventRecorded {
	s := &eventRecorded{reason: reason, about: about}
	_ = s.times.set(rest[0]) // afterNames keeps its problem for Declare
	if len(rest) > 1 {
		s.bounded = true
		_ = s.within.set(rest[1])
	}
	return s
}

// Then an event "Killing" is recorded for pod "web": untimed, at some
// time of the scenario, waiting for one at or after t=0 as the untimed
// rule does; with `N times`, exactly N occurrences from the scenario's
// start (aggregated counts included) once its activity has ended.
//
// Then an event "Unhealthy" is recorded for container "app" of pod "web" 3
// times within 35s: exactly N occurrences from the scenario's start to
// t0+D (aggregated counts included). Without a count: an occurrence at or
// after t=0, by t0+D (the `within` rule of an event).
type eventRecorded struct {
	reason  string
	about   eventAbout
	times   afterNames[Count]
	bounded bool
	within  afterNames[time.Duration]
	// atLeast: `at least N times`, N or more (expect_wordings21.go).
	atLeast bool
	sel     timeline.Selector
	what    string
}

func (s *eventRecorded) Declare(pl *Plan) (err error) {
	if s.sel, s.what, err = s.about.selector(pl, s.reason); err != nil {
		return err
	}
	if s.times.err != nil {
		return s.times.err
	}
	if s.bounded {
		return s.within.err
	}
	return nil
}

func (s *eventRecorded) Run(ctx context.Context, st *State) error {
	want := -1
	if s.times.given() {
		want = int(s.times.v)
	}
	if s.bounded {
		return s.countWithin(ctx, st, want)
	}
	sel, what := s.sel, s.what
	if s.atLeast {
		return s.countAtLeast(ctx, st, want)
	}
	if want >= 0 {
		// Every occurrence counts, so the wait is the whole activity's
		// (a cap reached is noted, and the count is the cap's).
		if _, _, err := st.settle(ctx); err != nil {
			return err
		}
	} else if err := st.awaitUntimed(ctx, sel); err != nil {
		return err
	}
	n := timeline.Count(st.clk().events(), sel)
	switch {
	case want < 0 && n == 0:
		return &timeline.Verdict{Kind: timeline.Missing, Expected: what, Observed: "no such event; recorded: " + recordedReasons(st.clk().events(), sel.Pod, sel.Status != "")}
	case want >= 0 && n != want:
		return &timeline.Verdict{Kind: timeline.WrongCount, Expected: what + " " + times(want, "time"), Observed: times(n, "time")}
	}
	return nil
}

// countWithin is the `within D` form (want < 0: no count).
func (s *eventRecorded) countWithin(ctx context.Context, st *State, want int) error {
	sel, what, dur := s.sel, s.what, s.within.v
	if want < 0 {
		return st.expectIn(ctx, sel, 0, dur)
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	// The count is taken at the deadline: exactly at t0+D on the
	// simulator; on a cluster anywhere in the deadline's own window, whose
	// ends are as uncertain as any event's there (a probe's failure just
	// after it may be seen just before, or the other way round).
	w, err := st.window(ctx, sel, dur, dur)
	if err != nil {
		return err
	}
	if planted("count-window-late") {
		w.To += time.Second
	}
	if w.To >= st.Session.Now() {
		if _, _, err := st.Session.RunUntil(ctx, w.To, nil); err != nil {
			return err
		}
	}
	at := func(t time.Duration) int {
		n := 0
		for _, e := range st.clk().events() {
			if e.At <= t && sel.Matches(e) {
				n += e.Occurrences()
			}
		}
		return n
	}
	// A count within D decides at its deadline: the current time moves
	// there (docs/language.md, Time: "current time"). On a cluster that
	// is t0+D on the kubelet's clock, its reaction's reference plus D,
	// not the window's late end: a state read after the count reads from
	// there (held-out set 34 read `waiting with reason "ImagePullBackOff"`
	// after `at least 3 times within 45s`; the read began at the late
	// end, 53 s, past the status that held from 39.8 s to 52.8 s). On
	// the simulator both are t0+D.
	if !planted("count-keeps-time") {
		st.clk().decided(min(max(w.Ref+w.Hi, w.From), w.To), dur)
	}
	counts := []int{at(w.From)}
	for _, e := range st.clk().events() {
		if e.At > w.From && e.At <= w.To && sel.Matches(e) {
			counts = append(counts, at(e.At))
		}
	}
	if slices.Contains(counts, want) || s.atLeast && counts[len(counts)-1] >= want {
		return nil
	}
	got := times(counts[len(counts)-1], "time") + " by then"
	if first := counts[0]; first != counts[len(counts)-1] {
		got = fmt.Sprintf("%d to %d times in the deadline's window", first, counts[len(counts)-1])
	}
	return &timeline.Verdict{
		Kind:     timeline.WrongCount,
		Expected: fmt.Sprintf("%s %s%s by %s%s", what, s.least(), times(want, "time"), s.within.text, w.Note()),
		Observed: got + st.clk().countsAfter(sel, w.To),
		Window:   &w,
	}
}

// countsAfter says how many more occurrences came after a count's end, if
// any came yet.
func (c *clock) countsAfter(sel timeline.Selector, end time.Duration) string {
	n := 0
	for _, e := range c.events() {
		if e.At > end && sel.Matches(e) {
			n += e.Occurrences()
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d more after)", n)
}

// Then no event "FailedPreStopHook" is recorded; no event "Killing"
// with message containing "liveness" is recorded: over the whole
// scenario, run to the end of its activity.
type noEvent struct {
	reason, text string
	withText     bool
	about        eventAbout
	sel          timeline.Selector
	what         string
}

func (s *noEvent) Declare(pl *Plan) (err error) {
	s.sel, s.what, err = s.about.selector(pl, s.reason)
	return err
}

func (s *noEvent) Run(ctx context.Context, st *State) error {
	if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	if !s.withText {
		if err := timeline.ExpectNever(st.clk().events(), st.clock.t0, s.sel); err != nil {
			m := err.(*timeline.Verdict)
			m.Expected = "no " + s.what
			return m
		}
		return nil
	}
	for _, e := range st.clk().events() {
		if s.sel.Matches(e) && strings.Contains(e.Message, s.text) {
			return &timeline.Verdict{
				Kind:     timeline.Unexpected,
				Expected: fmt.Sprintf("no %s with message containing %q", s.what, s.text),
				Observed: fmt.Sprintf("%q at %s", e.Message, timeline.FormatOffset(e.At-st.clock.t0.At)),
				Event:    &e,
			}
		}
	}
	return nil
}

// recordedReasons lists the event reasons recorded for a pod (all pods
// when empty), for failure messages; with typed, each with its type
// (`BackOff (Warning)`), for a step that said one.
func recordedReasons(events []timeline.Event, pod string, typed bool) string {
	seen := map[string]bool{}
	var out []string
	for _, e := range events {
		name := e.Reason
		if typed {
			name += " (" + e.Status + ")"
		}
		if e.Kind != timeline.KubeEvent || (pod != "" && e.Pod != pod) || seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, name)
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}
