package live

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// calibrationRounds is how many rounds of agent pods measure the
// pod-start latency, after one pod that warms the node up. A round starts
// as many pods at once as scenarios will run at once; the slowest start
// of all rounds counts.
const calibrationRounds = 2

// calibrate measures the cluster's latency: the pod-start latency (from the
// create call to the agent's first log line) and the time from a delete
// call to the pod gone from the API for an agent that exits at once on
// SIGTERM (the kubelet's reaction to the delete, then PLEG's relist, the
// terminal phase and the status manager's final delete: the simulator
// has all of it at one instant), the worse of the two, in a namespace of
// its own. It also proves the agent image is on the nodes.
func (d *Driver) calibrate(ctx context.Context) (Calibration, error) {
	var cal Calibration
	s, err := d.newSession(ctx, driver.Scenario{ID: "calibrate"})
	if err != nil {
		return cal, err
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Minute)
		defer cancel()
		_ = s.Close(cctx)
	}()
	width := max(d.opt.Parallel, 1)
	var samples, reactions, ends []string
	n := 0
	for round := -1; round < calibrationRounds; round++ {
		pods := width
		if round < 0 {
			pods = 1 // the warm-up
		}
		var names []string
		var starts []time.Duration
		for i := 0; i < pods; i++ {
			n++
			name := fmt.Sprintf("start-%d", n)
			names = append(names, name)
			starts = append(starts, s.Now())
			if err := s.Apply(ctx, agentPod(name)); err != nil {
				return cal, err
			}
		}
		lat, err := s.waitStarted(ctx, names, starts)
		if err != nil {
			return cal, err
		}
		// The kubelet's reaction to a delete: from the request to the
		// agent's SIGTERM line.
		var deleted []time.Duration
		for _, name := range names {
			deleted = append(deleted, s.Now())
			if err := s.Delete(ctx, name, metav1.DeleteOptions{}); err != nil {
				return cal, err
			}
		}
		react, err := s.waitFor(ctx, names, deleted, "app", timeline.SIGTERM)
		if err != nil {
			return cal, err
		}
		gone, err := s.waitFor(ctx, names, deleted, "", timeline.Deleted)
		if err != nil {
			return cal, err
		}
		if round < 0 {
			continue
		}
		for i := range lat {
			cal.Start = max(cal.Start, lat[i])
			cal.React = max(cal.React, react[i])
			cal.Gone = max(cal.Gone, gone[i])
			cal.Chain = max(cal.Chain, gone[i]-react[i])
			samples = append(samples, lat[i].Round(time.Millisecond).String())
			reactions = append(reactions, react[i].Round(time.Millisecond).String())
			ends = append(ends, gone[i].Round(time.Millisecond).String())
		}
	}
	d.logf("latencies with %d pods at a time, after a warm-up pod: start (create to the agent's first line) %v; delete to SIGTERM %v; delete to the pod gone %v", width, samples, reactions, ends)
	return cal, nil
}

// Calibration is the worst of each latency measured on the calibration
// pods when a run starts. A run's processes share the first one's.
type Calibration struct {
	// Start: create call to the agent's first line; React: delete call
	// to the agent's SIGTERM; Gone: delete call to the pod gone from the
	// API; Chain: SIGTERM (an agent that exits at once) to the pod gone:
	// the PLEG relist, the terminal status and the final delete.
	Start time.Duration `json:"start"`
	React time.Duration `json:"react"`
	Gone  time.Duration `json:"gone"`
	Chain time.Duration `json:"chain"`
}

// The bounds the steps check and widen live expectations by, from the
// calibration (docs/language.md, "live windows"). The kubelet's reaction to an
// action is checked against twice its worst calibrated latency plus a
// second: room for a busier moment than the calibration's, never taken
// from the scenario's own observations. What the API shows (a phase, a
// condition, the pod gone) may come as late as the worst calibrated chain
// from a process's exit to the pod gone, plus a second for a relist that
// fell the other way.
func (c Calibration) reactionBound(a driver.Action) time.Duration {
	if a == driver.ActionCreate {
		return 2*c.Start + time.Second
	}
	return 2*c.React + time.Second
}

func (c Calibration) apiLate() time.Duration { return c.Chain + time.Second }

// waitFor waits for an event of each pod (of its container, or of the pod
// itself when container is "") and returns each one's time from from[i].
func (s *session) waitFor(ctx context.Context, names []string, from []time.Duration, container string, kind timeline.Kind) ([]time.Duration, error) {
	find := func(v driver.View, i int) (time.Duration, bool) {
		e, ok := timeline.First(v.Timeline(), timeline.Mark{At: from[i]}, timeline.Selector{Pod: names[i], Container: container, Kind: kind})
		return e.At - from[i], ok
	}
	_, ok, err := s.RunUntil(ctx, s.Now()+time.Minute, func(v driver.View) bool {
		for i := range names {
			if _, ok := find(v, i); !ok {
				return false
			}
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("no %s within a minute of the delete", kind)
	}
	v := s.View()
	out := make([]time.Duration, len(names))
	for i := range names {
		out[i], _ = find(v, i)
	}
	return out, nil
}

// agentPod is a pod of one agent that exits at once on SIGTERM.
func agentPod(name string) *corev1.Pod {
	return &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}},
	}
}

// waitStarted waits for the agents of the pods to start and returns each
// one's latency from its create call.
func (s *session) waitStarted(ctx context.Context, names []string, created []time.Duration) ([]time.Duration, error) {
	var stuck string
	started := func(v driver.View, i int) (time.Duration, bool) {
		e, ok := timeline.First(v.Timeline(), timeline.Mark{At: created[i]}, timeline.Selector{Pod: names[i], Container: "app", Kind: timeline.Started})
		return e.At - created[i], ok
	}
	_, ok, err := s.RunUntil(ctx, s.Now()+2*time.Minute, func(v driver.View) bool {
		all := true
		for i, name := range names {
			if _, ok := started(v, i); ok {
				continue
			}
			all = false
			if p := v.Pod(name); p != nil {
				for _, cs := range p.Status.ContainerStatuses {
					if w := cs.State.Waiting; w != nil && (w.Reason == "ErrImagePull" || w.Reason == "ImagePullBackOff" || w.Reason == "ErrImageNeverPull" || w.Reason == "InvalidImageName") {
						stuck = fmt.Sprintf("%s: %s", w.Reason, w.Message)
						return true
					}
				}
			}
		}
		return all
	})
	if err != nil {
		return nil, err
	}
	if stuck != "" {
		return nil, fmt.Errorf("the agent image %s is not on the cluster's nodes (%s); make test-live loads it into the clusters it creates", behavior.Image, stuck)
	}
	if !ok {
		return nil, fmt.Errorf("agent pods did not start within 2 minutes")
	}
	v := s.View()
	out := make([]time.Duration, len(names))
	for i := range names {
		out[i], _ = started(v, i)
	}
	return out, nil
}
