// Package periods is the kubelet's periods and timings the simulator
// (pkg/sim) runs on and the live driver (pkg/driver/live) allows for.
//
// Each is declared once, with the Kubernetes source it comes from
// (v1.36.3), so that the two backends cannot drift apart: the simulator
// schedules its loops by them; the live driver widens a window by them
// where the real kubelet's loop has a phase podlife cannot observe. What
// the live driver measured on its machines (a runtime's hop, a watch's
// delivery) is not the kubelet's and stays in that driver.
//
// The package imports only the standard library (internal/designrules),
// so every layer may use it.
package periods

import "time"

const (
	// PLEGRelist is how often the generic PLEG relists the runtime to
	// notice a container's start or exit (pkg/kubelet/kubelet.go,
	// genericPlegRelistPeriod), counted from the end of the relist before
	// (pkg/kubelet/pleg/generic.go Start, wait.Until). The simulator
	// notices in the instant; the live driver allows for it.
	PLEGRelist = time.Second

	// SyncLoopTick is the sync loop's ticker, at which the kubelet syncs
	// the pod workers that are due (pkg/kubelet/kubelet.go syncLoop,
	// syncTicker := time.NewTicker(time.Second)); an active deadline is
	// checked at it (pkg/kubelet/active_deadline.go ShouldSync).
	SyncLoopTick = time.Second

	// Housekeeping is the period of the kubelet's global cleanup
	// (pkg/kubelet/kubelet.go, housekeepingPeriod; syncLoopIteration
	// calls HandlePodCleanups on it).
	Housekeeping = 2 * time.Second

	// EvictionMonitoring is the eviction manager's loop: it looks at the
	// node's signals this often (pkg/kubelet/kubelet.go,
	// evictionMonitoringPeriod; pkg/kubelet/eviction/eviction_manager.go
	// Start).
	EvictionMonitoring = 10 * time.Second

	// StatusSync is the status manager's batch period: every pod's status
	// is synced to the API server at least this often
	// (pkg/kubelet/status/status_manager.go, syncPeriod).
	StatusSync = 10 * time.Second

	// NodeStatusUpdate is how often the kubelet posts its node's status,
	// the pressure conditions included (pkg/kubelet/apis/config/v1beta1/
	// defaults.go SetDefaults_KubeletConfiguration,
	// NodeStatusUpdateFrequency).
	NodeStatusUpdate = 10 * time.Second

	// ProbePeriodSeconds is a probe's periodSeconds when the pod leaves
	// it out: the API server's default, at which the kubelet's probe
	// worker ticks (pkg/apis/core/v1/defaults.go SetDefaults_Probe). In
	// seconds, as the field is; untyped, so it is an int32 where the field
	// is one.
	ProbePeriodSeconds = 10
)
