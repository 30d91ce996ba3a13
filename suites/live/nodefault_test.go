package live

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"

	livedriver "github.com/podlife/podlife/pkg/driver/live"
)

// An infrastructure fault is not a verdict (issue 35): a pool node whose
// container dies under a node-level scenario makes that scenario an
// error with the reason; the run goes on without the node, the next
// node-level scenario passes on the other, and nothing of the run is
// left. Runs early, beside the catalogue (SpecPriority), as a fault
// would come: the catalogue's scenarios lease around the dead node, and
// the node serves them again once given back. Alone after the catalogue
// it had added its 1 min 51 s to the suite (2026-11-30 04:02-04:04).
var _ = Describe("a pool node that dies under a scenario", Label("safety", "node-fault"), SpecPriority(1), func() {
	It("makes that scenario an error, and the run goes on", func(ctx SpecContext) {
		if !shared.Created {
			Skip("kills a node's container: only on a kind cluster podlife created")
		}
		if shared.NoDocker {
			Skip("kills a node's container through docker, which PODLIFE_NO_DOCKER=1 forbids")
		}
		// The second scenario leases another pool node than the one that
		// died: with a pool of one it, and every scenario after it that
		// needs a pool node, would be an error too (a targeted run with
		// PODLIFE_POOL_NODES=1, 2026-11-30).
		if n, err := strconv.Atoi(os.Getenv("PODLIFE_POOL_NODES")); err == nil && n < 2 {
			Skip(fmt.Sprintf("kills a pool node under a scenario and leases another: needs two pool nodes, PODLIFE_POOL_NODES=%d", n))
		}
		cs, err := drv.Clientset(ctx)
		Expect(err).NotTo(HaveOccurred())
		run := shared.RunID + "-fault"
		// One after the other, in the catalogue's order: the first leases a
		// pool node, which dies; the second leases another.
		victim, next := "features/disruptions/drain-grace.feature:12", "features/eviction/memory.feature:178"
		_, output, done := startPodlifeRun(ctx, run, "--parallel", "1", "--tolerance", shared.Tolerance.String(),
			"--walls", "/dev/null", "--images", strings.Join(shared.Images, ","), victim, next)

		// Mid-scenario: the first scenario's pods run on its leased node.
		var node string
		sel := metav1.ListOptions{LabelSelector: livedriver.LabelRun + "=" + run}
		Eventually(ctx, func() bool {
			select {
			case err := <-done:
				Fail(fmt.Sprintf("podlife run ended (%v) before its node could be killed:\n%s", err, output))
			default:
			}
			pods, err := cs.CoreV1().Pods("").List(ctx, sel)
			if err != nil {
				return false
			}
			for _, p := range pods.Items {
				if p.Status.Phase == corev1.PodRunning && p.Spec.NodeName != "" {
					node = p.Spec.NodeName
					return true
				}
			}
			return false
		}).WithTimeout(5*time.Minute).WithPolling(200*time.Millisecond).Should(BeTrue(), "the scenario's pod runs\n%s", output)
		n, err := cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(n.Annotations[livedriver.AnnotationLease]).To(HavePrefix(run+"/"), "the pod runs on a pool node the run leased")
		fmt.Fprintf(GinkgoWriter, "killing the container of %s\n", node)
		Expect(exec.CommandContext(ctx, "docker", "kill", node).Run()).To(Succeed())
		DeferCleanup(giveBack, node, run, NodeTimeout(5*time.Minute))

		var runErr error
		select {
		case runErr = <-done:
		case <-time.After(10 * time.Minute):
			Fail("podlife run did not end within 10 minutes of the node's death:\n" + output.String())
		}
		text := output.String()
		fmt.Fprintf(GinkgoWriter, "podlife run:\n%s\n", text)
		Expect(text).To(ContainSubstring("ERROR "+victim), "the scenario whose node died is an error")
		Expect(text).To(ContainSubstring("pool node "+node+" stopped during the scenario"), "with the reason")
		Expect(text).To(MatchRegexp(`(?m)^1 of the failed broke on the cluster, not on an expectation \(infrastructure errors\): ` + victim + `$`))
		Expect(text).To(MatchRegexp(`(?m)^1 passed, 1 failed, 0 skipped$`), "the other scenario passed")
		var exit *exec.ExitError
		Expect(errors.As(runErr, &exit)).To(BeTrue(), "podlife run: %v", runErr)
		Expect(exit.ExitCode()).To(Equal(3), "infrastructure errors only: exit 3")

		left, err := livedriver.Leftovers(ctx, cs, run)
		Expect(err).NotTo(HaveOccurred())
		Expect(left).To(BeEmpty(), "namespaces labelled %s=%s", livedriver.LabelRun, run)
		pods, err := cs.CoreV1().Pods("").List(ctx, sel)
		Expect(err).NotTo(HaveOccurred())
		Expect(pods.Items).To(BeEmpty(), "pods labelled %s=%s", livedriver.LabelRun, run)
	})
})

// giveBack starts a killed pool node's container again and, once its
// kubelet reports Ready and what the killed run recorded there is undone,
// returns it to the pool (the lease that marked it broken removed). A
// node that does not come back fails the test, with the reason: it stays
// out of the pool, and beside the catalogue the pool runs a node short
// for the rest of the run (in the run of 2026-11-30 05:01 the killed node
// served no scenario after it, and nothing said why).
func giveBack(ctx SpecContext, node, run string) {
	if out, err := exec.CommandContext(ctx, "docker", "start", node).CombinedOutput(); err != nil {
		Fail(fmt.Sprintf("starting %s again: %v: %s; it stays out of the pool", node, err, out))
	}
	cs, err := drv.Clientset(ctx)
	Expect(err).NotTo(HaveOccurred())
	if err := waitReady(ctx, cs, node, 4*time.Minute); err != nil {
		Fail(fmt.Sprintf("%s did not come back: %v; it stays out of the pool", node, err))
	}
	// What the killed scenario changed on the node and recorded there
	// (its kubelet's configuration): undone by its run's sweep, as
	// `podlife cleanup --run` would, before the node serves again. Left,
	// the catalogue's own sweep found the record (2026-11-30 02:37) and
	// the node ran the killed scenario's kubelet configuration.
	fault := livedriver.New(livedriver.Options{Kubeconfig: shared.Kubeconfig, AllowAnyCluster: true, RunID: run, Tolerance: time.Second, NodeRoute: shared.NodeRoute, NoDocker: shared.NoDocker})
	if err := fault.SweepRun(ctx); err != nil {
		Fail(fmt.Sprintf("undoing run %s on %s: %v; it stays out of the pool", run, node, err))
	}
	n, err := cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
	Expect(err).NotTo(HaveOccurred())
	if strings.HasPrefix(n.Annotations[livedriver.AnnotationLease], "broken/") {
		delete(n.Annotations, livedriver.AnnotationLease)
		_, err = cs.CoreV1().Nodes().Update(ctx, n, metav1.UpdateOptions{})
		Expect(err).NotTo(HaveOccurred(), "returning %s to the pool", node)
	}
	n, err = cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
	Expect(err).NotTo(HaveOccurred())
	Expect(n.Annotations[livedriver.AnnotationLease]).To(BeEmpty(), "the lease of %s once given back", node)
	fmt.Fprintf(GinkgoWriter, "%s is back in the pool\n", node)
}

// waitReady waits until a node reports Ready.
func waitReady(ctx SpecContext, cs kubernetes.Interface, node string, limit time.Duration) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, limit, true, func(ctx context.Context) (bool, error) {
		n, err := cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
		if err != nil {
			return false, nil
		}
		for _, c := range n.Status.Conditions {
			if c.Type == corev1.NodeReady {
				return c.Status == corev1.ConditionTrue, nil
			}
		}
		return false, nil
	})
}
