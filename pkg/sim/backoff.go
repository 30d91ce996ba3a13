package sim

import (
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/flowcontrol"
)

// newCrashLoopBackOff is the kubelet's container restart back-off
// (NewMainKubelet): 10 s doubling to 300 s, no jitter, reset when an exit
// comes more than 600 s after the last restart (HasExpiredFunc).
func newCrashLoopBackOff(e *env) *flowcontrol.Backoff {
	b := flowcontrol.NewFakeBackOff(initialCrashLoopBackOff, maxContainerBackOff, virtualClock{e})
	b.HasExpiredFunc = func(eventTime, lastUpdate time.Time, _ time.Duration) bool {
		return eventTime.Sub(lastUpdate) > crashLoopResetAfter
	}
	return b
}

// newImageBackOff is the image manager's pull back-off (imageBackOff in
// NewMainKubelet): 10 s doubling to 300 s, client-go's default expiry
// (twice the maximum).
func newImageBackOff(e *env) *flowcontrol.Backoff {
	return flowcontrol.NewFakeBackOff(backOffPeriod, maxImageBackOff, virtualClock{e})
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
