package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// quiet tells the events left out of the terminal timeline unless every
// event is asked for: the API's and the kubelet's bookkeeping (conditions,
// events, scheduling, the sandbox), which are true but bury the lifecycle.
func quiet(k timeline.Kind) bool {
	switch k {
	case timeline.Condition, timeline.KubeEvent, timeline.Scheduled, timeline.Admitted, timeline.SandboxReady, timeline.Created:
		return true
	}
	return false
}

// quietKinds says what quiet leaves out, for the line that says so.
const quietKinds = "conditions, Kubernetes Events, scheduling, admission, the sandbox, Created"

func fmtRel(d, t0 time.Duration) string { return timeline.FormatOffset(d - t0) }

// annotatedTimeline is the timeline as `podlife timeline` prints it:
// aligned columns with times relative to t=0 and a detail that reads as
// an incident report does (how long a preStop ran, how long after
// SIGTERM a SIGKILL came, "pod gone"). all keeps the bookkeeping events
// (quiet); left is how many it left out.
func (r *Result) annotatedTimeline(all bool) (text string, left int) {
	rows := [][]string{{"t", "pod", "container", "event", "detail"}}
	since := map[string]time.Duration{} // when a preStop began or a SIGTERM came, per container
	for _, e := range r.Timeline {
		k := laneKey(e.Pod, e.Container)
		detail := ""
		switch e.Kind {
		case timeline.PreStopStarted:
			since[k+" preStop"] = e.At
		case timeline.PreStopDone:
			if at, ok := since[k+" preStop"]; ok {
				detail = "preStop ran " + timeline.FormatOffset(e.At-at)
			}
		case timeline.SIGTERM:
			since[k+" TERM"] = e.At
			if e.Message == timeline.WithoutTurn {
				detail = e.Message // a sidecar's stop, concurrent with the other kills
			}
		case timeline.SIGKILL:
			if at, ok := since[k+" TERM"]; ok {
				detail = timeline.FormatOffset(e.At-at) + " after SIGTERM"
			}
		case timeline.Exited:
			detail = strings.TrimSpace(e.Reason)
		case timeline.DeleteRequested, timeline.Rejected, timeline.Evicted, timeline.BackOff:
			detail = e.Message
		case timeline.Deleted:
			detail = "pod gone"
			if strings.Contains(e.Pod, "/") {
				detail = "gone" // a workload's (job/report): no pod name has a slash
			}
		case timeline.Condition, timeline.KubeEvent:
			detail = e.Message
			if e.Count > 1 {
				detail += fmt.Sprintf(" (x%d)", e.Count)
			}
		}
		if !all && quiet(e.Kind) {
			left++
			continue
		}
		container := e.Container
		if container == "" {
			container = "-"
		}
		rows = append(rows, []string{fmtRel(e.At, r.T0), e.Pod, container, e.Label(), detail})
	}
	return table(rows), left
}

// Lifecycle renders a result for a terminal: a header (scenario, outcome,
// seed, kubelet, what t=0 is), the timeline as aligned columns with times
// relative to t=0 and a detail that reads as an incident report does
// (how long a preStop ran, how long after SIGTERM a SIGKILL came, "pod
// gone"), and the expectations with expected against observed. all keeps
// the bookkeeping events too.
func (r *Result) Lifecycle(all bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s  %s\n", r.ID(), r.Name)
	fmt.Fprintf(&b, "%s on %s, seed %d, kubelet %s", strings.ToUpper(string(r.Status)), r.Driver, r.Seed, r.kubeletText())
	if a := lastAction(r.Steps); a != "" {
		fmt.Fprintf(&b, "; t=0 is the last action, %q", a)
	}
	b.WriteString("\n")
	switch r.Status {
	case Skipped:
		fmt.Fprintf(&b, "skipped: %s\n", r.Reason)
	case Interrupted:
		fmt.Fprintf(&b, "%s\n", r.Reason)
	case Errored:
		fmt.Fprintf(&b, "infrastructure error: %s\n", r.Reason)
	}
	if f := r.Failure; f != nil {
		fmt.Fprintf(&b, "%s:%d: %s\n", r.Feature, f.Line, f.Step)
		for _, l := range strings.Split(strings.TrimRight(f.Message, "\n"), "\n") {
			fmt.Fprintf(&b, "    %s\n", l)
		}
	}
	if len(r.Timeline) > 0 {
		b.WriteString("\n")
		text, _ := r.annotatedTimeline(all)
		b.WriteString(text)
	}
	if len(r.Checks) > 0 {
		b.WriteString("\nexpectations:\n")
		for _, ck := range r.Checks {
			mark := "ok  "
			if !ck.OK {
				mark = "FAIL"
			}
			observed := "not observed"
			if ck.Seen {
				observed = "observed " + fmtRel(ck.Observed, r.T0)
			}
			fmt.Fprintf(&b, "  %s line %d: %s (%s)\n", mark, ck.Line, ck.Step, withResolution(expectedText(ck, r.T0)+", "+observed, "; ", ck))
		}
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	return b.String()
}

// table aligns rows: the first column right-aligned (times), the others
// left-aligned, trailing blanks trimmed.
func table(rows [][]string) string {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		var line strings.Builder
		line.WriteString(strings.Repeat(" ", widths[0]-len([]rune(r[0]))) + r[0])
		for i := 1; i < len(r); i++ {
			line.WriteString("  " + r[i] + strings.Repeat(" ", widths[i]-len([]rune(r[i]))))
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return b.String()
}

// lastAction is the text of the scenario's last action step (When, and the
// And/But steps that follow it), where t=0 stands at the end.
func lastAction(steps []Step) string {
	last, inAction := "", false
	for _, s := range steps {
		switch s.Keyword {
		case "When":
			inAction = true
		case "Given", "Then":
			inAction = false
		}
		if inAction {
			last = s.Keyword + " " + s.Text
		}
	}
	return last
}
