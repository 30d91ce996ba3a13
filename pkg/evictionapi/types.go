package evictionapi

import (
	"strconv"
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
)

// Signal is an eviction signal: what the eviction manager observes on a
// node (pkg/kubelet/eviction/api/types.go, Signal).
type Signal string

// The kubelet's signals (pkg/kubelet/eviction/api/types.go). Every one is
// compared with the operator LessThan (OpForSignal), which is why a
// Threshold has no operator.
const (
	// SignalMemoryAvailable is capacity − the node's working set.
	SignalMemoryAvailable Signal = "memory.available"
	// SignalAllocatableMemoryAvailable is allocatable − the pods' working
	// set. The kubelet adds it for every hard memory.available threshold
	// (helpers.go, addAllocatableThresholds).
	SignalAllocatableMemoryAvailable Signal = "allocatableMemory.available"
	// SignalNodeFsAvailable is what is free on the kubelet's filesystem.
	SignalNodeFsAvailable Signal = "nodefs.available"
	// SignalNodeFsInodesFree is the inodes free on the kubelet's filesystem.
	SignalNodeFsInodesFree Signal = "nodefs.inodesFree"
	// SignalImageFsAvailable is what is free on the runtime's image
	// filesystem.
	SignalImageFsAvailable Signal = "imagefs.available"
	// SignalImageFsInodesFree is the inodes free on the image filesystem.
	SignalImageFsInodesFree Signal = "imagefs.inodesFree"
	// SignalContainerFsAvailable is what is free on the containers'
	// writable layers' filesystem; the kubelet overrides its thresholds
	// with nodefs' or imagefs' (helpers.go, UpdateContainerFsThresholds).
	SignalContainerFsAvailable Signal = "containerfs.available"
	// SignalContainerFsInodesFree is the inodes free there.
	SignalContainerFsInodesFree Signal = "containerfs.inodesFree"
	// SignalPIDAvailable is the process ids left for pods.
	SignalPIDAvailable Signal = "pid.available"
)

// signals are the kubelet's signals, in the order the steps offer them.
var signals = []Signal{
	SignalMemoryAvailable, SignalAllocatableMemoryAvailable,
	SignalNodeFsAvailable, SignalNodeFsInodesFree,
	SignalImageFsAvailable, SignalImageFsInodesFree,
	SignalContainerFsAvailable, SignalContainerFsInodesFree,
	SignalPIDAvailable,
}

// Signals returns the kubelet's signals, in the order the steps offer them
// as slot values (memory.available first).
func Signals() []Signal { return append([]Signal(nil), signals...) }

// Valid reports whether s is one of the kubelet's signals (helpers.go,
// validSignal: a signal with a resource in signalToResource, which are
// all of them).
func (s Signal) Valid() bool {
	for _, x := range signals {
		if s == x {
			return true
		}
	}
	return false
}

// Value is a threshold's value: a quantity, or a percentage of the
// capacity (pkg/kubelet/eviction/api/types.go, ThresholdValue). The fields
// are exclusive: Quantity when it is set, Percentage otherwise.
type Value struct {
	// Quantity is an absolute amount: bytes, inodes or process ids.
	Quantity *resource.Quantity
	// Percentage is a fraction of the capacity, 0.1 for 10%, in float32
	// as the kubelet keeps it.
	Percentage float32
}

// QuantityOf is the Value of a quantity.
func QuantityOf(q resource.Quantity) Value { return Value{Quantity: &q} }

// IsPercentage reports whether v is a percentage of the capacity.
func (v Value) IsPercentage() bool { return v.Quantity == nil }

// QuantityFor is the value against a capacity: the quantity, or the
// percentage of the capacity truncated to whole units, with the kubelet's
// float32 fraction (pkg/kubelet/eviction/api/types.go,
// GetThresholdQuantity). The capacity is in the signal's unit (bytes,
// inodes, process ids).
func (v Value) QuantityFor(capacity int64) resource.Quantity {
	if v.Quantity != nil {
		return v.Quantity.DeepCopy()
	}
	return *resource.NewQuantity(int64(float64(capacity)*float64(v.Percentage)), resource.BinarySI)
}

// String renders the value as a KubeletConfiguration writes it: the
// quantity in its canonical form ("500Mi"), or the percentage in the
// fewest digits that the kubelet parses back to the same float32 ("10%",
// "10.5%"). A percentage of exactly 0 or 1 renders as "0.0%" or "100.0%":
// the kubelet ignores the statements "0%" and "100%" (helpers.go,
// parseThresholdStatement) and would drop the threshold.
func (v Value) String() string {
	if v.Quantity != nil {
		return v.Quantity.String()
	}
	switch v.Percentage {
	case 0:
		return "0.0%"
	case 1:
		return "100.0%"
	}
	pct := float64(v.Percentage) * 100
	for prec := 0; prec <= 9; prec++ {
		s := strconv.FormatFloat(pct, 'f', prec, 64)
		if back, err := parsePercentage(s + "%"); err == nil && back == v.Percentage {
			return s + "%"
		}
	}
	return strconv.FormatFloat(pct, 'g', -1, 64) + "%"
}

// Threshold is one eviction threshold (pkg/kubelet/eviction/api/types.go,
// Threshold; the operator is LessThan for every signal): the signal is
// met when what is available falls below the value. A threshold with no
// grace period is hard: it evicts at once (helpers.go,
// isHardEvictionThreshold); a soft one only once it has been met for its
// grace period.
type Threshold struct {
	Signal Signal
	Value  Value
	// GracePeriod is the soft threshold's evictionSoftGracePeriod; 0 for
	// a hard one.
	GracePeriod time.Duration
	// MinReclaim, when set, is what an eviction must free beyond the
	// threshold (evictionMinimumReclaim).
	MinReclaim *Value
}

// IsHard reports whether the threshold evicts at once: it has no grace
// period (helpers.go, isHardEvictionThreshold).
func (t Threshold) IsHard() bool { return t.GracePeriod == 0 }

// String is the threshold as a statement of the kubelet's flags,
// "memory.available<500Mi" (the grace period and minimum reclaim are
// flags of their own).
func (t Threshold) String() string { return string(t.Signal) + "<" + t.Value.String() }

// Lookup returns the threshold of ts on signal s, if there is one.
func Lookup(ts []Threshold, s Signal) (Threshold, bool) {
	for _, t := range ts {
		if t.Signal == s {
			return t, true
		}
	}
	return Threshold{}, false
}
