package live

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/judge"
)

// A live session is one scenario's scene (session.go: its namespace, the
// recorder and the tracks of what was seen) and the parts that work on
// it, each a type of its own so that none grows into the whole driver:
//
//   - observers (observe.go, logs.go): the pod and Event watches, the
//     agents' logs, the runtime's exits and the leased nodes' watches,
//     feeding the one recorder;
//   - windowPolicy (windows.go): the observations the timing policy
//     (package judge, the session's Judge) asks of, beside the margins
//     and the calibration;
//   - nodePool (pool.go): the lease of pool nodes and the placement of
//     pods on them;
//   - nodeSide (pool.go, static.go): what a scenario changes on a node:
//     the kubelet's configuration and restarts, the memory podlife holds
//     there, taints, static pod manifests;
//   - disruptions (disruptions.go): replica sets, budgets, evictions and
//     drains;
//   - workloads (workloads.go): Deployments, ResourceQuotas and Jobs,
//     embedded in the session (its methods are the session's);
//   - staticPods (static.go): static pods' manifests removed while the
//     scenario runs, embedded in the session as workloads is;
//   - nodeLabels (labels.go): a leased node's labels changed while the
//     scenario runs, embedded in the session likewise;
//   - nodeShutdown (shutdown.go): a graceful node shutdown, refused with
//     its reason (not driven on kind), embedded likewise;
//   - podUpdates (podimage.go, podresize.go): a running pod's spec
//     updated, its image (`kubectl set image`) or its containers'
//     resources (the resize subresource), embedded likewise;
//   - session: the adapter that implements driver.Session and the
//     optional interfaces, delegating to the parts.
//
// Each part embeds the scene: the state is shared (under scene.mu) and
// one part reaches another through the scene's fields.

type (
	observers    struct{ *scene }
	windowPolicy struct{ *scene }
	nodePool     struct{ *scene }
	nodeSide     struct{ *scene }
	disruptions  struct{ *scene }
	workloads    struct{ *scene }
	// nodePower is in power.go: pool nodes' power cut and restored.
)

// session is the adapter the driver hands out (Driver.Start); the
// workloads part answers driver.Workloads for it.
type session struct {
	*scene
	*workloads
	*staticPods
	*nodeLabels
	*nodeShutdown
	*podUpdates
}

// assemble makes a scene's parts and the session over them.
func assemble(sc *scene) *session {
	sc.obs = &observers{sc}
	sc.win = &windowPolicy{sc}
	sc.pool = &nodePool{sc}
	sc.kube = &nodeSide{sc}
	sc.disrupt = &disruptions{sc}
	sc.power = &nodePower{sc}
	sc.work = &workloads{sc}
	s := &session{scene: sc, workloads: sc.work, staticPods: &staticPods{sc}, nodeLabels: &nodeLabels{sc}, nodeShutdown: &nodeShutdown{sc}, podUpdates: &podUpdates{sc}}
	sc.judge = judge.New(sc.win, s)
	return s
}

// Judge is the cluster's timing policy over the window policy's
// answers: one per session, which keeps the kubelet's reactions to the
// scenario's actions.
func (s *session) Judge() driver.Judge { return s.judge }

// driver.Nodes: the node-side changes.

func (s *session) NodePressure(ctx context.Context, node string, kind driver.Pressure) error {
	return s.kube.NodePressure(ctx, node, kind)
}
func (s *session) NodeUsage(ctx context.Context, node string, r corev1.ResourceName, total resource.Quantity) error {
	return s.kube.NodeUsage(ctx, node, r, total)
}
func (s *session) RestartKubelet(ctx context.Context, node string) error {
	return s.kube.RestartKubelet(ctx, node)
}
func (s *session) UpgradeKubelet(ctx context.Context, node, version string) error {
	return s.kube.UpgradeKubelet(ctx, node, version)
}
func (s *session) NodeNotReady(ctx context.Context, node string) error {
	return s.kube.NodeNotReady(ctx, node)
}
func (s *session) NodeBack(ctx context.Context, node string) error {
	return s.kube.NodeBack(ctx, node)
}
func (s *session) RebootNode(ctx context.Context, node string, down time.Duration) error {
	return s.power.RebootNode(ctx, node, down)
}
func (s *session) CrashNode(ctx context.Context, node string) error {
	return s.power.CrashNode(ctx, node)
}
func (s *session) DeleteNode(ctx context.Context, node string) error {
	return s.power.DeleteNode(ctx, node)
}
func (s *session) JoinNode(ctx context.Context, node *corev1.Node) error {
	return s.power.JoinNode(ctx, node)
}
func (s *session) TaintNode(ctx context.Context, node string, taint corev1.Taint, remove bool) error {
	return s.kube.TaintNode(ctx, node, taint, remove)
}
func (s *session) StaticPod(ctx context.Context, node string, pod *corev1.Pod) error {
	return s.kube.StaticPod(ctx, node, pod)
}

// driver.Disruptions.

func (s *session) CreateReplicaSet(ctx context.Context, name string, replicas int32, template *corev1.Pod) error {
	return s.disrupt.CreateReplicaSet(ctx, name, replicas, template)
}
func (s *session) ReplicaSetPods(name string) ([]*corev1.Pod, []string, bool) {
	return s.disrupt.ReplicaSetPods(name)
}
func (s *session) CreatePodDisruptionBudget(ctx context.Context, pdb *policyv1.PodDisruptionBudget) error {
	return s.disrupt.CreatePodDisruptionBudget(ctx, pdb)
}
func (s *session) UpdatePodDisruptionBudget(ctx context.Context, pdb *policyv1.PodDisruptionBudget) error {
	return s.disrupt.UpdatePodDisruptionBudget(ctx, pdb)
}
func (s *session) DeletePodDisruptionBudget(ctx context.Context, name string) error {
	return s.disrupt.DeletePodDisruptionBudget(ctx, name)
}
func (s *session) PodDisruptionBudget(name string) *policyv1.PodDisruptionBudget {
	return s.disrupt.PodDisruptionBudget(name)
}
func (s *session) Evict(ctx context.Context, pod string, opts metav1.DeleteOptions) error {
	if err := s.disrupt.Evict(ctx, pod, opts); err != nil {
		return err
	}
	s.deletionSeen(ctx, pod)
	return nil
}
func (s *session) Evictions() []driver.EvictionRequest { return s.disrupt.Evictions() }
func (s *session) Cordon(ctx context.Context, node string, on bool) error {
	return s.disrupt.Cordon(ctx, node, on)
}
func (s *session) Drain(ctx context.Context, node string, o driver.DrainOptions) error {
	return s.disrupt.Drain(ctx, node, o)
}
func (s *session) DrainStatus(node string) (driver.DrainStatus, bool) {
	return s.disrupt.DrainStatus(node)
}
