package sim

import (
	"fmt"
	"sort"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// daemonSetController is pkg/controller/daemon/daemon_controller.go
// (v1.36.3): a DaemonSet keeps one pod on each node that should run it
// (NodeShouldRunDaemonPod: the template's node selector and required
// node affinity match the node, and its tolerations, with the ones the
// controller adds, tolerate the node's NoSchedule and NoExecute taints).
// A change of one of its pods or of a node queues a sync later in the same
// instant (addPod, updatePod, deletePod, addNode, updateNode), with no
// latency modelled; its creates are synchronous, so its expectations are
// always met at the next sync. Rolling updates, surge, minReadySeconds,
// the failed-pod back-off and the status are not modelled.
type daemonSetController struct {
	env   *env
	api   *apiServer
	order []*daemonSet
}

type daemonSet struct {
	ds *appsv1.DaemonSet
	// template is the pod as the scenario declared it (agent arguments
	// included), created lists the names of the pods made from it, in
	// order.
	template *corev1.Pod
	created  []string
	key      workKey
}

func newDaemonSetController(e *env, api *apiServer) *daemonSetController {
	return &daemonSetController{env: e, api: api}
}

func (c *daemonSetController) named(name string) *daemonSet {
	for _, d := range c.order {
		if d.ds.Name == name {
			return d
		}
	}
	return nil
}

// add stores a DaemonSet of tpl (its labels are the selector) and queues
// its first sync.
func (c *daemonSetController) add(name string, tpl *corev1.Pod) (*daemonSet, error) {
	if c.named(name) != nil {
		return nil, fmt.Errorf("daemon set %q already exists", name)
	}
	ds := &appsv1.DaemonSet{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: c.api.namespace, UID: types.UID(c.env.newUID()), Generation: 1,
			CreationTimestamp: c.env.wall(c.env.now), Labels: tpl.Labels},
		Spec: appsv1.DaemonSetSpec{
			Selector: &metav1.LabelSelector{MatchLabels: tpl.Labels},
			Template: podTemplate(tpl),
		},
	}
	d := &daemonSet{ds: ds, template: tpl}
	c.order = append(c.order, d)
	c.enqueue(d)
	return d, nil
}

func (c *daemonSetController) enqueue(d *daemonSet) { d.key.add(c.env, func() { c.sync(d) }) }

// wants: the controller's pod informer has nothing to do without a
// DaemonSet (an informer with no handler's work).
func (c *daemonSetController) wants(podEvent) bool { return len(c.order) > 0 }

// podWatch is addPod, updatePod and deletePod: the pod's controlling
// DaemonSet is queued.
func (c *daemonSetController) podWatch(ev podEvent) {
	ref := metav1.GetControllerOf(ev.pod)
	if ref == nil || ref.Kind != "DaemonSet" {
		return
	}
	for _, d := range c.order {
		if d.ds.UID == ref.UID {
			c.enqueue(d)
		}
	}
}

// nodeWatch is addNode and updateNode: every DaemonSet is queued (the
// real handlers queue those whose answer of NodeShouldRunDaemonPod
// changed; a sync of the others changes nothing).
func (c *daemonSetController) nodeWatch(nodeEvent) {
	for _, d := range c.order {
		c.enqueue(d)
	}
}

// daemonPodTolerations is util.AddOrUpdateDaemonPodTolerations
// (pkg/controller/daemon/util/daemonset_util.go, v1.36.3): a DaemonSet's
// pods tolerate, with no tolerationSeconds, the not-ready and unreachable
// NoExecute taints (the node-lifecycle controller's taint-based eviction
// leaves them), and the disk-pressure, memory-pressure, pid-pressure and
// unschedulable NoSchedule taints (TaintNodesByCondition), and, for a pod
// on the host's network, network-unavailable. A toleration of the same
// key and effect the template has is replaced
// (v1helper.AddOrUpdateTolerationInPodSpec).
func daemonPodTolerations(spec *corev1.PodSpec) {
	add := func(key string, effect corev1.TaintEffect) {
		t := corev1.Toleration{Key: key, Operator: corev1.TolerationOpExists, Effect: effect}
		for i := range spec.Tolerations {
			if spec.Tolerations[i].Key == key && spec.Tolerations[i].Effect == effect {
				spec.Tolerations[i] = t
				return
			}
		}
		spec.Tolerations = append(spec.Tolerations, t)
	}
	add(corev1.TaintNodeNotReady, corev1.TaintEffectNoExecute)
	add(corev1.TaintNodeUnreachable, corev1.TaintEffectNoExecute)
	add(corev1.TaintNodeDiskPressure, corev1.TaintEffectNoSchedule)
	add(corev1.TaintNodeMemoryPressure, corev1.TaintEffectNoSchedule)
	add(corev1.TaintNodePIDPressure, corev1.TaintEffectNoSchedule)
	add(corev1.TaintNodeUnschedulable, corev1.TaintEffectNoSchedule)
	if spec.HostNetwork {
		add(corev1.TaintNodeNetworkUnavailable, corev1.TaintEffectNoSchedule)
	}
}

// newDaemonPod is NewPod (daemon_controller.go): the template with the
// node's name and the DaemonSet's tolerations, as NodeShouldRunDaemonPod
// judges it.
func (d *daemonSet) newDaemonPod(node string) *corev1.Pod {
	p := d.template.DeepCopy()
	p.Spec.NodeName = node
	daemonPodTolerations(&p.Spec)
	return p
}

// shouldRun is NodeShouldRunDaemonPod (daemon_controller.go, v1.36.3)
// with its predicates: a node whose name, node selector and required
// node affinity the pod does not fit neither runs nor keeps it; one with
// a NoSchedule or NoExecute taint the pod does not tolerate runs no new
// pod, and keeps one it has unless a NoExecute taint is not tolerated.
func (d *daemonSet) shouldRun(n *corev1.Node) (run, keep bool) {
	p := d.newDaemonPod(n.Name)
	if !matchesNodeSelector(p, n) {
		return false, false
	}
	untolerated := func(effects ...corev1.TaintEffect) bool {
		for i := range n.Spec.Taints {
			t := &n.Spec.Taints[i]
			for _, e := range effects {
				if t.Effect == e && !tolerates(p.Spec.Tolerations, t) {
					return true
				}
			}
		}
		return false
	}
	if untolerated(corev1.TaintEffectNoSchedule, corev1.TaintEffectNoExecute) {
		return false, !untolerated(corev1.TaintEffectNoExecute)
	}
	return true, true
}

// pods are the DaemonSet's pods still in the API, by creation.
func (d *daemonSet) pods(api *apiServer) []*corev1.Pod {
	var out []*corev1.Pod
	for _, n := range d.created {
		if p := api.pod(n); p != nil && isControlledByUID(p, d.ds.UID) {
			out = append(out, p)
		}
	}
	return out
}

// isControlledByUID: p's controller is the object of uid (a ReplicaSet,
// a DaemonSet).
func isControlledByUID(p *corev1.Pod, uid types.UID) bool {
	ref := metav1.GetControllerOf(p)
	return ref != nil && ref.UID == uid
}

// targetNode is util.GetTargetNodeName: the node a pod is bound to, or
// the one its node affinity names (the controller's matchFields term).
func targetNode(p *corev1.Pod) string {
	if p.Spec.NodeName != "" {
		return p.Spec.NodeName
	}
	a := p.Spec.Affinity
	if a == nil || a.NodeAffinity == nil || a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution == nil {
		return ""
	}
	for _, t := range a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms {
		for _, f := range t.MatchFields {
			if f.Key == metav1.ObjectNameField && f.Operator == corev1.NodeSelectorOpIn && len(f.Values) == 1 {
				return f.Values[0]
			}
		}
	}
	return ""
}

// sync is syncDaemonSet's manage (daemon_controller.go, v1.36.3): its
// pods grouped by target node (getNodesToDaemonPods, leaving out terminal
// pods being deleted), then per node podsShouldBeOnNode: a node that
// should run the pod and has none gets one; on a node that keeps it, a
// Failed pod is deleted (FailedDaemonPod event), a Succeeded one too
// (SucceededDaemonPod), and of several running ones all but the oldest;
// a node that may not keep it loses its pods. A pod being deleted still
// counts for its node: its replacement waits until it is terminal or
// gone. The deletions and creations are syncNodes'.
func (c *daemonSetController) sync(d *daemonSet) {
	byNode := map[string][]*corev1.Pod{}
	for _, p := range d.pods(c.api) {
		if isTerminal(p.Status.Phase) && p.DeletionTimestamp != nil {
			continue
		}
		if n := targetNode(p); n != "" {
			byNode[n] = append(byNode[n], p)
		}
	}
	var create, del []string
	for _, name := range c.api.nodeNames() {
		n := c.api.node(name)
		if n == nil {
			continue
		}
		run, keep := d.shouldRun(n)
		pods, exists := byNode[name]
		switch {
		case run && !exists:
			create = append(create, name)
		case keep:
			var running []*corev1.Pod
			for _, p := range pods {
				switch {
				case p.DeletionTimestamp != nil:
				case p.Status.Phase == corev1.PodFailed:
					c.api.recordObjectEvent("DaemonSet", &d.ds.ObjectMeta, corev1.EventTypeWarning, "FailedDaemonPod",
						fmt.Sprintf("Found failed daemon pod %s/%s on node %s, will try to kill it", p.Namespace, p.Name, name), "daemonset-controller")
					del = append(del, p.Name)
				case p.Status.Phase == corev1.PodSucceeded:
					c.api.recordObjectEvent("DaemonSet", &d.ds.ObjectMeta, corev1.EventTypeNormal, "SucceededDaemonPod",
						fmt.Sprintf("Found succeeded daemon pod %s/%s on node %s, will try to delete it", p.Namespace, p.Name, name), "daemonset-controller")
					del = append(del, p.Name)
				default:
					running = append(running, p)
				}
			}
			// Without surge, all but the oldest running pod go
			// (podByCreationTimestampAndPhase; created is by creation).
			for i := 1; i < len(running); i++ {
				del = append(del, running[i].Name)
			}
		case exists:
			for _, p := range pods {
				if p.DeletionTimestamp == nil {
					del = append(del, p.Name)
				}
			}
		}
	}
	sort.Strings(del)
	for _, name := range del {
		if err := c.api.deletePod(name, metav1.DeleteOptions{}, ""); err == nil {
			c.api.recordObjectEvent("DaemonSet", &d.ds.ObjectMeta, corev1.EventTypeNormal, "SuccessfulDelete", "Deleted pod: "+name, "daemonset-controller")
		}
	}
	for _, node := range create {
		c.create(d, node)
	}
}

// create is syncNodes' create of one pod: the template
// (util.CreatePodTemplate, with the DaemonSet's tolerations), its node
// affinity replaced by a term that names the node
// (util.ReplaceDaemonSetPodNodeNameNodeAffinity: the scheduler binds it
// there), the DaemonSet as controller, a generated name
// (CreatePods with generateName "<ds>-"), and a SuccessfulCreate event.
// A refused create is a FailedCreate event; the next change syncs again.
func (c *daemonSetController) create(d *daemonSet, node string) {
	p := d.newDaemonPod(node)
	p.Spec.NodeName = ""
	if p.Spec.Affinity == nil {
		p.Spec.Affinity = &corev1.Affinity{}
	} else {
		p.Spec.Affinity = p.Spec.Affinity.DeepCopy()
	}
	p.Spec.Affinity.NodeAffinity = &corev1.NodeAffinity{
		RequiredDuringSchedulingIgnoredDuringExecution: &corev1.NodeSelector{NodeSelectorTerms: []corev1.NodeSelectorTerm{{
			MatchFields: []corev1.NodeSelectorRequirement{{Key: metav1.ObjectNameField, Operator: corev1.NodeSelectorOpIn, Values: []string{node}}},
		}}},
	}
	p.OwnerReferences = []metav1.OwnerReference{*metav1.NewControllerRef(d.ds, appsv1.SchemeGroupVersion.WithKind("DaemonSet"))}
	p.GenerateName = d.ds.Name + "-"
	p.Name = generateName(c.env, c.api, p.GenerateName)
	if err := c.api.createPod(p); err != nil {
		c.api.recordObjectEvent("DaemonSet", &d.ds.ObjectMeta, corev1.EventTypeWarning, "FailedCreate", "Error creating: "+err.Error(), "daemonset-controller")
		return
	}
	d.created = append(d.created, p.Name)
	c.api.recordObjectEvent("DaemonSet", &d.ds.ObjectMeta, corev1.EventTypeNormal, "SuccessfulCreate", "Created pod: "+p.Name, "daemonset-controller")
}

// AddDaemonSet creates a DaemonSet of template (a whole pod: its labels
// are the template's and the selector's, app=<name> when it has none).
// Its controller creates one pod for each node that should run it later
// in this instant.
func (s *Simulator) AddDaemonSet(name string, template *corev1.Pod) error {
	if name == "" {
		return fmt.Errorf("a DaemonSet needs a name")
	}
	if err := checkRunnable(template, s.parsed); err != nil {
		return fmt.Errorf("daemon set %q: %w", name, err)
	}
	tpl := template.DeepCopy()
	if len(tpl.Labels) == 0 {
		tpl.Labels = map[string]string{"app": name}
	}
	tpl.Spec.NodeName = ""
	if rp := tpl.Spec.RestartPolicy; rp != "" && rp != corev1.RestartPolicyAlways {
		// ValidateDaemonSetSpec: "Unsupported value: only Always".
		return fmt.Errorf("daemon set %q: spec.template.spec.restartPolicy: Unsupported value: %q: supported values: \"Always\"", name, rp)
	}
	if _, err := s.daemonSets.add(name, tpl); err != nil {
		return err
	}
	s.running = true
	return nil
}

// DaemonSetPods returns the pods of a DaemonSet still in the API, in the
// order they were created, and every name it created.
func (s *Simulator) DaemonSetPods(name string) (pods []*corev1.Pod, created []string, ok bool) {
	d := s.daemonSets.named(name)
	if d == nil {
		return nil, nil, false
	}
	return d.pods(s.api), d.created, true
}

// daemonSetExists is what kubectl drain's daemonSetFilter asks the API
// (a GET of the pod's controlling DaemonSet).
func (s *Simulator) daemonSetExists(name string) bool { return s.daemonSets.named(name) != nil }
