package sim

import "time"

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
