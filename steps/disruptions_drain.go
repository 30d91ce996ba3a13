package steps

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// When node "worker-1" is cordoned: `kubectl cordon`; with on false,
// `is uncordoned`: `kubectl uncordon`.
type nodeCordoned struct {
	node string
	on   bool
}

func (s nodeCordoned) Declare(pl *Plan) error {
	what := "cordons a node"
	if !s.on {
		what = "uncordons a node"
	}
	pl.need(driver.NodeLifecycle, what)
	_, err := pl.node(s.node)
	return err
}

func (s nodeCordoned) Run(ctx context.Context, st *State) error {
	return disruptionAction(ctx, st, func(d driver.Session) error { return d.Cordon(ctx, s.node, s.on) })
}

// defaultDrain is `kubectl drain --ignore-daemonsets`: each pod's own
// grace period, no timeout.
var defaultDrain = driver.DrainOptions{GracePeriodSeconds: -1}

// drainFlags are kubectl drain's flags --force, --delete-emptydir-data,
// --ignore-daemonsets (always on), --grace-period=N, --timeout=D.
type drainFlags driver.DrainOptions

func (o *drainFlags) set(flags string) error {
	*o = drainFlags(defaultDrain)
	for _, f := range strings.Fields(flags) {
		k, v, hasValue := strings.Cut(f, "=")
		switch {
		case k == "--force" && !hasValue:
			o.Force = true
		case k == "--delete-emptydir-data" && !hasValue:
			o.DeleteEmptyDirData = true
		case k == "--ignore-daemonsets" && !hasValue:
		case k == "--grace-period" && hasValue:
			g, err := strconv.ParseInt(v, 10, 64)
			if err != nil || g < -1 {
				return inputErr("--grace-period=%s is not a number of seconds (-1 keeps each pod's own)", v)
			}
			o.GracePeriodSeconds = g
		case k == "--timeout" && hasValue:
			t, err := parseDuration(v)
			if err != nil {
				return err
			}
			o.Timeout = t
		default:
			return inputErr("kubectl drain flag %q is not one of --force, --delete-emptydir-data, --ignore-daemonsets, --grace-period=N, --timeout=D", f)
		}
	}
	return nil
}

// When node "worker-1" is drained [with "--force --delete-emptydir-data"]:
// `kubectl drain --ignore-daemonsets` and the flags starts at t=0 and
// goes on while the scenario does; `the drain of node "worker-1"
// completes` waits for it.
type nodeDrained struct {
	node string
	opts driver.DrainOptions
}

func (s nodeDrained) Declare(pl *Plan) error {
	pl.need(driver.NodeLifecycle, "drains a node")
	_, err := pl.node(s.node)
	return err
}

func (s nodeDrained) Run(ctx context.Context, st *State) error {
	return disruptionAction(ctx, st, func(d driver.Session) error {
		if err := d.Drain(ctx, s.node, s.opts); err != nil {
			return err
		}
		st.Plan.disr.drained = append(st.Plan.disr.drained, s.node)
		return nil
	})
}

// drainsEnded: every drain the scenario started has returned, so that no
// more eviction requests will come (the scenario's own are made in their
// step).
func (pl *Plan) drainsEnded(d driver.Disruptions) bool {
	if len(pl.disr.drained) == 0 {
		return false
	}
	for _, n := range pl.disr.drained {
		if s, ok := d.DrainStatus(n); !ok || !s.Done {
			return false
		}
	}
	return true
}

// awaitDisruption waits, as an untimed expectation does, until cond holds
// or the scenario's activity ends; the current time does not move.
func awaitDisruption(ctx context.Context, st *State, cond func() bool) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if st.clk().exact {
		if err := st.clk().toCurrent(ctx); err != nil {
			return err
		}
	}
	// On a cluster a drain in flight is not activity that Settle sees (a
	// steady pod waiting on a budget looks ended): wait the whole limit.
	if us, ok := driver.SessionAs[driver.UntilSettler](st.Session); ok && st.clk().exact {
		at, _, capped, err := us.SettleUntil(ctx, st.clk().limit, func(driver.View) bool { return cond() })
		if capped {
			st.capNote(at)
		}
		return err
	}
	_, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.clk().limit, func(driver.View) bool { return cond() })
	return err
}

// Then the drain of node "worker-1" completes: kubectl drain returned
// without error; untimed, it waits for the drain. With `within 1m` (or
// `at 15s`): it returned, without error, by t0+D (exactly at t0+D). With
// `fails with message containing "…"`: kubectl drain returned this error.
type drainEnds struct {
	node string
	// errText is the error the drain is to fail with, if it is to fail.
	errText string
	// bound is D, -1 for an untimed phrase; boundKind is "at" or
	// "within".
	bound     time.Duration
	boundKind string
}

func (s drainEnds) Declare(pl *Plan) error {
	if s.bound >= 0 {
		if err := oneOf("time bound", s.boundKind, "at", "within"); err != nil {
			return err
		}
	}
	_, err := pl.node(s.node)
	return err
}

func (s drainEnds) Run(ctx context.Context, st *State) error {
	node, exact := s.node, s.boundKind == "at"
	d, err := readyDisruptions(ctx, st)
	if err != nil {
		return err
	}
	done := func() bool { ds, ok := d.DrainStatus(node); return ok && ds.Done }
	var win timeline.Window
	if s.bound >= 0 {
		lo := s.bound
		if !exact {
			lo = 0
		}
		win = disruptionWindow(st, lo, s.bound, drainWaits(d, node, st.clock.t0)...)
		if _, _, err := st.Session.RunUntil(ctx, win.To, func(driver.View) bool { return done() }); err != nil {
			return err
		}
	} else if err := awaitDisruption(ctx, st, done); err != nil {
		return err
	}
	ds, ok := d.DrainStatus(node)
	expected := fmt.Sprintf("the drain of node %q completes", node)
	if s.errText != "" {
		expected = fmt.Sprintf("the drain of node %q fails with message containing %q", node, s.errText)
	}
	if s.bound >= 0 {
		expected += map[bool]string{true: " at ", false: " within "}[exact] + timeline.FormatOffset(s.bound)
	}
	observed := "no drain of the node"
	switch {
	case ok && !ds.Done:
		observed = fmt.Sprintf("at %s the drain is still going on", timeline.FormatOffset(st.Session.Now()-st.clock.t0.At))
	case ok && ds.Err != "":
		observed = fmt.Sprintf("the drain failed at %s: %s", timeline.FormatOffset(ds.At-st.clock.t0.At), ds.Err)
	case ok:
		observed = fmt.Sprintf("the drain completed at %s", timeline.FormatOffset(ds.At-st.clock.t0.At))
	}
	var seen *timeline.Event
	if ok && ds.Done {
		seen = &timeline.Event{At: ds.At, Pod: nodeTimelineName(node)}
	}
	good := ok && ds.Done
	if s.errText != "" {
		good = good && ds.Err != "" && strings.Contains(ds.Err, s.errText)
	} else {
		good = good && ds.Err == ""
	}
	var v *timeline.Verdict
	switch {
	case seen == nil:
		v = &timeline.Verdict{Kind: timeline.Missing, Expected: expected, Observed: observed}
	case !good:
		// It ended, otherwise than the step says.
		v = &timeline.Verdict{Kind: timeline.WrongState, Expected: expected, Observed: observed, Event: seen}
	}
	if s.bound < 0 {
		if v != nil {
			return v
		}
		return nil
	}
	if v == nil && !win.Contains(ds.At) {
		v = &timeline.Verdict{Kind: timeline.Late, Expected: expected + win.Note(), Observed: observed, Event: seen}
		if ds.At < win.From {
			v.Kind = timeline.Early
		}
	}
	var failed error
	if v != nil {
		v.Window = &win
		failed = v
	}
	return st.keepWindowCheck(timeline.Selector{Pod: nodeTimelineName(node)}, "the drain's end", win, seen, failed)
}

// Then the drain of node "worker-1" does not complete within 30s: by
// t0+D, D included, the drain has not completed (it is still going on, or
// it failed); on a cluster judged at the earliest `completes at D` would
// accept, as the language's other negatives are (a drain held by a
// budget: a first draft's `the drain of the node does not complete within
// 1m`).
type drainNotDone struct {
	node   string
	within time.Duration
}

func (s drainNotDone) Declare(pl *Plan) error {
	_, err := pl.node(s.node)
	return err
}

func (s drainNotDone) Run(ctx context.Context, st *State) error {
	d, err := readyDisruptions(ctx, st)
	if err != nil {
		return err
	}
	win := disruptionWindow(st, s.within, s.within, drainWaits(d, s.node, st.clock.t0)...)
	completed := func() (time.Duration, bool) {
		ds, ok := d.DrainStatus(s.node)
		return ds.At, ok && ds.Done && ds.Err == "" && ds.At <= win.From
	}
	if _, _, err := st.Session.RunUntil(ctx, win.From, func(driver.View) bool { _, c := completed(); return c }); err != nil {
		return err
	}
	at, c := completed()
	if !c {
		// One that held keeps no check, as `never` keeps none: it
		// awaited no event.
		st.clk().decided(win.From, s.within)
		return nil
	}
	seen := &timeline.Event{At: at, Pod: nodeTimelineName(s.node)}
	v := &timeline.Verdict{Kind: timeline.Unexpected, Window: &win, Event: seen,
		Expected: fmt.Sprintf("the drain of node %q does not complete within %s%s", s.node, timeline.FormatOffset(s.within), win.Note()),
		Observed: fmt.Sprintf("the drain completed at %s", timeline.FormatOffset(at-st.clock.t0.At))}
	// The check's window is where the end would have been fine: after
	// the bound, which `within` takes in.
	ok := win
	ok.From += time.Nanosecond
	ok.To = max(ok.To, ok.From)
	return st.keepWindowCheck(timeline.Selector{Pod: nodeTimelineName(s.node)}, "no drain's end before "+timeline.FormatOffset(s.within), ok, seen, v)
}

// Windows of the drain's and the eviction subresource's times: exact on
// the simulator, on a cluster the judge's (driver.Judge.Requests).

// disruptionWindow is where a time written [lo, hi] from t=0 is accepted,
// widened on a cluster by the kubelet's reactions to the actions it
// waits for.
func disruptionWindow(st *State, lo, hi time.Duration, waits ...driver.Action) timeline.Window {
	return st.judge().Requests(st.clock.t0, lo, hi, waits...)
}

// drainWaits is what the drain of node waited for before it returned:
// its evicted pods gone, and, when a budget refused one of its evictions,
// the replacement whose readiness let the retry through.
func drainWaits(d driver.Disruptions, node string, t0 timeline.Mark) []driver.Action {
	waits := []driver.Action{driver.ActionDelete}
	for _, e := range d.Evictions() {
		if e.By == "drain/"+node && e.Code != 201 && e.At >= t0.At {
			return append(waits, driver.ActionCreate)
		}
	}
	return waits
}
