package live

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	policyv1client "k8s.io/client-go/kubernetes/typed/policy/v1"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/retry"
	"k8s.io/kubectl/pkg/drain"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// Voluntary disruptions (issue 17) on a real cluster: ReplicaSets and
// PodDisruptionBudgets are the API's objects, kept by the cluster's own
// ReplicaSet and disruption controllers; evictions are POSTs to the
// eviction subresource; cordon and drain are kubectl's own package
// (k8s.io/kubectl/pkg/drain), run against the scenario's leased node.

var _ driver.Disruptions = (*session)(nil)

// disruptionState is what a session made and saw of disruptions;
// guarded by the session's mu.
type disruptionState struct {
	// sets are the scenario's ReplicaSets, by creation.
	sets      []*replicaSet
	evictions []driver.EvictionRequest
	drains    map[string]*driver.DrainStatus
	// pdbs is the informer's store of the namespace's budgets, nil until
	// the scenario creates its first one.
	pdbs cache.Store
}

// replicaSet is one of the scenario's ReplicaSets: the pods it created,
// by their API names (which are their scenario names, as the
// simulator's), in the order they were created: the order the session's
// watch first saw them, since it delivers a namespace's creations in
// resourceVersion order, the order the API server stored them. A pod
// first seen after one created in a later second (a watch that
// re-listed, which lists by name) takes its place by its
// creationTimestamp, so that `pod 2 of replica set "web"` and `the
// second pod` mean the second created on both drivers.
type replicaSet struct {
	name string
	// uid is empty until the create returns: a pod seen before is
	// matched by its controller's name.
	uid     types.UID
	created []string
	// stamps are the created pods' creationTimestamps, in created's order.
	stamps []metav1.Time
}

// add places a pod the replica set created among the others: after every
// pod created no later than it (to the second the API stamps).
func (r *replicaSet) add(p *corev1.Pod) {
	at := len(r.created)
	for at > 0 && p.CreationTimestamp.Before(&r.stamps[at-1]) {
		at--
	}
	r.created = slices.Insert(r.created, at, p.Name)
	r.stamps = slices.Insert(r.stamps, at, p.CreationTimestamp)
}

// CreateReplicaSet creates a ReplicaSet whose template is the pod as Apply
// would create it: labelled as podlife labels what it creates (the
// run's labels let cleanup find its pods), its node and priority class
// mapped, kept to the leased nodes, agent containers prepared. The
// selector is the scenario's labels (app=<name> when the template has
// none, as the simulator has it) and podlife's, so that the controller
// adopts no pod but the scenario's own.
func (s *disruptions) CreateReplicaSet(ctx context.Context, name string, replicas int32, template *corev1.Pod) error {
	p := template.DeepCopy()
	if p.Spec.NodeName != "" {
		return fmt.Errorf("replica set %q: a template may not set nodeName", name)
	}
	if len(p.Labels) == 0 {
		p.Labels = map[string]string{"app": name}
	}
	own := s.d.labels(labelValue(s.sc.ID))
	sel := map[string]string{}
	for k, v := range p.Labels {
		sel[k] = v
	}
	for k, v := range own {
		sel[k] = v
	}
	if err := s.preparePod(p); err != nil {
		return err
	}
	rs := &appsv1.ReplicaSet{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: s.ns, Labels: own},
		Spec: appsv1.ReplicaSetSpec{
			Replicas: &replicas,
			Selector: &metav1.LabelSelector{MatchLabels: sel},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: p.Labels, Annotations: p.Annotations},
				Spec:       p.Spec,
			},
		},
	}
	r := &replicaSet{name: name}
	s.mu.Lock()
	for _, o := range s.disr.sets {
		if o.name == name {
			s.mu.Unlock()
			return fmt.Errorf("replica set %q already exists", name)
		}
	}
	s.disr.sets = append(s.disr.sets, r)
	s.mu.Unlock()
	created, err := s.d.cs.AppsV1().ReplicaSets(s.ns).Create(ctx, rs, metav1.CreateOptions{})
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.disr.sets = s.disr.sets[:len(s.disr.sets)-1]
		return fmt.Errorf("creating replica set %q: %w", name, err)
	}
	r.uid = created.UID
	return nil
}

// adopt starts tracking a pod one of the scenario's ReplicaSets created,
// at its first sighting: its scenario name is its API name, and its
// creation is placed where the watch delivered it. Callers hold s.mu.
func (s *disruptions) adopt(p *corev1.Pod, now time.Time) *podTrack {
	ref := metav1.GetControllerOf(p)
	if ref == nil || ref.Kind != "ReplicaSet" {
		return nil
	}
	for _, r := range s.disr.sets {
		if r.name != ref.Name || (r.uid != "" && r.uid != ref.UID) {
			continue
		}
		t := newPodTrack(p.Name, p)
		t.uid = p.UID
		s.pods[p.Name] = t
		r.add(p)
		s.record(timeline.Event{At: s.at(now), Pod: p.Name, Kind: timeline.PodCreated, Message: "by replica set " + r.name})
		return t
	}
	return nil
}

// ReplicaSetPods are the ReplicaSet's pods still in the API, in creation
// order (with the scenario's node names), and every pod it created.
func (s *disruptions) ReplicaSetPods(name string) ([]*corev1.Pod, []string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var r *replicaSet
	for _, o := range s.disr.sets {
		if o.name == name {
			r = o
		}
	}
	if r == nil {
		return nil, nil, false
	}
	now := s.podsNow()
	var pods []*corev1.Pod
	for _, n := range r.created {
		if p := now[n]; p != nil {
			pods = append(pods, p)
		}
	}
	return pods, append([]string(nil), r.created...), true
}

// UpdatePodDisruptionBudget replaces the spec of one of the scenario's
// budgets (read, then updated: a conflict with the disruption controller's
// status write is retried); the API server bumps its generation and the
// controller recomputes its status.
func (s *disruptions) UpdatePodDisruptionBudget(ctx context.Context, pdb *policyv1.PodDisruptionBudget) error {
	pdbs := s.d.cs.PolicyV1().PodDisruptionBudgets(s.ns)
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cur, err := pdbs.Get(ctx, pdb.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cur.Spec = *pdb.Spec.DeepCopy()
		_, err = pdbs.Update(ctx, cur, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		return fmt.Errorf("updating pod disruption budget %q: %w", pdb.Name, err)
	}
	return nil
}

// DeletePodDisruptionBudget deletes one of the scenario's budgets.
func (s *disruptions) DeletePodDisruptionBudget(ctx context.Context, name string) error {
	if err := s.d.cs.PolicyV1().PodDisruptionBudgets(s.ns).Delete(ctx, name, metav1.DeleteOptions{}); err != nil {
		return fmt.Errorf("deleting pod disruption budget %q: %w", name, err)
	}
	return nil
}

// CreatePodDisruptionBudget creates the budget in the scenario's
// namespace, labelled; the cluster's disruption controller keeps its
// status, which the session follows from then on.
func (s *disruptions) CreatePodDisruptionBudget(ctx context.Context, pdb *policyv1.PodDisruptionBudget) error {
	if err := s.watchBudgets(ctx); err != nil {
		return err
	}
	obj := pdb.DeepCopy()
	obj.Namespace, obj.ResourceVersion, obj.UID = s.ns, "", ""
	if obj.Labels == nil {
		obj.Labels = map[string]string{}
	}
	for k, v := range s.d.labels(labelValue(s.sc.ID)) {
		obj.Labels[k] = v
	}
	if _, err := s.d.cs.PolicyV1().PodDisruptionBudgets(s.ns).Create(ctx, obj, metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("creating pod disruption budget %q: %w", pdb.Name, err)
	}
	return nil
}

// watchBudgets starts following the namespace's budgets, once: every
// change of a status wakes RunUntil, as a pod's does.
func (s *disruptions) watchBudgets(ctx context.Context) error {
	s.mu.Lock()
	started := s.disr.pdbs != nil
	s.mu.Unlock()
	if started {
		return nil
	}
	f := informers.NewSharedInformerFactoryWithOptions(s.d.cs, 0, informers.WithNamespace(s.ns))
	inf := f.Policy().V1().PodDisruptionBudgets().Informer()
	changed := func(any) {
		s.mu.Lock()
		s.notify()
		s.mu.Unlock()
	}
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    changed,
		UpdateFunc: func(_, o any) { changed(o) },
		DeleteFunc: changed,
	})
	f.Start(s.ctx.Done())
	for _, ok := range f.WaitForCacheSync(ctx.Done()) {
		if !ok {
			f.Shutdown()
			return fmt.Errorf("watching the pod disruption budgets of %s: %w", s.ns, ctx.Err())
		}
	}
	s.wg.Add(1)
	go func() { defer s.wg.Done(); <-s.ctx.Done(); f.Shutdown() }()
	s.mu.Lock()
	s.disr.pdbs = inf.GetStore()
	s.mu.Unlock()
	return nil
}

// PodDisruptionBudget is the budget as last seen, status included; nil
// when unknown.
func (s *disruptions) PodDisruptionBudget(name string) *policyv1.PodDisruptionBudget {
	s.mu.Lock()
	store := s.disr.pdbs
	s.mu.Unlock()
	if store == nil {
		return nil
	}
	o, ok, err := store.GetByKey(s.ns + "/" + name)
	if err != nil || !ok {
		return nil
	}
	pdb, _ := o.(*policyv1.PodDisruptionBudget)
	return pdb
}

// Evict posts an Eviction for the pod with the delete options, once the
// logs of its running agents are being read (as Delete does). The answer
// is recorded, whatever it is; the error is returned too.
func (s *disruptions) Evict(ctx context.Context, pod string, opts metav1.DeleteOptions) error {
	s.mu.Lock()
	api := pod
	var attached []chan struct{}
	if t := s.pods[pod]; t != nil {
		api, attached = t.api, t.following()
	}
	s.mu.Unlock()
	if err := awaitAttached(ctx, attached); err != nil {
		return err
	}
	s.awaitBudgets(ctx)
	o := opts
	ev := &policyv1.Eviction{ObjectMeta: metav1.ObjectMeta{Name: api, Namespace: s.ns}, DeleteOptions: &o}
	return s.recording("api").PolicyV1().Evictions(s.ns).Evict(ctx, ev)
}

// budgetLag bounds how long an eviction waits for the disruption
// controller to count the pods as they are: it took well under a second
// on kind, where eviction-api.feature:267's eviction, sent 1.9 s after
// its pods were created, met a budget that had counted 1 of its 2 Ready
// pods (2026-11-30, 7 at a time).
const budgetLag = 10 * time.Second

// awaitBudgets waits, up to budgetLag, until every budget of the
// namespace has counted the pods as the session last saw them: its
// status observed its generation and its currentHealthy is the number of
// its pods Ready and not being deleted (the disruption controller's
// countHealthyPods, pkg/controller/disruption/disruption.go, v1.36.3).
// The simulator's controller counts in the instant a pod changes, so an
// eviction there always meets an up-to-date budget; a cluster's
// controller answers a pod's change after a watch and a status write. Past
// the bound the eviction goes on: the API's answer is what it is.
func (s *disruptions) awaitBudgets(ctx context.Context) {
	err := wait.PollUntilContextTimeout(ctx, 50*time.Millisecond, budgetLag, true, func(context.Context) (bool, error) {
		return s.budgetsCounted(), nil
	})
	if err != nil && ctx.Err() == nil {
		s.d.debugf("%s: an eviction went on with a budget that had not counted the pods as seen after %s", s.ns, budgetLag)
	}
}

// budgetsCounted says whether every budget's status counts the pods as
// last seen.
func (s *disruptions) budgetsCounted() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.disr.pdbs == nil {
		return true
	}
	for _, o := range s.disr.pdbs.List() {
		pdb, ok := o.(*policyv1.PodDisruptionBudget)
		if !ok {
			continue
		}
		if pdb.Status.ObservedGeneration < pdb.Generation {
			return false
		}
		sel, err := metav1.LabelSelectorAsSelector(pdb.Spec.Selector)
		if err != nil {
			continue
		}
		var healthy int32
		for _, t := range s.pods {
			if p := t.obj; p != nil && p.DeletionTimestamp == nil && sel.Matches(labels.Set(p.Labels)) && podReady(p) {
				healthy++
			}
		}
		if pdb.Status.CurrentHealthy != healthy {
			return false
		}
	}
	return true
}

// podReady is the Ready condition True (podutil.IsPodReady).
func podReady(p *corev1.Pod) bool {
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}

// Evictions are the eviction requests made so far, the steps' and the
// drains', in the order they were sent.
func (s *disruptions) Evictions() []driver.EvictionRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]driver.EvictionRequest(nil), s.disr.evictions...)
}

// noteEviction records one eviction request and its answer, at the time
// it was sent: 201 when accepted, else the API status's code, and its
// message with the causes the API gave (a budget's refusal says why in a
// DisruptionBudget cause: pkg/registry/core/pod/storage/eviction.go,
// checkAndDecrement and createTooManyRequestsError), as the simulator
// words them.
func (s *disruptions) noteEviction(sent time.Time, api string, err error, by string) {
	e := driver.EvictionRequest{At: s.at(sent), Pod: api, Code: 201, By: by}
	if err != nil {
		e.Code, e.Message, e.StatusMessage = 500, err.Error(), err.Error()
		var st apierrors.APIStatus
		if errors.As(err, &st) {
			status := st.Status()
			e.Code, e.Message, e.StatusMessage = status.Code, status.Message, status.Message
			if status.Details != nil {
				for _, c := range status.Details.Causes {
					if c.Message != "" {
						e.Message += " " + c.Message
					}
				}
			}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := s.obs.byAPI(api); t != nil {
		e.Pod = t.name
	}
	s.disr.evictions = append(s.disr.evictions, e)
	s.notify()
}

// recording is the driver's client with its eviction requests recorded
// as the session's: the steps' own and kubectl drain's, which takes a
// kubernetes.Interface and evicts through PolicyV1().Evictions(ns).Evict
// (k8s.io/kubectl/pkg/drain/drain.go, EvictPod).
func (s *disruptions) recording(by string) kubernetes.Interface {
	return recordingClient{Interface: s.d.cs, s: s, by: by}
}

type recordingClient struct {
	kubernetes.Interface
	s  *disruptions
	by string
}

func (c recordingClient) PolicyV1() policyv1client.PolicyV1Interface {
	return recordingPolicy{PolicyV1Interface: c.Interface.PolicyV1(), s: c.s, by: c.by}
}

type recordingPolicy struct {
	policyv1client.PolicyV1Interface
	s  *disruptions
	by string
}

func (p recordingPolicy) Evictions(ns string) policyv1client.EvictionInterface {
	return recordingEvictions{EvictionInterface: p.PolicyV1Interface.Evictions(ns), s: p.s, by: p.by}
}

type recordingEvictions struct {
	policyv1client.EvictionInterface
	s  *disruptions
	by string
}

func (e recordingEvictions) Evict(ctx context.Context, ev *policyv1.Eviction) error {
	sent := time.Now()
	err := e.EvictionInterface.Evict(ctx, ev)
	e.s.noteEviction(sent, ev.Name, err, e.by)
	return err
}

// drainer is kubectl drain's Helper as `kubectl drain` builds it
// (k8s.io/kubectl/pkg/cmd/drain/drain.go, NewDrainCmdOptions: grace -1,
// EvictErrorRetryDelay 5 s, ChunkSize cmdutil.DefaultChunkSize 500) with
// the scenario's flags and --ignore-daemonsets, talking through the
// recording client. Its PodSelector is the scenario's labels: podlife
// evicts nothing it did not create (on a leased node that leaves out
// kind's own DaemonSet pods, which --ignore-daemonsets skips anyway).
func (s *disruptions) drainer(node string, o driver.DrainOptions) *drain.Helper {
	return &drain.Helper{
		Ctx:                  s.ctx,
		Client:               s.recording("drain/" + node),
		Force:                o.Force,
		DeleteEmptyDirData:   o.DeleteEmptyDirData,
		GracePeriodSeconds:   int(o.GracePeriodSeconds),
		IgnoreAllDaemonSets:  true,
		Timeout:              o.Timeout,
		PodSelector:          labels.Set(s.d.labels(labelValue(s.sc.ID))).String(),
		ChunkSize:            500,
		EvictErrorRetryDelay: 5 * time.Second,
		Out:                  io.Discard,
		ErrOut:               io.Discard,
	}
}

// Cordon marks the leased node unschedulable as `kubectl cordon` does,
// or schedulable again as `kubectl uncordon` (drain.RunCordonOrUncordon:
// a merge patch of spec.unschedulable). The release uncordons it
// (restoreNode) whatever the scenario left.
func (s *disruptions) Cordon(ctx context.Context, node string, on bool) error {
	what := "cordon"
	if !on {
		what = "uncordon"
	}
	l, err := s.pool.leased(node, what, driver.NodeLifecycle)
	if err != nil {
		return err
	}
	return s.cordon(ctx, s.drainer(node, driver.DrainOptions{GracePeriodSeconds: -1}), l.node, on)
}

func (s *disruptions) cordon(ctx context.Context, h *drain.Helper, real string, on bool) error {
	what := "cordoning"
	if !on {
		what = "uncordoning"
	}
	n, err := s.d.cs.CoreV1().Nodes().Get(ctx, real, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("%s node %s: %w", what, real, err)
	}
	if err := drain.RunCordonOrUncordon(h, n, on); err != nil {
		return fmt.Errorf("%s node %s: %w", what, real, err)
	}
	return nil
}

// Drain runs `kubectl drain` on the leased node in the background of the
// scenario: the cordon first, as kubectl's RunDrain does, then
// drain.RunNodeDrain (the pods listed and filtered, each evicted in its
// own loop, a 429 retried after 5 s, each accepted eviction followed by a
// poll every second until the pod is gone). DrainStatus says when it
// returned and with what error.
func (s *disruptions) Drain(ctx context.Context, node string, o driver.DrainOptions) error {
	l, err := s.pool.leased(node, "drain", driver.NodeLifecycle)
	if err != nil {
		return err
	}
	s.mu.Lock()
	if d := s.disr.drains[node]; d != nil && !d.Done {
		s.mu.Unlock()
		return fmt.Errorf("node %q is being drained already", node)
	}
	st := &driver.DrainStatus{Started: s.Now()}
	if s.disr.drains == nil {
		s.disr.drains = map[string]*driver.DrainStatus{}
	}
	s.disr.drains[node] = st
	s.mu.Unlock()
	h := s.drainer(node, o)
	if err := s.cordon(ctx, h, l.node, true); err != nil {
		s.endDrain(st, err)
		return err
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.endDrain(st, drain.RunNodeDrain(h, l.node))
	}()
	return nil
}

func (s *disruptions) endDrain(st *driver.DrainStatus, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st.Done, st.At = true, s.Now()
	if err != nil {
		st.Err = err.Error()
	}
	s.notify()
}

// DrainStatus is the state of the node's last drain.
func (s *disruptions) DrainStatus(node string) (driver.DrainStatus, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.disr.drains[node]
	if d == nil {
		return driver.DrainStatus{}, false
	}
	return *d, true
}

// uncordon makes a pool node schedulable again as `kubectl uncordon`
// does; a node not cordoned is left alone.
func (d *Driver) uncordon(ctx context.Context, node string) error {
	n, err := d.cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("uncordoning node %s: %w", node, err)
	}
	if !n.Spec.Unschedulable {
		return nil
	}
	if err := drain.RunCordonOrUncordon(&drain.Helper{Ctx: ctx, Client: d.cs}, n, false); err != nil {
		return fmt.Errorf("uncordoning node %s: %w", node, err)
	}
	return nil
}
