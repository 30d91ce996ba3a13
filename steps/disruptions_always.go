package steps

import (
	"context"
	"fmt"
	"strings"

	"github.com/podlife/podlife/pkg/timeline"
)

// Then at least 2 pods of replica set "web" are Ready at all times: from
// t=0 to the end of the scenario's activity, never fewer Ready pods of the
// replica set (Ready and not being deleted, as `N pods … are Ready`
// counts them). It runs as `never …` does (docs/language.md, Time), and
// leaves the current time where it was.
//
// The count is read off the pods' timeline, the same on both drivers:
// each pod's Condition(Ready=…), DeleteRequested and Deleted events, in
// their order. So a dip is seen however short: on the simulator one the
// API showed within an instant (a container restarted at once is
// NotReady, then Ready, in the same instant), as a watch sees it; on a
// cluster every version of a pod the watch delivered, in the API's order.
type rsReadyAlways struct {
	least Count
	rs    string
}

func (s rsReadyAlways) Declare(pl *Plan) error {
	_, err := pl.replicaSet(s.rs)
	return err
}

func (s rsReadyAlways) Run(ctx context.Context, st *State) error {
	d, err := readyDisruptions(ctx, st)
	if err != nil {
		return err
	}
	if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	_, created, _ := d.ReplicaSetPods(s.rs)
	c := readyCount{least: int(s.least), pods: map[string]*deployPod{}}
	for _, n := range created {
		c.pods[n] = &deployPod{}
		c.order = append(c.order, n)
	}
	t0 := st.clock.t0
	checked := false
	for _, e := range st.clk().events() {
		if !checked && t0.Precedes(e) {
			// The pods as they stood at t=0.
			checked = true
			if err := c.check(s, "at 0s (before its events)", nil); err != nil {
				return err
			}
		}
		if !c.apply(e) || !t0.Precedes(e) {
			continue
		}
		if err := c.check(s, "at "+timeline.FormatOffset(e.At-t0.At)+" ("+e.Pod+" "+e.Label()+")", &e); err != nil {
			return err
		}
	}
	if !checked {
		return c.check(s, "at 0s", nil)
	}
	return nil
}

// readyCount follows the Ready pods of a replica set along its timeline
// (a pod's state as workloads_always.go follows it).
type readyCount struct {
	least int
	pods  map[string]*deployPod
	order []string
}

// apply takes one event in; it tells whether it changed a pod's state.
func (c *readyCount) apply(e timeline.Event) bool {
	p := c.pods[e.Pod]
	if p == nil || e.Container != "" {
		return false
	}
	return p.apply(e)
}

func (c *readyCount) ready() int {
	n := 0
	for _, p := range c.pods {
		if p.ready && !p.deleting && !p.gone {
			n++
		}
	}
	return n
}

// check fails when fewer than least pods are Ready: what the pods were
// then, and when.
func (c *readyCount) check(s rsReadyAlways, when string, e *timeline.Event) error {
	n := c.ready()
	if n >= c.least {
		return nil
	}
	return &timeline.Verdict{Kind: timeline.Unexpected, Event: e,
		Expected: fmt.Sprintf("at least %s of replica set %q Ready at all times from t=0", times(c.least, "pod"), s.rs),
		Observed: fmt.Sprintf("%s: %d Ready: %s", when, n, describeStates(c.order, c.pods))}
}

// describeStates says what each pod of order was, those of which nothing
// was seen yet and those gone left out.
func describeStates(order []string, pods map[string]*deployPod) string {
	var parts []string
	for _, name := range order {
		p := pods[name]
		switch {
		case !p.seen || p.gone:
			continue
		case p.deleting:
			parts = append(parts, name+" terminating")
		case p.terminal:
			parts = append(parts, name+" terminal")
		case p.ready:
			parts = append(parts, name+" Ready")
		default:
			parts = append(parts, name+" not Ready")
		}
	}
	if len(parts) == 0 {
		return "no pods"
	}
	return strings.Join(parts, "; ")
}
