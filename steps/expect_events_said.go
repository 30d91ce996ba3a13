package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// The Kubernetes Events of a pod or a workload by reason and message, in
// the words authors write them (issue 38's fourth held-out set): `the pod
// "web" has a "Killing" event with message "Stopping container app"`, `a
// "BackOff" event is recorded for pod "web"`, with `at`, `within` and
// `between` twins. The message is how the event's message begins, as
// authors quote a Kubernetes message (the kubelet's "Liveness probe
// failed: Get …" is "Liveness probe failed"); the timed forms judge the
// first such event at or after t=0, as `an event "R" is recorded within D`
// does.
func eventSaidExpectations() []Def {
	const f = "events"
	const msg = `(?: with message "([^"]*)")?`
	pod := func(when string) string { return `^the pod "([^"]*)" has an? "([^"]*)" event` + msg + when + `$` }
	work := func(when string) string {
		return `^the ` + workloadObject + ` has an? "([^"]*)" event` + msg + when + `$`
	}
	podSaid := func(w spanWord) parser {
		return func(c []string, _ Arg) (Step, error) {
			return &eventSaid{reason: c[1], message: c[2], about: eventAbout{pod: c[0]}, when: w.of(c[3:])}, nil
		}
	}
	recorded := func(w spanWord) parser {
		return func(c []string, _ Arg) (Step, error) {
			return &eventSaid{reason: c[0], about: eventAboutOf(c[1:4]), message: c[4], when: w.of(c[5:])}, nil
		}
	}
	workSaid := func(w spanWord) parser {
		return func(c []string, _ Arg) (Step, error) {
			return workloadEventSaid{workloadEvent{kind: c[0], name: c[1], reason: c[2]}, c[3], w.of(c[4:])}, nil
		}
	}
	workRecorded := func(c []string, _ Arg) (Step, error) {
		return workloadEventSaid{workloadEvent{reason: c[0], kind: c[1], name: c[2]}, c[3], eventSpan{}}, nil
	}
	reason := eventSlot("Killing")
	kinds := slot("workload", "job", workloadKinds...)
	return []Def{
		phrase(f, pod(``), `Then the pod "web" has a "Killing" event with message "Stopping container app"`, podSaid(untimed)).with(reason),
		phrase(f, pod(` at (\S+)`), `Then the pod "web" has a "Killing" event with message "Stopping container app" at 0s`, podSaid(atSpan)).with(reason),
		phrase(f, pod(` within (\S+)`), `Then the pod "web" has a "Unhealthy" event with message "Liveness probe failed" within 30s`, podSaid(withinSpan)).with(eventSlot("Unhealthy")),
		phrase(f, pod(` between (\S+) and (\S+)`), `Then the pod "web" has a "Unhealthy" event with message "Liveness probe failed" between 15s and 30s`, podSaid(betweenSpan)).with(eventSlot("Unhealthy")),
		phrase(f, `^an? "([^"]*)" event is recorded`+about+msg+`$`, `Then a "BackOff" event is recorded for pod "web" with message "Back-off restarting failed container"`, recorded(untimed)).with(eventSlot("BackOff")),
		phrase(f, `^an? "([^"]*)" event is recorded`+about+msg+` within (\S+)$`, `Then a "BackOff" event is recorded for pod "web" within 30s`, recorded(withinSpan)).with(eventSlot("BackOff")),
		phrase(f, `^an? "([^"]*)" event is recorded`+about+msg+` between (\S+) and (\S+)$`, `Then a "Killing" event is recorded for pod "web" between 20s and 31s`, recorded(betweenSpan)).with(reason),
		phrase(f, work(``), `Then the job "batch" has a "BackoffLimitExceeded" event with message "Job has reached the specified backoff limit"`, workSaid(untimed)).with(kinds, eventSlot("BackoffLimitExceeded")),
		phrase(f, work(` within (\S+)`), `Then the job "batch" has a "SuccessfulCreate" event within 5s`, workSaid(withinSpan)).with(kinds, eventSlot("SuccessfulCreate")),
		phrase(f, work(` between (\S+) and (\S+)`), `Then the job "batch" has a "SuccessfulCreate" event between 0s and 5s`, workSaid(betweenSpan)).with(kinds, eventSlot("SuccessfulCreate")),
		phrase(f, `^an? "([^"]*)" event is recorded for `+workloadObject+msg+`$`, `Then a "ScalingReplicaSet" event is recorded for deployment "web" with message "Scaled up replica set"`, workRecorded).with(eventSlot("ScalingReplicaSet"), slot("workload", "deployment", workloadKinds...)),
	}
}

// spanWord is how an event step times the event: not at all, `at T`,
// `within D` or `between A and B`.
type spanWord int

const (
	untimed spanWord = iota
	atSpan
	withinSpan
	betweenSpan
)

// eventSpan is the window of a timed event step, from t=0.
type eventSpan struct {
	timed  bool
	lo, hi string
}

// of reads the captures after a phrase's message.
func (w spanWord) of(c []string) eventSpan {
	switch w {
	case atSpan:
		return eventSpan{true, c[0], c[0]}
	case withinSpan:
		return eventSpan{true, "0s", c[0]}
	case betweenSpan:
		return eventSpan{true, c[0], c[1]}
	}
	return eventSpan{}
}

// Then the pod "web" has a "Killing" event with message "Stopping
// container app" [at T | within D | between A and B].
type eventSaid struct {
	reason, message string
	// contains: the message is a part of the event's, anywhere in it
	// (`with message containing "M"`), not how it begins.
	contains bool
	about    eventAbout
	when     eventSpan
	sel      timeline.Selector
	what     string
	from, to time.Duration
}

func (s *eventSaid) Declare(pl *Plan) (err error) {
	if s.sel, s.what, err = s.about.selector(pl, s.reason); err != nil {
		return err
	}
	switch {
	case s.contains:
		s.sel.Contains = s.message
		s.what += fmt.Sprintf(" with message containing %q", s.message)
	case s.message != "":
		s.sel.Message = s.message
		s.what += fmt.Sprintf(" with message %q", s.message)
	}
	if s.when.timed {
		s.from, s.to, err = window(s.when.lo, s.when.hi)
	}
	return err
}

func (s *eventSaid) Run(ctx context.Context, st *State) error {
	if s.when.timed {
		return st.expectIn(ctx, s.sel, s.from, s.to)
	}
	if err := st.awaitUntimed(ctx, s.sel); err != nil {
		return err
	}
	if timeline.Count(st.clk().events(), s.sel) > 0 {
		return nil
	}
	return &timeline.Verdict{Kind: timeline.Missing, Expected: s.what, Observed: saidOfReason(st, s.sel)}
}

// saidOfReason lists the messages the events of sel's reason and object
// had, for a verdict: what the author may have misquoted.
func saidOfReason(st *State, sel timeline.Selector) string {
	sel.Message = ""
	var msgs []string
	for _, e := range st.clk().events() {
		if sel.Matches(e) {
			msgs = append(msgs, fmt.Sprintf("%q at %s", e.Message, timeline.FormatOffset(e.At-st.clock.t0.At)))
		}
	}
	if len(msgs) == 0 {
		return "no such event; recorded: " + recordedReasons(st.clk().events(), sel.Pod, false)
	}
	return strings.Join(dedup(msgs), "; ")
}

// Then the job "batch" has a "BackoffLimitExceeded" event with message
// "Job has reached the specified backoff limit": untimed, the events
// `an event "R" is recorded for job "batch"` reads (a deployment's
// include its ReplicaSets'); timed, the first such event about the object
// itself at or after t=0.
type workloadEventSaid struct {
	workloadEvent
	message string
	when    eventSpan
}

func (s workloadEventSaid) Run(ctx context.Context, st *State) error {
	if !s.when.timed {
		s.prefix = s.message
		return s.workloadEvent.Run(ctx, st)
	}
	lo, hi, err := window(s.when.lo, s.when.hi)
	if err != nil {
		return err
	}
	if _, err := readyWorkload(ctx, st, s.kind, s.name); err != nil {
		return err
	}
	sel := timeline.Selector{Kind: timeline.KubeEvent, Pod: timeline.ObjectName(objectKind(s.kind), s.name), Reason: s.reason, Message: s.message, AnyContainer: true}
	return st.expectIn(ctx, sel, lo, hi)
}
