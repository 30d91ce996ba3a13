package steps

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/printer"
	"github.com/podlife/podlife/pkg/timeline"
)

func statusExpectations() []Def {
	const f = "kubectl columns"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		def(f, `^the pod "([^"]*)" shows status "([^"]*)"$`, `Then the pod "web" shows status "CrashLoopBackOff"`, showsStatus),
		def(f, `^the pod "([^"]*)" shows status "([^"]*)" within (\S+)$`, `Then the pod "web" shows status "CrashLoopBackOff" within 1m`, showsStatusWithin),
		def(f, `^the pod "([^"]*)" shows ready "([^"]*)"$`, `Then the pod "web" shows ready "1/2"`, showsReady),
		def(f, `^the pod "([^"]*)" shows (\S+) restarts?$`, `Then the pod "web" shows 3 restarts`, showsRestarts),
		def(f, ctr+`is ready within (\S+)$`, `Then container "app" of pod "web" is ready within 5s`, containerReadyWithin),
		def(f, ctr+`becomes ready at (\S+)$`, `Then container "app" of pod "web" becomes ready at 2s`, containerReadyAt),
		def(f, ctr+`is ready$`, `Then container "app" of pod "web" is ready`, containerIsReady),
		def(f, ctr+`is not ready$`, `Then container "app" of pod "web" is not ready`, containerNotReady),
		def(f, ctr+`becomes not ready at (\S+)$`, `Then container "app" of pod "web" becomes not ready at 7s`, containerNotReadyAt),
	}
}

// columns prints the pod as `kubectl get pods` would now: by the driver's
// API server when it can, else by the current rules (the restart age is
// then measured from the wall clock; no step reads it).
func columns(v driver.View, name string) (printer.Columns, bool) {
	if pp, ok := v.(driver.PodPrinter); ok {
		return pp.PrintPod(name)
	}
	p := v.Pod(name)
	if p == nil {
		return printer.Columns{}, false
	}
	return printer.Pod(p, time.Now(), printer.Current), true
}

func (st *State) checkColumns(ctx context.Context, name, what string, ok func(printer.Columns) bool) error {
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	var last printer.Columns
	var lastPod *corev1.Pod
	found := false
	err := st.readState(ctx, func(v driver.View) error {
		last, found = columns(v, name)
		lastPod = v.Pod(name)
		if found && ok(last) {
			return nil
		}
		return errNotYet
	})
	if !errors.Is(err, errNotYet) {
		return err
	}
	if !found {
		return &timeline.Mismatch{Expected: fmt.Sprintf("pod %q %s", name, what), Observed: "the pod is gone"}
	}
	return &timeline.Mismatch{
		Expected: fmt.Sprintf("pod %q %s", name, what),
		Observed: fmt.Sprintf("STATUS %s, READY %s, RESTARTS %s (%s)", last.Status, last.Ready, last.Restarts, describePod(lastPod)),
	}
}

// errNotYet: a polled state does not hold (yet); the caller says why.
var errNotYet = errors.New("not yet")

// Then the pod "web" shows status "CrashLoopBackOff": the STATUS column of
// `kubectl get pods`, now.
func showsStatus(ctx context.Context, name, status string) error {
	return From(ctx).checkColumns(ctx, name, "showing STATUS "+status, func(c printer.Columns) bool { return c.Status == status })
}

// Then the pod "web" shows status "CrashLoopBackOff" within 1m: the STATUS
// column took that value at some time up to t0+D, before t=0 included
// (a value the API held only within one instant counts: a watch sees it).
func showsStatusWithin(ctx context.Context, name, status, d string) error {
	st := From(ctx)
	dur, err := parseDuration(d)
	if err != nil {
		return err
	}
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	sel := timeline.Selector{Pod: name, Kind: timeline.Status, Reason: status}
	w, err := st.window(ctx, sel, 0, dur)
	if err != nil {
		return err
	}
	w.From = 0 // a STATUS shown before t=0 counts
	// Shown by the deadline: read on the timeline up to it, not on the
	// pod wherever an earlier step ran the session to.
	by := func(events []timeline.Event) (timeline.Event, bool) {
		e, ok := timeline.First(events, timeline.Beginning, sel)
		return e, ok && e.At <= w.To
	}
	_, _, err = st.Session.RunUntil(ctx, w.To, func(v driver.View) bool {
		_, ok := by(v.Timeline())
		return ok
	})
	if err != nil {
		return err
	}
	if e, ok := by(st.events()); ok {
		if c, cw, late := st.lateCause(ctx, w, name, e); late {
			cw.From = w.From
			return st.keepWindowCheck(sel, "Status("+status+")", cw, &c, &timeline.Mismatch{
				Expected: fmt.Sprintf("pod %q showing STATUS %s within %s%s, its cause by then", name, status, d, w.Note()),
				Observed: fmt.Sprintf("STATUS %s at %s, after container %q %s at %s", status, timeline.FormatOffset(e.At-st.t0.At),
					c.Container, strings.ToLower(string(c.Kind)), timeline.FormatOffset(c.At-st.t0.At)),
			})
		}
		return st.keepWindowCheck(sel, "Status("+status+")", w, &e, nil)
	}
	var seen []string
	for _, e := range st.events() {
		if e.Pod == name && e.Kind == timeline.Status {
			seen = append(seen, fmt.Sprintf("%s at %s", e.Reason, timeline.FormatOffset(e.At-st.t0.At)))
		}
	}
	var later *timeline.Event
	if e, ok := timeline.First(st.events(), timeline.Beginning, sel); ok {
		later = &e
	}
	return st.keepWindowCheck(sel, "Status("+status+")", w, later, &timeline.Mismatch{
		Expected: fmt.Sprintf("pod %q showing STATUS %s within %s%s", name, status, d, w.Note()),
		Observed: "STATUS was " + strings.Join(seen, ", "),
	})
}

// Then the pod "web" shows ready "1/2"
func showsReady(ctx context.Context, name, ready string) error {
	var a, b int
	if _, err := fmt.Sscanf(ready, "%d/%d", &a, &b); err != nil || a > b {
		return inputErr("%q is not a READY value such as 1/2", ready)
	}
	return From(ctx).checkColumns(ctx, name, "showing READY "+ready, func(c printer.Columns) bool { return c.Ready == ready })
}

// Then the pod "web" shows 3 restarts: the RESTARTS count (without the
// "(5s ago)" that follows it).
func showsRestarts(ctx context.Context, name, n string) error {
	want, err := parseCount(n)
	if err != nil {
		return err
	}
	return From(ctx).checkColumns(ctx, name, fmt.Sprintf("showing %d restarts", want), func(c printer.Columns) bool {
		count, _, _ := strings.Cut(c.Restarts, " ")
		return count == fmt.Sprint(want)
	})
}

// Then container "app" of pod "web" is ready within 5s
func containerReadyWithin(ctx context.Context, cname, pname, d string) error {
	st := From(ctx)
	sel, err := st.Plan.containerEvent(cname, pname, timeline.Ready)
	if err != nil {
		return err
	}
	return st.expectBetween(ctx, sel, "0s", d)
}

// Then container "app" of pod "web" becomes ready at 2s
func containerReadyAt(ctx context.Context, cname, pname, at string) error {
	st := From(ctx)
	sel, err := st.Plan.containerEvent(cname, pname, timeline.Ready)
	if err != nil {
		return err
	}
	return st.expectAt(ctx, sel, at)
}

// Then container "app" of pod "web" is not ready: now.
func containerNotReady(ctx context.Context, cname, pname string) error {
	return containerReadyNow(ctx, cname, pname, false)
}

// Then container "app" of pod "web" is ready: now.
func containerIsReady(ctx context.Context, cname, pname string) error {
	return containerReadyNow(ctx, cname, pname, true)
}

// containerReadyNow checks the ready flag of the container's status at the
// current time.
func containerReadyNow(ctx context.Context, cname, pname string, ready bool) error {
	return checkContainer(ctx, cname, pname, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		if cs.Ready != ready {
			what := "ready"
			if !ready {
				what = "not ready"
			}
			return &timeline.Mismatch{Expected: fmt.Sprintf("container %q %s", cname, what), Observed: describePod(p)}
		}
		return nil
	})
}

// Then container "app" of pod "web" becomes not ready at 7s
func containerNotReadyAt(ctx context.Context, cname, pname, at string) error {
	st := From(ctx)
	sel, err := st.Plan.containerEvent(cname, pname, timeline.NotReady)
	if err != nil {
		return err
	}
	return st.expectAt(ctx, sel, at)
}
