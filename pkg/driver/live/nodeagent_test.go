package live

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
	utilexec "k8s.io/client-go/util/exec"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
)

// TestAgentDaemonSet pins the node agent's spec: what lets it act on its
// node, outlast what scenarios do to that node, and go with its run.
func TestAgentDaemonSet(t *testing.T) {
	for _, tc := range []struct {
		name      string
		image     string
		nodes     []string
		wantImage string
		// terms checks the node selection.
		terms func([]corev1.NodeSelectorTerm) bool
	}{
		{name: "on the pool's nodes when no nodes are named", wantImage: behavior.Image,
			terms: func(tms []corev1.NodeSelectorTerm) bool {
				if len(tms) != 1 {
					return false
				}
				tm := tms[0]
				return len(tm.MatchFields) == 0 && len(tm.MatchExpressions) == 1 && tm.MatchExpressions[0].Key == cluster.PoolLabel &&
					tm.MatchExpressions[0].Operator == corev1.NodeSelectorOpIn && slices.Equal(tm.MatchExpressions[0].Values, []string{"true"})
			}},
		{name: "on the named nodes only, by metadata.name", image: "registry.example/agent:v2", nodes: []string{"pool-2", "worker", "pool-1"}, wantImage: "registry.example/agent:v2",
			terms: func(tms []corev1.NodeSelectorTerm) bool {
				// One term per node, one value each: the API server refuses
				// a field requirement of several values.
				var names []string
				for _, tm := range tms {
					if len(tm.MatchExpressions) != 0 || len(tm.MatchFields) != 1 || tm.MatchFields[0].Key != "metadata.name" || len(tm.MatchFields[0].Values) != 1 {
						return false
					}
					names = append(names, tm.MatchFields[0].Values[0])
				}
				return slices.Equal(names, []string{"pool-1", "pool-2", "worker"})
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ns, ds := agentObjects("run-1", tc.image, tc.nodes)
			want := map[string]string{LabelRun: "run-1", LabelPart: agentPart}
			// Labelled as the run's, so that its sweep and `podlife cleanup
			// --run` delete it.
			for what, l := range map[string]map[string]string{"namespace": ns.Labels, "daemon set": ds.Labels, "pod template": ds.Spec.Template.Labels} {
				for k, v := range want {
					if l[k] != v {
						t.Errorf("%s label %s=%q, want %q", what, k, l[k], v)
					}
				}
			}
			if ns.Name != "podlife-system-run-1" || ds.Namespace != ns.Name || ds.Name != AgentDaemonSet {
				t.Errorf("placed as %s/%s in namespace %s", ds.Namespace, ds.Name, ns.Name)
			}
			for k, v := range ds.Spec.Selector.MatchLabels {
				if ds.Spec.Template.Labels[k] != v {
					t.Errorf("the selector's %s=%s does not select the template", k, v)
				}
			}
			p := ds.Spec.Template.Spec
			// Host PID: PID 1 is the node's init, /proc/1/root its root.
			if !p.HostPID {
				t.Error("not in the host's PID namespace")
			}
			// The node's network: node-serve at the node's IP, which the
			// API server's pod proxy reaches as it reaches the kubelet.
			if !p.HostNetwork {
				t.Error("not in the node's network namespace")
			}
			// Critical: the eviction manager never evicts it (evictPod's
			// IsCriticalPod).
			if p.PriorityClassName != "system-node-critical" {
				t.Errorf("priority class %q", p.PriorityClassName)
			}
			// Every taint tolerated: a scenario's, a cordon's, a condition's.
			if len(p.Tolerations) != 1 || p.Tolerations[0].Operator != corev1.TolerationOpExists || p.Tolerations[0].Key != "" || p.Tolerations[0].Effect != "" {
				t.Errorf("tolerations %+v, want one that tolerates everything", p.Tolerations)
			}
			terms := p.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms
			if !tc.terms(terms) {
				t.Errorf("node selection %+v", terms)
			}
			if len(p.Containers) != 1 {
				t.Fatalf("%d containers", len(p.Containers))
			}
			c := p.Containers[0]
			if c.Name != agentContainer || c.Image != tc.wantImage || !slices.Equal(c.Command, []string{"/podlife-agent", "node-serve", "--listen", fmt.Sprintf(":%d", agentServePort("run-1"))}) || len(c.Ports) != 1 || int(c.Ports[0].ContainerPort) != agentServePort("run-1") {
				t.Errorf("container %s image %s command %v", c.Name, c.Image, c.Command)
			}
			if c.SecurityContext == nil || c.SecurityContext.Privileged == nil || !*c.SecurityContext.Privileged {
				t.Error("not privileged")
			}
			// Nothing requested: a leased node's room is what it was.
			if len(c.Resources.Requests) > 0 || len(c.Resources.Limits) > 0 {
				t.Errorf("resources %+v", c.Resources)
			}
		})
	}
}

func nodeAgentPod(name, node string, phase corev1.PodPhase, mod ...func(*corev1.Pod)) *corev1.Pod {
	p := &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: agentNamespace("run-1"), Labels: map[string]string{LabelRun: "run-1", LabelPart: agentPart}},
		Spec:       corev1.PodSpec{NodeName: node},
		Status:     corev1.PodStatus{Phase: phase},
	}
	for _, m := range mod {
		m(p)
	}
	return p
}

// call is one exec the agent route made.
type call struct {
	ns, pod string
	argv    []string
	in      string
}

// TestAgentRoutePodPerNode: each node's commands go to the running agent
// pod on that node, as `podlife-agent node-exec --cgroup-root -- CMD`, and
// a node without one is named with its pod's state.
func TestAgentRoutePodPerNode(t *testing.T) {
	deleting := func(p *corev1.Pod) { now := metav1.Now(); p.DeletionTimestamp = &now; p.Finalizers = []string{"x"} }
	cs := fake.NewClientset(
		nodeAgentPod("agent-a", "pool-a", corev1.PodRunning),
		nodeAgentPod("agent-b-gone", "pool-b", corev1.PodRunning, deleting),
		nodeAgentPod("agent-b-new", "pool-b", corev1.PodRunning),
		nodeAgentPod("agent-c", "pool-c", corev1.PodPending, func(p *corev1.Pod) {
			p.Status.ContainerStatuses = []corev1.ContainerStatus{{Name: "agent", State: corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: "ErrImagePull", Message: "podlife.local/agent:v1 not found"}}}}
		}),
		// Another namespace's pod on pool-a, labelled alike: not the run's
		// agent.
		&corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "impostor", Namespace: "default", Labels: map[string]string{LabelPart: agentPart}},
			Spec: corev1.PodSpec{NodeName: "pool-a"}, Status: corev1.PodStatus{Phase: corev1.PodRunning}},
	)
	var calls []call
	sh := &agentShell{cs: cs, ns: agentNamespace("run-1"), pods: map[string]string{},
		exec: func(_ context.Context, ns, pod string, argv []string, in io.Reader, out io.Writer) error {
			c := call{ns: ns, pod: pod, argv: argv}
			if in != nil {
				b, _ := io.ReadAll(in)
				c.in = string(b)
			}
			calls = append(calls, c)
			_, _ = io.WriteString(out, "ok from "+pod)
			return nil
		}}
	for _, tc := range []struct {
		node, pod, err string
	}{
		{node: "pool-a", pod: "agent-a"},
		{node: "pool-b", pod: "agent-b-new"}, // not the one being deleted
		{node: "pool-c", err: "node pool-c's agent is not running: pod agent-c Pending, container agent waiting: ErrImagePull podlife.local/agent:v1 not found"},
		{node: "pool-d", err: "node pool-d has no node agent pod"},
	} {
		calls = nil
		out, err := sh.Exec(context.Background(), tc.node, strings.NewReader("cfg"), "sh", "-c", "cat > /x")
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.node, err, tc.err)
			}
			if len(calls) > 0 {
				t.Errorf("%s: exec'd %v without a running agent", tc.node, calls)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.node, err)
		}
		want := call{ns: "podlife-system-run-1", pod: tc.pod, argv: []string{"/podlife-agent", "node-exec", "--cgroup-root", "--", "sh", "-c", "cat > /x"}, in: "cfg"}
		if len(calls) != 1 || calls[0].ns != want.ns || calls[0].pod != want.pod || !slices.Equal(calls[0].argv, want.argv) || calls[0].in != want.in {
			t.Errorf("%s: exec %+v, want %+v", tc.node, calls, want)
		}
		if string(out) != "ok from "+tc.pod {
			t.Errorf("%s: output %q", tc.node, out)
		}
	}
}

// TestAgentRouteErrors: a command's exit code comes back as the kind
// route's did (an error carrying it), and only a failure of the exec
// itself makes the route look for the node's agent pod again.
func TestAgentRouteErrors(t *testing.T) {
	cs := fake.NewClientset(nodeAgentPod("agent-a", "pool-a", corev1.PodRunning))
	var next error
	sh := &agentShell{cs: cs, ns: agentNamespace("run-1"), pods: map[string]string{},
		exec: func(context.Context, string, string, []string, io.Reader, io.Writer) error { return next }}
	next = utilexec.CodeExitError{Err: errors.New("command terminated with exit code 1"), Code: 1}
	_, err := sh.Exec(context.Background(), "pool-a", nil, "test", "-f", "/x.filled")
	var exit utilexec.ExitError
	if !errors.As(err, &exit) || exit.ExitStatus() != 1 {
		t.Errorf("exit 1: error %v, want one carrying the exit status", err)
	}
	if _, ok := sh.pods["pool-a"]; !ok {
		t.Error("a command's failure dropped the node's pod")
	}
	next = errors.New("error dialing backend: connection refused")
	if _, err := sh.Exec(context.Background(), "pool-a", nil, "true"); err == nil || errors.As(err, &exit) {
		t.Errorf("a failed exec: error %v", err)
	}
	if _, ok := sh.pods["pool-a"]; ok {
		t.Error("a failed exec kept the node's pod")
	}
}

// TestSweepDeletesTheRunsAgentOnly: the run's sweep (and so `podlife
// cleanup --run`) deletes its agent's namespace and DaemonSet, never
// another run's, nor a namespace of the same kind without the label.
func TestSweepDeletesTheRunsAgentOnly(t *testing.T) {
	ns1, ds1 := agentObjects("run-1", "", nil)
	ns2, ds2 := agentObjects("run-2", "", nil)
	theirs := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "podlife-system"}}
	theirDS := &appsv1.DaemonSet{ObjectMeta: metav1.ObjectMeta{Name: AgentDaemonSet, Namespace: "podlife-system"}}
	cs := fake.NewClientset(ns1, ds1, ns2, ds2, theirs, theirDS)
	if err := SweepWait(context.Background(), cs, "run-1", time.Second); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{ns2.Name, "podlife-system"} {
		if _, err := cs.CoreV1().Namespaces().Get(context.Background(), name, metav1.GetOptions{}); err != nil {
			t.Errorf("namespace %s: %v", name, err)
		}
	}
	if _, err := cs.CoreV1().Namespaces().Get(context.Background(), ns1.Name, metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Errorf("run-1's agent namespace: %v, want it gone", err)
	}
	var dsDeleted []string
	for _, a := range cs.Actions() {
		if dc, ok := a.(k8stesting.DeleteCollectionAction); ok && a.GetResource().Resource == "daemonsets" {
			dsDeleted = append(dsDeleted, dc.GetNamespace()+" "+dc.GetListRestrictions().Labels.String())
		}
	}
	if want := []string{ns1.Name + " " + LabelRun + "=run-1"}; !slices.Equal(dsDeleted, want) {
		t.Errorf("daemon sets deleted %v, want %v", dsDeleted, want)
	}
}

func TestParseNodeRoute(t *testing.T) {
	for in, want := range map[string]string{"": RouteDocker, "docker": RouteDocker, "agent": RouteAgent, "ssh": ""} {
		got, err := ParseNodeRoute(in)
		if got != want || (want == "") != (err != nil) {
			t.Errorf("ParseNodeRoute(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// TestAgentKubeletRestartSince: a kubelet restart through the agent gives
// the new kubelet's start by the node's clock (what its first heartbeat
// follows), not the time its PID was first seen: the exec that sees it
// passes through the restarted kubelet, after that heartbeat was sent.
// The old process's start and the reads that fail while the kubelet is
// down are passed over.
func TestAgentKubeletRestartSince(t *testing.T) {
	cs := fake.NewClientset(nodeAgentPod("agent-a", "pool-a", corev1.PodRunning))
	shows, restarted := 0, false
	sh := &agentShell{cs: cs, ns: agentNamespace("run-1"), pods: map[string]string{},
		exec: func(_ context.Context, _, _ string, argv []string, _ io.Reader, out io.Writer) error {
			cmd := strings.Join(argv[4:], " ")
			switch {
			case strings.HasPrefix(cmd, "sh -c setsid"):
				restarted = true
			case strings.HasPrefix(cmd, "systemctl show --timestamp=unix"):
				shows++
				switch {
				case !restarted:
					io.WriteString(out, "MainPID=100\nExecMainStartTimestamp=@1795960000\n")
				case shows == 2:
					return errors.New("error dialing backend: connection refused")
				default:
					io.WriteString(out, "MainPID=200\nExecMainStartTimestamp=@1795971075\n")
				}
			default:
				t.Errorf("unexpected command %q", cmd)
			}
			return nil
		}}
	got, err := sh.restartKubelet(context.Background(), "pool-a", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Unix(1795971075, 0); !got.Equal(want) {
		t.Errorf("since %s, want the new kubelet's start %s", got.UTC(), want.UTC())
	}
	if shows != 3 {
		t.Errorf("%d reads of the kubelet's process, want 3 (before, down, new)", shows)
	}
}

// TestAgentKubeletThatDoesNotComeBack: a kubelet whose new process is
// not seen within the limit is the cluster's fault (an infrastructure
// error, the scenario no verdict), not a failed scenario.
func TestAgentKubeletThatDoesNotComeBack(t *testing.T) {
	cs := fake.NewClientset(nodeAgentPod("agent-a", "pool-a", corev1.PodRunning))
	restarted := false
	sh := &agentShell{cs: cs, ns: agentNamespace("run-1"), pods: map[string]string{},
		exec: func(_ context.Context, _, _ string, argv []string, _ io.Reader, out io.Writer) error {
			if strings.HasPrefix(strings.Join(argv[4:], " "), "sh -c setsid") {
				restarted = true
				return nil
			}
			if restarted {
				return errors.New("unable to upgrade streaming request: websocket: bad handshake (403 Forbidden)")
			}
			_, _ = io.WriteString(out, "MainPID=100\nExecMainStartTimestamp=@1795960000\n")
			return nil
		}}
	_, err := sh.restartKubelet(context.Background(), "pool-a", time.Second)
	if !errors.Is(err, driver.ErrInfrastructure) {
		t.Errorf("a kubelet not seen again: %v; want an infrastructure fault", err)
	}
}

func TestParseKubeletProcess(t *testing.T) {
	for _, tc := range []struct {
		in      string
		pid     string
		started int64 // 0: zero time
		bad     bool
	}{
		{in: "MainPID=1487\nExecMainStartTimestamp=@1795971075\n", pid: "1487", started: 1795971075},
		{in: "MainPID=0\nExecMainStartTimestamp=\n", pid: "0"},
		{in: "MainPID=1487\nExecMainStartTimestamp=Sun 2026-11-29 16:51:15 UTC\n", bad: true},
		{in: "ExecMainStartTimestamp=@1795971075\n", bad: true},
	} {
		p, err := parseKubeletProcess([]byte(tc.in))
		if tc.bad {
			if err == nil {
				t.Errorf("%q: no error, got %+v", tc.in, p)
			}
			continue
		}
		var want time.Time
		if tc.started != 0 {
			want = time.Unix(tc.started, 0)
		}
		if err != nil || p.pid != tc.pid || !p.started.Equal(want) {
			t.Errorf("%q: %+v, %v; want pid %s started %s", tc.in, p, err, tc.pid, want)
		}
	}
}
