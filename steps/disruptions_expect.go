package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// pollDisruption runs a state check of what the disruption and
// ReplicaSet controllers keep at the current time: once on the
// simulator, whose controllers act in the instant, or on the state an
// untimed expectation held; on a cluster, whose controllers write it a
// watch delivery and a sync after the fact, until it holds or the
// tolerance has passed, as a pod's state check polls (checkPod).
func pollDisruption(ctx context.Context, st *State, d driver.Session, check func(driver.Session, driver.View) error) error {
	if st.clk().exact {
		sess, err := st.clk().present(ctx)
		if err != nil {
			return err
		}
		return check(sess, sess.View())
	}
	if err := st.clk().instant(ctx); err != nil {
		return err
	}
	var last error
	_, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.clk().tol, func(v driver.View) bool {
		last = check(d, v)
		return last == nil
	})
	if err != nil {
		return err
	}
	return last
}

// readVerdict is a state check's failure: the state read at the current
// time was not the one expected.
func readVerdict(st *State, expected, observed string) *timeline.Verdict {
	return &timeline.Verdict{Kind: timeline.WrongState, Expected: expected, Observed: observed, Read: true, ReadAt: st.clock.cur}
}

func describePDB(p *policyv1.PodDisruptionBudget) string {
	if p == nil {
		return "no such budget"
	}
	s := p.Status
	return fmt.Sprintf("currentHealthy %d, desiredHealthy %d, expectedPods %d, disruptionsAllowed %d, observedGeneration %d",
		s.CurrentHealthy, s.DesiredHealthy, s.ExpectedPods, s.DisruptionsAllowed, s.ObservedGeneration)
}

// Then the pod disruption budget "web" has desiredHealthy 2 (or allows 1
// disruption: disruptionsAllowed): one field of its status at the current
// time, as the disruption controller wrote it.
type pdbHas struct {
	name, field string
	want        Count
}

func (s pdbHas) Declare(pl *Plan) error { return pl.pdb(s.name) }

func (s pdbHas) Run(ctx context.Context, st *State) error {
	d, err := readyDisruptions(ctx, st)
	if err != nil {
		return err
	}
	return pollDisruption(ctx, st, d, func(d driver.Session, _ driver.View) error {
		p := d.PodDisruptionBudget(s.name)
		var got int32
		if p != nil {
			switch s.field {
			case "currentHealthy":
				got = p.Status.CurrentHealthy
			case "desiredHealthy":
				got = p.Status.DesiredHealthy
			case "expectedPods":
				got = p.Status.ExpectedPods
			default:
				got = p.Status.DisruptionsAllowed
			}
		}
		if p == nil || int(got) != int(s.want) {
			return readVerdict(st, fmt.Sprintf("pod disruption budget %q with %s %d", s.name, s.field, s.want),
				fmt.Sprintf("%s: %s", st.clk().readAt(), describePDB(p)))
		}
		return nil
	})
}

// rsPods runs a state check of a replica set's pods in the API at the
// current time.
func rsPods(ctx context.Context, st *State, rs string, f func([]*corev1.Pod) error) error {
	return ownedPods(ctx, st, "", rs, f)
}

// ownedPods is rsPods of the pods of a replica set (owner "" or
// "replica set") or a deployment (owner "deployment").
func ownedPods(ctx context.Context, st *State, owner, name string, f func([]*corev1.Pod) error) error {
	d, err := readyDisruptions(ctx, st)
	if err != nil {
		return err
	}
	return pollDisruption(ctx, st, d, func(d driver.Session, _ driver.View) error {
		return f(podsOwned(d, owner, name))
	})
}

// podsOwned are the pods in the API of a replica set (owner "" or
// "replica set") or of a deployment's replica sets (owner "deployment").
func podsOwned(d driver.Session, owner, name string) []*corev1.Pod {
	if owner == "deployment" {
		pods, _, _ := d.DeploymentPods(name)
		return pods
	}
	pods, _, _ := d.ReplicaSetPods(name)
	return pods
}

func readyActive(pods []*corev1.Pod) int {
	n := 0
	for _, p := range pods {
		if p.DeletionTimestamp == nil && conditionIs(p, corev1.PodReady, corev1.ConditionTrue) {
			n++
		}
	}
	return n
}

func describeRSPods(pods []*corev1.Pod) string {
	if len(pods) == 0 {
		return "no pods"
	}
	var parts []string
	for _, p := range pods {
		s := p.Name + " " + string(p.Status.Phase)
		if p.Spec.NodeName != "" {
			s += " on " + p.Spec.NodeName
		}
		if conditionIs(p, corev1.PodReady, corev1.ConditionTrue) {
			s += ", Ready"
		}
		if p.DeletionTimestamp != nil {
			s += ", terminating"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// writtenDuration is a duration and its text, which a failure quotes.
type writtenDuration struct {
	text string
	d    time.Duration
}

func (w *writtenDuration) set(s string) error {
	d, err := parseDuration(s)
	w.text, w.d = s, d
	return err
}

// Then 3 pods of replica set "web" are Ready: Ready pods of the replica
// set not being deleted, exactly that many, at the current time. With
// `within 2m`: at some time up to t0+D, that many.
type rsReady struct {
	want   Count
	rs     string
	within *writtenDuration
}

func (s rsReady) Declare(pl *Plan) error {
	_, err := pl.replicaSet(s.rs)
	return err
}

func (s rsReady) Run(ctx context.Context, st *State) error {
	if s.within != nil {
		return s.runWithin(ctx, st)
	}
	return rsPods(ctx, st, s.rs, func(pods []*corev1.Pod) error {
		if got := readyActive(pods); got != int(s.want) {
			return readVerdict(st, fmt.Sprintf("%s of replica set %q Ready", times(int(s.want), "pod"), s.rs),
				fmt.Sprintf("%s: %d: %s", st.clk().readAt(), got, describeRSPods(pods)))
		}
		return nil
	})
}

func (s rsReady) runWithin(ctx context.Context, st *State) error {
	want := int(s.want)
	return rsWithin(ctx, st, s.rs, *s.within, "pods of the replica set Ready",
		fmt.Sprintf("%s of replica set %q Ready", times(want, "pod"), s.rs),
		func(pods []*corev1.Pod, _ driver.View) (int, bool) { n := readyActive(pods); return n, n == want })
}

// rsWithin is a replica set's pods' state `within D`: holds (which counts
// the pods that make it hold) true at some time up to t0+D, read as the
// session runs up to the deadline, not where an earlier step ran it to:
// an exact session goes back to t=0 first (the state at t=0 stands for
// the time before it). The pods a replica set makes Ready after t=0 are
// replacements: on a cluster their readiness waits on their start, which
// the window carries (the simulator starts them in the instant).
func rsWithin(ctx context.Context, st *State, rs string, within writtenDuration, what, expected string,
	holds func(pods []*corev1.Pod, v driver.View) (int, bool)) error {
	return ownedWithin(ctx, st, "", rs, within, what, expected, holds)
}

// ownedWithin is rsWithin of a replica set's or a deployment's pods (as
// podsOwned).
func ownedWithin(ctx context.Context, st *State, owner, rs string, within writtenDuration, what, expected string,
	holds func(pods []*corev1.Pod, v driver.View) (int, bool)) error {
	if _, err := readyDisruptions(ctx, st); err != nil {
		return err
	}
	w := disruptionWindow(st, 0, within.d, driver.ActionCreate)
	sess, err := st.clk().sessionFrom(ctx, st.clock.t0.At)
	if err != nil {
		return err
	}
	check := func(v driver.View) (int, bool) { return holds(podsOwned(sess, owner, rs), v) }
	at, ok, err := sess.RunUntil(ctx, w.To, func(v driver.View) bool { _, ok := check(v); return ok })
	if err != nil {
		return err
	}
	w.From = 0
	sel := timeline.Selector{Pod: rs}
	if !ok || at > w.To {
		pods := podsOwned(sess, owner, rs)
		n, _ := check(sess.View())
		return st.keepWindowCheck(sel, what, w, nil, &timeline.Verdict{Kind: timeline.Missing, Window: &w,
			Expected: fmt.Sprintf("%s within %s%s", expected, within.text, w.Note()),
			Observed: fmt.Sprintf("at %s: %d: %s", timeline.FormatOffset(sess.Now()-st.clock.t0.At), n, describeRSPods(pods))})
	}
	return st.keepWindowCheck(sel, what, w, &timeline.Event{At: at}, nil)
}

// Then 2 pods of replica set "web" are on node "worker-1": pods of the
// replica set bound to the node and not being deleted, at the current
// time. Then node "worker-1" has no pods of replica set "web" is 0 pods
// there; with `within 1m`, at some time up to t0+D (a drain done).
type rsOnNode struct {
	want     Count
	rs, node string
	within   *writtenDuration
	// owner is "deployment" for a deployment's pods (`node "worker-1"
	// has no pods of deployment "api"`), else "" (a replica set's).
	owner string
	// ready: only the pods whose Ready condition is True count (`are
	// Ready on node "worker-1"`, onnode_words.go).
	ready bool
}

// ownerKind is the kind of the pods' owner, as a step names it.
func (s rsOnNode) ownerKind() string {
	if s.owner == "" {
		return "replica set"
	}
	return s.owner
}

// on counts the pods on the node, not being deleted.
func (s rsOnNode) on(pods []*corev1.Pod) int {
	got := 0
	for _, p := range pods {
		if p.Spec.NodeName == s.node && p.DeletionTimestamp == nil && (!s.ready || conditionIs(p, corev1.PodReady, corev1.ConditionTrue)) {
			got++
		}
	}
	return got
}

func (s rsOnNode) Declare(pl *Plan) error {
	if _, err := pl.node(s.node); err != nil {
		return err
	}
	_, err := pl.workload(s.ownerKind(), s.rs)
	return err
}

func (s rsOnNode) Run(ctx context.Context, st *State) error {
	pod := "pod"
	if s.ready {
		pod = "ready pod"
	}
	expected := fmt.Sprintf("%s of %s %q on node %q", times(int(s.want), pod), s.ownerKind(), s.rs, s.node)
	if s.within != nil {
		return ownedWithin(ctx, st, s.owner, s.rs, *s.within, "pods of the "+s.ownerKind()+" on the node", expected,
			func(pods []*corev1.Pod, _ driver.View) (int, bool) { n := s.on(pods); return n, n == int(s.want) })
	}
	return ownedPods(ctx, st, s.owner, s.rs, func(pods []*corev1.Pod) error {
		if got := s.on(pods); got != int(s.want) {
			return readVerdict(st, expected,
				fmt.Sprintf("%s: %d: %s", st.clk().readAt(), got, describeRSPods(pods)))
		}
		return nil
	})
}

// Then the replica set "web" has created 4 pods: every pod it created
// since the start, replacements included, at the current time.
type rsCreated struct {
	rs   string
	want Count
}

func (s rsCreated) Declare(pl *Plan) error {
	_, err := pl.replicaSet(s.rs)
	return err
}

func (s rsCreated) Run(ctx context.Context, st *State) error {
	d, err := readyDisruptions(ctx, st)
	if err != nil {
		return err
	}
	return pollDisruption(ctx, st, d, func(d driver.Session, _ driver.View) error {
		_, created, _ := d.ReplicaSetPods(s.rs)
		if len(created) != int(s.want) {
			return &timeline.Verdict{Kind: timeline.WrongCount, Expected: fmt.Sprintf("replica set %q has created %s", s.rs, times(int(s.want), "pod")),
				Observed: fmt.Sprintf("%d: %s", len(created), strings.Join(created, ", "))}
		}
		return nil
	})
}

// Then a replacement pod of replica set "web" is Ready within 10s: a pod
// the replica set created at or after t=0 (its PodCreated on the
// timeline), Ready and not being deleted at some time up to t0+D.
type rsReplacementReady struct {
	rs     string
	within writtenDuration
}

func (s rsReplacementReady) Declare(pl *Plan) error {
	_, err := pl.replicaSet(s.rs)
	return err
}

func (s rsReplacementReady) Run(ctx context.Context, st *State) error {
	t0 := st.clock.t0
	return rsWithin(ctx, st, s.rs, s.within, "a replacement pod Ready", fmt.Sprintf("a pod of replica set %q created at or after t=0 Ready", s.rs),
		func(pods []*corev1.Pod, v driver.View) (int, bool) {
			created := map[string]bool{}
			for _, e := range v.Timeline() {
				if e.Kind == timeline.PodCreated && t0.Precedes(e) {
					created[e.Pod] = true
				}
			}
			n := 0
			for _, p := range pods {
				if created[p.Name] && p.DeletionTimestamp == nil && conditionIs(p, corev1.PodReady, corev1.ConditionTrue) {
					n++
				}
			}
			return n, n > 0
		})
}
