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

// calibrate measures the pod-start latency: from the create call to the
// agent's first log line, in a namespace of its own. It also proves the
// agent image is on the nodes.
func (d *Driver) calibrate(ctx context.Context) (time.Duration, error) {
	s, err := d.newSession(ctx, driver.Scenario{ID: "calibrate"})
	if err != nil {
		return 0, err
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Minute)
		defer cancel()
		_ = s.Close(cctx)
	}()
	width := max(d.opt.Parallel, 1)
	var worst time.Duration
	var samples []string
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
				return 0, err
			}
		}
		lat, err := s.waitStarted(ctx, names, starts)
		if err != nil {
			return 0, err
		}
		zero := int64(0)
		for _, name := range names {
			_ = s.Delete(ctx, name, metav1.DeleteOptions{GracePeriodSeconds: &zero})
		}
		if round < 0 {
			continue
		}
		for _, l := range lat {
			worst = max(worst, l)
			samples = append(samples, l.Round(time.Millisecond).String())
		}
	}
	d.logf("pod-start latency (create to the agent's first line; %d pods at a time, after a warm-up pod): %v", width, samples)
	return worst, nil
}

func agentPod(name string) *corev1.Pod {
	zero := int64(0)
	return &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: corev1.PodSpec{
			TerminationGracePeriodSeconds: &zero,
			Containers:                    []corev1.Container{{Name: "app", Image: behavior.Image}},
		},
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
