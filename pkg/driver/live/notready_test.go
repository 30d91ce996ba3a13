package live

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes/fake"

	"github.com/podlife/podlife/pkg/agent"
	"github.com/podlife/podlife/pkg/driver"
)

// fakeKubelets are the kubelets of the nodes behind a fake agent route:
// an exec reaches a node only while its kubelet runs (it serves execs),
// node-serve (the pod proxy) always; node-serve starts a kubelet only
// for the run recorded on its node, as pkg/agent's kubeletServer does.
type fakeKubelets struct {
	mu      sync.Mutex
	stopped map[string]bool
	record  map[string]string // by node: agent.KubeletStoppedFile's run
	pid     map[string]int
	log     []string // node: what was done, in order
}

func newFakeKubelets() *fakeKubelets {
	return &fakeKubelets{stopped: map[string]bool{}, record: map[string]string{}, pid: map[string]int{}}
}

func (f *fakeKubelets) shell(cs *fake.Clientset) *agentShell {
	return &agentShell{cs: cs, ns: agentNamespace("run-1"), pods: map[string]string{}, exec: f.exec, proxy: f.proxy}
}

func (f *fakeKubelets) nodeOf(pod string) string { return strings.TrimPrefix(pod, "agent-") }

func (f *fakeKubelets) show(node string) string {
	if f.stopped[node] {
		return "MainPID=0\nExecMainStartTimestamp=\n"
	}
	return fmt.Sprintf("MainPID=%d\nExecMainStartTimestamp=@%d\n", 100+f.pid[node], 1795971000+f.pid[node])
}

func (f *fakeKubelets) exec(_ context.Context, _, pod string, argv []string, _ io.Reader, out io.Writer) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	node := f.nodeOf(pod)
	if f.stopped[node] {
		return errors.New("error dialing backend: dial tcp 172.18.0.3:10250: connect: connection refused")
	}
	cmd := strings.Join(argv[4:], " ")
	switch {
	case strings.Contains(cmd, agent.KubeletStoppedFile) && strings.Contains(cmd, "systemctl stop kubelet"):
		f.record[node] = argv[len(argv)-1]
		f.stopped[node] = true
		f.log = append(f.log, node+": stop")
	case strings.Contains(cmd, snapshotDir+"/"):
		// No snapshot, no record (noderecord.go).
		io.WriteString(out, "none\n--\n")
		f.log = append(f.log, node+": snapshot")
	case strings.HasPrefix(cmd, "systemctl show"):
		io.WriteString(out, f.show(node))
	case strings.Contains(cmd, "systemctl restart kubelet"):
		f.pid[node]++
		f.log = append(f.log, node+": restart")
	default:
		f.log = append(f.log, node+": exec "+argv[4])
	}
	return nil
}

func (f *fakeKubelets) proxy(_ context.Context, _, pod, method, path string, q url.Values) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	node := f.nodeOf(pod)
	switch {
	case method == "GET" && path == "kubelet":
		return []byte("state\n" + f.show(node) + "StoppedBy=" + f.record[node] + "\n"), nil
	case method == "POST" && path == "kubelet/start":
		if f.record[node] != q.Get("run") || q.Get("run") == "" {
			return []byte("none\n" + f.show(node) + "StoppedBy=" + f.record[node] + "\n"), nil
		}
		f.stopped[node] = false
		f.pid[node]++
		delete(f.record, node)
		f.log = append(f.log, node+": start")
		return []byte("started\n" + f.show(node) + "StoppedBy=\n"), nil
	}
	return nil, fmt.Errorf("the server rejected our request: 404 %s %s", method, path)
}

func agentPoolNode(name, holder string) *corev1.Node {
	return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name, Annotations: map[string]string{AnnotationLease: holder}},
		Status: corev1.NodeStatus{Conditions: []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue}}}}
}

// TestNotReadyThroughTheAgent: on the agent route a scenario's NotReady
// stops the leased node's kubelet (its stop recorded on the node for the
// run), and the release starts it again through node-serve, which needs
// no kubelet; the wait for the kubelet's return starts at its new start.
func TestNotReadyThroughTheAgent(t *testing.T) {
	s := testSession(t)
	cs := fake.NewClientset(agentPoolNode("pool-1", "r1/podlife-t"), nodeAgentPod("agent-pool-1", "pool-1", corev1.PodRunning))
	s.d.cs = cs
	f := newFakeKubelets()
	s.d.shell = f.shell(cs)
	var since []time.Time
	s.d.awaitKubelet = func(_ context.Context, _ *Driver, node string, t0 metav1.Time, _ time.Duration, _ string) error {
		since = append(since, t0.Time)
		return nil
	}
	s.leases = []*lease{{node: "pool-1"}}
	s.nodeAlias["worker-1"] = "pool-1"
	ctx := context.Background()
	if err := s.kube.NodeNotReady(ctx, "worker-1"); err != nil {
		t.Fatalf("NotReady through the agent: %v", err)
	}
	if !f.stopped["pool-1"] || f.record["pool-1"] != "r1" {
		t.Fatalf("after NotReady: stopped %v, record %q; want stopped, recorded for r1", f.stopped["pool-1"], f.record["pool-1"])
	}
	if err := s.kube.restartStopped(ctx); err != nil {
		t.Fatalf("starting it again: %v", err)
	}
	if f.stopped["pool-1"] || f.record["pool-1"] != "" {
		t.Errorf("after the release: stopped %v, record %q; want running, no record", f.stopped["pool-1"], f.record["pool-1"])
	}
	if want := []time.Time{time.Unix(1795971001, 0)}; len(since) != 1 || !since[0].Equal(want[0]) {
		t.Errorf("waited for the kubelet since %v, want its new start %v", since, want)
	}
}

// TestNotReadyRefusedWithoutAWayBack: a kubelet is not stopped when
// node-serve does not answer through the pod proxy (an agent image
// without it, a cluster whose API server cannot reach pod IPs): nothing
// could start it again.
func TestNotReadyRefusedWithoutAWayBack(t *testing.T) {
	cs := fake.NewClientset(nodeAgentPod("agent-pool-1", "pool-1", corev1.PodRunning))
	f := newFakeKubelets()
	sh := f.shell(cs)
	sh.proxy = func(context.Context, string, string, string, string, url.Values) ([]byte, error) {
		return nil, errors.New("error trying to reach service: dial tcp 10.244.1.5:8790: connect: connection refused")
	}
	err := sh.stopKubelet(context.Background(), "pool-1", "r1", time.Minute)
	if err == nil || !strings.Contains(err.Error(), "not stopping the kubelet of pool-1") {
		t.Errorf("error %v, want a refusal", err)
	}
	if f.stopped["pool-1"] || len(f.log) > 0 {
		t.Errorf("stopped %v, did %v; want nothing done", f.stopped["pool-1"], f.log)
	}
	// The scenario's step: an infrastructure fault, and the lease not
	// taken as stopped (its release would try a start that cannot come).
	s := testSession(t)
	s.d.cs, s.d.shell = cs, sh
	s.leases = []*lease{{node: "pool-1"}}
	s.nodeAlias["worker-1"] = "pool-1"
	if err := s.kube.NodeNotReady(context.Background(), "worker-1"); !errors.Is(err, driver.ErrInfrastructure) {
		t.Errorf("NotReady without node-serve: %v, want an infrastructure fault", err)
	}
	if l := s.leases[0]; l.stopped || l.notReady || f.stopped["pool-1"] {
		t.Errorf("lease stopped %v, notReady %v, kubelet stopped %v; want nothing", l.stopped, l.notReady, f.stopped["pool-1"])
	}
}

// TestSweepStartsAStoppedKubeletThroughTheAgent: after an interrupt
// during a NotReady scenario (the run's process gone, the kubelet still
// stopped), the run's sweep, and so `podlife cleanup --run ID
// --node-route agent`, starts the kubelet again through node-serve before
// it restores the node through execs; a node whose kubelet another run
// stopped is left alone.
func TestSweepStartsAStoppedKubeletThroughTheAgent(t *testing.T) {
	cs := fake.NewClientset(agentPoolNode("pool-1", "r1/podlife-t"), agentPoolNode("pool-2", "r2/podlife-u"),
		nodeAgentPod("agent-pool-1", "pool-1", corev1.PodRunning), nodeAgentPod("agent-pool-2", "pool-2", corev1.PodRunning))
	d := New(Options{RunID: "r1", Tolerance: time.Second})
	d.once.Do(func() {}) // connected: the fake is the cluster
	d.cs, d.pool = cs, []string{"pool-1", "pool-2"}
	f := newFakeKubelets()
	d.shell = f.shell(cs)
	d.awaitKubelet = func(context.Context, *Driver, string, metav1.Time, time.Duration, string) error { return nil }
	// Interrupted: each node's kubelet stopped, by r1 and r2.
	f.stopped["pool-1"], f.record["pool-1"] = true, "r1"
	f.stopped["pool-2"], f.record["pool-2"] = true, "r2"
	if err := d.SweepPool(context.Background()); err != nil {
		t.Fatalf("sweep: %v", err)
	}
	if f.stopped["pool-1"] || f.record["pool-1"] != "" {
		t.Errorf("the run's node: stopped %v, record %q; want its kubelet started", f.stopped["pool-1"], f.record["pool-1"])
	}
	// Started before the restore's execs, which need it.
	if len(f.log) < 2 || f.log[0] != "pool-1: start" || !strings.HasPrefix(f.log[1], "pool-1: exec") {
		t.Errorf("done %v; want pool-1 started, then restored", f.log)
	}
	if !f.stopped["pool-2"] || f.record["pool-2"] != "r2" {
		t.Errorf("another run's node: stopped %v, record %q; want it left alone", f.stopped["pool-2"], f.record["pool-2"])
	}
	n, _ := cs.CoreV1().Nodes().Get(context.Background(), "pool-1", metav1.GetOptions{})
	if h := n.Annotations[AnnotationLease]; h != "" {
		t.Errorf("the run's node is still leased to %q", h)
	}
}

// TestSweepRunStartsAStoppedKubeletFirst: the whole sweep of an
// interrupted run (`podlife cleanup --run ID --node-route agent`) starts
// the run's stopped kubelet before it removes the run's static pod
// manifests through execs on that node.
func TestSweepRunStartsAStoppedKubeletFirst(t *testing.T) {
	cs := fake.NewClientset(agentPoolNode("pool-1", "r1/podlife-t"), nodeAgentPod("agent-pool-1", "pool-1", corev1.PodRunning))
	d := New(Options{RunID: "r1", Tolerance: time.Second})
	d.once.Do(func() {})
	d.cs, d.pool, d.followed = cs, []string{"pool-1"}, []string{"pool-1"}
	f := newFakeKubelets()
	d.shell = f.shell(cs)
	d.awaitKubelet = func(context.Context, *Driver, string, metav1.Time, time.Duration, string) error { return nil }
	f.stopped["pool-1"], f.record["pool-1"] = true, "r1"
	if err := d.SweepRun(context.Background()); err != nil {
		t.Fatalf("sweep: %v", err)
	}
	if len(f.log) < 2 || f.log[0] != "pool-1: start" || f.log[1] != "pool-1: exec sh" {
		t.Errorf("done %v; want pool-1 started, then its manifests removed", f.log)
	}
}
