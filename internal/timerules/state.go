package timerules

import (
	"strings"
	"time"
)

// podState is a pod's state after some of its own events (Container ==
// "").
type podState struct {
	exists    bool // created and not deleted
	gone      bool // deleted after it existed
	phase     string
	ready     bool
	deleting  bool
	scheduled bool
	status    string
}

// apply applies one event of the pod itself.
func (s *podState) apply(e Event) {
	if e.Kind == "PodCreated" {
		// A new object: a static pod's mirror pod is created again after
		// its deletion.
		*s = podState{exists: true, phase: "Pending"}
		return
	}
	if !s.exists {
		return // a pod that does not exist has no state to change
	}
	switch e.Kind {
	case "Phase":
		s.phase = e.Reason
	case "Condition":
		if e.Reason == "Ready" {
			s.ready = e.Status == "True"
		}
	case "Deleted":
		*s = podState{gone: true}
	case "DeleteRequested":
		s.deleting = true
	case "Scheduled":
		s.scheduled = true
	case "Status":
		s.status = e.Reason
	}
}

func terminal(phase string) bool { return phase == "Succeeded" || phase == "Failed" }

// pred is a predicate of a pod's state.
type pred func(podState) bool

// statePred is the predicate of a State as the language names it.
func statePred(st State) (pred, bool) {
	switch strings.ToLower(strings.TrimSpace(string(st))) {
	case "pending":
		return func(s podState) bool { return s.exists && s.phase == "Pending" }, true
	case "running":
		return func(s podState) bool { return s.exists && s.phase == "Running" }, true
	case "succeeded":
		return func(s podState) bool { return s.exists && s.phase == "Succeeded" }, true
	case "failed":
		return func(s podState) bool { return s.exists && s.phase == "Failed" }, true
	case "ready":
		return func(s podState) bool { return s.exists && s.ready }, true
	case "notready", "not ready":
		return func(s podState) bool { return s.exists && !s.ready }, true
	case "gone":
		return func(s podState) bool { return s.gone }, true
	case "terminating":
		return func(s podState) bool { return s.exists && s.deleting && !terminal(s.phase) }, true
	case "scheduled":
		return func(s podState) bool { return s.exists && s.scheduled }, true
	}
	return func(podState) bool { return false }, false
}

// statusPred: the STATUS column shows col (a pod that does not exist shows
// none).
func statusPred(col string) pred {
	return func(s podState) bool { return s.exists && s.status == col }
}

// stateAt is the pod's state at an instant, after every event of it.
func stateAt(evs []Event, pod string, at time.Duration) podState {
	var s podState
	for _, e := range evs {
		if e.At > at {
			break
		}
		if e.Pod == pod && e.Container == "" {
			s.apply(e)
		}
	}
	return s
}

// transition is an event of the pod's after which p holds and before
// which it did not: a state the API showed only within one instant counts
// (a watch sees it).
type transition struct {
	at  time.Duration
	idx int
}

// podSteps calls f with each of the pod's own events (its index in the
// sorted timeline) and the state before and after it, until f returns
// false.
func podSteps(evs []Event, pod string, f func(i int, before, after podState) bool) {
	var s podState
	for i, e := range evs {
		if e.Pod != pod || e.Container != "" {
			continue
		}
		before := s
		s.apply(e)
		if !f(i, before, s) {
			return
		}
	}
}

func transitions(evs []Event, pod string, p pred) []transition {
	var out []transition
	podSteps(evs, pod, func(i int, before, after podState) bool {
		if !p(before) && p(after) {
			out = append(out, transition{at: evs[i].At, idx: i})
		}
		return true
	})
	return out
}

// heldFrom is where p held from the end of the instant from (t=0's, whose
// state is read after every event of it) to limit: at the end of that
// instant, as the transition that made it hold however early it was; else
// after an event of the pod's at a later instant (a state the API showed
// only within one instant counts).
func heldFrom(evs []Event, pod string, p pred, from, limit time.Duration) (transition, bool) {
	var began, t transition
	holding, found := false, false
	podSteps(evs, pod, func(i int, before, after podState) bool {
		e := evs[i]
		if e.At > limit {
			return false
		}
		if e.At > from && holding {
			t, found = began, true
			return false
		}
		if p(after) && !p(before) {
			began = transition{at: e.At, idx: i}
		}
		holding = p(after)
		if holding && e.At > from {
			t, found = began, true
			return false
		}
		return true
	})
	if !found && holding && from <= limit {
		t, found = began, true
	}
	return t, found
}

// firstHold is the first event of the pod's, at an instant from from to
// limit, after which p holds ("true at some time": a state the API
// showed only within one instant counts).
func firstHold(evs []Event, pod string, p pred, from, limit time.Duration) (transition, bool) {
	var t transition
	found := false
	podSteps(evs, pod, func(i int, _, after podState) bool {
		at := evs[i].At
		if at > limit {
			return false
		}
		if at >= from && p(after) {
			t, found = transition{at: at, idx: i}, true
			return false
		}
		return true
	})
	return t, found
}

// created says whether the pod was created at or before the instant.
func created(evs []Event, pod string, at time.Duration) bool {
	for _, e := range evs {
		if e.At > at {
			break
		}
		if e.Pod == pod && e.Container == "" && e.Kind == "PodCreated" {
			return true
		}
	}
	return false
}

// restarts is the number of Restarted events of the container (of every
// container of the pod when container is "") up to the instant.
func restarts(evs []Event, pod, container string, at time.Duration) int {
	n := 0
	for _, e := range evs {
		if e.At > at {
			break
		}
		if e.Pod != pod || e.Kind != "Restarted" || e.Container == "" {
			continue
		}
		if container == "" || e.Container == container {
			n++
		}
	}
	return n
}
