package live

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/retry"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// Workloads (issue 36) on a real cluster: Deployments, ResourceQuotas
// and Jobs are the API's objects, in the scenario's namespace and
// labelled as everything podlife creates, kept by the cluster's own
// controllers. Their pods are the scenario's from their first sighting
// (a Deployment's through its ReplicaSets, named
// "<deployment>-<pod-template-hash>"); their status is followed by
// informers, each condition change recorded in the timeline under
// timeline.ObjectName, as the simulator records it.

var _ driver.Workloads = (*session)(nil)

// workloadState is what a session made and saw of workloads; guarded by
// the session's mu.
type workloadState struct {
	deployments []*ownedPods
	jobs        []*ownedPods
	daemonSets  []*ownedPods
	// statefulSets are the scenario's StatefulSets: a name in created
	// again for each pod re-created under it.
	statefulSets []*ownedPods
	// wrote is, for each Deployment, the generation of podlife's last
	// write, and written the object the write returned: an informer that
	// has not delivered it yet holds an older version, which must not be
	// read as the rollout's state.
	wrote   map[string]int64
	written map[string]*appsv1.Deployment
	// ttls are the Jobs' ttlSecondsAfterFinished, by name (JobTTL).
	ttls map[string]time.Duration
	// stores are the informers' stores, by kind, nil until the scenario
	// creates its first object of the kind.
	stores map[string]cache.Store
}

// ownedPods are a workload's pods, by their API names, in the order the
// session's watch first saw them.
type ownedPods struct {
	name    string
	uid     types.UID
	created []string
}

func (s *workloads) labelled(meta *metav1.ObjectMeta) {
	meta.Namespace, meta.ResourceVersion, meta.UID = s.ns, "", ""
	if meta.Labels == nil {
		meta.Labels = map[string]string{}
	}
	for k, v := range s.d.labels(labelValue(s.sc.ID)) {
		meta.Labels[k] = v
	}
}

// template is a workload's pod template made the cluster's, as
// CreateReplicaSet makes one (preparePod: labelled, placed, agents
// prepared).
func (s *workloads) template(name string, p *corev1.Pod, selectable bool) (corev1.PodTemplateSpec, error) {
	p = p.DeepCopy()
	if p.Spec.NodeName != "" {
		return corev1.PodTemplateSpec{}, fmt.Errorf("%q: a template may not set nodeName", name)
	}
	if len(p.Labels) == 0 && selectable {
		p.Labels = map[string]string{"app": name}
	}
	if err := s.preparePod(p); err != nil {
		return corev1.PodTemplateSpec{}, err
	}
	return corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Labels: p.Labels, Annotations: p.Annotations}, Spec: p.Spec}, nil
}

// CreateDeployment creates the Deployment, its selector the template's
// labels (podlife's among them, so that it adopts no pod but the
// scenario's).
func (s *workloads) CreateDeployment(ctx context.Context, d *appsv1.Deployment, template *corev1.Pod) error {
	if err := s.follow(ctx, "deployments"); err != nil {
		return err
	}
	obj := d.DeepCopy()
	s.labelled(&obj.ObjectMeta)
	tpl, err := s.template(d.Name, template, true)
	if err != nil {
		return err
	}
	obj.Spec.Template = tpl
	obj.Spec.Selector = &metav1.LabelSelector{MatchLabels: tpl.Labels}
	return s.createOwned(&s.wl.deployments, "deployment", d.Name, func() (metav1.Object, error) {
		created, err := s.d.cs.AppsV1().Deployments(s.ns).Create(ctx, obj, metav1.CreateOptions{})
		if err == nil {
			s.mu.Lock()
			s.wrote(created)
			s.mu.Unlock()
		}
		return created, err
	})
}

// createOwned creates a workload whose pods the session follows: listed
// before its create (its controller may make pods before the create
// answers: they are matched by name until its UID is known), refused
// when one of its name is listed, taken off the list if the create fails.
func (s *workloads) createOwned(list *[]*ownedPods, kind, name string, create func() (metav1.Object, error)) error {
	o := &ownedPods{name: name}
	s.mu.Lock()
	for _, x := range *list {
		if x.name == name {
			s.mu.Unlock()
			return fmt.Errorf("%s %q already exists", kind, name)
		}
	}
	*list = append(*list, o)
	s.mu.Unlock()
	created, err := create()
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		for i, x := range *list {
			if x == o {
				*list = append((*list)[:i], (*list)[i+1:]...)
			}
		}
		return fmt.Errorf("creating %s %q: %w", kind, name, err)
	}
	o.uid = created.GetUID()
	return nil
}

// wrote notes podlife's write of a Deployment; callers hold s.mu.
func (s *workloads) wrote(d *appsv1.Deployment) {
	if s.wl.wrote == nil {
		s.wl.wrote, s.wl.written = map[string]int64{}, map[string]*appsv1.Deployment{}
	}
	s.wl.wrote[d.Name], s.wl.written[d.Name] = d.Generation, d
	s.notify()
}

// UpdateDeployment replaces the Deployment's pod template, its selector's
// labels kept, with the API's optimistic concurrency (a conflict with the
// controller's status write is retried).
func (s *workloads) UpdateDeployment(ctx context.Context, name string, template *corev1.Pod) error {
	tpl, err := s.template(name, template, true)
	if err != nil {
		return err
	}
	var out *appsv1.Deployment
	err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cur, err := s.d.cs.AppsV1().Deployments(s.ns).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		for k, v := range cur.Spec.Selector.MatchLabels {
			if tpl.Labels[k] != v {
				return fmt.Errorf("the template's labels must keep the selector's %s=%s", k, v)
			}
		}
		cur.Spec.Template = tpl
		out, err = s.d.cs.AppsV1().Deployments(s.ns).Update(ctx, cur, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		return fmt.Errorf("updating deployment %q: %w", name, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.wrote(out)
	return nil
}

// Scale is `kubectl scale`: spec.replicas of the scenario's ReplicaSet,
// StatefulSet or Deployment through its scale subresource (GetScale, UpdateScale),
// a conflict with a controller's write retried; the cluster's controller
// does the rest. A Deployment's write is noted, as UpdateDeployment's.
func (s *workloads) Scale(ctx context.Context, kind, name string, replicas int32) error {
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if kind == "deployment" {
			sc, err := s.d.cs.AppsV1().Deployments(s.ns).GetScale(ctx, name, metav1.GetOptions{})
			if err != nil {
				return err
			}
			sc.Spec.Replicas = replicas
			_, err = s.d.cs.AppsV1().Deployments(s.ns).UpdateScale(ctx, name, sc, metav1.UpdateOptions{})
			return err
		}
		if kind == "stateful set" {
			sc, err := s.d.cs.AppsV1().StatefulSets(s.ns).GetScale(ctx, name, metav1.GetOptions{})
			if err != nil {
				return err
			}
			sc.Spec.Replicas = replicas
			_, err = s.d.cs.AppsV1().StatefulSets(s.ns).UpdateScale(ctx, name, sc, metav1.UpdateOptions{})
			return err
		}
		sc, err := s.d.cs.AppsV1().ReplicaSets(s.ns).GetScale(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		sc.Spec.Replicas = replicas
		_, err = s.d.cs.AppsV1().ReplicaSets(s.ns).UpdateScale(ctx, name, sc, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		return fmt.Errorf("scaling %s %q to %d: %w", kind, name, replicas, err)
	}
	if kind != "deployment" {
		return nil
	}
	out, err := s.d.cs.AppsV1().Deployments(s.ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("reading deployment %q after its scale: %w", name, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.wrote(out)
	return nil
}

// Deployment is the Deployment as last seen, never older than podlife's
// last write of it.
func (s *workloads) Deployment(name string) *appsv1.Deployment {
	s.mu.Lock()
	defer s.mu.Unlock()
	var seen *appsv1.Deployment
	if o := s.stored("deployments", name); o != nil {
		seen, _ = o.(*appsv1.Deployment)
	}
	if w, ok := s.wl.wrote[name]; ok && (seen == nil || seen.Generation < w) {
		return s.wl.written[name]
	}
	return seen
}

// stored is an object of an informer's store; callers hold s.mu.
func (s *workloads) stored(resource, name string) any {
	store := s.wl.stores[resource]
	if store == nil {
		return nil
	}
	o, ok, err := store.GetByKey(s.ns + "/" + name)
	if err != nil || !ok {
		return nil
	}
	return o
}

// DeploymentPods are the Deployment's pods still in the API, in creation
// order, and every pod its ReplicaSets created.
func (s *workloads) DeploymentPods(name string) ([]*corev1.Pod, []string, bool) {
	return s.ownedBy(s.wl.deployments, name)
}

// JobPods are the Job's pods, as DeploymentPods.
func (s *workloads) JobPods(name string) ([]*corev1.Pod, []string, bool) {
	return s.ownedBy(s.wl.jobs, name)
}

func (s *workloads) ownedBy(list []*ownedPods, name string) ([]*corev1.Pod, []string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range list {
		if o.name != name {
			continue
		}
		now := s.podsNow()
		var pods []*corev1.Pod
		seen := map[string]bool{}
		for _, n := range o.created {
			// A StatefulSet's name comes again for each pod created
			// under it: the pod in the API is listed once.
			if p := now[n]; p != nil && !seen[n] {
				seen[n] = true
				pods = append(pods, p)
			}
		}
		return pods, append([]string(nil), o.created...), true
	}
	return nil, nil, false
}

// DeploymentReplicaSets names the Deployment's ReplicaSets, from the
// pods seen: "<deployment>-<pod-template-hash>".
func (s *workloads) DeploymentReplicaSets(name string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	seen := map[string]bool{}
	for _, o := range s.wl.deployments {
		if o.name != name {
			continue
		}
		for _, n := range o.created {
			t := s.pods[n]
			if t == nil || t.spec == nil {
				continue
			}
			if ref := metav1.GetControllerOf(t.spec); ref != nil && !seen[ref.Name] {
				seen[ref.Name] = true
				out = append(out, ref.Name)
			}
		}
	}
	// A ReplicaSet that created no pod (its creates refused by a quota)
	// is known by its events: "<deployment>-<pod-template-hash>" (the
	// namespace is the scenario's, so every ReplicaSet in it is too).
	// quota.feature:19 on kind, 2026-11-29 10:40: the new ReplicaSet's
	// FailedCreate events were recorded, and not read as the
	// Deployment's.
	prefix := timeline.ObjectName("ReplicaSet", name+"-")
	for _, e := range s.rec.events {
		rs, ok := strings.CutPrefix(e.Pod, prefix)
		if ok && rs != "" && !strings.Contains(rs, "-") && !seen[name+"-"+rs] {
			seen[name+"-"+rs] = true
			out = append(out, name+"-"+rs)
		}
	}
	return out
}

// adopt starts tracking a pod one of the scenario's Deployments (through
// a ReplicaSet "<deployment>-<its pod-template-hash label>") or Jobs
// created, at its first sighting, as disruptions.adopt does a
// ReplicaSet's. Callers hold s.mu.
func (s *workloads) adopt(p *corev1.Pod, now time.Time) *podTrack {
	ref := metav1.GetControllerOf(p)
	if ref == nil {
		return nil
	}
	var list []*ownedPods
	var owner string
	switch ref.Kind {
	case "ReplicaSet":
		hash := p.Labels[appsv1.DefaultDeploymentUniqueLabelKey]
		for _, o := range s.wl.deployments {
			if hash != "" && ref.Name == o.name+"-"+hash {
				list, owner = []*ownedPods{o}, "deployment "+o.name
			}
		}
	case "Job":
		for _, o := range s.wl.jobs {
			if ref.Name == o.name && (o.uid == "" || o.uid == ref.UID) {
				list, owner = []*ownedPods{o}, "job "+o.name
			}
		}
	case "DaemonSet":
		for _, o := range s.wl.daemonSets {
			if ref.Name == o.name && (o.uid == "" || o.uid == ref.UID) {
				list, owner = []*ownedPods{o}, "daemon set "+o.name
			}
		}
	case "StatefulSet":
		for _, o := range s.wl.statefulSets {
			if ref.Name == o.name && (o.uid == "" || o.uid == ref.UID) {
				list, owner = []*ownedPods{o}, "stateful set "+o.name
			}
		}
	}
	if len(list) == 0 {
		return nil
	}
	t := newPodTrack(p.Name, p)
	t.uid = p.UID
	s.pods[p.Name] = t
	list[0].created = append(list[0].created, p.Name)
	s.record(timeline.Event{At: s.at(now), Pod: p.Name, Kind: timeline.PodCreated, Message: "by " + owner})
	return t
}

// CreateResourceQuota creates the quota and waits (up to a minute) for the
// quota controller to compute its status: until then the API server
// refuses every pod it would charge ("status unknown for quota"), where
// the simulator's controller computes it in the instant.
func (s *workloads) CreateResourceQuota(ctx context.Context, q *corev1.ResourceQuota) error {
	if err := s.follow(ctx, "resourcequotas"); err != nil {
		return err
	}
	obj := q.DeepCopy()
	s.labelled(&obj.ObjectMeta)
	obj.Status = corev1.ResourceQuotaStatus{}
	if _, err := s.d.cs.CoreV1().ResourceQuotas(s.ns).Create(ctx, obj, metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("creating resource quota %q: %w", q.Name, err)
	}
	deadline := time.Now().Add(time.Minute)
	for {
		got, err := s.d.cs.CoreV1().ResourceQuotas(s.ns).Get(ctx, q.Name, metav1.GetOptions{})
		if err == nil && quotaComputed(got) {
			return nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("resource quota %q: its status was not computed within a minute", q.Name)
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// quotaComputed: the controller has written the quota's hard limits and
// a usage for each.
func quotaComputed(q *corev1.ResourceQuota) bool {
	if !apiequality.Semantic.DeepEqual(q.Spec.Hard, q.Status.Hard) {
		return false
	}
	for name := range q.Spec.Hard {
		if _, ok := q.Status.Used[name]; !ok {
			return false
		}
	}
	return true
}

// ResourceQuota is the quota as last seen, status included.
func (s *workloads) ResourceQuota(name string) *corev1.ResourceQuota {
	s.mu.Lock()
	defer s.mu.Unlock()
	q, _ := s.stored("resourcequotas", name).(*corev1.ResourceQuota)
	return q
}

// CreateJob creates the Job; its selector is the one the API server
// generates.
func (s *workloads) CreateJob(ctx context.Context, j *batchv1.Job, template *corev1.Pod) error {
	if err := s.follow(ctx, "jobs"); err != nil {
		return err
	}
	obj := j.DeepCopy()
	s.labelled(&obj.ObjectMeta)
	tpl, err := s.template(j.Name, template, false)
	if err != nil {
		return err
	}
	obj.Spec.Template = tpl
	if t := j.Spec.TTLSecondsAfterFinished; t != nil {
		// Created as declared (kind's kube-controller-manager runs the
		// ttl-after-finished controller); kept for the judge.
		s.mu.Lock()
		if s.wl.ttls == nil {
			s.wl.ttls = map[string]time.Duration{}
		}
		s.wl.ttls[j.Name] = time.Duration(*t) * time.Second
		s.mu.Unlock()
	}
	return s.createOwned(&s.wl.jobs, "job", j.Name, func() (metav1.Object, error) {
		return s.d.cs.BatchV1().Jobs(s.ns).Create(ctx, obj, metav1.CreateOptions{})
	})
}

// CreateDaemonSet creates a DaemonSet (apps/v1) in the scenario's
// namespace, labelled as everything podlife creates (cleanup deletes it
// before its pods: deleteLabelled), its selector the template's labels,
// podlife's among them. Its template is placed as Apply places a pod
// (kept to the leased nodes, tolerating their taint) and, whatever the
// scenario leased, kept by a required node affinity on the cluster's
// nodes that stand for the scenario's nodes: the DaemonSet controller
// runs a pod only on the nodes the template's affinity matches
// (NodeShouldRunDaemonPod), so that it never puts one on another node of
// a shared cluster.
func (s *workloads) CreateDaemonSet(ctx context.Context, name string, template *corev1.Pod, nodes []string) error {
	var reals []string
	for _, n := range nodes {
		real, ok := s.nodeAlias[n]
		if !ok {
			return driver.Unsupported("daemon set %q: node %q is not on the live cluster", name, n)
		}
		if !slices.Contains(reals, real) {
			reals = append(reals, real)
		}
	}
	if len(reals) == 0 {
		return driver.Unsupported("daemon set %q: the scenario has no node to keep it on", name)
	}
	tpl, err := s.template(name, template, true)
	if err != nil {
		return err
	}
	p := &corev1.Pod{Spec: tpl.Spec}
	keepOn(p, reals)
	tpl.Spec = p.Spec
	obj := &appsv1.DaemonSet{ObjectMeta: metav1.ObjectMeta{Name: name}}
	s.labelled(&obj.ObjectMeta)
	obj.Spec.Template = tpl
	obj.Spec.Selector = &metav1.LabelSelector{MatchLabels: tpl.Labels}
	return s.createOwned(&s.wl.daemonSets, "daemon set", name, func() (metav1.Object, error) {
		return s.d.cs.AppsV1().DaemonSets(s.ns).Create(ctx, obj, metav1.CreateOptions{})
	})
}

// DaemonSetPods are the DaemonSet's pods, as DeploymentPods.
func (s *workloads) DaemonSetPods(name string) ([]*corev1.Pod, []string, bool) {
	return s.ownedBy(s.wl.daemonSets, name)
}

// CreateStatefulSet creates a StatefulSet (apps/v1) in the scenario's
// namespace, labelled as everything podlife creates (cleanup deletes it
// before its pods: deleteLabelled), its selector the template's labels,
// podlife's among them, its template placed as a ReplicaSet's is. Its
// spec.serviceName names a governing Service podlife does not create:
// the API does not require one to exist (the pods' DNS names would need
// it; no scenario reads them). Its pods' API names are <name>-<ordinal>,
// which are their scenario names too.
func (s *workloads) CreateStatefulSet(ctx context.Context, set *appsv1.StatefulSet, template *corev1.Pod) error {
	tpl, err := s.template(set.Name, template, true)
	if err != nil {
		return err
	}
	obj := statefulSetObject(set, tpl)
	s.labelled(&obj.ObjectMeta)
	return s.createOwned(&s.wl.statefulSets, "stateful set", set.Name, func() (metav1.Object, error) {
		return s.d.cs.AppsV1().StatefulSets(s.ns).Create(ctx, obj, metav1.CreateOptions{})
	})
}

// statefulSetObject is the StatefulSet sent: set's replicas,
// podManagementPolicy, minReadySeconds and serviceName (the steps make
// it the set's name when the scenario gives none), tpl as its template
// and its labels as the selector.
func statefulSetObject(set *appsv1.StatefulSet, tpl corev1.PodTemplateSpec) *appsv1.StatefulSet {
	obj := &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: set.Name, Labels: map[string]string{}}}
	for k, v := range set.Labels {
		obj.Labels[k] = v
	}
	obj.Spec.Replicas = set.Spec.Replicas
	obj.Spec.PodManagementPolicy = set.Spec.PodManagementPolicy
	obj.Spec.MinReadySeconds = set.Spec.MinReadySeconds
	obj.Spec.ServiceName = set.Spec.ServiceName
	obj.Spec.Template = tpl
	obj.Spec.Selector = &metav1.LabelSelector{MatchLabels: tpl.Labels}
	return obj
}

// StatefulSetPods are the StatefulSet's pods, as DeploymentPods.
func (s *workloads) StatefulSetPods(name string) ([]*corev1.Pod, []string, bool) {
	return s.ownedBy(s.wl.statefulSets, name)
}

// JobTTL is the ttlSecondsAfterFinished the scenario created the Job
// with, whether or not it is still in the API (the judge's window of its
// deletion counts from its finish: judge ttlDeletion).
func (s *workloads) JobTTL(name string) (time.Duration, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ttl, ok := s.wl.ttls[name]
	return ttl, ok
}

// Job is the Job as last seen, status included.
func (s *workloads) Job(name string) *batchv1.Job {
	s.mu.Lock()
	defer s.mu.Unlock()
	j, _ := s.stored("jobs", name).(*batchv1.Job)
	return j
}

// follow starts an informer on the namespace's objects of a resource,
// once: each change wakes RunUntil, and a workload's condition changes
// go on the timeline.
func (s *workloads) follow(ctx context.Context, resource string) error {
	s.mu.Lock()
	started := s.wl.stores[resource] != nil
	s.mu.Unlock()
	if started {
		return nil
	}
	f := informers.NewSharedInformerFactoryWithOptions(s.d.cs, 0, informers.WithNamespace(s.ns))
	var inf cache.SharedIndexInformer
	switch resource {
	case "deployments":
		inf = f.Apps().V1().Deployments().Informer()
	case "jobs":
		inf = f.Batch().V1().Jobs().Informer()
	default:
		inf = f.Core().V1().ResourceQuotas().Informer()
	}
	changed := func(old, cur any) {
		now := time.Now()
		s.mu.Lock()
		defer s.mu.Unlock()
		s.recordConditions(old, cur, now)
		s.recordJobDeletion(old, cur, now)
		s.notify()
	}
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(o any) { changed(nil, o) },
		UpdateFunc: changed,
		DeleteFunc: func(o any) {
			now := time.Now()
			s.mu.Lock()
			defer s.mu.Unlock()
			s.recordJobGone(o, now)
			s.notify()
		},
	})
	f.Start(s.ctx.Done())
	for _, ok := range f.WaitForCacheSync(ctx.Done()) {
		if !ok {
			f.Shutdown()
			return fmt.Errorf("watching the %s of %s: %w", resource, s.ns, ctx.Err())
		}
	}
	s.wg.Add(1)
	go func() { defer s.wg.Done(); <-s.ctx.Done(); f.Shutdown() }()
	s.mu.Lock()
	if s.wl.stores == nil {
		s.wl.stores = map[string]cache.Store{}
	}
	s.wl.stores[resource] = inf.GetStore()
	s.mu.Unlock()
	return nil
}

// recordConditions records the condition changes of a Deployment or a
// Job between two versions, as the simulator does (Condition events under
// timeline.ObjectName); callers hold s.mu.
func (s *workloads) recordConditions(old, cur any, now time.Time) {
	type cond struct{ typ, status, reason, message string }
	conds := func(o any) (kind, name string, out []cond) {
		switch x := o.(type) {
		case *appsv1.Deployment:
			for _, c := range x.Status.Conditions {
				out = append(out, cond{string(c.Type), string(c.Status), c.Reason, c.Message})
			}
			return "Deployment", x.Name, out
		case *batchv1.Job:
			for _, c := range x.Status.Conditions {
				out = append(out, cond{string(c.Type), string(c.Status), c.Reason, c.Message})
			}
			return "Job", x.Name, out
		}
		return "", "", nil
	}
	kind, name, after := conds(cur)
	if kind == "" {
		return
	}
	_, _, before := conds(old)
	for _, c := range after {
		changed := true
		for _, b := range before {
			if b.typ == c.typ && b.status == c.status && b.reason == c.reason {
				changed = false
			}
		}
		if !changed {
			continue
		}
		msg := c.reason
		if c.message != "" {
			msg += ": " + c.message
		}
		s.record(timeline.Event{At: s.at(now), Pod: timeline.ObjectName(kind, name), Kind: timeline.Condition, Reason: c.typ, Status: c.status, Message: msg})
	}
	// A condition the controller took out of the status (a Deployment's
	// ReplicaFailure once its ReplicaSets create again): a change with
	// no status, as the simulator records it.
	for _, b := range before {
		gone := true
		for _, c := range after {
			gone = gone && c.typ != b.typ
		}
		if gone {
			s.record(timeline.Event{At: s.at(now), Pod: timeline.ObjectName(kind, name), Kind: timeline.Condition, Reason: b.typ, Message: "removed"})
		}
	}
}

// recordJobDeletion records a Job's delete accepted, as the simulator
// does (ttlafterfinished.go): DeleteRequested under timeline.ObjectName
// when a version first has a deletionTimestamp (the TTL-after-finished
// controller's foreground delete: the foregroundDeletion finalizer set
// with it; no grace, Code -1); callers hold s.mu.
func (s *workloads) recordJobDeletion(old, cur any, now time.Time) {
	j, ok := cur.(*batchv1.Job)
	if !ok || j.DeletionTimestamp == nil {
		return
	}
	if o, ok := old.(*batchv1.Job); ok && o.DeletionTimestamp != nil {
		return
	}
	if old == nil {
		return // first seen already being deleted: not when it began
	}
	policy := metav1.DeletePropagationBackground
	switch {
	case slices.Contains(j.Finalizers, metav1.FinalizerDeleteDependents):
		policy = metav1.DeletePropagationForeground
	case slices.Contains(j.Finalizers, metav1.FinalizerOrphanDependents):
		policy = metav1.DeletePropagationOrphan
	}
	s.record(timeline.Event{At: s.at(now), Pod: timeline.ObjectName("Job", j.Name), Kind: timeline.DeleteRequested, Code: -1,
		Message: "propagationPolicy=" + string(policy)})
}

// recordJobGone records a Job's removal from the API (the informer's
// delete, a tombstone's object too): Deleted under timeline.ObjectName,
// as the simulator does once a foreground deletion's dependents are
// gone; callers hold s.mu. A Job the informer saw go without its
// deletionTimestamp (a delete with no finalizer to wait for) gets its
// DeleteRequested at the same instant, so that `is deleted` holds.
func (s *workloads) recordJobGone(o any, now time.Time) {
	if t, ok := o.(cache.DeletedFinalStateUnknown); ok {
		o = t.Obj
	}
	j, ok := o.(*batchv1.Job)
	if !ok {
		return
	}
	name := timeline.ObjectName("Job", j.Name)
	requested := false
	for _, e := range s.rec.events {
		if e.Pod == name && e.Kind == timeline.DeleteRequested {
			requested = true
		}
	}
	if !requested {
		s.record(timeline.Event{At: s.at(now), Pod: name, Kind: timeline.DeleteRequested, Code: -1})
	}
	s.record(timeline.Event{At: s.at(now), Pod: name, Kind: timeline.Deleted})
}

// onWorkloadEvent records a Kubernetes Event about one of the scenario's
// Deployments, ReplicaSets or Jobs (the namespace is the scenario's:
// every such object in it is), one timeline entry per occurrence, under
// timeline.ObjectName; callers hold s.mu.
func (s *workloads) onWorkloadEvent(e *corev1.Event, now time.Time) {
	prev, count := s.obs.occurrences(e)
	for i := prev; i < count; i++ {
		s.record(timeline.Event{At: s.at(now), Pod: timeline.ObjectName(e.InvolvedObject.Kind, e.InvolvedObject.Name), Kind: timeline.KubeEvent,
			Reason: e.Reason, Message: e.Message, Status: e.Type})
	}
}
