package live

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	livedriver "github.com/podlife/podlife/pkg/driver/live"
	"github.com/podlife/podlife/pkg/timeline"
)

// fixtureLabel marks the objects these tests create to stand for other
// tenants' (they do not carry podlife.io/run: podlife must leave them
// alone); the tests delete them themselves, by name.
const fixtureLabel = "podlife.io/test-fixture"

// The live-safety tests (issue 8). Each works under a run id of its own
// (the suite's plus a suffix) and sweeps only that: they run beside the
// catalogue, early (SpecPriority), rather than alone after it, where they
// added 48 s to every run (2026-11-29 11:31). A sweep of the suite's own
// run id here would delete the namespaces of the scenarios running beside.
var _ = Describe("podlife's safety on a shared cluster", Label("safety"), SpecPriority(1), func() {
	var cs kubernetes.Interface
	BeforeEach(func(ctx SpecContext) {
		var err error
		cs, err = drv.Clientset(ctx)
		Expect(err).NotTo(HaveOccurred())
	})

	It("leaves foreign namespaces and pods untouched", func(ctx SpecContext) {
		fixture := "foreign-" + strings.ToLower(shared.RunID[len(shared.RunID)-6:])
		_, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: fixture, Labels: map[string]string{fixtureLabel: shared.RunID}}}, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(deleteFixture, cs, fixture, NodeTimeout(2*time.Minute))
		db, err := cs.CoreV1().Pods(fixture).Create(ctx, &corev1.Pod{
			ObjectMeta: metav1.ObjectMeta{Name: "db", Labels: map[string]string{"app": "db"}},
			Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "db", Image: behavior.Image}}},
		}, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
		system := podUIDs(ctx, cs, "kube-system")

		// A scenario's session next to them, its cleanup, and the run's sweep.
		run := shared.RunID + "-foreign"
		own := livedriver.New(livedriver.Options{Kubeconfig: shared.Kubeconfig, AllowAnyCluster: shared.AllowAny, RunID: run,
			Images: shared.Images, Tolerance: shared.Tolerance, Calibration: &shared.Calibration})
		DeferCleanup(livedriver.Sweep, cs, run, NodeTimeout(2*time.Minute))
		sess, err := own.Start(ctx, driver.Scenario{ID: "safety-foreign"})
		Expect(err).NotTo(HaveOccurred())
		pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web"}, Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}}
		Expect(sess.Apply(ctx, pod)).To(Succeed())
		_, ok, err := sess.RunUntil(ctx, sess.Now()+time.Minute, func(v driver.View) bool {
			_, ok := timeline.First(v.Timeline(), timeline.Beginning, timeline.Selector{Pod: "web", Container: "app", Kind: timeline.Started})
			return ok
		})
		Expect(err).NotTo(HaveOccurred())
		Expect(ok).To(BeTrue(), "the scenario's pod started")
		Expect(sess.Close(ctx)).To(Succeed())
		Expect(livedriver.Sweep(ctx, cs, run)).To(Succeed())

		ns, err := cs.CoreV1().Namespaces().Get(ctx, fixture, metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred(), "the foreign namespace is still there")
		Expect(ns.DeletionTimestamp).To(BeNil(), "and not being deleted")
		after, err := cs.CoreV1().Pods(fixture).Get(ctx, "db", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred(), "the foreign pod is still there")
		Expect(after.UID).To(Equal(db.UID))
		Expect(after.DeletionTimestamp).To(BeNil(), "and not being deleted")
		for uid, name := range system {
			p, err := cs.CoreV1().Pods("kube-system").Get(ctx, name, metav1.GetOptions{})
			Expect(err).NotTo(HaveOccurred(), "kube-system pod %s", name)
			Expect(p.UID).To(Equal(uid), "kube-system pod %s was not replaced", name)
			Expect(p.DeletionTimestamp).To(BeNil())
		}
	})

	It("leaves nothing behind when a run is interrupted mid-scenario", func(ctx SpecContext) {
		run := shared.RunID + "-int"
		args := []string{"--tolerance", "3s", "--tags", "behavior:default-grace"}
		if shared.AllowAny {
			args = append(args, "--allow-any-cluster")
		}
		cmd, output, done := startPodlifeRun(ctx, run, append(args, "features/termination")...)

		// Mid-scenario: the pod is being deleted and waits out its grace.
		sel := metav1.ListOptions{LabelSelector: livedriver.LabelRun + "=" + run}
		Eventually(ctx, func() bool {
			select {
			case err := <-done:
				Fail(fmt.Sprintf("podlife run ended (%v) before it could be interrupted:\n%s", err, output))
			default:
			}
			pods, err := cs.CoreV1().Pods("").List(ctx, sel)
			if err != nil {
				return false
			}
			for _, p := range pods.Items {
				if p.DeletionTimestamp != nil && p.Status.Phase == corev1.PodRunning {
					return true
				}
			}
			return false
		}).WithTimeout(3*time.Minute).WithPolling(200*time.Millisecond).Should(BeTrue(), "the scenario's pod is being deleted\n%s", output)
		Expect(cmd.Process.Signal(syscall.SIGINT)).To(Succeed())
		select {
		case <-done:
		case <-time.After(3 * time.Minute):
			Fail("podlife run did not end within 3 minutes of SIGINT:\n" + output.String())
		case <-ctx.Done():
			return
		}
		fmt.Fprintf(GinkgoWriter, "podlife run, interrupted:\n%s\n", output.String())
		Expect(output.String()).To(MatchRegexp(`(?m)^\d+ passed, \d+ failed, \d+ skipped$`))

		left, err := livedriver.Leftovers(ctx, cs, run)
		Expect(err).NotTo(HaveOccurred())
		Expect(left).To(BeEmpty(), "namespaces labelled %s=%s", livedriver.LabelRun, run)
		pods, err := cs.CoreV1().Pods("").List(ctx, sel)
		Expect(err).NotTo(HaveOccurred())
		Expect(pods.Items).To(BeEmpty(), "pods labelled %s=%s", livedriver.LabelRun, run)
	})

	It("reports a namespace stuck in Terminating, with what is left in it", func(ctx SpecContext) {
		ns := "podlife-stuck-" + strings.ToLower(shared.RunID[len(shared.RunID)-6:])
		run := shared.RunID + "-stuck"
		labels := map[string]string{livedriver.LabelRun: run, livedriver.LabelScenario: "safety-stuck"}
		_, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns, Labels: labels}}, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
		// A finalizer nobody removes holds the pod, and so the namespace.
		// The pod carries no podlife label: cleanup lifts the finalizers
		// of the run's own pods (a scenario's `finalizer "f" is removed`
		// left undone), not another client's, which is what can hold a
		// namespace of podlife's for ever.
		_, err = cs.CoreV1().Pods(ns).Create(ctx, &corev1.Pod{
			ObjectMeta: metav1.ObjectMeta{Name: "held", Finalizers: []string{"podlife.io/test-hold"}},
			Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}},
		}, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
		release := func(ctx context.Context) {
			patch := []byte(`{"metadata":{"finalizers":null}}`)
			_, err := cs.CoreV1().Pods(ns).Patch(ctx, "held", types.MergePatchType, patch, metav1.PatchOptions{})
			if !apierrors.IsNotFound(err) {
				Expect(err).NotTo(HaveOccurred())
			}
		}
		DeferCleanup(release, NodeTimeout(time.Minute))

		err = livedriver.SweepWait(ctx, cs, run, 10*time.Second)
		Expect(err).To(HaveOccurred())
		msg := err.Error()
		fmt.Fprintf(GinkgoWriter, "cleanup reported: %s\n", msg)
		Expect(msg).To(ContainSubstring("namespace " + ns + " is stuck in Terminating"))
		Expect(msg).To(ContainSubstring("pod/held"))
		Expect(msg).To(ContainSubstring("podlife.io/test-hold"))

		release(ctx)
		Expect(livedriver.Sweep(ctx, cs, run)).To(Succeed())
		left, err := livedriver.Leftovers(ctx, cs, run)
		Expect(err).NotTo(HaveOccurred())
		Expect(left).To(BeEmpty())
	})
})

func podUIDs(ctx context.Context, cs kubernetes.Interface, ns string) map[types.UID]string {
	pods, err := cs.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{})
	Expect(err).NotTo(HaveOccurred())
	out := map[types.UID]string{}
	for _, p := range pods.Items {
		out[p.UID] = p.Name
	}
	return out
}

// deleteFixture deletes a namespace these tests created to stand for a
// foreign one, by name, after checking it is theirs.
func deleteFixture(ctx context.Context, cs kubernetes.Interface, name string) {
	ns, err := cs.CoreV1().Namespaces().Get(ctx, name, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return
	}
	Expect(err).NotTo(HaveOccurred())
	if ns.Labels[fixtureLabel] != shared.RunID {
		Fail(fmt.Sprintf("namespace %s is not this run's test fixture: left alone", name))
	}
	zero := int64(0)
	_ = cs.CoreV1().Pods(name).DeleteCollection(ctx, metav1.DeleteOptions{GracePeriodSeconds: &zero}, metav1.ListOptions{LabelSelector: "app=db"})
	uid := ns.UID
	Expect(cs.CoreV1().Namespaces().Delete(ctx, name, metav1.DeleteOptions{Preconditions: &metav1.Preconditions{UID: &uid}})).To(Succeed())
}

// startPodlifeRun builds podlife and starts `podlife run --driver live`
// on the suite's cluster with run id run (reports in a temporary folder)
// and args; it returns the command, its output so far, and a channel
// that gets its end. The process is killed when the spec ends.
func startPodlifeRun(ctx SpecContext, run string, args ...string) (*exec.Cmd, *bytes.Buffer, <-chan error) {
	dir := GinkgoT().TempDir()
	bin := filepath.Join(dir, "podlife")
	out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/podlife").CombinedOutput()
	Expect(err).NotTo(HaveOccurred(), string(out))
	base := []string{"run", "--driver", "live", "--kubeconfig", shared.Kubeconfig, "--run-id", run, "--report", filepath.Join(dir, "reports")}
	cmd := exec.Command(bin, append(base, args...)...)
	output := &bytes.Buffer{}
	cmd.Stdout, cmd.Stderr = output, output
	Expect(cmd.Start()).To(Succeed())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	DeferCleanup(func() { _ = cmd.Process.Kill() })
	return cmd, output, done
}
