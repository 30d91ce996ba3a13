package steps

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
)

// highestUserDefinablePriority is the API server's limit for user classes
// (pkg/apis/scheduling/types.go).
const highestUserDefinablePriority = 1000000000

func clusterSteps() []Def {
	const f = "cluster"
	return []Def{
		phrase(f, `^a cluster$`, `Given a cluster`, s0(func() Step { return aCluster{} })),
		phrase(f, `^a kubelet of version "([^"]*)"$`, `Given a kubelet of version "1.29"`, s1(func(v string) Step { return kubeletVersion{version: v} })),
		phrase(f, `^a node "([^"]*)"$`, `Given a node "worker-1"`, s1(func(name string) Step { return aNode{name: name} })),
		phrase(f, `^a node "([^"]*)" with (\S+) CPU, (\S+) memory and (\S+) pods$`, `Given a node "worker-1" with 4 CPU, 8Gi memory and 110 pods`,
			s4(func(name string, cpu, mem, pods resource.Quantity) Step {
				return aNode{name: name, sized: true, cpu: cpu, mem: mem, pods: pods}
			})).withDefault("4", "4").withDefault("8Gi", "8Gi").withDefault("110", "110"), // the default node's
		phrase(f, `^a priority class "([^"]*)" with value (\S+)(?: and preemptionPolicy (\S+))?$`, `Given a priority class "high" with value 1000000`,
			s3(func(name, value, policy string) Step { return priorityClass{name: name, value: value, policy: policy} })),
		phrase(f, `^the scenario's nodes are the whole cluster$`, `Given the scenario's nodes are the whole cluster`, s0(func() Step { return nodesAreTheCluster{} })),
		phrase(f, `^node "([^"]*)" is tainted "([^"]*)"$`, `Given node "worker-1" is tainted "dedicated=infra:NoSchedule"`,
			s2(func(node, taint string) Step { return nodeTainted{node, taint} })),
		// With an article too (issue 38's held-out set 27): the node is
		// the one named, declared or not, as without it.
		phrase(f, `^a node "([^"]*)" is tainted "([^"]*)"$`, `Given a node "worker-1" is tainted "maintenance=true:NoSchedule"`,
			s2(func(node, taint string) Step { return nodeTainted{node, taint} })),
	}
}

// Given a cluster
type aCluster struct {
	declaration
	declaresNothing
}

var minorVersion = regexp.MustCompile(`^v?1\.\d+(\.\d+)?$`)

// Given a kubelet of version "1.29"
type kubeletVersion struct {
	declaration
	version string
}

func (s kubeletVersion) Declare(pl *Plan) error {
	if !minorVersion.MatchString(s.version) {
		return inputErr("kubelet version %q is not of the form 1.N", s.version)
	}
	if err := pl.beforeCluster("a kubelet version"); err != nil {
		return err
	}
	pl.setup.KubeletVersion = s.version
	pl.need(driver.KubeletProfiles, "asks for kubelet "+s.version)
	return nil
}

// beforeCluster refuses cluster declarations once the cluster runs.
func (pl *Plan) beforeCluster(what string) error {
	if pl.configured || pl.anyCreated() {
		return inputErr("%s must be declared before the first pod is created", what)
	}
	return nil
}

func (pl *Plan) anyCreated() bool {
	for _, p := range pl.pods {
		if p.created {
			return true
		}
	}
	return false
}

// Given the scenario's nodes are the whole cluster
type nodesAreTheCluster struct{ declaration }

func (nodesAreTheCluster) Declare(pl *Plan) error {
	if err := pl.beforeCluster("that the scenario's nodes are the whole cluster"); err != nil {
		return err
	}
	pl.setup.NodesAreTheCluster = true
	pl.need(driver.ClusterOfItsNodes, "declares its nodes the whole cluster")
	return nil
}

// Given a node "worker-1" [with 4 CPU, 8Gi memory and 110 pods]
type aNode struct {
	declaration
	name           string
	sized          bool
	cpu, mem, pods resource.Quantity
}

func (s aNode) Declare(pl *Plan) error {
	if s.sized {
		return pl.addNode(newNode(s.name, s.cpu, s.mem, s.pods))
	}
	n := defaultNode()
	n.Name = s.name
	n.Labels["kubernetes.io/hostname"] = s.name
	return pl.addNode(n)
}

func (pl *Plan) addNode(n *corev1.Node) error {
	if err := pl.beforeCluster("a node"); err != nil {
		return err
	}
	if pl.findNode(n.Name) != nil {
		return inputErr("node %q is declared twice", n.Name)
	}
	pl.setup.Nodes = append(pl.setup.Nodes, n)
	return nil
}

func (pl *Plan) findNode(name string) *corev1.Node {
	for _, n := range append(pl.setup.Nodes[:len(pl.setup.Nodes):len(pl.setup.Nodes)], pl.joining...) {
		if n.Name == name {
			return n
		}
	}
	return nil
}

// node returns a declared node, declaring the default one when a scenario
// that declared none names "worker-1".
func (pl *Plan) node(name string) (*corev1.Node, error) {
	if n := pl.findNode(name); n != nil {
		return n, nil
	}
	if len(pl.setup.Nodes) == 0 && name == "worker-1" && !pl.configured {
		n := defaultNode()
		pl.setup.Nodes = append(pl.setup.Nodes, n)
		return n, nil
	}
	return nil, undeclaredErr("node %q is not declared (declare it with: Given a node %q)", name, name)
}

// Given a priority class "high" with value 1000000; with `and
// preemptionPolicy Never` its pods wait instead of preempting (a pod may
// not set the policy itself: the Priority admission plugin refuses one
// that differs from its class's).
type priorityClass struct {
	declaration
	name, value, policy string
}

func (s priorityClass) Declare(pl *Plan) error {
	var pp *corev1.PreemptionPolicy
	if s.policy != "" {
		if err := oneOf("preemptionPolicy", s.policy, string(corev1.PreemptLowerPriority), string(corev1.PreemptNever)); err != nil {
			return err
		}
		v := corev1.PreemptionPolicy(s.policy)
		pp = &v
	}
	v, err := strconv.ParseInt(s.value, 10, 32)
	if err != nil {
		return inputErr("priority %q is not a 32-bit integer", s.value)
	}
	if v > highestUserDefinablePriority {
		return inputErr("priority class %q: value %d is rejected by the API server (at most %d for user classes)", s.name, v, highestUserDefinablePriority)
	}
	if strings.HasPrefix(s.name, "system-") {
		return inputErr("priority class %q: the system- prefix is reserved", s.name)
	}
	if err := pl.beforeCluster("a priority class"); err != nil {
		return err
	}
	for _, pc := range pl.setup.PriorityClasses {
		if pc.Name == s.name {
			return inputErr("priority class %q is declared twice", s.name)
		}
	}
	pl.setup.PriorityClasses = append(pl.setup.PriorityClasses, &schedulingv1.PriorityClass{
		ObjectMeta: metav1.ObjectMeta{Name: s.name}, Value: int32(v), PreemptionPolicy: pp,
	})
	return nil
}

// priorityClassOf is the class that gives a pod the priority v (`a pod
// "batch" with priority 100`): `priority-100`, declared the first time a
// step asks for it, as `Given a priority class "priority-100" with value
// 100` declares it (a pod's own spec.priority the API server refuses: the
// Priority admission plugin computes it from the class).
func (pl *Plan) priorityClassOf(v string) (string, error) {
	n, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		return "", inputErr("priority %q is not a 32-bit integer", v)
	}
	name := fmt.Sprintf("priority-%d", n)
	if n < 0 {
		name = fmt.Sprintf("priority-minus-%d", -n)
	}
	for _, pc := range pl.setup.PriorityClasses {
		if pc.Name != name {
			continue
		}
		if int64(pc.Value) != n {
			return "", inputErr("priority class %q has value %d, not %d", name, pc.Value, n)
		}
		return name, nil
	}
	return name, priorityClass{name: name, value: v}.Declare(pl)
}

// Given node "worker-1" is tainted "dedicated=infra:NoSchedule"; as an
// action (When), the taint is added to the running node (nodes.go).
type nodeTainted struct{ node, taint string }

func (s nodeTainted) Declare(pl *Plan) error {
	t, err := parseTaint(s.taint)
	if err != nil {
		return err
	}
	if pl.kind == Action {
		return nil
	}
	if err := pl.beforeCluster("a taint"); err != nil {
		return err
	}
	n, err := pl.node(s.node)
	if err != nil {
		return err
	}
	n.Spec.Taints = append(n.Spec.Taints, t)
	return nil
}

func (s nodeTainted) Run(ctx context.Context, st *State) error {
	if st.stepType != Action {
		return nil
	}
	t, _ := parseTaint(s.taint) // checked by Declare
	return taintRunningNode(ctx, st, s.node, t, false)
}

// parseTaint reads kubectl's taint syntax: key[=value]:Effect.
func parseTaint(s string) (corev1.Taint, error) {
	kv, effect, ok := strings.Cut(s, ":")
	if !ok {
		return corev1.Taint{}, inputErr("taint %q is not key[=value]:Effect", s)
	}
	key, value, _ := strings.Cut(kv, "=")
	switch corev1.TaintEffect(effect) {
	case corev1.TaintEffectNoSchedule, corev1.TaintEffectPreferNoSchedule, corev1.TaintEffectNoExecute:
	default:
		return corev1.Taint{}, inputErr("taint effect %q is not NoSchedule, PreferNoSchedule or NoExecute", effect)
	}
	if key == "" {
		return corev1.Taint{}, inputErr("taint %q has no key", s)
	}
	return corev1.Taint{Key: key, Value: value, Effect: corev1.TaintEffect(effect)}, nil
}
