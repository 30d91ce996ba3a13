package sim

import (
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/types"
)

// replicaSetController is pkg/controller/replicaset/replica_set.go in
// short: a ReplicaSet keeps spec.replicas active pods, creating pods from
// its template when some are deleted, evicted or finished. A change of
// one of its pods queues a sync later in the same instant (the work
// queue, with no latency modelled). Pod creations are synchronous here, so
// the expectations the real controller keeps between a burst of creates
// and their watch events are always met at the next sync.
type replicaSetController struct {
	env  *env
	api  *apiServer
	sets map[string]*replicaSet
	// order lists the ReplicaSets by creation.
	order []*replicaSet
}

type replicaSet struct {
	rs *appsv1.ReplicaSet
	// template is the pod as the scenario declared it (agent arguments
	// included); created lists the names of the pods made from it, in
	// order: "pod 2 of replica set web" is created[1].
	template *corev1.Pod
	created  []string
	queued   bool
}

func newReplicaSetController(e *env, api *apiServer) *replicaSetController {
	return &replicaSetController{env: e, api: api, sets: map[string]*replicaSet{}}
}

func (c *replicaSetController) byUID(uid string) *appsv1.ReplicaSet {
	for _, r := range c.order {
		if string(r.rs.UID) == uid {
			return r.rs
		}
	}
	return nil
}

// AddReplicaSet creates a ReplicaSet of replicas pods from template (a
// whole pod: its labels are the template's and the selector's; a template
// without labels gets app=<name>). Its controller creates the pods later
// in this instant.
func (s *Simulator) AddReplicaSet(name string, replicas int32, template *corev1.Pod) error {
	c := s.replicaSets
	if name == "" {
		return fmt.Errorf("a ReplicaSet needs a name")
	}
	if _, dup := c.sets[name]; dup {
		return fmt.Errorf("replica set %q already exists", name)
	}
	if replicas < 0 {
		return fmt.Errorf("replica set %q: replicas must be greater than or equal to 0", name)
	}
	if err := checkRunnable(template, s.parsed); err != nil {
		return fmt.Errorf("replica set %q: %w", name, err)
	}
	tpl := template.DeepCopy()
	if len(tpl.Labels) == 0 {
		tpl.Labels = map[string]string{"app": name}
	}
	tpl.Spec.NodeName = ""
	rs := &appsv1.ReplicaSet{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: s.cfg.Namespace, UID: types.UID(s.newUID()), Generation: 1, CreationTimestamp: s.wall(s.now)},
		Spec: appsv1.ReplicaSetSpec{
			Replicas: &replicas,
			Selector: &metav1.LabelSelector{MatchLabels: tpl.Labels},
			Template: corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Labels: tpl.Labels}},
		},
	}
	r := &replicaSet{rs: rs, template: tpl}
	c.sets[name] = r
	c.order = append(c.order, r)
	s.running = true
	c.enqueue(r)
	return nil
}

// ReplicaSetPods returns the pods of a ReplicaSet that are still in the
// API, in the order they were created, and every name it created.
func (s *Simulator) ReplicaSetPods(name string) (pods []*corev1.Pod, created []string, ok bool) {
	r := s.replicaSets.sets[name]
	if r == nil {
		return nil, nil, false
	}
	for _, n := range r.created {
		if p := s.api.pod(n); p != nil && isControlledBy(p, r.rs) {
			pods = append(pods, p)
		}
	}
	return pods, r.created, true
}

func isControlledBy(p *corev1.Pod, rs *appsv1.ReplicaSet) bool {
	ref := metav1.GetControllerOf(p)
	return ref != nil && ref.UID == rs.UID
}

func (c *replicaSetController) enqueue(r *replicaSet) {
	if r.queued {
		return
	}
	r.queued = true
	c.env.soon(func() {
		r.queued = false
		c.sync(r)
	})
}

// podChanged is the controller's addPod/updatePod/deletePod: the pod's
// controlling ReplicaSet is synced.
// podWatch is the controller's pod informer (with no ReplicaSet, nothing
// to do).
func (c *replicaSetController) wants(podEvent) bool { return len(c.order) > 0 }

func (c *replicaSetController) podWatch(ev podEvent) { c.podChanged(ev.pod) }

func (c *replicaSetController) podChanged(p *corev1.Pod) {
	ref := metav1.GetControllerOf(p)
	if ref == nil || ref.Kind != "ReplicaSet" {
		return
	}
	for _, r := range c.order {
		if r.rs.UID == ref.UID {
			c.enqueue(r)
		}
	}
}

// sync is syncReplicaSet and manageReplicas for the case of too few pods:
// the active pods (controller.FilterActivePods: not Succeeded, not Failed,
// not being deleted) are counted, and the missing ones created, up to
// burstReplicas (500) a sync. A terminating pod is not active: its
// replacement is created when its deletion starts, not when it is gone.
// Too many pods (a scale-down) is not modelled.
func (c *replicaSetController) sync(r *replicaSet) {
	const burstReplicas = 500
	sel := labels.SelectorFromSet(r.rs.Spec.Selector.MatchLabels)
	active := 0
	for _, name := range c.api.podNames() {
		p := c.api.pod(name)
		if isControlledBy(p, r.rs) && sel.Matches(labels.Set(p.Labels)) && isPodActive(p) {
			active++
		}
	}
	diff := int(*r.rs.Spec.Replicas) - active
	for i := 0; i < min(diff, burstReplicas); i++ {
		c.create(r)
	}
	c.updateStatus(r)
}

// isPodActive is controller.IsPodActive.
func isPodActive(p *corev1.Pod) bool {
	return !isTerminal(p.Status.Phase) && p.DeletionTimestamp == nil
}

// create is GetPodFromTemplate and CreatePodsWithGenerateName: the
// template's labels and spec, the ReplicaSet as controller, and a name
// generateName "<rs>-" completes with five random characters
// (names.SimpleNameGenerator, utilrand.String).
func (c *replicaSetController) create(r *replicaSet) {
	p := r.template.DeepCopy()
	p.OwnerReferences = []metav1.OwnerReference{*metav1.NewControllerRef(r.rs, appsv1.SchemeGroupVersion.WithKind("ReplicaSet"))}
	p.GenerateName = r.rs.Name + "-"
	for {
		p.Name = p.GenerateName + c.randomSuffix()
		if c.api.pod(p.Name) == nil {
			break
		}
	}
	if err := c.api.createPod(p); err != nil { // p is the controller's own copy
		// FailedCreate: the controller would retry with its queue's
		// back-off; the template was checked when the ReplicaSet was made.
		return
	}
	r.created = append(r.created, p.Name)
}

// randomSuffix is utilrand.String(5): characters from an alphabet without
// vowels and look-alikes.
func (c *replicaSetController) randomSuffix() string {
	const alphanums = "bcdfghjklmnpqrstvwxz2456789"
	b := make([]byte, 5)
	for i := range b {
		b[i] = alphanums[c.env.rng.Intn(len(alphanums))]
	}
	return string(b)
}

// updateStatus is calculateStatus: replicas (active pods counted by the
// sync), readyReplicas and availableReplicas (minReadySeconds 0).
func (c *replicaSetController) updateStatus(r *replicaSet) {
	var replicas, ready int32
	for _, name := range r.created {
		p := c.api.pod(name)
		if p == nil || !isControlledBy(p, r.rs) {
			continue
		}
		if isPodActive(p) {
			replicas++
		}
		if isPodActive(p) && podIsReady(p) {
			ready++
		}
	}
	r.rs.Status.Replicas, r.rs.Status.ReadyReplicas, r.rs.Status.AvailableReplicas = replicas, ready, ready
	r.rs.Status.ObservedGeneration = r.rs.Generation
}
