package timerules

import (
	"fmt"
	"strings"
	"time"
)

// judgeCtx is one judgement: the timeline in (At, Seq) order and the clock
// before the step.
type judgeCtx struct {
	tl  Timeline
	evs []Event
	c   Clock
	t0  Mark
	// horizon is how far untimed expectations, counts without `within`,
	// `never` and tables wait: the end of the activity (never before the
	// current time, which has already been reached).
	horizon time.Duration
}

func newJudge(tl Timeline, c Clock) *judgeCtx {
	return &judgeCtx{
		tl:      tl,
		evs:     sortedEvents(tl.Events),
		c:       c,
		t0:      c.T0,
		horizon: max(tl.End, c.Current),
	}
}

// untimed is a verdict that leaves the clock where it is.
func (j *judgeCtx) untimed(ok bool, used []Event, why string) Verdict {
	return Verdict{OK: ok, Clock: j.c, Used: used, Why: why}
}

// timed is a verdict that moves the current time to decided, never back.
func (j *judgeCtx) timed(ok bool, decided time.Duration, used []Event, why string) Verdict {
	return Verdict{
		OK:      ok,
		Decided: decided,
		Moves:   true,
		Clock:   Clock{T0: j.c.T0, Current: max(j.c.Current, decided)},
		Used:    used,
		Why:     why,
	}
}

func (j *judgeCtx) at(d time.Duration) time.Duration { return j.t0.At + d }

func (j *judgeCtx) judge(e Expectation) Verdict {
	switch e.Kind {
	case EventAt:
		return j.eventWindow(e.Sel, e.A, e.A, fmt.Sprintf("at %s", e.A))
	case EventWithin:
		return j.eventWindow(e.Sel, 0, e.B, fmt.Sprintf("within %s", e.B))
	case EventBetween:
		return j.eventWindow(e.Sel, e.A, e.B, fmt.Sprintf("between %s and %s", e.A, e.B))
	case StateWithin:
		p, known := statePred(e.State)
		if !known {
			return j.unknownState(e.State)
		}
		return j.stateWithin(e.Pod, p, fmt.Sprintf("%s", e.State), e.B)
	case StateComesWithin:
		p, known := statePred(e.State)
		if !known {
			return j.unknownState(e.State)
		}
		return j.stateComesWithin(e.Pod, p, fmt.Sprintf("becoming %s", e.State), e.B)
	case StatusWithin:
		return j.stateWithin(e.Pod, statusPred(e.Column), fmt.Sprintf("showing status %q", e.Column), e.B)
	case StateBetween:
		return j.stateBetween(e)
	case StateNotAfter:
		return j.stateNotAfter(e)
	case StateNow:
		return j.stateNow(e)
	case StatusNow:
		return j.statusNow(e)
	case RestartsNow:
		return j.restartsNow(e)
	case Received:
		return j.received(e.Sel)
	case GapAfter:
		return j.relative(e, true)
	case After:
		return j.relative(e, false)
	case InOrder:
		return j.inOrder(e.Sels)
	case Never:
		return j.never(e.Sel)
	case Count:
		return j.count(e)
	case Table:
		return j.table(e)
	}
	return j.untimed(false, nil, fmt.Sprintf("unknown expectation kind %d", e.Kind))
}

func (j *judgeCtx) unknownState(s State) Verdict {
	return j.untimed(false, nil, fmt.Sprintf("unknown state %q", s))
}

// firstFromT0 is the index of the first occurrence of sel at or after t=0
// (no limit), or -1.
func (j *judgeCtx) firstFromT0(sel Selector) int {
	for i, e := range j.evs {
		if matches(sel, e) && atOrAfter(e, j.t0) {
			return i
		}
	}
	return -1
}

// eventWindow: `at T`, `within D`, `between A and B` of an event: "the
// first occurrence at or after t=0" lies in [t0+a, t0+b]; decided at that
// occurrence if it came by the window's end, else at the window's end.
func (j *judgeCtx) eventWindow(sel Selector, a, b time.Duration, words string) Verdict {
	lo, hi := j.at(a), j.at(b)
	want := fmt.Sprintf("%s %s", selWords(sel), words)
	// `exits at T with code C` names the container's exit: the first
	// one at or after t=0 comes at T and has that code.
	any := sel
	any.HasCode = false
	i := j.firstFromT0(any)
	if i >= 0 && sel.HasCode && j.evs[i].Code != sel.Code && j.evs[i].At >= lo && j.evs[i].At <= hi {
		return j.timed(false, j.evs[i].At, []Event{j.evs[i]}, fmt.Sprintf("expected %s; the first exit at or after t=0, at %s, has code %d", want, rel(j.evs[i].At, j.t0), j.evs[i].Code))
	}
	if i < 0 {
		return j.timed(false, hi, nil, fmt.Sprintf("expected %s; no occurrence at or after t=0%s", want, j.before(sel)))
	}
	e := j.evs[i]
	if e.At > hi {
		return j.timed(false, hi, nil, fmt.Sprintf("expected %s; the first occurrence at or after t=0 came later, at %s", want, rel(e.At, j.t0)))
	}
	used := []Event{e}
	if e.At < lo {
		return j.timed(false, e.At, used, fmt.Sprintf("expected %s; the first occurrence at or after t=0 came earlier, at %s", want, rel(e.At, j.t0)))
	}
	return j.timed(true, e.At, used, fmt.Sprintf("%s: the first occurrence at or after t=0 was at %s", want, rel(e.At, j.t0)))
}

// before names an occurrence before t=0, which a timed event predicate
// does not count.
func (j *judgeCtx) before(sel Selector) string {
	for _, e := range j.evs {
		if matches(sel, e) {
			if atOrAfter(e, j.t0) {
				return ""
			}
			return fmt.Sprintf(" (one before t=0 does not count: %s)", evWords(e, j.t0))
		}
	}
	return ""
}

// stateWithin: "A state predicate … holds if it is true at some time up to
// the deadline, before t=0 included"; decided at "the first instant up to
// t0+D it was true, or t0+D if it failed".
func (j *judgeCtx) stateWithin(pod string, p pred, what string, d time.Duration) Verdict {
	return j.heldBy(pod, p, what, d, func(deadline time.Duration) (transition, bool) {
		return firstHold(j.evs, pod, p, -1<<62, deadline)
	}, "it was not at any time in the run")
}

// heldBy decides a state `within D` on where found says it held by the
// deadline; never is what a failure says when it never held.
func (j *judgeCtx) heldBy(pod string, p pred, what string, d time.Duration, found func(deadline time.Duration) (transition, bool), never string) Verdict {
	deadline := j.at(d)
	want := fmt.Sprintf("pod %q %s within %s", pod, what, d)
	if t, ok := found(deadline); ok {
		return j.timed(true, t.at, j.usedIdx(t.idx), fmt.Sprintf("%s: true at %s", want, rel(t.at, j.t0)))
	}
	why := fmt.Sprintf("expected %s (by %s)", want, rel(deadline, j.t0))
	if t, ok := firstHold(j.evs, pod, p, deadline+1, 1<<62); ok {
		why += fmt.Sprintf("; it was first at %s, after the deadline", rel(t.at, j.t0))
	} else {
		why += "; " + never
	}
	return j.timed(false, deadline, nil, why)
}

// stateComesWithin: `becomes S within D` (the language's own phrase,
// docs/language.md): the state holds at some time from t=0 to the
// deadline, "the state at t=0 counting however early it began"; one that
// held only before t=0 does not (it did not become S after t=0). Decided
// as `within D` is.
func (j *judgeCtx) stateComesWithin(pod string, p pred, what string, d time.Duration) Verdict {
	return j.heldBy(pod, p, what, d, func(deadline time.Duration) (transition, bool) {
		return heldFrom(j.evs, pod, p, j.t0.At, deadline)
	}, "not from t=0 to the deadline")
}

func (j *judgeCtx) usedIdx(idx ...int) []Event {
	var out []Event
	for _, i := range idx {
		if i >= 0 {
			out = append(out, j.evs[i])
		}
	}
	return out
}

// stateBetween: "for a state, the first time it became true at or after
// t=0" lies in [A, B].
func (j *judgeCtx) stateBetween(e Expectation) Verdict {
	p, known := statePred(e.State)
	if !known {
		return j.unknownState(e.State)
	}
	lo, hi := j.at(e.A), j.at(e.B)
	want := fmt.Sprintf("pod %q %s between %s and %s", e.Pod, e.State, e.A, e.B)
	for _, t := range transitions(j.evs, e.Pod, p) {
		if !atOrAfter(j.evs[t.idx], j.t0) {
			continue
		}
		if t.at > hi {
			return j.timed(false, hi, nil, fmt.Sprintf("expected %s; it first became %s at or after t=0 later, at %s", want, e.State, rel(t.at, j.t0)))
		}
		used := j.usedIdx(t.idx)
		if t.at < lo {
			return j.timed(false, t.at, used, fmt.Sprintf("expected %s; it first became %s at or after t=0 earlier, at %s", want, e.State, rel(t.at, j.t0)))
		}
		return j.timed(true, t.at, used, fmt.Sprintf("%s: became %s at %s", want, e.State, rel(t.at, j.t0)))
	}
	why := fmt.Sprintf("expected %s; it did not become %s at or after t=0", want, e.State)
	if p(stateAt(j.evs, e.Pod, j.t0.At)) {
		why += " (it already was at t=0)"
	}
	return j.timed(false, hi, nil, why)
}

// stateNotAfter: "the state did not hold at t0+T"; decided at t0+T.
func (j *judgeCtx) stateNotAfter(e Expectation) Verdict {
	p, known := statePred(e.State)
	if !known {
		return j.unknownState(e.State)
	}
	at := j.at(e.A)
	s := stateAt(j.evs, e.Pod, at)
	if p(s) {
		return j.timed(false, at, nil, fmt.Sprintf("expected pod %q not %s after %s; it was %s at %s (%s)", e.Pod, e.State, e.A, e.State, rel(at, j.t0), stateWords(s)))
	}
	return j.timed(true, at, nil, fmt.Sprintf("pod %q not %s after %s: at %s it was %s", e.Pod, e.State, e.A, rel(at, j.t0), stateWords(s)))
}

// stateCheck reads p at the current time; "A failed state check says the
// time it read … and when the state held later in the run if it did."
func (j *judgeCtx) stateCheck(pod string, p pred, want string) Verdict {
	read := j.c.Current
	s := stateAt(j.evs, pod, read)
	v := j.untimed(p(s), nil, "")
	v.Read = read
	if v.OK {
		v.Why = fmt.Sprintf("%s at the current time %s (%s)", want, rel(read, j.t0), stateWords(s))
		return v
	}
	v.Why = fmt.Sprintf("expected %s at the current time %s; it was %s", want, rel(read, j.t0), stateWords(s))
	if t, ok := firstHold(j.evs, pod, p, read+1, 1<<62); ok {
		v.Why += fmt.Sprintf("; it was so later, at %s", rel(t.at, j.t0))
	}
	return v
}

func (j *judgeCtx) stateNow(e Expectation) Verdict {
	p, known := statePred(e.State)
	if !known {
		v := j.unknownState(e.State)
		v.Read = j.c.Current
		return v
	}
	want := fmt.Sprintf("pod %q %s", e.Pod, e.State)
	if e.Not && strings.EqualFold(string(e.State), "Ready") {
		// `is not Ready` is a state of its own: the pod exists and is
		// not Ready (a pod gone is in no state).
		p, _ = statePred("NotReady")
		want = fmt.Sprintf("pod %q not Ready", e.Pod)
	} else if e.Not {
		q := p
		p = func(s podState) bool { return !q(s) }
		want = fmt.Sprintf("pod %q not %s", e.Pod, e.State)
	}
	return j.stateCheck(e.Pod, p, want)
}

func (j *judgeCtx) statusNow(e Expectation) Verdict {
	return j.stateCheck(e.Pod, statusPred(e.Column), fmt.Sprintf("pod %q showing status %q", e.Pod, e.Column))
}

func (j *judgeCtx) restartsNow(e Expectation) Verdict {
	read := j.c.Current
	who := owner(e.Pod, e.Container)
	if e.Container == "" {
		who = fmt.Sprintf("pod %q (RESTARTS)", e.Pod)
	}
	v := j.untimed(false, nil, "")
	v.Read = read
	if !created(j.evs, e.Pod, read) {
		v.Why = fmt.Sprintf("expected %s to have %d restarts at the current time %s; the pod was not created yet", who, e.N, rel(read, j.t0))
		return v
	}
	if !stateAt(j.evs, e.Pod, read).exists {
		// A state check reads the pod's status: a pod gone has none.
		v.Why = fmt.Sprintf("expected %s to have %d restarts at the current time %s; the pod was gone", who, e.N, rel(read, j.t0))
		return v
	}
	n := restarts(j.evs, e.Pod, e.Container, read)
	var idx []int
	for i, x := range j.evs {
		if x.At > read {
			break
		}
		if x.Pod == e.Pod && x.Kind == "Restarted" && x.Container != "" && (e.Container == "" || x.Container == e.Container) {
			idx = append(idx, i)
		}
	}
	v.Used = j.usedIdx(idx...)
	if n == e.N {
		v.OK = true
		v.Why = fmt.Sprintf("%s has %d restarts at the current time %s", who, n, rel(read, j.t0))
		return v
	}
	v.Why = fmt.Sprintf("expected %s to have %d restarts at the current time %s; it had %d", who, e.N, rel(read, j.t0), n)
	for i, x := range j.evs {
		if x.At > read && restarts(j.evs[:i+1], e.Pod, e.Container, x.At) == e.N && x.Kind == "Restarted" {
			v.Why += fmt.Sprintf("; it had %d later, at %s", e.N, rel(x.At, j.t0))
			break
		}
	}
	return v
}

// choose is the untimed rule's choice of occurrence: "the first occurrence
// at or after t=0, else the first in the scenario", waiting to the end of
// the activity.
func (j *judgeCtx) choose(sel Selector) int {
	first := -1
	for i, e := range j.evs {
		if e.At > j.horizon {
			break
		}
		if !matches(sel, e) {
			continue
		}
		if atOrAfter(e, j.t0) {
			return i
		}
		if first < 0 {
			first = i
		}
	}
	return first
}

// outside names the events of sel's kind outside its choice (another code
// or reason).
func (j *judgeCtx) outside(sel Selector) string {
	var idx []int
	for i, e := range j.evs {
		if e.At > j.horizon {
			break
		}
		if !matches(sel, e) && sameKind(sel, e) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return ""
	}
	return "; outside its choice: " + listEvents(j.evs, idx, j.t0, 5)
}

func (j *judgeCtx) chosenWords(i int) string {
	e := j.evs[i]
	if atOrAfter(e, j.t0) {
		return evWords(e, j.t0) + " (the first at or after t=0)"
	}
	return evWords(e, j.t0) + " (none at or after t=0: the first in the scenario)"
}

func (j *judgeCtx) noneWords(sel Selector) string {
	return fmt.Sprintf("expected %s; none in the scenario up to the end of its activity at %s%s%s",
		selWords(sel), rel(j.horizon, j.t0), capNote(j.tl, j.t0), j.outside(sel))
}

func (j *judgeCtx) received(sel Selector) Verdict {
	// `exits with code C` names the container's exit: the exit chosen
	// has that code.
	any := sel
	any.HasCode = false
	i := j.choose(any)
	if i < 0 {
		return j.untimed(false, nil, j.noneWords(sel))
	}
	if sel.HasCode && j.evs[i].Code != sel.Code {
		return j.untimed(false, j.usedIdx(i), fmt.Sprintf("expected %s: %s has code %d", selWords(sel), j.chosenWords(i), j.evs[i].Code))
	}
	return j.untimed(true, j.usedIdx(i), fmt.Sprintf("%s: %s", selWords(sel), j.chosenWords(i)))
}

// firstAfter is "the first occurrence of the other event after" the
// reference, "of the same container instance where both are of one
// container".
func (j *judgeCtx) firstAfter(sel, refSel Selector, ref int) int {
	r := j.evs[ref]
	same := oneContainer(sel, refSel)
	var inst int
	if same {
		inst = instance(j.evs, ref)
	}
	for i, e := range j.evs {
		if e.At > j.horizon {
			break
		}
		if i == ref || !matches(sel, e) || !precedes(j.tl, r, e) {
			continue
		}
		if same && (e.Pod != r.Pod || e.Container != r.Container || instance(j.evs, i) != inst) {
			continue
		}
		return i
	}
	return -1
}

// relative: GapAfter (`receives SIGKILL 2s after SIGTERM`) and After
// (`receives SIGTERM after container "app" has exited`).
func (j *judgeCtx) relative(e Expectation, gap bool) Verdict {
	want := fmt.Sprintf("%s after %s", selWords(e.Sel), selWords(e.Ref))
	if gap {
		want = fmt.Sprintf("%s %s after %s", selWords(e.Sel), e.A, selWords(e.Ref))
	}
	ref := j.choose(e.Ref)
	if ref < 0 {
		return j.untimed(false, nil, fmt.Sprintf("expected %s; no reference: %s", want, j.noneWords(e.Ref)))
	}
	i := j.firstAfter(e.Sel, e.Ref, ref)
	if i < 0 {
		why := fmt.Sprintf("expected %s; reference %s; no %s after it", want, j.chosenWords(ref), selWords(e.Sel))
		if oneContainer(e.Sel, e.Ref) {
			why += " in the same container instance"
		}
		why += " up to the end of the activity at " + rel(j.horizon, j.t0) + capNote(j.tl, j.t0)
		return j.untimed(false, j.usedIdx(ref), why)
	}
	used := j.usedIdx(i, ref)
	if gap {
		d := j.evs[i].At - j.evs[ref].At
		if d != e.A {
			return j.untimed(false, used, fmt.Sprintf("expected %s; reference %s; the first after it, %s, came %s after it", want, j.chosenWords(ref), evWords(j.evs[i], j.t0), d))
		}
	}
	return j.untimed(true, used, fmt.Sprintf("%s: %s, after %s", want, evWords(j.evs[i], j.t0), j.chosenWords(ref)))
}

// inOrder: "the chosen occurrences of Sels come in that order", each
// before every later one by (time, sequence), concurrent kill work either
// way.
func (j *judgeCtx) inOrder(sels []Selector) Verdict {
	idx := make([]int, len(sels))
	var missing []string
	for k, s := range sels {
		idx[k] = j.choose(s)
		if idx[k] < 0 {
			missing = append(missing, selWords(s))
		}
	}
	used := j.usedIdx(idx...)
	if len(missing) > 0 {
		return j.untimed(false, used, fmt.Sprintf("expected %d events in order; none up to the end of the activity at %s%s of: %s",
			len(sels), rel(j.horizon, j.t0), capNote(j.tl, j.t0), strings.Join(missing, "; ")))
	}
	for a := range idx {
		for b := a + 1; b < len(idx); b++ {
			ea, eb := j.evs[idx[a]], j.evs[idx[b]]
			if idx[a] == idx[b] || !precedes(j.tl, ea, eb) {
				return j.untimed(false, used, fmt.Sprintf("expected %s before %s; chosen %s and %s",
					selWords(sels[a]), selWords(sels[b]), j.chosenWords(idx[a]), j.chosenWords(idx[b])))
			}
		}
	}
	var parts []string
	for _, i := range idx {
		parts = append(parts, j.chosenWords(i))
	}
	return j.untimed(true, used, "in order: "+strings.Join(parts, "; "))
}

// never: "no occurrence of Sel in the whole scenario, run to the end of its
// activity"; a cap reached is noted, not a failure.
func (j *judgeCtx) never(sel Selector) Verdict {
	var idx []int
	for i, e := range j.evs {
		if e.At > j.horizon {
			break
		}
		if matches(sel, e) {
			idx = append(idx, i)
		}
	}
	if len(idx) > 0 {
		return j.untimed(false, j.usedIdx(idx...), fmt.Sprintf("expected no %s; seen: %s", selWords(sel), listEvents(j.evs, idx, j.t0, 5)))
	}
	return j.untimed(true, nil, fmt.Sprintf("no %s up to the end of the activity at %s%s", selWords(sel), rel(j.horizon, j.t0), capNote(j.tl, j.t0)))
}

// count: "exactly N occurrences … from the scenario's start", aggregated
// Events counted by their count: with `within D` to t0+D (moving the
// current time there), else to the end of the activity (undecided if the
// cap stopped it).
func (j *judgeCtx) count(e Expectation) Verdict {
	limit := j.horizon
	if e.Within {
		limit = j.at(e.B)
	}
	want := fmt.Sprintf("%s %d times", selWords(e.Sel), e.N)
	if e.Within {
		want += fmt.Sprintf(" within %s", e.B)
	}
	var idx []int
	n := 0
	for i, x := range j.evs {
		if x.At > limit {
			break
		}
		if matches(e.Sel, x) {
			idx = append(idx, i)
			n += weight(x)
		}
	}
	used := j.usedIdx(idx...)
	seen := "none"
	if len(idx) > 0 {
		seen = listEvents(j.evs, idx, j.t0, 8)
	}
	if !e.Within {
		if j.tl.Capped {
			want += " (counted to the cap: the activity was still going on)"
		}
		if n != e.N {
			return j.untimed(false, used, fmt.Sprintf("expected %s up to the end of the activity at %s; counted %d: %s", want, rel(limit, j.t0), n, seen))
		}
		return j.untimed(true, used, fmt.Sprintf("%s up to the end of the activity at %s: %s", want, rel(limit, j.t0), seen))
	}
	if n != e.N {
		return j.timed(false, limit, used, fmt.Sprintf("expected %s (from the scenario's start to %s); counted %d: %s", want, rel(limit, j.t0), n, seen))
	}
	return j.timed(true, limit, used, fmt.Sprintf("%s (from the scenario's start to %s): %s", want, rel(limit, j.t0), seen))
}
