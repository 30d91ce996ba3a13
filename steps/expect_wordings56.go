package steps

// Phrases in the words of issue 38's fifty-sixth held-out set (first
// drafts written from the README alone), which named a replica set's pod
// `pod 1 of replicaset "queue"` (rspods.go) and said of it `is deleted
// within 1s` and `is not deleted`: the pod phrases `is marked for deletion
// within D` (its deletion requested, at or after t=0, by t0+D: the word
// `deleted` means so in `is deleted before the pod "b"` already) and `is
// never deleted`, as `the job "x" is not deleted` is the job's `is never
// deleted`.
func draftFiftySixWordings() []Def {
	const f = "pod expectations"
	return []Def{
		phrase(f, `^the pod "([^"]*)" is not deleted$`, `Then the pod "web" is not deleted`,
			s1(func(pod string) Step { return podNeverDeleted{pod: pod} })).respelling(),
	}
}

// withinState is the state slot of `the pod "x" is S within D`: a pod
// state (heldState), or `deleted`, which is `is marked for deletion
// within D` (a state's pattern `is (\S+) within` takes the word, so the
// state slot reads it: fifty-sixth held-out set, `pod 3 of replicaset
// "api" is deleted within 1s`).
type withinState struct {
	heldState
	deleted bool
}

func (s *withinState) set(v string) error {
	if v == "deleted" {
		s.deleted, s.podState = true, podState{name: v}
		return nil
	}
	return s.heldState.set(v)
}

// podIsWithin is the step of `the pod "x" is S within D`.
func podIsWithin(pod string, state withinState, d writtenSpan) Step {
	if state.deleted {
		return markedForDeletion{podNamed{pod}, writtenSpan{0, "0s"}, d}
	}
	return thePodIsWithin{podNamed{pod}, state.podState, d, false}
}

// podIsBetween is the step of `the pod "x" is S between A and B` (and `at
// T`, A and B both T): `deleted` is its deletion requested in the window,
// as `is deleted within D` is (issue 38's set 80: `the pod of revision 1
// is deleted between 10s and 13s`, the rollout's delete of the old pod).
func podIsBetween(pod string, state withinState, a, b writtenSpan) Step {
	if state.deleted {
		return markedForDeletion{podNamed{pod}, a, b}
	}
	return thePodIsBetween{podWindow{podNamed{pod}, a, b}, state.podState}
}
