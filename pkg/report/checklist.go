package report

import (
	"fmt"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// A scenario's check list on the page: every step with its outcome, the
// expectations (timed or not) set apart from the setup and the actions,
// and under each expectation the timed checks it made, numbered as the
// chart numbers their windows.

// Outcomes of a step on the check list, beyond godog's own words
// (passed, failed, undefined, pending, ambiguous).
const (
	// notEvaluated is an expectation that never ran: after an earlier
	// failure, beyond the next action (docs/language.md, "When an
	// expectation fails"), or in a scenario skipped as a whole.
	notEvaluated = "not evaluated"
	// stepSkipped is a setup step or an action that never ran.
	stepSkipped = "skipped"
)

type checkItem struct {
	Line          int
	Keyword, Text string
	// Outcome is what the list says; Class the same as a CSS class.
	Outcome, Class string
	// Expectation: a Then step (or an And or But after one).
	Expectation bool
	Timed       []timedView
	// Rows are a timeline table's rows, each with the event it matched.
	Rows []tableRowView
	// Error is the step's failure, unless the run's failure (shown above
	// the list) already says it.
	Error string
}

// tableRowView is a row of a timeline table on the check list: the row
// as written, the event it matched (or none) and the window a timed row
// was judged by, times from t=0.
type tableRowView struct {
	Row                  int
	At, Container, Event string
	Matched, MatchedAt   string
	Window               string
	Check                int // the timed check's number on the chart, 0 for none
	Class                string
}

type timedView struct {
	Num  int
	OK   bool
	Text string
}

// checkList is r's check list. Results written before steps were kept
// (no Steps) list their timed checks alone.
func checkList(r *Result) []checkItem {
	byLine := map[int][]int{}
	for i, ck := range r.Checks {
		byLine[ck.Line] = append(byLine[ck.Line], i)
	}
	used := map[int]bool{}
	timed := func(line int) []timedView {
		var out []timedView
		for _, i := range byLine[line] {
			used[i] = true
			out = append(out, timedView{Num: i + 1, OK: r.Checks[i].OK, Text: timedText(r.Checks[i], r.T0)})
		}
		return out
	}
	var out []checkItem
	outcome := false // the type of the step before, which And and But take
	for _, s := range r.Steps {
		switch s.Keyword {
		case "Then":
			outcome = true
		case "Given", "When":
			outcome = false
		}
		it := checkItem{Line: s.Line, Keyword: s.Keyword, Text: s.Text, Outcome: s.Status, Expectation: outcome}
		if s.Status == "skipped" {
			it.Outcome = stepSkipped
			if outcome {
				it.Outcome = notEvaluated
			}
		}
		if s.Error != "" && (r.Failure == nil || s.Line != r.Failure.Line) {
			it.Error = s.Error
		}
		it.Timed = timed(s.Line)
		it.Rows = tableRows(r, s.Line)
		out = append(out, it)
	}
	// Checks whose step is not among the steps (older results).
	for i, ck := range r.Checks {
		if used[i] {
			continue
		}
		it := checkItem{Line: ck.Line, Text: ck.Step, Outcome: "passed", Expectation: true,
			Timed: []timedView{{Num: i + 1, OK: ck.OK, Text: timedText(ck, r.T0)}}}
		if !ck.OK {
			it.Outcome = "failed"
		}
		out = append(out, it)
	}
	for i := range out {
		out[i].Class = outcomeClass(out[i].Outcome)
	}
	return out
}

// tableRows are the rows of the timeline table of the step at line,
// none when the step is no table (or was not judged).
func tableRows(r *Result, line int) []tableRowView {
	var out []tableRowView
	for _, tab := range r.Tables {
		if tab.Line != line {
			continue
		}
		for _, row := range tab.Rows {
			v := tableRowView{Row: row.Row, At: "-", Container: orDash(row.Container), Event: row.Label, Window: "any time", Check: row.Check, Class: "unmatched"}
			if row.HasAt {
				v.At = timeline.FormatOffset(row.At)
				v.Window = windowText(row.From-r.T0, row.To-r.T0)
			}
			if e := row.Matched; e != nil {
				v.Matched, v.MatchedAt, v.Class = e.Label(), timeline.FormatOffset(e.At-r.T0), "matched"
			}
			out = append(out, v)
		}
	}
	return out
}

// windowText is a window from t=0: "3s", "2.75s to 3.25s".
func windowText(from, to time.Duration) string {
	if from == to {
		return timeline.FormatOffset(from)
	}
	return timeline.FormatOffset(from) + " to " + timeline.FormatOffset(to)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// outcomeClass is an outcome as a CSS class.
func outcomeClass(outcome string) string {
	if outcome == notEvaluated {
		return "not-evaluated"
	}
	return outcome
}

// timedText is what a timed check found: "SIGKILL of app expected at 4s,
// observed 5s; would pass 1 s later".
func timedText(ck timeline.Check, t0 time.Duration) string {
	observed := "not observed"
	if ck.Seen {
		observed = "observed " + timeline.FormatOffset(ck.Observed-t0)
	}
	return withResolution(fmt.Sprintf("%s of %s %s, %s", ck.What, who(ck.Pod, ck.Container), expectedText(ck, t0), observed), "; ", ck)
}
