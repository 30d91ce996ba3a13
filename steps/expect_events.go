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
const about = `(?: for (?:container "([^"]*)"(?: of pod "([^"]*)")?|pod "([^"]*)"))?`

func eventExpectations() []Def {
	const f = "events"
	return []Def{
		def(f, `^an event "([^"]*)" is recorded`+about+`(?: (\S+) times?)?$`, `Then an event "Unhealthy" is recorded for container "app" of pod "web" 3 times`, eventRecorded).with(eventSlot("Unhealthy")),
		def(f, `^an event "([^"]*)" is recorded`+about+`(?: (\S+) times?)? within (\S+)$`, `Then an event "Unhealthy" is recorded for container "app" of pod "web" 3 times within 35s`, eventRecordedWithin).with(eventSlot("Unhealthy")),
		def(f, `^no event "([^"]*)" is recorded`+about+`$`, `Then no event "FailedPreStopHook" is recorded`, noEventRecorded).with(eventSlot("FailedPreStopHook")),
		def(f, `^an event "([^"]*)" with message containing "([^"]*)" is recorded`+about+`$`, `Then an event "Killing" with message containing "liveness" is recorded for pod "web"`, eventWithMessage).with(eventSlot("Killing")),
		def(f, `^no event "([^"]*)" with message containing "([^"]*)" is recorded`+about+`$`, `Then no event "Killing" with message containing "liveness" is recorded`, noEventWithMessage).with(eventSlot("Killing")),
	}
}

// Then an event "Killing" with message containing "liveness" is recorded
// for container "app": at some time of the scenario.
func eventWithMessage(ctx context.Context, reason, text, cname, cpod, pod string) error {
	st := From(ctx)
	sel, what, err := st.Plan.eventSelector(reason, cname, cpod, pod)
	if err != nil || st.DryRun {
		return err
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	match := func(events []timeline.Event) bool {
		for _, e := range events {
			if sel.Matches(e) && strings.Contains(e.Message, text) {
				return true
			}
		}
		return false
	}
	if _, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.settleLimit(), func(v driver.View) bool { return match(v.Timeline()) }); err != nil {
		return err
	}
	if match(st.events()) {
		return nil
	}
	var msgs []string
	for _, e := range st.events() {
		if sel.Matches(e) {
			msgs = append(msgs, fmt.Sprintf("%q at %s", e.Message, timeline.FormatOffset(e.At-st.t0.At)))
		}
	}
	if len(msgs) == 0 {
		msgs = []string{"no such event"}
	}
	return &timeline.Mismatch{Expected: fmt.Sprintf("%s with message containing %q", what, text), Observed: strings.Join(msgs, "; ")}
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

// Then an event "Killing" is recorded for pod "web": untimed, at some
// time of the scenario, waiting for one at or after t=0 as the untimed
// rule does; with `N times`, exactly N occurrences from the scenario's
// start (aggregated counts included) once its activity has ended.
func eventRecorded(ctx context.Context, reason, cname, cpod, pod, times string) error {
	st := From(ctx)
	sel, what, err := st.Plan.eventSelector(reason, cname, cpod, pod)
	if err != nil {
		return err
	}
	want := -1
	if times != "" {
		if want, err = parseCount(times); err != nil {
			return err
		}
	}
	if st.DryRun {
		return nil
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
	n := timeline.Count(st.events(), sel)
	switch {
	case want < 0 && n == 0:
		return &timeline.Mismatch{Expected: what, Observed: "no such event; recorded: " + recordedReasons(st.events(), sel.Pod)}
	case want >= 0 && n != want:
		return &timeline.Mismatch{Expected: fmt.Sprintf("%s %d times", what, want), Observed: fmt.Sprintf("%d times", n)}
	}
	return nil
}

// Then an event "Unhealthy" is recorded for container "app" of pod "web" 3
// times within 35s: exactly N occurrences from the scenario's start to
// t0+D (aggregated counts included). Without a count: an occurrence at or
// after t=0, by t0+D (the `within` rule of an event).
func eventRecordedWithin(ctx context.Context, reason, cname, cpod, pod, times, d string) error {
	st := From(ctx)
	sel, what, err := st.Plan.eventSelector(reason, cname, cpod, pod)
	if err != nil {
		return err
	}
	want := -1
	if times != "" {
		if want, err = parseCount(times); err != nil {
			return err
		}
	}
	dur, err := parseDuration(d)
	if err != nil || st.DryRun {
		return err
	}
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
		for _, e := range st.events() {
			if e.At <= t && sel.Matches(e) {
				n += e.Occurrences()
			}
		}
		return n
	}
	// A count within D decides at its deadline: the current time moves
	// there (docs/language.md, Time: "current time").
	if !planted("count-keeps-time") {
		st.decided(w.To, dur)
	}
	counts := []int{at(w.From)}
	for _, e := range st.events() {
		if e.At > w.From && e.At <= w.To && sel.Matches(e) {
			counts = append(counts, at(e.At))
		}
	}
	if slices.Contains(counts, want) {
		return nil
	}
	got := fmt.Sprintf("%d times by then", counts[len(counts)-1])
	if first := counts[0]; first != counts[len(counts)-1] {
		got = fmt.Sprintf("%d to %d times in the deadline's window", first, counts[len(counts)-1])
	}
	return &timeline.Mismatch{
		Expected: fmt.Sprintf("%s %d times by %s%s", what, want, d, w.Note()),
		Observed: got + st.countsAfter(sel, w.To),
	}
}

// countsAfter says how many more occurrences came after a count's end, if
// any came yet.
func (st *State) countsAfter(sel timeline.Selector, end time.Duration) string {
	n := 0
	for _, e := range st.events() {
		if e.At > end && sel.Matches(e) {
			n += e.Occurrences()
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d more after)", n)
}

// Then no event "FailedPreStopHook" is recorded
func noEventRecorded(ctx context.Context, reason, cname, cpod, pod string) error {
	st := From(ctx)
	sel, what, err := st.Plan.eventSelector(reason, cname, cpod, pod)
	if err != nil || st.DryRun {
		return err
	}
	if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	if err := timeline.ExpectNever(st.events(), st.t0, sel); err != nil {
		m := err.(*timeline.Mismatch)
		m.Expected = "no " + what
		return m
	}
	return nil
}

// recordedReasons lists the event reasons recorded for a pod (all pods
// when empty), for failure messages.
func recordedReasons(events []timeline.Event, pod string) string {
	seen := map[string]bool{}
	var out []string
	for _, e := range events {
		if e.Kind != timeline.KubeEvent || (pod != "" && e.Pod != pod) || seen[e.Reason] {
			continue
		}
		seen[e.Reason] = true
		out = append(out, e.Reason)
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

// Then no event "Killing" with message containing "liveness" is recorded:
// over the whole scenario, run to the end of its activity.
func noEventWithMessage(ctx context.Context, reason, text, cname, cpod, pod string) error {
	st := From(ctx)
	sel, what, err := st.Plan.eventSelector(reason, cname, cpod, pod)
	if err != nil || st.DryRun {
		return err
	}
	if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	for _, e := range st.events() {
		if sel.Matches(e) && strings.Contains(e.Message, text) {
			return &timeline.Mismatch{
				Expected: fmt.Sprintf("no %s with message containing %q", what, text),
				Observed: fmt.Sprintf("%q at %s", e.Message, timeline.FormatOffset(e.At-st.t0.At)),
			}
		}
	}
	return nil
}
