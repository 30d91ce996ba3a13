package live

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"github.com/podlife/podlife/pkg/agent"
	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	livedriver "github.com/podlife/podlife/pkg/driver/live"
)

// A declared usage is on the node at its declared time (issue 35): the
// kubelet ranks pods by what they use when its eviction pass looks, and
// the simulator's usage is there at once. Two pods fill 3 GiB each at the
// same time, as a pressure scenario's do; each agent's own log says when
// the last page was in use.
//
// It runs before the catalogue (SpecPriority 1): it takes over two
// minutes, and Ginkgo orders top-level containers at random, so it was
// at times the last spec to start, the run's end waiting on it.
var _ = Describe("declared memory usage on a pool node", Label("node-pressure", "fill"), SpecPriority(1), func() {
	It("is all in use within a second of its declared time", func(ctx SpecContext) {
		sess, err := drv.Start(ctx, driver.Scenario{ID: "fill-timing", Tags: []string{"needs:" + string(driver.NodePressure)}})
		if errors.Is(err, driver.ErrUnsupported) {
			Skip(err.Error())
		}
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func(ctx context.Context) { Expect(sess.Close(ctx)).To(Succeed()) }, NodeTimeout(3*time.Minute))
		node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "worker-1"}, Status: corev1.NodeStatus{Capacity: corev1.ResourceList{
			corev1.ResourceMemory: resource.MustParse("12Gi"), corev1.ResourceCPU: resource.MustParse("2"), corev1.ResourcePods: resource.MustParse("110")}}}
		err = sess.Configure(ctx, driver.Setup{Nodes: []*corev1.Node{node}})
		if errors.Is(err, driver.ErrUnsupported) {
			Skip(err.Error())
		}
		Expect(err).NotTo(HaveOccurred())
		// Late enough that the ramp (twice the fill time measured here, 50 MB/s
		// before any measure) has room on a busy machine: 3Gi take about a
		// minute each, two at once.
		const due = 2 * time.Minute
		b := behavior.Default()
		b.Memory = []behavior.Usage{{Quantity: resource.MustParse("3Gi"), After: due}}
		for _, name := range []string{"a", "b"} {
			p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name}, Spec: corev1.PodSpec{NodeName: "worker-1",
				Containers: []corev1.Container{{Name: "app", Image: behavior.Image, Args: b.Args()}}}}
			Expect(sess.Apply(ctx, p)).To(Succeed())
		}
		cs, err := drv.Clientset(ctx)
		Expect(err).NotTo(HaveOccurred())
		for _, name := range []string{"a", "b"} {
			var start, filled time.Time
			Eventually(ctx, func() bool {
				start, filled = agentMemory(ctx, cs, name)
				return !filled.IsZero()
			}).WithTimeout(due+2*time.Minute).WithPolling(2*time.Second).Should(BeTrue(), "pod %s's agent logs its memory in use", name)
			took := filled.Sub(start)
			GinkgoWriter.Printf("pod %s: 3Gi in use %s after its start (declared: %s)\n", name, took, due)
			Expect(took).To(BeNumerically(">=", due-100*time.Millisecond), "pod %s: in use before its time", name)
			Expect(took).To(BeNumerically("<=", due+time.Second), "pod %s: in use more than a second late", name)
		}
	})
})

// agentMemory reads, from a scenario pod's agent log, when the agent
// started and when its memory was all in use (zero until it was). The
// scenario's namespace is the one pod of that name labelled with the
// run.
func agentMemory(ctx context.Context, cs kubernetes.Interface, pod string) (start, filled time.Time) {
	pods, err := cs.CoreV1().Pods("").List(ctx, metav1.ListOptions{LabelSelector: livedriver.LabelRun + "=" + shared.RunID})
	if err != nil {
		return
	}
	for _, p := range pods.Items {
		if p.Name != pod || p.Labels[livedriver.LabelScenario] != "fill-timing" {
			continue
		}
		raw, err := cs.CoreV1().Pods(p.Namespace).GetLogs(pod, &corev1.PodLogOptions{Container: "app"}).DoRaw(ctx)
		if err != nil {
			return
		}
		sc := bufio.NewScanner(bytes.NewReader(raw))
		for sc.Scan() {
			if l, ok := agent.Parse(sc.Bytes()); ok {
				switch l.Ev {
				case agent.EvStart:
					// Where the agent's timers count from, not the
					// line's own time, which its setup delays.
					start = l.T
					if l.Start != nil {
						start = *l.Start
					}
				case agent.EvMemory:
					filled = l.T
				}
			}
		}
	}
	return
}
