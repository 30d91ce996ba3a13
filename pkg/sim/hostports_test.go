package sim

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// port is a container port with a hostPort; ip and protocol may be "".
func port(hostPort int32, ip string, protocol corev1.Protocol) corev1.ContainerPort {
	return corev1.ContainerPort{ContainerPort: 8080, HostPort: hostPort, HostIP: ip, Protocol: protocol}
}

// withPorts is an agent container with those ports.
func withPorts(name string, ports ...corev1.ContainerPort) corev1.Container {
	c := agent(name)
	c.Ports = ports
	return c
}

// TestHostPorts: the NodePorts rule (hostports.go), each case once through
// the scheduler (the new pod unbound: Pending with the FailedScheduling
// message, or scheduled) and once through the kubelet (the new pod bound
// by spec.nodeName: rejected with NodePorts, or running), since both ask
// nodeports' fitsPorts of the same ports. The first pod runs on the node
// already. Each case names the behaviour it pins (docs/fidelity.md).
func TestHostPorts(t *testing.T) {
	cases := []struct {
		name        string
		first, next *corev1.Pod
		conflict    bool
	}{
		{"scheduling-hostports: the same hostPort, protocol and hostIP (both unset) conflict",
			podOf("first", 0, nil, withPorts("app", port(80, "", ""))), podOf("next", 0, nil, withPorts("app", port(80, "", ""))), true},
		{"scheduling-hostports: another hostPort fits",
			podOf("first", 0, nil, withPorts("app", port(80, "", ""))), podOf("next", 0, nil, withPorts("app", port(81, "", ""))), false},
		{"scheduling-hostports: the same hostPort over UDP fits beside TCP",
			podOf("first", 0, nil, withPorts("app", port(80, "", corev1.ProtocolTCP))), podOf("next", 0, nil, withPorts("app", port(80, "", corev1.ProtocolUDP))), false},
		{"scheduling-hostports: an unset protocol is TCP",
			podOf("first", 0, nil, withPorts("app", port(80, "", corev1.ProtocolTCP))), podOf("next", 0, nil, withPorts("app", port(80, "", ""))), true},
		{"scheduling-hostports: the same hostPort on two other hostIPs fits",
			podOf("first", 0, nil, withPorts("app", port(80, "127.0.0.1", ""))), podOf("next", 0, nil, withPorts("app", port(80, "127.0.0.2", ""))), false},
		{"scheduling-hostports: the same hostPort on the same hostIP conflicts",
			podOf("first", 0, nil, withPorts("app", port(80, "10.0.0.1", ""))), podOf("next", 0, nil, withPorts("app", port(80, "10.0.0.1", ""))), true},
		{"scheduling-hostports: a wanted 0.0.0.0 conflicts with the port taken on any hostIP",
			podOf("first", 0, nil, withPorts("app", port(80, "127.0.0.1", ""))), podOf("next", 0, nil, withPorts("app", port(80, "", ""))), true},
		{"scheduling-hostports: an explicit 0.0.0.0 is the unset hostIP",
			podOf("first", 0, nil, withPorts("app", port(80, "127.0.0.1", ""))), podOf("next", 0, nil, withPorts("app", port(80, "0.0.0.0", ""))), true},
		{"scheduling-hostports: a wanted hostIP conflicts with the port taken on 0.0.0.0",
			podOf("first", 0, nil, withPorts("app", port(80, "", ""))), podOf("next", 0, nil, withPorts("app", port(80, "127.0.0.1", ""))), true},
		{"scheduling-hostports: a port without hostPort takes nothing on the host",
			podOf("first", 0, nil, withPorts("app", port(0, "", ""))), podOf("next", 0, nil, withPorts("app", port(0, "", ""))), false},
		{"scheduling-hostports: any one conflicting port of several is enough",
			podOf("first", 0, nil, withPorts("app", port(81, "", ""))), podOf("next", 0, nil, withPorts("app", port(80, "", ""), port(81, "", ""))), true},
		{"scheduling-hostports: a sidecar's hostPort is taken for the pod's life (GetHostPorts)",
			podOf("first", 0, []corev1.Container{sidecar(withPorts("proxy", port(80, "", "")))}, agent("app")),
			podOf("next", 0, nil, withPorts("app", port(80, "", ""))), true},
		{"scheduling-hostports: an init container's hostPort is not counted, even while it runs (GetHostPorts)",
			podOf("first", 0, []corev1.Container{withPorts("setup", port(80, "", ""))}, agent("app")),
			podOf("next", 0, nil, withPorts("app", port(80, "", ""))), false},
		{"scheduling-hostports: a hostNetwork pod takes its containerPorts (defaultHostNetworkPorts)",
			func() *corev1.Pod {
				p := podOf("first", 0, nil, withPorts("app", corev1.ContainerPort{ContainerPort: 80}))
				p.Spec.HostNetwork = true
				return p
			}(), podOf("next", 0, nil, withPorts("app", port(80, "", ""))), true},
	}
	for _, tc := range cases {
		for _, bound := range []bool{false, true} {
			how := "scheduler"
			if bound {
				how = "kubelet"
			}
			t.Run(tc.name+"/"+how, func(t *testing.T) {
				s := newSim(t, "")
				first, next := tc.first.DeepCopy(), tc.next.DeepCopy()
				initializing := len(first.Spec.InitContainers) > 0 && !isSidecar(&first.Spec.InitContainers[0])
				if initializing {
					// Its init container runs for ever: the pod stays
					// Pending, Init:0/1, on the node.
					if err := s.CreatePod(first); err != nil {
						t.Fatal(err)
					}
					s.Settle(time.Second)
				} else {
					start(t, s, first)
				}
				if bound {
					next.Spec.NodeName = "worker-1"
				}
				if err := s.CreatePod(next); err != nil {
					t.Fatal(err)
				}
				s.Settle(time.Minute)
				st := s.Pod("next").Status
				switch {
				case !tc.conflict:
					if st.Phase != corev1.PodRunning {
						t.Fatalf("want the pod running, got %+v", st)
					}
				case bound:
					const msg = "Predicate NodePorts failed: node(s) didn't have free ports for the requested pod ports"
					if st.Phase != corev1.PodFailed || st.Reason != "NodePorts" || st.Message != "Pod was rejected: "+msg {
						t.Fatalf("want the pod rejected with NodePorts, got %+v", st)
					}
					if !hasEvent(s, "next", "NodePorts", msg) {
						t.Errorf("no NodePorts event saying %q", msg)
					}
				default:
					const msg = "0/1 nodes are available: 1 node(s) didn't have free ports for the requested pod ports. no new claims to deallocate, preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."
					c := podConditionOf(&st, corev1.PodScheduled)
					if st.Phase != corev1.PodPending || c == nil || c.Status != corev1.ConditionFalse || c.Reason != corev1.PodReasonUnschedulable || c.Message != msg {
						t.Fatalf("want the pod Pending, Unschedulable, %q; got %+v", msg, st)
					}
					if !hasEvent(s, "next", "FailedScheduling", msg) {
						t.Errorf("no FailedScheduling event saying %q", msg)
					}
				}
				if first := s.Pod("first").Status; first.Phase != corev1.PodRunning && !initializing {
					t.Errorf("the first pod: %+v", first)
				}
			})
		}
	}
}

func hasEvent(s *Simulator, pod, reason, message string) bool {
	for _, e := range s.Events() {
		if e.InvolvedObject.Name == pod && e.Reason == reason && e.Message == message {
			return true
		}
	}
	return false
}

// TestHostPortsAdmissionOrder: the kubelet's predicates run in
// AdmissionCheck's order, resources first: a pod short of cpu whose port
// is also taken is rejected with OutOfcpu (admission-hostports).
func TestHostPortsAdmissionOrder(t *testing.T) {
	s := newSim(t, "")
	start(t, s, podOf("first", 0, nil, withPorts("app", port(80, "", ""))))
	next := podOf("next", 0, nil, withPorts("app", port(80, "", "")))
	next.Spec.NodeName = "worker-1"
	next.Spec.Containers[0].Resources.Requests = corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("5")}
	if err := s.CreatePod(next); err != nil {
		t.Fatal(err)
	}
	s.Settle(time.Minute)
	if st := s.Pod("next").Status; st.Reason != "OutOfcpu" {
		t.Fatalf("want OutOfcpu first, got %+v", st)
	}
}

// TestHostPortsQueueingHint: a pod Pending for a port is tried again when
// a pod that took a port it asks for leaves (NodePorts'
// isSchedulableAfterPodDeleted), not when another pod leaves
// (scheduling-hostports-requeue).
func TestHostPortsQueueingHint(t *testing.T) {
	s := newSim(t, "")
	start(t, s, podOf("holder", 0, nil, withPorts("app", port(80, "", ""))))
	start(t, s, podOf("other", 0, nil, withPorts("app", port(90, "", ""))))
	if err := s.CreatePod(podOf("waiting", 0, nil, withPorts("app", port(80, "", "")))); err != nil {
		t.Fatal(err)
	}
	s.Settle(time.Second)
	waiting := s.Pod("waiting")
	if q := s.sched.unschedulable[waiting.UID]; q == nil || !q.plugins[pluginNodePorts] {
		t.Fatalf("want the pod unschedulable for NodePorts, got %+v", q)
	}
	if err := s.DeletePod("other", deleteOpts()); err != nil {
		t.Fatal(err)
	}
	s.Settle(time.Second)
	if s.sched.unschedulable[waiting.UID] == nil {
		t.Fatal("a pod that took another port left, and the waiting pod was moved")
	}
	at := s.Now()
	if err := s.DeletePod("holder", deleteOpts()); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.RunUntil(at+time.Second, func() bool { return s.Pod("waiting").Spec.NodeName != "" }); !ok {
		t.Fatalf("the pod taking the port left, and the waiting pod was not scheduled: %+v", s.Pod("waiting").Status)
	}
}

// TestHostPortsUsedPortsIsASet: the scheduler cache's UsedPorts is a set
// (HostPortInfo). A pod bound by nodeName to a port another pod takes is
// counted without a second entry; the kubelet rejects it, and as it leaves
// the cache (terminal) it takes the port out (NodeInfo.RemovePod): the
// scheduler then places a pod asking that port on the node, and the
// kubelet rejects that one too. The holder's next update (the cache's
// UpdatePod: remove, then add) puts the port back (scheduling-hostports).
func TestHostPortsUsedPortsIsASet(t *testing.T) {
	s := newSim(t, "")
	start(t, s, podOf("holder", 0, nil, withPorts("app", port(80, "", ""))))
	ni := s.sched.cache.byName["worker-1"]
	want := hostPort{ip: bindAllHostIP, protocol: "TCP", port: 80}
	if _, ok := ni.usedPorts[want]; !ok || len(ni.usedPorts) != 1 {
		t.Fatalf("used ports %v, want only %v", ni.usedPorts, want)
	}
	direct := podOf("direct", 0, nil, withPorts("app", port(80, "", "")))
	direct.Spec.NodeName = "worker-1"
	if err := s.CreatePod(direct); err != nil {
		t.Fatal(err)
	}
	s.Settle(time.Second)
	if st := s.Pod("direct").Status; st.Reason != "NodePorts" {
		t.Fatalf("direct: %+v", st)
	}
	if len(ni.usedPorts) != 0 {
		t.Fatalf("used ports %v after the rejected pod left the cache, want none", ni.usedPorts)
	}
	if err := s.CreatePod(podOf("late", 0, nil, withPorts("app", port(80, "", "")))); err != nil {
		t.Fatal(err)
	}
	s.Settle(time.Second)
	if p := s.Pod("late"); p.Spec.NodeName != "worker-1" || p.Status.Reason != "NodePorts" {
		t.Fatalf("late: node %q, %+v; want scheduled, then rejected by the kubelet", p.Spec.NodeName, p.Status)
	}
	// An update of the holder: the sandbox lost and made again changes
	// its status.
	if err := s.LoseSandbox("holder"); err != nil {
		t.Fatal(err)
	}
	s.Settle(time.Minute)
	if _, ok := ni.usedPorts[want]; !ok {
		t.Fatalf("used ports %v after the holder's update, want %v back", ni.usedPorts, want)
	}
}

// TestHostPortsPreemption: a higher-priority pod whose port a
// lower-priority pod takes preempts it (NodePorts is Unschedulable, so
// DefaultPreemption's what-if removes the victim's ports), and a pod of
// the same priority finds no victim (scheduling-hostports-preemption).
func TestHostPortsPreemption(t *testing.T) {
	for _, tc := range []struct {
		name     string
		priority int32
		preempts bool
	}{
		{"higher priority preempts the pod taking the port", 1000, true},
		{"equal priority finds no victim", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			if err := s.AddPriorityClass(&schedulingv1.PriorityClass{ObjectMeta: metav1.ObjectMeta{Name: "class"}, Value: tc.priority}); err != nil {
				t.Fatal(err)
			}
			start(t, s, podOf("low", 0, nil, withPorts("app", port(80, "", ""))))
			p := podOf("high", 0, nil, withPorts("app", port(80, "", "")))
			p.Spec.PriorityClassName = "class"
			if err := s.CreatePod(p); err != nil {
				t.Fatal(err)
			}
			s.Settle(time.Minute)
			high := s.Pod("high")
			if tc.preempts {
				if s.Pod("low") != nil || high.Spec.NodeName != "worker-1" || high.Status.Phase != corev1.PodRunning {
					t.Fatalf("low still there (%v) or high not running: %+v", s.Pod("low") != nil, high.Status)
				}
				return
			}
			c := podConditionOf(&high.Status, corev1.PodScheduled)
			if s.Pod("low") == nil || c == nil || !strings.Contains(c.Message, "No preemption victims found for incoming pod") {
				t.Fatalf("want low kept and high Pending without victims, got %+v", high.Status)
			}
		})
	}
}

// TestHostPortValidation: the API server's defaulting and validation of
// container ports (pkg/apis/core/v1 defaults, pkg/apis/core/validation
// validateContainerPorts, checkHostPortConflicts,
// validatePodHostNetworkDeps), which CheckPod reports.
func TestHostPortValidation(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pod   *corev1.Pod
		error string // "" for none
	}{
		{"a hostPort with a containerPort is valid", podOf("p", 0, nil, withPorts("app", port(80, "", ""))), ""},
		{"the same hostPort twice in a pod", podOf("p", 0, nil, withPorts("app", port(80, "", "")), withPorts("b", port(80, "", ""))),
			`spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//80"`},
		{"the same hostPort on two protocols", podOf("p", 0, nil, withPorts("app", port(80, "", "TCP"), port(80, "", "UDP"))), ""},
		{"the same hostPort in two init containers (they run one by one)",
			podOf("p", 0, []corev1.Container{withPorts("a", port(80, "", "")), withPorts("b", port(80, "", ""))}, agent("app")), ""},
		{"a hostPort out of range", podOf("p", 0, nil, withPorts("app", port(70000, "", ""))),
			"spec.containers[0].ports[0].hostPort: Invalid value: 70000: must be between 1 and 65535, inclusive"},
		{"no containerPort", podOf("p", 0, nil, withPorts("app", corev1.ContainerPort{HostPort: 80})),
			"spec.containers[0].ports[0].containerPort: Required value"},
		{"an unknown protocol", podOf("p", 0, nil, withPorts("app", port(80, "", "HTTP"))),
			`spec.containers[0].ports[0].protocol: Unsupported value: "HTTP"`},
		{"hostNetwork with a hostPort other than the containerPort", func() *corev1.Pod {
			p := podOf("p", 0, nil, withPorts("app", port(80, "", "")))
			p.Spec.HostNetwork = true
			return p
		}(), "spec.containers[0].ports[0].hostPort: Invalid value: 80: must match `containerPort` when `hostNetwork` is true"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckPod(tc.pod)
			switch {
			case tc.error == "" && err != nil:
				t.Fatalf("want no error, got %v", err)
			case tc.error != "" && (err == nil || !strings.Contains(err.Error(), tc.error)):
				t.Fatalf("want an error containing %q, got %v", tc.error, err)
			}
		})
	}
}
