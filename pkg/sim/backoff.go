package sim

import (
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/flowcontrol"
	"k8s.io/utils/clock"
)

// Back-off constants of pkg/kubelet/kubelet.go and
// pkg/kubelet/apis/config/v1beta1/defaults.go.
const (
	initialCrashLoopBackOff = 10 * time.Second
	maxContainerBackOff     = 300 * time.Second
	crashLoopResetAfter     = 600 * time.Second
	// backOffPeriod is the pod worker's requeue after a failed sync and the
	// image pull back-off's initial value.
	backOffPeriod   = 10 * time.Second
	maxImageBackOff = 300 * time.Second
	// resyncInterval caps the requeue delay (pod_workers.go completeWork).
	resyncInterval = time.Minute
	// workerBackOffPeriodJitterFactor: a requeue waits up to 50 % longer.
	workerBackOffPeriodJitterFactor = 0.5
	// workerResyncIntervalJitterFactor: so does a running pod's periodic
	// resync (pod_workers.go).
	workerResyncIntervalJitterFactor = 0.5
)

// virtualClock lets client-go's flowcontrol.Backoff, the back-off the
// kubelet itself uses, read the simulator's clock. Only Now and Since are
// used by Backoff; the waiting methods are never called and say so.
type virtualClock struct{ s *Simulator }

var _ clock.Clock = virtualClock{}

func (c virtualClock) Now() time.Time                  { return Epoch.Add(c.s.now) }
func (c virtualClock) Since(t time.Time) time.Duration { return c.Now().Sub(t) }
func (virtualClock) After(time.Duration) <-chan time.Time {
	panic("sim: flowcontrol.Backoff does not wait")
}
func (virtualClock) NewTimer(time.Duration) clock.Timer {
	panic("sim: flowcontrol.Backoff does not wait")
}
func (virtualClock) Sleep(time.Duration) { panic("sim: flowcontrol.Backoff does not wait") }
func (virtualClock) Tick(time.Duration) <-chan time.Time {
	panic("sim: flowcontrol.Backoff does not wait")
}

// newCrashLoopBackOff is the kubelet's container restart back-off
// (NewMainKubelet): 10 s doubling to 300 s, no jitter, reset when an exit
// comes more than 600 s after the last restart (HasExpiredFunc).
func newCrashLoopBackOff(s *Simulator) *flowcontrol.Backoff {
	b := flowcontrol.NewFakeBackOff(initialCrashLoopBackOff, maxContainerBackOff, virtualClock{s})
	b.HasExpiredFunc = func(eventTime, lastUpdate time.Time, _ time.Duration) bool {
		return eventTime.Sub(lastUpdate) > crashLoopResetAfter
	}
	return b
}

// newImageBackOff is the image manager's pull back-off (imageBackOff in
// NewMainKubelet): 10 s doubling to 300 s, client-go's default expiry
// (twice the maximum).
func newImageBackOff(s *Simulator) *flowcontrol.Backoff {
	return flowcontrol.NewFakeBackOff(backOffPeriod, maxImageBackOff, virtualClock{s})
}

// backoffKey is GetBackoffKey (pkg/kubelet/kuberuntime/helpers.go): the
// pod, the container, its image and its resources, so that changing the
// image or the resources starts the back-off afresh.
func backoffKey(p *corev1.Pod, c *corev1.Container) string {
	return fmt.Sprintf("%s_%s_%s_%s_%s_%s", p.Name, p.Namespace, p.UID, c.Name, c.Image, c.Resources.String())
}

// formatPod is format.Pod: name_namespace(uid).
func formatPod(p *corev1.Pod) string {
	return fmt.Sprintf("%s_%s(%s)", p.Name, p.Namespace, p.UID)
}

// jitter is wait.Jitter(d, maxFactor) on the seeded random source.
func (s *Simulator) jitter(d time.Duration, maxFactor float64) time.Duration {
	return d + time.Duration(s.rng.Float64()*maxFactor*float64(d))
}
