package live

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/kubernetes"
)

// NamespaceWait bounds how long cleanup waits for a namespace to go
// before it reports it stuck.
const NamespaceWait = 90 * time.Second

// deleteScenario deletes one scenario's objects and waits for its
// namespace to go.
func (d *Driver) deleteScenario(ctx context.Context, ns, scenario string) error {
	return deleteLabelled(ctx, d.cs, scenarioSelector(d.runID, scenario), []string{ns}, NamespaceWait)
}

func scenarioSelector(runID, scenario string) labels.Set {
	sel := labels.Set{LabelRun: runID}
	if scenario != "" {
		sel[LabelScenario] = scenario
	}
	return sel
}

// deleteScenarioLater deletes one scenario's objects as deleteScenario
// does, and leaves the wait for its namespace to go to the driver's
// reaper. On kind the namespace controller takes 5.4 to 5.9 s to empty
// and remove a namespace whose pods are gone already (2026-11-29, three
// namespaces of one pod each): a wait every scenario spent idle, a sixth
// of the live catalogue's wall time, where nothing of a scenario that
// leased no node depends on it (its pods are deleted at once, and
// nothing else in the cluster is of its namespace). A namespace that
// does not go is reported by Reaped, and by SweepRun, which waits for it.
func (d *Driver) deleteScenarioLater(ctx context.Context, ns, scenario string) error {
	if err := deleteLabelled(ctx, d.cs, scenarioSelector(d.runID, scenario), []string{ns}, 0); err != nil {
		return err
	}
	d.reap.add(d.cs, ns)
	return nil
}

// reaper waits in the background for deleted namespaces to go.
type reaper struct {
	wg    sync.WaitGroup
	mu    sync.Mutex
	stuck []error
	// wait bounds each namespace's wait (NamespaceWait; tests shorten it).
	wait time.Duration
}

func (r *reaper) add(cs kubernetes.Interface, ns string) {
	wait := r.wait
	if wait == 0 {
		wait = NamespaceWait
	}
	r.later(func(ctx context.Context) error { return waitGone(ctx, cs, []string{ns}, wait) })
}

// later runs a scenario's last work in the background; Reaped waits for
// it and reports its error.
func (r *reaper) later(f func(ctx context.Context) error) {
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		if err := f(context.Background()); err != nil {
			r.mu.Lock()
			r.stuck = append(r.stuck, err)
			r.mu.Unlock()
		}
	}()
}

// Reaped waits until every namespace the driver's sessions deleted
// without waiting is gone or found stuck (NamespaceWait each), and
// returns those found stuck, each once: a stuck namespace is the
// cluster's fault, and a run with one does not pass.
func (d *Driver) Reaped(ctx context.Context) error {
	done := make(chan struct{})
	go func() { d.reap.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		return fmt.Errorf("waiting for the run's deleted namespaces to go: %w", ctx.Err())
	}
	d.reap.mu.Lock()
	defer d.reap.mu.Unlock()
	err := errors.Join(d.reap.stuck...)
	d.reap.stuck = nil
	return err
}

// Sweep deletes everything labelled with the run's id: its namespaces
// (their labelled pods first, at once) and priority classes. It waits
// for the namespaces to go and reports any stuck in Terminating.
func Sweep(ctx context.Context, cs kubernetes.Interface, runID string) error {
	return SweepWait(ctx, cs, runID, NamespaceWait)
}

// SweepWait is Sweep with its own bound on the wait for namespaces to go.
func SweepWait(ctx context.Context, cs kubernetes.Interface, runID string, wait time.Duration) error {
	if runID == "" {
		return fmt.Errorf("no run id: podlife sweeps one run at a time")
	}
	return deleteLabelled(ctx, cs, labels.Set{LabelRun: runID}, nil, wait)
}

// Leftovers lists the namespaces labelled podlife.io/run (with the given
// run id, or any when empty).
func Leftovers(ctx context.Context, cs kubernetes.Interface, runID string) ([]string, error) {
	sel := LabelRun
	if runID != "" {
		sel = labels.Set{LabelRun: runID}.String()
	}
	list, err := cs.CoreV1().Namespaces().List(ctx, metav1.ListOptions{LabelSelector: sel})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, n := range list.Items {
		out = append(out, fmt.Sprintf("%s (%s=%s, %s)", n.Name, LabelRun, n.Labels[LabelRun], n.Status.Phase))
	}
	sort.Strings(out)
	return out, nil
}

// deleteLabelled deletes the namespaces that carry every label of sel
// (only those named in names, when given), after deleting the
// Deployments, DaemonSets, StatefulSets, Jobs and ReplicaSets and force-deleting the pods in them
// that carry the labels too, and the priority classes that carry them
// (the budgets and resource quotas go with their namespace), the
// finalizers of those pods removed (liftFinalizers), and waits
// up to wait for the namespaces to go (not at all when wait is 0).
// Objects without the labels are never touched.
func deleteLabelled(ctx context.Context, cs kubernetes.Interface, sel labels.Set, names []string, wait time.Duration) error {
	selector := sel.String()
	nsList, err := cs.CoreV1().Namespaces().List(ctx, metav1.ListOptions{LabelSelector: selector})
	if err != nil {
		return fmt.Errorf("listing podlife's namespaces: %w", err)
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var doomed []string
	var errs []string
	zero := int64(0)
	for _, n := range nsList.Items {
		if len(want) > 0 && !want[n.Name] {
			continue
		}
		doomed = append(doomed, n.Name)
		// The controllers before their pods, or they would replace them:
		// the Deployments before the ReplicaSets they would scale again,
		// the Jobs (whose controller then lifts the tracking finalizers of
		// their pods: syncOrphanPod) and the ReplicaSets.
		bg := metav1.DeletePropagationBackground
		opts, list := metav1.DeleteOptions{PropagationPolicy: &bg}, metav1.ListOptions{LabelSelector: selector}
		err := cs.AppsV1().Deployments(n.Name).DeleteCollection(ctx, opts, list)
		if ignoreNotFound(err) != nil {
			errs = append(errs, fmt.Sprintf("deleting the deployments of %s: %v", n.Name, err))
		}
		// The node agent's DaemonSet (nodeagent.go), whose controller
		// would replace its pods.
		err = cs.AppsV1().DaemonSets(n.Name).DeleteCollection(ctx, opts, list)
		if ignoreNotFound(err) != nil {
			errs = append(errs, fmt.Sprintf("deleting the daemon sets of %s: %v", n.Name, err))
		}
		// The scenarios' StatefulSets, whose controller would re-create
		// their pods under the same names.
		err = cs.AppsV1().StatefulSets(n.Name).DeleteCollection(ctx, opts, list)
		if ignoreNotFound(err) != nil {
			errs = append(errs, fmt.Sprintf("deleting the stateful sets of %s: %v", n.Name, err))
		}
		err = cs.BatchV1().Jobs(n.Name).DeleteCollection(ctx, opts, list)
		if ignoreNotFound(err) != nil {
			errs = append(errs, fmt.Sprintf("deleting the jobs of %s: %v", n.Name, err))
		}
		err = cs.AppsV1().ReplicaSets(n.Name).DeleteCollection(ctx, opts, list)
		if ignoreNotFound(err) != nil {
			errs = append(errs, fmt.Sprintf("deleting the replica sets of %s: %v", n.Name, err))
		}
		// The pods first, at once: a namespace deletion would wait out each
		// pod's grace period. The kubelet still stops their containers.
		err = cs.CoreV1().Pods(n.Name).DeleteCollection(ctx, metav1.DeleteOptions{GracePeriodSeconds: &zero}, metav1.ListOptions{LabelSelector: selector})
		if ignoreNotFound(err) != nil {
			errs = append(errs, fmt.Sprintf("deleting the pods of %s: %v", n.Name, err))
		}
		// A pod a finalizer holds would keep the namespace Terminating
		// for ever: its finalizers go, the pods deleted (finalizers.go).
		if err := liftFinalizers(ctx, cs, n.Name, selector); err != nil {
			errs = append(errs, err.Error())
		}
		if n.DeletionTimestamp == nil {
			uid := n.UID
			err := cs.CoreV1().Namespaces().Delete(ctx, n.Name, metav1.DeleteOptions{Preconditions: &metav1.Preconditions{UID: &uid}})
			if ignoreNotFound(err) != nil {
				errs = append(errs, fmt.Sprintf("deleting namespace %s: %v", n.Name, err))
			}
		}
	}
	err = cs.SchedulingV1().PriorityClasses().DeleteCollection(ctx, metav1.DeleteOptions{}, metav1.ListOptions{LabelSelector: selector})
	if ignoreNotFound(err) != nil {
		errs = append(errs, fmt.Sprintf("deleting priority classes: %v", err))
	}
	if wait > 0 {
		if err := waitGone(ctx, cs, doomed, wait); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}

// waitGone waits for the namespaces to disappear, up to wait or the
// context's deadline, and describes those that did not.
func waitGone(ctx context.Context, cs kubernetes.Interface, names []string, wait time.Duration) error {
	deadline := time.Now().Add(wait)
	if dl, ok := ctx.Deadline(); ok && dl.Before(deadline) {
		deadline = dl.Add(-2 * time.Second)
	}
	left := names
	for len(left) > 0 {
		var still []string
		for _, n := range left {
			_, err := cs.CoreV1().Namespaces().Get(ctx, n, metav1.GetOptions{})
			if ignoreNotFound(err) == nil && err != nil {
				continue
			}
			still = append(still, n)
		}
		left = still
		if len(left) == 0 || time.Now().After(deadline) || ctx.Err() != nil {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	if len(left) == 0 {
		return nil
	}
	var msgs []string
	for _, n := range left {
		msgs = append(msgs, describeStuck(context.WithoutCancel(ctx), cs, n))
	}
	return fmt.Errorf("%w: %s", errStuck, strings.Join(msgs, "; "))
}

// describeStuck names what is left in a namespace that does not go.
func describeStuck(ctx context.Context, cs kubernetes.Interface, ns string) string {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var parts []string
	pods, err := cs.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{})
	if err == nil {
		for _, p := range pods.Items {
			parts = append(parts, fmt.Sprintf("pod/%s (%s%s)", p.Name, p.Status.Phase, finalizers(p.Finalizers)))
		}
	}
	if n, err := cs.CoreV1().Namespaces().Get(ctx, ns, metav1.GetOptions{}); err == nil {
		for _, c := range n.Status.Conditions {
			if c.Status == corev1.ConditionTrue {
				parts = append(parts, fmt.Sprintf("%s: %s", c.Type, c.Message))
			}
		}
		if len(n.Spec.Finalizers) > 0 {
			parts = append(parts, fmt.Sprintf("namespace finalizers %v", n.Spec.Finalizers))
		}
	}
	if len(parts) == 0 {
		parts = append(parts, "nothing listed")
	}
	return fmt.Sprintf("namespace %s is stuck in Terminating; left in it: %s", ns, strings.Join(parts, ", "))
}

func finalizers(f []string) string {
	if len(f) == 0 {
		return ""
	}
	return ", finalizers " + strings.Join(f, " ")
}

// SweepRun deletes what the run left on the cluster, as after an
// interrupt: its static pod manifests, its namespaces and priority
// classes, and then (their pods gone) the pool nodes it still holds,
// restored, and last the node agent. Every step runs whatever the others
// did.
func (d *Driver) SweepRun(ctx context.Context) error {
	if err := d.connect(ctx); err != nil {
		return err
	}
	// The node agent's namespace goes last: the manifests and the pool's
	// nodes are restored through it on the agent route, after the
	// kubelets the run stopped are started again (an exec needs them).
	reaped := d.Reaped(ctx)
	started := startRunsKubelets(ctx, d)
	manifests := d.SweepManifests(ctx)
	scenarios := sweepExcept(ctx, d.cs, d.runID, agentNamespace(d.runID))
	pool := d.SweepPool(ctx)
	return errors.Join(reaped, started, manifests, scenarios, pool, Sweep(ctx, d.cs, d.runID))
}

// sweepExcept is Sweep but for one namespace of the run, left for later.
func sweepExcept(ctx context.Context, cs kubernetes.Interface, runID, except string) error {
	if runID == "" {
		return fmt.Errorf("no run id: podlife sweeps one run at a time")
	}
	sel := labels.Set{LabelRun: runID}
	list, err := cs.CoreV1().Namespaces().List(ctx, metav1.ListOptions{LabelSelector: sel.String()})
	if err != nil {
		return fmt.Errorf("listing podlife's namespaces: %w", err)
	}
	var names []string
	for _, n := range list.Items {
		if n.Name != except {
			names = append(names, n.Name)
		}
	}
	if len(names) == 0 {
		return nil // deleteLabelled would take no names as all of them
	}
	return deleteLabelled(ctx, cs, sel, names, NamespaceWait)
}
