package steps

import (
	"context"

	"github.com/cucumber/godog"
	"github.com/podlife/podlife/pkg/timeline"
)

// Pods and containers in the words of issue 38's fourth held-out set:
// `container "app" starts between 3s and 7s` / `starts within 5s` (its
// first start at or after t=0, as `exits between` reads its exit), `the
// pod "web" is never deleted`, and a pod on a node with a grace period.
func draftFourWordings() []Def {
	const f = "pod expectations"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		phrase(f, ctr+`starts between (\S+) and (\S+)$`, `Then container "app" starts between 3s and 7s`,
			s4(func(c, p, a, b string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Started, lo: a, hi: b}
			})),
		phrase(f, ctr+`starts within (\S+)$`, `Then container "app" starts within 5s`,
			s3(func(c, p, d string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Started, lo: "0s", hi: d}
			})),
		phrase(f, `^the pod "([^"]*)" is never deleted$`, `Then the pod "web" is never deleted`,
			s1(func(pod string) Step { return podNeverDeleted{pod: pod} })),
		phrase("pods", `^a pod "([^"]*)" on node "([^"]*)" with terminationGracePeriodSeconds (\S+):$`, "Given a pod \"web\" on node \"worker-1\" with terminationGracePeriodSeconds 30:\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) {
				g, err := slotValue[GraceSeconds](c[2])
				if err != nil {
					return nil, err
				}
				return aPod{name: c[0], podFields: podFields{node: c[1], grace: podGracePtr(g)}, doc: doc}, nil
			})),
	}
}

// Then the pod "web" is never deleted: over the whole scenario, run to
// the end of its activity, no API delete of the pod was accepted (it
// never had a deletionTimestamp) and it never went from the API.
type podNeverDeleted struct{ pod string }

func (s podNeverDeleted) Declare(pl *Plan) error {
	_, err := pl.mustPod(s.pod)
	return err
}

func (s podNeverDeleted) Run(ctx context.Context, st *State) error {
	if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	// Never in the whole scenario, before t=0 too; the time said from
	// t=0 (timeline.ExpectNever from the Beginning said it from there:
	// "at -9223372036.854s").
	for _, k := range []timeline.Kind{timeline.DeleteRequested, timeline.Deleted} {
		sel := timeline.Selector{Pod: s.pod, Kind: k}
		if e, ok := timeline.First(st.clk().events(), timeline.Beginning, sel); ok {
			return &timeline.Verdict{Kind: timeline.Unexpected, Expected: "never " + sel.Describe(),
				Observed: sel.Describe() + " " + timeline.Occurrence(e, st.clock.t0), Event: &e}
		}
	}
	return nil
}
