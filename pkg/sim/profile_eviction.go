package sim

// The switches of a kubelet profile about eviction, criticality and
// disruption conditions. They are derived
// from the profile's minor version, so that every profile entry, whoever
// adds it, gets them; only the 1.10 profile (seed 002) was added for them.
// Each names the change it models (lifecycle-facts.md §9).

// criticalPodAnnotationGate is the 1.10 kubelet run with the alpha gate
// ExperimentalCriticalPodAnnotation on, as seed 002 describes: a pod is
// critical only in kube-system, with the annotation
// scheduler.alpha.kubernetes.io/critical-pod (PodPriority was alpha and
// off, so priority does not count); the eviction manager admits critical
// pods whatever the node conditions and spares only pods that are critical
// and static (v1.10.13 pkg/kubelet/types/pod_update.go IsCriticalPod,
// IsCritical; pkg/kubelet/eviction/eviction_manager.go Admit, synchronize,
// evictPod). From 1.16 on, criticality is static, mirror or priority ≥
// 2000000000 and every critical pod is spared.
func (p Profile) criticalPodAnnotationGate() bool { return p.Minor <= 15 }

// disruptionConditions: the kubelet and the controllers add the
// DisruptionTarget condition (PodDisruptionConditions, beta and on from
// 1.26, GA in 1.31; pkg/features/kube_features.go).
func (p Profile) disruptionConditions() bool { return p.Minor >= 26 }

// hardEvictionOverride is the grace override of a hard eviction:
// immediateEvictionGracePeriodSeconds = 1 since 1.31 (PR #124063); 0 before,
// which the pod worker of that time took as unset, so that the spec's
// terminationGracePeriodSeconds applied (§1.2, issue #115819).
func (p Profile) hardEvictionOverride() int64 {
	if p.Minor >= 31 {
		return 1
	}
	return 0
}

// softEvictionCapsToSpec: a soft eviction's override is
// min(evictionMaxPodGracePeriod, spec.terminationGracePeriodSeconds) from
// 1.32 (with AllowOverwriteTerminationGracePeriodSeconds off, its default;
// the gate is gone in 1.35); up to 1.31 it is evictionMaxPodGracePeriod
// alone (eviction_manager.go synchronize).
func (p Profile) softEvictionCapsToSpec() bool { return p.Minor >= 32 }

// detailedEvictionMessage: the pressure eviction message names the
// threshold, the available quantity and the offending containers
// (helpers.go evictionMessage); 1.10 says only "The node was low on
// resource: memory." (v1.10.13 helpers.go, message).
func (p Profile) detailedEvictionMessage() bool { return p.Minor > 10 }

// admitOnlyMemoryPressure: 1.36 admits a non-BestEffort pod (or a
// BestEffort pod tolerating the memory-pressure taint) only when
// MemoryPressure is the node's only condition; 1.10 admits any
// non-BestEffort pod whenever MemoryPressure is among the conditions and
// knows no toleration exception (eviction_manager.go Admit in both).
func (p Profile) admitOnlyMemoryPressure() bool { return p.Minor > 10 }
