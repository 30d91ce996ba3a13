package steps

import (
	"github.com/podlife/podlife/pkg/timeline"
)

// Phrases in the words of issue 38's fifth held-out set (first drafts
// written from the README alone), each the meaning of a phrase the
// language already had, said as those authors said it: `the pod "web"
// stays in phase "Running" for 30s` (`stays Running for 30s`), `container
// "app" keeps the same container ID` (`is never restarted`: a restart is
// a new container, with a new ID), `the pod "web" is unschedulable`
// (`has condition "PodScheduled" "False" with reason "Unschedulable"`),
// `container "app" starts after container "init" terminates` (its start
// after the other's exit, as `starts after … is ready` orders a start
// after a readiness), `the preStop hook of container "app" starts within
// 1s` (`runs its preStop hook`, by a deadline).
func draftSixWordings() []Def {
	const f = "pod expectations"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		phrase(f, `^the pod "([^"]*)" stays in phase "([^"]*)" (until|for) (\S+)$`, `Then the pod "web" stays in phase "Running" for 30s`,
			s4(func(pod string, ph stayInPhase, bound string, d writtenSpan) Step {
				return thePodStays{podNamed{pod}, string(ph), holdBound{bound, d, nil}}
			})).with(slot("phase", "Running", stayInPhases...), slot("time bound", "for", "until", "for")),
		phrase(f, `^the pod "([^"]*)" stays in phase "([^"]*)"$`, `Then the pod "web" stays in phase "Pending"`,
			s2(func(pod string, ph stayInPhase) Step { return thePodStays{podNamed{pod}, string(ph), holdBound{}} })).
			with(slot("phase", "Pending", stayInPhases...)),
		phrase(f, ctr+`keeps (?:the same|its) container ID$`, `Then container "app" of pod "web" keeps the same container ID`,
			s2(func(c, pod string) Step { return neverRestarted{podNamed{pod}, c} })),
		phrase(f, `^the pod "([^"]*)" is unschedulable$`, `Then the pod "web" is unschedulable`,
			s1(func(pod string) Step {
				return thePodCondition{podNamed{pod}, "PodScheduled", "False", "Unschedulable"}
			})),
		phrase("signals and hooks", ctr+`starts after container "([^"]*)" (?:terminates|has terminated|exits|has exited)$`, `Then container "app" starts after container "init" terminates`,
			s3(func(c, p, other string) Step {
				return &ctrEventAfter{ctr: ctrOfPod{c, p}, kind: timeline.Started, other: other, otherKind: timeline.Exited}
			})),
		phrase("signals and hooks", `^the preStop hook of container "([^"]*)"(?: of pod "([^"]*)")? starts within (\S+)$`, `Then the preStop hook of container "app" starts within 1s`,
			s3(func(c, p, d string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.PreStopStarted, lo: "0s", hi: d}
			})),
	}
}

// stayInPhases are the phases `stays in phase "P"` holds (`stays P`'s;
// Unknown is none of them).
var stayInPhases = []string{"Pending", "Running", "Succeeded", "Failed"}

// stayInPhase is one of stayInPhases, in any case, as phaseWord reads it.
type stayInPhase string

func (h *stayInPhase) set(v string) error {
	var w phaseWord
	if err := w.set(v); err != nil {
		return err
	}
	*h = stayInPhase(w)
	return oneOf("phase", string(w), stayInPhases...)
}
