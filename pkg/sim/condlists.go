package sim

import (
	"slices"

	corev1 "k8s.io/api/core/v1"
)

// condLists shares lists of pod conditions between pods. A list is never
// modified once in a status, and the pods of a batch go through the same
// conditions in the same seconds: the list a pod moves to is often one
// another pod has just moved to. Each new list was a copy of 600 bytes,
// a sixth of what a large cluster allocated.
type condLists struct {
	slots [64][]corev1.PodCondition
}

// share returns a list equal to list (==, field by field: a condition's
// times with their locations), an earlier one when a slot holds it, else
// a copy, which takes the slot.
func (cl *condLists) share(list []corev1.PodCondition) []corev1.PodCondition {
	// The slot comes from what differs between pods' lists: the
	// statuses and times; the types come in the kubelet's order.
	h := uint64(len(list))
	for i := range list {
		c := &list[i]
		h = h*0x9E3779B97F4A7C15 + uint64(c.LastTransitionTime.Unix()) + uint64(len(c.Status))<<32 + uint64(len(c.Reason))<<40 + uint64(len(c.Type))<<48
	}
	slot := &cl.slots[(h^h>>29)%uint64(len(cl.slots))]
	if *slot != nil && slices.Equal(*slot, list) {
		return *slot
	}
	*slot = slices.Clone(list)
	return *slot
}
