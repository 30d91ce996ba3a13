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
	s, err := d.newSession(ctx, driver.Scenario{ID: "calibrate"}, skewedNode{name: d.info.Node, version: d.info.KubeletVersion})
	if err != nil {
		return cal, err
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Minute)
		defer cancel()
		_ = s.Close(cctx)
	}()
	width := max(d.opt.Parallel, 1)
	var samples, reactions, ends, tailText []string
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
		tails := s.noticeTails(names, deleted)
		for i := range lat {
			switch {
			case i >= len(tails):
			case tails[i] < 0:
				tailText = append(tailText, "?")
			default:
				cal.Tail = max(cal.Tail, tails[i])
				tailText = append(tailText, tails[i].Round(time.Millisecond).String())
			}
			cal.Start = max(cal.Start, lat[i])
			cal.React = max(cal.React, react[i])
			cal.Gone = max(cal.Gone, gone[i])
			cal.Chain = max(cal.Chain, gone[i]-react[i])
			samples = append(samples, lat[i].Round(time.Millisecond).String())
			reactions = append(reactions, react[i].Round(time.Millisecond).String())
			ends = append(ends, gone[i].Round(time.Millisecond).String())
		}
	}
	if rate, err := s.measureFill(ctx); err != nil {
		d.logf("measuring how fast memory fills here: %v (50 MB/s assumed)", err)
	} else {
		cal.Fill = rate
	}
	d.logf("latencies with %d pods at a time, after a warm-up pod: start (create to the agent's first line) %v; delete to SIGTERM %v; delete to the pod gone %v; the kubelet's terminated sync's relist to the pod gone %v; memory filled at %.0f MB/s", width, samples, reactions, ends, tailText, cal.Fill/1e6)
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
	// Tail: the start of the relist after which the kubelet ran the
	// pod's terminated sync (TerminatedSync: the relist that noticed the
	// agent's exit, in its log, or the one after) to the pod gone: its
	// sync, the terminal status and the final delete, with no relist left
	// in it. 0 when the kubelet's log could not be followed.
	Tail time.Duration `json:"tail,omitempty"`
	// Fill: how fast an agent filled fresh memory (bytes/s): an OOM
	// kill comes once a process has faulted in its limit.
	Fill float64 `json:"fill,omitempty"`
}

// fillProbe is the memory the calibration's agent fills.
const fillProbe = 64 << 20

// measureFill starts an agent that uses fillProbe bytes at once and
// measures, from its start line to its memory line, how fast memory
// fills on this node.
func (s *session) measureFill(ctx context.Context) (float64, error) {
	p := agentPod("fill")
	p.Spec.Containers[0].Args = []string{"--memory=64Mi"}
	if err := s.Apply(ctx, p); err != nil {
		return 0, err
	}
	var took time.Duration
	done := func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		t := s.pods["fill"]
		if t == nil || t.ctrs["app"] == nil {
			return false
		}
		for _, in := range t.ctrs["app"].insts {
			if in.memoryLines > 0 && !in.startedAt.IsZero() {
				took = in.memoryAt.Sub(in.startedAt)
				return true
			}
		}
		return false
	}
	if _, ok, err := s.RunUntil(ctx, s.Now()+time.Minute, func(driver.View) bool { return done() }); err != nil || !ok {
		return 0, fmt.Errorf("its memory line did not come within a minute (%v)", err)
	}
	_ = s.Delete(ctx, "fill", metav1.DeleteOptions{})
	if took <= 0 {
		took = time.Millisecond
	}
	return float64(fillProbe) / took.Seconds(), nil
}

// The bounds the steps check and widen live expectations by, from the
// calibration (docs/language.md, "live windows"). The kubelet's reaction to an
// action is checked against twice its worst calibrated latency plus a
// second: room for a busier moment than the calibration's, never taken
// from the scenario's own observations. What the API shows (a phase, a
// condition, the pod gone) may come as late as the worst calibrated chain
// from a process's exit to the pod gone, plus a second for a relist that
// fell the other way, plus that chain's work (its tail) again for a busier
// moment (apiLate).
func (c Calibration) reactionBound(a driver.Action) time.Duration {
	if a == driver.ActionCreate {
		return 2*c.Start + time.Second
	}
	return 2*c.React + time.Second
}

// apiLate bounds how late the API shows what the kubelet did: the worst
// calibrated chain, a second for a relist that fell the other way, and
// the chain's work again. The calibration's pods run before the
// scenarios, at the run's quietest;
// the chain's work (the terminated sync, the terminal status, the final
// delete: the tail, with no relist in it) comes once more for a busier
// moment, as noticeLate doubles it. A ReplicaSet's evicted pod went
// 2.26 s after its kill at the end of its grace on CI's machine under
// load (chain 1.21 s calibrated, stop 56, 2026-12-02), 47 ms past the
// chain and its second.
//
// Without a tail (the kubelet's log not followed, or a calibration pod's
// notice not seen in it, as under a loaded start: 2026-12-02 15:16, load
// 105), the work counts as one kubelet step (hop).
func (c Calibration) apiLate() time.Duration {
	work := c.Tail
	if work <= 0 {
		work = hop
	}
	return c.Chain + time.Second + work
}

// noticeLate bounds what the API shows after the kubelet noticed an exit
// (a terminal phase, the pod gone, a back-off Event): twice the worst
// calibrated tail, and a quarter second for a busier moment; not known
// without a calibrated tail.
func (c Calibration) noticeLate() (time.Duration, bool) {
	if c.Tail <= 0 {
		return 0, false
	}
	return 2*c.Tail + 250*time.Millisecond, true
}

// noticeTails: for each calibration pod, from the start of the relist
// after which the kubelet ran its terminated sync (TerminatedSync: the
// notice of its agent's exit, or the relist after it) to the pod gone;
// nil when a notice was not seen, -1 for a pod where either relist could
// have been the one and the pod went after both.
func (s *session) noticeTails(names []string, from []time.Duration) []time.Duration {
	if s.d.notices == nil {
		return nil
	}
	var out []time.Duration
	s.mu.Lock()
	events := s.rec.snapshot(-1)
	s.mu.Unlock()
	for i, name := range names {
		exit, ok1 := timeline.First(events, timeline.Mark{At: from[i]}, timeline.Selector{Pod: name, Container: "app", Kind: timeline.Exited})
		gone, ok2 := timeline.First(events, timeline.Mark{At: from[i]}, timeline.Selector{Pod: name, Kind: timeline.Deleted})
		if !ok1 || !ok2 {
			return nil
		}
		n, ok := s.win.Noticed(exit)
		if !ok {
			return nil
		}
		lo, hi, ok := s.win.TerminatedSync(exit, n, gone.At)
		switch {
		case !ok:
			return nil
		case lo == hi || gone.At < hi:
			// One relist, or gone before the later one started.
			out = append(out, max(0, gone.At-lo))
		default:
			out = append(out, -1)
		}
	}
	return out
}

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
