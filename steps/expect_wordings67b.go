package steps

import (
	"strconv"

	"github.com/podlife/podlife/pkg/timeline"
)

// More of issue 38's held-out sets 67 to 71, each a restatement of a
// phrase the language has, in the order or word the drafts chose:
//   - an event with its message said before or after its object, timed
//     (`an event "Killing" with message "Stopping container app" is
//     recorded for pod "web" within 5s`, five times; the hint dropped the
//     message);
//   - a container's n-th start (`starts for the 3rd time within 30s`,
//     four times: its (n-1)-th restart), and `is started` for `starts`;
//   - a pod state at an instant said negatively (`is not Ready at 5s`, as
//     `is not Ready after 5s`); `is running again within D` is left
//     undefined: a pod's phase stays Running through its containers'
//     restarts, so any reading of it would pass where nothing came back;
//   - a termination with its exit code before its reason, and at T;
//   - kubectl's row with READY before STATUS.
func draftSixtySevenRestatements() []Def {
	const f = "pod expectations"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	const nthStart = ctr + `(?:starts|is started) for the (\S+) time `
	const timed = `(?: within (\S+)| between (\S+) and (\S+))?$`
	span := func(c []string) eventSpan {
		switch {
		case c[0] != "":
			return withinSpan.of(c[:1])
		case c[1] != "":
			return betweenSpan.of(c[1:])
		}
		return eventSpan{}
	}
	startNth := func(lo, hi func(c []string) string) parser {
		return func(c []string, _ Arg) (Step, error) {
			n, ok := Ordinal(c[2])
			if !ok {
				return nil, inputErr("%q is not an ordinal: first, second, third … tenth, or 1st, 2nd, 3rd, 11th", c[2])
			}
			counted := append([]string{}, c...)
			counted[2] = strconv.Itoa(n)
			return parseNthRestart(counted, lo(c), hi(c), true)
		}
	}
	capture := func(i int) func([]string) string { return func(c []string) string { return c[i] } }
	zero := func([]string) string { return "0s" }
	return []Def{
		phrase("events", `^an event "([^"]*)" with message "([^"]*)" is recorded`+about+timed, `Then an event "Killing" with message "Stopping container app" is recorded for pod "web" within 5s`,
			func(c []string, _ Arg) (Step, error) {
				return &eventSaid{reason: c[0], message: c[1], about: eventAboutOf(c[2:5]), when: span(c[5:])}, nil
			}).with(eventSlot("Killing")),
		phrase("events", `^an event "([^"]*)" is recorded`+about+` with message "([^"]*)"`+timed, `Then an event "Killing" is recorded for pod "web" with message "Stopping container app" between 0s and 1s`,
			func(c []string, _ Arg) (Step, error) {
				return &eventSaid{reason: c[0], message: c[4], about: eventAboutOf(c[1:4]), when: span(c[5:])}, nil
			}).with(eventSlot("Killing")),
		phrase("events", `^an event "([^"]*)" with message containing "([^"]*)" is recorded`+about+` between (\S+) and (\S+)$`, `Then an event "Unhealthy" with message containing "Liveness" is recorded for pod "web" between 10s and 20s`,
			func(c []string, _ Arg) (Step, error) {
				return &eventSaid{reason: c[0], message: c[1], contains: true, about: eventAboutOf(c[2:5]), when: betweenSpan.of(c[5:])}, nil
			}).with(eventSlot("Unhealthy")),
		phrase("events", `^an event "([^"]*)" is recorded`+about+` with message containing "([^"]*)" (?:within (\S+)|between (\S+) and (\S+))$`, `Then an event "Unhealthy" is recorded for pod "web" with message containing "Liveness" within 20s`,
			func(c []string, _ Arg) (Step, error) {
				return &eventSaid{reason: c[0], message: c[4], contains: true, about: eventAboutOf(c[1:4]), when: span(c[5:])}, nil
			}).with(eventSlot("Unhealthy")),
		phrase(f, nthStart+`between (\S+) and (\S+)$`, `Then container "app" of pod "web" starts for the 3rd time between 11s and 14s`, startNth(capture(3), capture(4))),
		phrase(f, nthStart+`at (\S+)$`, `Then container "app" of pod "web" starts for the 2nd time at 1s`, startNth(capture(3), capture(3))),
		phrase(f, nthStart+`within (\S+)$`, `Then container "app" of pod "web" starts for the 3rd time within 14s`, startNth(zero, capture(3))),
		phrase(f, ctr+`is started between (\S+) and (\S+)$`, `Then container "app" is started between 3s and 7s`,
			s4(func(c, p, a, b string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Started, lo: a, hi: b}
			})),
		phrase(f, ctr+`is started within (\S+)$`, `Then container "app" is started within 5s`,
			s3(func(c, p, d string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Started, lo: "0s", hi: d}
			})),
		phrase(f, `^the pod "([^"]*)" is not (\S+) at (\S+)$`, `Then the pod "web" is not Ready at 5s`,
			s3(func(pod string, state heldState, at writtenSpan) Step {
				return thePodIsNotAfter{podNamed{pod}, state.podState, at}
			})).with(stateSlot("Ready", podStates)),
		phrase(f, ctr+`terminated with exit code (\S+) and reason "([^"]*)"(?: (within|at) (\S+))?$`, `Then container "app" of pod "web" terminated with exit code 137 and reason "OOMKilled" within 10s`,
			func(c []string, a Arg) (Step, error) { return terminatedBoth(c[0], c[1], c[3], c[2], c[4], c[5], a) }),
		phrase(f, ctr+`terminated with reason "([^"]*)" and exit code (\S+) at (\S+)$`, `Then container "app" of pod "web" terminated with reason "OOMKilled" and exit code 137 at 5s`,
			func(c []string, a Arg) (Step, error) { return terminatedBoth(c[0], c[1], c[2], c[3], "at", c[4], a) }),
	}
}

// terminatedBoth is a termination with its reason and exit code: untimed
// as `terminated with reason R and exit code N` reads it, `within D` or
// `at T` as its `within` twin reads the exit in that window.
func terminatedBoth(c, pod, reason, code, word, at string, _ Arg) (Step, error) {
	n, err := slotValue[ExitCode](code)
	if err != nil {
		return nil, err
	}
	switch word {
	case "":
		return containerTerminatedWith{containerNamed{c, pod}, reason, &n}, nil
	case "at":
		return &terminatedWithin{ctrEventIn: ctrEventIn{ctr: ctrOfPod{c, pod}, kind: timeline.Exited, lo: at, hi: at}, reason: reason, code: n}, nil
	}
	return &terminatedWithin{ctrEventIn: ctrEventIn{ctr: ctrOfPod{c, pod}, kind: timeline.Exited, lo: "0s", hi: at}, reason: reason, code: n}, nil
}
