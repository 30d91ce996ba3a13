// Package printer computes the STATUS, READY and RESTARTS columns of
// `kubectl get pods` as the API server's table printer does (printPod in
// pkg/printers/internalversion/printers.go). Since printing is server-side,
// the API server's version decides the rules; Options carries the two
// that changed recently.
package printer

import (
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/duration"
)

// Columns are the three lifecycle columns of `kubectl get pods`.
type Columns struct {
	Status   string `json:"status"`
	Ready    string `json:"ready"`
	Restarts string `json:"restarts"`
}

// Options are the printer rules that depend on the API server's version.
type Options struct {
	// TerminatingOnlyIfNotTerminal: Terminating is shown only while the
	// phase is not terminal (1.31+); before, for any deleted pod.
	TerminatingOnlyIfNotTerminal bool
	// CompletedShowsError: when the containers' reasons give "Completed"
	// but some container terminated with a non-zero exit, that
	// container's reason is shown (1.35+).
	CompletedShowsError bool
}

// Current are the rules of the 1.36 API server.
var Current = Options{TerminatingOnlyIfNotTerminal: true, CompletedShowsError: true}

// ForMinor are the rules of the API server of release 1.minor: the
// not-terminal clause of Terminating came in 1.31 and Completed giving way
// to an error reason in 1.35 (printPod in
// pkg/printers/internalversion/printers.go, v1.30.14 against v1.31.14,
// v1.34.4 against v1.35.4).
func ForMinor(minor int) Options {
	return Options{TerminatingOnlyIfNotTerminal: minor >= 31, CompletedShowsError: minor >= 35}
}

// nodeUnreachablePodReason is the reason only the (dead) NodeLost path set.
const nodeUnreachablePodReason = "NodeLost"

func isSidecar(c *corev1.Container) bool {
	return c != nil && c.RestartPolicy != nil && *c.RestartPolicy == corev1.ContainerRestartPolicyAlways
}

// Pod prints a pod at time now (for the RESTARTS column's "ago").
func Pod(p *corev1.Pod, now time.Time, o Options) Columns {
	c := count(p, o)
	r := fmt.Sprint(c.restarts)
	if c.restarts != 0 && !c.lastRestart.IsZero() {
		r = fmt.Sprintf("%d (%s ago)", c.restarts, duration.HumanDuration(now.Sub(c.lastRestart)))
	}
	return Columns{Status: c.reason, Ready: fmt.Sprintf("%d/%d", c.ready, c.total), Restarts: r}
}

// Status is the STATUS column alone, which does not depend on the time.
func Status(p *corev1.Pod, o Options) string { return count(p, o).reason }

// counts are what printPod reads off a pod before formatting the columns.
type counts struct {
	reason                 string
	ready, total, restarts int
	lastRestart            time.Time
}

func count(p *corev1.Pod, o Options) counts {
	restarts, sidecarRestarts := 0, 0
	total := len(p.Spec.Containers)
	ready := 0
	var lastRestart, lastSidecarRestart time.Time

	reason := string(p.Status.Phase)
	if p.Status.Reason != "" {
		reason = p.Status.Reason
	}
	// The loops take statuses by reference: the column is printed at
	// every status change of a simulated cluster's pods, and a container
	// status is 230 bytes to copy.
	for i := range p.Status.Conditions {
		if c := &p.Status.Conditions[i]; c.Type == corev1.PodScheduled && c.Reason == corev1.PodReasonSchedulingGated {
			reason = corev1.PodReasonSchedulingGated
		}
	}
	for i := range p.Spec.InitContainers {
		if isSidecar(&p.Spec.InitContainers[i]) {
			total++
		}
	}
	// sidecar reports whether the named init container is one (printPod
	// keeps a map of them; a pod has few).
	sidecar := func(name string) bool {
		for i := range p.Spec.InitContainers {
			if p.Spec.InitContainers[i].Name == name {
				return isSidecar(&p.Spec.InitContainers[i])
			}
		}
		return false
	}
	later := func(t *time.Time, cs *corev1.ContainerStatus) {
		if lt := cs.LastTerminationState.Terminated; lt != nil && t.Before(lt.FinishedAt.Time) {
			*t = lt.FinishedAt.Time
		}
	}

	// Init containers, in order: the first that is not done gives the
	// reason and marks the pod as initializing.
	initializing := false
	for i := range p.Status.InitContainerStatuses {
		cs := &p.Status.InitContainerStatuses[i]
		restarts += int(cs.RestartCount)
		later(&lastRestart, cs)
		if sidecar(cs.Name) {
			sidecarRestarts += int(cs.RestartCount)
			later(&lastSidecarRestart, cs)
		}
		switch {
		case cs.State.Terminated != nil && cs.State.Terminated.ExitCode == 0:
			continue
		case sidecar(cs.Name) && cs.Started != nil && *cs.Started:
			if cs.Ready {
				ready++
			}
			continue
		case cs.State.Terminated != nil:
			reason = initReason(terminatedReason(cs.State.Terminated))
		case cs.State.Waiting != nil && cs.State.Waiting.Reason != "" && cs.State.Waiting.Reason != "PodInitializing":
			reason = "Init:" + cs.State.Waiting.Reason
		default:
			reason = initProgress(i, len(p.Spec.InitContainers))
		}
		initializing = true
		break
	}

	if !initializing || initializedTrue(p) {
		restarts = sidecarRestarts
		lastRestart = lastSidecarRestart
		hasRunning := false
		errorReason := ""
		// Backwards, so that the lowest-index container not running wins.
		for i := len(p.Status.ContainerStatuses) - 1; i >= 0; i-- {
			cs := &p.Status.ContainerStatuses[i]
			restarts += int(cs.RestartCount)
			later(&lastRestart, cs)
			switch {
			case cs.State.Waiting != nil && cs.State.Waiting.Reason != "":
				reason = cs.State.Waiting.Reason
			case cs.State.Terminated != nil:
				reason = terminatedReason(cs.State.Terminated)
				if cs.State.Terminated.ExitCode != 0 {
					errorReason = reason
				}
			case cs.Ready && cs.State.Running != nil:
				hasRunning = true
				ready++
			}
		}
		if reason == "Completed" {
			switch {
			case hasRunning && readyTrue(p):
				reason = "Running"
			case o.CompletedShowsError && errorReason != "":
				reason = errorReason
			case hasRunning:
				reason = "NotReady"
			}
		}
	}

	terminal := p.Status.Phase == corev1.PodSucceeded || p.Status.Phase == corev1.PodFailed
	switch {
	case p.DeletionTimestamp != nil && p.Status.Reason == nodeUnreachablePodReason:
		reason = "Unknown"
	case p.DeletionTimestamp != nil && (!terminal || !o.TerminatingOnlyIfNotTerminal):
		reason = "Terminating"
	}

	return counts{reason: reason, ready: ready, total: total, restarts: restarts, lastRestart: lastRestart}
}

// initProgress is "Init:i/n". The column is printed at every status
// change of a simulated cluster's pods, so the texts of the pods with few
// init containers are made once.
func initProgress(i, n int) string {
	if n < len(initProgressTexts) {
		return initProgressTexts[n][i]
	}
	return fmt.Sprintf("Init:%d/%d", i, n)
}

var initProgressTexts = func() (t [8][]string) {
	for n := range t {
		for i := range n {
			t[n] = append(t[n], fmt.Sprintf("Init:%d/%d", i, n))
		}
	}
	return t
}()

// initReason is "Init:" and the reason, the usual ones without making
// the text again at each status change.
func initReason(reason string) string {
	switch reason {
	case "Error":
		return "Init:Error"
	case "OOMKilled":
		return "Init:OOMKilled"
	case "ContainerStatusUnknown":
		return "Init:ContainerStatusUnknown"
	case "ContainerCannotRun":
		return "Init:ContainerCannotRun"
	}
	return "Init:" + reason
}

// terminatedReason is the reason, or Signal:<n> / ExitCode:<n> without one.
func terminatedReason(t *corev1.ContainerStateTerminated) string {
	switch {
	case t.Reason != "":
		return t.Reason
	case t.Signal != 0:
		return fmt.Sprintf("Signal:%d", t.Signal)
	}
	return fmt.Sprintf("ExitCode:%d", t.ExitCode)
}

func conditionTrue(p *corev1.Pod, t corev1.PodConditionType) bool {
	for i := range p.Status.Conditions {
		if c := &p.Status.Conditions[i]; c.Type == t {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}

func initializedTrue(p *corev1.Pod) bool { return conditionTrue(p, corev1.PodInitialized) }
func readyTrue(p *corev1.Pod) bool       { return conditionTrue(p, corev1.PodReady) }
