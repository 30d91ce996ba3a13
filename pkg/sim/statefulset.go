package sim

import (
	"fmt"
	"sort"
	"strconv"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/statefulname"
)

// statefulSetController is pkg/controller/statefulset (v1.36.3): a
// StatefulSet keeps spec.replicas pods named <set>-<ordinal>, ordinals 0
// to replicas-1. A change of one of its pods queues a sync later in the
// same instant (stateful_set.go: addPod, updatePod, deletePod), with no
// latency modelled; its creates and deletes are synchronous. The
// OrderedReady policy creates a pod only once every lower ordinal is
// Running and Ready, and deletes the highest ordinal first, one at a
// time, each once the pod before it is gone; Parallel does both at once
// (stateful_set_control.go: updateStatefulSet, processReplica,
// processCondemned, runForAll). With minReadySeconds a pod counts once it
// has been Ready that long (isRunningAndAvailable), and the set is synced
// again when the next one becomes available (syncStatefulSet). Rolling
// updates (no template change is modelled), start ordinals, volume claims
// and the status are not modelled.
type statefulSetController struct {
	env   *env
	api   *apiServer
	order []*statefulSet
}

type statefulSet struct {
	ss *appsv1.StatefulSet
	// template is the pod as the scenario declared it (agent arguments
	// included), created lists the names of the pods made from it, in
	// order (a name once for each pod created under it).
	template *corev1.Pod
	created  []string
	key      workKey
}

func newStatefulSetController(e *env, api *apiServer) *statefulSetController {
	return &statefulSetController{env: e, api: api}
}

func (c *statefulSetController) named(name string) *statefulSet {
	for _, s := range c.order {
		if s.ss.Name == name {
			return s
		}
	}
	return nil
}

func (c *statefulSetController) enqueue(s *statefulSet) { s.key.add(c.env, func() { c.sync(s) }) }

// wants: the controller's pod informer has nothing to do without a
// StatefulSet.
func (c *statefulSetController) wants(podEvent) bool { return len(c.order) > 0 }

// podWatch is addPod, updatePod and deletePod (stateful_set.go): the
// pod's controlling StatefulSet is queued.
func (c *statefulSetController) podWatch(ev podEvent) {
	ref := metav1.GetControllerOf(ev.pod)
	if ref == nil || ref.Kind != "StatefulSet" {
		return
	}
	for _, s := range c.order {
		if s.ss.UID == ref.UID {
			c.enqueue(s)
		}
	}
}

// pods are the StatefulSet's pods in the API (isMemberOf: its controller
// and a name of its ordinals), by ordinal.
func (s *statefulSet) pods(api *apiServer) []*corev1.Pod {
	var out []*corev1.Pod
	seen := map[string]bool{}
	for _, n := range s.created {
		if seen[n] {
			continue
		}
		seen[n] = true
		if p := api.pod(n); p != nil && isControlledByUID(p, s.ss.UID) {
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		return statefulname.Ordinal(s.ss.Name, out[i].Name) < statefulname.Ordinal(s.ss.Name, out[j].Name)
	})
	return out
}

// monotonic is !allowsBurst (stateful_set_utils.go): every policy but
// Parallel is OrderedReady.
func (s *statefulSet) monotonic() bool {
	return s.ss.Spec.PodManagementPolicy != appsv1.ParallelPodManagement
}

// runningAndReady is isRunningAndReady (stateful_set_utils.go): phase
// Running and the Ready condition True (with minReadySeconds 0, also
// isRunningAndAvailable).
func runningAndReady(p *corev1.Pod) bool {
	return p.Status.Phase == corev1.PodRunning && podIsReady(p)
}

// sync is updateStatefulSet (stateful_set_control.go, v1.36.3): the pods
// split into replicas (ordinal below spec.replicas, by ordinal) and
// condemned (above, highest first); the first unhealthy pod is the first
// replica, then the lowest condemned, that is not available (Ready, for
// minReadySeconds) or is terminating (isUnavailable). Each replica is then processed in
// order (processReplica): a Failed or Succeeded pod is deleted and its
// successor made once it is gone; a missing one is created, and in
// OrderedReady the sync stops there, as it stops at a pod terminating,
// not Running and Ready, or not available yet. Only once every replica
// passed are the condemned processed, highest ordinal first
// (processCondemned): one terminating blocks in OrderedReady; one not
// Running and Ready, or not available, blocks unless it is the first
// unhealthy pod; else it is deleted, and in OrderedReady the
// sync stops. Parallel (runForAll's slowStartBatch, its batches in one
// instant here) does every replica and every condemned pod without
// stopping.
func (c *statefulSetController) sync(s *statefulSet) {
	replicas := int(*s.ss.Spec.Replicas)
	slots := make([]*corev1.Pod, replicas)
	var condemned []*corev1.Pod
	all := s.pods(c.api)
	minReady := s.ss.Spec.MinReadySeconds
	now := c.env.wall(c.env.now).Time
	// isRunningAndAvailable (podutil.IsPodAvailable): Ready, for
	// minReadySeconds.
	available := func(p *corev1.Pod) bool { return podAvailable(p, minReady, now) }
	// syncStatefulSet (stateful_set.go): with minReadySeconds, the set is
	// queued again when its next Ready pod becomes available.
	defer func() {
		if d, ok := nextAvailabilityCheck(s.pods(c.api), minReady, c.env.now); ok {
			s.key.addAfter(c.env, d, func() { c.sync(s) })
		}
	}()
	for _, p := range all {
		o := statefulname.Ordinal(s.ss.Name, p.Name)
		switch {
		case o >= 0 && o < replicas:
			slots[o] = p
		case o >= replicas:
			condemned = append(condemned, p)
		}
	}
	sort.SliceStable(condemned, func(i, j int) bool {
		return statefulname.Ordinal(s.ss.Name, condemned[i].Name) > statefulname.Ordinal(s.ss.Name, condemned[j].Name)
	})
	// isUnavailable: not available, or terminating.
	unavailable := func(p *corev1.Pod) bool { return p != nil && (!available(p) || p.DeletionTimestamp != nil) }
	var firstUnhealthy *corev1.Pod
	for _, p := range slots {
		// A replica not created yet is a new pod, unavailable: the first
		// unhealthy pod then, which no condemned pod is.
		if firstUnhealthy == nil && (p == nil || unavailable(p)) {
			firstUnhealthy = p
			if p == nil {
				firstUnhealthy = &corev1.Pod{}
			}
		}
	}
	for i := len(condemned) - 1; i >= 0 && firstUnhealthy == nil; i-- {
		if unavailable(condemned[i]) {
			firstUnhealthy = condemned[i]
		}
	}
	mono := s.monotonic()
	for o, p := range slots {
		if p != nil && isTerminal(p.Status.Phase) {
			if p.DeletionTimestamp == nil {
				c.delete(s, p)
			}
			if mono {
				return
			}
			continue
		}
		if p == nil {
			created := c.create(s, o)
			if mono || created == nil {
				return
			}
			p = created
		}
		if mono && (p.DeletionTimestamp != nil || !runningAndReady(p) || !available(p)) {
			return
		}
	}
	for _, p := range condemned {
		if p.DeletionTimestamp != nil {
			if mono {
				return
			}
			continue
		}
		if mono && (!runningAndReady(p) || !available(p)) && p != firstUnhealthy {
			return
		}
		c.delete(s, p)
		if mono {
			return
		}
	}
}

// delete is DeleteStatefulPod (stateful_pod_control.go): a delete with
// the pod's own grace period, and its event (recordPodEvent).
func (c *statefulSetController) delete(s *statefulSet, p *corev1.Pod) {
	verb := "Delete"
	if err := c.api.deletePod(p.Name, metav1.DeleteOptions{}, ""); err != nil {
		c.api.recordObjectEvent("StatefulSet", &s.ss.ObjectMeta, corev1.EventTypeWarning, "Failed"+verb,
			fmt.Sprintf("%s Pod %s in StatefulSet %s failed error: %v", verb, p.Name, s.ss.Name, err), "statefulset-controller")
		return
	}
	c.api.recordObjectEvent("StatefulSet", &s.ss.ObjectMeta, corev1.EventTypeNormal, "Successful"+verb,
		fmt.Sprintf("%s Pod %s in StatefulSet %s successful", verb, p.Name, s.ss.Name), "statefulset-controller")
}

// newStatefulPod is newStatefulSetPod with initIdentity
// (stateful_set_utils.go): the template with the StatefulSet as
// controller, named <set>-<ordinal>, labelled
// statefulset.kubernetes.io/pod-name and apps.kubernetes.io/pod-index,
// its hostname the name and its subdomain the service name.
func (s *statefulSet) newStatefulPod(ordinal int) *corev1.Pod {
	p := s.template.DeepCopy()
	p.Name = statefulname.Pod(s.ss.Name, ordinal)
	p.GenerateName = ""
	p.OwnerReferences = []metav1.OwnerReference{*metav1.NewControllerRef(s.ss, appsv1.SchemeGroupVersion.WithKind("StatefulSet"))}
	if p.Labels == nil {
		p.Labels = map[string]string{}
	}
	p.Labels[appsv1.StatefulSetPodNameLabel] = p.Name
	p.Labels[appsv1.PodIndexLabel] = strconv.Itoa(ordinal)
	p.Spec.Hostname = p.Name
	p.Spec.Subdomain = s.ss.Spec.ServiceName
	return p
}

// create is CreateStatefulPod (stateful_pod_control.go) and its event
// (recordPodEvent): the pod of the ordinal, nil when the API refused it
// (a FailedCreate event; the next change syncs again).
func (c *statefulSetController) create(s *statefulSet, ordinal int) *corev1.Pod {
	p := s.newStatefulPod(ordinal)
	verb := "Create"
	if err := c.api.createPod(p); err != nil {
		c.api.recordObjectEvent("StatefulSet", &s.ss.ObjectMeta, corev1.EventTypeWarning, "Failed"+verb,
			fmt.Sprintf("%s Pod %s in StatefulSet %s failed error: %v", verb, p.Name, s.ss.Name, err), "statefulset-controller")
		return nil
	}
	s.created = append(s.created, p.Name)
	c.api.recordObjectEvent("StatefulSet", &s.ss.ObjectMeta, corev1.EventTypeNormal, "Successful"+verb,
		fmt.Sprintf("%s Pod %s in StatefulSet %s successful", verb, p.Name, s.ss.Name), "statefulset-controller")
	return c.api.pod(p.Name)
}

// AddStatefulSet creates a StatefulSet of spec (replicas,
// podManagementPolicy, serviceName) and template (a whole pod: its labels
// are the template's and the selector's, app=<name> when it has none).
// Its controller creates its first pods later in this instant.
func (s *Simulator) AddStatefulSet(set *appsv1.StatefulSet, template *corev1.Pod) error {
	name := set.Name
	if name == "" {
		return fmt.Errorf("a StatefulSet needs a name")
	}
	if s.statefulSets.named(name) != nil {
		return fmt.Errorf("stateful set %q already exists", name)
	}
	if err := checkRunnable(template, s.parsed); err != nil {
		return fmt.Errorf("stateful set %q: %w", name, err)
	}
	if set.Spec.MinReadySeconds < 0 {
		return fmt.Errorf("stateful set %q: spec.minReadySeconds: Invalid value: %d: must be greater than or equal to 0", name, set.Spec.MinReadySeconds)
	}
	tpl := template.DeepCopy()
	if len(tpl.Labels) == 0 {
		tpl.Labels = map[string]string{"app": name}
	}
	tpl.Spec.NodeName = ""
	if rp := tpl.Spec.RestartPolicy; rp != "" && rp != corev1.RestartPolicyAlways {
		// ValidateStatefulSetSpec: "Unsupported value: only Always".
		return fmt.Errorf("stateful set %q: spec.template.spec.restartPolicy: Unsupported value: %q: supported values: \"Always\"", name, rp)
	}
	switch set.Spec.PodManagementPolicy {
	case "":
		// SetDefaults_StatefulSet (pkg/apis/apps/v1/defaults.go).
		set = set.DeepCopy()
		set.Spec.PodManagementPolicy = appsv1.OrderedReadyPodManagement
	case appsv1.OrderedReadyPodManagement, appsv1.ParallelPodManagement:
		set = set.DeepCopy()
	default:
		return fmt.Errorf("stateful set %q: spec.podManagementPolicy: Unsupported value: %q: supported values: \"OrderedReady\", \"Parallel\"", name, set.Spec.PodManagementPolicy)
	}
	if set.Spec.Replicas == nil {
		one := int32(1)
		set.Spec.Replicas = &one
	}
	if *set.Spec.Replicas < 0 {
		return fmt.Errorf("stateful set %q: spec.replicas: Invalid value: %d: must be greater than or equal to 0", name, *set.Spec.Replicas)
	}
	set.Namespace, set.UID, set.Generation = s.api.namespace, types.UID(s.env.newUID()), 1
	set.CreationTimestamp = s.env.wall(s.env.now)
	if set.Labels == nil {
		set.Labels = tpl.Labels
	}
	set.Spec.Selector = &metav1.LabelSelector{MatchLabels: tpl.Labels}
	set.Spec.Template = podTemplate(tpl)
	st := &statefulSet{ss: set, template: tpl}
	s.statefulSets.order = append(s.statefulSets.order, st)
	s.statefulSets.enqueue(st)
	s.running = true
	return nil
}

// ScaleStatefulSet is `kubectl scale statefulset NAME --replicas=N`: the
// scale subresource sets spec.replicas
// (pkg/registry/apps/statefulset/storage/storage.go); the controller syncs
// later in this instant.
func (s *Simulator) ScaleStatefulSet(name string, replicas int32) error {
	st := s.statefulSets.named(name)
	if st == nil {
		return fmt.Errorf("stateful set %q does not exist", name)
	}
	if replicas < 0 {
		return fmt.Errorf("stateful set %q: spec.replicas: Invalid value: %d: must be greater than or equal to 0", name, replicas)
	}
	st.ss.Spec.Replicas = &replicas
	st.ss.Generation++
	s.statefulSets.enqueue(st)
	s.running = true
	return nil
}

// StatefulSetPods returns the pods of a StatefulSet still in the API, by
// ordinal, and every name it created, in order (a name again for each
// pod re-created under it).
func (s *Simulator) StatefulSetPods(name string) (pods []*corev1.Pod, created []string, ok bool) {
	st := s.statefulSets.named(name)
	if st == nil {
		return nil, nil, false
	}
	return st.pods(s.api), st.created, true
}
