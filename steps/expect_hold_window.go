package steps

import (
	"context"
	"fmt"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// holdWindowExpectations are a state held over a window that need not
// begin at t=0, in the words of issue 38's held-out sets 72 to 76: `pod
// "web" is not Ready throughout 0s to 10s` (thirteen times in one set of
// probes; the hint offered `is not Ready after 10s`, one instant),
// `stays Running between 2s and 20s`, `is not Ready throughout the first
// 30s`, `remains Ready for 30s`, a container's state the same way, and
// kubectl's STATUS held (`the pod "web" STATUS stays "Running" for
// 60s`). Each holds as `stays S until T` does (expect_hold.go): at every
// instant of [t0+A, t0+B), read after each instant's events; on a
// cluster from as late as A's window ends to as early as B's begins.
func holdWindowExpectations() []Def {
	const f = "pod expectations"
	const pod = `^(?:the )?pod "([^"]*)" `
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	const state = `(not ready|not Ready|\S+)`
	const ctrState = `(running|waiting|ready|not ready)`
	const span = ` throughout (?:from )?(\S+) (?:to|until|and) (\S+)$`
	const stays = `(?:stays|remains) `
	podIn := func(pod string, state authorPodState, a, b writtenSpan) Step {
		return thePodStays{podNamed{pod}, string(state), holdBound{"until", b, &a}}
	}
	ctrIn := func(c, pod, state string, a, b writtenSpan) Step {
		return containerStays{containerNamed{c, pod}, state, holdBound{"until", b, &a}}
	}
	zero := writtenSpan{0, "0s"}
	return []Def{
		phrase(f, pod+`(?:is|stays|remains) `+state+span, `Then the pod "web" is NotReady throughout 0s to 10s`, s4(podIn)).
			with(stateSlot("NotReady", holdStates)),
		phrase(f, pod+stays+state+` (?:from|between) (\S+) (?:to|and|until) (\S+)$`, `Then the pod "web" stays Running between 2s and 20s`, s4(podIn)).
			with(stateSlot("Running", holdStates)),
		phrase(f, pod+`(?:is|stays|remains) `+state+` (?:throughout|for|during) the first (\S+)$`, `Then the pod "web" is Running throughout the first 30s`,
			s3(func(pod string, state authorPodState, d writtenSpan) Step { return podIn(pod, state, zero, d) })).
			with(stateSlot("Running", holdStates)),
		// `is S from A to B` (sets 77 and 78: `pod "web" is not Ready from
		// 0s to 22s`, `phase is Running from 1s to 60s`); `is S between A
		// and B` stays the state's coming in a window.
		phrase(f, pod+`(?:is|phase is) `+state+` from (\S+) (?:to|until) (\S+)$`, `Then the pod "web" is Running from 1s to 60s`, s4(podIn)).
			with(stateSlot("Running", holdStates)),
		phrase(f, ctr+`is `+ctrState+` from (\S+) (?:to|until) (\S+)$`, `Then container "app" of pod "web" is running from 0s to 5s`, s5(ctrIn)).
			with(slot("container state", "running", containerHoldStates...)),
		phrase(f, ctr+`keeps (running|waiting) (until|for) (\S+)$`, `Then container "shipper" keeps running until 6s`,
			s5(func(c, pod, state, bound string, d writtenSpan) Step {
				return containerStays{containerNamed{c, pod}, state, holdBound{bound, d, nil}}
			})).with(slot("container state", "running", "running", "waiting"), slot("time bound", "until", "until", "for")),
		phrase(f, pod+`remains `+state+` (until|for) (\S+)$`, `Then the pod "web" remains Ready for 30s`,
			s4(func(pod string, state authorPodState, bound string, d writtenSpan) Step {
				return thePodStays{podNamed{pod}, string(state), holdBound{bound, d, nil}}
			})).with(stateSlot("Ready", holdStates), slot("time bound", "for", "until", "for")),
		phrase(f, ctr+`(?:is|stays|remains) `+ctrState+span, `Then container "app" of pod "web" is running throughout 2s to 20s`, s5(ctrIn)).
			with(slot("container state", "running", containerHoldStates...)),
		phrase(f, ctr+stays+ctrState+` (?:from|between) (\S+) (?:to|and|until) (\S+)$`, `Then container "app" of pod "web" stays ready between 5s and 30s`, s5(ctrIn)).
			with(slot("container state", "ready", containerHoldStates...)),
		phrase("kubectl columns", pod+`(?:STATUS|status) (?:stays|remains|is) "?([^" ]+)"? (for|until) (\S+)$`, `Then the pod "web" STATUS stays "Running" for 60s`,
			s4(func(pod string, status kubectlStatus, bound string, d writtenSpan) Step {
				return statusStays{podNamed{pod}, string(status), holdBound{bound, d, nil}}
			})).with(statusSlot("Running"), slot("time bound", "for", "until", "for")),
		phrase("kubectl columns", pod+`(?:STATUS|status) (?:stays|remains|is) "?([^" ]+)"?(?: throughout| from| between)(?: from)? (\S+) (?:to|and|until) (\S+)$`, `Then the pod "web" STATUS stays "Terminating" between 1s and 29s`,
			s4(func(pod string, status kubectlStatus, a, b writtenSpan) Step {
				return statusStays{podNamed{pod}, string(status), holdBound{"until", b, &a}}
			})).with(statusSlot("Terminating")),
	}
}

// statusStays is kubectl's STATUS column of a pod showing one value at
// every instant of a hold, as the timeline's Status events tell it (the
// column as the printer makes it at each change: pkg/printer after
// printers.go printPod).
type statusStays struct {
	podNamed
	status string
	bound  holdBound
}

func (s statusStays) Run(ctx context.Context, st *State) error {
	t := &statusHold{want: s.status}
	return judgeHold(ctx, st, timeline.Selector{Pod: s.pod, Kind: timeline.Status}, s.bound, fmt.Sprintf("pod %q STATUS %s %s", s.pod, s.status, s.bound),
		func(e timeline.Event) bool { return e.Pod == s.pod && e.Container == "" && e.Kind == timeline.Status }, t,
		func(events []timeline.Event, at time.Duration) string {
			var h statusHold
			for _, e := range events {
				if e.At <= at && e.Pod == s.pod && e.Container == "" && e.Kind == timeline.Status {
					h.apply(e)
				}
			}
			if h.cur == "" {
				return "no STATUS shown yet"
			}
			return "STATUS " + h.cur
		})
}

// statusHold is the STATUS column as its last change set it.
type statusHold struct{ want, cur string }

func (h *statusHold) apply(e timeline.Event) { h.cur = e.Reason }
func (h *statusHold) holds() bool            { return h.cur == h.want }
