package timerules

import (
	"slices"
	"time"
)

// Limits of the language (docs/language.md, the Time table):
// `becomes …` waits up to WaitLimit.
const waitLimit = 2 * time.Minute

// sortedEvents returns the timeline's events in (At, Seq) order (a copy:
// the caller's slice is never reordered).
func sortedEvents(evs []Event) []Event {
	out := slices.Clone(evs)
	slices.SortStableFunc(out, func(a, b Event) int {
		switch {
		case a.At < b.At:
			return -1
		case a.At > b.At:
			return 1
		case a.Seq < b.Seq:
			return -1
		case a.Seq > b.Seq:
			return 1
		}
		return 0
	})
	return out
}

// atOrAfter: "An event is at or after the mark when it is later, or in the
// same instant with a greater sequence number; a mark with Seq 0 takes in
// its whole instant."
func atOrAfter(e Event, m Mark) bool {
	if e.At != m.At {
		return e.At > m.At
	}
	return m.Seq == 0 || e.Seq > m.Seq
}

// less is the timeline's order: (time, sequence).
func less(a, b Event) bool {
	if a.At != b.At {
		return a.At < b.At
	}
	return a.Seq < b.Seq
}

// killWork are the kinds of the work the kubelet starts concurrently for
// each regular container of a pod when it kills it.
var killWork = map[string]bool{
	"PreStopStarted": true,
	"PreStopDone":    true,
	"SIGTERM":        true,
	"SIGKILL":        true,
	"Exited":         true,
}

func isRegular(tl Timeline, pod, container string) bool {
	return slices.Contains(tl.Regular[pod], container)
}

// unordered: two events of one instant that are the kill work of two
// different regular containers of one pod: "an order check between such
// events holds either way".
func unordered(tl Timeline, a, b Event) bool {
	return a.At == b.At && a.Pod == b.Pod &&
		a.Container != "" && b.Container != "" && a.Container != b.Container &&
		killWork[a.Kind] && killWork[b.Kind] &&
		isRegular(tl, a.Pod, a.Container) && isRegular(tl, b.Pod, b.Container)
}

// precedes says whether a may be taken as coming before b: strictly
// earlier by (time, sequence), or unordered with it.
func precedes(tl Timeline, a, b Event) bool {
	return less(a, b) || unordered(tl, a, b)
}

// matches says whether e is one of the events sel names.
func matches(sel Selector, e Event) bool {
	if sel.Pod != "" && e.Pod != sel.Pod {
		return false
	}
	if !sel.AnyContainer && e.Container != sel.Container {
		return false
	}
	if sel.Kind != "" && e.Kind != sel.Kind {
		return false
	}
	if sel.Reason != "" && e.Reason != sel.Reason {
		return false
	}
	if sel.HasCode && e.Code != sel.Code {
		return false
	}
	return true
}

// sameKind is sel without its reason and code: the events "outside its
// choice" a failure names.
func sameKind(sel Selector, e Event) bool {
	sel.Reason, sel.HasCode = "", false
	if sel.Kind == "Event" {
		return false // an Event's reason is what it is; other reasons are other events
	}
	return matches(sel, e)
}

// weight is how many occurrences an event counts for: an aggregated
// Kubernetes Event counts its Count (0 means 1).
func weight(e Event) int {
	if e.Kind == "Event" && e.Count > 1 {
		return e.Count
	}
	return 1
}

// oneContainer: Sel and Ref are both of one container, so a relative
// phrase takes the other event of the same container instance.
func oneContainer(a, b Selector) bool {
	return !a.AnyContainer && !b.AnyContainer && a.Container != "" &&
		a.Container == b.Container && a.Pod == b.Pod
}

// instance is the container instance of the event at index i: the number
// of Restarted events of its container up to and including it.
func instance(evs []Event, i int) int {
	e := evs[i]
	n := 0
	for _, x := range evs[:i+1] {
		if x.Kind == "Restarted" && x.Pod == e.Pod && x.Container == e.Container {
			n++
		}
	}
	return n
}
