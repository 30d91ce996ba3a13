package live

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/retry"

	"github.com/google/go-containerregistry/pkg/name"

	"github.com/podlife/podlife/pkg/agent"
	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/judge"
	"github.com/podlife/podlife/pkg/printer"
	"github.com/podlife/podlife/pkg/timeline"
)

// Lateness is how long after a deadline RunUntil keeps listening for
// observations of what happened before it: a status update reaches
// podlife up to about a second after the fact (the kubelet's PLEG relists
// every second).
const Lateness = 1500 * time.Millisecond

// settleQuiet is how long Settle waits, once every pod is gone or
// terminal, for the last log lines and events.
const settleQuiet = 700 * time.Millisecond

// scene is one scenario's namespace and what was observed in it: the
// state the session's parts share (parts.go), the recorder they feed and
// the waits on it.
type scene struct {
	d     *Driver
	sc    driver.Scenario
	ns    string
	start time.Time

	ctx    context.Context // the watches' and followers' context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex
	changed chan struct{} // closed at every change
	rec     recorder
	pods    map[string]*podTrack // by scenario (= API) name
	counts  map[string]int32
	// nodeAlias maps scenario node names to the cluster's.
	nodeAlias map[string]string
	// classes maps scenario priority class names to the cluster's.
	classes map[string]string
	// manifests are the static pod manifests written on nodes.
	manifests []nodeFile
	// leases are the pool nodes the scenario holds, if it needs any, in
	// the order of its declared nodes.
	leases []*lease
	// home is the node the scenario's pods run on unless it leased pool
	// nodes: the cluster's node, or a skewed node of the kubelet version
	// the scenario asked for.
	home skewedNode
	// printOpts are the STATUS column's rules for this scenario: the API
	// server's, or, for a scenario that names a kubelet release alone (a
	// cluster of that release, dsl.md) running on a skewed node under a
	// newer API server, that release's (podlife's port of its printer:
	// printing is a pure function of the pod).
	printOpts printer.Options
	// disr is what the scenario made and saw of disruptions
	// (disruptions.go), wl of workloads (workloads.go).
	disr       disruptionState
	wl         workloadState
	configured bool
	closed     bool
	closeErr   error
	// lost is the first sign that the node lacks an image it cannot pull
	// (lostimage.go).
	lost *lostImage

	// The session's parts, each a view of this scene (parts.go).
	obs     *observers
	win     *windowPolicy
	pool    *nodePool
	kube    *nodeSide
	disrupt *disruptions
	power   *nodePower
	work    *workloads
	// judge is the session's timing policy (package judge).
	judge *judge.Judge
}

var (
	_ driver.Session            = (*session)(nil)
	_ driver.PodPrinter         = (*view)(nil)
	_ driver.PodConditionSetter = (*session)(nil)
	_ driver.Versioned          = (*session)(nil)
)

// scenarioPrinter is the STATUS column's rules for a scenario on a
// cluster whose API server prints with apiServer: a scenario that names a
// kubelet release alone means a cluster of that release (dsl.md, Tags),
// its printer included; one that names its control plane gets the API
// server's.
func scenarioPrinter(apiServer printer.Options, sc driver.Scenario) printer.Options {
	if sc.KubeletVersion == "" || sc.ControlPlaneVersion != "" {
		return apiServer
	}
	m, ok := minorNumber(sc.KubeletVersion)
	if !ok {
		return apiServer
	}
	return printer.ForMinor(m)
}

func (d *Driver) newSession(ctx context.Context, sc driver.Scenario, home skewedNode) (*session, error) {
	s := assemble(&scene{
		d: d, sc: sc, ns: namespaceName(sc.ID), home: home,
		changed: make(chan struct{}),
		pods:    map[string]*podTrack{}, counts: map[string]int32{},
		nodeAlias: map[string]string{}, classes: map[string]string{},
	})
	s.printOpts = scenarioPrinter(d.printOpts, sc)
	if err := d.ensureNamespace(ctx, s.ns, d.labels(labelValue(sc.ID))); err != nil {
		return nil, fmt.Errorf("creating namespace %s: %w", s.ns, err)
	}
	s.ctx, s.cancel = context.WithCancel(context.WithoutCancel(ctx))
	f := informers.NewSharedInformerFactoryWithOptions(d.cs, 0, informers.WithNamespace(s.ns))
	pods := f.Core().V1().Pods().Informer()
	evs := f.Core().V1().Events().Informer()
	_, _ = pods.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(o any) { s.obs.onPod(o, false) },
		UpdateFunc: func(_, o any) { s.obs.onPod(o, false) },
		DeleteFunc: func(o any) {
			if t, ok := o.(cache.DeletedFinalStateUnknown); ok {
				o = t.Obj
			}
			s.obs.onPod(o, true)
		},
	})
	_, _ = evs.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(o any) { s.obs.onEvent(o) },
		UpdateFunc: func(_, o any) { s.obs.onEvent(o) },
	})
	f.Start(s.ctx.Done())
	d.exits.subscribe(s.ctx, s.obs.onRuntimeExit)
	synced := f.WaitForCacheSync(ctx.Done())
	for _, ok := range synced {
		if !ok {
			s.cancel()
			_ = s.Close(context.WithoutCancel(ctx))
			return nil, fmt.Errorf("watching namespace %s: %w", s.ns, ctx.Err())
		}
	}
	s.wg.Add(1)
	go func() { defer s.wg.Done(); <-s.ctx.Done(); f.Shutdown() }()
	if needsPool(sc.Tags) {
		if err := s.pool.leaseNodes(ctx, 1); err != nil {
			_ = s.Close(context.WithoutCancel(ctx))
			return nil, err
		}
	}
	s.mu.Lock()
	s.start = time.Now()
	s.mu.Unlock()
	return s, nil
}

// Versions: the kubelet of the node the scenario's pods ran on (a leased
// pool node's is the cluster's) and the API server's.
func (s *session) Versions() (kubelet, controlPlane string) {
	return s.home.version, s.d.info.ControlPlane
}

// labelValue makes s a valid label value.
func labelValue(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	v := b.String()
	if len(v) > 63 {
		v = v[:63]
	}
	return strings.Trim(v, "-_.")
}

// at is a wall time as session time.
func (s *scene) at(t time.Time) time.Duration { return t.Sub(s.start) }

// record adds an event and wakes the waiters; callers hold s.mu.
func (s *scene) record(e timeline.Event) {
	s.rec.add(e)
	s.notify()
}

func (s *scene) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// defaultNode is the node the steps add when a scenario declares none
// (docs/language.md: 4 CPU, 8Gi memory, 110 pods); a live cluster maps it, or any
// one node of that shape, to its own node.
func isDefaultShape(n *corev1.Node) bool {
	c := n.Status.Capacity
	eq := func(name corev1.ResourceName, want string) bool {
		q, ok := c[name]
		return ok && q.Cmp(resource.MustParse(want)) == 0
	}
	if !eq(corev1.ResourceCPU, "4") || !eq(corev1.ResourceMemory, "8Gi") || !eq(corev1.ResourcePods, "110") {
		return false
	}
	// Nothing reserved, the default disk.
	for _, name := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		a, ok := n.Status.Allocatable[name]
		if ok && a.Cmp(c[name]) != 0 {
			return false
		}
	}
	return declaredDiskOf(n) == defaultNodeDisk
}

// declaredLabels are the labels a scenario declared on a node beyond
// those every declared node has (kubernetes.io/hostname and
// kubernetes.io/os, which the cluster's node has of its own).
func declaredLabels(n *corev1.Node) map[string]string {
	out := map[string]string{}
	for k, v := range n.Labels {
		if k != corev1.LabelHostname && k != corev1.LabelOSStable {
			out[k] = v
		}
	}
	return out
}

// Configure maps the scenario's node to the cluster's and creates its
// priority classes. Several nodes, another node size, taints or another
// kubelet version are beyond a live cluster: the scenario is skipped.
func (s *session) Configure(ctx context.Context, st driver.Setup) error {
	s.mu.Lock()
	if s.configured {
		s.mu.Unlock()
		return fmt.Errorf("the cluster was configured already")
	}
	s.configured = true
	s.mu.Unlock()
	if st.Shutdown != nil {
		return driver.Unsupported("%s", nodeShutdownWhyNot)
	}
	// A step's kubelet version (Given a kubelet of version …) must be the
	// one the session's node runs: the node was chosen at the start.
	if v := st.KubeletVersion; v != "" && minor(v) != minor(s.home.version) {
		if _, err := s.d.kubeletNode(v); err != nil {
			return err
		}
		return driver.Unsupported("the scenario asks for kubelet %s in a step, after it started on a node of kubelet %s: tag it @kubelet:%s", minor(v), s.home.version, minor(v))
	}
	// A scenario that changes its node, declares one of another size or
	// several nodes (among which the scheduler chooses) gets its own.
	own := st.Eviction != nil || len(st.Nodes) > 1 || len(st.PIDLimits) > 0 || st.Relabels || st.Retaints
	for _, n := range st.Nodes {
		own = own || len(n.Spec.Taints) > 0 || len(declaredLabels(n)) > 0 || !isDefaultShape(n)
	}
	if own || len(s.leases) > 0 {
		if err := s.pool.leaseNodes(ctx, max(1, len(st.Nodes))); err != nil {
			return err
		}
	}
	declared := make([]*corev1.Node, len(s.leases))
	for i, n := range st.Nodes {
		if len(s.leases) == 0 {
			s.nodeAlias[n.Name] = s.home.name
			continue
		}
		s.nodeAlias[n.Name] = s.leases[i].node
		declared[i] = n
	}
	for i, l := range s.leases {
		pids := int64(0)
		if declared[i] != nil {
			pids = st.PIDLimits[declared[i].Name]
		}
		if err := s.kube.configureKubelet(ctx, l, st.Eviction, declared[i], pids, st.Pressures); err != nil {
			return err
		}
		if declared[i] != nil {
			for _, t := range declared[i].Spec.Taints {
				if err := s.TaintNode(ctx, declared[i].Name, t, false); err != nil {
					return err
				}
			}
			labels := declaredLabels(declared[i])
			for _, k := range slices.Sorted(maps.Keys(labels)) {
				if err := s.LabelNode(ctx, declared[i].Name, k, labels[k], false); err != nil {
					return err
				}
			}
		}
	}
	for _, cm := range st.ConfigMaps {
		obj := cm.DeepCopy()
		obj.Namespace, obj.Labels = s.ns, s.d.labels(labelValue(s.sc.ID))
		if _, err := s.d.cs.CoreV1().ConfigMaps(s.ns).Create(ctx, obj, metav1.CreateOptions{}); err != nil {
			return fmt.Errorf("creating config map %q: %w", cm.Name, err)
		}
	}
	for _, sec := range st.Secrets {
		obj := sec.DeepCopy()
		obj.Namespace, obj.Labels = s.ns, s.d.labels(labelValue(s.sc.ID))
		if _, err := s.d.cs.CoreV1().Secrets(s.ns).Create(ctx, obj, metav1.CreateOptions{}); err != nil {
			return fmt.Errorf("creating secret %q: %w", sec.Name, err)
		}
	}
	for _, pc := range st.PriorityClasses {
		name := s.ns + "-" + pc.Name
		obj := &schedulingv1.PriorityClass{
			ObjectMeta:       metav1.ObjectMeta{Name: name, Labels: s.d.labels(labelValue(s.sc.ID))},
			Value:            pc.Value,
			PreemptionPolicy: pc.PreemptionPolicy,
			Description:      fmt.Sprintf("podlife scenario %s: %q", s.sc.ID, pc.Name),
		}
		if _, err := s.d.cs.SchedulingV1().PriorityClasses().Create(ctx, obj, metav1.CreateOptions{}); err != nil {
			return fmt.Errorf("creating priority class %q: %w", pc.Name, err)
		}
		s.classes[pc.Name] = name
	}
	return nil
}

// Apply creates the pod in the scenario's namespace: labelled, its node
// and priority class mapped to the cluster's, agent containers told their
// declared ports.
func (s *session) Apply(ctx context.Context, pod *corev1.Pod) error {
	p := pod.DeepCopy()
	name := p.Name
	if err := s.preparePod(p); err != nil {
		return err
	}
	tr := s.obs.track(name, p)
	var sent time.Time
	var created *corev1.Pod
	err := retry.OnError(saBackoff, noServiceAccountYet, func() (err error) {
		sent = time.Now()
		created, err = s.d.cs.CoreV1().Pods(s.ns).Create(ctx, p, metav1.CreateOptions{})
		return err
	})
	if err != nil {
		s.mu.Lock()
		delete(s.pods, name)
		s.mu.Unlock()
		return err
	}
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	tr.uid = created.UID
	// The API accepted it between the request and the answer: placed at the
	// request, so that what the watch reports comes after it.
	s.record(timeline.Event{At: s.at(sent), Pod: name, Kind: timeline.PodCreated})
	// The view has the pod from now on, whether or not the watch has
	// reported it yet. A watch that was faster may have reported a later
	// version already (a kubelet rejecting the pod within milliseconds):
	// the answer to the create is then older than what is known.
	if tr.obj == nil {
		s.obs.observe(tr, created, now, false)
	}
	return nil
}

// preparePod makes a scenario's pod (or a ReplicaSet's pod template) the
// cluster's: in the scenario's namespace, labelled, its node and priority
// class mapped to the cluster's, kept to the leased nodes if the scenario
// holds any, agent containers told their declared ports.
func (s *scene) preparePod(p *corev1.Pod) error {
	p.Namespace = s.ns
	p.ResourceVersion, p.UID = "", ""
	if p.Labels == nil {
		p.Labels = map[string]string{}
	}
	for k, v := range s.d.labels(labelValue(s.sc.ID)) {
		p.Labels[k] = v
	}
	if p.Spec.NodeName != "" {
		real, ok := s.nodeAlias[p.Spec.NodeName]
		if !ok {
			return driver.Unsupported("node %q is not on the live cluster", p.Spec.NodeName)
		}
		p.Spec.NodeName = real
	}
	if len(s.leases) > 0 {
		if err := s.pool.placeOnLease(p); err != nil {
			return err
		}
	} else if s.home.name != s.d.info.Node {
		s.pool.placeOnSkewed(p)
	}
	if v, ok := p.Spec.NodeSelector[corev1.LabelHostname]; ok {
		if real, ok := s.nodeAlias[v]; ok {
			p.Spec.NodeSelector[corev1.LabelHostname] = real
		}
	}
	if pc := p.Spec.PriorityClassName; pc != "" {
		if real, ok := s.classes[pc]; ok {
			p.Spec.PriorityClassName = real
		}
	}
	return s.prepareContainers(p)
}

// prepareContainers checks the images and tells agent containers their
// ports.
func (s *scene) prepareContainers(p *corev1.Pod) error {
	known := map[string]bool{normImage(behavior.Image): true}
	for _, img := range s.d.opt.Images {
		known[normImage(img)] = true
	}
	fix := func(cs []corev1.Container) error {
		for i := range cs {
			c := &cs[i]
			if err := imageBehavior(p, c); err != nil {
				return err
			}
			if len(s.d.opt.Images) > 0 && !behavior.Unpullable(c.Image) && pullsAlways(c) {
				return driver.Unsupported("container %q would pull %s from its registry at every start (imagePullPolicy Always), which this offline cluster cannot reach", c.Name, c.Image)
			}
			if c.Image == behavior.Image {
				s.rampMemory(p, c)
				var ports []string
				for _, cp := range c.Ports {
					ports = append(ports, strconv.Itoa(int(cp.ContainerPort)))
				}
				if len(ports) > 0 {
					c.Env = append(c.Env, corev1.EnvVar{Name: agent.PortsEnv, Value: strings.Join(ports, ",")})
				}
				continue
			}
			if behavior.Unpullable(c.Image) {
				continue // its pull is meant to fail, and does
			}
			if len(s.d.opt.Images) > 0 && !known[normImage(c.Image)] {
				return driver.Unsupported("container %q runs image %s, which this offline cluster does not have (podlife loads %s)",
					c.Name, c.Image, strings.Join(append([]string{behavior.Image}, s.d.opt.Images...), ", "))
			}
		}
		return nil
	}
	if err := fix(p.Spec.InitContainers); err != nil {
		return err
	}
	return fix(p.Spec.Containers)
}

// rampMemory has an agent's declared memory in use at its declared time:
// a machine here faults fresh memory in at 70-200 MB/s, gigabytes take
// tens of seconds, and an eviction pass meanwhile would rank the pods by
// half-filled usage where the simulator's usage is there at once. The
// agent begins that much earlier (rampFor: other pods may fill at the
// same time), paced to finish at the declared time (behavior.Usage.Ramp). Not where the usage reaches a
// memory limit: the OOM kill would then come before the declared time,
// on the way up.
//
// Usage that grows point by point is ramped point by point: each rise
// over the ramp its own bytes take, within the time since the point
// before (the agent takes the points in turn); a fall is made at its
// time.
func (s *scene) rampMemory(p *corev1.Pod, c *corev1.Container) {
	b, err := behavior.Parse(c.Args)
	if err != nil || len(b.Memory) == 0 {
		return
	}
	var prev time.Duration
	var level int64
	for i := range b.Memory {
		u := &b.Memory[i]
		rise := u.Quantity.Value() - level
		gap := u.After - prev
		prev, level = u.After, u.Quantity.Value()
		if u.After < statsWarmup || rise <= 0 {
			continue
		}
		for _, lim := range []*resource.Quantity{c.Resources.Limits.Memory(), podMemoryLimit(p)} {
			if lim != nil && !lim.IsZero() && u.Quantity.Value() >= lim.Value() {
				c.Args = b.Args()
				return
			}
		}
		u.Ramp = min(gap, rampFor(rise, s.d.fillTime(rise)))
	}
	c.Args = b.Args()
}

// statsWarmup is how long after its start a pod may have no statistics
// yet (cAdvisor's housekeeping, 10-15 s): the eviction manager ranks a
// pod without any first (pkg/kubelet/eviction/helpers.go,
// exceedMemoryRequests: "prioritize evicting the pod for which no stats
// were found"), so memory ramped in to cross a threshold sooner than that
// has the kubelet evict the quiet pod beside it (memory.feature:40,
// 2026-11-29: "uses 950Mi after 5s", ramped, evicted "quiet" at 5.8 s).
// Memory due that early is faulted in from its time, as before.
const statsWarmup = 20 * time.Second

// slowestFill is the slowest rate at which memory faults in here when
// several pods fill theirs at once (20 MB/s; 70-200 MB/s alone): the last
// measured rate may be a quiet moment's. 2026-11-29, two fills of 3Gi at
// the run's start: with twice the last rate as the ramp, one ended 2.3 s
// late.
const slowestFill = 20e6

// rampFor is how long before its time an agent begins to fault bytes in:
// three times the measured fill time, and no less than the slowest
// rate's, with a margin.
func rampFor(bytes int64, fill time.Duration) time.Duration {
	slowest := time.Duration(float64(bytes) / slowestFill * float64(time.Second))
	return max(3*fill, slowest) + 2*time.Second
}

// podMemoryLimit is a pod-level memory limit, if the pod sets one.
func podMemoryLimit(p *corev1.Pod) *resource.Quantity {
	if p.Spec.Resources == nil {
		return nil
	}
	return p.Spec.Resources.Limits.Memory()
}

// imageBehavior refuses behaviour steps on an image container (the
// steps' annotation, behavior.Annotation): a cluster runs the image as
// written, and only the agent takes a behaviour (dsl.md, "Defaults").
func imageBehavior(p *corev1.Pod, c *corev1.Container) error {
	if _, shaped := p.Annotations[behavior.Annotation(c.Name)]; !shaped || c.Image == behavior.Image {
		return nil
	}
	return driver.Unsupported("container %q runs image %s, which a cluster runs as written: the scenario's behaviour steps on it (exits, SIGTERM handling, probe answers, memory) shape only agent containers (no image:) there; the simulator runs them", c.Name, c.Image)
}

// pullsAlways tells whether the kubelet asks the registry at every start:
// policy Always, or no policy and the tag latest or none.
func pullsAlways(c *corev1.Container) bool {
	switch c.ImagePullPolicy {
	case corev1.PullAlways:
		return true
	case corev1.PullNever, corev1.PullIfNotPresent:
		return false
	}
	r, err := name.ParseReference(c.Image)
	if err != nil {
		return false
	}
	if t, ok := r.(name.Tag); ok {
		return t.TagStr() == "latest"
	}
	return false // a digest
}

// normImage is an image reference in full ("busybox:1.36" is
// index.docker.io/library/busybox:1.36).
func normImage(ref string) string {
	r, err := name.ParseReference(ref)
	if err != nil {
		return ref
	}
	return r.Name()
}

// SetPodCondition sets a condition of the pod's status as a controller
// does: a strategic merge patch of the status subresource, merged into the
// conditions by type. Its lastTransitionTime is kept while its status
// does not change, else set to now.
func (s *session) SetPodCondition(ctx context.Context, name string, c corev1.PodCondition) error {
	s.mu.Lock()
	t, known := s.pods[name]
	var cur *corev1.Pod
	if known {
		cur = t.obj
	}
	s.mu.Unlock()
	if !known {
		return fmt.Errorf("pod %q was not created", name)
	}
	if t.static {
		return driver.Unsupported("pod %q is a static pod: its status is its kubelet's", name)
	}
	c.LastTransitionTime = metav1.NewTime(time.Now())
	if cur != nil {
		for _, o := range cur.Status.Conditions {
			if o.Type == c.Type && o.Status == c.Status && !o.LastTransitionTime.IsZero() {
				c.LastTransitionTime = o.LastTransitionTime
			}
		}
	}
	patch, err := conditionPatch(c)
	if err != nil {
		return err
	}
	_, err = s.d.cs.CoreV1().Pods(s.ns).Patch(ctx, t.api, types.StrategicMergePatchType, patch, metav1.PatchOptions{}, "status")
	return err
}

// conditionPatch is the strategic merge patch that sets one condition.
func conditionPatch(c corev1.PodCondition) ([]byte, error) {
	cond := map[string]any{"type": c.Type, "status": c.Status, "lastTransitionTime": c.LastTransitionTime}
	if c.Reason != "" {
		cond["reason"] = c.Reason
	}
	if c.Message != "" {
		cond["message"] = c.Message
	}
	return json.Marshal(map[string]any{"status": map[string]any{"conditions": []any{cond}}})
}

// Delete deletes a pod with the API's options.
func (s *session) Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error {
	s.mu.Lock()
	t, known := s.pods[name]
	var attached []chan struct{}
	if known {
		attached = t.following()
	}
	s.mu.Unlock()
	if !known {
		return fmt.Errorf("pod %q was not created", name)
	}
	if err := awaitAttached(ctx, attached); err != nil {
		return err
	}
	err := s.d.cs.CoreV1().Pods(s.ns).Delete(ctx, t.api, opts)
	now := time.Now()
	if err != nil {
		return err
	}
	if g := opts.GracePeriodSeconds; g != nil && *g == 0 {
		// Removed at once: no update carries the grace; record it here.
		s.mu.Lock()
		if t.grace == nil || *t.grace != 0 {
			zero := int64(0)
			t.grace, t.deleteAt = &zero, s.at(now)
			s.record(timeline.Event{At: s.at(now), Pod: name, Kind: timeline.DeleteRequested, Code: 0, Message: "deletionGracePeriodSeconds=0"})
		}
		s.mu.Unlock()
	}
	s.deletionSeen(ctx, name)
	return nil
}

// deletionWait bounds how long an accepted delete waits for the
// scenario's own watch to show it (a watch delivery: tens of
// milliseconds, a second on a loaded machine).
const deletionWait = 5 * time.Second

// deletionSeen waits, deletionWait at most, until the scenario's own
// watch shows the deletion the API server has just accepted (the pod's
// deletionTimestamp, or the object gone): the steps after an action read
// that view, and one read before the watch delivered the delete saw the
// pod as if it had not been made (quota.feature:80 on a loaded machine,
// 2026-11-29: an evicted pod counted Ready and not deleted 45 ms after
// the eviction was accepted). t=0 was placed before the request; this
// moves nothing but the step's return.
func (s *scene) deletionSeen(ctx context.Context, name string) {
	_, seen, _ := s.RunUntil(ctx, s.Now()+deletionWait, func(v driver.View) bool {
		p := v.Pod(name)
		return p == nil || p.DeletionTimestamp != nil
	})
	if !seen {
		s.d.debugf("%s: its delete not seen through the watch after %s", name, deletionWait)
	}
}

// following lists the attach signals of the pod's running agents whose
// logs are followed; callers hold s.mu.
func (t *podTrack) following() []chan struct{} {
	var attached []chan struct{}
	for _, c := range t.ctrs {
		for _, in := range c.insts {
			if c.agent && in.followed && !in.finished && in.exit == nil {
				attached = append(attached, in.attached)
			}
		}
	}
	return attached
}

var _ driver.Flusher = (*session)(nil)

// flushWait bounds Flush: an agent's first line comes within
// milliseconds of its log being attached.
const flushWait = 2 * time.Second

// Flush waits until the log of every agent that runs has been attached
// and its start line read, up to flushWait.
func (s *session) Flush(ctx context.Context) {
	deadline := time.Now().Add(flushWait)
	for {
		s.mu.Lock()
		pending := false
		for _, t := range s.pods {
			for _, c := range t.ctrs {
				for _, in := range c.insts {
					if c.agent && in.followed && !in.finished && !in.started && !in.logEnded {
						pending = true
					}
				}
			}
		}
		ch := s.changed
		s.mu.Unlock()
		if !pending || time.Now().After(deadline) {
			return
		}
		select {
		case <-ch:
		case <-time.After(100 * time.Millisecond):
		case <-ctx.Done():
			return
		}
	}
}

// awaitAttached waits, up to attachWait, until each running agent's log
// is being read: once a pod is gone from the API its logs cannot be asked
// for, so a delete (or an eviction) waits for this first.
func awaitAttached(ctx context.Context, attached []chan struct{}) error {
	timeout := time.After(attachWait)
	for _, ch := range attached {
		select {
		case <-ch:
		case <-timeout:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// Now is the wall time since the session started.
func (s *scene) Now() time.Duration { return time.Since(s.start) }

// view is what RunUntil's condition sees.
type view struct {
	s      *scene
	frozen bool
	at     time.Duration // a frozen view's time (driver.Dated)
	pods   map[string]*corev1.Pod
	tl     []timeline.Event
}

func (v *view) Pod(name string) *corev1.Pod { return v.pods[name] }

// At is the time a frozen view stood at (driver.Dated); a view of the
// present, the scene's now.
func (v *view) At() time.Duration {
	if v.frozen {
		return v.at
	}
	return v.s.Now()
}

func (v *view) Node(name string) *corev1.Node {
	real, ok := v.s.nodeAlias[name]
	if !ok {
		if name != v.s.home.name {
			return nil
		}
		real = name
	}
	n, err := v.s.d.cs.CoreV1().Nodes().Get(context.Background(), real, metav1.GetOptions{})
	if err != nil {
		return nil
	}
	n.Name = name
	return n
}

// PrintPod prints the pod as `kubectl get pods` does: the API server's
// own table (STATUS, READY, RESTARTS) for the pod as it is now, or, for
// the pods as they stood at a deadline or for a scenario whose release's
// printer is not the API server's (scenarioPrinter), podlife's port of
// the printer.
func (v *view) PrintPod(name string) (printer.Columns, bool) {
	p := v.pods[name]
	if p == nil {
		return printer.Columns{}, false
	}
	if v.frozen || v.s.printOpts != v.s.d.printOpts {
		return printer.Pod(p, time.Now(), v.s.printOpts), true
	}
	c, err := printPod(v.s.d, v.s.ns, name)
	if err != nil {
		return printer.Pod(p, time.Now(), v.s.printOpts), true
	}
	return c, true
}

func (v *view) Timeline() []timeline.Event { return v.tl }

// snapshot is the view now, or as of limit (session time) with the
// pods as they were then when asOf is set.
func (s *scene) snapshot(limit time.Duration, asOf map[string]*corev1.Pod) *view {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := &view{s: s, tl: s.rec.snapshot(limit)}
	if asOf != nil {
		v.pods, v.frozen, v.at = asOf, true, limit
	} else {
		v.pods = s.podsNow()
	}
	return v
}

// podsNow maps the scenario's pods to their API objects (gone: absent),
// with the cluster's node names as the scenario's (a pod scheduled or
// nominated to the leased node is on "worker-1").
func (s *scene) podsNow() map[string]*corev1.Pod {
	return s.podsBy(func(t *podTrack) *corev1.Pod {
		if t.gone {
			return nil
		}
		return t.obj
	})
}

// podsBy maps the scenario's pods to the version of each that pick
// chooses (nil: absent), with the scenario's node names.
func (s *scene) podsBy(pick func(*podTrack) *corev1.Pod) map[string]*corev1.Pod {
	out := map[string]*corev1.Pod{}
	back := map[string]string{}
	for alias, real := range s.nodeAlias {
		if prev, ok := back[real]; !ok || alias < prev {
			back[real] = alias
		}
	}
	for name, t := range s.pods {
		p := pick(t)
		if p == nil {
			continue
		}
		node, onAlias := back[p.Spec.NodeName]
		nominated, nomAlias := back[p.Status.NominatedNodeName]
		if onAlias || nomAlias {
			cp := *p
			if onAlias {
				cp.Spec.NodeName = node
			}
			if nomAlias {
				cp.Status.NominatedNodeName = nominated
			}
			p = &cp
		}
		out[name] = p
	}
	return out
}

// View is the current state.
func (s *scene) View() driver.View { return s.snapshot(-1, nil) }

var _ driver.History = (*session)(nil)

// ViewsBetween is the pods as observed at from, then after each change
// observed up to to. A version counts from its watch delivery, as a poll
// of the present would have seen it.
func (s *scene) ViewsBetween(from, to time.Duration) []driver.View {
	s.mu.Lock()
	times := []time.Duration{from}
	for _, t := range s.pods {
		for _, v := range t.seen {
			if v.at > from && v.at <= to {
				times = append(times, v.at)
			}
		}
	}
	s.mu.Unlock()
	slices.Sort(times)
	times = slices.Compact(times)
	out := make([]driver.View, 0, len(times))
	for _, at := range times {
		s.mu.Lock()
		pods := s.podsBy(func(t *podTrack) *corev1.Pod { return t.asOf(at) })
		s.mu.Unlock()
		out = append(out, s.snapshot(at, pods))
	}
	return out
}

// RunUntil waits on the wall clock until cond holds or deadline passes.
// Observations arrive late (a status update up to about a second after
// the fact): past the deadline it keeps listening for Lateness, judging
// cond on what happened up to the deadline, with the pods as they were
// at the deadline.
func (s *scene) RunUntil(ctx context.Context, deadline time.Duration, cond func(driver.View) bool) (time.Duration, bool, error) {
	var frozen map[string]*corev1.Pod
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		now := s.Now()
		if cond != nil {
			if frozen == nil {
				if cond(s.snapshot(-1, nil)) {
					return now, true, nil
				}
			} else if cond(s.snapshot(deadline, frozen)) {
				return deadline, true, nil
			}
		}
		if now >= deadline {
			if cond == nil {
				return deadline, false, nil
			}
			if frozen == nil {
				s.mu.Lock()
				frozen = s.podsNow()
				s.mu.Unlock()
				continue
			}
			if now >= deadline+Lateness {
				return deadline, false, nil
			}
		}
		wake := deadline - now
		if now >= deadline {
			wake = deadline + Lateness - now
		}
		timer := time.NewTimer(wake)
		select {
		case <-ctx.Done():
			timer.Stop()
			return s.Now(), false, ctx.Err()
		case <-ch:
		case <-timer.C:
		}
		timer.Stop()
	}
}

// Settle waits until every pod of the scenario is gone or terminal and
// the last observations have come in, or until every pod is gone,
// terminal or steady (steady.go) and nothing new came for the quiet
// period, or until limit has passed.
func (s *session) Settle(ctx context.Context, limit time.Duration) (time.Duration, bool, error) {
	at, _, capped, err := s.SettleUntil(ctx, limit, nil)
	return at, capped, err
}

// SettleUntil is Settle that also ends as soon as cond holds (held): a
// step whose verdict can no longer change need not wait for a crash
// loop's activity to reach the limit.
func (s *session) SettleUntil(ctx context.Context, limit time.Duration, cond func(driver.View) bool) (time.Duration, bool, bool, error) {
	deadline := s.Now() + limit
	steadyFrom, seen := time.Duration(-1), -1
	held := func(v driver.View) bool { return cond != nil && cond(v) }
	for {
		// A change, or a second: steadiness also comes with time (a
		// behaviour's last timed action passing).
		_, done, err := s.RunUntil(ctx, min(s.Now()+time.Second, deadline), func(v driver.View) bool { return held(v) || s.allEnded(time.Time{}) })
		if err != nil {
			return s.Now(), false, false, err
		}
		if held(s.View()) {
			return s.Now(), true, false, nil
		}
		if done {
			at, _, err := s.lastObservations(ctx, deadline)
			return at, false, false, err
		}
		now := s.Now()
		if now >= deadline {
			s.d.debugf("%s: not settled at the limit (%s)", s.ns, now)
			return now, false, true, nil
		}
		s.mu.Lock()
		n := s.rec.kinds()
		s.mu.Unlock()
		quiet, useSteady := s.steadyQuiet()
		switch {
		case !useSteady || !s.allEnded(time.Now()):
			steadyFrom = -1
		case steadyFrom < 0 || n != seen:
			steadyFrom, seen = now, n
		case now-steadyFrom >= quiet:
			s.d.debugf("%s: steady from %s, nothing new for %s", s.ns, steadyFrom, quiet)
			return now, false, false, nil
		}
	}
}

// allEnded says whether every pod is gone or terminal (with its
// containers stopped and no deletion to come) and no agent still runs;
// with a time, steady pods count too.
func (s *session) allEnded(now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range s.pods {
		// An agent still running on the node (its pod force-deleted
		// from the API, say) is activity still going on.
		if t.gone {
			for _, c := range t.ctrs {
				for _, in := range c.insts {
					if c.agent && in.followed && !in.finished && in.exit == nil && !in.logEnded {
						return false
					}
				}
			}
			continue
		}
		if !now.IsZero() && t.steady(now) {
			continue
		}
		for _, c := range t.ctrs {
			for _, in := range c.insts {
				if c.agent && in.followed && !in.finished && in.exit == nil && !in.logEnded {
					return false
				}
			}
		}
		if t.obj == nil {
			return false
		}
		if ph := t.obj.Status.Phase; ph != corev1.PodSucceeded && ph != corev1.PodFailed {
			return false
		}
		// A terminal pod being deleted still has its deletion to come.
		if t.obj.DeletionTimestamp != nil {
			return false
		}
		// A terminal pod whose containers still run (sidecars being
		// stopped) is not settled yet.
		for _, list := range [][]corev1.ContainerStatus{t.obj.Status.InitContainerStatuses, t.obj.Status.ContainerStatuses} {
			for _, cs := range list {
				if cs.State.Running != nil {
					return false
				}
			}
		}
	}
	return true
}

// lastObservations waits, the pods ended, for the last log lines and
// events: until nothing new comes for a moment.
func (s *session) lastObservations(ctx context.Context, deadline time.Duration) (time.Duration, bool, error) {
	for {
		s.mu.Lock()
		n := len(s.rec.events)
		s.mu.Unlock()
		select {
		case <-ctx.Done():
			return s.Now(), false, ctx.Err()
		case <-time.After(settleQuiet):
		}
		s.mu.Lock()
		m := len(s.rec.events)
		s.mu.Unlock()
		if m == n || s.Now() >= deadline {
			return s.Now(), false, nil
		}
	}
}

// Close stops the watches and deletes what the session created: its
// pods (at once), its namespace and its priority classes, each only if it
// carries the run's label. The wait for the namespace to go, and the
// return of the nodes it leased, are the driver's reaper's (Reaped
// reports a namespace stuck in Terminating with the objects left in it,
// or a node not given back), but for a scenario whose leased node broke
// or whose node changes could not be undone: those wait here, so that
// the scenario carries the fault.
func (s *session) Close(ctx context.Context) error {
	s.mu.Lock()
	if s.closed {
		err := s.closeErr
		s.mu.Unlock()
		return err
	}
	s.closed = true
	s.mu.Unlock()
	if s.cancel != nil {
		s.cancel()
	}
	// A scenario that held no pool node and placed no static pod leaves
	// nothing on a node that waits for its namespace to go.
	s.mu.Lock()
	onItsOwn := len(s.leases) == 0 && len(s.manifests) == 0
	s.mu.Unlock()
	// Static pods first: while its manifest is on the node, the kubelet
	// runs the pod whatever happens to its namespace.
	merr := errors.Join(s.power.restoreAll(context.WithoutCancel(ctx)), s.kube.restartStopped(context.WithoutCancel(ctx)), s.kube.removeManifests(context.WithoutCancel(ctx)))
	del := s.d.deleteScenario
	if onItsOwn {
		del = s.d.deleteScenarioLater
	}
	var err error
	if onItsOwn || s.pool.broken() != nil || merr != nil {
		err = errors.Join(merr, del(ctx, s.ns, labelValue(s.sc.ID)))
		// The leased node goes back once the scenario's pods are gone.
		err = errors.Join(err, s.pool.release(context.WithoutCancel(ctx)))
	} else {
		// The leased nodes go back once the scenario's pods are gone, in
		// the background (the reaper): the namespace controller's 5 s and
		// a kubelet restarted to its own configuration (5 s) were spent on
		// every node-level scenario's wall time, 7.8 s each in the run of
		// 2026-11-29 20:57, where the next scenario needs only the node,
		// which stays leased until it is back. A node that broke under
		// the scenario is returned here, so that the scenario is the
		// error it is; a failure later is the run's (Reaped), naming the
		// scenario.
		ns, id := s.ns, labelValue(s.sc.ID)
		s.d.reap.later(func(ctx context.Context) error {
			err := errors.Join(s.d.deleteScenario(ctx, ns, id), s.pool.release(ctx))
			if err != nil {
				return fmt.Errorf("after scenario %s (namespace %s): %w", s.sc.ID, ns, err)
			}
			return nil
		})
	}
	s.wg.Wait()
	err = errors.Join(s.lostImageFault(context.WithoutCancel(ctx)), err)
	s.mu.Lock()
	s.closeErr = err
	s.mu.Unlock()
	return err
}

var errStuck = errors.New("stuck in Terminating")

// ignoreNotFound drops NotFound errors.
func ignoreNotFound(err error) error {
	if apierrors.IsNotFound(err) {
		return nil
	}
	return err
}

// A namespace's default ServiceAccount comes from the controller
// manager's service account controller a moment after the namespace; a
// pod created before it is refused by the ServiceAccount admission
// plugin ("error looking up service account …: serviceaccount \"default\"
// not found"), before anything of it exists. On a loaded machine that
// moment grew past the scenario's first action (kind, 2026-12-02 06:53:
// two scenarios failed so at their first pod): the create is made again,
// as the e2e framework waits for the account first
// (WaitForDefaultServiceAccountInNamespace).
var saBackoff = wait.Backoff{Duration: 100 * time.Millisecond, Factor: 2, Steps: 8}

// noServiceAccountYet tells the admission's refusal for a missing
// service account.
func noServiceAccountYet(err error) bool {
	return apierrors.IsForbidden(err) && strings.Contains(err.Error(), "error looking up service account") && strings.Contains(err.Error(), "not found")
}
