package driver

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/printer"
)

// Refusing answers every operation a Session may do beyond pods with an
// error wrapping ErrUnsupported, flushes nothing and knows no versions.
// A session that does none of them (a test's fake, a wrapper that hides
// what it wraps) embeds it; Name says whose refusal it is.
type Refusing struct{ Name string }

func (r Refusing) no(what string) error { return Unsupported("the %s cannot %s", r.Name, what) }

func (r Refusing) StaticPod(context.Context, string, *corev1.Pod) error {
	return r.no("write a static pod")
}
func (r Refusing) RemoveStaticPod(context.Context, string, string) error {
	return r.no("remove a static pod's manifest")
}
func (r Refusing) NodeUsage(context.Context, string, corev1.ResourceName, resource.Quantity) error {
	return r.no("set a node's usage")
}
func (r Refusing) NodePressure(context.Context, string, Pressure) error {
	return r.no("put a node under pressure")
}
func (r Refusing) NodeNotReady(context.Context, string) error { return r.no("cut a node off") }
func (r Refusing) NodeBack(context.Context, string) error     { return r.no("bring a node back") }
func (r Refusing) RestartKubelet(context.Context, string) error {
	return r.no("restart a kubelet")
}
func (r Refusing) RebootNode(context.Context, string, time.Duration) error {
	return r.no("reboot a node")
}
func (r Refusing) CrashNode(context.Context, string) error { return r.no("crash a node") }
func (r Refusing) ShutdownNode(context.Context, string) error {
	return r.no("shut a node down")
}
func (r Refusing) DeleteNode(context.Context, string) error { return r.no("delete a node") }
func (r Refusing) JoinNode(context.Context, *corev1.Node) error {
	return r.no("add a node")
}
func (r Refusing) UpgradeKubelet(context.Context, string, string) error {
	return r.no("upgrade a kubelet")
}
func (r Refusing) TaintNode(context.Context, string, corev1.Taint, bool) error {
	return r.no("taint a node")
}
func (r Refusing) LabelNode(context.Context, string, string, string, bool) error {
	return r.no("label a node")
}
func (r Refusing) CreateReplicaSet(context.Context, string, int32, *corev1.Pod) error {
	return r.no("create a replica set")
}
func (r Refusing) CreatePodDisruptionBudget(context.Context, *policyv1.PodDisruptionBudget) error {
	return r.no("create a disruption budget")
}
func (r Refusing) Evict(context.Context, string, metav1.DeleteOptions) error {
	return r.no("evict a pod")
}
func (r Refusing) Cordon(context.Context, string, bool) error { return r.no("cordon a node") }
func (r Refusing) Drain(context.Context, string, DrainOptions) error {
	return r.no("drain a node")
}
func (r Refusing) ReplicaSetPods(string) ([]*corev1.Pod, []string, bool) { return nil, nil, false }
func (r Refusing) UpdatePodDisruptionBudget(context.Context, *policyv1.PodDisruptionBudget) error {
	return r.no("change a disruption budget")
}
func (r Refusing) DeletePodDisruptionBudget(context.Context, string) error {
	return r.no("delete a disruption budget")
}
func (r Refusing) PodDisruptionBudget(string) *policyv1.PodDisruptionBudget {
	return nil
}
func (r Refusing) Evictions() []EvictionRequest           { return nil }
func (r Refusing) DrainStatus(string) (DrainStatus, bool) { return DrainStatus{}, false }
func (r Refusing) CreateDeployment(context.Context, *appsv1.Deployment, *corev1.Pod) error {
	return r.no("create a deployment")
}
func (r Refusing) UpdateDeployment(context.Context, string, *corev1.Pod) error {
	return r.no("update a deployment")
}
func (r Refusing) Scale(_ context.Context, kind, _ string, _ int32) error {
	return r.no("scale a " + kind)
}
func (r Refusing) Deployment(string) *appsv1.Deployment { return nil }
func (r Refusing) DeploymentPods(string) ([]*corev1.Pod, []string, bool) {
	return nil, nil, false
}
func (r Refusing) DeploymentReplicaSets(string) []string { return nil }
func (r Refusing) CreateResourceQuota(context.Context, *corev1.ResourceQuota) error {
	return r.no("create a resource quota")
}
func (r Refusing) ResourceQuota(string) *corev1.ResourceQuota { return nil }
func (r Refusing) CreateJob(context.Context, *batchv1.Job, *corev1.Pod) error {
	return r.no("create a job")
}
func (r Refusing) Job(string) *batchv1.Job                        { return nil }
func (r Refusing) JobPods(string) ([]*corev1.Pod, []string, bool) { return nil, nil, false }
func (r Refusing) CreateDaemonSet(context.Context, string, *corev1.Pod, []string) error {
	return r.no("create a daemon set")
}
func (r Refusing) DaemonSetPods(string) ([]*corev1.Pod, []string, bool) { return nil, nil, false }
func (r Refusing) CreateStatefulSet(context.Context, *appsv1.StatefulSet, *corev1.Pod) error {
	return r.no("create a stateful set")
}
func (r Refusing) StatefulSetPods(string) ([]*corev1.Pod, []string, bool) { return nil, nil, false }
func (r Refusing) KillSandbox(context.Context, string) error {
	return r.no("kill a pod's sandbox")
}
func (r Refusing) SetPodCondition(context.Context, string, corev1.PodCondition) error {
	return r.no("set a pod's conditions")
}
func (r Refusing) SetImage(context.Context, string, string, string) error {
	return r.no("update a pod's image")
}
func (r Refusing) ResizePod(context.Context, string, map[string]corev1.ResourceRequirements) error {
	return r.no("resize a pod")
}
func (r Refusing) RemoveFinalizer(context.Context, string, string) error {
	return r.no("patch a pod's finalizers")
}
func (r Refusing) Flush(context.Context)                    {}
func (r Refusing) Versions() (kubelet, controlPlane string) { return "", "" }

// Plain is a Driver's answer when it has nothing to say at lint: every
// pod is within it, it assumes nothing, and its lack of a capability is
// the capability's name.
type Plain struct{}

func (Plain) LintPod(*corev1.Pod) error        { return nil }
func (Plain) Assumptions(*corev1.Pod) []string { return nil }
func (Plain) WhyNot(Capability) string         { return "" }

// Unprinted is a View's answer when it cannot print a pod's columns: the
// steps print them by pkg/printer's rules.
type Unprinted struct{}

func (Unprinted) PrintPod(string) (printer.Columns, bool) { return printer.Columns{}, false }
