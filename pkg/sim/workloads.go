package sim

import (
	"errors"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// The Simulator's face for workload objects: what a client (kubectl
// create, apply, get and delete; the typed clients of
// staging/src/k8s.io/client-go/kubernetes/typed/*, v1.36.3) does to
// Deployments, ReplicaSets, Jobs, ResourceQuotas and
// PodDisruptionBudgets through the API server, and the eviction
// subresource it posts to. The objects' controllers are in
// deployment.go, replicaset.go, job.go, quota.go and disruption.go.

// AddDeployment creates a Deployment of template (a whole pod: its labels
// are the selector, app=<name> when it has none) with the spec d gives:
// replicas, strategy, minReadySeconds, progressDeadlineSeconds. The API
// server's defaults apply (SetDefaults_Deployment: 1 replica,
// RollingUpdate with maxSurge and maxUnavailable 25%, a progress deadline
// of 600 s) and its validation (ValidateDeploymentSpec). Its controller
// creates the first ReplicaSet later in this instant.
func (s *Simulator) AddDeployment(in *appsv1.Deployment, template *corev1.Pod) error {
	c := s.deployments
	name := in.Name
	if name == "" {
		return fmt.Errorf("a Deployment needs a name")
	}
	if _, dup := c.deps[name]; dup {
		return fmt.Errorf("deployment %q already exists", name)
	}
	if err := checkRunnable(template, s.parsed); err != nil {
		return fmt.Errorf("deployment %q: %w", name, err)
	}
	tpl := template.DeepCopy()
	if len(tpl.Labels) == 0 {
		tpl.Labels = map[string]string{"app": name}
	}
	tpl.Spec.NodeName = ""
	d := in.DeepCopy()
	d.Namespace, d.UID, d.Generation, d.CreationTimestamp = s.cfg.Namespace, types.UID(s.newUID()), 1, s.wall(s.now)
	d.Spec.Selector = &metav1.LabelSelector{MatchLabels: tpl.Labels}
	d.Spec.Template = podTemplate(tpl)
	setDefaultsDeployment(d)
	if err := validateDeployment(d); err != nil {
		return fmt.Errorf("deployment %q: %w", name, err)
	}
	d.Status = appsv1.DeploymentStatus{}
	dep := &deployment{d: d, template: tpl}
	c.deps[name] = dep
	c.order = append(c.order, dep)
	s.running = true
	c.enqueue(dep)
	return nil
}

// UpdateDeployment replaces a Deployment's pod template (a whole pod, as
// AddDeployment takes it; its labels must stay the selector's): a new
// generation, which starts a rollout when the template differs.
func (s *Simulator) UpdateDeployment(name string, template *corev1.Pod) error {
	dep := s.deployments.deps[name]
	if dep == nil {
		return fmt.Errorf("deployment %q does not exist", name)
	}
	if err := checkRunnable(template, s.parsed); err != nil {
		return fmt.Errorf("deployment %q: %w", name, err)
	}
	tpl := template.DeepCopy()
	if len(tpl.Labels) == 0 {
		tpl.Labels = dep.template.Labels
	}
	tpl.Spec.NodeName = ""
	for k, v := range dep.d.Spec.Selector.MatchLabels {
		if tpl.Labels[k] != v {
			return fmt.Errorf("deployment %q: spec.template.metadata.labels: Invalid value: %v: `selector` does not match template `labels`", name, tpl.Labels)
		}
	}
	dep.template = tpl
	dep.d.Spec.Template = podTemplate(tpl)
	dep.d.Generation++
	s.deployments.enqueue(dep)
	return nil
}

// Deployment is a Deployment with its status, nil when unknown. The
// object belongs to the simulator.
func (s *Simulator) Deployment(name string) *appsv1.Deployment {
	if dep := s.deployments.deps[name]; dep != nil {
		return dep.d
	}
	return nil
}

// DeploymentPods returns the pods of a Deployment's ReplicaSets still in
// the API, in the order they were created, and every name they created.
func (s *Simulator) DeploymentPods(name string) (pods []*corev1.Pod, created []string, ok bool) {
	dep := s.deployments.deps[name]
	if dep == nil {
		return nil, nil, false
	}
	for _, n := range dep.created {
		if p := s.api.pod(n); p != nil {
			pods = append(pods, p)
		}
	}
	return pods, dep.created, true
}

// DeploymentReplicaSets names a Deployment's ReplicaSets, by creation.
func (s *Simulator) DeploymentReplicaSets(name string) []string {
	dep := s.deployments.deps[name]
	if dep == nil {
		return nil
	}
	var out []string
	for _, r := range dep.sets {
		out = append(out, r.rs.Name)
	}
	return out
}

// AddReplicaSet creates a ReplicaSet of replicas pods from template (a
// whole pod: its labels are the template's and the selector's; a template
// without labels gets app=<name>). Its controller creates the pods later
// in this instant.
func (s *Simulator) AddReplicaSet(name string, replicas int32, template *corev1.Pod) error {
	if name == "" {
		return fmt.Errorf("a ReplicaSet needs a name")
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
	if _, err := s.replicaSets.add(name, replicas, 0, tpl, nil); err != nil {
		return err
	}
	s.running = true
	return nil
}

// ErrNotModelled is what the simulator answers an input whose effect it
// does not model: a driver reports the scenario skipped with the reason,
// never passed or failed on a guess.
var ErrNotModelled = errors.New("not modelled by the simulator")

// ScaleReplicaSet is `kubectl scale replicaset NAME --replicas=N`: an
// update of the scale subresource, which sets spec.replicas (a new
// generation) as the ReplicaSet registry's scaleUpdatedObjectInfo does
// (pkg/registry/apps/replicaset/storage/storage.go, v1.36.3). Its
// controller syncs it later in this instant: more pods created, or the
// surplus deleted least valuable first (manageReplicas, getPodsToDelete).
func (s *Simulator) ScaleReplicaSet(name string, replicas int32) error {
	r := s.replicaSets.sets[name]
	if r == nil || r.owner != nil {
		return fmt.Errorf("replica set %q does not exist", name)
	}
	if replicas < 0 {
		return fmt.Errorf("replica set %q: spec.replicas: Invalid value: %d: must be greater than or equal to 0", name, replicas)
	}
	s.replicaSets.scale(r, replicas)
	s.running = true
	return nil
}

// ScaleDeployment is `kubectl scale deployment NAME --replicas=N`: the
// scale subresource sets the Deployment's spec.replicas (a new
// generation; pkg/registry/apps/deployment/storage/storage.go), and its
// controller's next sync is a scaling event (syncDeployment,
// isScalingEvent, pkg/controller/deployment/deployment_controller.go
// and sync.go, v1.36.3) that scales the one active ReplicaSet, or the
// latest when none is active (scale, FindActiveOrLatest). The
// proportional scaling of several active ReplicaSets during a rollout
// is not modelled: the scale is refused then.
func (s *Simulator) ScaleDeployment(name string, replicas int32) error {
	dep := s.deployments.deps[name]
	if dep == nil {
		return fmt.Errorf("deployment %q does not exist", name)
	}
	if replicas < 0 {
		return fmt.Errorf("deployment %q: spec.replicas: Invalid value: %d: must be greater than or equal to 0", name, replicas)
	}
	if s.deployments.activeOrLatest(dep) == nil {
		return fmt.Errorf("deployment %q: scaling during a rollout (several active replica sets, scaled proportionally): %w", name, ErrNotModelled)
	}
	if *dep.d.Spec.Replicas == replicas {
		return nil
	}
	n := replicas
	dep.d.Spec.Replicas = &n
	dep.d.Generation++
	dep.scaling = true
	s.deployments.enqueue(dep)
	s.running = true
	return nil
}

// ReplicaSetPods returns the pods of a ReplicaSet that are still in the
// API, in the order they were created, and every name it created.
func (s *Simulator) ReplicaSetPods(name string) (pods []*corev1.Pod, created []string, ok bool) {
	r := s.replicaSets.sets[name]
	if r == nil {
		return nil, nil, false
	}
	return r.pods(s.api), r.created, true
}

// AddJob creates a Job of template (a whole pod) with the spec in gives:
// completions, parallelism, backoffLimit, podFailurePolicy,
// podReplacementPolicy. The API server's defaults apply (SetDefaults_Job,
// pkg/apis/batch/v1/defaults.go: 1 completion and parallelism 1 when
// neither is set, backoffLimit 6, podReplacementPolicy Failed with a
// podFailurePolicy and TerminatingOrFailed without) and its validation
// (the template's restartPolicy Never or OnFailure, Never with a
// podFailurePolicy). Indexed Jobs, backoffLimitPerIndex, successPolicy
// and suspend are not modelled; activeDeadlineSeconds is (job.go), and
// ttlSecondsAfterFinished (ttlafterfinished.go). The controller creates
// the pods later in this instant.
func (s *Simulator) AddJob(in *batchv1.Job, template *corev1.Pod) error {
	c := s.jobs
	name := in.Name
	if name == "" {
		return fmt.Errorf("a Job needs a name")
	}
	if old := c.jobs[name]; old != nil && !old.ttl.gone {
		return fmt.Errorf("job %q already exists", name)
	}
	if err := checkRunnable(template, s.parsed); err != nil {
		return fmt.Errorf("job %q: %w", name, err)
	}
	j := in.DeepCopy()
	j.Namespace, j.UID, j.Generation, j.CreationTimestamp = s.cfg.Namespace, types.UID(s.newUID()), 1, s.wall(s.now)
	tpl := template.DeepCopy()
	tpl.Spec.NodeName = ""
	// generateSelector (pkg/registry/batch/job/strategy.go): the Job's
	// own labels select its pods.
	if tpl.Labels == nil {
		tpl.Labels = map[string]string{}
	}
	for k, v := range map[string]string{
		"batch.kubernetes.io/controller-uid": string(j.UID), "batch.kubernetes.io/job-name": name,
		"controller-uid": string(j.UID), "job-name": name,
	} {
		tpl.Labels[k] = v
	}
	j.Spec.Template = podTemplate(tpl)
	setDefaultsJob(j)
	if err := validateJob(j); err != nil {
		return fmt.Errorf("job %q: %w", name, err)
	}
	j.Status = batchv1.JobStatus{}
	jb := &job{j: j, template: tpl}
	c.jobs[name] = jb
	c.order = append(c.order, jb)
	s.running = true
	c.enqueue(jb) // addJob: enqueueSyncJobImmediately
	return nil
}

// Job is a Job with its status, nil when unknown or gone from the API
// (deleted: ttlafterfinished.go). The object belongs to the simulator.
func (s *Simulator) Job(name string) *batchv1.Job {
	if jb := s.jobs.jobs[name]; jb != nil && !jb.ttl.gone {
		return jb.j
	}
	return nil
}

// JobPods returns the pods of a Job still in the API, in the order they
// were created, and every name it created; a Job gone from the API
// still answers (ok), so that its pods are named by their order after
// it.
func (s *Simulator) JobPods(name string) (pods []*corev1.Pod, created []string, ok bool) {
	jb := s.jobs.jobs[name]
	if jb == nil {
		return nil, nil, false
	}
	return jb.pods(s.api), jb.created, true
}

// AddResourceQuota creates a ResourceQuota in the scenario's namespace.
// Its status is the quota controller's, written later in this instant:
// a pod created before would be refused ("status unknown for quota").
// Only the resources of pods are modelled, and the scopes Terminating,
// NotTerminating, BestEffort and NotBestEffort.
func (s *Simulator) AddResourceQuota(in *corev1.ResourceQuota) error {
	c := s.quota
	if err := validateQuota(in); err != nil {
		return err
	}
	for _, q := range c.quotas {
		if q.Name == in.Name {
			return fmt.Errorf("resource quota %q already exists", in.Name)
		}
	}
	q := in.DeepCopy()
	q.Namespace, q.UID, q.CreationTimestamp = s.cfg.Namespace, types.UID(s.newUID()), s.wall(s.now)
	q.Status = corev1.ResourceQuotaStatus{}
	c.quotas = append(c.quotas, q)
	s.running = true
	if len(c.quotas) == 1 {
		// The controller's periodic full resync (Run, enqueueAll).
		c.env.rearm(&c.resync, quotaResyncPeriod, c.periodic, true)
	}
	c.enqueue()
	return nil
}

// ResourceQuota is a quota with its status, nil when unknown. The object
// belongs to the simulator.
func (s *Simulator) ResourceQuota(name string) *corev1.ResourceQuota {
	for _, q := range s.quota.quotas {
		if q.Name == name {
			return q
		}
	}
	return nil
}

// AddPodDisruptionBudget creates a PodDisruptionBudget, validated as
// pkg/apis/policy/validation (ValidatePodDisruptionBudgetSpec) does:
// minAvailable or maxUnavailable, not both, each a non-negative integer
// or a percentage up to 100%. Its status is the controller's, from its
// first sync (later in this instant): until then observedGeneration is
// behind and the eviction subresource refuses evictions it guards.
func (s *Simulator) AddPodDisruptionBudget(in *policyv1.PodDisruptionBudget) error {
	dc := s.disruption
	if in.Name == "" {
		return fmt.Errorf("a PodDisruptionBudget needs a name")
	}
	if _, dup := dc.pdbs[in.Name]; dup {
		return apierrors.NewAlreadyExists(pdbResource, in.Name)
	}
	if err := validatePDBSpec(&in.Spec); err != nil {
		return fmt.Errorf("PodDisruptionBudget %q: %w", in.Name, err)
	}
	pdb := in.DeepCopy()
	pdb.Namespace = s.cfg.Namespace
	pdb.UID = types.UID(s.newUID())
	pdb.Generation = 1
	pdb.CreationTimestamp = s.wall(s.now)
	pdb.Status = policyv1.PodDisruptionBudgetStatus{}
	dc.pdbs[pdb.Name] = pdb
	dc.enqueue(pdb.Name)
	return nil
}

// UpdatePodDisruptionBudget replaces a budget's spec, as a PUT of the
// object does: validated as at creation (ValidatePodDisruptionBudget), the
// status kept and the generation one more when the spec changed
// (pkg/registry/policy/poddisruptionbudget/strategy.go PrepareForUpdate,
// v1.36.3); an update that changes nothing is not stored. The
// controller's informer delivers it (updateDB): a sync later in this
// instant recomputes the status for the new spec, and until then the
// eviction subresource refuses what the budget guards (its
// observedGeneration is behind).
func (s *Simulator) UpdatePodDisruptionBudget(in *policyv1.PodDisruptionBudget) error {
	dc := s.disruption
	pdb := dc.pdbs[in.Name]
	if pdb == nil {
		return apierrors.NewNotFound(pdbResource, in.Name)
	}
	if err := validatePDBSpec(&in.Spec); err != nil {
		return fmt.Errorf("PodDisruptionBudget %q: %w", in.Name, err)
	}
	if apiequality.Semantic.DeepEqual(pdb.Spec, in.Spec) {
		return nil
	}
	pdb.Spec = *in.Spec.DeepCopy()
	pdb.Generation++
	dc.enqueue(pdb.Name)
	return nil
}

// DeletePodDisruptionBudget deletes a budget (it has no finalizer: it is
// gone at once). The controller's removeDB queues it and its sync finds
// it gone (disruption.go sync, "podDisruptionBudget has been deleted",
// v1.36.3); the eviction subresource no longer finds it among the pod's
// budgets, so an eviction it refused goes through.
func (s *Simulator) DeletePodDisruptionBudget(name string) error {
	dc := s.disruption
	if dc.pdbs[name] == nil {
		return apierrors.NewNotFound(pdbResource, name)
	}
	delete(dc.pdbs, name)
	if t := dc.recheck[name]; t != nil {
		dc.env.cancel(t)
		delete(dc.recheck, name)
	}
	dc.enqueue(name)
	return nil
}

// PodDisruptionBudget returns a PDB with its status, or nil. The object
// belongs to the simulator.
func (s *Simulator) PodDisruptionBudget(name string) *policyv1.PodDisruptionBudget {
	return s.disruption.pdbs[name]
}

// Evictions lists every eviction request so far, in order.
func (s *Simulator) Evictions() []Eviction { return s.evictionAPI.log }

// EvictPod is the eviction subresource (POST pods/<name>/eviction,
// pkg/registry/core/pod/storage/eviction.go, EvictionREST.Create). opts
// are the Eviction's deleteOptions (grace period).
func (s *Simulator) EvictPod(name string, opts metav1.DeleteOptions) error {
	return s.evictionAPI.evict(name, opts, "api")
}
