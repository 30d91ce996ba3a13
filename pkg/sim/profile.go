package sim

import (
	"fmt"

	"github.com/podlife/podlife/pkg/kubelet/releases"
	"github.com/podlife/podlife/pkg/printer"
)

// DefaultKubeletVersion is the kubelet the simulator models unless a
// scenario asks for another (pkg/kubelet/releases).
const DefaultKubeletVersion = releases.Default

// Profile holds the behaviours that changed between releases, one switch
// per change lifecycle-facts.md records, each named after what it turns
// on. The simulated cluster (API server, scheduler, kubelets) is of one
// version, as a kind cluster is.
type Profile struct {
	Version string
	Minor   int
	// OverrideFirst: killContainer applies the grace override before the
	// preStop hook and the 2 s floor last (1.28+, PR #115835). Before, the
	// preStop ran on the base grace and the override replaced the result
	// after the floor.
	OverrideFirst bool
	// Sidecars: init containers with restartPolicy Always
	// (SidecarContainers: alpha and off in 1.28, beta and on from 1.29;
	// the field does not exist before 1.28). Without it the API server
	// drops the field (dropDisabledFields in pkg/api/pod/util.go, v1.28;
	// an unknown field before): a sidecar is a regular init container.
	// Profiles are the default configuration: 1.28's alpha, turned on,
	// is not modelled (seen on v1.28.15, 2026-11-26).
	Sidecars bool
	// SidecarOrdering: sidecars stop after the main containers, in reverse
	// order (kuberuntime_termination_order.go exists from 1.29). 1.28's
	// alpha, when turned on, killed them together with the main
	// containers; by default 1.28 has no sidecars at all.
	SidecarOrdering bool
	// ZeroOverrideCounts: calculateEffectiveGracePeriod's `overridden`
	// flag (1.31+, PR #124063): an override of 0 (force delete) is not
	// "unset" and is clamped to 1; before, the spec's grace won.
	ZeroOverrideCounts bool
	// TerminatingOnlyIfNotTerminal: the printer shows Terminating only
	// while the phase is not terminal (1.31+).
	TerminatingOnlyIfNotTerminal bool
	// CompletedShowsError: the printer turns "Completed" into a terminated
	// container's error reason when some container failed (1.35+).
	CompletedShowsError bool
	// ClampDeletionDeadline: a shortened deletion deadline is never in the
	// past (1.33+, PR #122646).
	ClampDeletionDeadline bool
	// PendingSidecarNeedsUninitialized: a not-yet-started sidecar keeps
	// the pod Pending only while no regular container exists in the
	// runtime (getPhase's podHasInitialized, 1.33+); up to 1.32, while no
	// regular container's status is running or terminated, so one
	// waiting in back-off sent the pod back to Pending (v1.32.9 against
	// v1.33.13).
	PendingSidecarNeedsUninitialized bool
	// ReadyToStartContainers: the PodReadyToStartContainers condition
	// (beta and on from 1.29).
	ReadyToStartContainers bool
	// RequeueAtBackoffExpiry: a sync that failed on a crash-loop back-off
	// is requeued at the back-off's expiry (1.35+, PR #133066, "Propagate
	// backoff duration for crashloop backoff"); before, after the pod
	// worker's backOffPeriod (10 s) whatever the back-off, so a long wait
	// shows CrashLoopBackOff from the first requeue on.
	RequeueAtBackoffExpiry bool
	// DynamicResources: the scheduler's DynamicResources plugin is in the
	// default profile (DynamicResourceAllocation GA, on from 1.34): its
	// PostFilter runs before DefaultPreemption and, for a pod without
	// resource claims, adds "no new claims to deallocate" to the
	// FailedScheduling message (dynamicresources.go PostFilter; seen on
	// v1.36.3, 2026-11-25).
	DynamicResources bool
	// UnresolvableOverAllocatable: NodeResourcesFit fails a node whose
	// whole allocatable is below the pod's request of a resource as
	// UnschedulableAndUnresolvable, so preemption leaves it out ("Preemption
	// is not helpful for scheduling"): noderesources/fit.go fitsRequest,
	// InsufficientResource.Unresolvable, in v1.34.4 and later, not in
	// v1.33.13, where such a node was Unschedulable and preemption tried
	// it ("No preemption victims found for incoming pod"). Seen on kind
	// v1.36.3, 2026-11-29: a pod requesting 3 CPU on 2-CPU nodes.
	UnresolvableOverAllocatable bool
	// ContainerRestartRules: a container's own restartPolicy (and its
	// rules) on regular and init containers (1.35+: alpha and off in
	// 1.34, beta and on in 1.35, KEP-5307); before, the API server drops
	// them (dropContainerRestartRules) and the pod's policy decides.
	ContainerRestartRules bool
	// ProbesOnSyncContext: the probe workers run on the context of the
	// pod sync that added them (prober_manager.go AddPod(ctx, pod), 1.35+,
	// PR #130487), which the pod worker cancels when the pod begins
	// terminating (pod_workers.go UpdatePod, "Cancelling current pod
	// sync"): from then on every exec probe errors ("context canceled"),
	// its result is thrown away, and a container keeps the readiness it
	// had (seen on v1.36.3, 2026-11-26; kubernetes #140881). Before 1.35
	// the workers ran on context.Background() and readiness kept probing.
	ProbesOnSyncContext bool
	// PodLevelResources: spec.resources, a pod's own requests and limits
	// (PodLevelResources: alpha and off in 1.32 and 1.33, beta and on from
	// 1.34; no field before 1.32). Without it the API server drops the
	// field (dropDisabledPodLevelResources in pkg/api/pod/util.go), a
	// kubelet counts only its containers' requests (PodRequests with
	// SkipPodLevelResources), and a preemption victim frees its
	// containers' requests (GetResourceRequestQuantity before PR #132277,
	// 1.34).
	PodLevelResources bool
	// HashNameAndImage: the container hash the runtime keeps with each
	// container (the io.kubernetes.container.hash annotation) covers the
	// container's name and image only (HashContainer with
	// pickFieldsToHash, pkg/kubelet/container/helpers.go, 1.31+, PR
	// #124220); before, its whole serialized spec, empty fields omitted
	// (PR #57741). A kubelet upgraded across the change finds every
	// running container's hash changed (definitionChanged, runtime_sync.go).
	HashNameAndImage bool
	// InPlacePodVerticalScaling: a running pod's containers' cpu and
	// memory are resized in place through the pod's resize subresource
	// (the gate beta and on from 1.33, GA in 1.35, the subresource since
	// 1.33: pkg/registry/core/pod/storage/storage.go ResizeREST); the
	// kubelet allocates the resize, actuates it and reports each running
	// container's resources in its status (resize.go).
	InPlacePodVerticalScaling bool
	// ResizeAdmission: the API server's PodResizeValidator admission
	// plugin, on by default from 1.36 (plugin/pkg/admission/podresize,
	// pkg/kubeapiserver/options/plugins.go; absent from 1.35.4): a
	// resize of a bound pod whose requests exceed its node's
	// allocatable is refused, Forbidden, before the kubelet sees it.
	ResizeAdmission bool
	// ContainerEventsUnnamed: the Created and Started events say
	// "Container created" and "Container started" (1.35+:
	// kuberuntime_container.go startContainer, v1.35.4 and v1.36.3);
	// before, "Created container: app" and "Started container app"
	// (v1.33.13, v1.34.4). Seen on kind v1.36.3, 2026-12-03: a scenario's
	// `with message starting "Started container app"` passed on the
	// simulator and failed there.
	ContainerEventsUnnamed bool
}

// profileFor builds the profile of minor version m from the release each
// change shipped in.
func profileFor(m int) Profile {
	return Profile{
		Version:                          fmt.Sprintf("1.%d", m),
		Minor:                            m,
		OverrideFirst:                    m >= 28,
		Sidecars:                         m >= 29,
		SidecarOrdering:                  m >= 29,
		ZeroOverrideCounts:               m >= 31,
		TerminatingOnlyIfNotTerminal:     printer.ForMinor(m).TerminatingOnlyIfNotTerminal,
		CompletedShowsError:              printer.ForMinor(m).CompletedShowsError,
		ClampDeletionDeadline:            m >= 33,
		PendingSidecarNeedsUninitialized: m >= 33,
		ReadyToStartContainers:           m >= 29,
		RequeueAtBackoffExpiry:           m >= 35,
		DynamicResources:                 m >= 34,
		UnresolvableOverAllocatable:      m >= 34,
		ContainerRestartRules:            m >= 35,
		ProbesOnSyncContext:              m >= 35,
		PodLevelResources:                m >= 34,
		HashNameAndImage:                 m >= 31,
		InPlacePodVerticalScaling:        m >= 33,
		ResizeAdmission:                  m >= 36,
		ContainerEventsUnnamed:           m >= 35,
	}
}

// KubeletVersions lists the modelled kubelet versions, oldest first
// (pkg/kubelet/releases).
func KubeletVersions() []string { return releases.Modelled() }

// ProfileFor returns the profile of a kubelet version ("1.36", "v1.36.3"
// and "1.36.0" all name 1.36); the empty string is the default.
func ProfileFor(version string) (Profile, error) {
	m, err := releases.Minor(version)
	if err != nil {
		return Profile{}, err
	}
	return profileFor(m), nil
}
