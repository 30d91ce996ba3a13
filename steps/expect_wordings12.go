package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// Phrases in the words of issue 38's twelfth held-out set (first drafts
// written from the README and docs/language.md alone): a node's
// schedulability as a state (`node "worker-1" is unschedulable`, where
// `is cordoned` is the action), a workload's pods as its controller
// counts them (`the deployment "api" has 2 pods within 35s`), a
// Deployment waited for until it is available, and a preStop hook the
// grace period cut short.
func draftTwelveWordings() []Def {
	const w = "workloads"
	const has = `^the (deployment|replica set|job) "([^"]*)" has (\S+) (?:pods?|replicas?)`
	kinds := func() Slot { return slot("workload", "deployment", workloadKinds...) }
	const hook = `^the preStop hook of container "([^"]*)"(?: of pod "([^"]*)")? is (?:cut short|interrupted) `
	cut := func(c, p, lo, hi string) Step {
		return &preStopCut{ctrEventIn: ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.PreStopDone, lo: lo, hi: hi}}
	}
	return []Def{
		phrase("node expectations", `^node "([^"]*)" is (unschedulable|schedulable)$`, `Then node "worker-1" is unschedulable`,
			s2(func(node, want string) Step {
				return nodeSchedulable{node: node, unschedulable: want == "unschedulable"}
			})).
			with(slot("schedulability", "unschedulable", "unschedulable", "schedulable")),
		phrase(w, `^the deployment "([^"]*)" becomes available$`, `When the deployment "web" becomes available`,
			s1(func(name string) Step { return deploymentBecomesAvailable{name: name} })),
		phrase(w, has+`$`, `Then the deployment "web" has 2 pods`,
			s3(func(kind, name string, n podsCount) Step {
				return workloadPods{kind: kind, name: name, want: Count(n)}
			})).with(kinds()),
		phrase(w, has+` within (\S+)$`, `Then the deployment "web" has 2 pods within 35s`,
			s4(func(kind, name string, n podsCount, d writtenSpan) Step {
				return workloadPodsIn{workloadPods{kind: kind, name: name, want: Count(n)}, writtenSpan{0, "0s"}, d, "within " + d.text}
			})).with(kinds()),
		phrase(w, has+` at (\S+)$`, `Then the replica set "web" has 3 pods at 10s`,
			s4(func(kind, name string, n podsCount, at writtenSpan) Step {
				return workloadPodsIn{workloadPods{kind: kind, name: name, want: Count(n)}, at, at, "at " + at.text}
			})).with(slot("workload", "replica set", workloadKinds...)),
		phrase(w, has+` between (\S+) and (\S+)$`, `Then the job "batch" has 1 pod between 2s and 6s`,
			s5(func(kind, name string, n podsCount, a, b writtenSpan) Step {
				return workloadPodsIn{workloadPods{kind: kind, name: name, want: Count(n)}, a, b, "between " + a.text + " and " + b.text}
			})).with(slot("workload", "job", workloadKinds...)),
		phrase("actions", `^the image of container "([^"]*)"(?: of pod "([^"]*)")? is (?:set|changed|updated) to "([^"]*)"$`, `When the image of container "app" of pod "web" is changed to "busybox:1.37"`,
			s3(func(c, p, image string) Step { return podImageSet{ctr: ctrOfPod{c, p}, image: image} })),
		phrase("signals and hooks", hook+`(at|after) (\S+)$`, `Then the preStop hook of container "app" is cut short at 2s`,
			s4(func(c, p, _, at string) Step { return cut(c, p, at, at) })).with(slot("at or after", "at", "at", "after")),
		phrase("signals and hooks", hook+`within (\S+)$`, `Then the preStop hook of container "app" is cut short within 5s`,
			s3(func(c, p, d string) Step { return cut(c, p, "0s", d) })),
	}
}

// Then node "worker-1" is unschedulable (schedulable): the node's
// spec.unschedulable at the current time, as the node's other states are
// read (checkNode: exactly on the simulator, polled for up to the
// tolerance on a cluster, where the Node is read from the API server).
// A cordon (`node "x" is cordoned`, a drain's first step) sets it:
// k8s.io/kubectl pkg/drain/cordon.go CordonHelper.PatchOrReplace.
type nodeSchedulable struct {
	node          string
	unschedulable bool
	// within: by t0+D (drain_words.go), "" for the current time.
	within string
}

func (s nodeSchedulable) Declare(pl *Plan) error {
	_, err := pl.nodeCheck(s.node, s.within)
	return err
}

func (s nodeSchedulable) Run(ctx context.Context, st *State) error {
	what := "schedulable"
	if s.unschedulable {
		what = "unschedulable"
	}
	return checkNode(ctx, st, s.node, s.within, "is "+what, func(n *corev1.Node) string {
		if n.Spec.Unschedulable != s.unschedulable {
			return fmt.Sprintf("spec.unschedulable is %t", n.Spec.Unschedulable)
		}
		return ""
	})
}

// When the deployment "web" becomes available: waits, as a pod's
// `becomes` does, up to 2 min for the Deployment to be available with
// every replica updated and available: its Available condition True and
// its rollout complete (rolloutDone: the spec's generation observed,
// updatedReplicas at spec.replicas, no old replica left, every updated
// one available). t=0 moves to the first instant it held from the last
// t=0 on (it stays there when it held then already); a Deployment that
// never gets there fails the scenario with its last status.
type deploymentBecomesAvailable struct{ name string }

func (s deploymentBecomesAvailable) Declare(pl *Plan) error {
	_, err := pl.deploymentDecl(s.name)
	return err
}

// deploymentAvailable is the state `becomes available` waits for.
func deploymentAvailable(d driver.Session, name string) (bool, string) {
	dep := d.Deployment(name)
	if dep == nil {
		return false, "no such deployment"
	}
	available := false
	var conds []string
	for _, c := range dep.Status.Conditions {
		conds = append(conds, fmt.Sprintf("%s=%s (%s)", c.Type, c.Status, c.Reason))
		if c.Type == appsv1.DeploymentAvailable && c.Status == corev1.ConditionTrue {
			available = true
		}
	}
	done, why := rolloutDone(dep)
	state := describeDeployment(dep)
	if len(conds) > 0 {
		state += "; " + strings.Join(conds, ", ")
	}
	switch {
	case !done:
		return false, why + ": " + state
	case !available:
		return false, "not Available: " + state
	}
	return true, state
}

func (s deploymentBecomesAvailable) Run(ctx context.Context, st *State) error {
	if _, err := readyWorkload(ctx, st, "deployment", s.name); err != nil {
		return err
	}
	from := max(st.clock.t0.At, st.clock.lastAction)
	sess, err := st.clk().sessionFrom(ctx, from)
	if err != nil {
		return err
	}
	if sess.Now() < from {
		if _, _, err := sess.RunUntil(ctx, from, nil); err != nil {
			return err
		}
	}
	at, ok, err := sess.RunUntil(ctx, max(st.clock.cur, sess.Now())+WaitLimit, func(driver.View) bool {
		ok, _ := deploymentAvailable(sess, s.name)
		return ok
	})
	if err != nil {
		return err
	}
	if !ok {
		_, last := deploymentAvailable(sess, s.name)
		return &timeline.Verdict{Kind: timeline.Missing,
			Expected: fmt.Sprintf("deployment %q to become available (Available=True, every replica updated and available) within %s", s.name, WaitLimit),
			Observed: last}
	}
	st.clk().moveT0(timeline.Mark{At: at})
	if st.stepType == Action {
		if err := st.clk().toCurrent(ctx); err != nil {
			return fmt.Errorf("going to the deployment's availability at %s: %w", timeline.FormatOffset(at), err)
		}
	}
	return nil
}

// Then the deployment "web" has 2 pods (the replica set "web", the job
// "batch"): the workload's active pods at the current time, as its
// controller counts them (k8s.io/kubernetes
// pkg/controller/controller_utils.go IsPodActive, v1.36.3: not Succeeded
// nor Failed, no deletionTimestamp): what a ReplicaSet's and a
// Deployment's .status.replicas and a Job's .status.active count once
// their controller has synced. `no` or `zero` is 0.
type workloadPods struct {
	kind, name string
	want       Count
	// ready: only the active pods whose Ready condition is True count
	// (`has N ready pods`), as a ReplicaSet's readyReplicas does
	// (pkg/controller/replicaset/replica_set_utils.go calculateStatus,
	// v1.36.3: the active pods with podutil.IsPodReady), and a
	// Deployment's, its ReplicaSets' sum
	// (pkg/controller/deployment/util/deployment_util.go
	// GetReadyReplicaCountForReplicaSets).
	ready bool
	// running: only the active pods in phase Running count (`has N
	// running pods`, running_words.go), as `kubectl get pods` lists them
	// Running; Ready or not.
	running bool
}

func (s workloadPods) Declare(pl *Plan) error {
	_, err := pl.workload(s.kind, s.name)
	return err
}

// pods are the workload's pods in the API and the names of every pod it
// created, in order.
func (s workloadPods) pods(d driver.Session) ([]*corev1.Pod, []string) {
	var pods []*corev1.Pod
	var created []string
	switch s.kind {
	case "deployment":
		pods, created, _ = d.DeploymentPods(s.name)
	case "job":
		pods, created, _ = d.JobPods(s.name)
	case "stateful set":
		pods, created, _ = d.StatefulSetPods(s.name)
	default:
		pods, created, _ = d.ReplicaSetPods(s.name)
	}
	return pods, created
}

// active are the workload's active pods, by scenario name.
func (s workloadPods) active(d driver.Session) []string {
	pods, _ := s.pods(d)
	var out []string
	for _, p := range pods {
		if p.Status.Phase != corev1.PodSucceeded && p.Status.Phase != corev1.PodFailed && p.DeletionTimestamp == nil &&
			(!s.ready || conditionIs(p, corev1.PodReady, corev1.ConditionTrue)) && (!s.running || p.Status.Phase == corev1.PodRunning) {
			out = append(out, p.Name)
		}
	}
	return out
}

// counted says which of its pods the count counts.
func (s workloadPods) counted() string {
	switch {
	case s.ready:
		return "ready"
	case s.running:
		return "running"
	}
	return "active"
}

func (s workloadPods) holds(d driver.Session) (bool, string) {
	a := s.active(d)
	what := s.counted()
	if len(a) == 0 {
		return s.want == 0, "no " + what + " pod"
	}
	return len(a) == int(s.want), fmt.Sprintf("%d %s: %s", len(a), what, strings.Join(a, ", "))
}

func (s workloadPods) expected() string {
	return fmt.Sprintf("%s %q with %s", s.kind, s.name, times(int(s.want), s.counted()+" pod"))
}

func (s workloadPods) Run(ctx context.Context, st *State) error {
	d, err := readyWorkload(ctx, st, s.kind, s.name)
	if err != nil {
		return err
	}
	return pollDisruption(ctx, st, d, func(d driver.Session, _ driver.View) error {
		if ok, now := s.holds(d); !ok {
			return readVerdict(st, s.expected(), fmt.Sprintf("%s: %s", st.clk().readAt(), now))
		}
		return nil
	})
}

// Then the deployment "web" has 2 pods within 35s, at 10s, between 2s and
// 6s: the count of active pods held at some instant from t0+A to t0+B
// (`within D`: from t=0, the state at t=0 counting; `at T`: at t0+T), as
// a Job's counters are timed (jobHasIn), in the window of a time
// podlife's client reads on a cluster.
type workloadPodsIn struct {
	workloadPods
	lo, hi writtenSpan
	shape  string
}

func (s workloadPodsIn) Run(ctx context.Context, st *State) error {
	d, err := readyWorkload(ctx, st, s.kind, s.name)
	if err != nil {
		return err
	}
	what := s.counted() + " pods"
	// Counted along the pods' timeline, event by event, as `at all times`
	// counts them (deploymentAlways): a count the API showed within one
	// instant holds, as a watch sees it (blind set 21: a rollout with
	// maxSurge 1 whose three pods the simulator had within one instant;
	// `never has more than 2 pods` failed on them while `has 3 pods within
	// 5s` failed too). From t0+A (from the beginning of t=0's instant for
	// `within D`, the count then standing for the time before it) to the
	// window's end.
	w := disruptionWindow(st, s.lo.d, s.hi.d, driver.ActionCreate, driver.ActionDelete)
	from := timeline.Mark{At: max(w.From, st.clock.t0.At)}
	if s.lo.d == 0 {
		from = st.clock.t0
		w.From = 0
	}
	sel := workloadSel(s.kind, s.name)
	// complete: the events read reach past t=0's instant or to the
	// deadline (a view while the session runs is checked after each of
	// its steps, and may end within an instant).
	held := func(events []timeline.Event, complete bool) (time.Duration, bool) {
		return s.heldOnTimeline(events, s.created(d), from, w.To, complete)
	}
	if _, _, err := st.Session.RunUntil(ctx, w.To, func(v driver.View) bool {
		_, ok := held(v.Timeline(), false)
		return ok
	}); err != nil {
		return err
	}
	if at, ok := held(st.clk().events(), true); ok {
		return st.keepWindowCheck(sel, what, w, &timeline.Event{At: at, Pod: sel.Pod}, nil)
	}
	_, now := s.holds(d)
	return st.keepWindowCheck(sel, what, w, nil, &timeline.Verdict{Kind: timeline.Missing, Window: &w,
		Expected: s.expected() + " " + s.shape + w.Note(),
		Observed: fmt.Sprintf("not from %s to %s (counted at each change of its pods); at %s: %s", timeline.FormatOffset(from.At-st.clock.t0.At),
			timeline.FormatOffset(w.To-st.clock.t0.At), timeline.FormatOffset(st.Session.Now()-st.clock.t0.At), now)})
}

// created are the pods the workload created, in order.
func (s workloadPods) created(d driver.Session) []string {
	_, created := s.pods(d)
	return created
}

// heldOnTimeline is the first time from the mark from to to that the
// workload's count was the one wanted (complete: the events reach past
// the mark's instant or to to): after a change of its pods after
// the mark (a count the API showed within one instant holds: a watch sees
// it), or at the end of the mark's instant (the count then, which
// stands for the time before it: a Job's pods are not counted as none
// in the instant it was created, before it made them).
func (s workloadPods) heldOnTimeline(events []timeline.Event, created []string, from timeline.Mark, to time.Duration, complete bool) (time.Duration, bool) {
	pods := map[string]*deployPod{}
	for _, n := range created {
		pods[n] = &deployPod{}
	}
	count := func() bool {
		n := 0
		for _, p := range pods {
			if p.active() && (!s.ready || p.ready) && (!s.running || p.running) {
				n++
			}
		}
		return n == int(s.want)
	}
	checked := false
	for _, e := range events {
		if e.At > to {
			break
		}
		if !checked && e.At > from.At {
			checked = true
			if count() {
				return from.At, true
			}
		}
		p := pods[e.Pod]
		if p == nil || e.Container != "" || !p.apply(e) {
			continue
		}
		if from.Precedes(e) && count() {
			return e.At, true
		}
	}
	if complete && !checked && from.At <= to && count() {
		return from.At, true
	}
	return 0, false
}

// Then the preStop hook of container "app" is cut short at 2s (after 2s,
// within 5s; interrupted): the kubelet stopped waiting for the hook
// before it returned, at t0+D as `finishes at` is judged (PreStopDone:
// pkg/kubelet/kuberuntime/kuberuntime_container.go, v1.36.3,
// executePreStopHook returns at the grace period's end whether the hook
// has or not, and killContainer then stops the container), and that end
// was the grace running out, not the hook's return: the timeline's
// PreStopDone says so (the simulator's "not completed in grace period",
// the live driver's "the kubelet stopped waiting", where the agent saw
// the hook start and not its end). On a cluster the end of a hook is
// seen only where the agent runs it (an exec hook of an agent
// container); elsewhere the scenario is skipped with the reason.
type preStopCut struct {
	ctrEventIn
}

// hookCompleted: a PreStopDone of a hook that returned (completed or
// failed), not one the grace period cut.
func hookCompleted(msg string) bool {
	return msg == "completed" || msg == "hook failed" || strings.HasPrefix(msg, "failed")
}

func (s *preStopCut) Declare(pl *Plan) error {
	if err := s.ctrEventIn.Declare(pl); err != nil {
		return err
	}
	_, c, err := pl.mustContainer(s.ctr.name, s.ctr.pod)
	if err != nil {
		return err
	}
	if c.Lifecycle == nil || c.Lifecycle.PreStop == nil {
		return inputErr("container %q has no preStop hook: give it one in the pod's YAML (lifecycle.preStop)", c.Name)
	}
	return nil
}

func (s *preStopCut) Run(ctx context.Context, st *State) error {
	if err := s.ctrEventIn.Run(ctx, st); err != nil {
		if v, ok := err.(*timeline.Verdict); ok {
			v.Expected = "preStop hook cut short: " + v.Expected
		}
		return err
	}
	// The occurrence the window judged: the first at or after t=0.
	for _, e := range st.clk().events() {
		if e.At < st.clock.t0.At || !s.sel.Matches(e) {
			continue
		}
		if hookCompleted(e.Message) {
			return &timeline.Verdict{Kind: timeline.WrongState, Event: &e,
				Expected: fmt.Sprintf("the preStop hook of container %q cut short by the grace period", s.sel.Container),
				Observed: fmt.Sprintf("it returned (%s) at %s", e.Message, timeline.FormatOffset(e.At-st.clock.t0.At))}
		}
		return nil
	}
	return nil
}

// When the image of container "app" of pod "web" is changed to
// "busybox:1.37" (set, updated): the pod's spec updated with that image
// for the container (`kubectl set image pod/web app=busybox:1.37`, the
// only change of a running pod's containers the API server allows); the
// kubelet kills the running container, with the pod's grace period and
// its preStop hook, and starts it again with the new image, a restart
// (kuberuntime_manager.go computePodActions, containerChanged, v1.36.3:
// "Container app definition changed, will be restarted"). t=0 is the
// update. The container must run an image (an agent container's
// behaviour is in its arguments); on a cluster an image it does not have
// skips the scenario with the reason. On a cluster the restart is judged
// as a delete's reaction is (driver.ActionDelete: the kubelet's Killing
// event, the preStop hook, the stop signal).
type podImageSet struct {
	ctr   ctrOfPod
	image string
}

func (s podImageSet) Declare(pl *Plan) error {
	p, c, err := pl.mustContainer(s.ctr.name, s.ctr.pod)
	if err != nil {
		return err
	}
	if _, agent := p.beh[c.Name]; agent || c.Image == "" || c.Image == behavior.Image {
		return inputErr("container %q of pod %q is an agent container (no image): its behaviour is in its arguments, and its image is not changed; give it an image in the pod's YAML", c.Name, p.name)
	}
	if s.image == "" {
		return inputErr("an image needs a name")
	}
	return nil
}

func (s podImageSet) Run(ctx context.Context, st *State) error {
	p, c, err := st.Plan.mustContainer(s.ctr.name, s.ctr.pod)
	if err != nil {
		return err
	}
	if err := actOnCreatedPod(ctx, st, p, fmt.Sprintf("the image of container %q of pod %q is changed", c.Name, p.name)); err != nil {
		return err
	}
	st.acted(driver.ActionDelete, p.name)
	if err := st.Session.SetImage(ctx, p.name, c.Name, s.image); err != nil {
		return st.unsupported(fmt.Errorf("changing the image of container %q of pod %q: %w", c.Name, p.name, err))
	}
	return nil
}
