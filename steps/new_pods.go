package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// A workload's new pods, created since t=0 (issue 38's thirteenth and
// fourteenth blind batches: `a replacement pod of deployment "gateway" is
// created within 2s`, `2 new pods of replicaset "thumbnails" are created
// within 2s`, sixteen times in two batches, with no phrase to say it):
// how many pods the workload's controller created from t=0 on, by a
// time or in a window, as its pods' creations are read (their PodCreated
// on the timeline).
func newPodPhrases() []Def {
	const f = "workloads"
	const kinds = `(deployment|replica set|job)`
	kindSlot := slot("workload", "deployment", "deployment", "replica set", "job")
	return []Def{
		phrase(f, `^(\S+) new pods? (?:of|for) `+kinds+` "([^"]*)" (?:is|are|gets|get) created within (\S+)$`, `Then 2 new pods of deployment "web" are created within 2s`,
			s4(func(n podsCount, kind, name string, d writtenSpan) Step {
				return newPods{kind: kind, name: name, want: Count(n), lo: writtenSpan{0, "0s"}, hi: d, shape: "within " + d.text}
			})).with(kindSlot),
		phrase(f, `^(\S+) new pods? (?:of|for) `+kinds+` "([^"]*)" (?:is|are|gets|get) created between (\S+) and (\S+)$`, `Then 2 new pods of replica set "web" are created between 0s and 2s`,
			s5(func(n podsCount, kind, name string, a, b writtenSpan) Step {
				return newPods{kind: kind, name: name, want: Count(n), lo: a, hi: b, shape: "between " + a.text + " and " + b.text}
			})).with(slot("workload", "replica set", "deployment", "replica set", "job")),
		phrase(f, `^(?:a|the|one) (?:replacement|new) pod (?:of|for) `+kinds+` "([^"]*)" is created within (\S+)$`, `Then a replacement pod of deployment "web" is created within 2s`,
			s3(func(kind, name string, d writtenSpan) Step {
				return newPods{kind: kind, name: name, want: 1, lo: writtenSpan{0, "0s"}, hi: d, shape: "within " + d.text}
			})).with(kindSlot),
	}
}

// newPods: the workload created exactly want pods after t0's action
// by t0+hi, none of them before t0+lo (`within D`: lo 0): read off the
// pods' creations on the timeline once the window has passed (on a
// cluster, its end widened by the controller's reaction).
type newPods struct {
	kind, name string
	want       Count
	lo, hi     writtenSpan
	shape      string
}

func (s newPods) Declare(pl *Plan) error {
	if s.lo.d > s.hi.d {
		return inputErr("between %s and %s: the window ends before it starts", s.lo.text, s.hi.text)
	}
	_, err := pl.workload(s.kind, s.name)
	return err
}

// since are the names of the workload's pods created after t0's mark
// and by to, whether one came before from, and when the last came.
func (s newPods) since(d driver.Session, t0 timeline.Mark, from, to time.Duration) (names []string, early bool, last time.Duration) {
	_, created := workloadPods{kind: s.kind, name: s.name}.pods(d)
	at := map[string]timeline.Event{}
	for _, e := range d.View().Timeline() {
		if e.Kind == timeline.PodCreated {
			if _, seen := at[e.Pod]; !seen {
				at[e.Pod] = e
			}
		}
	}
	for _, n := range created {
		e, ok := at[n]
		if !ok || !t0.Precedes(e) || e.At > to {
			continue // created before the action, in its instant before it, or after the window
		}
		names = append(names, n)
		early = early || e.At < from
		last = max(last, e.At)
	}
	return names, early, last
}

func (s newPods) Run(ctx context.Context, st *State) error {
	d, err := readyWorkload(ctx, st, s.kind, s.name)
	if err != nil {
		return err
	}
	t0 := st.clock.t0
	w := disruptionWindow(st, s.lo.d, s.hi.d, driver.ActionCreate, driver.ActionDelete)
	if s.lo.d == 0 {
		w.From = t0.At
	}
	if st.Session.Now() < w.To {
		if _, _, err := st.Session.RunUntil(ctx, w.To, func(driver.View) bool { return false }); err != nil {
			return err
		}
	}
	expected := fmt.Sprintf("%s of %s %q created %s", times(int(s.want), "new pod"), s.kind, s.name, s.shape)
	names, early, last := s.since(d, t0, w.From, w.To)
	sel := workloadSel(s.kind, s.name)
	if early || len(names) != int(s.want) {
		got := fmt.Sprintf("%d by %s: %s", len(names), timeline.FormatOffset(w.To-t0.At), strings.Join(names, ", "))
		if early {
			got = fmt.Sprintf("%s, one before %s", got, s.lo.text)
		}
		if len(names) == 0 {
			got = fmt.Sprintf("none by %s", timeline.FormatOffset(w.To-t0.At))
		}
		return st.keepWindowCheck(sel, "new pods", w, nil, &timeline.Verdict{Kind: timeline.WrongCount, Window: &w, Expected: expected + w.Note(), Observed: got})
	}
	return st.keepWindowCheck(sel, "new pods", w, &timeline.Event{At: last}, nil)
}
