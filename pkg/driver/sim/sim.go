// Package sim runs scenarios on the in-process simulator of pkg/sim: exact
// virtual time, every capability, a fresh simulator per session.
package sim

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/printer"
	"github.com/podlife/podlife/pkg/sim"
	"github.com/podlife/podlife/pkg/timeline"
)

// Driver is the simulator driver.
type Driver struct {
	// The simulator's lack of a capability is its name's whole story.
	driver.Plain
}

// New returns the simulator driver.
func New() *Driver { return &Driver{} }

var (
	_ driver.Driver = (*Driver)(nil)
	_ driver.Linter = (*Driver)(nil)
	_ driver.Nodes  = (*session)(nil)
)

// Name is "sim".
func (*Driver) Name() string { return "sim" }

// Capabilities: the simulator can do everything a scenario may ask.
func (*Driver) Capabilities() driver.Capabilities {
	return driver.NewCapabilities(driver.AllCapabilities()...)
}

// Tolerance is 0: virtual time is exact.
func (*Driver) Tolerance() time.Duration { return 0 }

// LintPod reports what the simulator cannot run.
func (*Driver) LintPod(p *corev1.Pod) error { return sim.CheckPod(p) }

// Assumptions says what the simulator assumes about a pod's images and
// commands it cannot run (sim.Assumptions).
func (*Driver) Assumptions(p *corev1.Pod) []string { return sim.Assumptions(p) }

// Flush: the simulator's timeline is its own, with nothing to catch up on.
func (s *session) Flush(context.Context) {}

// Versions: a simulated scenario's result names its kubelet profile
// elsewhere; no cluster's versions to report.
func (s *session) Versions() (kubelet, controlPlane string) { return "", "" }

// Start builds a fresh simulator for the scenario.
func (*Driver) Start(_ context.Context, sc driver.Scenario) (driver.Session, error) {
	cfg := sim.Config{Seed: sc.Seed, Namespace: "podlife", KubeletVersion: sc.KubeletVersion, ControlPlaneVersion: sc.ControlPlaneVersion}
	s, err := sim.New(cfg)
	if err != nil {
		return nil, driver.Unsupported("%v", err)
	}
	return &session{sim: s, cfg: cfg}, nil
}

type session struct {
	sim        *sim.Simulator
	cfg        sim.Config
	configured bool
	// names maps a static pod's scenario name to its mirror pod's API name.
	names map[string]string
	// inputs are what the scenario did to the simulator, in order, each
	// where the simulator stood (Rewind replays them).
	inputs []input
	// reached is the furthest the session ran since its last input,
	// before a Rewind took it back (Reach).
	reached time.Duration
}

// input is one thing the scenario did to the simulator: apply does it
// again, on copies of its arguments, on whatever simulator the session
// holds.
type input struct {
	steps uint64
	at    time.Duration
	apply func() error
	// refused is the API's answer when the input was refused (an
	// eviction a budget refused, a pod the API rejected): a replay meets
	// the same refusal, which is no fault of the replay.
	refused string
}

// do records an input where the simulator stands and carries it out.
// What the session ran to before the input is no longer its future.
func (s *session) do(apply func() error) error {
	s.inputs = append(s.inputs, input{steps: s.sim.Steps(), at: s.sim.Now(), apply: apply})
	s.reached = 0
	err := apply()
	if err != nil {
		s.inputs[len(s.inputs)-1].refused = err.Error()
	}
	return err
}

var (
	_ driver.Rewinder = (*session)(nil)
	_ driver.Past     = (*session)(nil)
)

// Rewind brings the session back to t, before the current instant: a
// fresh simulator of the same seed is given the same inputs at the same
// places, then runs to t. Deterministic, it is then where the first one
// was at t (every event up to t included), and goes on as it would have.
// The steps need it when the scenario's current time stayed behind while
// an untimed expectation ran the simulator on, and an action comes.
func (s *session) Rewind(_ context.Context, t time.Duration) error {
	if t >= s.sim.Now() {
		return nil
	}
	reached := max(s.reached, s.sim.Now())
	back, err := s.replay(t)
	if err != nil {
		return err
	}
	s.reached = reached
	s.sim, s.inputs, s.names, s.configured = back.sim, back.inputs, back.names, back.configured
	return nil
}

var _ driver.Reacher = (*session)(nil)

// Reach runs the session on to the furthest it ran since its last input:
// the steps go back to the scenario's current time to read and to wait
// from it, and the report's timeline shows everything a step saw.
func (s *session) Reach(ctx context.Context) error {
	if s.reached > s.sim.Now() {
		s.sim.RunUntil(s.reached, nil)
	}
	return ctx.Err()
}

// At is the cluster as it stood at t (every event of that instant
// included), to be read: before where the session stands, a replay as
// Rewind's, kept apart, so that the session stays where it has run to
// and its timeline keeps what it saw; at or after it, the session itself
// run on to t (deterministic, it meets the same future).
func (s *session) At(_ context.Context, t time.Duration) (driver.Session, error) {
	if t >= s.sim.Now() {
		s.sim.RunUntil(t, nil)
		return s, nil
	}
	return s.replay(t)
}

// replay is the session as it stood at t, before the current instant, on
// a fresh simulator of the same seed given the same inputs at the same
// places; the session itself is left as it was.
func (s *session) replay(t time.Duration) (*session, error) {
	if n := len(s.inputs); n > 0 && s.inputs[n-1].at > t {
		return nil, &driver.BeforeAction{To: t, At: s.inputs[n-1].at}
	}
	fresh, err := sim.New(s.cfg)
	if err != nil {
		return nil, err
	}
	// The inputs act on whatever simulator the session holds (their
	// closures hold the session): the fresh one takes its place while
	// they are replayed.
	old, oldInputs, oldNames, oldConfigured, oldReached := s.sim, s.inputs, s.names, s.configured, s.reached
	defer func() {
		s.sim, s.inputs, s.names, s.configured, s.reached = old, oldInputs, oldNames, oldConfigured, oldReached
	}()
	s.sim, s.inputs, s.names, s.configured = fresh, nil, nil, false
	for _, in := range oldInputs {
		if in.at > t {
			return nil, fmt.Errorf("internal: an input at %s lies after the replay to %s", in.at, t)
		}
		s.sim.ReplayTo(in.steps, in.at)
		if s.sim.Steps() != in.steps || s.sim.Now() != in.at {
			return nil, fmt.Errorf("internal: the replay reached instant %d at %s where the input was made at instant %d, %s", s.sim.Steps(), s.sim.Now(), in.steps, in.at)
		}
		// Deterministic, the replay answers as the first run did: the
		// same refusal is the input replayed, another answer a fault.
		if err := s.do(in.apply); (err == nil) != (in.refused == "") || (err != nil && err.Error() != in.refused) {
			return nil, fmt.Errorf("internal: replaying an input at %s answered %v where it first answered %q", in.at, err, in.refused)
		}
	}
	s.sim.RunUntil(t, nil)
	return &session{sim: s.sim, cfg: s.cfg, configured: s.configured, names: s.names, inputs: s.inputs}, nil
}

// apiName is the API name of a pod named in the scenario.
func (s *session) apiName(name string) string {
	if n, ok := s.names[name]; ok {
		return n
	}
	return name
}

func (s *session) Configure(_ context.Context, st driver.Setup) error {
	if s.configured {
		return fmt.Errorf("the cluster was configured already")
	}
	st = copySetup(st)
	return s.do(func() error { return s.configure(copySetup(st)) })
}

// copySetup copies what the simulator may keep of a setup.
func copySetup(st driver.Setup) driver.Setup {
	out := st
	out.Nodes, out.PriorityClasses, out.ConfigMaps, out.Secrets = nil, nil, nil, nil
	out.PIDLimits = maps.Clone(st.PIDLimits)
	if sh := st.Shutdown; sh != nil {
		c := *sh
		out.Shutdown = &c
	}
	for _, n := range st.Nodes {
		out.Nodes = append(out.Nodes, n.DeepCopy())
	}
	for _, pc := range st.PriorityClasses {
		out.PriorityClasses = append(out.PriorityClasses, pc.DeepCopy())
	}
	for _, cm := range st.ConfigMaps {
		out.ConfigMaps = append(out.ConfigMaps, cm.DeepCopy())
	}
	for _, sec := range st.Secrets {
		out.Secrets = append(out.Secrets, sec.DeepCopy())
	}
	return out
}

func (s *session) configure(st driver.Setup) error {
	s.configured = true
	if st.KubeletVersion != "" || st.ControlPlaneVersion != "" {
		cp := st.ControlPlaneVersion
		if cp == "" {
			cp = s.cfg.ControlPlaneVersion // the scenario's @control-plane tag
		}
		if err := s.sim.SetVersions(st.KubeletVersion, cp); err != nil {
			return driver.Unsupported("%v", err)
		}
	}
	if st.NodesAreTheCluster {
		s.sim.SetNodesAreTheCluster()
	}
	if sh := st.Shutdown; sh != nil {
		if err := s.sim.SetShutdownConfig(sh.GracePeriod, sh.GracePeriodCriticalPods); err != nil {
			return err
		}
	}
	if e := st.Eviction; e != nil {
		if err := s.sim.SetEvictionConfig(*e); err != nil {
			return err
		}
	}
	for _, pc := range st.PriorityClasses {
		if err := s.sim.AddPriorityClass(pc); err != nil {
			return err
		}
	}
	for _, n := range st.Nodes {
		if err := s.sim.AddNode(n); err != nil {
			return err
		}
		if limit, ok := st.PIDLimits[n.Name]; ok {
			if err := s.sim.SetNodePIDLimit(n.Name, limit); err != nil {
				return err
			}
		}
	}
	for _, cm := range st.ConfigMaps {
		if err := s.sim.AddConfigMap(cm); err != nil {
			return err
		}
	}
	for _, sec := range st.Secrets {
		if err := s.sim.AddSecret(sec); err != nil {
			return err
		}
	}
	return nil
}

// KillSandbox makes the pod's sandbox die.
func (s *session) KillSandbox(_ context.Context, pod string) error {
	return s.do(func() error { return s.sim.LoseSandbox(s.apiName(pod)) })
}

// SetPodCondition sets a pod condition as a controller would (a readiness
// gate's).
func (s *session) SetPodCondition(_ context.Context, pod string, c corev1.PodCondition) error {
	c = *c.DeepCopy()
	return s.do(func() error { return s.sim.SetPodCondition(s.apiName(pod), *c.DeepCopy()) })
}

var (
	_ driver.PodSpecUpdater      = (*session)(nil)
	_ driver.PodFinalizerRemover = (*session)(nil)
)

// RemoveFinalizer patches a pod's metadata.finalizers to drop one, as a
// controller does (sim.RemovePodFinalizer).
func (s *session) RemoveFinalizer(_ context.Context, pod, finalizer string) error {
	return s.do(func() error { return s.sim.RemovePodFinalizer(s.apiName(pod), finalizer) })
}

// SetImage updates a pod's spec with another image for one container.
func (s *session) SetImage(_ context.Context, pod, container, image string) error {
	return s.do(func() error { return s.sim.SetImage(s.apiName(pod), container, image) })
}

// ResizePod patches a pod's resize subresource; what the simulator does
// not model of a resize is ErrUnsupported.
func (s *session) ResizePod(_ context.Context, pod string, resources map[string]corev1.ResourceRequirements) error {
	patch := make(map[string]corev1.ResourceRequirements, len(resources))
	for c, r := range resources {
		patch[c] = *r.DeepCopy()
	}
	err := s.do(func() error {
		in := make(map[string]corev1.ResourceRequirements, len(patch))
		for c, r := range patch {
			in[c] = *r.DeepCopy()
		}
		return s.sim.ResizePod(s.apiName(pod), in)
	})
	if errors.Is(err, sim.ErrResizeNotModelled) {
		return driver.Unsupported("%v", err)
	}
	return err
}

func (s *session) Apply(_ context.Context, p *corev1.Pod) error {
	p = p.DeepCopy()
	return s.do(func() error { return s.sim.CreatePod(p.DeepCopy()) })
}

func (s *session) Delete(_ context.Context, name string, opts metav1.DeleteOptions) error {
	opts = *opts.DeepCopy()
	return s.do(func() error { return s.sim.DeletePod(s.apiName(name), *opts.DeepCopy()) })
}

func (s *session) StaticPod(_ context.Context, node string, p *corev1.Pod) error {
	p = p.DeepCopy()
	return s.do(func() error {
		name, err := s.sim.AddStaticPod(node, p.DeepCopy())
		if err != nil {
			return err
		}
		if s.names == nil {
			s.names = map[string]string{}
		}
		s.names[p.Name] = name
		return nil
	})
}

// RemoveStaticPod removes the manifest of a static pod StaticPod wrote;
// the scenario's name keeps following its mirror pod until it is gone.
func (s *session) RemoveStaticPod(_ context.Context, node, pod string) error {
	name, ok := s.names[pod]
	if !ok {
		return fmt.Errorf("no static pod %q was written on a node of the scenario", pod)
	}
	return s.do(func() error { return s.sim.RemoveStaticPod(node, name) })
}

func (s *session) NodeUsage(_ context.Context, node string, r corev1.ResourceName, total resource.Quantity) error {
	return s.do(func() error { return s.sim.SetNodeUsage(node, r, total.DeepCopy()) })
}

func (s *session) NodePressure(_ context.Context, node string, kind driver.Pressure) error {
	return s.do(func() error { return s.sim.NodePressure(node, string(kind)) })
}

func (s *session) NodeNotReady(_ context.Context, node string) error {
	return s.do(func() error { return s.sim.NodeNotReady(node) })
}

func (s *session) NodeBack(_ context.Context, node string) error {
	return s.do(func() error { return s.sim.NodeBack(node) })
}

func (s *session) RestartKubelet(_ context.Context, node string) error {
	return s.do(func() error { return s.sim.RestartKubelet(node) })
}

func (s *session) RebootNode(_ context.Context, node string, down time.Duration) error {
	return s.do(func() error { return s.sim.RebootNode(node, down) })
}

func (s *session) CrashNode(_ context.Context, node string) error {
	return s.do(func() error { return s.sim.CrashNode(node) })
}

// ShutdownNode shuts a node down: graceful node shutdown when the
// kubelets are configured for it, then the power cut.
func (s *session) ShutdownNode(_ context.Context, node string) error {
	return s.do(func() error { return s.sim.ShutdownNode(node) })
}

func (s *session) DeleteNode(_ context.Context, node string) error {
	return s.do(func() error { return s.sim.DeleteNode(node) })
}

// JoinNode adds a Ready node and starts its kubelet now: the scheduler's
// node informer sees it added and moves every unschedulable pod to its
// queues (pkg/scheduler/eventhandlers.go, addNodeToCache, v1.36.3).
func (s *session) JoinNode(_ context.Context, n *corev1.Node) error {
	n = n.DeepCopy()
	return s.do(func() error { return s.sim.AddNode(n.DeepCopy()) })
}

func (s *session) UpgradeKubelet(_ context.Context, node, version string) error {
	return s.do(func() error { return s.sim.UpgradeKubelet(node, version) })
}

func (s *session) TaintNode(_ context.Context, node string, t corev1.Taint, remove bool) error {
	t = *t.DeepCopy()
	return s.do(func() error { return s.sim.TaintNode(node, *t.DeepCopy(), remove) })
}

func (s *session) LabelNode(_ context.Context, node, key, value string, remove bool) error {
	return s.do(func() error { return s.sim.LabelNode(node, key, value, remove) })
}

func (s *session) Now() time.Duration { return s.sim.Now() }

func (s *session) RunUntil(ctx context.Context, deadline time.Duration, cond func(driver.View) bool) (time.Duration, bool, error) {
	v := view{s}
	var c func() bool
	if cond != nil {
		c = func() bool { return cond(v) }
	}
	at, ok := s.sim.RunUntil(deadline, c)
	return at, ok, ctx.Err()
}

// RunUntilShown is RunUntil counting each status write (driver.Rewinder).
func (s *session) RunUntilShown(ctx context.Context, deadline time.Duration, cond func(driver.View) bool) (time.Duration, bool, error) {
	v := view{s}
	at, ok := s.sim.RunUntilShown(deadline, func() bool { return cond(v) })
	return at, ok, ctx.Err()
}

func (s *session) Settle(ctx context.Context, limit time.Duration) (time.Duration, bool, error) {
	at, capped := s.sim.Settle(limit)
	return at, capped, ctx.Err()
}

// SettleUntil runs until cond holds or the activity ends.
func (s *session) SettleUntil(ctx context.Context, limit time.Duration, cond func(driver.View) bool) (time.Duration, bool, bool, error) {
	v := view{s}
	at, ok, capped := s.sim.SettleUntil(limit, func() bool { return cond(v) })
	return at, ok, capped, ctx.Err()
}

func (s *session) View() driver.View { return view{s} }

// Judge is exact: the simulator's clock is the rules' own.
func (s *session) Judge() driver.Judge { return driver.Exact{} }

func (s *session) Close(context.Context) error { return nil }

type view struct{ s *session }

var (
	_ driver.PodPrinter         = view{}
	_ driver.SandboxKiller      = (*session)(nil)
	_ driver.PodConditionSetter = (*session)(nil)
	_ driver.UntilSettler       = (*session)(nil)
)

// PrintPod prints with the simulated API server's version's rules.
func (v view) PrintPod(name string) (printer.Columns, bool) {
	p := v.Pod(name)
	if p == nil {
		return printer.Columns{}, false
	}
	prof := v.s.sim.ControlPlaneProfile()
	return printer.Pod(p, sim.Epoch.Add(v.s.sim.Now()), printer.Options{
		TerminatingOnlyIfNotTerminal: prof.TerminatingOnlyIfNotTerminal,
		CompletedShowsError:          prof.CompletedShowsError,
	}), true
}

func (v view) Pod(name string) *corev1.Pod   { return v.s.sim.Pod(v.s.apiName(name)) }
func (v view) Node(name string) *corev1.Node { return v.s.sim.Node(name) }
func (v view) Timeline() []timeline.Event    { return v.s.sim.Timeline() }

var _ driver.Disruptions = (*session)(nil)

func (s *session) CreateReplicaSet(_ context.Context, name string, replicas int32, template *corev1.Pod) error {
	template = template.DeepCopy()
	return s.do(func() error { return s.sim.AddReplicaSet(name, replicas, template.DeepCopy()) })
}

func (s *session) CreatePodDisruptionBudget(_ context.Context, pdb *policyv1.PodDisruptionBudget) error {
	pdb = pdb.DeepCopy()
	return s.do(func() error { return s.sim.AddPodDisruptionBudget(pdb.DeepCopy()) })
}

func (s *session) UpdatePodDisruptionBudget(_ context.Context, pdb *policyv1.PodDisruptionBudget) error {
	pdb = pdb.DeepCopy()
	return s.do(func() error { return s.sim.UpdatePodDisruptionBudget(pdb.DeepCopy()) })
}

func (s *session) DeletePodDisruptionBudget(_ context.Context, name string) error {
	return s.do(func() error { return s.sim.DeletePodDisruptionBudget(name) })
}

func (s *session) Evict(_ context.Context, pod string, opts metav1.DeleteOptions) error {
	opts = *opts.DeepCopy()
	return s.do(func() error { return s.sim.EvictPod(s.apiName(pod), *opts.DeepCopy()) })
}

func (s *session) Cordon(_ context.Context, node string, on bool) error {
	if !on {
		return s.do(func() error { return s.sim.UncordonNode(node) })
	}
	return s.do(func() error { return s.sim.CordonNode(node) })
}

func (s *session) Drain(_ context.Context, node string, o driver.DrainOptions) error {
	return s.do(func() error {
		return s.sim.DrainNode(node, sim.DrainOptions{Force: o.Force, DeleteEmptyDirData: o.DeleteEmptyDirData,
			GracePeriodSeconds: o.GracePeriodSeconds, Timeout: o.Timeout})
	})
}

func (s *session) ReplicaSetPods(name string) ([]*corev1.Pod, []string, bool) {
	return s.sim.ReplicaSetPods(name)
}

func (s *session) PodDisruptionBudget(name string) *policyv1.PodDisruptionBudget {
	return s.sim.PodDisruptionBudget(name)
}

func (s *session) Evictions() []driver.EvictionRequest {
	var out []driver.EvictionRequest
	for _, e := range s.sim.Evictions() {
		out = append(out, driver.EvictionRequest{At: e.At, Pod: e.Pod, Code: e.Code, Message: e.Message, StatusMessage: e.StatusMessage, By: e.By})
	}
	return out
}

func (s *session) DrainStatus(node string) (driver.DrainStatus, bool) {
	d, ok := s.sim.Drain(node)
	return driver.DrainStatus{Started: d.Started, Done: d.Done, At: d.At, Err: d.Err}, ok
}

var _ driver.Workloads = (*session)(nil)

func (s *session) CreateDeployment(_ context.Context, d *appsv1.Deployment, template *corev1.Pod) error {
	d, template = d.DeepCopy(), template.DeepCopy()
	return s.do(func() error { return s.sim.AddDeployment(d.DeepCopy(), template.DeepCopy()) })
}

func (s *session) UpdateDeployment(_ context.Context, name string, template *corev1.Pod) error {
	template = template.DeepCopy()
	return s.do(func() error { return s.sim.UpdateDeployment(name, template.DeepCopy()) })
}

func (s *session) Scale(_ context.Context, kind, name string, replicas int32) error {
	return s.do(func() error {
		var err error
		switch kind {
		case "deployment":
			err = s.sim.ScaleDeployment(name, replicas)
		case "stateful set":
			err = s.sim.ScaleStatefulSet(name, replicas)
		default:
			err = s.sim.ScaleReplicaSet(name, replicas)
		}
		if errors.Is(err, sim.ErrNotModelled) {
			return driver.Unsupported("%v", err)
		}
		return err
	})
}

func (s *session) Deployment(name string) *appsv1.Deployment { return s.sim.Deployment(name) }

func (s *session) DeploymentPods(name string) ([]*corev1.Pod, []string, bool) {
	return s.sim.DeploymentPods(name)
}

func (s *session) DeploymentReplicaSets(name string) []string {
	return s.sim.DeploymentReplicaSets(name)
}

func (s *session) CreateResourceQuota(_ context.Context, q *corev1.ResourceQuota) error {
	q = q.DeepCopy()
	return s.do(func() error { return s.sim.AddResourceQuota(q.DeepCopy()) })
}

func (s *session) ResourceQuota(name string) *corev1.ResourceQuota { return s.sim.ResourceQuota(name) }

func (s *session) CreateJob(_ context.Context, j *batchv1.Job, template *corev1.Pod) error {
	j, template = j.DeepCopy(), template.DeepCopy()
	return s.do(func() error { return s.sim.AddJob(j.DeepCopy(), template.DeepCopy()) })
}

func (s *session) Job(name string) *batchv1.Job { return s.sim.Job(name) }

func (s *session) JobPods(name string) ([]*corev1.Pod, []string, bool) { return s.sim.JobPods(name) }

// CreateDaemonSet creates the DaemonSet; the simulated cluster has no
// node but the scenario's, so nodes adds nothing to the template's own
// node selector and affinity.
func (s *session) CreateDaemonSet(_ context.Context, name string, template *corev1.Pod, _ []string) error {
	template = template.DeepCopy()
	return s.do(func() error { return s.sim.AddDaemonSet(name, template.DeepCopy()) })
}

func (s *session) DaemonSetPods(name string) ([]*corev1.Pod, []string, bool) {
	return s.sim.DaemonSetPods(name)
}

// CreateStatefulSet creates the StatefulSet; what the simulator does not
// model (minReadySeconds) is a skip with its reason.
func (s *session) CreateStatefulSet(_ context.Context, set *appsv1.StatefulSet, template *corev1.Pod) error {
	set, template = set.DeepCopy(), template.DeepCopy()
	return s.do(func() error {
		err := s.sim.AddStatefulSet(set.DeepCopy(), template.DeepCopy())
		if errors.Is(err, sim.ErrNotModelled) {
			return driver.Unsupported("%v", err)
		}
		return err
	})
}

func (s *session) StatefulSetPods(name string) ([]*corev1.Pod, []string, bool) {
	return s.sim.StatefulSetPods(name)
}
