package steps

import (
	"context"
	"fmt"

	"github.com/cucumber/godog"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/component-helpers/scheduling/corev1/nodeaffinity"
	"k8s.io/klog/v2"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/manifest"
	"github.com/podlife/podlife/pkg/timeline"
)

// DaemonSets (issue 38): a DaemonSet runs one pod on each node of the
// scenario that should run it (its node selector and affinity match the
// node, its tolerations and the ones the DaemonSet controller adds
// tolerate the node's taints), or, declared `on node "n"`, on that node
// only (a node selector on its hostname). Its pods are named `the daemon
// set pod of "x"` (the first pod it created: a daemon set of one node)
// and `the pod of daemon set "x" on node "n"` (the first it created on
// that node) wherever a phrase names one pod (rspods.go). A drain
// (`node "n" is drained`, kubectl drain --ignore-daemonsets) leaves them
// where they are.

// daemonSetDecl is a DaemonSet as the scenario declared it: its pod
// template, declared as a pod would be and kept out of the scenario's
// pods, and the node it is kept on ("" for every node of the scenario).
type daemonSetDecl struct {
	name, node string
	tpl        *podDecl
	created    bool
}

func daemonSetPhrases() []Def {
	const f = "workloads"
	decl := func(c []string, doc *godog.DocString) (Step, error) {
		s := daemonSetStep{name: c[0], doc: doc}
		if len(c) > 1 {
			s.node = c[1]
		}
		return s, nil
	}
	plain := func(c []string, _ Arg) (Step, error) { return decl(c, nil) }
	return []Def{
		phrase(f, `^a daemon set "([^"]*)"$`, `Given a daemon set "node-exporter"`, plain),
		phrase(f, `^a daemon set "([^"]*)":$`, "Given a daemon set \"node-exporter\":\n  \"\"\"yaml\n  spec:\n    containers:\n    - name: exporter\n  \"\"\"", withDoc(decl)),
		phrase(f, `^a daemon set "([^"]*)" on node "([^"]*)"$`, `Given a daemon set "node-exporter" on node "worker-1"`, plain),
		phrase(f, `^a daemon set "([^"]*)" on node "([^"]*)":$`, "Given a daemon set \"node-exporter\" on node \"worker-1\":\n  \"\"\"yaml\n  spec:\n    containers:\n    - name: exporter\n  \"\"\"", withDoc(decl)),
		phrase(f, `^the daemon set "([^"]*)" has (\S+) pods? on node "([^"]*)"$`, `Then the daemon set "node-exporter" has 1 pod on node "worker-1"`,
			s3(func(ds string, n Count, node string) Step { return dsOnNode{ds: ds, want: n, node: node} })),
		phrase(f, `^the daemon set "([^"]*)" still has (\S+) pods? on node "([^"]*)"$`, `Then the daemon set "node-exporter" still has 1 pod on node "worker-1"`,
			s3(func(ds string, n Count, node string) Step { return dsOnNode{ds: ds, want: n, node: node, still: true} })),
	}
}

// Given a daemon set "node-exporter" [on node "worker-1"] [: YAML] — the
// YAML is its pods' (a Pod, or its spec:) or the DaemonSet's (a whole
// DaemonSet, or its spec: with template:); its labels are the selector's
// (app=<name> when it has none). Its pods have restartPolicy Always (the
// API server refuses another) and are placed by the controller, not by
// nodeName. `on node "n"` adds the node selector kubernetes.io/hostname:
// n. The DaemonSet is created with the cluster, and its pods started
// before the first step that acts. Without YAML: pods of one agent
// container "app".
type daemonSetStep struct {
	declaration
	name, node string
	doc        *godog.DocString
	// spec are the fields the step gives (specfields.go).
	spec specFields
}

func (s daemonSetStep) Declare(pl *Plan) (err error) {
	defer markBroken(pl, s.name, &err)
	if err := workloadName(pl, "daemon set", s.name); err != nil {
		return err
	}
	if s.node != "" {
		if _, err := pl.node(s.node); err != nil {
			return err
		}
	}
	var tpl *podDecl
	if s.doc != nil && holdsTemplate(s.doc.Content, "DaemonSet") {
		ds, err := manifest.DecodeDaemonSet([]byte(s.doc.Content))
		if err != nil {
			return decodeErrors(err)
		}
		if err := s.spec.applyOwn(s.doc, &ds.Spec); err != nil {
			return err
		}
		if err := s.spec.applyTpl(s.doc, &ds.Spec.Template.Spec, "spec.template.spec."); err != nil {
			return err
		}
		if err := controllerHead(s.doc, "daemon set", s.name, 0, ds.Name, nil, ds.Spec.Selector, ds.Spec.Template.Labels); err != nil {
			return err
		}
		if err := dsSpecModelled(s.doc, &ds.Spec); err != nil {
			return err
		}
		if tpl, err = pl.templateDecl(s.name, ds.Spec.Template, s.doc, true); err != nil {
			return err
		}
	} else {
		var ds appsv1.DaemonSetSpec
		if err := s.spec.applyOwn(nil, &ds); err != nil {
			return err
		}
		if err := dsSpecModelled(nil, &ds); err != nil {
			return err
		}
		t, err := podTemplate(pl, s.name, s.doc, s.spec)
		if err != nil {
			return err
		}
		tpl = t
		if tpl.pod.Spec.NodeName != "" {
			return inputErr("daemon set %q: its controller places its pods, the template may not set nodeName (to keep it on one node: a daemon set %q on node %q)", s.name, s.name, tpl.pod.Spec.NodeName)
		}
		if len(tpl.pod.Labels) == 0 {
			tpl.pod.Labels = map[string]string{"app": s.name}
		}
	}
	if rp := tpl.pod.Spec.RestartPolicy; rp != "" && rp != corev1.RestartPolicyAlways {
		return inputErr("daemon set %q: its pods have restartPolicy Always (the API server refuses %s)", s.name, rp)
	}
	if s.node != "" {
		sel := tpl.pod.Spec.NodeSelector
		if v, ok := sel[corev1.LabelHostname]; ok && v != s.node {
			return inputErr("daemon set %q is declared on node %q, but its nodeSelector says %s: %s", s.name, s.node, corev1.LabelHostname, v)
		}
		if sel == nil {
			sel = map[string]string{}
		}
		sel[corev1.LabelHostname] = s.node
		tpl.pod.Spec.NodeSelector = sel
	}
	pl.work.daemonSets = append(pl.work.daemonSets, &daemonSetDecl{name: s.name, node: s.node, tpl: tpl})
	return nil
}

func (w *workloadDecls) daemonSet(name string) (*daemonSetDecl, error) {
	for _, d := range w.daemonSets {
		if d.name == name {
			return d, nil
		}
	}
	return nil, undeclaredErr("daemon set %q is not declared", name)
}

// dsNodes are the scenario's nodes a daemon set may run on: its node, or
// every declared node (the ones joining later included).
func dsNodes(pl *Plan, d *daemonSetDecl) []string {
	if d.node != "" {
		return []string{d.node}
	}
	var out []string
	for _, n := range append(pl.setup.Nodes[:len(pl.setup.Nodes):len(pl.setup.Nodes)], pl.joining...) {
		out = append(out, n.Name)
	}
	return out
}

// createDaemonSets creates the declared daemon sets not created yet.
func createDaemonSets(ctx context.Context, st *State) error {
	for _, d := range st.Plan.work.daemonSets {
		if d.created {
			continue
		}
		d.created, d.tpl.created = true, true
		if err := st.Session.CreateDaemonSet(ctx, d.name, d.tpl.build(), dsNodes(st.Plan, d)); err != nil {
			return st.unsupported(fmt.Errorf("daemon set %q: %w", d.name, err))
		}
	}
	return nil
}

// dsExpected are the declared nodes the daemon set's pods are waited for
// on before the first action: those whose labels its required node
// affinity and node selector match and whose NoSchedule and NoExecute
// taints, as declared, its template tolerates (the taints the DaemonSet
// controller tolerates come from node conditions, which a declared node
// does not have at the start).
func dsExpected(pl *Plan, d *daemonSetDecl) []string {
	tpl := d.tpl.pod
	var out []string
	for _, name := range dsNodes(pl, d) {
		n := pl.findNode(name)
		if n == nil {
			continue
		}
		if ok, _ := nodeaffinity.GetRequiredNodeAffinity(tpl).Match(n); !ok {
			continue
		}
		tolerated := true
		for i := range n.Spec.Taints {
			t := &n.Spec.Taints[i]
			if t.Effect == corev1.TaintEffectPreferNoSchedule {
				continue
			}
			ok := false
			for j := range tpl.Spec.Tolerations {
				ok = ok || tpl.Spec.Tolerations[j].ToleratesTaint(klog.Background(), t, false)
			}
			tolerated = tolerated && ok
		}
		if tolerated {
			out = append(out, name)
		}
	}
	return out
}

// daemonSetsStarted: every declared daemon set has a pod on each node it
// is expected on, each started or stuck.
func daemonSetsStarted(pl *Plan, s driver.Workloads, v driver.View) bool {
	for _, d := range pl.work.daemonSets {
		pods, _, ok := s.DaemonSetPods(d.name)
		if !ok {
			return false
		}
		noteDSPods(pl, pods)
		for _, node := range dsExpected(pl, d) {
			found := false
			for _, p := range pods {
				found = found || dsPodNode(p) == node
			}
			if !found {
				return false
			}
		}
		for _, p := range pods {
			if !startedOrStuck(v.Pod(p.Name)) {
				return false
			}
		}
	}
	return true
}

// dsPodNode is the node of a daemon set's pod: its nodeName, or before
// it is bound the node its controller's affinity term names.
func dsPodNode(p *corev1.Pod) string {
	if p.Spec.NodeName != "" {
		return p.Spec.NodeName
	}
	if a := p.Spec.Affinity; a != nil && a.NodeAffinity != nil && a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution != nil {
		for _, t := range a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms {
			for _, f := range t.MatchFields {
				if f.Key == "metadata.name" && len(f.Values) == 1 {
					return f.Values[0]
				}
			}
		}
	}
	return ""
}

// noteDSPods remembers the node of each pod of a daemon set seen, so that
// `the pod of daemon set "x" on node "n"` still names a pod once it is
// gone.
func noteDSPods(pl *Plan, pods []*corev1.Pod) {
	if pl.dsPodNodes == nil {
		pl.dsPodNodes = map[string]string{}
	}
	for _, p := range pods {
		if n := dsPodNode(p); n != "" {
			pl.dsPodNodes[p.Name] = n
		}
	}
}

// Then the daemon set "node-exporter" has 1 pod on node "worker-1": at
// the current time, its pods on the node (bound to it, or made for it by
// the controller's node affinity and not bound yet: on a cluster, whose
// node names are not the scenario's, bound only) that are neither
// finished nor being deleted. With `still has`: and every one of them was created
// before t=0 (before the action that placed it, in the same instant
// too), so that one deleted since and put back by the controller is not
// counted (a drain that evicted it).
type dsOnNode struct {
	ds, node string
	want     Count
	still    bool
}

func (s dsOnNode) Declare(pl *Plan) error {
	if _, err := pl.node(s.node); err != nil {
		return err
	}
	if pl.broken[s.ds] {
		return fmt.Errorf("daemon set %q: %w", s.ds, ErrDeclaredBadly)
	}
	_, err := pl.work.daemonSet(s.ds)
	return err
}

func (s dsOnNode) Run(ctx context.Context, st *State) error {
	d, err := readyDisruptions(ctx, st)
	if err != nil {
		return err
	}
	word := "has"
	if s.still {
		word = "still has"
	}
	expected := fmt.Sprintf("the daemon set %q %s %s on node %q", s.ds, word, times(int(s.want), "pod"), s.node)
	if s.still {
		expected += " created before t=0"
	}
	t0 := st.clock.t0
	return pollDisruption(ctx, st, d, func(d driver.Session, v driver.View) error {
		pods, _, _ := d.DaemonSetPods(s.ds)
		created := map[string]timeline.Event{}
		for _, e := range v.Timeline() {
			if _, seen := created[e.Pod]; e.Kind == timeline.PodCreated && !seen {
				created[e.Pod] = e
			}
		}
		got, newer := 0, 0
		for _, p := range pods {
			if dsPodNode(p) != s.node || p.DeletionTimestamp != nil || p.Status.Phase == corev1.PodSucceeded || p.Status.Phase == corev1.PodFailed {
				continue
			}
			got++
			if e, ok := created[p.Name]; s.still && (!ok || t0.Precedes(e)) {
				newer++
			}
		}
		if got != int(s.want) || newer > 0 {
			obs := fmt.Sprintf("%s: %d: %s", st.clk().readAt(), got, describeRSPods(pods))
			if newer > 0 {
				obs += fmt.Sprintf(" (%d of them created after t=0)", newer)
			}
			return readVerdict(st, expected, obs)
		}
		return nil
	})
}

// dsPodDeclared checks a daemon set's pod a step names: the daemon set
// declared, and, named without its node, running on one node only.
func dsPodDeclared(pl *Plan, r podRef) error {
	if pl.broken[r.rs] {
		return fmt.Errorf("daemon set %q: %w", r.rs, ErrDeclaredBadly)
	}
	d, err := pl.work.daemonSet(r.rs)
	if err != nil {
		return err
	}
	if r.node != "" {
		_, err := pl.node(r.node)
		return err
	}
	if nodes := dsNodes(pl, d); len(nodes) > 1 {
		return inputErr("daemon set %q runs on %d nodes: name its pod by its node (`the pod of daemon set %q on node %q`)", r.rs, len(nodes), r.rs, nodes[0])
	}
	return nil
}

// dsPod is the API name of a daemon set's pod a step names: the first
// pod it created (on the node, when the step names one). A pod once seen
// keeps its node when it is gone (noteDSPods).
func dsPodOf(pl *Plan, d driver.Workloads, r podRef) (string, error) {
	pods, created, _ := d.DaemonSetPods(r.rs)
	noteDSPods(pl, pods)
	for _, name := range created {
		if r.node == "" || pl.dsPodNodes[name] == r.node {
			return name, nil
		}
	}
	observed := fmt.Sprintf("daemon set %q created %d pods", r.rs, len(created))
	if r.node != "" {
		observed += fmt.Sprintf(", none on node %q", r.node)
	}
	return "", &timeline.Verdict{Kind: timeline.Missing, Expected: r.String(), Observed: observed}
}

// dsSpecModelled refuses the DaemonSet's fields its steps do not model.
func dsSpecModelled(doc *godog.DocString, spec *appsv1.DaemonSetSpec) error {
	if spec.MinReadySeconds != 0 {
		return atField(doc, "spec.minReadySeconds", inputErr("a daemon set's minReadySeconds is not modelled: leave it out"))
	}
	return nil
}
