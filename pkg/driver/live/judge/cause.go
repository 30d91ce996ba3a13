package judge

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/kubelet/periods"
	"github.com/podlife/podlife/pkg/timeline"
)

// What the API shows of a pod at the end of its life (its terminal
// phase, a terminated container's STATUS, the object gone) a real
// kubelet writes a status sync after the container exit that caused it,
// and the API shows a watch delivery later: up to a couple of seconds,
// varying with where the PLEG relist falls. The simulator writes them in
// the instant of the exit. The exit itself is seen precisely (the
// runtime's event, the agent's line), so the rule's time is checked
// there, in the window the exit would have as a row of its own, and the
// API's chain after it against its calibrated bound: a second's shift of
// the written time is then a different exit time, where the API's window
// alone (2.5 s wide) lets it pass.

// Gone is `gone at T` / `gone between A and B` on a cluster: the pod
// gone, waited to the end of its own window apiWin, judged by its last
// container's end (Caused).
func (j *Judge) Gone(ctx context.Context, q driver.Question, apiWin timeline.Window) (driver.Caused, bool, error) {
	sel, t0 := q.Sel, q.T0
	gone, ok, err := j.awaitFirst(ctx, apiWin.To, func(events []timeline.Event) (timeline.Event, bool) {
		return timeline.First(events, j.From(sel.Pod, t0), sel)
	})
	if err != nil {
		return driver.Caused{}, true, err
	}
	if !ok {
		return driver.Caused{Window: apiWin}, true, nil
	}
	c, ok, err := j.Caused(ctx, q, gone)
	if !ok && err == nil {
		// Nothing ran to stop, or the object went first (a force
		// delete): only the API's time can be checked.
		return driver.Caused{Window: apiWin}, true, nil
	}
	return c, true, err
}

// Caused judges seen, an event the API showed of the pod q selects (its
// terminal phase, a terminated STATUS, its removal; a container not
// ready within the chain after its exit), by its cause: the pod's (the
// container's) latest container exit since t=0, no later than seen. The exit
// must lie in the window it would have at q's bounds, counted as a
// timeline row's from the rows matched before it (q.Earlier, those seen
// before the exit), and seen must follow it within the API's calibrated
// chain (pkg/kubelet/status/status_manager.go, a terminal phase only once
// every container has stopped: kubelet_pods.go generateAPIPodStatus,
// v1.36.3). ok false when seen has no such cause (a pod rejected at
// admission, a phase of a running pod): it is judged as any other event.
func (j *Judge) Caused(ctx context.Context, q driver.Question, seen timeline.Event) (driver.Caused, bool, error) {
	pod := q.Sel.Pod
	kinds := causes(seen)
	if len(kinds) == 0 {
		return driver.Caused{}, false, nil
	}
	from := j.From(pod, q.T0)
	var cause *timeline.Event
	for _, e := range j.events() {
		if e.At > seen.At {
			break
		}
		if e.Pod == pod && e.Container != "" && (seen.Container == "" || e.Container == seen.Container) && slices.Contains(kinds, e.Kind) && from.Precedes(e) {
			e := e
			cause = &e
		}
	}
	if cause == nil {
		return driver.Caused{}, false, nil
	}
	_, _, action, err := j.reference(ctx, q.T0, pod)
	if err != nil {
		return driver.Caused{}, true, err
	}
	_, chain := j.obs.Margin(timeline.Selector{Pod: pod, Kind: seen.Kind}, action)
	if seen.Kind == timeline.Deleted && terminalBefore(j.events(), pod, cause.At, seen.At-chain) {
		// A pod shown terminal longer than the API's chain before its
		// removal was removed by a delete made later, not by its end: a
		// finished Job's pod the garbage collector deletes when the
		// TTL-after-finished controller deletes the Job (a terminal pod
		// is removed at once: pod strategy CheckGracefulDelete, v1.36.3).
		// Judged as any other event, by the API's time.
		return driver.Caused{}, false, nil
	}
	if seen.Kind == timeline.Phase && endsOnItsOwn(j.events(), pod, seen.At, action) {
		// A pod that ends on its own: the sync that notices its last
		// exit finds it terminal, and the status manager holds the
		// terminal phase back (mergePodStatus, couldHaveRunningContainers)
		// until the pod worker's terminating sync has run, which waits for
		// a relist newer than that sync (pod_workers.go podWorkerLoop,
		// GetNewerThan; v1.36.3): a relist more than the calibrated chain
		// of a deleted pod, whose kill that sync makes itself.
		chain += periods.PLEGRelist
	}
	if (seen.Container != "" || cause.Kind != timeline.Exited) && seen.At-cause.At > chain {
		// A container not ready long after its exit (a probe's doing),
		// a pod Running long after a start (what it waited on is not
		// seen): judged as any other event.
		return driver.Caused{}, false, nil
	}
	csel := timeline.Selector{Pod: pod, Container: cause.Container, Kind: cause.Kind}
	if !j.obs.Precise(csel) || j.obs.Unobserved(csel) != "" {
		return driver.Caused{}, false, nil
	}
	cq := q
	cq.Sel = csel
	cq.Earlier = nil
	for _, m := range q.Earlier {
		// A row seen at or after the exit (the exit's own row) is no
		// reference for it.
		if m.Found && m.Event.At < cause.At {
			cq.Earlier = append(cq.Earlier, m)
		}
	}
	w, err := j.rowWindow(ctx, cq)
	if err != nil {
		return driver.Caused{}, true, err
	}
	// Who showed what, and the event behind it, for the verdicts.
	who, what, end, endOf := fmt.Sprintf("pod %q", pod), seen.Label(), "its last container ending", "its last container's end"
	switch {
	case seen.Kind == timeline.Deleted:
		what = "gone"
	case seen.Container != "":
		who, what, end, endOf = fmt.Sprintf("container %q of pod %q", seen.Container, pod), "not ready", "its exit", "its exit"
	case cause.Kind != timeline.Exited:
		end, endOf = fmt.Sprintf("its container %q's %s", cause.Container, cause.Label()), fmt.Sprintf("container %q's %s", cause.Container, cause.Label())
	}
	did := "ended"
	if cause.Kind != timeline.Exited {
		did = cause.Label()
	}
	observed := fmt.Sprintf("container %q %s at %s, %s %s at %s", cause.Container, did,
		timeline.FormatOffset(cause.At-q.T0.At), who, what, timeline.FormatOffset(seen.At-q.T0.At))
	var verdict error
	switch {
	case !w.Contains(cause.At):
		kind := timeline.Late
		if cause.At < w.From {
			kind = timeline.Early
		}
		verdict = &timeline.Verdict{Kind: kind, Window: &w, Event: cause, Observed: observed,
			Expected: fmt.Sprintf("%s %s %s, %s then%s", who, what, describeBounds(q.Lo, q.Hi), end, w.Note())}
	case seen.At-cause.At > chain:
		verdict = &timeline.Verdict{Kind: timeline.Late, Event: &seen, Observed: observed,
			Expected: fmt.Sprintf("%s %s within %s of %s (the API's calibrated chain)", who, what, timeline.FormatOffset(chain), endOf)}
	}
	return driver.Caused{Cause: cause, Window: w, Verdict: verdict}, true, nil
}

// terminalBefore: the pod was shown Succeeded or Failed at or after
// from and before until.
func terminalBefore(events []timeline.Event, pod string, from, until time.Duration) bool {
	for _, e := range events {
		if e.At >= until {
			break
		}
		if e.Pod == pod && e.Container == "" && e.Kind == timeline.Phase && (e.Reason == "Succeeded" || e.Reason == "Failed") && e.At >= from {
			return true
		}
	}
	return false
}

// causes are the container events what the API showed (e) follows: a
// terminal phase, a terminated container's STATUS (kubectl's printer:
// the reason, or Signal:N / ExitCode:N, for an init container Init:
// before them) and the pod gone follow an exit; a container's Ready lost
// (the status written after its exit: the kubelet's status of a
// container not running is not ready, kubelet_pods.go
// convertToAPIContainerStatuses) its own exit; the Running phase and
// STATUS a container's start (or restart), or its postStart hook's end (the kubelet
// reports the container running once the hook returned,
// kuberuntime_container.go startContainer, v1.36.3). None for anything
// else.
func causes(e timeline.Event) []timeline.Kind {
	ended := []timeline.Kind{timeline.Exited}
	running := []timeline.Kind{timeline.Started, timeline.Restarted, timeline.PostStartDone}
	if e.Container != "" {
		if e.Kind == timeline.NotReady {
			return ended
		}
		return nil
	}
	switch e.Kind {
	case timeline.Deleted:
		return ended
	case timeline.Phase:
		switch e.Reason {
		case "Succeeded", "Failed":
			return ended
		case "Running":
			return running
		}
	case timeline.Status:
		r := strings.TrimPrefix(e.Reason, "Init:")
		switch {
		case e.Reason == "Running":
			return running
		case r == "Completed", r == "Error", r == "OOMKilled", r == "ContainerCannotRun", r == "StartError",
			strings.HasPrefix(r, "Signal:"), strings.HasPrefix(r, "ExitCode:"):
			return ended
		}
	}
	return nil
}

func describeBounds(lo, hi time.Duration) string {
	if lo == hi {
		return "at " + timeline.FormatOffset(lo)
	}
	return "between " + timeline.FormatOffset(lo) + " and " + timeline.FormatOffset(hi)
}

// endsOnItsOwn says whether a pod's terminal phase follows its last exit
// with no kill of the kubelet's in between: after the scenario created
// it, or an exit it caused, or, for a pod of a controller's (a Job's,
// which no step acted on), with no deletion asked and no eviction before
// the phase (the
// eleventh-drafts.feature:10 Job pod's Succeeded came 2.23 s after its
// exit, a relist past a deleted pod's chain, 2026-11-30).
func endsOnItsOwn(events []timeline.Event, pod string, at time.Duration, action driver.Action) bool {
	switch action {
	case driver.ActionCreate, driver.ActionExit:
		return true
	case "":
		for _, e := range events {
			if e.At > at {
				break
			}
			// Deleted or evicted, the pod is killed by the kubelet's
			// own terminating sync: no relist in between.
			if e.Pod == pod && (e.Kind == timeline.DeleteRequested || e.Kind == timeline.Evicted) {
				return false
			}
		}
		return true
	}
	return false
}
