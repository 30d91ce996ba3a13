package steps

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/printer"
	"github.com/podlife/podlife/pkg/timeline"
)

// The current time (docs/language.md, the Time table's "current time"):
// untimed expectations, `never` and `stays` may run the session further to
// decide, but do not move the scenario's clock; the next state check reads
// the state at the current time. On the simulator the state of that time
// is kept before the session runs on (hold), and state checks read it
// until a step moves the current time (an action, a timed expectation).
// A cluster cannot be read in the past, but what its observers saw can:
// there a state check of a pod reads the pods as observed from the
// current time on, for up to the tolerance, as a poll made then would
// have (driver.History); a node's state is read in the present.

// heldView is the cluster as it stood at the current time.
type heldView struct {
	pods    map[string]*corev1.Pod
	columns map[string]printer.Columns
	nodes   map[string]*corev1.Node
	live    driver.View // for the timeline, which keeps the past itself
	// at is the current time the state was kept at.
	at time.Duration
	// pdbs and rsPods are the budgets and the replica sets' pods
	// (disruptions.go), nil when the driver has none.
	pdbs   map[string]*policyv1.PodDisruptionBudget
	rsPods map[string][]*corev1.Pod
	// past, on a cluster, is the session's record of its pods: the
	// state is read from it rather than kept here.
	past driver.History
}

var _ driver.PodPrinter = (*heldView)(nil)

func (h *heldView) Pod(name string) *corev1.Pod   { return h.pods[name] }
func (h *heldView) Node(name string) *corev1.Node { return h.nodes[name] }
func (h *heldView) Timeline() []timeline.Event    { return h.live.Timeline() }

func (h *heldView) PrintPod(name string) (printer.Columns, bool) {
	c, ok := h.columns[name]
	return c, ok
}

// hold keeps the state at the current time before the session runs past
// it, on a driver whose clock is exact; a state already held stays. The
// state kept is the one after every event of the instant, as a state
// check reads it: a pod deleted and gone in one instant is gone.
func (st *State) hold(ctx context.Context) error {
	if st.held != nil || st.Session == nil {
		return nil
	}
	if !st.Driver.Capabilities().Has(driver.ExactTime) {
		if past, ok := driver.SessionAs[driver.History](st.Session); ok {
			st.held = &heldView{at: st.Session.Now(), past: past}
		}
		return nil
	}
	if err := st.instant(ctx); err != nil {
		return err
	}
	v := st.Session.View()
	h := &heldView{pods: map[string]*corev1.Pod{}, columns: map[string]printer.Columns{}, nodes: map[string]*corev1.Node{},
		live: v, at: st.Session.Now()}
	for _, p := range st.pods {
		if pod := v.Pod(p.name); pod != nil {
			h.pods[p.name] = pod.DeepCopy()
		}
		if pp, ok := v.(driver.PodPrinter); ok {
			if c, ok := pp.PrintPod(p.name); ok {
				h.columns[p.name] = c
			}
		}
	}
	for _, n := range st.setup.Nodes {
		if node := v.Node(n.Name); node != nil {
			h.nodes[n.Name] = node.DeepCopy()
		}
	}
	if d, ok := driver.SessionAs[driver.Disruptions](st.Session); ok && (len(st.disr.pdbs) > 0 || len(st.disr.sets) > 0) {
		h.pdbs, h.rsPods = map[string]*policyv1.PodDisruptionBudget{}, map[string][]*corev1.Pod{}
		for _, p := range st.disr.pdbs {
			if pdb := d.PodDisruptionBudget(p.pdb.Name); pdb != nil {
				h.pdbs[p.pdb.Name] = pdb.DeepCopy()
			}
		}
		for _, r := range st.disr.sets {
			pods, _, _ := d.ReplicaSetPods(r.name)
			for _, p := range pods {
				h.rsPods[r.name] = append(h.rsPods[r.name], p.DeepCopy())
			}
		}
	}
	st.held = h
	return nil
}

// exactHeld: the state at the current time is kept by the steps (the
// simulator's), not read from a cluster's record.
func (st *State) exactHeld() bool { return st.held != nil && st.held.past == nil }

// readState runs a state check at the current time, f saying why the
// state does not hold (nil: it holds), and returns f's last answer: on
// the state the simulator kept (once); on a cluster after an untimed
// expectation ran it on, on the pods as observed from the current time
// for up to the tolerance, then on the cluster until that span ends;
// otherwise on the cluster from now for up to the tolerance (once on the
// simulator), after every event of the current instant.
func (st *State) readState(ctx context.Context, f func(driver.View) error) error {
	if st.exactHeld() {
		return f(st.held)
	}
	var last error
	deadline := st.Session.Now() + st.tol()
	if st.held != nil {
		deadline = st.held.at + st.tol()
		last = fmt.Errorf("no state of the pods observed between %s and %s",
			timeline.FormatOffset(st.held.at-st.t0.At), timeline.FormatOffset(deadline-st.t0.At))
		for _, v := range st.held.past.ViewsBetween(st.held.at, deadline) {
			if last = f(v); last == nil {
				return nil
			}
		}
		if st.Session.Now() >= deadline {
			return last
		}
	} else if err := st.instant(ctx); err != nil {
		return err
	}
	if _, _, err := st.Session.RunUntil(ctx, deadline, func(v driver.View) bool {
		last = f(v)
		return last == nil
	}); err != nil {
		return err
	}
	return last
}

// release: the current time moves to where the session stands.
func (st *State) release() { st.held = nil }

// readAt says when the state a check read was: "at 0s" from t=0, and
// where that lies in the scenario when t=0 is not its start, so that a
// t=0 in an unexpected place shows ("at 0s (80s into the scenario)").
func (st *State) readAt() string {
	at := st.Session.Now()
	if st.held != nil {
		at = st.held.at
	}
	out := "at " + timeline.FormatOffset(at-st.t0.At)
	if st.t0.At > 0 {
		out += " (" + timeline.FormatOffset(at) + " into the scenario)"
	}
	return out
}
