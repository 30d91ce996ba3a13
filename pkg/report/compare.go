package report

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// lifecycleEvent is one compared event: its name in the run ("web/app
// SIGTERM", the nth occurrence numbered from the second), its lane
// ("web/app") and its time relative to t=0; for an event whose time a
// random draw decided (timeline.Event.Range), the range relative to t=0.
type lifecycleEvent struct {
	key, lane string
	at        time.Duration
	ev        timeline.Event
	lo, hi    time.Duration
	ranged    bool
}

// latest is the latest time the event could have had.
func (e lifecycleEvent) latest() time.Duration {
	if e.ranged {
		return e.hi
	}
	return e.at
}

// sortedEvents are a run's events in (At, Seq) order, as a driver
// records them; results read from a file are not trusted to be.
func sortedEvents(r *Result) []timeline.Event {
	events := append([]timeline.Event(nil), r.Timeline...)
	sort.SliceStable(events, func(i, j int) bool {
		if events[i].At != events[j].At {
			return events[i].At < events[j].At
		}
		return events[i].Seq < events[j].Seq
	})
	return events
}

// lifecycle are a run's compared events, in time order, its pods named
// by names where it has one for them (identities).
func lifecycle(r *Result, events []timeline.Event, names map[string]string) []lifecycleEvent {
	var out []lifecycleEvent
	seen := map[string]int{}
	for _, e := range events {
		if e.Container == "" || !lifecycleKind(e.Kind) {
			continue
		}
		if alias, ok := names[e.Pod]; ok {
			e.Pod = alias
		}
		lane := laneKey(e.Pod, e.Container)
		k := lane + " " + e.Label()
		seen[k]++
		if n := seen[k]; n > 1 {
			k = fmt.Sprintf("%s #%d", k, n)
		}
		le := lifecycleEvent{key: k, lane: lane, at: e.At - r.T0, ev: e}
		if lo, hi, ok := e.Range(); ok {
			le.lo, le.hi, le.ranged = lo-r.T0, hi-r.T0, true
		}
		out = append(out, le)
	}
	return out
}

// side is one run as compare reads it.
type side struct {
	label  string
	events []lifecycleEvent
	byKey  map[string]lifecycleEvent
}

func newSide(label string, r *Result, events []timeline.Event, names map[string]string) side {
	s := side{label: label, events: lifecycle(r, events, names), byKey: map[string]lifecycleEvent{}}
	for _, e := range s.events {
		s.byKey[e.key] = e
	}
	return s
}

func (s side) ranged() bool {
	return slices.ContainsFunc(s.events, func(e lifecycleEvent) bool { return e.ranged })
}

// aligned is the reference run's time of one event in the world of its
// random draws nearest to the other run's history: the time the diff
// holds the other run's time against.
type aligned struct {
	at time.Duration
	// drawn: the event's time was drawn (it has a range, lo to hi, moved
	// with its lane's last exit on the other run); shift: it follows a
	// drawn start by a fixed delay (a natural exit), moved with that
	// start by shift.
	drawn  bool
	lo, hi time.Duration
	shift  time.Duration
}

// align places the reference run's events in the world of its draws
// nearest to the other run's history. A drawn event (a restart after a
// crash-loop back-off) could have come anywhere in its range; that
// range is measured from its container's exit, so on the other run's
// history it moves by how much later that exit came there; within it,
// the draw nearest the other run's time is taken. The events of an
// instance so started (its exit, or the kill its own failure brought in
// the instant of its start: a failed postStart) follow its start and
// move with it as the other run saw it; a kill from elsewhere (an
// action) keeps its time, and so does what follows it. Any other event
// keeps its time.
func align(ref, other side) map[string]aligned {
	out := map[string]aligned{}
	exitShift := map[string]time.Duration{}  // per lane: other − ref at its last exit
	startShift := map[string]time.Duration{} // per lane: other − ref at its drawn start, while that instance runs on its own
	startAt := map[string]time.Duration{}    // per lane: the drawn start's time on the reference
	selfKilled := map[string]bool{}          // per lane: the instance's own failure killed it
	for _, e := range ref.events {
		y, seen := other.byKey[e.key]
		al := aligned{at: e.at}
		switch {
		case e.ranged:
			al.drawn = true
			al.lo, al.hi = e.lo+exitShift[e.lane], e.hi+exitShift[e.lane]
			al.at = e.at + exitShift[e.lane]
			if seen {
				al.at = min(max(y.at, al.lo), al.hi)
			}
		case e.ev.Kind == timeline.Exited || killAct(e.ev.Kind) || e.ev.Kind == timeline.PreStopDone:
			d, ok := startShift[e.lane]
			if ok && killAct(e.ev.Kind) && !selfKilled[e.lane] {
				// A kill in the instant of the start is the instance's
				// own failure (a postStart hook that failed at once);
				// a later one came from elsewhere (an action).
				if e.at != startAt[e.lane] {
					delete(startShift, e.lane)
					ok = false
				} else {
					selfKilled[e.lane] = true
				}
			}
			if ok {
				al.at, al.shift = e.at+d, d
			}
		}
		out[e.key] = al
		switch e.ev.Kind {
		case timeline.Started:
			delete(startShift, e.lane)
			delete(selfKilled, e.lane)
			if e.ranged && seen {
				startShift[e.lane], startAt[e.lane] = y.at-e.at, e.at
			}
		case timeline.Exited:
			delete(startShift, e.lane)
			delete(exitShift, e.lane)
			if seen {
				exitShift[e.lane] = y.at - e.at
			}
		}
	}
	return out
}

func compare(aLabel string, a *Result, bLabel string, b *Result, tol time.Duration) []Difference {
	var out []Difference
	if a.Status != b.Status {
		text := fmt.Sprintf("%s on %s, %s on %s", a.Status, aLabel, b.Status, bLabel)
		for _, side := range []struct {
			label string
			r     *Result
		}{{aLabel, a}, {bLabel, b}} {
			if side.r.Failure != nil {
				text += fmt.Sprintf("; %s: line %d: %s", side.label, side.r.Failure.Line, firstLine(side.r.Failure.Message))
			}
		}
		out = append(out, Difference{Kind: "outcome", Text: text})
	}
	eventsA, eventsB := sortedEvents(a), sortedEvents(b)
	namesA, namesB, evictedA, evictedB := identities(a, b, eventsA, eventsB)
	if !slices.Equal(evictedA, evictedB) {
		// A drain's victims are a set: which pods, not in which order.
		out = append(out, Difference{Kind: "events", Text: fmt.Sprintf("the drain evicted %s on %s, %s on %s",
			podList(evictedA), aLabel, podList(evictedB), bLabel)})
	}
	sa, sb := newSide(aLabel, a, eventsA, namesA), newSide(bLabel, b, eventsB, namesB)
	// A run observed up to its end: what the other run did after that
	// (less the tolerance, for observations still on their way) was not
	// seen, which is no difference; nor is what a draw could have put
	// after it. A live run ends with its last step; the simulator's may
	// have run on to the end of the scenario's activity.
	ha, hb := horizon(a, tol), horizon(b, tol)
	var commonA, commonB []string
	for _, e := range sa.events {
		if _, ok := sb.byKey[e.key]; !ok {
			if e.latest() <= hb {
				out = append(out, Difference{Kind: "events", Text: fmt.Sprintf("%s at %s on %s, never on %s", e.key, timeline.FormatOffset(e.at), aLabel, bLabel)})
			}
			continue
		}
		commonA = append(commonA, e.key)
	}
	for _, e := range sb.events {
		if _, ok := sa.byKey[e.key]; !ok {
			if e.latest() <= ha {
				out = append(out, Difference{Kind: "events", Text: fmt.Sprintf("%s at %s on %s, never on %s", e.key, timeline.FormatOffset(e.at), bLabel, aLabel)})
			}
			continue
		}
		commonB = append(commonB, e.key)
	}
	// The reference is the run whose draws are known (the simulator's):
	// the first, unless only the second has ranges.
	ref, other, refKeys, otherKeys := sa, sb, commonA, commonB
	if !sa.ranged() && sb.ranged() {
		ref, other, refKeys, otherKeys = sb, sa, commonB, commonA
	}
	al := align(ref, other)
	out = append(out, order(ref, other, al, refKeys, otherKeys, tol)...)
	lag := startLags(ref, other)
	refR, otherR := a, b
	if ref.label != aLabel {
		refR, otherR = b, a
	}
	refPass, refOK := firstPass(refR)
	otherPass, otherOK := firstPass(otherR)
	acted := refOK && otherOK
	passLag := otherPass.at - refPass.at
	if bound := max(refPass.bound, otherPass.bound); acted && abs(passLag) > bound+tol {
		out = append(out, Difference{Kind: "timing", Text: fmt.Sprintf("the eviction manager first acted at %s on %s, %s on %s (Δ %s; its pass period and the age of the statistics it reads allow %s, tolerance %s)",
			timeline.FormatOffset(refPass.at), ref.label, timeline.FormatOffset(otherPass.at), other.label, signed(passLag), timeline.FormatOffset(bound), timeline.FormatOffset(tol))})
	}
	refNames, otherNames := namesA, namesB
	if ref.label != aLabel {
		refNames, otherNames = namesB, namesA
	}
	refEvicted, otherEvicted := evictedAt(refR, refNames), evictedAt(otherR, otherNames)
	if acted {
		// Each later pass may find the statistics of the one before
		// (thresholdsUpdatedStats ignores a threshold whose observation
		// did not change, pkg/kubelet/eviction/helpers.go): it acts a
		// housekeeping and a period later at most.
		for pod, at := range refEvicted {
			y, ok := otherEvicted[pod]
			if !ok || at <= refPass.at {
				continue
			}
			if d := (y - at) - passLag; abs(d) > laterPassBound+tol {
				out = append(out, Difference{Kind: "timing", Text: fmt.Sprintf("the eviction of %s at %s on %s, %s on %s: %s after the first acting pass's shift (a later pass may come %s later, tolerance %s)",
					pod, timeline.FormatOffset(at), ref.label, timeline.FormatOffset(y), other.label, signed(d), timeline.FormatOffset(laterPassBound), timeline.FormatOffset(tol))})
			}
		}
	}
	for _, k := range commonA {
		x, y, p := sa.byKey[k].at, sb.byKey[k].at, al[k]
		if x < 0 || y < 0 {
			continue
		}
		// The reference's aligned time against the other's observed one.
		// Where the other run started the pod later, what follows may be
		// late by up to that lag: an event timed from the container's
		// start carries all of it, one timed from the pod worker's start
		// (a probe's ticks) or from t=0 less.
		l := lag[other.byKey[k].ev.Pod]
		delta := other.byKey[k].at - p.at
		// What the eviction manager's pass brought about counts from that
		// pass on each run: its phase (every 10 s from the kubelet's
		// start) and the statistics it reads are not the rule.
		// The pass is seen through an API Event, after the kill it began
		// can be seen precisely: within the tolerance before it counts.
		afterPass := acted && ref.byKey[k].at >= refPass.at && other.byKey[k].at >= otherPass.at-tol
		var shift time.Duration
		if afterPass {
			shift = passLag
			pod := ref.byKey[k].ev.Pod
			rx, rok := refEvicted[pod]
			ox, ook := otherEvicted[pod]
			if rok && ook && ref.byKey[k].at >= rx-tol && other.byKey[k].at >= ox-tol {
				// A later eviction is a later pass's: it counts from its own.
				shift = ox - rx
			}
			delta -= shift
		}
		if delta <= l+tol && -delta <= tol {
			continue
		}
		text := fmt.Sprintf("%s at %s on %s, %s on %s", k, timeline.FormatOffset(x), aLabel, timeline.FormatOffset(y), bLabel)
		switch {
		case p.drawn:
			text += fmt.Sprintf(", outside the %s–%s %s's draw allows (by %s, tolerance %s)",
				timeline.FormatOffset(p.lo), timeline.FormatOffset(p.hi), ref.label, timeline.FormatOffset(abs(delta)), timeline.FormatOffset(tol))
		case p.shift != 0:
			text += fmt.Sprintf(", %s on %s after its start's draw (Δ %s, tolerance %s)",
				timeline.FormatOffset(p.at), ref.label, signed(delta), timeline.FormatOffset(tol))
		default:
			text += fmt.Sprintf(" (Δ %s, tolerance %s)", signed(delta), timeline.FormatOffset(tol))
		}
		if l != 0 {
			text += fmt.Sprintf("; %s started the pod %s later, which may delay it by as much", other.label, timeline.FormatOffset(l))
		}
		if afterPass && shift != 0 {
			text += fmt.Sprintf("; counted from the eviction manager's pass that acted, %s on %s", signed(shift), other.label)
		}
		out = append(out, Difference{Kind: "timing", Text: text})
	}
	return out
}

// pass is when a run's eviction manager first acted after t=0 (relative
// to t=0), and how far apart two kubelets' first acting passes may fall
// for the same usage.
type pass struct {
	at, bound time.Duration
}

// firstPass is a run's first acting eviction pass: its EvictionThresholdMet
// Event on a node ("Attempting to reclaim", recorded by the pass that
// found a threshold met, before it ranks and evicts:
// pkg/kubelet/eviction/eviction_manager.go synchronize), or for a pod
// over its own local-storage limit (localStorageEviction, no node
// threshold) the pod's Evicted Event.
func firstPass(r *Result) (pass, bool) {
	for _, e := range r.Timeline {
		if e.Kind != timeline.KubeEvent || e.At < r.T0 {
			continue
		}
		switch {
		case e.Reason == "EvictionThresholdMet" && isNode(e.Pod):
			return pass{at: e.At - r.T0, bound: memoryPassBound}, true
		case e.Reason == "Evicted" && !isNode(e.Pod):
			return pass{at: e.At - r.T0, bound: storagePassBound}, true
		}
	}
	return pass{}, false
}

// evictedAt is when each evicted pod's Evicted Event came (relative to
// t=0), the first after t=0, by the pod's name in names where it has one.
func evictedAt(r *Result, names map[string]string) map[string]time.Duration {
	out := map[string]time.Duration{}
	for _, e := range r.Timeline {
		if e.Kind == timeline.KubeEvent && e.Reason == "Evicted" && !isNode(e.Pod) && e.At >= r.T0 {
			pod := e.Pod
			if alias, ok := names[pod]; ok {
				pod = alias
			}
			if _, ok := out[pod]; !ok {
				out[pod] = e.At - r.T0
			}
		}
	}
	return out
}

// podList is a list of pods for a message: "web-#1, web-#3", or "none".
func podList(pods []string) string {
	if len(pods) == 0 {
		return "none"
	}
	return strings.Join(pods, ", ")
}

// The bounds between two kubelets' first acting passes, from the
// kubelet's v1.36.3 source:
//   - a pass every evictionMonitoringPeriod (10 s,
//     pkg/kubelet/eviction/eviction_manager.go Start), in the phase of
//     each kubelet's own start;
//   - memory: the statistics a pass reads are cAdvisor's, refreshed at
//     its housekeeping, 10 s and up to 15 s
//     (pkg/kubelet/cadvisor/cadvisor_linux.go,
//     maxHousekeepingInterval), and a real node faults the memory in
//     first (up to 10 s for the 1 GiB nodes of the catalogue at the
//     rates measured, docs/fidelity.md);
//   - local storage: a volume's usage is measured every
//     volumeStatsAggPeriod (1 m) with a jitter of up to as much again
//     (pkg/kubelet/server/stats/volume_stat_calculator.go StartOnce,
//     wait.JitterUntil with factor 1.0).
const (
	evictionPeriod   = 10 * time.Second
	memoryPassBound  = evictionPeriod + 15*time.Second + 10*time.Second
	storagePassBound = evictionPeriod + 2*time.Minute
	laterPassBound   = evictionPeriod + 15*time.Second
)

// startLags is, for each pod whose first container start both runs saw
// after t=0 (the scenario created it at t=0 or later), how much later
// the other run started it: the latency of a real cluster's pod start
// (sandbox, image, runtime: 1.5–10 s on a loaded 2-core machine), which
// the simulator's start-up latencies of 0 leave out (dsl.md, Defaults):
// what follows may come that much later, as a live window counts from
// the kubelet's reaction. Only a later start is taken: a start the other
// run saw earlier is a difference of its own.
func startLags(ref, other side) map[string]time.Duration {
	out := map[string]time.Duration{}
	seen := map[string]bool{}
	for _, e := range ref.events {
		// The pod's first container event: its start, or the exit of a
		// start that failed (StartError).
		if (e.ev.Kind != timeline.Started && e.ev.Kind != timeline.Exited) || seen[e.ev.Pod] {
			continue
		}
		seen[e.ev.Pod] = true
		y, ok := other.byKey[e.key]
		if !ok || e.ranged || e.at < 0 || y.at < 0 {
			continue
		}
		if l := y.at - e.at; l > 0 {
			out[e.ev.Pod] = l
		}
	}
	return out
}

// order compares the order of the events both runs have: the reference's
// in its aligned times (a drawn restart placed where the other run's
// history puts it), less the events that the kubelet does not order
// (allConcurrent).
func order(ref, other side, al map[string]aligned, refKeys, otherKeys []string, tol time.Duration) []Difference {
	// Aligned times never put an event before an earlier one of its own
	// container: a drawn start outside its range is a timing difference,
	// not also an order one.
	sortAt := map[string]time.Duration{}
	last := map[string]time.Duration{}
	for _, k := range refKeys {
		lane := ref.byKey[k].lane
		t := al[k].at
		if l, ok := last[lane]; ok && l > t {
			t = l
		}
		sortAt[k], last[lane] = t, t
	}
	rk := append([]string(nil), refKeys...)
	sort.SliceStable(rk, func(i, j int) bool { return sortAt[rk[i]] < sortAt[rk[j]] })
	ok := append([]string(nil), otherKeys...)
	for i := range rk {
		if rk[i] == ok[i] {
			continue
		}
		// Events the kubelet starts at once (one goroutine per container,
		// one worker per pod) come in any order on a real kubelet: where
		// the other run's next events are all concurrent with the
		// reference's, the order holds.
		j := slices.Index(ok[i:], rk[i]) + i
		if j > i && allConcurrent(ref, other, sortAt, rk[i], ok[i:j], tol) {
			moved := ok[j]
			copy(ok[i+1:j+1], ok[i:j])
			ok[i] = moved
			continue
		}
		return []Difference{{Kind: "order", Text: fmt.Sprintf("from event %d on: %s has %s; %s has %s",
			i+1, ref.label, strings.Join(rk[i:], ", "), other.label, strings.Join(ok[i:], ", "))}}
	}
	return nil
}

// horizon is how long after t=0 a run was observed, less the tolerance;
// unbounded for results that do not say (Virtual unset).
func horizon(r *Result, tol time.Duration) time.Duration {
	if r.Virtual <= 0 {
		return math.MaxInt64
	}
	return r.Virtual - r.T0 - tol
}

// allConcurrent tells whether every event of others is concurrent with e,
// with times on the reference run as aligned (at) and on the other as
// observed:
//   - of another pod, less than tol apart on the reference;
//   - of another container of the pod, both the first acts of a kill
//     (PreStopStarted, SIGTERM, SIGKILL) in the same instant on the
//     reference and less than tol apart on the other: the kubelet kills
//     each container in its own goroutine, all started together
//     (killContainersWithSyncResult in
//     pkg/kubelet/kuberuntime/kuberuntime_container.go), so their preStop
//     hooks, stop signals and, at a common deadline, kills race;
//   - of another container of the pod, in the same instant on the
//     reference and less than concurrentGap apart on the other (other
//     events of those goroutines: two equal hooks ending together);
//   - of another container of the pod, when either one's time was drawn,
//     less than tol apart on the reference: the draw (the pod worker's
//     requeue, pod_workers.go completeWork) decides their order;
//   - of another container of the pod, in the same instant on the
//     reference, one a preStop hook's start, less than execGap apart on
//     the other: an exec hook's process starts after the runtime's exec;
//   - of another container of the pod, one a Started and the other an
//     Exited, at most syncStartGap apart on the reference and less on
//     the other: the kubelet starts a pod's
//     containers one after another in one sync (SyncPod's loop over
//     ContainersToStart, pkg/kubelet/kuberuntime/kuberuntime_manager.go),
//     so an earlier container's own exit races a later one's start;
//   - when one of the two is a container's Started, of the same
//     container, in the same instant on the reference and less than
//     startGap apart on the other.
func allConcurrent(ref, other side, at map[string]time.Duration, e string, others []string, tol time.Duration) bool {
	x := ref.byKey[e]
	for _, o := range others {
		y := ref.byKey[o]
		da, db := at[o]-at[e], other.byKey[o].at-other.byKey[e].at
		sameInstant := da == 0
		otherPod := x.ev.Pod != y.ev.Pod
		siblings := !otherPod && x.ev.Container != y.ev.Container
		switch {
		case otherPod && abs(da) < tol:
		case siblings && sameInstant && killAct(x.ev.Kind) && killAct(y.ev.Kind) && abs(db) < tol:
		case siblings && sameInstant && abs(db) < concurrentGap:
		case siblings && sameInstant && (x.ev.Kind == timeline.PreStopStarted || y.ev.Kind == timeline.PreStopStarted) && abs(db) < execGap:
		case siblings && oneOf2(x.ev.Kind, y.ev.Kind, timeline.Started, timeline.Exited) && abs(da) <= syncStartGap && abs(db) < syncStartGap:
		case siblings && (x.ranged || y.ranged) && abs(da) < tol:
		case x.lane == y.lane && (x.ev.Kind == timeline.Started || y.ev.Kind == timeline.Started) && sameInstant && abs(db) < startGap:
		default:
			return false
		}
	}
	return true
}

// killAct tells the kinds a container's kill goroutine starts with.
func killAct(k timeline.Kind) bool {
	return k == timeline.PreStopStarted || k == timeline.SIGTERM || k == timeline.SIGKILL
}

// concurrentGap is how far apart a real kubelet's concurrent events of
// two containers may land: the live observers' precision (dsl.md: two
// events closer than it are a tie). Two preStop hooks of 3 s started in
// two goroutines 134 ms apart ended 112 ms apart in a live run
// (termination/sidecars.feature:128).
const concurrentGap = 250 * time.Millisecond

// execGap is how late an exec hook's process starts after the kubelet
// decided to run it: runc's exec took 20–390 ms on a busy node
// (docs/fidelity.md, "How a live run compares").
const execGap = 500 * time.Millisecond

// syncStartGap is how long one container's start takes the runtime when
// the kubelet starts several in one sync: up to 1.2 s measured on a busy
// 2-core node (2026-11-25).
const syncStartGap = 2 * time.Second

// oneOf2 tells whether kinds a and b are p and q in either order.
func oneOf2(a, b, p, q timeline.Kind) bool {
	return (a == p && b == q) || (a == q && b == p)
}

// startGap is how late a live container's Started may be against its
// other events: Started is the agent's first line, written a few
// milliseconds after the runtime started the process, while a hook
// command the kubelet execs in the container writes its own line. A
// container whose postStart hook fails at once is killed while its agent
// is still starting: the preStop command's line came 1 ms before the
// agent's first line in a live run (hooks/poststart.feature:55).
const startGap = 10 * time.Millisecond

func abs(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}

// signed is a duration with its sign, "+2s" or "-1.5s".
func signed(d time.Duration) string {
	if d < 0 {
		return timeline.FormatOffset(d)
	}
	return "+" + timeline.FormatOffset(d)
}
