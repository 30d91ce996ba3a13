package timerules

import (
	"fmt"
	"strings"
	"time"
)

// label is an event as a timeline table writes it: its kind, with its
// argument in parentheses where the kind has one.
func label(e Event) string {
	switch e.Kind {
	case "Exited":
		return fmt.Sprintf("Exited(%d)", e.Code)
	case "Phase", "Event", "Status", "ProbeFailed", "Rejected":
		return e.Kind + "(" + e.Reason + ")"
	case "Condition":
		return "Condition(" + e.Reason + "=" + e.Status + ")"
	}
	return e.Kind
}

// labelKind is the kind a table's label names.
func labelKind(l string) string {
	l = strings.TrimSpace(l)
	if i := strings.IndexByte(l, '('); i >= 0 {
		return strings.TrimSpace(l[:i])
	}
	return l
}

func owner(pod, container string) string {
	if container == "" {
		return fmt.Sprintf("pod %q", pod)
	}
	return fmt.Sprintf("container %q of pod %q", container, pod)
}

// rel writes an instant relative to t=0.
func rel(at time.Duration, t0 Mark) string {
	d := at - t0.At
	if d < 0 {
		return d.String() + " (before t=0)"
	}
	return d.String()
}

// evWords: "SIGTERM of container "app" of pod "web" at 3s".
func evWords(e Event, t0 Mark) string {
	at := rel(e.At, t0)
	if e.At == t0.At && !atOrAfter(e, t0) {
		at += " (before t=0)"
	}
	s := label(e) + " of " + owner(e.Pod, e.Container) + " at " + at
	if e.Kind == "Event" && e.Count > 1 {
		s += fmt.Sprintf(" (count %d)", e.Count)
	}
	return s
}

// selWords: what a selector names.
func selWords(sel Selector) string {
	var b strings.Builder
	switch sel.Kind {
	case "Exited":
		b.WriteString("Exited")
		if sel.HasCode {
			fmt.Fprintf(&b, "(%d)", sel.Code)
		}
	case "Event":
		fmt.Fprintf(&b, "event %q", sel.Reason)
	default:
		b.WriteString(sel.Kind)
		if sel.Reason != "" {
			b.WriteString("(" + sel.Reason + ")")
		}
		if sel.HasCode {
			fmt.Fprintf(&b, " with code %d", sel.Code)
		}
	}
	if sel.Kind == "Exited" && sel.Reason != "" {
		fmt.Fprintf(&b, " with reason %q", sel.Reason)
	}
	switch {
	case sel.Pod == "":
		b.WriteString(" of any pod")
	case sel.AnyContainer:
		fmt.Fprintf(&b, " of pod %q (any container)", sel.Pod)
	default:
		b.WriteString(" of " + owner(sel.Pod, sel.Container))
	}
	return b.String()
}

func stateWords(s podState) string {
	switch {
	case s.gone:
		return "gone"
	case !s.exists:
		return "not created"
	}
	var parts []string
	parts = append(parts, "phase "+s.phase)
	if s.ready {
		parts = append(parts, "Ready")
	} else {
		parts = append(parts, "not Ready")
	}
	if s.deleting {
		parts = append(parts, "deleting")
	}
	if s.status != "" {
		parts = append(parts, fmt.Sprintf("STATUS %q", s.status))
	}
	return strings.Join(parts, ", ")
}

func capNote(tl Timeline, t0 Mark) string {
	if tl.Capped {
		return fmt.Sprintf(" (the cap stopped the activity at %s)", rel(tl.End, t0))
	}
	return ""
}

func listEvents(evs []Event, idx []int, t0 Mark, max int) string {
	var parts []string
	for k, i := range idx {
		if k == max {
			parts = append(parts, fmt.Sprintf("and %d more", len(idx)-max))
			break
		}
		parts = append(parts, evWords(evs[i], t0))
	}
	return strings.Join(parts, "; ")
}
