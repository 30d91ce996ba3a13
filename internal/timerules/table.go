package timerules

import (
	"fmt"
	"strings"
	"time"
)

// vocabulary is the `event` column's vocabulary (dsl.md, "The whole
// timeline"), by kind.
var vocabulary = map[string]bool{
	"Scheduled": true, "Admitted": true, "Rejected": true, "Created": true,
	"Started": true, "PostStartDone": true, "Ready": true, "NotReady": true,
	"ProbeFailed": true, "PreStopStarted": true, "PreStopDone": true,
	"SIGTERM": true, "SIGKILL": true, "Exited": true, "Restarted": true,
	"BackOff": true, "Evicted": true, "Phase": true, "Deleted": true,
}

func rowWords(r Row) string {
	at := "-"
	if r.HasAt {
		at = r.At.String()
	}
	c := r.Container
	if c == "" {
		c = "(pod)"
	}
	return fmt.Sprintf("| %s | %s | %s |", at, c, strings.TrimSpace(r.Label))
}

// table: "`the timeline of pod "P" is:` matches its rows in order against
// the pod's events at or after t=0: each row the first event after the
// previous row's that has its container and label and, for a row with a
// time, lies at t0+T … It waits as `never` does, to the end of the
// activity. `is exactly` also refuses, between two matched rows, any other
// event of the vocabulary (and of a kind a row names), and before the first
// row or after the last any event of a kind a row names; rows of one
// instant naming concurrent work match in either order."
//
// The current time moves to "the latest of its timed rows' decisions (each
// row as `at T`: the event it matched, or t0+T)".
func (j *judgeCtx) table(e Expectation) Verdict {
	limit := j.horizon
	timed := false
	var decided time.Duration
	for _, r := range e.Rows {
		if r.HasAt {
			at := j.at(r.At)
			if !timed || at > decided {
				decided = at
			}
			timed = true
			limit = max(limit, at)
		}
	}
	// The pod's events at or after t=0, as far as the table waits.
	var cand []int
	for i, x := range j.evs {
		if x.At > limit {
			break
		}
		if x.Pod == e.Pod && atOrAfter(x, j.t0) {
			cand = append(cand, i)
		}
	}
	used := map[int]bool{}
	var matched []int // indices of matched events, in row order
	var missing []string
	for _, r := range e.Rows {
		want := strings.TrimSpace(r.Label)
		found := -1
		for _, i := range cand {
			x := j.evs[i]
			if used[i] || x.Container != r.Container || label(x) != want {
				continue
			}
			if r.HasAt && x.At != j.at(r.At) {
				continue
			}
			after := true
			for _, m := range matched {
				if !precedes(j.tl, j.evs[m], x) {
					after = false
					break
				}
			}
			if after {
				found = i
				break
			}
		}
		if found < 0 {
			missing = append(missing, rowWords(r))
			continue
		}
		used[found] = true
		matched = append(matched, found)
	}

	var refused []int
	if e.Exact {
		named := map[string]bool{}
		for _, r := range e.Rows {
			named[labelKind(r.Label)] = true
		}
		lo, hi := -1, -1
		for _, m := range matched {
			if lo < 0 || m < lo {
				lo = m
			}
			if m > hi {
				hi = m
			}
		}
		for _, i := range cand {
			if used[i] {
				continue
			}
			k := j.evs[i].Kind
			between := lo >= 0 && i > lo && i < hi
			if named[k] || (between && vocabulary[k]) {
				refused = append(refused, i)
			}
		}
	}

	ok := len(missing) == 0 && len(refused) == 0
	var b strings.Builder
	fmt.Fprintf(&b, "the timeline of pod %q", e.Pod)
	if e.Exact {
		b.WriteString(" is exactly its rows")
	}
	if ok {
		fmt.Fprintf(&b, ": every row matched (%d)", len(matched))
	} else {
		b.WriteString(" did not match")
		if len(missing) > 0 {
			fmt.Fprintf(&b, "; rows not matched: %s", strings.Join(missing, " "))
		}
		if len(refused) > 0 {
			fmt.Fprintf(&b, "; events refused: %s", listEvents(j.evs, refused, j.t0, len(refused)))
		}
	}
	fmt.Fprintf(&b, " (events at or after t=0 up to %s%s)", rel(limit, j.t0), capNote(j.tl, j.t0))
	usedEv := j.usedIdx(matched...)
	if timed {
		return j.timed(ok, decided, usedEv, b.String())
	}
	return j.untimed(ok, usedEv, b.String())
}
