package steps

import (
	"context"
	"regexp"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
)

// highestUserDefinablePriority is the API server's limit for user classes
// (pkg/apis/scheduling/types.go).
const highestUserDefinablePriority = 1000000000

func clusterSteps() []Def {
	const f = "cluster"
	return []Def{
		def(f, `^a cluster$`, `Given a cluster`, aCluster),
		def(f, `^a kubelet of version "([^"]*)"$`, `Given a kubelet of version "1.29"`, kubeletVersion),
		def(f, `^a node "([^"]*)"$`, `Given a node "worker-1"`, aNode),
		def(f, `^a node "([^"]*)" with (\S+) CPU, (\S+) memory and (\S+) pods$`, `Given a node "worker-1" with 4 CPU, 8Gi memory and 110 pods`, aSizedNode),
		def(f, `^a priority class "([^"]*)" with value (\S+)(?: and preemptionPolicy (\S+))?$`, `Given a priority class "high" with value 1000000`, aPriorityClass),
		def(f, `^node "([^"]*)" is tainted "([^"]*)"$`, `Given node "worker-1" is tainted "dedicated=infra:NoSchedule"`, nodeTainted),
	}
}

// Given a cluster
func aCluster(ctx context.Context) error { return nil }

var minorVersion = regexp.MustCompile(`^v?1\.\d+(\.\d+)?$`)

// Given a kubelet of version "1.29"
func kubeletVersion(ctx context.Context, v string) error {
	st := From(ctx)
	if !minorVersion.MatchString(v) {
		return inputErr("kubelet version %q is not of the form 1.N", v)
	}
	if err := st.beforeCluster("a kubelet version"); err != nil {
		return err
	}
	st.setup.KubeletVersion = v
	st.need(driver.KubeletProfiles, "asks for kubelet "+v)
	return nil
}

// beforeCluster refuses cluster declarations once the cluster runs.
func (st *State) beforeCluster(what string) error {
	if st.configured || st.anyCreated() {
		return inputErr("%s must be declared before the first pod is created", what)
	}
	return nil
}

func (st *State) anyCreated() bool {
	for _, p := range st.pods {
		if p.created {
			return true
		}
	}
	return false
}

// Given a node "worker-1"
func aNode(ctx context.Context, name string) error {
	n := defaultNode()
	n.Name = name
	n.Labels["kubernetes.io/hostname"] = name
	return From(ctx).addNode(n)
}

// Given a node "worker-1" with 4 CPU, 8Gi memory and 110 pods
func aSizedNode(ctx context.Context, name, cpu, mem, pods string) error {
	c, err := parseQuantity(cpu)
	if err != nil {
		return err
	}
	m, err := parseQuantity(mem)
	if err != nil {
		return err
	}
	p, err := parseQuantity(pods)
	if err != nil {
		return err
	}
	return From(ctx).addNode(newNode(name, c, m, p))
}

func (st *State) addNode(n *corev1.Node) error {
	if err := st.beforeCluster("a node"); err != nil {
		return err
	}
	if st.findNode(n.Name) != nil {
		return inputErr("node %q is declared twice", n.Name)
	}
	st.setup.Nodes = append(st.setup.Nodes, n)
	return nil
}

func (st *State) findNode(name string) *corev1.Node {
	for _, n := range st.setup.Nodes {
		if n.Name == name {
			return n
		}
	}
	return nil
}

// node returns a declared node, declaring the default one when a scenario
// that declared none names "worker-1".
func (st *State) node(name string) (*corev1.Node, error) {
	if n := st.findNode(name); n != nil {
		return n, nil
	}
	if len(st.setup.Nodes) == 0 && name == "worker-1" && !st.configured {
		n := defaultNode()
		st.setup.Nodes = append(st.setup.Nodes, n)
		return n, nil
	}
	return nil, undeclaredErr("node %q is not declared (declare it with: Given a node %q)", name, name)
}

// Given a priority class "high" with value 1000000; with `and
// preemptionPolicy Never` its pods wait instead of preempting (a pod may
// not set the policy itself: the Priority admission plugin refuses one
// that differs from its class's).
func aPriorityClass(ctx context.Context, name, value, policy string) error {
	st := From(ctx)
	var pp *corev1.PreemptionPolicy
	if policy != "" {
		if err := oneOf("preemptionPolicy", policy, string(corev1.PreemptLowerPriority), string(corev1.PreemptNever)); err != nil {
			return err
		}
		v := corev1.PreemptionPolicy(policy)
		pp = &v
	}
	v, err := strconv.ParseInt(value, 10, 32)
	if err != nil {
		return inputErr("priority %q is not a 32-bit integer", value)
	}
	if v > highestUserDefinablePriority {
		return inputErr("priority class %q: value %d is rejected by the API server (at most %d for user classes)", name, v, highestUserDefinablePriority)
	}
	if strings.HasPrefix(name, "system-") {
		return inputErr("priority class %q: the system- prefix is reserved", name)
	}
	if err := st.beforeCluster("a priority class"); err != nil {
		return err
	}
	for _, pc := range st.setup.PriorityClasses {
		if pc.Name == name {
			return inputErr("priority class %q is declared twice", name)
		}
	}
	st.setup.PriorityClasses = append(st.setup.PriorityClasses, &schedulingv1.PriorityClass{
		ObjectMeta: metav1.ObjectMeta{Name: name}, Value: int32(v), PreemptionPolicy: pp,
	})
	return nil
}

// Given node "worker-1" is tainted "dedicated=infra:NoSchedule"; as an
// action (When), the taint is added to the running node (nodes.go).
func nodeTainted(ctx context.Context, name, taint string) error {
	st := From(ctx)
	t, err := parseTaint(taint)
	if err != nil {
		return err
	}
	if st.stepType == Action {
		return st.taintRunningNode(ctx, name, t, false)
	}
	if err := st.beforeCluster("a taint"); err != nil {
		return err
	}
	n, err := st.node(name)
	if err != nil {
		return err
	}
	n.Spec.Taints = append(n.Spec.Taints, t)
	return nil
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
