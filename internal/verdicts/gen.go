package verdicts

import (
	"fmt"
	"strings"
	"time"

	"pgregory.net/rapid"

	"github.com/podlife/podlife/internal/timerules"
)

// Times are drawn among whole seconds near the ones a small pod's
// behaviours produce, so that about as many expectations hold as fail.
func drawSeconds(t *rapid.T, label string, lo, hi int) time.Duration {
	return time.Duration(rapid.IntRange(lo, hi).Draw(t, label)) * time.Second
}

// drawTime draws a time of an expectation: mostly within the first
// seconds after t=0, where a small pod's events come, sometimes later.
func drawTime(t *rapid.T, label string) time.Duration {
	switch rapid.IntRange(0, 7).Draw(t, label+" range") {
	case 0:
		return drawSeconds(t, label, 0, 25)
	case 1, 2:
		return drawSeconds(t, label, 5, 10)
	}
	return drawSeconds(t, label, 0, 4)
}

func secs(d time.Duration) string { return fmt.Sprintf("%ds", int(d/time.Second)) }

// drawScenario draws a scenario: one pod of one or two containers, their
// behaviours, its creation and up to maxSteps steps after it.
func drawScenario(t *rapid.T, maxSteps int) Scenario {
	sc := Scenario{
		Restart: rapid.SampledFrom([]string{"Always", "Never", "OnFailure"}).Draw(t, "restart"),
		Grace:   rapid.IntRange(1, 8).Draw(t, "grace"),
	}
	names := []string{"app"}
	if rapid.Bool().Draw(t, "two containers") {
		names = append(names, "helper")
	}
	for _, n := range names {
		c := Container{Name: n}
		if rapid.IntRange(0, 3).Draw(t, n+" preStop?") == 0 {
			c.PreStop = rapid.IntRange(1, 4).Draw(t, n+" preStop")
		}
		switch rapid.IntRange(0, 3).Draw(t, n+" exit") {
		case 1:
			c.Behaviours = append(c.Behaviours, fmt.Sprintf("exits with code %d after %s",
				rapid.SampledFrom([]int{0, 1, 3}).Draw(t, n+" code"), secs(drawSeconds(t, n+" exit after", 1, 8))))
		}
		switch rapid.IntRange(0, 3).Draw(t, n+" on SIGTERM") {
		case 1:
			c.Behaviours = append(c.Behaviours, "ignores SIGTERM")
		case 2:
			c.Behaviours = append(c.Behaviours, fmt.Sprintf("takes %s to exit after SIGTERM", secs(drawSeconds(t, n+" term takes", 1, 6))))
		case 3:
			c.Behaviours = append(c.Behaviours, "exits with code 0 on SIGTERM")
		}
		if rapid.IntRange(0, 3).Draw(t, n+" ready?") == 0 {
			c.Behaviours = append(c.Behaviours, fmt.Sprintf("becomes ready after %s", secs(drawSeconds(t, n+" ready after", 1, 6))))
		}
		if rapid.IntRange(0, 2).Draw(t, n+" liveness?") == 0 {
			c.Liveness = true
			c.Behaviours = append(c.Behaviours, fmt.Sprintf("fails its liveness probe after %s", secs(drawSeconds(t, n+" liveness after", 2, 8))))
		}
		sc.Containers = append(sc.Containers, c)
	}
	sc.Steps = []Step{{Kind: Create, Text: `the pod "web" is created`}}
	deleted := false
	n := rapid.IntRange(1, maxSteps).Draw(t, "steps")
	for i := 0; i < n; i++ {
		switch k := rapid.IntRange(0, 10).Draw(t, "kind"); {
		case k == 0 && !deleted:
			deleted = true
			sc.Steps = append(sc.Steps, Step{Kind: Delete, Text: `the pod "web" is deleted`})
		case k == 1 || k == 10:
			d := drawTime(t, "pass")
			sc.Steps = append(sc.Steps, Step{Kind: Pass, D: d, Text: secs(d) + " pass"})
		case k == 2:
			s := rapid.SampledFrom([]string{"Running", "Ready", "Succeeded", "Failed", "NotReady"}).Draw(t, "becomes")
			sc.Steps = append(sc.Steps, Step{Kind: Becomes, State: timerules.State(s), Text: fmt.Sprintf(`the pod "web" becomes %s`, s)})
		default:
			sc.Steps = append(sc.Steps, drawExpectation(t, names))
		}
	}
	return sc
}

func ctr(c, kind string) timerules.Selector {
	return timerules.Selector{Pod: "web", Container: c, Kind: kind}
}

var expectationWeights = []int{0, 1, 2, 3, 4, 4, 5, 6, 7, 7, 7, 8, 8, 9, 10, 10, 11, 12, 13, 14, 15, 16, 17, 17, 17, 18, 19, 20, 21}

// drawExpectation draws one expectation, as the language writes it and as
// the specification reads it.
func drawExpectation(t *rapid.T, names []string) Step {
	c := rapid.SampledFrom(names).Draw(t, "container")
	sig := rapid.SampledFrom([]string{"SIGTERM", "SIGKILL"}).Draw(t, "signal")
	state := rapid.SampledFrom([]string{"Running", "Ready", "gone", "Succeeded", "Failed", "NotReady", "Pending", "Terminating"}).Draw(t, "state")
	a := drawTime(t, "a")
	b := a + drawSeconds(t, "b-a", 0, 4)
	e := timerules.Expectation{}
	var text string
	live := true
	// Weighted: the steps that read or move the current time (state
	// checks, counts within D, timed expectations) come more often than
	// the untimed ones, which a cluster's verdicts are not compared on.
	switch rapid.SampledFrom(expectationWeights).Draw(t, "expectation") {
	case 0:
		text = fmt.Sprintf(`container %q of pod "web" receives %s at %s`, c, sig, secs(a))
		e = timerules.Expectation{Kind: timerules.EventAt, Sel: ctr(c, sig), A: a, B: a}
	case 1:
		text = fmt.Sprintf(`container %q of pod "web" receives %s within %s`, c, sig, secs(b))
		e = timerules.Expectation{Kind: timerules.EventWithin, Sel: ctr(c, sig), B: b}
	case 2:
		text = fmt.Sprintf(`container %q of pod "web" receives %s between %s and %s`, c, sig, secs(a), secs(b))
		e = timerules.Expectation{Kind: timerules.EventBetween, Sel: ctr(c, sig), A: a, B: b}
	case 3:
		code := rapid.SampledFrom([]int{0, 1, 3, 137, 143}).Draw(t, "code")
		text = fmt.Sprintf(`container %q of pod "web" exits at %s with code %d`, c, secs(a), code)
		sel := ctr(c, "Exited")
		sel.Code, sel.HasCode = code, true
		e = timerules.Expectation{Kind: timerules.EventAt, Sel: sel, A: a, B: a}
	case 4:
		text = fmt.Sprintf(`the pod "web" is %s within %s`, state, secs(b))
		e = timerules.Expectation{Kind: timerules.StateWithin, Pod: "web", State: timerules.State(state), B: b}
		if rapid.Bool().Draw(t, "becomes") {
			// The language's own `becomes S within D`: from t=0.
			text = fmt.Sprintf(`the pod "web" becomes %s within %s`, state, secs(b))
			e.Kind = timerules.StateComesWithin
		}
	case 5:
		text = fmt.Sprintf(`the pod "web" is %s between %s and %s`, state, secs(a), secs(b))
		e = timerules.Expectation{Kind: timerules.StateBetween, Pod: "web", State: timerules.State(state), A: a, B: b}
	case 6:
		text = fmt.Sprintf(`the pod "web" is not %s after %s`, state, secs(a))
		e = timerules.Expectation{Kind: timerules.StateNotAfter, Pod: "web", State: timerules.State(state), A: a}
	case 7:
		now := rapid.SampledFrom([]string{"Running", "Ready", "gone", "Succeeded", "Failed", "Pending", "Terminating"}).Draw(t, "now state")
		not := rapid.Bool().Draw(t, "not")
		text = fmt.Sprintf(`the pod "web" is %s`, now)
		if not {
			text = fmt.Sprintf(`the pod "web" is not %s`, now)
		}
		e = timerules.Expectation{Kind: timerules.StateNow, Pod: "web", State: timerules.State(now), Not: not}
	case 8:
		phase := rapid.SampledFrom([]string{"Pending", "Running", "Succeeded", "Failed"}).Draw(t, "phase")
		text = fmt.Sprintf(`the pod "web" phase is %q`, phase)
		e = timerules.Expectation{Kind: timerules.StateNow, Pod: "web", State: timerules.State(phase)}
	case 9:
		col := rapid.SampledFrom([]string{"Running", "Completed", "Error", "Terminating", "CrashLoopBackOff", "NotReady"}).Draw(t, "status")
		if rapid.Bool().Draw(t, "status within") {
			text = fmt.Sprintf(`the pod "web" shows status %q within %s`, col, secs(b))
			e = timerules.Expectation{Kind: timerules.StatusWithin, Pod: "web", Column: col, B: b}
		} else {
			text = fmt.Sprintf(`the pod "web" shows status %q`, col)
			e = timerules.Expectation{Kind: timerules.StatusNow, Pod: "web", Column: col}
		}
	case 10:
		n := rapid.IntRange(0, 3).Draw(t, "restarts")
		if rapid.Bool().Draw(t, "pod restarts") {
			text = fmt.Sprintf(`the pod "web" has %d restarts`, n)
			e = timerules.Expectation{Kind: timerules.RestartsNow, Pod: "web", N: n}
		} else {
			text = fmt.Sprintf(`container %q of pod "web" has restarted %d times`, c, n)
			e = timerules.Expectation{Kind: timerules.RestartsNow, Pod: "web", Container: c, N: n}
		}
	case 11:
		live = false
		text = fmt.Sprintf(`container %q of pod "web" receives %s`, c, sig)
		e = timerules.Expectation{Kind: timerules.Received, Sel: ctr(c, sig)}
	case 12:
		live = false
		code := rapid.SampledFrom([]int{0, 1, 3, 137, 143}).Draw(t, "code")
		text = fmt.Sprintf(`container %q of pod "web" exits with code %d`, c, code)
		sel := ctr(c, "Exited")
		sel.Code, sel.HasCode = code, true
		e = timerules.Expectation{Kind: timerules.Received, Sel: sel}
	case 13:
		live = false
		gap := drawSeconds(t, "gap", 0, 8)
		text = fmt.Sprintf(`container %q of pod "web" receives SIGKILL %s after SIGTERM`, c, secs(gap))
		e = timerules.Expectation{Kind: timerules.GapAfter, Sel: ctr(c, "SIGKILL"), Ref: ctr(c, "SIGTERM"), A: gap}
	case 14:
		live = false
		other := rapid.SampledFrom(names).Draw(t, "other")
		text = fmt.Sprintf(`container %q of pod "web" receives SIGTERM after container %q has exited`, c, other)
		e = timerules.Expectation{Kind: timerules.After, Sel: ctr(c, "SIGTERM"), Ref: ctr(other, "Exited")}
	case 15:
		live = false
		if len(names) < 2 {
			text = fmt.Sprintf(`container %q of pod "web" never receives %s`, c, sig)
			e = timerules.Expectation{Kind: timerules.Never, Sel: ctr(c, sig)}
			break
		}
		order := []string{names[0], names[1]}
		if rapid.Bool().Draw(t, "reversed") {
			order[0], order[1] = order[1], order[0]
		}
		text = fmt.Sprintf(`the containers of pod "web" stop in this order: %q, %q`, order[0], order[1])
		e = timerules.Expectation{Kind: timerules.InOrder, Sels: []timerules.Selector{ctr(order[0], "Exited"), ctr(order[1], "Exited")}}
	case 16:
		live = false
		text = fmt.Sprintf(`container %q of pod "web" never receives %s`, c, sig)
		e = timerules.Expectation{Kind: timerules.Never, Sel: ctr(c, sig)}
	case 17, 18:
		reason := rapid.SampledFrom([]string{"Killing", "Started", "Unhealthy", "Unhealthy", "BackOff"}).Draw(t, "reason")
		n := rapid.IntRange(0, 4).Draw(t, "times")
		sel := timerules.Selector{Pod: "web", Kind: "Event", Reason: reason, AnyContainer: true}
		about := `for pod "web"`
		if reason != "Killing" {
			sel = timerules.Selector{Pod: "web", Container: c, Kind: "Event", Reason: reason}
			about = fmt.Sprintf(`for container %q of pod "web"`, c)
		}
		e = timerules.Expectation{Kind: timerules.Count, Sel: sel, N: n}
		text = fmt.Sprintf(`an event %q is recorded %s %d times`, reason, about, n)
		if rapid.Bool().Draw(t, "count within") {
			e.Within, e.B = true, b
			text += " within " + secs(b)
		} else {
			live = false
		}
	case 19:
		live = false
		text = `no event "Killing" is recorded`
		e = timerules.Expectation{Kind: timerules.Never, Sel: timerules.Selector{Kind: "Event", Reason: "Killing", AnyContainer: true}}
	default:
		return drawTable(t, names)
	}
	return Step{Kind: Expect, Text: text, Exp: e, Live: live}
}

// drawTable draws a timeline table of one to three rows.
func drawTable(t *rapid.T, names []string) Step {
	exact := rapid.IntRange(0, 3).Draw(t, "exactly") == 0
	n := rapid.IntRange(1, 3).Draw(t, "rows")
	var rows []timerules.Row
	var b strings.Builder
	b.WriteString("      | at | container | event |\n")
	at := time.Duration(0)
	for i := 0; i < n; i++ {
		r := timerules.Row{}
		switch rapid.IntRange(0, 9).Draw(t, "row kind") {
		case 0:
			r.Label = rapid.SampledFrom([]string{"Phase(Running)", "Phase(Succeeded)", "Phase(Failed)"}).Draw(t, "phase row")
		case 1:
			r.Label = "Deleted"
		default:
			r.Container = rapid.SampledFrom(names).Draw(t, "row container")
			r.Label = rapid.SampledFrom([]string{"SIGTERM", "SIGKILL", "Exited(0)", "Exited(1)", "Exited(143)", "Exited(137)", "Started", "Restarted", "PreStopStarted", "Ready"}).Draw(t, "row label")
		}
		cell := "-"
		if rapid.IntRange(0, 2).Draw(t, "timed row") > 0 {
			at += drawSeconds(t, "row at", 0, 6)
			r.At, r.HasAt = at, true
			cell = secs(at)
		}
		rows = append(rows, r)
		ctrCell := r.Container
		if ctrCell == "" {
			ctrCell = "-"
		}
		fmt.Fprintf(&b, "      | %s | %s | %s |\n", cell, ctrCell, r.Label)
	}
	text := `the timeline of pod "web" is:`
	if exact {
		text = `the timeline of pod "web" is exactly:`
	}
	return Step{Kind: Expect, Text: text, Table: b.String(), Exp: timerules.Expectation{Kind: timerules.Table, Pod: "web", Rows: rows, Exact: exact}}
}
