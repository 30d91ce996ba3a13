package steps

// wordingExpectations are phrases of the language written as authors
// write them (issue 38's held-out drafts): values bare where the phrase
// quotes them (`has QoS class BestEffort`, `has condition PodScheduled
// False`), `has phase` for `phase is`, a restart count as the API names
// it, `becomes S at T` for a state's coming, `is never evicted`. Each
// means what the phrase it restates means.
func wordingExpectations() []Def {
	const f = "pod expectations"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	const state = `(not ready|not Ready|\S+)`
	return []Def{
		phrase(f, `^the pod "([^"]*)" becomes `+state+` at (\S+)$`, `Then the pod "web" becomes NotReady at 6s`,
			s3(func(pod string, ps comingState, at writtenSpan) Step {
				return thePodIsBetween{podWindow{podNamed{pod}, at, at}, ps.podState}
			})).with(stateSlot("NotReady", podStates)),
		phrase(f, `^the pod "([^"]*)" becomes `+state+` between (\S+) and (\S+)$`, `Then the pod "web" becomes NotReady between 5s and 7s`,
			s4(func(pod string, ps comingState, a, b writtenSpan) Step {
				return thePodIsBetween{podWindow{podNamed{pod}, a, b}, ps.podState}
			})).with(stateSlot("NotReady", podStates)),
		phrase(f, `^the pod "([^"]*)" becomes `+state+` within (\S+)$`, `Then the pod "web" becomes Ready within 10s`,
			s3(func(pod string, ps comingState, d writtenSpan) Step {
				return thePodIsWithin{podNamed{pod}, ps.podState, d, true}
			})).with(stateSlot("Ready", podStates)),
		phrase(f, `^the pod "([^"]*)" has phase "?([A-Za-z]+)"?$`, `Then the pod "web" has phase "Succeeded"`,
			s2(func(pod string, phase phaseWord) Step { return thePodPhase{podNamed{pod}, string(phase)} })).
			with(slot("phase", "Succeeded", phases...)),
		phrase(f, `^the pod "([^"]*)" has phase "?([A-Za-z]+)"? at (\S+)$`, `Then the pod "web" has phase "Running" at 60s`,
			s3(func(pod string, phase phaseWord, at writtenSpan) Step {
				return phaseAt{thePodIsStillAt{podNamed{pod}, string(phase), at}}
			})).with(slot("phase", "Running", withinPhases...)),
		phrase(f, `^the pod "([^"]*)" has phase "?([A-Za-z]+)"? within (\S+)$`, `Then the pod "web" has phase "Failed" within 15s`,
			s3(func(pod string, phase heldPhase, d writtenSpan) Step {
				return thePodIsWithin{podNamed{pod}, phase.podState, d, false}
			})).with(slot("phase", "Failed", withinPhases...)).jobPodApart(),
		phrase(f, ctr+`(?:restart count is|has restart count|restartCount is|has restartCount) (\S+)$`, `Then container "app" of pod "web" restart count is 0`,
			s3(func(c, pod string, n Count) Step { return containerRestartCount{containerNamed{c, pod}, n} })),
		phrase(f, ctr+`(?:restart count is|has restart count|restartCount is|has restartCount) (\S+) between (\S+) and (\S+)$`, `Then container "app" of pod "web" has restart count 1 between 2s and 10s`,
			s5(func(c, pod string, n Count, a, b writtenSpan) Step {
				return restartCountBetween{containerNamed{c, pod}, n, a, b}
			})),
		phrase(f, ctr+`(?:restart count is|has restart count|restartCount is|has restartCount) (\S+) within (\S+)$`, `Then container "app" of pod "web" has restart count 1 within 30s`,
			s4(func(c, pod string, n Count, d writtenSpan) Step { return restartedWithin{containerNamed{c, pod}, n, d} })),
	}
}

// comingState is the state of `becomes S at T`, as authors write it
// (`becomes not ready`): one of the states whose coming `is S at T`
// judges.
type comingState struct{ podState }

func (s *comingState) set(v string) error {
	var w authorPodState
	_ = w.set(v)
	ps, err := parsePodState(string(w), podStates...)
	s.podState = ps
	return err
}
