package steps

import (
	"context"
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
// A cluster cannot be read in the past: there state checks read the
// present, as before.

// heldView is the cluster as it stood at the current time.
type heldView struct {
	pods    map[string]*corev1.Pod
	columns map[string]printer.Columns
	nodes   map[string]*corev1.Node
	events  []*corev1.Event
	live    driver.View // for the timeline, which keeps the past itself
	// at is the current time the state was kept at.
	at time.Duration
	// pdbs and rsPods are the budgets and the replica sets' pods
	// (disruptions.go), nil when the driver has none.
	pdbs   map[string]*policyv1.PodDisruptionBudget
	rsPods map[string][]*corev1.Pod
}

var _ driver.PodPrinter = (*heldView)(nil)

func (h *heldView) Pod(name string) *corev1.Pod   { return h.pods[name] }
func (h *heldView) Node(name string) *corev1.Node { return h.nodes[name] }
func (h *heldView) Events() []*corev1.Event       { return h.events }
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
	if st.held != nil || st.Session == nil || !st.Driver.Capabilities().Has(driver.ExactTime) {
		return nil
	}
	if err := st.instant(ctx); err != nil {
		return err
	}
	v := st.Session.View()
	h := &heldView{pods: map[string]*corev1.Pod{}, columns: map[string]printer.Columns{}, nodes: map[string]*corev1.Node{},
		events: append([]*corev1.Event(nil), v.Events()...), live: v, at: st.Session.Now()}
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

// release: the current time moves to where the session stands.
func (st *State) release() { st.held = nil }

// view is the cluster at the current time.
func (st *State) view() driver.View {
	if st.held != nil {
		return st.held
	}
	return st.Session.View()
}

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
