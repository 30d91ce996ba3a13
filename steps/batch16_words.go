package steps

import (
	"fmt"

	"github.com/podlife/podlife/pkg/timeline"
)

// What issue 38's sixteenth held-out batch wrote for phrases the language
// has in other words, each hinted wrong: an event's absence with its
// reason before `event` (`no "Killing" event is recorded for pod "job"`,
// twice, hinted with an empty `before <duration>`), kubectl's column
// named first (`kubectl shows STATUS "Terminating" for pod "web" at 2s`,
// seven times, hinted with `shows status … at`, which is the status's
// coming at T where the authors read what kubectl prints then; `the READY
// column of pod "web" is "1/1" at 12s`, twice, hinted as the Ready
// condition), two containers' signals in order (`container "app"
// receives SIGTERM before container "worker"`, twice, hinted with the
// names swapped), a pod evicted after another (three times, hinted as
// `before`, which also holds when the later pod is never evicted), an
// exit's code in a window (`exits with code 0 between 5s and 7s`, three
// times, hinted without the window's start), a pod's condition read at an
// instant (`the pod "web" condition "Ready" is "False" at 15s`, twice,
// hinted with `has condition … at`, the condition's coming at T, which
// fails for a pod NotReady since before t=0), a restart count at an
// instant (eleven times, hinted `between 40s and 40s`).
func batchSixteenWords() []Def {
	const columns = "kubectl columns"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	const forPod = ` for (?:the )?pod "([^"]*)"`
	status := `^kubectl shows STATUS "?([^" ]+)"?` + forPod
	column := `^the (?:STATUS column|kubectl STATUS) of (?:the )?pod "([^"]*)" is "?([^" ]+)"?`
	kubectlReady := `^kubectl shows READY "?(\d+/\d+)"?` + forPod
	readyColumn := `^the READY column of (?:the )?pod "([^"]*)" is "?(\d+/\d+)"?`
	return []Def{
		phrase("events", `^no "([^"]*)" event is recorded`+about+`$`, `Then no "Killing" event is recorded for pod "web"`,
			func(c []string, _ Arg) (Step, error) { return &noEvent{reason: c[0], about: eventAboutOf(c[1:])}, nil }).with(eventSlot("Killing")).respelling(),
		phrase(columns, status+`$`, `Then kubectl shows STATUS "Running" for pod "web"`,
			s2(func(status kubectlStatus, pod string) Step { return thePodShowsStatus{podNamed{pod}, string(status)} })).
			with(statusSlot("Running")),
		phrase(columns, status+` at (\S+)$`, `Then kubectl shows STATUS "Terminating" for pod "web" at 2s`,
			s3(func(status kubectlStatus, pod string, at writtenSpan) Step {
				return readAtInstant{thePodShowsStatus{podNamed{pod}, string(status)}, at}
			})).with(statusSlot("Terminating")),
		phrase(columns, status+` within (\S+)$`, `Then kubectl shows STATUS "Running" for pod "web" within 10s`,
			s3(func(status kubectlStatus, pod string, d writtenSpan) Step {
				return thePodShowsStatusWithin{podNamed{pod}, string(status), d}
			})).with(statusSlot("Running")),
		phrase(columns, column+` at (\S+)$`, `Then the STATUS column of pod "web" is "Running" at 12s`,
			s3(func(pod string, status kubectlStatus, at writtenSpan) Step {
				return readAtInstant{thePodShowsStatus{podNamed{pod}, string(status)}, at}
			})).with(statusSlot("Running")),
		phrase(columns, kubectlReady+`$`, `Then kubectl shows READY "1/2" for pod "web"`,
			s2(func(r, pod string) Step { return thePodShowsReady{podNamed{pod}, r} })),
		phrase(columns, kubectlReady+` at (\S+)$`, `Then kubectl shows READY "1/1" for pod "web" at 12s`,
			s3(func(r, pod string, at writtenSpan) Step { return readAtInstant{thePodShowsReady{podNamed{pod}, r}, at} })),
		phrase(columns, readyColumn+`$`, `Then the READY column of pod "web" is "1/2"`,
			s2(func(pod, r string) Step { return thePodShowsReady{podNamed{pod}, r} })),
		phrase(columns, readyColumn+` at (\S+)$`, `Then the READY column of pod "web" is "1/1" at 12s`,
			s3(func(pod, r string, at writtenSpan) Step { return readAtInstant{thePodShowsReady{podNamed{pod}, r}, at} })),
		phrase("pod expectations", `^the pod "([^"]*)" (?:still has condition|condition) "?([^" ]*)"? (?:is )?"?([^" ]*)"? at (\S+)$`, `Then the pod "web" condition "Ready" is "False" at 15s`,
			s4(func(pod, ctype, status string, at writtenSpan) Step {
				return readAtInstant{thePodCondition{podNamed{pod}, ctype, status, ""}, at}
			})).with(openSlot("condition", "Ready", podConditionTypes...), slot("status", "False", conditionStatuses...)),
		// The condition by a deadline in the same words: `has condition`'s
		// `within D`.
		phrase("pod expectations", `^the pod "([^"]*)" condition "?([^" ]*)"? (?:is )?"?([^" ]*)"? within (\S+)$`, `Then the pod "web" condition "ContainersReady" is "True" within 6s`,
			s4(func(pod, ctype, status string, d writtenSpan) Step {
				return podConditionTimed{status, thePodIsWithin{podNamed{pod}, conditionState(ctype, status, ""), d, false}}
			})).with(openSlot("condition", "Ready", podConditionTypes...), slot("status", "True", conditionStatuses...)).respelling(),
		phrase("signals and hooks", ctr+`receives (SIGTERM|SIGKILL) before container "([^"]*)"$`, `Then container "app" receives SIGTERM before container "worker"`,
			s4(func(c, p string, sig sigKind, other string) Step {
				return &containersInOrder{pod: p, list: fmt.Sprintf("%q, %q", c, other), kind: timeline.Kind(sig)}
			})).with(signalSlot("SIGTERM")),
		// Held-out batch 16, eleven times: `container "app" has restart
		// count 1 at 40s`, hinted `between 40s and 40s`.
		phrase("pod expectations", ctr+`(?:restart count is|has restart count|restartCount is|has restartCount) (\S+) at (\S+)$`, `Then container "app" has restart count 1 at 40s`,
			s4(func(c, pod string, n Count, at writtenSpan) Step {
				return readAtInstant{containerRestartCount{containerNamed{c, pod}, n}, at}
			})),
		// Held-out batch 16: `node "node-1" still has condition
		// MemoryPressure True at 4m`, hinted as its coming at 4m.
		phrase("node expectations", `^node "([^"]*)" still has condition "?([^" ]*)"? "?([^" ]*)"? at (\S+)$`, `Then node "worker-1" still has condition "MemoryPressure" "True" at 40s`,
			s4(func(node, ctype, status string, at writtenSpan) Step {
				return readAtInstant{nodeCondition{node: node, ctype: ctype, status: status}, at}
			})).with(openSlot("condition", "MemoryPressure", nodeConditionTypes...), slot("status", "True", conditionStatuses...)),
		phrase("eviction expectations", `^the pod "([^"]*)" is evicted after the pod "([^"]*)"$`, `Then the pod "steady" is evicted after the pod "spiky"`,
			func(c []string, a Arg) (Step, error) {
				if c[0] == c[1] {
					return nil, inputErr("a pod is not evicted after itself")
				}
				return parseEvictionOrder([]string{fmt.Sprintf("%q, %q", c[1], c[0])}, a)
			}),
		phrase("signals and hooks", ctr+`(?:exits|terminates) with (?:exit )?code (\S+) between (\S+) and (\S+)$`, `Then container "main" exits with code 0 between 5s and 7s`,
			func(c []string, _ Arg) (Step, error) {
				s := &exitsCodeWithin{exitsAt: exitsAt{ctr: ctrOfPod{c[0], c[1]}}}
				s.code.set(c[2])
				s.lo.set(c[3])
				s.d.set(c[4])
				return s, nil
			}),
	}
}
