package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// glanceWidth caps a failure's line at the end of a console summary: a CI
// log shows its tail, and a line folded there is read as several.
const glanceWidth = 300

// Glance is the failed scenarios in a line each, for the end of a console
// summary, where a CI log's tail shows them (the explanations above may
// be cut from it): where it failed, what was expected against what was
// seen, and, on a cluster, when the attempt began and how long its pods
// took to start, so that a failure of a loaded machine can be told from a
// rule's at a glance (a pod that starts seconds late fails every timed
// check after it). Nil when nothing failed.
func Glance(results []Result) []string {
	var out []string
	for _, r := range results {
		if r.Status != Failed && r.Status != Errored {
			continue
		}
		var b strings.Builder
		b.WriteString(r.ID())
		switch {
		case r.Status == Errored:
			b.WriteString(" infrastructure error: " + oneLine(r.Reason))
		case r.Failure != nil:
			fmt.Fprintf(&b, " line %d: %s", r.Failure.Line, oneLine(expectedGot(r.Failure.Message)))
		default:
			b.WriteString(": " + oneLine(r.Reason))
		}
		var tail []string
		if !r.Started.IsZero() {
			tail = append(tail, "began "+r.Started.UTC().Format("15:04:05"))
		}
		if lag, pod, ok := SlowestStart(r.Timeline); ok {
			tail = append(tail, fmt.Sprintf("slowest pod start %s (%s)", lag.Round(100*time.Millisecond), pod))
		}
		line := b.String()
		if len(tail) > 0 {
			t := " [" + strings.Join(tail, ", ") + "]"
			if len(line)+len(t) > glanceWidth {
				line = line[:max(glanceWidth-len(t)-1, 0)] + "…"
			}
			line += t
		} else if len(line) > glanceWidth {
			line = line[:glanceWidth-1] + "…"
		}
		out = append(out, line)
	}
	return out
}

// expectedGot is a failure message's "expected …" and "got …" lines
// joined, the rest (the rule behind it, the steps) left to the
// explanation above; the message's first line when it has neither.
func expectedGot(msg string) string {
	var kept []string
	for _, l := range strings.Split(msg, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "expected ") || strings.HasPrefix(t, "got ") {
			kept = append(kept, t)
		}
	}
	if len(kept) == 0 {
		first, _, _ := strings.Cut(strings.TrimSpace(msg), "\n")
		return first
	}
	return strings.Join(kept, "; ")
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// SlowestStart is the longest time from a pod's creation to its first
// container's start on a timeline (the pod's name with it): the kubelet's
// and the runtime's pace while the scenario ran, which its timed checks
// take as given. Pods that never started are left out; ok is false when
// no pod started.
func SlowestStart(events []timeline.Event) (lag time.Duration, pod string, ok bool) {
	created := map[string]time.Duration{}
	started := map[string]bool{}
	for _, e := range events {
		switch e.Kind {
		case timeline.PodCreated:
			if _, seen := created[e.Pod]; !seen {
				created[e.Pod] = e.At
			}
		case timeline.Started:
			at, seen := created[e.Pod]
			if !seen || started[e.Pod] {
				continue
			}
			started[e.Pod] = true
			if d := e.At - at; !ok || d > lag {
				lag, pod, ok = d, e.Pod, true
			}
		}
	}
	return lag, pod, ok
}
