package steps

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// One pod's moment against another's (issue 38's sixteenth and
// seventeenth held-out batches: seven steps such as `pod "db-1" is not
// created before pod "db-0" is ready`, `pod "db-1" is not deleted before
// pod "db-2" is gone`): `the pod "a" is M before the pod "b" is N`,
// `is M after …`, `is not M before …`, each moment a pod's event on the
// timeline — created, scheduled, Running, Ready, deleted (marked for
// deletion), gone (removed), evicted, Succeeded, Failed. The order is the
// one `is Ready before the pod` and `is created after the pod … is
// Ready` read (expect_wordings49.go), untimed: each moment's first
// occurrence at or after t=0, else its first in the scenario.

// podMoments are the moments a pod order names, by the word a step uses
// (lower case; the pattern takes any case).
var podMoments = map[string]func(pod string) timeline.Selector{
	"created":   func(p string) timeline.Selector { return timeline.Selector{Pod: p, Kind: timeline.PodCreated} },
	"scheduled": func(p string) timeline.Selector { return timeline.Selector{Pod: p, Kind: timeline.Scheduled} },
	"running":   phaseMoment(corev1.PodRunning),
	"succeeded": phaseMoment(corev1.PodSucceeded),
	"failed":    phaseMoment(corev1.PodFailed),
	"ready": func(p string) timeline.Selector {
		return timeline.Selector{Pod: p, Kind: timeline.Condition, Reason: string(corev1.PodReady), Status: string(corev1.ConditionTrue)}
	},
	// A pod is deleted when its deletion is requested (its
	// deletionTimestamp set), as `the pod "p" is deleted within D` says.
	"deleted":             func(p string) timeline.Selector { return timeline.Selector{Pod: p, Kind: timeline.DeleteRequested} },
	"marked for deletion": func(p string) timeline.Selector { return timeline.Selector{Pod: p, Kind: timeline.DeleteRequested} },
	"gone":                func(p string) timeline.Selector { return timeline.Selector{Pod: p, Kind: timeline.Deleted} },
	"removed":             func(p string) timeline.Selector { return timeline.Selector{Pod: p, Kind: timeline.Deleted} },
	// Held-out batch 18 and 19: `is not deleted before pod "db-2" is
	// removed from the API`, twice.
	"removed from the API": func(p string) timeline.Selector { return timeline.Selector{Pod: p, Kind: timeline.Deleted} },
	"evicted":              evictedSel,
}

func phaseMoment(ph corev1.PodPhase) func(string) timeline.Selector {
	return func(p string) timeline.Selector {
		return timeline.Selector{Pod: p, Kind: timeline.Phase, Reason: string(ph)}
	}
}

// momentWords are podMoments' words as the slots list them.
var momentWords = []string{"created", "scheduled", "Running", "Ready", "deleted", "marked for deletion", "gone", "removed from the API", "removed", "evicted", "Succeeded", "Failed"}

// momentAlt is an alternation of the moments, any case, but those left
// out: `is created after the pod "b" is Ready` has its own phrase.
func momentAlt(without ...string) string {
	var alts []string
	for _, w := range momentWords {
		out := false
		for _, x := range without {
			out = out || strings.EqualFold(w, x)
		}
		if !out {
			alts = append(alts, w)
		}
	}
	return `((?i:` + strings.Join(alts, "|") + `))`
}

// momentWord is a moment as the slots list it, whatever its case.
func momentWord(w string) string {
	for _, m := range momentWords {
		if strings.EqualFold(m, w) {
			return m
		}
	}
	return w
}

func momentValues(without string) []string {
	var out []string
	for _, w := range momentWords {
		if !strings.EqualFold(w, without) {
			out = append(out, w)
		}
	}
	return out
}

func podOrderWords() []Def {
	const f = "pod expectations"
	parse := func(first string) parser {
		return func(c []string, _ Arg) (Step, error) {
			if first != "" { // the first moment is the phrase's own word
				c = append([]string{c[0], c[1], first}, c[2:]...)
			}
			pod, not, m, rel, other, om := c[0], c[1] != "", c[2], c[3], c[4], c[5]
			if not && rel == "after" {
				return nil, inputErr("`is not %s after …` says two things at once; say `the pod %q is %s before the pod %q is %s` (or that it is never %s)", m, pod, m, other, om, m)
			}
			return &podMomentOrder{pod: other, moment: momentWord(om), later: pod, laterMoment: momentWord(m), must: !not, before: rel == "before" && !not}, nil
		}
	}
	return []Def{
		phrase(f, `^the pod "([^"]*)" is (not )?`+momentAlt("created")+` (before|after) the pod "([^"]*)" is `+momentAlt()+`$`,
			`Then the pod "db-1" is not deleted before the pod "db-2" is gone`, parse("")).
			with(slot("pod moment", "deleted", momentValues("created")...), slot("other pod moment", "gone", momentWords...)),
		phrase(f, `^the pod "([^"]*)" is (not )?created (before|after) the pod "([^"]*)" is `+momentAlt("Ready")+`$`,
			`Then the pod "web-2" is not created before the pod "web-1" is gone`, parse("created")).
			with(slot("other pod moment", "gone", momentValues("Ready")...)),
	}
}

// Then the pod "db-1" is not created before the pod "db-0" is Ready:
// untimed, both moments waited for to the end of the activity. `is M
// after … is N` (must): the later pod's moment comes after the other's;
// `is not M before`: the same, or the later pod's moment never comes (a
// pod never created is not created before anything); `is M before … is
// N` (before): the later pod's moment comes, and the other's, if it
// comes, after it. Of the other's moment never come, `after` and `not
// before` fail: nothing says the order held.
type podMomentOrder struct {
	pod, moment        string // the moment the other is ordered against
	later, laterMoment string
	must, before       bool
	first, then        timeline.Selector // Declare's: pod's, later's
}

func (s *podMomentOrder) Declare(pl *Plan) error {
	a, b, err := podPair(pl, s.pod, s.later, s.laterMoment)
	if err != nil {
		return err
	}
	s.first, s.then = podMoments[strings.ToLower(s.moment)](a), podMoments[strings.ToLower(s.laterMoment)](b)
	return nil
}

func (s *podMomentOrder) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if s.before {
		return expectBefore(ctx, st, s.then, s.first, fmt.Sprintf("pod %q %s before pod %q is %s", s.later, s.laterMoment, s.pod, s.moment))
	}
	if err := st.awaitUntimed(ctx, s.first, s.then); err != nil {
		return err
	}
	events := st.clk().events()
	_, came := timeline.Chosen(events, st.clock.t0, s.then)
	_, other := timeline.Chosen(events, st.clock.t0, s.first)
	what := fmt.Sprintf("pod %q %s after pod %q %s", s.later, s.laterMoment, s.pod, s.moment)
	switch {
	case !came && !s.must:
		return nil
	case !came:
		return &timeline.Verdict{Kind: timeline.Missing, Expected: what, Observed: fmt.Sprintf("pod %q never %s", s.later, s.laterMoment)}
	case !other:
		return &timeline.Verdict{Kind: timeline.Missing, Expected: what, Observed: fmt.Sprintf("pod %q %s, pod %q never %s", s.later, s.laterMoment, s.pod, s.moment)}
	}
	return timeline.ExpectOrderUntimed(events, st.clock.t0, st.order(), []timeline.Selector{s.first, s.then})
}
