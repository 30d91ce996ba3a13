package report

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// The differential report: the same scenarios on the simulator and on a
// live cluster, and where they part. Only lifecycle events are compared
// (diffKinds, diffReasons): conditions, scheduling and image events come
// with latencies the simulator leaves out on purpose.

// diffKinds are the timeline kinds compared.
var diffKinds = map[timeline.Kind]bool{
	timeline.Started: true, timeline.Restarted: true, timeline.PreStopStarted: true, timeline.PreStopDone: true,
	timeline.PostStartDone: true, timeline.SIGTERM: true, timeline.SIGKILL: true, timeline.Exited: true,
	timeline.BackOff: true, timeline.Evicted: true, timeline.Rejected: true, timeline.Phase: true, timeline.Deleted: true,
}

// diffReasons are the Kubernetes Event reasons compared.
var diffReasons = map[string]bool{
	"Killing": true, "FailedPreStopHook": true, "FailedPostStartHook": true, "Unhealthy": true,
	"BackOff": true, "Evicted": true, "Preempting": true, "FailedScheduling": true,
}

// ScenarioDiff is one scenario's comparison.
type ScenarioDiff struct {
	Feature string `json:"feature"`
	Line    int    `json:"line"`
	Name    string `json:"name"`
	Sim     Status `json:"sim"`
	Live    Status `json:"live"`
	// Reason is why the scenario was not compared (skipped on one side).
	Reason string `json:"reason,omitempty"`
	// Differences, each one line: outcome, missing or extra events,
	// order, timing.
	Differences []string `json:"differences,omitempty"`
}

// ID is "path:line".
func (d ScenarioDiff) ID() string { return fmt.Sprintf("%s:%d", d.Feature, d.Line) }

// Differs reports whether the scenario's outcome or events differ.
func (d ScenarioDiff) Differs() bool { return len(d.Differences) > 0 }

type occ struct {
	key    string // pod/container label #n
	at     time.Duration
	fromT0 time.Duration // the time relative to t=0 in any case
	ev     timeline.Event
	before bool // before the action that set t=0
}

// lane is the comparable events of a timeline, keyed by pod, container,
// label and occurrence. Times are relative to t=0 for events after the
// action that set it (its delete or create request, found among the
// events of the t=0 instant, since on the simulator the pods may have
// started in that same instant), and relative to the first pod's
// creation for those before.
func lane(r Result) []occ {
	// The action: a delete request close to t=0 if there is one (on the
	// simulator the pods may have been created in the same instant), else
	// a create request.
	mark := -1
	for _, kind := range []timeline.Kind{timeline.DeleteRequested, timeline.PodCreated} {
		for i, e := range r.Timeline {
			if e.Kind == kind && e.At >= r.T0 && e.At-r.T0 <= actionWindow {
				mark = i
				break
			}
		}
		if mark >= 0 {
			break
		}
	}
	var origin time.Duration
	for _, e := range r.Timeline {
		if e.Kind == timeline.PodCreated {
			origin = e.At
			break
		}
	}
	seen := map[string]int{}
	var out []occ
	for i, e := range r.Timeline {
		if e.Kind == timeline.KubeEvent {
			if !diffReasons[e.Reason] {
				continue
			}
		} else if !diffKinds[e.Kind] {
			continue
		}
		who := e.Pod
		if e.Container != "" {
			who += "/" + e.Container
		}
		before := (mark >= 0 && i < mark) || (mark < 0 && e.At < r.T0)
		k := who + " " + e.Label()
		seen[k]++
		o := occ{key: fmt.Sprintf("%s #%d", k, seen[k]), at: e.At - r.T0, fromT0: e.At - r.T0, ev: e, before: before}
		if before {
			o.at = e.At - origin
		}
		out = append(out, o)
	}
	return out
}

// Compare pairs the live results with the simulator's by scenario and
// lists, for each, what differs: the outcome; events on one side only;
// pairs of events in the other order (same container, or more than tie
// apart on the simulator); and times after t=0 further apart than tol.
func Compare(sim, live []Result, tol time.Duration) []ScenarioDiff {
	bySim := map[string]Result{}
	for _, r := range sim {
		bySim[r.ID()] = r
	}
	var out []ScenarioDiff
	for _, l := range live {
		s, ok := bySim[l.ID()]
		d := ScenarioDiff{Feature: l.Feature, Line: l.Line, Name: l.Name, Live: l.Status}
		if !ok {
			d.Reason = "not run on the simulator"
			out = append(out, d)
			continue
		}
		d.Sim = s.Status
		if l.Status == Skipped || s.Status == Skipped {
			reason := l.Reason
			if s.Status == Skipped {
				reason = "simulator: " + s.Reason
			}
			d.Reason = "skipped: " + reason
			out = append(out, d)
			continue
		}
		if l.Status != s.Status {
			msg := fmt.Sprintf("outcome: %s on the simulator, %s live", s.Status, l.Status)
			if l.Failure != nil {
				msg += fmt.Sprintf(" (line %d: %s)", l.Failure.Line, firstLine(l.Failure.Message))
			}
			d.Differences = append(d.Differences, msg)
		}
		d.Differences = append(d.Differences, compareTimelines(s, l, tol)...)
		out = append(out, d)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Feature != out[j].Feature {
			return out[i].Feature < out[j].Feature
		}
		return out[i].Line < out[j].Line
	})
	return out
}

func compareTimelines(s, l Result, tol time.Duration) []string {
	sl, ll := lane(s), lane(l)
	liveAt := map[string]occ{}
	for _, o := range ll {
		liveAt[o.key] = o
	}
	simAt := map[string]occ{}
	for _, o := range sl {
		simAt[o.key] = o
	}
	// The live run ends when its last step does (the pods are then removed
	// by cleanup): what the simulator did after that horizon was not
	// observed live, which is no difference.
	horizon := l.Virtual - l.T0 - max(tol, lateness)
	rel := func(o occ) string {
		if o.before {
			return timeline.FormatOffset(o.at) + " after creation"
		}
		return timeline.FormatOffset(o.at)
	}
	var diffs []string
	for _, o := range sl {
		if _, ok := liveAt[o.key]; !ok && (o.before || o.at <= horizon) {
			diffs = append(diffs, fmt.Sprintf("only on the simulator: %s at %s (the live run was observed up to %s)", o.key, rel(o), timeline.FormatOffset(l.Virtual-l.T0)))
		}
	}
	for _, o := range ll {
		if _, ok := simAt[o.key]; !ok {
			diffs = append(diffs, fmt.Sprintf("only live: %s at %s", o.key, rel(o)))
		}
	}
	for _, o := range sl {
		lo, ok := liveAt[o.key]
		if !ok {
			continue
		}
		if lo.before != o.before {
			// One side has it before the action, the other after: compare
			// both from t=0.
			if d := lo.fromT0 - o.fromT0; d > tol || d < -tol {
				diffs = append(diffs, fmt.Sprintf("timing: %s at %s on the simulator, %s live, from t=0 (beyond ±%s)", o.key,
					timeline.FormatOffset(o.fromT0), timeline.FormatOffset(lo.fromT0), timeline.FormatOffset(tol)))
			}
			continue
		}
		if d := lo.at - o.at; d > tol || d < -tol {
			diffs = append(diffs, fmt.Sprintf("timing: %s at %s on the simulator, %s live (beyond ±%s)", o.key, rel(o), rel(lo), timeline.FormatOffset(tol)))
		}
	}
	// Order: every pair in the simulator's order that the live run
	// reversed. Events of one container keep their causal order even at
	// one instant; across containers only a real gap counts. Kubernetes
	// Events are left out: they reach the API after the fact, batched.
	const tie = 100 * time.Millisecond
	for i := 0; i < len(sl); i++ {
		for j := i + 1; j < len(sl); j++ {
			a, b := sl[i], sl[j]
			if a.ev.Kind == timeline.KubeEvent || b.ev.Kind == timeline.KubeEvent || a.before != b.before {
				continue
			}
			la, oka := liveAt[a.key]
			lb, okb := liveAt[b.key]
			if !oka || !okb || la.before != lb.before {
				continue
			}
			sameLane := a.ev.Pod == b.ev.Pod && a.ev.Container == b.ev.Container
			if !sameLane && b.at-a.at < tie {
				continue
			}
			if lb.at < la.at || (lb.at == la.at && lb.ev.Seq < la.ev.Seq) {
				diffs = append(diffs, fmt.Sprintf("order: %s before %s on the simulator (%s, %s), after it live (%s, %s)",
					a.key, b.key, rel(a), rel(b), rel(la), rel(lb)))
			}
		}
	}
	return diffs
}

// actionWindow is how long after t=0 the API records the action that set
// it.
const actionWindow = 500 * time.Millisecond

// lateness is how long after a live run's end its last observations may
// still have been on their way.
const lateness = 1500 * time.Millisecond

// WriteDiff writes diff.md and diff.json into dir.
func WriteDiff(dir string, diffs []ScenarioDiff, tol time.Duration) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	js, err := json.MarshalIndent(diffs, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "diff.json"), js, 0o644); err != nil {
		return err
	}
	var b strings.Builder
	differ, same, skipped := 0, 0, 0
	for _, d := range diffs {
		switch {
		case d.Reason != "":
			skipped++
		case d.Differs():
			differ++
		default:
			same++
		}
	}
	fmt.Fprintf(&b, "# Simulator against live kubelet\n\n")
	fmt.Fprintf(&b, "The same scenarios on both drivers. Compared: the outcome, and the lifecycle events after t=0 "+
		"(container starts, preStop, signals, exits, phases, deletion, and the events Killing, FailedPreStopHook, Unhealthy, BackOff, Evicted): "+
		"events on one side only, pairs in the other order, and times further apart than the live tolerance (±%s). "+
		"Every difference is fixed or explained in docs/fidelity.md.\n\n", timeline.FormatOffset(tol))
	fmt.Fprintf(&b, "%d scenarios differ, %d agree, %d not compared.\n\n", differ, same, skipped)
	if differ > 0 {
		fmt.Fprintf(&b, "## Differences\n\n")
		for _, d := range diffs {
			if d.Reason != "" || !d.Differs() {
				continue
			}
			fmt.Fprintf(&b, "### %s — %s\n\nsimulator %s, live %s\n\n", d.ID(), d.Name, d.Sim, d.Live)
			for _, x := range d.Differences {
				fmt.Fprintf(&b, "- %s\n", x)
			}
			b.WriteString("\n")
		}
	}
	if same > 0 {
		fmt.Fprintf(&b, "## Agreeing\n\n")
		for _, d := range diffs {
			if d.Reason == "" && !d.Differs() {
				fmt.Fprintf(&b, "- %s — %s (%s on both)\n", d.ID(), d.Name, d.Live)
			}
		}
		b.WriteString("\n")
	}
	if skipped > 0 {
		fmt.Fprintf(&b, "## Not compared\n\n")
		for _, d := range diffs {
			if d.Reason != "" {
				fmt.Fprintf(&b, "- %s — %s: %s\n", d.ID(), d.Name, d.Reason)
			}
		}
	}
	return os.WriteFile(filepath.Join(dir, "diff.md"), []byte(b.String()), 0o644)
}
