package sim

import (
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/podlife/podlife/pkg/evictionapi"
	"github.com/podlife/podlife/pkg/timeline"
)

// Config configures a Simulator.
type Config struct {
	// Seed drives every random choice (pod worker jitter, backoff requeues).
	Seed int64
	// Namespace holds the scenario's pods.
	Namespace string
	// KubeletVersion selects the kubelet profile ("1.36" when empty).
	KubeletVersion string
	// ControlPlaneVersion selects the API server's, scheduler's and
	// printer's behaviours (the kubelet's version when empty): a kubelet
	// may be up to three minor versions older than its API server
	// (Kubernetes' version skew policy).
	ControlPlaneVersion string
}

// Simulator is a cluster of one API server, a scheduler and kubelets,
// advanced only by its inputs and its virtual clock.
type Simulator struct {
	*env
	cfg     Config
	profile Profile
	// cp is the control plane's profile: the switches of the API server,
	// the scheduler and the printer are read from it (the same as profile
	// unless the cluster is skewed).
	cp     Profile
	api    *apiServer
	sched  *scheduler
	nodes  []*kubelet
	byNode map[string]*kubelet
	uids   int
	// running is set by the first pod: the kubelet profile is fixed then.
	running bool
	// busyProbe is the probe worker probesQuiet last found about to
	// change a result (prober.go).
	busyProbe *probeWorker

	// Node side (issue 4): the kubelets' eviction configuration, the
	// controllers of nodes, the pods the eviction manager evicted, and the
	// scenario names of static pods (API name → manifest name).
	eviction   evictionapi.Config
	thresholds []threshold
	lifecycle  *nodeLifecycle
	// shutdownGroups are the kubelets' graceful node shutdown groups
	// (nodeshutdown.go; nil: off, the default).
	shutdownGroups []shutdownGroup

	// Disruptions (issue 17, disruption.go, replicaset.go, drain.go): the
	// disruption and ReplicaSet controllers, the eviction subresource
	// (with the requests made), and kubectl drains.
	disruption  *disruptionController
	replicaSets *replicaSetController
	evictionAPI *evictionREST
	drains      map[string]*drain
	// podGC is the pod garbage collector's orphan pass, once a node
	// was deleted (podgc.go).
	podGC *podGC

	// Workloads (issue 36, deployment.go, quota.go, job.go): the
	// Deployment, ResourceQuota and Job controllers.
	deployments *deploymentController
	quota       *quotaController
	jobs        *jobController
	// daemonSets is the DaemonSet controller (daemonset.go).
	daemonSets *daemonSetController
	// statefulSets is the StatefulSet controller (statefulset.go).
	statefulSets *statefulSetController

	// parsed is what was parsed from pod specs so far (runnable.go).
	parsed *parseCache
	// containers are the container lists created pods share (podcopy.go).
	containers containerLists
}

// New returns a simulator with no nodes.
func New(cfg Config) (*Simulator, error) {
	if cfg.Namespace == "" {
		cfg.Namespace = "default"
	}
	p, cp, err := versionProfiles(cfg.KubeletVersion, cfg.ControlPlaneVersion)
	if err != nil {
		return nil, err
	}
	s := &Simulator{
		cfg:     cfg,
		profile: p,
		cp:      cp,
		env:     newEnv(cfg.Seed),
		byNode:  map[string]*kubelet{},
		parsed:  newParseCache(),
	}
	// The components, each given the runtime, its client of the API
	// server and the profile it follows (pointers: SetVersions may change
	// them before the first pod); the watches they open on the API server
	// are how they learn of changes, in this order.
	s.api = newAPIServer(s.env, cfg.Namespace, &s.cp)
	s.sched = newScheduler(s.env, s.api, &s.profile, &s.cp)
	s.lifecycle = newNodeLifecycle(s.env, s.api, &s.profile)
	s.replicaSets = newReplicaSetController(s.env, s.api)
	s.deployments = newDeploymentController(s.env, s.api, s.replicaSets)
	s.quota = newQuotaController(s.env, s.api, &s.cp)
	s.api.quota = s.quota
	s.jobs = newJobController(s.env, s.api)
	s.daemonSets = newDaemonSetController(s.env, s.api)
	s.statefulSets = newStatefulSetController(s.env, s.api)
	s.disruption = newDisruptionController(s.env, s.api, s.replicaSets)
	s.evictionAPI = &evictionREST{env: s.env, api: s.api, pdbs: s.disruption, profile: &s.profile}
	s.api.watchPods(s.sched)
	s.api.watchPods(s.lifecycle)
	s.api.watchPods(s.disruption)
	s.api.watchPods(s.replicaSets)
	s.api.watchPods(s.quota)
	s.api.watchPods(s.jobs)
	s.api.watchPods(s.deployments)
	s.api.watchPods(s.daemonSets)
	s.api.watchPods(s.statefulSets)
	s.api.watchNodes(s.lifecycle)
	s.api.watchNodes(s.sched)
	s.api.watchNodes(s.daemonSets)
	s.thresholds, _ = thresholdsOf(evictionapi.Config{})
	return s, nil
}

// Profile is the kubelet behaviour in force.
func (s *Simulator) Profile() Profile { return s.profile }

// ControlPlaneProfile is the API server's, scheduler's and printer's.
func (s *Simulator) ControlPlaneProfile() Profile { return s.cp }

// SetKubeletVersion selects another profile for the whole cluster, as a
// kind cluster of that release is. It is only allowed before the first
// pod.
func (s *Simulator) SetKubeletVersion(v string) error { return s.SetVersions(v, "") }

// SetVersions selects the kubelets' profile and the control plane's (""
// for the kubelets'; a control plane alone is a cluster of that
// release). It is only allowed before the first pod.
func (s *Simulator) SetVersions(kubelet, controlPlane string) error {
	if s.running {
		return fmt.Errorf("the kubelet version can only be set before the first pod")
	}
	p, cp, err := versionProfiles(kubelet, controlPlane)
	if err != nil {
		return err
	}
	s.profile, s.cp = p, cp
	return nil
}

// SetNodesAreTheCluster makes the scenario's nodes the whole cluster:
// no control-plane node beside them counts in the node-lifecycle
// controller's zones, so losing every one of them is a full disruption.
func (s *Simulator) SetNodesAreTheCluster() { s.lifecycle.controlPlane = false }

// versionProfiles are the kubelet's profile and the control plane's (the
// kubelet's when controlPlane is empty), refused outside the version skew
// policy: a kubelet newer than its API server, or more than three minor
// versions older (https://kubernetes.io/releases/version-skew-policy/).
func versionProfiles(kubelet, controlPlane string) (Profile, Profile, error) {
	if kubelet == "" {
		kubelet = controlPlane // a cluster of that release
	}
	p, err := ProfileFor(kubelet)
	if err != nil {
		return Profile{}, Profile{}, err
	}
	if controlPlane == "" {
		return p, p, nil
	}
	cp, err := ProfileFor(controlPlane)
	if err != nil {
		return Profile{}, Profile{}, fmt.Errorf("control plane: %w", err)
	}
	if p.Minor > cp.Minor || cp.Minor-p.Minor > 3 {
		return Profile{}, Profile{}, fmt.Errorf("a kubelet %s under a control plane %s is outside Kubernetes' version skew policy (the kubelet may be up to three minor versions older than the API server, never newer)", p.Version, cp.Version)
	}
	return p, cp, nil
}

// AddNode registers a node and starts its kubelet.
func (s *Simulator) AddNode(n *corev1.Node) error {
	if _, dup := s.byNode[n.Name]; dup {
		return fmt.Errorf("node %q already exists", n.Name)
	}
	node, err := s.api.createNode(n)
	if err != nil {
		return err
	}
	for _, t := range node.Spec.Taints {
		s.lifecycle.recordTaint(node.Name, t, true) // the taints it was declared with
	}
	k := newKubelet(s.env, s.api, &s.profile, s.parsed, len(s.nodes), node)
	k.evictionCfg, k.thresholds = s.eviction, s.thresholds
	k.shutdownGroups = s.shutdownGroups
	s.nodes = append(s.nodes, k)
	s.byNode[n.Name] = k
	k.startNodeSide()
	return nil
}

// AddPriorityClass registers a PriorityClass, validated as the API server
// does.
func (s *Simulator) AddPriorityClass(pc *schedulingv1.PriorityClass) error {
	return s.api.createPriorityClass(pc)
}

// AddConfigMap stores a ConfigMap in the scenario's namespace; pods
// waiting for it (CreateContainerConfigError, FailedMount) find it at their
// next sync.
func (s *Simulator) AddConfigMap(cm *corev1.ConfigMap) error {
	return s.api.createConfigMap(cm)
}

// AddSecret stores a Secret in the scenario's namespace.
func (s *Simulator) AddSecret(sec *corev1.Secret) error {
	return s.api.createSecret(sec)
}

// CreatePod creates a pod through the API server: defaulting, validation
// and admission plugins apply, and an invalid pod is an error, as is one
// the simulator cannot run (CheckPod).
func (s *Simulator) CreatePod(p *corev1.Pod) error {
	if err := checkRunnable(p, s.parsed); err != nil {
		return err
	}
	if s.cp.Sidecars && !s.profile.Sidecars {
		for _, c := range p.Spec.InitContainers {
			if c.RestartPolicy != nil {
				return fmt.Errorf("init container %q: a sidecar on a kubelet %s, which does not know one, under a %s API server is not modelled", c.Name, s.profile.Version, s.cp.Version)
			}
		}
	}
	s.running = true
	return s.api.createPod(s.containers.copyPod(p))
}

// DeletePod deletes a pod with the API's graceful-deletion semantics.
func (s *Simulator) DeletePod(name string, opts metav1.DeleteOptions) error {
	return s.api.deletePod(name, opts, "")
}

// LoseSandbox makes a running pod's sandbox die: the kubelet notices
// (PLEG), kills what still runs, creates a new sandbox and runs the init
// containers again (computePodActions with PodSandboxChanged).
func (s *Simulator) LoseSandbox(name string) error {
	p := s.api.pod(name)
	if p == nil {
		return fmt.Errorf("pod %q does not exist", name)
	}
	k := s.byNode[p.Spec.NodeName]
	if k == nil || k.workers[p.UID] == nil {
		return fmt.Errorf("pod %q is not running on a node", name)
	}
	if !k.workers[p.UID].rt.loseSandbox() {
		return fmt.Errorf("pod %q has no sandbox", name)
	}
	return nil
}

// Pod returns the API object of a pod, or nil once it is gone. The object
// belongs to the simulator and must not be modified.
func (s *Simulator) Pod(name string) *corev1.Pod { return s.api.pod(name) }

// Node returns the API object of a node, or nil.
func (s *Simulator) Node(name string) *corev1.Node { return s.api.node(name) }

// Events returns the Kubernetes Events recorded so far, in creation order,
// as new objects built on each call.
func (s *Simulator) Events() []*corev1.Event { return s.api.eventList() }

// Timeline returns every lifecycle event so far. The slice must not be
// modified.
func (s *Simulator) Timeline() []timeline.Event { return s.tl.Events() }

// Now is the virtual time since the simulator started.
func (s *Simulator) Now() time.Duration { return s.now }

// Step runs every timer of the next instant and moves the clock there. It
// reports false when nothing is pending.
func (s *Simulator) Step() bool {
	at, ok := s.q.next()
	if !ok {
		return false
	}
	s.steps++
	s.now = at
	for at, ok := s.q.next(); ok && at == s.now; at, ok = s.q.next() {
		s.q.take()()
	}
	return true
}

// Steps is how many instants the simulator has run. With Now it says
// where a simulator stands between instants: an input (a create, a
// delete) made there is replayed there by ReplayTo.
func (s *Simulator) Steps() uint64 { return s.steps }

// ReplayTo brings a simulator built from the same configuration, and
// given the same inputs so far, to where another stood when it took its
// next input: steps instants run, the clock at at. The simulator being
// deterministic, it is then in the same state.
func (s *Simulator) ReplayTo(steps uint64, at time.Duration) {
	for s.steps < steps && s.Step() {
	}
	if s.now < at {
		s.now = at
	}
}

// RunUntil steps instant by instant until cond holds after an instant, or
// until the next instant would pass deadline; the clock then stands at
// deadline. cond is checked once before anything runs. It returns the time
// at which cond held and whether it did.
func (s *Simulator) RunUntil(deadline time.Duration, cond func() bool) (time.Duration, bool) {
	if cond != nil && cond() {
		return s.now, true
	}
	for {
		if at, ok := s.q.next(); !ok || at > deadline {
			break
		}
		s.Step()
		if cond != nil && cond() {
			return s.now, true
		}
	}
	if deadline > s.now {
		s.now = deadline
	}
	return s.now, cond != nil && cond()
}

// RunUntilShown is RunUntil whose cond is also asked after each pod
// status write, so that a state the API showed counts although a later
// write of the same instant replaced it. The kubelet writes a sync's
// status before the sync acts (kubelet.go SyncPod: generateAPIPodStatus,
// then the runtime's SyncPod), so what the sync did shows only at the
// next sync, a PLEG relist later (a second on kind): a restart after a
// crash-loop back-off shows the container waiting in CrashLoopBackOff
// until then (convertToAPIContainerStatuses, from the reason cache the
// back-off's sync filled), v1.36.3. With the relist's latency 0 here
// (pleg.go), both writes fall in one instant; the state between them is
// still one the API showed, as the STATUS column's record says.
func (s *Simulator) RunUntilShown(deadline time.Duration, cond func() bool) (time.Duration, bool) {
	shown := false
	s.api.shown = func() {
		if !shown && cond() {
			shown = true
		}
	}
	defer func() { s.api.shown = nil }()
	return s.RunUntil(deadline, func() bool { return shown || cond() })
}

// Settle runs until the scenario's activity has ended: only periodic work
// (probe ticks, resyncs) pending, and no probe about to change a result;
// or until limit has passed. It reports whether the limit was reached
// first.
func (s *Simulator) Settle(limit time.Duration) (time.Duration, bool) {
	at, _, capped := s.SettleUntil(limit, func() bool { return false })
	return at, capped
}

// SettleUntil is Settle that stops as soon as cond holds (checked before
// the first step and after each): an untimed expectation waits for its
// event, but no longer than the scenario's activity lasts. It reports
// where it stopped, whether cond held and whether the limit was reached.
func (s *Simulator) SettleUntil(limit time.Duration, cond func() bool) (time.Duration, bool, bool) {
	if cond() {
		return s.now, true, false
	}
	deadline := s.now + limit
	for s.q.nonPeriodic > 0 || !s.probesQuiet() {
		at, ok := s.q.next()
		if !ok {
			break
		}
		if at > deadline {
			s.now = deadline
			return s.now, false, true
		}
		s.Step()
		if cond() {
			return s.now, true, false
		}
	}
	return s.now, false, false
}

// probesQuiet: no probe worker of any pod is about to change a result.
// The worker found busy last is asked first: Settle asks at every
// instant where only periodic work is left, and a cluster of 100,000
// pods waiting for their readiness probes is still waiting on the same
// one, where a walk over every pod would find it only after those that
// are quiet.
func (s *Simulator) probesQuiet() bool {
	if pw := s.busyProbe; pw != nil && !pw.stopped && !pw.quiet() {
		return false
	}
	s.busyProbe = nil
	for _, k := range s.nodes {
		for _, w := range k.workers {
			for _, c := range w.rt.ctrs {
				for _, pw := range c.probes {
					if !pw.quiet() {
						s.busyProbe = pw
						return false
					}
				}
			}
		}
	}
	return true
}

// SetPodCondition sets a condition of a pod's status as a controller does,
// by a patch of the pod's status subresource (a load balancer controller
// setting its readiness gate's condition). The API server stores it; the
// kubelet, which keeps the conditions it does not own as the API has them
// (generateAPIPodStatus, pkg/kubelet/kubelet_pods.go), hears of the change
// through its watch and reconciles the pod's Ready condition with it.
//
// The condition's lastTransitionTime is kept while its status does not
// change, else set to now, as controllers do (the API server itself does
// not set it).
func (s *Simulator) SetPodCondition(name string, c corev1.PodCondition) error {
	p := s.api.pod(name)
	if p == nil {
		return apierrors.NewNotFound(podResource, name)
	}
	if isMirrorPod(p) {
		return fmt.Errorf("pod %q is a mirror pod: its status is its kubelet's", name)
	}
	if kubeletOwned(c.Type) {
		return fmt.Errorf("condition %s of pod %q is the kubelet's own", c.Type, name)
	}
	// ValidatePodStatusUpdate: a condition type is a qualified name, its
	// status one of three.
	if errs := validation.IsQualifiedName(string(c.Type)); len(errs) > 0 {
		return fmt.Errorf("condition type %q: %s", c.Type, strings.Join(errs, "; "))
	}
	switch c.Status {
	case corev1.ConditionTrue, corev1.ConditionFalse, corev1.ConditionUnknown:
	default:
		return fmt.Errorf("condition %s: status %q is not True, False or Unknown", c.Type, c.Status)
	}
	st := p.Status
	c.LastTransitionTime = transitionTime(&st, c, s.wall(s.now))
	setPodCondition(&st, c) // a new list: the stored one is shared
	s.api.updatePodStatus(name, p.UID, st)
	if k := s.byNode[p.Spec.NodeName]; k != nil && !k.down {
		s.soon(func() { k.podStatusChanged(p) })
	}
	return nil
}
