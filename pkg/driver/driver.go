// Package driver defines what a backend must do to run podlife scenarios,
// in Kubernetes' own types.
//
// A Driver starts one Session per scenario. The steps declare the cluster
// with Configure (only before the first pod), create and delete pods, let
// time pass with RunUntil, and read what happened through View: the pods,
// nodes and Kubernetes Events of the scenario, and the timeline.
//
//	sess, err := drv.Start(ctx, driver.Scenario{ID: "termination-12", Seed: 7})
//	defer sess.Close(ctx)
//	err = sess.Configure(ctx, driver.Setup{Nodes: []*corev1.Node{node}})
//	err = sess.Apply(ctx, pod)
//	err = sess.Delete(ctx, "web", metav1.DeleteOptions{})
//	at, ok, err := sess.RunUntil(ctx, sess.Now()+7*time.Second, func(v driver.View) bool {
//		return v.Pod("web") == nil
//	})
//
// Everything a driver cannot do is reported as an error wrapping
// ErrUnsupported with the reason; the runner turns that into a skipped
// scenario, never a passed one. Names in every call are scenario names: the
// driver maps them to API names (namespaces, node aliases) itself.
package driver

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/evictionapi"
	"github.com/podlife/podlife/pkg/printer"
	"github.com/podlife/podlife/pkg/timeline"
)

// ErrUnsupported is wrapped by every error that means "this driver cannot
// do that"; the scenario is then skipped with the error's text as reason.
var ErrUnsupported = errors.New("not supported by this driver")

// Unsupported returns an error wrapping ErrUnsupported with a reason.
func Unsupported(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnsupported, fmt.Sprintf(format, args...))
}

// ErrInfrastructure is wrapped by every error that means "the cluster
// broke under the scenario": a node's container died, a kubelet did not
// come back, the API server stopped answering. The runner reports the
// scenario as an error, not as a verdict on it.
var ErrInfrastructure = errors.New("infrastructure fault")

// Infrastructure returns an error wrapping ErrInfrastructure with what
// broke.
func Infrastructure(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInfrastructure, fmt.Sprintf(format, args...))
}

// Driver is a backend that runs scenarios.
type Driver interface {
	// Name is the driver's name in reports ("sim", "live").
	Name() string
	// Capabilities is what the driver can do beyond pods.
	Capabilities() Capabilities
	// Tolerance widens every time expectation; 0 for exact time.
	Tolerance() time.Duration
	// Start begins a session for one scenario.
	Start(ctx context.Context, sc Scenario) (Session, error)

	// What lint asks of a driver about a pod or a capability; a driver
	// with nothing to say answers nil or "".
	Linter
	Assumer
	Explainer
}

// Scenario identifies the scenario a session runs.
type Scenario struct {
	ID   string
	Tags []string
	// Seed drives the scenario's random choices (derived from the run seed
	// and the scenario's file and line).
	Seed int64
	// KubeletVersion is the kubelet the scenario asks for ("" for the
	// driver's default).
	KubeletVersion string
	// ControlPlaneVersion is the API server, scheduler and printer the
	// scenario asks for (@control-plane:1.N): "" for the kubelet's on the
	// simulator, and, on a cluster, whatever the cluster runs.
	ControlPlaneVersion string
}

// Setup is what a scenario declares about the cluster before its first pod.
type Setup struct {
	// KubeletVersion, when set, replaces the scenario's;
	// ControlPlaneVersion is the scenario's (@control-plane:1.N).
	KubeletVersion      string
	ControlPlaneVersion string
	Nodes               []*corev1.Node
	PriorityClasses     []*schedulingv1.PriorityClass
	// ConfigMaps and Secrets live in the scenario's namespace.
	ConfigMaps []*corev1.ConfigMap
	Secrets    []*corev1.Secret
	// Eviction is every kubelet's eviction configuration; nil keeps the
	// kubelet's defaults. A driver that cannot configure its kubelets so
	// returns an error wrapping ErrUnsupported.
	Eviction *Eviction
	// Pressures are the kinds of pressure the scenario's steps will
	// bring on a node (`comes under disk pressure`): a real node whose
	// disk and process ids are shared with others is configured for
	// them from the start (the simulator needs nothing ahead).
	Pressures []Pressure
	// Relabels: the scenario's steps change a node's labels while it
	// runs (`node "x" is labelled "k=v"`); a driver whose nodes other
	// scenarios share gives it a node of its own from the start.
	Relabels bool
	// Retaints: the scenario's steps taint a node, or take a taint off,
	// while it runs (`node "x" is tainted "k=v:NoExecute"`); a driver
	// whose nodes other scenarios share gives it a node of its own from
	// the start, as for Relabels.
	Retaints bool
	// PIDLimits are nodes' process-id limits (kernel.pid_max, which
	// pid.available is measured against), by node; a node not named has
	// the driver's (4194304 on the simulator). A node's disk is its
	// ephemeral-storage capacity, what it reserves for the system the
	// difference between its capacity and its allocatable.
	PIDLimits map[string]int64
	// Shutdown is every kubelet's graceful node shutdown configuration;
	// nil keeps the kubelet's default (0: off).
	Shutdown *Shutdown
	// NodesAreTheCluster: the scenario's nodes are the whole cluster, with
	// no control-plane node beside them (`Given the scenario's nodes are
	// the whole cluster`); a driver whose cluster has other nodes lacks
	// ClusterOfItsNodes.
	NodesAreTheCluster bool
}

// Eviction is the eviction part of the KubeletConfiguration, under its
// field names (lifecycle-facts §9.1), typed: the steps parse it once
// (pkg/evictionapi), the simulator turns it into its eviction manager's
// thresholds, the live driver writes a kind node's KubeletConfiguration
// from it. Hard nil keeps the kubelet's default hard thresholds; set, even
// empty, it replaces them all. PressureTransitionPeriod 0 keeps the
// kubelet's default (5m); MaxPodGracePeriod's default is 0.
type Eviction = evictionapi.Config

// Shutdown is the graceful node shutdown part of the
// KubeletConfiguration, under its field names (lifecycle-facts §14):
// shutdownGracePeriod, whose 0 turns the feature off, and
// shutdownGracePeriodCriticalPods, the last part of it, given to the
// critical pods.
type Shutdown struct {
	GracePeriod             time.Duration
	GracePeriodCriticalPods time.Duration
}

// Pressure is a kind of node pressure for Nodes.NodePressure.
type Pressure string

// The pressures a node can come under.
const (
	MemoryPressure Pressure = "memory"
	DiskPressure   Pressure = "disk"
	PIDPressure    Pressure = "PID"
)

// Nodes is what sessions answer to act on nodes while a scenario
// runs. Every method may return an error wrapping ErrUnsupported; nodes are
// named by their scenario names.
type Nodes interface {
	// StaticPod writes a static pod manifest on a node. The kubelet runs
	// the pod and keeps a mirror pod in the API; the session maps the
	// pod's scenario name (its metadata.name) to the mirror pod.
	StaticPod(ctx context.Context, node string, pod *corev1.Pod) error
	// RemoveStaticPod removes from node the manifest StaticPod wrote there
	// for pod (its scenario name): the kubelet kills the pod with its
	// spec's grace period, then deletes its mirror pod, which the session
	// follows under the scenario's name until it is gone. A pod the
	// session wrote no manifest for on node is an error.
	RemoveStaticPod(ctx context.Context, node, pod string) error
	// NodeUsage sets a node's total usage of memory (its working set:
	// memory.available = capacity − usage) or ephemeral-storage (nodefs
	// used), its pods' usage included.
	NodeUsage(ctx context.Context, node string, resource corev1.ResourceName, total resource.Quantity) error
	// NodePressure brings a node under pressure: by usage outside the
	// pods, the signal (memory.available, nodefs.available, pid.available)
	// drops to half the kubelet's threshold for it with no pod using
	// anything; what the pods use comes on top, so evictions do not
	// relieve it.
	NodePressure(ctx context.Context, node string, kind Pressure) error
	// NodeNotReady cuts a node off from the control plane: its kubelet
	// stops heartbeating and hears nothing more, its containers keep
	// running. The node-lifecycle controller marks it after its grace
	// period.
	NodeNotReady(ctx context.Context, node string) error
	// NodeBack ends NodeNotReady: the node's kubelet runs again (started
	// again, a new process whose pods' containers kept running), posts
	// the node Ready and renews its Lease; the node-lifecycle controller
	// lifts the unreachable taints. A node that was not cut off is an
	// error.
	NodeBack(ctx context.Context, node string) error
	// RestartKubelet restarts a node's kubelet; containers keep running.
	RestartKubelet(ctx context.Context, node string) error
	// UpgradeKubelet replaces a node's kubelet with release version's
	// ("1.36") and restarts it, its containers left running: the new
	// kubelet keeps each unless the hash it computes of the container's
	// spec differs from the one kept since the container's creation. A
	// version the node cannot be brought to (the same, older, newer than
	// the control plane, or a release the driver does not have) is an
	// error.
	UpgradeKubelet(ctx context.Context, node, version string) error
	// TaintNode adds a taint to a node, or removes it.
	TaintNode(ctx context.Context, node string, taint corev1.Taint, remove bool) error
	// LabelNode sets the label key=value on a node (an existing value
	// overwritten), or removes key (remove). The scheduler retries the
	// pods the node's labels kept off it.
	LabelNode(ctx context.Context, node, key, value string, remove bool) error
}

// Session is one scenario's cluster.
type Session interface {
	// Configure declares the cluster; it is called at most once, before the
	// first pod.
	Configure(ctx context.Context, s Setup) error
	// Apply creates a pod (named by its scenario name).
	Apply(ctx context.Context, pod *corev1.Pod) error
	// Delete deletes a pod with the API's options (grace period, force).
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	// Now is the time since the session started.
	Now() time.Duration
	// RunUntil lets time pass until cond holds or deadline (session time)
	// passes, and returns the time at which cond held and whether it did.
	// cond is checked at once, then after every change.
	RunUntil(ctx context.Context, deadline time.Duration, cond func(View) bool) (time.Duration, bool, error)
	// Settle lets the scenario run to the end of its activity: until only
	// periodic work is pending and every pod is gone or steady, or until
	// limit has passed; capped reports the latter.
	Settle(ctx context.Context, limit time.Duration) (at time.Duration, capped bool, err error)
	// View is the current state.
	View() View
	// Judge answers where the scenario's expectations are judged: the
	// session's timing policy, told what the scenario did (judge.go).
	Judge() Judge
	// Close releases everything the session created. It is idempotent and
	// bounded by its own timeout.
	Close(ctx context.Context) error

	// What a scenario may do beyond pods. A session that cannot answers
	// with an error wrapping ErrUnsupported, and the scenario is skipped
	// with its reason: every driver has these methods, so a step asks the
	// session, never whether it has them.
	Nodes
	NodePower
	Disruptions
	Workloads
	SandboxKiller
	PodConditionSetter
	PodSpecUpdater
	PodFinalizerRemover
	// What a report asks of a session: a driver whose observers do not
	// lag flushes nothing; one that does not know its versions says "".
	Flusher
	Versioned
}

// View is a read-only look at a session's cluster. Objects returned must
// not be modified.
type View interface {
	// Pod is the API object of a pod by scenario name, nil when gone.
	Pod(name string) *corev1.Pod
	// Node is a node by scenario name, nil when unknown.
	Node(name string) *corev1.Node
	// Timeline is what happened, in order. Events about a node (its
	// Kubernetes Events, its condition changes) go under the pod name
	// "node/<node>"; a PodDisruptionBudget's Kubernetes Events, where a
	// driver follows them (the simulator), under "pdb/<name>".
	Timeline() []timeline.Event
	// PodPrinter: a view that cannot print a pod's columns itself says
	// so, and the steps print them by pkg/printer's current rules.
	PodPrinter
}

// PodPrinter is what a View answers when it can print a pod's `kubectl get
// pods` columns themselves: the API server renders them, so its rules are
// its version's. Steps fall back to pkg/printer's current rules.
type PodPrinter interface {
	PrintPod(name string) (printer.Columns, bool)
}

// UntilSettler is implemented by Sessions that can run to the end of the
// scenario's activity (as Settle) but stop as soon as cond holds: an
// untimed expectation waits for its event no longer than the activity
// lasts (docs/language.md, "untimed expectations").
type UntilSettler interface {
	SettleUntil(ctx context.Context, limit time.Duration, cond func(View) bool) (at time.Duration, held, capped bool, err error)
}

// NodePower is what sessions answer to cut a node's power: a reboot (the
// node's kubelet, runtime and every container stop at once, with no
// signal, and start again after down) and a crash (off for the rest of
// the scenario, restored when the session ends where the driver can),
// and the deletion of a crashed node's Node object; and its opposite, a
// node joining the cluster while the scenario runs (Ready, its kubelet
// started: the scheduler retries the pods waiting for room). Nodes are
// named by their scenario names.
type NodePower interface {
	RebootNode(ctx context.Context, node string, down time.Duration) error
	CrashNode(ctx context.Context, node string) error
	// ShutdownNode shuts a node down for the rest of the scenario, as
	// systemd does: its kubelet's shutdown manager, configured
	// (Setup.Shutdown), terminates the pods before the power goes.
	ShutdownNode(ctx context.Context, node string) error
	DeleteNode(ctx context.Context, node string) error
	JoinNode(ctx context.Context, node *corev1.Node) error
}

// SandboxKiller is a Session's answer when it can make a pod's sandbox
// die (the pause container killed), for the kubelet to re-create it.
type SandboxKiller interface {
	KillSandbox(ctx context.Context, pod string) error
}

// PodConditionSetter is a Session's answer when it can set a condition
// of a pod's status as a controller does (a status patch of the pod's
// conditions): the condition of a readiness gate, which the kubelet reads
// into the pod's Ready condition.
type PodConditionSetter interface {
	SetPodCondition(ctx context.Context, pod string, c corev1.PodCondition) error
}

// PodSpecUpdater is what a Session answers to update a running pod's
// spec, by scenario names, in the two ways the API server allows (a
// session that cannot answers with an error wrapping ErrUnsupported).
//
// SetImage gives one container another image (`kubectl set image pod/…`:
// the only change of a running pod's containers' spec the update of the
// pod allows); the kubelet restarts the container with it. An image the
// cluster cannot run is ErrUnsupported with the reason.
//
// ResizePod resizes containers in place through the pod's resize
// subresource (InPlacePodVerticalScaling, 1.33+): for each container
// named, the requests and limits given replace the container's own, the
// others kept, as a strategic merge patch of spec.containers[].resources.
// The API server's rejection is returned as its error (an Invalid, with
// its message); what the driver cannot do wraps ErrUnsupported.
type PodSpecUpdater interface {
	SetImage(ctx context.Context, pod, container, image string) error
	ResizePod(ctx context.Context, pod string, resources map[string]corev1.ResourceRequirements) error
}

// PodFinalizerRemover is what a Session answers to remove a
// finalizer from a pod's metadata.finalizers (the pod by its scenario
// name), as the controller that put it there does once its clean-up is
// done: a patch of the pod's metadata. The API server removes a pod whose
// deletion is over (the kubelet's final delete made) when its last
// finalizer goes; a pod not being deleted only loses the finalizer. A
// finalizer the pod does not carry is an error.
type PodFinalizerRemover interface {
	RemoveFinalizer(ctx context.Context, pod, finalizer string) error
}

// Linter is a Driver's answer when it can tell, before running, that a
// pod is beyond them (the simulator runs only what it models).
type Linter interface {
	LintPod(pod *corev1.Pod) error
}

// Assumer is a Driver's answer when it runs a pod on assumptions the
// scenario did not state (the simulator runs an image it does not know as
// a generic process): lint reports each as a note, not a problem.
type Assumer interface {
	// Assumptions says, a sentence each, what the driver assumes about
	// the pod; none for a pod it runs as written.
	Assumptions(pod *corev1.Pod) []string
}

// Capability is something a driver may be able to do; its name is the
// suffix of the `@needs:` tag.
type Capability string

// The capabilities scenarios may need.
const (
	CreateNodes    Capability = "create-nodes"
	StaticPods     Capability = "static-pods"
	NodePressure   Capability = "node-pressure"
	NodeLifecycle  Capability = "node-lifecycle"
	KubeletRestart Capability = "kubelet-restart"
	// KubeletUpgrade: a node's kubelet can be replaced with a newer
	// release's in place, its containers left running.
	KubeletUpgrade  Capability = "kubelet-upgrade"
	KubeletProfiles Capability = "kubelet-profiles"
	ExactTime       Capability = "exact-time"
	// NodeReboot: a node's power cut and restored (node-reboot); NodeCrash:
	// cut for the rest of the scenario, and its Node object deleted
	// (node-crash).
	NodeReboot Capability = "node-reboot"
	NodeCrash  Capability = "node-crash"
	// NodeDelete: a crashed node's Node object deleted (node-delete).
	NodeDelete Capability = "node-delete"
	// ClusterOfItsNodes: a scenario's nodes can be the whole cluster.
	ClusterOfItsNodes Capability = "cluster-of-its-nodes"
	// NodeJoin: a Ready node added while the scenario runs (node-join).
	NodeJoin Capability = "node-join"
	// NodeShutdown: a node shut down as systemd shuts a machine down,
	// its kubelet told by logind (graceful node shutdown, with its
	// shutdownGracePeriod configured), then its power gone (node-shutdown).
	NodeShutdown Capability = "node-shutdown"
)

// AllCapabilities lists every known capability.
func AllCapabilities() []Capability {
	return []Capability{CreateNodes, StaticPods, NodePressure, NodeLifecycle, KubeletRestart, KubeletUpgrade, KubeletProfiles, ExactTime, ClusterOfItsNodes, NodeReboot, NodeCrash, NodeDelete, NodeJoin, NodeShutdown}
}

// NodeOfItsOwn lists the capabilities a scenario gets on a cluster only
// from a node it holds alone (a pool node it leases): what they do to a
// node would reach the pods of every scenario sharing it.
func NodeOfItsOwn() []Capability {
	return []Capability{NodePressure, KubeletRestart, KubeletUpgrade, NodeLifecycle, NodeReboot, NodeCrash, CreateNodes, NodeShutdown}
}

// ParseCapability checks a capability name.
func ParseCapability(name string) (Capability, error) {
	for _, c := range AllCapabilities() {
		if string(c) == name {
			return c, nil
		}
	}
	var names []string
	for _, c := range AllCapabilities() {
		names = append(names, string(c))
	}
	return "", fmt.Errorf("unknown capability %q (known: %s)", name, strings.Join(names, ", "))
}

// Capabilities is a set of capabilities.
type Capabilities map[Capability]bool

// Explainer is a Driver's answer when it can say why they lack a
// capability, so that a skipped scenario's reason is more than the name.
type Explainer interface {
	WhyNot(c Capability) string
}

// NewCapabilities builds a set.
func NewCapabilities(cs ...Capability) Capabilities {
	s := Capabilities{}
	for _, c := range cs {
		s[c] = true
	}
	return s
}

// Has reports whether c is in the set.
func (s Capabilities) Has(c Capability) bool { return s[c] }

// String lists the set in kebab-case, sorted.
func (s Capabilities) String() string {
	var names []string
	for c := range s {
		names = append(names, string(c))
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// Wrapper is implemented by Sessions that wrap another (the runner records
// what passes through), so that optional interfaces such as SandboxKiller
// stay reachable through the wrapper.
type Wrapper interface {
	Unwrap() Session
}

// SessionAs finds the first session in s's wrapping chain that implements T.
func SessionAs[T any](s Session) (T, bool) {
	for s != nil {
		if t, ok := s.(T); ok {
			return t, true
		}
		w, ok := s.(Wrapper)
		if !ok {
			break
		}
		s = w.Unwrap()
	}
	var zero T
	return zero, false
}

// Action is what a scenario did to a pod, as a Judge is told it, and
// what an event counts from (Observations.Margin, in pkg/driver/live/judge).
type Action string

// The actions whose consequences a live kubelet starts after a latency.
const (
	// ActionCreate: the reaction is the pod's first container started.
	ActionCreate Action = "create"
	// ActionDelete: the reaction is the kubelet's first Killing event, or
	// the first preStop hook started or stop signal sent to one of the
	// pod's containers if seen earlier (a delete, a force delete, a lost
	// sandbox).
	ActionDelete Action = "delete"
	// ActionExit is no step's action: a container's exit, as the cause
	// of what follows it in a timeline table (the kubelet notices an exit
	// at its next relist; Reaction bounds that notice).
	ActionExit Action = "exit"
	// ActionNoticed is no step's action either: a container's exit that
	// the kubelet was seen noticing (its PLEG relist, in its own log).
	// What it does about the exit counts from that notice, with no relist
	// left to allow for.
	ActionNoticed Action = "noticed"
	// ActionNode: an action on a node (pressure, usage, a kubelet
	// restart). What follows is decided by the kubelet's periodic
	// managers (the eviction manager's pass), whose phase is the real
	// node's own: there is no reaction to anchor on, and the windows
	// carry the period (the rule's own range) instead.
	ActionNode Action = "node"
)

// Flusher is a Session's answer when its observers lag behind what
// happened (a cluster: an agent's log is read after its container shows
// running). Flush waits, briefly, until what already happened has been
// observed, so that a scenario's recorded timeline does not end before
// it: a container started behind a 4 s postStart had its start line read
// only after its scenario's last step.
type Flusher interface {
	Flush(ctx context.Context)
}

// Versioned is a Session's answer when it runs a real cluster: the versions
// of the kubelet the scenario's pods ran under and of the control plane,
// for its result (a skewed node's kubelet is older than its API server).
type Versioned interface {
	Versions() (kubelet, controlPlane string)
}

// Rewinder is implemented by sessions that can go back in time: an exact
// driver whose runs are deterministic. Rewind(t) puts the session where
// it stood at t (after every event of that instant), forgetting what
// came after, and goes on from there as it would have. The steps use it
// to act at the scenario's current time after an untimed expectation ran
// the session past it (docs/language.md, Time: "current time").
//
// Such a session's instants hold several writes of a pod's status (the
// kubelet's latencies are 0 there): RunUntilShown is RunUntil whose cond
// also counts a state a write showed and a later write of the same
// instant replaced. A cluster's view is each write as observed, so its
// RunUntil sees such a state already.
type Rewinder interface {
	Rewind(ctx context.Context, t time.Duration) error
	RunUntilShown(ctx context.Context, deadline time.Duration, cond func(View) bool) (at time.Duration, held bool, err error)
}

// Past is implemented by sessions that can show the cluster as it stood
// at an earlier time: an exact driver whose runs are deterministic
// replays them. At(t) is a session standing at t (after every event of
// that instant), to be read only; the session itself stays where it has
// run to. The steps read state checks at the scenario's current time
// with it (docs/language.md, Time: "current time").
type Past interface {
	At(ctx context.Context, t time.Duration) (Session, error)
}

// Reacher is implemented by sessions that go back in time (Rewinder):
// Reach runs the session on to the furthest it ran since the scenario's
// last action, so that what the scenario's steps saw is in its timeline
// when the report is made.
type Reacher interface {
	Reach(ctx context.Context) error
}

// History is implemented by sessions that keep what they saw of the
// scenario's pods: a cluster cannot be read in the past, but the pods
// as they were observed can. A state check after an untimed expectation
// reads the pods at the scenario's current time from it (docs/
// language.md, Time: "current time").
type History interface {
	// ViewsBetween is the scenario's pods as they stood at from, then
	// after each change observed up to to (session times), oldest first.
	// Their Node reads the present and their Timeline ends at the view's
	// time.
	ViewsBetween(from, to time.Duration) []View
}

// Dated is implemented by a View of the past (History.ViewsBetween): At
// is the session time it stood at, so that what a step finds in it can be
// timed.
type Dated interface {
	At() time.Duration
}

// ErrBeforeAction is Rewind's answer for a time before the session's last
// action, which going back would undo; the error is a *BeforeAction.
var ErrBeforeAction = errors.New("the scenario acted after that time")

// BeforeAction is Rewind's error for a time before the session's last
// action, At: the earliest time the session can go back to.
type BeforeAction struct {
	To, At time.Duration
}

func (e *BeforeAction) Error() string {
	return fmt.Sprintf("going back to %s: %v (at %s)", e.To, ErrBeforeAction, e.At)
}

// Unwrap makes errors.Is(err, ErrBeforeAction) hold.
func (e *BeforeAction) Unwrap() error { return ErrBeforeAction }

// Disruptions is what sessions answer to model voluntary
// disruptions (issue 17): ReplicaSets, PodDisruptionBudgets, the eviction
// subresource, cordon and drain. Pods a ReplicaSet creates are named by
// the ReplicaSet and their creation order.
type Disruptions interface {
	// CreateReplicaSet creates a ReplicaSet of replicas pods from
	// template (a whole pod as the steps would apply it).
	CreateReplicaSet(ctx context.Context, name string, replicas int32, template *corev1.Pod) error
	// CreatePodDisruptionBudget creates a PDB in the scenario's namespace.
	CreatePodDisruptionBudget(ctx context.Context, pdb *policyv1.PodDisruptionBudget) error
	// UpdatePodDisruptionBudget replaces the spec of a PDB the scenario
	// created (by pdb's name); DeletePodDisruptionBudget deletes one.
	UpdatePodDisruptionBudget(ctx context.Context, pdb *policyv1.PodDisruptionBudget) error
	DeletePodDisruptionBudget(ctx context.Context, name string) error
	// Evict posts an Eviction for a pod (scenario or API name) with its
	// delete options.
	Evict(ctx context.Context, pod string, opts metav1.DeleteOptions) error
	// Cordon marks a node unschedulable (on) or schedulable again (off:
	// `kubectl uncordon`); Drain cordons it and evicts its pods as
	// `kubectl drain` does, in the background of the scenario.
	Cordon(ctx context.Context, node string, on bool) error
	Drain(ctx context.Context, node string, opts DrainOptions) error

	// ReplicaSetPods are a ReplicaSet's pods still in the API, in
	// creation order, and the names of every pod it created, in order.
	ReplicaSetPods(name string) (pods []*corev1.Pod, created []string, ok bool)
	// PodDisruptionBudget is a PDB with its status, nil when unknown.
	PodDisruptionBudget(name string) *policyv1.PodDisruptionBudget
	// Evictions are the eviction requests made so far, in order.
	Evictions() []EvictionRequest
	// DrainStatus is the state of a node's last drain.
	DrainStatus(node string) (DrainStatus, bool)
}

// Workloads is what sessions answer to run the controllers users put
// pods under (issue 36): Deployments and their rollouts, the namespace's
// ResourceQuotas, Jobs. A workload's pods are named by the workload and
// their creation order, as a ReplicaSet's are; its pod template is a
// whole pod as the steps would apply it, agent arguments included.
type Workloads interface {
	// CreateDeployment creates a Deployment with d's spec (replicas,
	// strategy, minReadySeconds, progressDeadlineSeconds) and template
	// as its pod template; its labels are the selector's.
	CreateDeployment(ctx context.Context, d *appsv1.Deployment, template *corev1.Pod) error
	// UpdateDeployment replaces a Deployment's pod template: a new
	// rollout when it differs.
	UpdateDeployment(ctx context.Context, name string, template *corev1.Pod) error
	// Scale sets spec.replicas of a ReplicaSet (kind "replica set") or a
	// Deployment (kind "deployment") the scenario created, as `kubectl
	// scale` does (the scale subresource); its controller acts on it.
	Scale(ctx context.Context, kind, name string, replicas int32) error
	// Deployment is a Deployment with its status, nil when unknown.
	Deployment(name string) *appsv1.Deployment
	// DeploymentPods are the pods of a Deployment's ReplicaSets still in
	// the API, in creation order, and every pod they created, in order;
	// DeploymentReplicaSets the API names of its ReplicaSets, by
	// creation.
	DeploymentPods(name string) (pods []*corev1.Pod, created []string, ok bool)
	DeploymentReplicaSets(name string) []string
	// CreateResourceQuota creates a ResourceQuota in the scenario's
	// namespace; ResourceQuota is it with its status, nil when unknown.
	CreateResourceQuota(ctx context.Context, q *corev1.ResourceQuota) error
	ResourceQuota(name string) *corev1.ResourceQuota
	// CreateJob creates a Job with j's spec and template as its pod
	// template; Job is it with its status, nil when unknown; JobPods are
	// its pods as DeploymentPods are a Deployment's.
	CreateJob(ctx context.Context, j *batchv1.Job, template *corev1.Pod) error
	Job(name string) *batchv1.Job
	JobPods(name string) (pods []*corev1.Pod, created []string, ok bool)
	// CreateDaemonSet creates a DaemonSet of template (its labels are the
	// selector) whose pods run on the scenario's nodes only: nodes, by
	// their scenario names, are those it may run on (the template's own
	// node selector and affinity narrow them further); a driver whose
	// cluster has other nodes keeps it off them. DaemonSetPods are its
	// pods as DeploymentPods are a Deployment's.
	CreateDaemonSet(ctx context.Context, name string, template *corev1.Pod, nodes []string) error
	DaemonSetPods(name string) (pods []*corev1.Pod, created []string, ok bool)
	// CreateStatefulSet creates a StatefulSet with s's spec (replicas,
	// podManagementPolicy) and template as its pod template (its labels
	// are the selector); its pods are named <name>-<ordinal>, their
	// scenario names too. Scale takes kind "stateful set".
	// StatefulSetPods are its pods still in the API (each once; the
	// simulator's by ordinal, a cluster's in the order they were first
	// seen), and every pod it created, in order (a name again for each
	// pod created under it).
	CreateStatefulSet(ctx context.Context, s *appsv1.StatefulSet, template *corev1.Pod) error
	StatefulSetPods(name string) (pods []*corev1.Pod, created []string, ok bool)
}

// DrainOptions are `kubectl drain`'s flags.
type DrainOptions struct {
	Force              bool
	DeleteEmptyDirData bool
	// GracePeriodSeconds: -1 keeps each pod's own.
	GracePeriodSeconds int64
	// Timeout: 0 waits for ever.
	Timeout time.Duration
}

// EvictionRequest is one eviction request and the API's answer.
type EvictionRequest struct {
	At  time.Duration
	Pod string
	// Code is 201 when the eviction was accepted, else the error's HTTP
	// code (429 TooManyRequests when a budget refused it).
	Code int32
	// Message is the answer's message with its causes' (a budget's
	// refusal says why in a cause); StatusMessage the message alone.
	Message       string
	StatusMessage string
	// By is "api" (a step) or "drain/<node>".
	By string
}

// DrainStatus is what a drain did so far.
type DrainStatus struct {
	Started time.Duration
	Done    bool
	At      time.Duration
	// Err is kubectl drain's error, empty when it succeeded.
	Err string
}
