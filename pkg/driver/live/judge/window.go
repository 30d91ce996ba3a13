package judge

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/kubelet/periods"
	"github.com/podlife/podlife/pkg/timeline"
)

// Window is where q is judged: counted from the kubelet's reaction and
// widened by the observers' margins; for a timeline table's row, from
// the row before it when that row was seen precisely (rowWindow); for an
// interval, from the observed event it follows.
func (j *Judge) Window(ctx context.Context, q driver.Question) (driver.Answer, error) {
	var w timeline.Window
	var err error
	if q.After != nil {
		w = j.interval(q)
	} else {
		w, err = j.rowWindow(ctx, q)
	}
	a := driver.Answer{Window: w, Checks: j.made}
	j.made = nil
	return a, err
}

// interval is the window of an event expected d after another observed
// event: both seen by precise observers, so only the precision widens it,
// but where the real kubelet or controller counts from a later or coarser
// reading of the event before (restartAfterNotice, replacementAfterExit).
func (j *Judge) interval(q driver.Question) timeline.Window {
	early, _ := j.obs.Margin(q.Sel, "")
	at := q.After.At
	w := timeline.Window{T0: q.T0.At, Ref: at, Lo: q.Lo, Hi: q.Hi, From: at + q.Lo - early, To: at + q.Hi + early}
	if q.Sel.Kind == timeline.SIGKILL && q.After.Kind == timeline.SIGTERM {
		// The runtime's grace timer starts once its SIGTERM call has
		// returned, and its SIGKILL is one more call through the shim
		// to runc (containerd internal/cri/server/container_stop.go
		// stopContainer: task.Kill(stop signal), the timeout,
		// task.Kill(SIGKILL)): the SIGKILL may come as late after the
		// SIGTERM seen as it may after any cause (a liveness probe's
		// terminationGracePeriodSeconds of 3: SIGKILL 3.356 s and 3.395 s
		// after the SIGTERM on the two attempts of CI's command on
		// 2026-12-03 07:52, 3.863 s the evening before), never earlier.
		_, late := j.obs.Margin(q.Sel, "")
		w.To = max(w.To, at+q.Hi+late)
		return w
	}
	if q.After.Kind != timeline.Exited {
		return w
	}
	switch {
	case q.Sel.Kind == timeline.PodCreated && q.Sel.Container == "":
		return replacementAfterExit(j.obs, q, w, early)
	case q.Sel.Container != "" && (q.Sel.Kind == timeline.Restarted || q.Sel.Kind == timeline.Started || q.Sel.Kind == timeline.Created):
		return restartAfterNotice(j, q, w)
	}
	return w
}

// restartAfterNotice: a container the kubelet starts after an exit (a
// restart) follows the kubelet's notice of that exit at its next PLEG
// relist (pkg/kubelet/pleg/generic.go Relist, v1.36.3; up to a period
// and its sync later), then the runtime's create and start; a restart
// held by the crash back-off comes at the pod worker's jittered requeue,
// counted from the sync that met the back-off, itself at the notice
// (pod_workers.go completeWork). The window keeps its start at the exit
// (the back-off counts from the container's finishedAt:
// kuberuntime_manager.go doBackOff) and ends that much later: by the
// relist and start allowance, or, where the kubelet's log shows the
// notice, from the notice with the runtime's own time to that very
// start, whichever is later.
func restartAfterNotice(j *Judge, q driver.Question, w timeline.Window) timeline.Window {
	_, late := j.obs.Margin(q.Sel, driver.ActionExit)
	w.To = max(w.To, q.After.At+q.Hi+late)
	prev := &timeline.RowMatch{Event: *q.After}
	if n, lag, ok := j.noticed(prev, q.Sel, q.Lo); ok {
		_, late := j.obs.Margin(q.Sel, driver.ActionNoticed)
		w.To = max(w.To, n+q.Hi+late+lag)
	}
	return w
}

// replacementAfterExit: the Job controller counts a failed pod's
// back-off from its finish time, the latest finishedAt of its containers
// as the API keeps it, in whole seconds (pkg/controller/job
// backoff_utils.go getFinishedTime, getRemainingTimeForFailuresCount),
// then creates the replacement at the sync it requeued for then: the
// window counts from that second, and ends a hop (the sync and the
// create through the API) after the rule's time.
func replacementAfterExit(obs Observations, q driver.Question, w timeline.Window, early time.Duration) timeline.Window {
	ref := obs.WholeSecond(q.After.At)
	w.Ref, w.From, w.To = ref, ref+q.Lo-early, ref+q.Hi+early+replacementHop
	return w
}

// replacementHop: from the Job controller's requeued sync to the
// replacement seen through the API (a create call and a watch delivery
// on a busy 2-core machine).
const replacementHop = 500 * time.Millisecond

// observable: an expectation about events the driver cannot see is a
// skip of the scenario, with the driver's reason.
func (j *Judge) observable(sel timeline.Selector) error {
	if why := j.obs.Unobserved(sel); why != "" {
		return fmt.Errorf("%w: %s", driver.ErrUnsupported, why)
	}
	return nil
}

// window is where an expectation [lo, hi] about the event sel selects is
// accepted: counted from the kubelet's reaction and widened by the
// observer's margins.
func (j *Judge) window(ctx context.Context, t0 timeline.Mark, sel timeline.Selector, lo, hi time.Duration) (timeline.Window, error) {
	w, _, err := j.phasedWindow(ctx, t0, sel, lo, hi)
	return w, err
}

// phasedWindow is window, and whether it counts from a probe's measured
// phase (afterProbeTick).
func (j *Judge) phasedWindow(ctx context.Context, t0 timeline.Mark, sel timeline.Selector, lo, hi time.Duration) (timeline.Window, bool, error) {
	if err := j.observable(sel); err != nil {
		return timeline.Window{}, false, err
	}
	if w, ok := j.deletionShown(t0, sel, lo, hi); ok {
		return w, false, nil
	}
	if w, ok := ttlDeletion(j, sel, t0, lo, hi); ok {
		return w, false, nil
	}
	if err := j.preemptedBy(ctx, sel); err != nil {
		return timeline.Window{}, false, err
	}
	ref, anchored, action, err := j.reference(ctx, t0, sel.Pod)
	if err != nil {
		return timeline.Window{}, false, err
	}
	var spread time.Duration
	if action == driver.ActionCreate && sel.Container != "" {
		// The start chain is the create's: its first starts, from the
		// kubelet's reaction to the create, wherever t=0 has moved since
		// (`N pass` carries the reaction's lag, not a chain of its own).
		first := ref
		if r := j.reactionOf(sel.Pod); r != nil && r.anchored && !r.cause {
			first = r.at + r.lag
		}
		last := j.lastChainStart(sel.Pod, first)
		own := j.ownStart(sel, first)
		ref += own - first
		spread = max(0, last-own)
	}
	early, late := j.obs.Margin(sel, action)
	if action == driver.ActionCreate && anchored && sel.Container != "" {
		if w, ok := (probes{j}).afterProbeTick(t0, sel, ref, lo, hi, early, late); ok {
			return w, true, nil
		}
		if w, ok, err := j.atDeadline(t0, sel, lo, hi); ok || err != nil {
			return w, false, err
		}
	}
	// What a sibling's own behaviour brings about (a sidecar stopped at
	// the app's exit) carries the sibling's later start.
	late += spread
	if !anchored {
		late += max(j.obs.Reaction(driver.ActionCreate), j.obs.Reaction(driver.ActionDelete))
	}
	from := ref + lo - early
	if sel.Container == "" {
		// What the API shows of a pod may follow the action itself rather
		// than the kubelet (a force delete's object gone at once): early,
		// it counts from t=0.
		from = min(from, t0.At+lo-early)
	}
	if sel.Kind == timeline.Ready && sel.Container != "" && action == driver.ActionCreate {
		if w, ok := (probes{j}).readyAtAnswer(ctx, t0, sel, ref, lo, hi); ok {
			return w, false, nil
		}
	}
	// A taint manager's deletion keeps its taint's delay (taintDelay).
	d := j.taintDelay(t0, sel)
	return timeline.Window{T0: t0.At, Ref: ref + d, Lo: lo, Hi: hi, From: from + d, To: ref + hi + late + d}, false, nil
}

// jobTTLs is what a session answers of its Jobs' ttlSecondsAfterFinished.
type jobTTLs interface {
	JobTTL(name string) (time.Duration, bool)
}

// ttlDeletion is the window of a Job's deletion (its DeleteRequested,
// its removal) that the TTL-after-finished controller makes: ttl after
// the Job's finish condition's lastTransitionTime, which the API keeps
// in whole seconds (ttlafterfinished_controller.go processTTL, timeLeft,
// jobFinishTime; v1.36.3). It counts from that condition as seen, in
// its whole second, as a pod's windows count from the kubelet's
// reaction: the written bounds are the rules' time from t=0 (the finish
// whole second plus ttl), and the cluster's finish came when it came
// (the steps about the finish judge that). A finished Job's pod shown
// terminal is deleted with it (the garbage collector's foreground
// deletion), and counted so too. None for a Job without a
// TTL, before its finish is seen, or for `within D` (lo 0: a deadline,
// not the rule's time), which keeps the window from t=0.
func ttlDeletion(j *Judge, sel timeline.Selector, t0 timeline.Mark, lo, hi time.Duration) (timeline.Window, bool) {
	if lo <= 0 || sel.Container != "" || (sel.Kind != timeline.DeleteRequested && sel.Kind != timeline.Deleted) {
		return timeline.Window{}, false
	}
	kind, name, ok := strings.Cut(sel.Pod, "/")
	if !ok {
		// A finished Job's pod, shown terminal: the garbage collector
		// deletes it when the Job is deleted, in that instant.
		name, ok = terminalJobPod(j, sel.Pod)
		kind = "job"
	}
	if !ok || kind != "job" {
		return timeline.Window{}, false
	}
	js, ok := j.sess.(jobTTLs)
	if !ok {
		return timeline.Window{}, false
	}
	ttl, ok := js.JobTTL(name)
	if !ok {
		return timeline.Window{}, false
	}
	job := timeline.ObjectName("Job", name)
	for _, e := range j.events() {
		if e.Pod != job || e.Kind != timeline.Condition || e.Status != "True" || (e.Reason != "Complete" && e.Reason != "Failed") {
			continue
		}
		rule := j.obs.WholeSecond(e.At) + ttl
		early, late := j.obs.Margin(sel, "")
		// The rules put the deletion at lo from t=0: the cluster's at
		// rule, the window as wide as the written one.
		return timeline.Window{T0: t0.At, Ref: rule - lo, Lo: lo, Hi: hi, From: rule - early, To: rule + (hi - lo) + late}, true
	}
	return timeline.Window{}, false
}

// terminalJobPod is the Job a pod's controller is, when the pod was
// shown Succeeded or Failed.
func terminalJobPod(j *Judge, pod string) (string, bool) {
	p := j.pod(pod)
	if p == nil {
		return "", false
	}
	ref := metav1.GetControllerOf(p)
	if ref == nil || ref.Kind != "Job" {
		return "", false
	}
	for _, e := range j.events() {
		if e.Pod == pod && e.Container == "" && e.Kind == timeline.Phase && (e.Reason == "Succeeded" || e.Reason == "Failed") {
			return ref.Name, true
		}
	}
	return "", false
}

// deletionShown is the window of a deleted pod's Terminating STATUS or
// its DeleteRequested when the last action on it was podlife's delete (a
// step's, a drain's eviction): the API server sets the deletion's time
// stamp as it serves the request (pkg/registry/rest/delete.go
// BeforeDelete), the kubelet takes no part, and podlife's watch sees it
// within a request's round trip. So it counts from the request, which
// podlife's client stamps, not from the kubelet's reaction (a Killing
// event up to a second later) widened by the API's chain.
func (j *Judge) deletionShown(t0 timeline.Mark, sel timeline.Selector, lo, hi time.Duration) (timeline.Window, bool) {
	if sel.Container != "" || !(sel.Kind == timeline.DeleteRequested || sel.Kind == timeline.Status && sel.Reason == "Terminating") {
		return timeline.Window{}, false
	}
	if r := j.react[sel.Pod]; r == nil || r.action != driver.ActionDelete {
		return timeline.Window{}, false
	}
	return j.Requests(t0, lo, hi), true
}

// atDeadline is the window of a kill activeDeadlineSeconds decides, on
// a cluster that saw the pod's startTime: the kubelet's sync loop checks
// the deadline at its 1 s tick against that startTime, whole seconds in
// its cache as in the API (pkg/kubelet/active_deadline.go
// pastActiveDeadline, kubelet.go syncLoopIteration; v1.36.3), where the
// simulator kills at the create's instant plus the deadline. The sync at
// that tick only decides: SyncPod finds the pod Failed
// (generateAPIPodStatus asks ShouldEvict, which records the first
// DeadlineExceeded event) and returns it terminal; the pod worker then
// waits for a PLEG relist newer than that sync before SyncTerminatingPod
// kills (pod_workers.go podWorkerLoop, podCache.GetNewerThan, "this
// adds ~1s of latency on all transitions from sync to terminating").
// So the decision counts from the startTime seen, late by a tick, and
// the kill's first step from the decision seen, late by a relist and the
// kill's step; a decision seen outside its own window is the verdict. A
// later step of that kill (its SIGKILL, the grace after) counts from the
// kill seen (the Killing event, else its first step). None for a pod
// without a deadline or a startTime seen, or an expectation well before
// the deadline (another kill's).
func (j *Judge) atDeadline(t0 timeline.Mark, sel timeline.Selector, lo, hi time.Duration) (timeline.Window, bool, error) {
	p, r := j.pod(sel.Pod), j.reactionOf(sel.Pod)
	c := j.container(sel.Pod, sel.Container)
	if p == nil || c == nil || p.Spec.ActiveDeadlineSeconds == nil || r == nil || r.action != driver.ActionCreate || r.cause {
		return timeline.Window{}, false, nil
	}
	st, ok := j.obs.DeadlineClock(sel.Pod)
	if !ok {
		return timeline.Window{}, false, nil
	}
	d := time.Duration(*p.Spec.ActiveDeadlineSeconds) * time.Second
	// The kill's decision in the rules' time from t=0: the simulator's
	// startTime is the create's instant.
	kill := r.at + d - t0.At
	if lo < kill-time.Second {
		return timeline.Window{}, false, nil
	}
	switch sel.Kind {
	case firstKillStep(c):
		step := deadlineKill
		if sel.Kind == timeline.PreStopStarted {
			step += execStart
		}
		ref := t0.At + st - r.at
		from := ref + lo - precisionEarly
		decided := ref + hi + periods.SyncLoopTick + decisionSeen
		w := timeline.Window{T0: t0.At, Ref: ref, Lo: lo, Hi: hi, From: from, To: decided + periods.PLEGRelist + step}
		e, seen := firstDecision(j.events(), sel.Pod, timeline.Mark{At: st + d - precisionEarly})
		if !seen {
			return w, true, nil
		}
		chk := timeline.Check{Pod: sel.Pod, What: "the kubelet's deadline decision (its first DeadlineExceeded event)",
			From: from, To: decided, Ref: ref, ExpectFrom: lo - precisionEarly, ExpectTo: hi + periods.SyncLoopTick + decisionSeen,
			Reaction: true, Observed: e.At, Seen: true, OK: e.At >= from && e.At <= decided}
		j.made = append(j.made, chk)
		if !chk.OK {
			kind := timeline.Late
			if e.At < from {
				kind = timeline.Early
			}
			dw := w
			dw.To = decided
			return w, true, &timeline.Verdict{Kind: kind, Window: &dw, Event: &e,
				Expected: fmt.Sprintf("the kubelet to find pod %q past its activeDeadlineSeconds at its sync loop's tick after %s (seen %s to %s, from its startTime at %s)",
					sel.Pod, timeline.FormatOffset(hi), timeline.FormatOffset(from-t0.At), timeline.FormatOffset(decided-t0.At), timeline.FormatOffset(ref-t0.At)),
				Observed: fmt.Sprintf("its first DeadlineExceeded event at %s", timeline.FormatOffset(e.At-t0.At)),
			}
		}
		w.To = e.At + periods.PLEGRelist + step
		return w, true, nil
	case timeline.SIGKILL:
		e, ok := firstReaction(j.events(), sel.Pod, timeline.Mark{At: st + d - precisionEarly}, driver.ActionDelete)
		if !ok {
			return timeline.Window{}, false, nil
		}
		ref := e.At - kill
		return timeline.Window{T0: t0.At, Ref: ref, Lo: lo, Hi: hi, From: ref + lo - precisionEarly, To: ref + hi + stopTimer}, true, nil
	}
	return timeline.Window{}, false, nil
}

// firstDecision is the first DeadlineExceeded event of pod's from from:
// the kubelet records one each time it generates the pod's status past
// its deadline, the first at the sync that decided the kill.
func firstDecision(events []timeline.Event, pod string, from timeline.Mark) (timeline.Event, bool) {
	for _, e := range events {
		if e.Pod == pod && e.Container == "" && e.Kind == timeline.KubeEvent && e.Reason == "DeadlineExceeded" && from.Precedes(e) {
			return e, true
		}
	}
	return timeline.Event{}, false
}

// decisionSeen bounds how long after the kubelet's sync an Event it
// recorded there is seen: its recorder's broadcaster, a create through
// the API and a watch delivery (the first DeadlineExceeded event came
// 3–160 ms before the Ready condition the same sync wrote, in four live
// runs of status.feature:221, 2026-11-28/29).
const decisionSeen = 500 * time.Millisecond

// deadlineKill bounds the time from the relist a terminating pod's
// worker waited for to its kill's first step seen: SyncTerminatingPod and
// the runtime's stop call. From the decision seen, the SIGTERM came
// 0.16–0.91 s later in four runs on kind v1.36.3 (the relist's wait
// included; 2026-11-28/29), 1.914 s after startTime plus the deadline in
// CI's (2026-11-29), past the old bound of a tick and 0.6 s.
const deadlineKill = 600 * time.Millisecond

// readyAtAnswer is, on a cluster that saw the container's readiness
// probe answered (the agent's lines), the window of its Ready: a
// container becomes ready at the first probe at or after the time its
// behaviour says (docs/language.md, Defaults: "Ready then appears at the
// first probe at or after D"), and the probe's worker keeps its own phase
// on a real kubelet. So a bound T counts as the first answer at or after
// T from the container's start (ref), and the Ready follows that answer
// by a status write: a second's shift is a different answer, where the
// widening by a period and the API's chain let it pass (heldout,
// 2026-11-28: `becomes ready at 9s` of a container ready at 10 s). None
// when the answers do not reach the bound, or the container started again
// meanwhile (its behaviour counts from its new start).
func (j probes) readyAtAnswer(ctx context.Context, t0 timeline.Mark, sel timeline.Selector, ref, lo, hi time.Duration) (timeline.Window, bool) {
	c, ok := j.readyAfterBehaviour(sel)
	if !ok {
		return timeline.Window{}, false
	}
	answers := j.obs.ProbeAnswers(sel, "readiness")
	first := func(at time.Duration) (time.Duration, bool) {
		for _, a := range answers {
			if a >= at {
				return a, true
			}
		}
		return 0, false
	}
	if _, ok := first(ref + hi); !ok && j.sess.Now() > ref+hi+periodOf(c.ReadinessProbe) {
		// The answer that decides the bound was given by now; its line
		// comes through the container's log, which may lag what the API
		// showed.
		_, _, _ = j.sess.RunUntil(ctx, j.sess.Now()+answerWait, func(driver.View) bool {
			answers = j.obs.ProbeAnswers(sel, "readiness")
			_, ok := first(ref + hi)
			return ok
		})
	}
	from, ok1 := first(ref + lo)
	to, ok2 := first(ref + hi)
	if !ok1 || !ok2 {
		return timeline.Window{}, false
	}
	// A start after the one the bounds count from (ref is that start, to
	// the wall clock's drift between the action's moments).
	starts := timeline.Selector{Pod: sel.Pod, Container: sel.Container, Kind: timeline.Started}
	for _, e := range j.events() {
		if e.At > ref+time.Second && e.At <= to && starts.Matches(e) {
			return timeline.Window{}, false
		}
	}
	// The answer is the agent's line (its precision early); the Ready a
	// status write after it, which the kubelet's status manager makes at
	// once on a change of readiness (SetContainerReadiness, v1.36.3):
	// 10–30 ms seen, a kubelet step allowed.
	early, _ := j.obs.Margin(timeline.Selector{Pod: sel.Pod, Container: sel.Container, Kind: timeline.Started}, "")
	return timeline.Window{T0: t0.At, Ref: ref, Lo: lo, Hi: hi, From: from - early, To: to + early + readyWrite}, true
}

// readyWrite bounds a container's Ready seen through the API after the
// probe's answer that decided it: a kubelet step.
const readyWrite = 500 * time.Millisecond

// answerWait bounds how long a probe's answer line may lag behind what
// the API showed of it (an agent's log is followed as it is written).
const answerWait = 2500 * time.Millisecond

// readyAfterBehaviour: the container's readiness is the language's
// `becomes ready after D` (its agent answers the readiness probe from
// its start, probed from the first sync with no initial delay, ready at
// one success, no startup probe in the way), for which Ready comes at the
// first probe at or after D on every driver. A readiness an initial
// delay or a startup probe decides, which the simulator's worker checks
// on its own grid, keeps the wide window. The container is read from the
// pod the session applied: an agent's behaviour is its arguments.
func (j probes) readyAfterBehaviour(sel timeline.Selector) (*corev1.Container, bool) {
	c := j.container(sel.Pod, sel.Container)
	if c == nil || c.StartupProbe != nil || c.ReadinessProbe == nil || c.ReadinessProbe.Exec == nil {
		return nil, false
	}
	r := c.ReadinessProbe
	if r.InitialDelaySeconds != 0 || r.SuccessThreshold > 1 || !slices.Equal(r.Exec.Command, behavior.ProbeCommand("readiness")) {
		return nil, false
	}
	if c.Image != behavior.Image {
		return nil, false
	}
	b, err := behavior.Parse(c.Args)
	return c, err == nil && b.ReadyAfter != nil
}

// pod is the pod as the session shows it, or as it was last seen.
func (j *Judge) pod(name string) *corev1.Pod {
	if p := j.sess.View().Pod(name); p != nil {
		j.pods[name] = p
	}
	return j.pods[name]
}

// container is a container of the pod as the session shows it (init
// containers included), or as it was last seen.
func (j *Judge) container(pod, name string) *corev1.Container {
	p := j.pod(pod)
	if p == nil {
		return nil
	}
	for _, list := range [][]corev1.Container{p.Spec.InitContainers, p.Spec.Containers} {
		for i := range list {
			if list[i].Name == name {
				return &list[i]
			}
		}
	}
	return nil
}

// LateCause: on a cluster a pod's phase, STATUS or removal shows through
// the API a status sync after the container event that caused it (a
// start, an exit), and a state's window allows for that chain late. The
// cause itself is seen precisely: when the state was seen after the
// written deadline, its cause (the pod's latest start or exit within the
// chain before it) must lie in its own window for the same bounds (the
// kubelet's reaction to get there allowed for, not the API's chain after
// it), however quickly the API showed the state. It returns that cause and
// window when the cause came too late (the issue "Verdicts that cannot
// lie": an Error 1.3 s after a deadline of 1 s passed in a window widened
// to 3.7 s).
func (j *Judge) LateCause(ctx context.Context, q driver.Question, w timeline.Window, seen timeline.Event) (timeline.Event, timeline.Window, bool) {
	pod := q.Sel.Pod
	if seen.At <= w.Ref+w.Hi {
		return timeline.Event{}, timeline.Window{}, false
	}
	_, chain := j.obs.Margin(timeline.Selector{Pod: pod, Kind: seen.Kind}, "")
	var cause *timeline.Event
	for _, e := range j.events() {
		if e.At > seen.At {
			break
		}
		if e.Pod == pod && e.Container != "" && (e.Kind == timeline.Exited || e.Kind == timeline.Started) && seen.At-e.At <= chain {
			// Only a cause seen precisely; and one the driver says it
			// cannot see would make window() skip the scenario.
			if sel := (timeline.Selector{Pod: pod, Container: e.Container, Kind: e.Kind}); j.obs.Precise(sel) && j.obs.Unobserved(sel) == "" {
				e := e
				cause = &e
			}
		}
	}
	if cause == nil {
		return timeline.Event{}, timeline.Window{}, false
	}
	cw, err := j.window(ctx, q.T0, timeline.Selector{Pod: pod, Container: cause.Container, Kind: cause.Kind}, w.Lo, w.Hi)
	if err != nil || cause.At <= cw.To {
		return timeline.Event{}, timeline.Window{}, false
	}
	return *cause, cw, true
}

// Requests: a drain's and the eviction subresource's times are podlife's
// own (its client sends the evictions, kubectl's loops run in it),
// stamped by its clock to within requestPrecision of the request
// reaching the API server; but what a drain waits for is the kubelet's,
// which the simulator does in the instant: a replacement pod started
// (and Ready after its probe's delay) before a refused eviction's retry
// is accepted, an evicted pod gone before waitForDelete's next poll (1 s,
// k8s.io/kubectl/pkg/drain/drain.go) sees it. Each of those widens the
// window late by the kubelet's calibrated reaction to a create or a
// delete (docs/language.md, "live windows"), and a poll's period.
func (j *Judge) Requests(t0 timeline.Mark, lo, hi time.Duration, waits ...driver.Action) timeline.Window {
	precision := requestPrecision
	if p, ok := j.obs.(requestStamps); ok {
		precision = p.RequestPrecision()
	}
	late := precision
	for _, a := range waits {
		late += j.obs.Reaction(a)
		if a == driver.ActionDelete {
			late += waitForDeletePoll
		}
	}
	return timeline.Window{T0: t0.At, Ref: t0.At, Lo: lo, Hi: hi, From: t0.At + lo - precision, To: t0.At + hi + late}
}

// requestStamps are observations that know how precisely podlife's
// requests are stamped (a cluster of no latency, the time rules' model of
// one: exactly); without it a request's round trip, requestPrecision.
type requestStamps interface {
	RequestPrecision() time.Duration
}

// requestPrecision bounds how far from the rule a request podlife's
// client makes is stamped: the request's round trip, and before a
// drain's first evictions kubectl's cordon, discovery and list calls.
const requestPrecision = 750 * time.Millisecond

// waitForDeletePoll is kubectl drain's poll of an evicted pod
// (waitForDelete's interval).
const waitForDeletePoll = time.Second
