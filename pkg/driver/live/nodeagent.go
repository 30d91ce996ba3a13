package live

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"net/url"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/remotecommand"
	utilexec "k8s.io/client-go/util/exec"
	"k8s.io/streaming/pkg/httpstream"

	"github.com/podlife/podlife/pkg/agent"
	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
)

// The node agent: a DaemonSet of podlife's agent image, privileged and in
// the host's PID namespace, whose pods the agent route (agentShell) execs
// `podlife-agent node-exec` in to run a command on their node
// (pkg/agent, nodeexec.go). Its namespace is the run's own, labelled
// podlife.io/run=<run id>: the run's sweep and `podlife cleanup --run`
// delete it with the rest, after the nodes are restored through it.
const (
	// AgentDaemonSet is the DaemonSet's name.
	AgentDaemonSet = "podlife-node-agent"
	// agentNamespacePrefix starts the agent's namespace's name; the run id
	// ends it, so that two runs on one cluster have one each.
	agentNamespacePrefix = "podlife-system-"
	// agentContainer is the agent pod's one container.
	agentContainer = "agent"
	// LabelPart marks what podlife runs for itself rather than for a
	// scenario; the agent's pods are found by it.
	LabelPart = "podlife.io/part"
	agentPart = "node-agent"
	// agentWait bounds the wait for an agent pod Running on every node.
	agentWait = 3 * time.Minute
)

// agentNamespace is the run's agent namespace.
func agentNamespace(runID string) string {
	name := agentNamespacePrefix + runID
	if len(name) > 63 {
		name = strings.TrimRight(name[:63], "-.")
	}
	return name
}

// agentObjects are the namespace and the DaemonSet of a run's node agent,
// on the nodes named, or on the pool's (cluster.PoolLabel) when none are.
//
// Its pods must outlast what scenarios do to their node: priority class
// system-node-critical, which makes them critical pods the kubelet's
// eviction manager never evicts and admits under pressure
// (pkg/kubelet/eviction/eviction_manager.go, managerImpl.evictPod and
// managerImpl.Admit, through IsCriticalPod of
// pkg/kubelet/types/pod_update.go, v1.36.3); they tolerate every taint
// (operator Exists, no key), so that a scenario's taints, a cordon or a
// pressure condition's taint never drive them off; they request nothing,
// so that a leased node's room for the scenario's pods is what it was
// (the pool counts them among the node's own pods, residentsOf).
func agentObjects(runID, image string, nodes []string) (*corev1.Namespace, *appsv1.DaemonSet) {
	if image == "" {
		image = behavior.Image
	}
	lbl := map[string]string{LabelRun: runID, LabelPart: agentPart}
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: agentNamespace(runID), Labels: lbl}}
	req := corev1.NodeSelectorRequirement{Key: cluster.PoolLabel, Operator: corev1.NodeSelectorOpIn, Values: []string{"true"}}
	terms := []corev1.NodeSelectorTerm{{MatchExpressions: []corev1.NodeSelectorRequirement{req}}}
	if len(nodes) > 0 {
		// By name: the DaemonSet controller places a pod on each node whose
		// metadata.name a term names, one term per node (ORed): the API
		// server takes one value in a field requirement (refused on kind,
		// 2026-11-29, with all of them in one).
		terms = nil
		for _, n := range slices.Sorted(slices.Values(nodes)) {
			terms = append(terms, corev1.NodeSelectorTerm{MatchFields: []corev1.NodeSelectorRequirement{{
				Key: metav1.ObjectNameField, Operator: corev1.NodeSelectorOpIn, Values: []string{n},
			}}})
		}
	}
	yes, grace := true, int64(1)
	port := agentServePort(runID)
	ds := &appsv1.DaemonSet{
		ObjectMeta: metav1.ObjectMeta{Name: AgentDaemonSet, Namespace: ns.Name, Labels: lbl},
		Spec: appsv1.DaemonSetSpec{
			Selector: &metav1.LabelSelector{MatchLabels: lbl},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: lbl},
				Spec: corev1.PodSpec{
					HostPID: true,
					// In the node's network namespace, its IP the pod's: the
					// API server's pod proxy reaches node-serve where it
					// reaches the kubelet, at the node's IP. A pod IP is not
					// reachable from the control plane everywhere: on
					// podlife's offline kind clusters each node's static
					// bridge CNI gives every node the same pod range
					// (two agent pods at 10.244.0.2, and the proxy refused,
					// 2026-11-29 20:26).
					HostNetwork:       true,
					PriorityClassName: "system-node-critical",
					Tolerations:       []corev1.Toleration{{Operator: corev1.TolerationOpExists}},
					Affinity: &corev1.Affinity{NodeAffinity: &corev1.NodeAffinity{
						RequiredDuringSchedulingIgnoredDuringExecution: &corev1.NodeSelector{NodeSelectorTerms: terms},
					}},
					// node-serve ends at SIGTERM: a second is enough.
					TerminationGracePeriodSeconds: &grace,
					AutomountServiceAccountToken:  new(bool),
					Containers: []corev1.Container{{
						Name:            agentContainer,
						Image:           image,
						ImagePullPolicy: corev1.PullIfNotPresent,
						// The execs come beside it; it serves the kubelet's
						// state and its start again after a run stopped it,
						// through the API server's pod proxy, which needs no
						// kubelet (pkg/agent, nodeserve.go).
						Command:         []string{behavior.Path, agent.NodeServe, "--listen", fmt.Sprintf(":%d", port)},
						Ports:           []corev1.ContainerPort{{Name: "node-serve", ContainerPort: int32(port), Protocol: corev1.ProtocolTCP}},
						SecurityContext: &corev1.SecurityContext{Privileged: &yes},
					}},
				},
			},
		},
	}
	return ns, ds
}

// agentServePort is the port of a run's node-serve, on the node's
// network: one of its own, so that two runs' agents on one node do not
// meet (the scheduler's NodePorts filter would keep the second off).
func agentServePort(runID string) int {
	h := fnv.New32a()
	_, _ = h.Write([]byte(runID))
	return 20000 + int(h.Sum32()%10000)
}

// deployAgent creates the run's node agent, or finds it there (another
// process of the run made it), and waits until an agent pod runs on each
// node; the error names each node whose agent is missing and why.
func deployAgent(ctx context.Context, cs kubernetes.Interface, runID, image string, nodes []string, logf func(string, ...any)) (map[string]string, error) {
	ns, ds := agentObjects(runID, image, nodes)
	if _, err := cs.CoreV1().Namespaces().Create(ctx, ns, metav1.CreateOptions{}); apierrors.IsAlreadyExists(err) {
		got, err := cs.CoreV1().Namespaces().Get(ctx, ns.Name, metav1.GetOptions{})
		if err != nil {
			return nil, fmt.Errorf("node agent: %w", err)
		}
		if got.Labels[LabelRun] != runID {
			return nil, fmt.Errorf("node agent: namespace %s exists and is not run %s's (label %s=%q)", ns.Name, runID, LabelRun, got.Labels[LabelRun])
		}
	} else if err != nil {
		return nil, fmt.Errorf("node agent: creating namespace %s: %w", ns.Name, err)
	}
	if _, err := cs.AppsV1().DaemonSets(ns.Name).Create(ctx, ds, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
		return nil, fmt.Errorf("node agent: creating DaemonSet %s/%s: %w", ns.Name, ds.Name, err)
	}
	t0 := time.Now()
	deadline := t0.Add(agentWait)
	for {
		pods, missing, err := agentPods(ctx, cs, ns.Name, nodes)
		if err == nil && len(missing) == 0 {
			logf("node agent %s/%s runs on %d nodes (%s)", ns.Name, ds.Name, len(pods), time.Since(t0).Round(100*time.Millisecond))
			return pods, nil
		}
		if err == nil {
			err = fmt.Errorf("%s", strings.Join(missing, "; "))
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("node agent %s/%s not running on every node within %s: %w", ns.Name, ds.Name, agentWait, err)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("node agent: %w (%v)", ctx.Err(), err)
		case <-time.After(time.Second):
		}
	}
}

// agentPods finds the agent pod on each node, and says for each node
// without a running one why.
func agentPods(ctx context.Context, cs kubernetes.Interface, ns string, nodes []string) (map[string]string, []string, error) {
	list, err := cs.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: labels.Set{LabelPart: agentPart}.String()})
	if err != nil {
		return nil, nil, fmt.Errorf("listing the node agent's pods in %s: %w", ns, err)
	}
	pods := map[string]string{}
	var missing []string
	for _, node := range nodes {
		name, err := pickAgentPod(list.Items, node)
		if err != nil {
			missing = append(missing, err.Error())
			continue
		}
		pods[node] = name
	}
	return pods, missing, nil
}

// pickAgentPod is the node's running agent pod (spec.nodeName), or an
// error that says what its pod is doing instead.
func pickAgentPod(pods []corev1.Pod, node string) (string, error) {
	var not []string
	for _, p := range pods {
		if p.Spec.NodeName != node {
			continue
		}
		if p.DeletionTimestamp == nil && p.Status.Phase == corev1.PodRunning {
			return p.Name, nil
		}
		not = append(not, describeAgentPod(p))
	}
	if len(not) == 0 {
		// A pod the scheduler could not place has no node: its conditions
		// say why.
		for _, p := range pods {
			if p.Spec.NodeName == "" {
				not = append(not, describeAgentPod(p))
			}
		}
	}
	if len(not) == 0 {
		return "", fmt.Errorf("node %s has no node agent pod (is it tainted against the DaemonSet, or not selected?)", node)
	}
	sort.Strings(not)
	return "", fmt.Errorf("node %s's agent is not running: %s", node, strings.Join(not, ", "))
}

func describeAgentPod(p corev1.Pod) string {
	why := []string{string(p.Status.Phase)}
	if p.DeletionTimestamp != nil {
		why = append(why, "deleting")
	}
	for _, c := range p.Status.Conditions {
		if c.Status != corev1.ConditionTrue && c.Reason != "" {
			why = append(why, fmt.Sprintf("%s: %s %s", c.Type, c.Reason, c.Message))
		}
	}
	for _, c := range p.Status.ContainerStatuses {
		if w := c.State.Waiting; w != nil {
			why = append(why, fmt.Sprintf("container %s waiting: %s %s", c.Name, w.Reason, w.Message))
		}
	}
	return fmt.Sprintf("pod %s %s", p.Name, strings.TrimSpace(strings.Join(why, ", ")))
}

// execFunc runs argv in a pod's agent container, through the API server:
// remoteExec, or a test's.
type execFunc func(ctx context.Context, ns, pod string, argv []string, in io.Reader, out io.Writer) error

// agentShell is the agent route: each command runs as `podlife-agent
// node-exec --cgroup-root -- CMD ARGS...` in the agent pod on the node,
// so in the node's root filesystem and root cgroup, as `docker exec` in a
// kind node's container ran it (on cgroup v1 node-exec refuses: see
// pkg/agent).
type agentShell struct {
	cs    kubernetes.Interface
	ns    string
	exec  execFunc
	proxy proxyFunc
	mu    sync.Mutex
	pods  map[string]string // by node: its agent pod, as last found
}

func newAgentShell(cs kubernetes.Interface, cfg *rest.Config, ns string, pods map[string]string, port int) *agentShell {
	return &agentShell{cs: cs, ns: ns, pods: pods, exec: remoteExec(cs, cfg), proxy: remoteProxy(cs, port)}
}

// nodeExecArgv is the agent's command line for cmd.
func nodeExecArgv(cmd string, args ...string) []string {
	return append([]string{behavior.Path, agent.NodeExec, "--cgroup-root", "--", cmd}, args...)
}

// pod is the node's agent pod: the one found last, else looked up again.
func (a *agentShell) pod(ctx context.Context, node string) (string, error) {
	a.mu.Lock()
	name, ok := a.pods[node]
	a.mu.Unlock()
	if ok {
		return name, nil
	}
	pods, missing, err := agentPods(ctx, a.cs, a.ns, []string{node})
	if err != nil {
		return "", err
	}
	if len(missing) > 0 {
		return "", errors.New(missing[0])
	}
	a.mu.Lock()
	a.pods[node] = pods[node]
	a.mu.Unlock()
	return pods[node], nil
}

// forget drops a node's pod after a failure of the exec itself (not of
// the command): the next command looks it up again.
func (a *agentShell) forget(node string, err error) {
	var exit utilexec.ExitError
	if !errors.As(err, &exit) {
		a.mu.Lock()
		delete(a.pods, node)
		a.mu.Unlock()
	}
}

func (a *agentShell) Exec(ctx context.Context, node string, in io.Reader, cmd string, args ...string) ([]byte, error) {
	pod, err := a.pod(ctx, node)
	if err != nil {
		return nil, err
	}
	var out lockedBuffer
	err = a.exec(ctx, a.ns, pod, nodeExecArgv(cmd, args...), in, &out)
	if err != nil {
		a.forget(node, err)
		err = fmt.Errorf("through node agent %s/%s: %w", a.ns, pod, err)
	}
	return out.Bytes(), err
}

// Stream follows the command while ctx lasts. An exec through the API
// server passes through the node's kubelet, and ends when the kubelet
// restarts (a lease's configuration, an upgrade): the command is run
// again, a second later, as long as the exec itself failed (not the
// command).
func (a *agentShell) Stream(ctx context.Context, node string, out io.Writer, cmd string, args ...string) error {
	for {
		pod, err := a.pod(ctx, node)
		if err == nil {
			err = a.exec(ctx, a.ns, pod, nodeExecArgv(cmd, args...), nil, out)
			a.forget(node, err)
		}
		var exit utilexec.ExitError
		if ctx.Err() != nil || errors.As(err, &exit) || err == nil {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(time.Second):
		}
	}
}

// restartKubelet restarts the node's kubelet and returns, once a new
// kubelet process runs, the time it started by the node's clock. The exec
// that asks for it goes through that kubelet: the restart is left to run
// a second after the exec returned (setsid, in the node's root cgroup),
// and the kubelet's main PID, read before, tells when it happened.
//
// The start time, not the time the new process was seen, is what the
// wait for the kubelet's return compares heartbeats with: the new kubelet
// reports its node's status at once, before an exec through it can see
// its PID, and then only when a condition changes or every
// nodeStatusReportFrequency (5 min by default; pkg/kubelet/kubelet_node_status.go
// updateNodeStatus and tryUpdateNodeStatus, v1.36.3). Compared with the
// time the PID was seen, that first heartbeat was too early and the next
// came after the 2 minutes' wait (nodes.feature:123 through the agent,
// 2026-11-29 16:51: kubelet started 16:51:15, heartbeat 16:51:16, seen
// from 16:51:27).
func (a *agentShell) restartKubelet(ctx context.Context, node string, limit time.Duration) (time.Time, error) {
	show := func() (kubeletProcess, error) {
		b, err := a.Exec(ctx, node, nil, "systemctl", "show", "--timestamp=unix", "--property=MainPID", "--property=ExecMainStartTimestamp", "kubelet")
		if err != nil {
			return kubeletProcess{}, fmt.Errorf("%v: %s", err, strings.TrimSpace(string(b)))
		}
		return parseKubeletProcess(b)
	}
	before, err := show()
	if err != nil {
		return time.Time{}, fmt.Errorf("reading the kubelet's PID on %s: %v", node, err)
	}
	if b, err := a.Exec(ctx, node, nil, "sh", "-c", "setsid sh -c 'sleep 1; systemctl restart kubelet' </dev/null >/dev/null 2>&1 &"); err != nil {
		return time.Time{}, fmt.Errorf("restarting the kubelet of %s: %v: %s", node, err, strings.TrimSpace(string(b)))
	}
	deadline := time.Now().Add(limit)
	for {
		// Fails while the kubelet is down: the exec needs it.
		now, err := show()
		if err == nil && now.pid != before.pid && now.pid != "0" && !now.started.IsZero() {
			return now.started, nil
		}
		if time.Now().After(deadline) {
			// The cluster's fault, not the scenario's: as awaitKubelet
			// says of a kubelet that does not report Ready.
			return time.Time{}, driver.Infrastructure("restarting the kubelet of %s: no new kubelet process within %s (PID %s before; last read: %+v, %v)", node, limit, before.pid, now, err)
		}
		select {
		case <-ctx.Done():
			return time.Time{}, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// kubeletProcess is the kubelet unit's main process as systemd shows it.
type kubeletProcess struct {
	pid     string    // "0" when none runs
	started time.Time // zero when none runs
}

// parseKubeletProcess reads `systemctl show --timestamp=unix
// --property=MainPID --property=ExecMainStartTimestamp`: MainPID=N and
// ExecMainStartTimestamp=@SECONDS (empty when the unit never started).
func parseKubeletProcess(b []byte) (kubeletProcess, error) {
	var p kubeletProcess
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		k, v, _ := strings.Cut(strings.TrimSpace(line), "=")
		switch k {
		case "MainPID":
			p.pid = v
		case "ExecMainStartTimestamp":
			if v == "" {
				continue
			}
			s, ok := strings.CutPrefix(v, "@")
			sec, err := strconv.ParseInt(s, 10, 64)
			if !ok || err != nil {
				return p, fmt.Errorf("the kubelet's start %q is not @SECONDS (systemd before 251 has no --timestamp=unix)", v)
			}
			p.started = time.Unix(sec, 0)
		}
	}
	if p.pid == "" {
		return p, fmt.Errorf("no MainPID in %q", strings.TrimSpace(string(b)))
	}
	return p, nil
}

// lockedBuffer is the one output of an exec's standard output and error,
// which the executor writes from two goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  []byte
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b = append(l.b, p...)
	return len(p), nil
}

func (l *lockedBuffer) Bytes() []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.b)
}

// remoteExec execs through the API server's pods/exec, as kubectl exec
// does: WebSocket, falling back to SPDY where the upgrade fails.
func remoteExec(cs kubernetes.Interface, cfg *rest.Config) execFunc {
	return func(ctx context.Context, ns, pod string, argv []string, in io.Reader, out io.Writer) error {
		req := cs.CoreV1().RESTClient().Post().Resource("pods").Namespace(ns).Name(pod).SubResource("exec").
			VersionedParams(&corev1.PodExecOptions{Container: agentContainer, Command: argv, Stdin: in != nil, Stdout: true, Stderr: true}, scheme.ParameterCodec)
		ex, err := newExecutor(cfg, req.URL())
		if err != nil {
			return err
		}
		return ex.StreamWithContext(ctx, remotecommand.StreamOptions{Stdin: in, Stdout: out, Stderr: out})
	}
}

func newExecutor(cfg *rest.Config, u *url.URL) (remotecommand.Executor, error) {
	spdy, err := remotecommand.NewSPDYExecutor(cfg, "POST", u)
	if err != nil {
		return nil, err
	}
	// WebSocket's handshake is a GET (RFC 6455 4.1).
	ws, err := remotecommand.NewWebSocketExecutor(cfg, "GET", u.String())
	if err != nil {
		return nil, err
	}
	return remotecommand.NewFallbackExecutor(ws, spdy, fallsBack)
}

// fallsBack says whether an exec's WebSocket attempt failed in a way
// SPDY may not (kubectl exec's test, k8s.io/kubectl v0.36.3
// pkg/cmd/exec). Since v0.36 client-go's WebSocket transport returns
// k8s.io/streaming's UpgradeFailureError, which apimachinery's
// httpstream.IsUpgradeFailure does not recognise: with that test, an
// exec refused at the handshake never fell back. The 1.36 API server
// refuses the WebSocket exec to a pod on a kubelet 1.33–1.35 (403
// Forbidden, 2026-11-30: every kubelet upgrade scenario on the agent
// route failed so, kubectl exec falling back to SPDY on the same pods).
func fallsBack(err error) bool {
	return httpstream.IsUpgradeFailure(err) || httpstream.IsHTTPSProxyError(err)
}

// chooseRoute sets the driver's shell as its options say: the kind
// route, or the node agent deployed on the nodes the driver follows (the
// scenarios' node, the pool, the skewed nodes), waited for.
func chooseRoute(ctx context.Context, d *Driver, nodes []string) error {
	route, err := ParseNodeRoute(d.opt.NodeRoute)
	if err != nil {
		return err
	}
	if route == RouteDocker {
		d.shell = kindShell{d.info.Kind}
		return nil
	}
	var on []string
	for _, n := range nodes {
		if n != "" && !slices.Contains(on, n) {
			on = append(on, n)
		}
	}
	pods, err := deployAgent(ctx, d.cs, d.runID, d.opt.AgentImage, on, d.logf)
	if err != nil {
		return err
	}
	d.shell = newAgentShell(d.cs, d.rest, agentNamespace(d.runID), pods, agentServePort(d.runID))
	return nil
}

// proxyFunc sends a request to a pod's node-serve through the API
// server's pod proxy: remoteProxy, or a test's.
type proxyFunc func(ctx context.Context, ns, pod, method, path string, query url.Values) ([]byte, error)

// remoteProxy goes through /api/v1/namespaces/NS/pods/NAME:PORT/proxy/PATH:
// the API server connects to the pod's IP itself, not through the node's
// kubelet (pkg/registry/core/pod/rest/subresources.go, ProxyREST.Connect,
// which dials the location pod.ResourceLocation of
// pkg/registry/core/pod/strategy.go makes from the pod's IP; read at a
// stored commit of kubernetes/kubernetes, not checked line by line against
// v1.36.3), so it answers while that kubelet is stopped; it was on kind,
// see docs/node-agent.md.
func remoteProxy(cs kubernetes.Interface, port int) proxyFunc {
	return func(ctx context.Context, ns, pod, method, path string, query url.Values) ([]byte, error) {
		req := cs.CoreV1().RESTClient().Verb(method).Namespace(ns).Resource("pods").
			Name(fmt.Sprintf("%s:%d", pod, port)).SubResource("proxy").Suffix(path)
		for k, vs := range query {
			for _, v := range vs {
				req = req.Param(k, v)
			}
		}
		return req.DoRaw(ctx)
	}
}

// serve sends a request to the node's agent's node-serve.
func (a *agentShell) serve(ctx context.Context, node, method, path string, query url.Values) ([]byte, error) {
	if a.proxy == nil {
		return nil, fmt.Errorf("no proxy to the node agent of %s", node)
	}
	pod, err := a.pod(ctx, node)
	if err != nil {
		return nil, err
	}
	b, err := a.proxy(ctx, a.ns, pod, method, path, query)
	if err != nil {
		a.forget(node, err)
		return b, fmt.Errorf("node agent %s/%s, %s %s through the API server's pod proxy: %w: %s", a.ns, pod, method, path, err, strings.TrimSpace(string(b)))
	}
	return b, nil
}

// kubeletServed is node-serve's answer: what it did (state, none,
// started), the kubelet's process, the run whose stop is recorded.
type kubeletServed struct {
	did       string
	proc      kubeletProcess
	stoppedBy string
}

func parseKubeletServed(b []byte) (kubeletServed, error) {
	head, rest, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	s := kubeletServed{did: strings.TrimSpace(head)}
	for _, line := range strings.Split(rest, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "StoppedBy="); ok {
			s.stoppedBy = v
		}
	}
	p, err := parseKubeletProcess([]byte(rest))
	s.proc = p
	if err != nil {
		return s, fmt.Errorf("node-serve's answer %q: %v", strings.TrimSpace(string(b)), err)
	}
	return s, nil
}

// kubeletState reads the node's kubelet through node-serve.
func (a *agentShell) kubeletState(ctx context.Context, node string) (kubeletServed, error) {
	b, err := a.serve(ctx, node, "GET", "kubelet", nil)
	if err != nil {
		return kubeletServed{}, err
	}
	return parseKubeletServed(b)
}

// stopKubelet stops the node's kubelet for run. Before anything it
// checks that node-serve answers through the pod proxy, which the start
// again will need: a kubelet is never stopped that the run could not
// start. The stop is recorded on the node (agent.KubeletStoppedFile: the
// run's id) in the exec that stops it; that exec passes through the
// kubelet it stops, so the stop is left to run a second after it
// returned (setsid), and node-serve tells when the kubelet has gone.
func (a *agentShell) stopKubelet(ctx context.Context, node, run string, limit time.Duration) error {
	if _, err := a.kubeletState(ctx, node); err != nil {
		return fmt.Errorf("not stopping the kubelet of %s: it could not be started again, the node agent's endpoint does not answer: %w", node, err)
	}
	dir := path.Dir(agent.KubeletStoppedFile)
	script := fmt.Sprintf("mkdir -p %s && printf '%%s\\n' \"$1\" > %s && setsid sh -c 'sleep 1; systemctl stop kubelet' </dev/null >/dev/null 2>&1 &", dir, agent.KubeletStoppedFile)
	if b, err := a.Exec(ctx, node, nil, "sh", "-c", script, "sh", run); err != nil {
		return fmt.Errorf("stopping the kubelet of %s: %v: %s", node, err, strings.TrimSpace(string(b)))
	}
	deadline := time.Now().Add(limit)
	for {
		st, err := a.kubeletState(ctx, node)
		if err == nil && st.proc.pid == "0" {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("stopping the kubelet of %s: still running after %s (last read: %+v, %v)", node, limit, st, err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// startKubelet starts the node's kubelet again if run's stop of it is
// recorded there, through node-serve (no exec: the kubelet is down). It
// says whether it started it, and the kubelet's process after.
func (a *agentShell) startKubelet(ctx context.Context, node, run string) (bool, kubeletProcess, error) {
	b, err := a.serve(ctx, node, "POST", "kubelet/start", url.Values{"run": {run}})
	if err != nil {
		return false, kubeletProcess{}, fmt.Errorf("starting the kubelet of %s again: %w", node, err)
	}
	st, err := parseKubeletServed(b)
	if err != nil {
		return false, st.proc, fmt.Errorf("starting the kubelet of %s again: %w", node, err)
	}
	return st.did == "started", st.proc, nil
}
