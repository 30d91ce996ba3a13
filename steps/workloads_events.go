package steps

import (
	"context"
	"fmt"
	"sort"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// The checks of a quota's usage, and of the Kubernetes Events recorded
// about a workload.

// Then the resource quota "q" shows "pods" used 3: its status.used of
// that resource at the current time, as the quota controller and the
// API server's admission keep it.
type quotaUsed struct {
	name, res string
	want      resource.Quantity
}

func (s quotaUsed) Declare(pl *Plan) error { return pl.work.quota(s.name) }

func (s quotaUsed) Run(ctx context.Context, st *State) error {
	d, err := readyDisruptions(ctx, st)
	if err != nil {
		return err
	}
	return pollDisruption(ctx, st, d, func(d driver.Session, _ driver.View) error {
		q := d.ResourceQuota(s.name)
		if q != nil {
			if v, ok := q.Status.Used[corev1.ResourceName(s.res)]; ok && v.Cmp(s.want) == 0 {
				return nil
			}
		}
		return readVerdict(st, fmt.Sprintf("resource quota %q with %s used %s", s.name, s.res, s.want.String()),
			fmt.Sprintf("%s: %s", st.clk().readAt(), describeQuota(q)))
	})
}

func describeQuota(q *corev1.ResourceQuota) string {
	if q == nil {
		return "no such resource quota"
	}
	if q.Status.Used == nil {
		return "no usage computed yet"
	}
	var parts []string
	for name, v := range q.Status.Used {
		h := q.Status.Hard[name]
		parts = append(parts, fmt.Sprintf("%s %s of %s", name, v.String(), h.String()))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// Then an event "FailedCreate" is recorded for deployment "web" (with
// message containing "exceeded quota"); no event … is recorded for job
// "batch": Kubernetes Events about the workload, untimed (waiting, as
// the untimed rule does, for one at or after t=0). A deployment's are its
// own and its ReplicaSets', as `kubectl describe` shows them for each;
// a replica set's, its own. `no event` runs the scenario to the end of
// its activity.
type workloadEvent struct {
	reason, text, kind, name string
	none                     bool
	// prefix, when set, is how the message begins (eventSaid's wording).
	prefix string
}

func (s workloadEvent) Declare(pl *Plan) error {
	_, err := pl.workload(s.kind, s.name)
	return err
}

// objects are the timeline names of the workload's events.
func (s workloadEvent) objects(d driver.Session) map[string]bool {
	out := map[string]bool{timeline.ObjectName(objectKind(s.kind), s.name): true}
	if s.kind == "deployment" {
		for _, rs := range d.DeploymentReplicaSets(s.name) {
			out[timeline.ObjectName("ReplicaSet", rs)] = true
		}
	}
	return out
}

func (s workloadEvent) matching(d driver.Session, events []timeline.Event) []timeline.Event {
	objs := s.objects(d)
	var out []timeline.Event
	for _, e := range events {
		if e.Kind == timeline.KubeEvent && e.Reason == s.reason && objs[e.Pod] && strings.Contains(e.Message, s.text) && strings.HasPrefix(e.Message, s.prefix) {
			out = append(out, e)
		}
	}
	return out
}

func (s workloadEvent) what() string {
	out := fmt.Sprintf("event %q", s.reason)
	if s.text != "" {
		out += fmt.Sprintf(" with message containing %q", s.text)
	}
	if s.prefix != "" {
		out += fmt.Sprintf(" with message %q", s.prefix)
	}
	return out + fmt.Sprintf(" for %s %q", s.kind, s.name)
}

func (s workloadEvent) Run(ctx context.Context, st *State) error {
	d, err := readyWorkload(ctx, st, s.kind, s.name)
	if err != nil {
		return err
	}
	if s.none {
		if _, _, err := st.settle(ctx); err != nil {
			return err
		}
		if es := s.matching(d, st.clk().events()); len(es) > 0 {
			e := es[0]
			return &timeline.Verdict{Kind: timeline.Unexpected, Expected: "no " + s.what(), Event: &e,
				Observed: fmt.Sprintf("%q at %s", e.Message, timeline.FormatOffset(e.At-st.clock.t0.At))}
		}
		return nil
	}
	t0 := st.clock.t0
	if err := awaitDisruption(ctx, st, func() bool {
		for _, e := range s.matching(d, d.View().Timeline()) {
			if t0.Precedes(e) || e.At >= t0.At {
				return true
			}
		}
		return false
	}); err != nil {
		return err
	}
	if len(s.matching(d, st.clk().events())) > 0 {
		return nil
	}
	var seen []string
	objs := s.objects(d)
	for _, e := range st.clk().events() {
		if e.Kind == timeline.KubeEvent && objs[e.Pod] {
			seen = append(seen, e.Reason)
		}
	}
	if len(seen) == 0 {
		seen = []string{"none"}
	}
	return &timeline.Verdict{Kind: timeline.Missing, Expected: s.what(), Observed: "recorded for it: " + strings.Join(dedup(seen), ", ")}
}

func dedup(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
