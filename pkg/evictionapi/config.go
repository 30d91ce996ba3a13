package evictionapi

import (
	"fmt"
	"math"
	"sort"
	"time"
)

// Config is the eviction part of the KubeletConfiguration, under its field
// names, typed (pkg/kubelet/apis/config/types.go, KubeletConfiguration).
// The zero Config is the kubelet's defaults.
type Config struct {
	// Hard is evictionHard, thresholds without grace period. Nil keeps
	// the kubelet's defaults (DefaultHard); set, even empty, it replaces
	// them all (MergeDefaultEvictionSettings defaults to false;
	// cmd/kubelet/app/server.go, loadConfigFile).
	Hard []Threshold
	// Soft is evictionSoft, each threshold with its grace period
	// (evictionSoftGracePeriod).
	Soft []Threshold
	// MinimumReclaim is evictionMinimumReclaim: for a signal, what an
	// eviction must free beyond each of its thresholds.
	MinimumReclaim map[Signal]Value
	// MaxPodGracePeriod is evictionMaxPodGracePeriod, in seconds: the cap
	// on the grace period of a soft eviction (kubelet default 0).
	MaxPodGracePeriod int64
	// PressureTransitionPeriod is evictionPressureTransitionPeriod: how
	// long a pressure condition stays after its last threshold was met;
	// 0 is the kubelet's default, DefaultPressureTransitionPeriod.
	PressureTransitionPeriod time.Duration
}

// DefaultPressureTransitionPeriod is evictionPressureTransitionPeriod
// when it is zero (pkg/kubelet/apis/config/v1beta1/defaults.go,
// SetDefaults_KubeletConfiguration).
const DefaultPressureTransitionPeriod = 5 * time.Minute

// defaultHard is the kubelet's evictionHard on Linux when the
// configuration sets none (pkg/kubelet/eviction/defaults_linux.go,
// DefaultEvictionHard), parsed once.
var defaultHard = func() []Threshold {
	var out []Threshold
	for _, st := range []struct {
		s   Signal
		val string
	}{
		{SignalMemoryAvailable, "100Mi"},
		{SignalNodeFsAvailable, "10%"},
		{SignalNodeFsInodesFree, "5%"},
		{SignalImageFsAvailable, "15%"},
		{SignalImageFsInodesFree, "5%"},
	} {
		t, err := ParseStatement(st.s, st.val)
		if err != nil || t == nil {
			panic(fmt.Sprintf("the kubelet's default %s<%s: %v", st.s, st.val, err))
		}
		out = append(out, *t)
	}
	return sortBySignal(out)
}()

// DefaultHard returns the kubelet's evictionHard on Linux when the
// configuration sets none (pkg/kubelet/eviction/defaults_linux.go,
// DefaultEvictionHard): memory.available<100Mi, nodefs.available<10%,
// nodefs.inodesFree<5%, imagefs.available<15%, imagefs.inodesFree<5%, by
// signal name.
func DefaultHard() []Threshold { return copyThresholds(defaultHard) }

// Validate checks a configuration built in code as the kubelet's parsing
// checks the one it reads (helpers.go, ParseThresholdConfig and the
// parse functions it calls): known signals; percentages in [0%, 100%] and
// quantities above zero; soft grace periods not negative; minimum
// reclaims positive percentages or quantities not negative. A hard
// threshold with a grace period, or a signal named twice in Hard or in
// Soft (the kubelet's maps cannot), is an error too. What ParseStatement
// returns always passes.
func (c Config) Validate() error {
	for _, list := range []struct {
		field string
		ts    []Threshold
	}{{"evictionHard", c.Hard}, {"evictionSoft", c.Soft}} {
		seen := map[Signal]bool{}
		for _, t := range list.ts {
			if !t.Signal.Valid() {
				return fmt.Errorf("%s: %w", list.field, unsupported(t.Signal))
			}
			if seen[t.Signal] {
				return fmt.Errorf("%s names %s twice", list.field, t.Signal)
			}
			seen[t.Signal] = true
			if err := validThreshold(t); err != nil {
				return fmt.Errorf("%s: %w", list.field, err)
			}
			if t.MinReclaim != nil {
				if err := validMinReclaim(t.Signal, *t.MinReclaim); err != nil {
					return fmt.Errorf("%s: %w", list.field, err)
				}
			}
		}
	}
	for _, t := range c.Hard {
		if t.GracePeriod != 0 {
			return fmt.Errorf("evictionHard: the hard threshold %s has a grace period (%s); a threshold with one is soft", t, t.GracePeriod)
		}
	}
	for _, t := range c.Soft {
		if t.GracePeriod < 0 {
			// helpers.go, parseGracePeriods.
			return fmt.Errorf("invalid eviction grace period specified: %v, must be a positive value", t.GracePeriod)
		}
	}
	for s, v := range c.MinimumReclaim {
		if !s.Valid() {
			return fmt.Errorf("evictionMinimumReclaim: %w", unsupported(s))
		}
		if err := validMinReclaim(s, v); err != nil {
			return err
		}
	}
	return nil
}

// validThreshold is parseThresholdStatement's checks on a parsed value.
func validThreshold(t Threshold) error {
	v := t.Value
	if v.Quantity != nil {
		if v.Quantity.Sign() <= 0 {
			return fmt.Errorf("eviction threshold %v must be positive: %s", t.Signal, v.Quantity.String())
		}
		return nil
	}
	switch p := float64(v.Percentage); {
	case math.IsNaN(p):
		return fmt.Errorf("eviction percentage threshold %v is not a number", t.Signal)
	case p < 0:
		return fmt.Errorf("eviction percentage threshold %v must be >= 0%%: %s", t.Signal, v)
	case p > 1:
		return fmt.Errorf("eviction percentage threshold %v must be <= 100%%: %s", t.Signal, v)
	}
	return nil
}

// validMinReclaim is parseMinimumReclaims' checks on a parsed value.
func validMinReclaim(s Signal, v Value) error {
	if v.Quantity != nil {
		if v.Quantity.Sign() < 0 {
			return fmt.Errorf("negative eviction minimum reclaim specified for %v", s)
		}
		return nil
	}
	if !(v.Percentage > 0) { // NaN too
		return fmt.Errorf("eviction percentage minimum reclaim %v must be positive: %s", s, v)
	}
	return nil
}

// Thresholds is the list the kubelet's eviction manager works with
// (helpers.go, ParseThresholdConfig, for typed values): the hard
// thresholds (DefaultHard when Hard is nil), then the soft ones, each
// group by signal name (the kubelet ranges over maps, in no order), every
// threshold of a signal with that signal's minimum reclaim. The
// allocatable copy of a hard memory.available threshold
// (addAllocatableThresholds, for enforceNodeAllocatable "pods") is the
// caller's: it is the eviction manager's, not the configuration's.
// The configuration is validated first (Validate).
func (c Config) Thresholds() ([]Threshold, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	hard := c.Hard
	if hard == nil {
		hard = defaultHard
	}
	out := append(sortBySignal(copyThresholds(hard)), sortBySignal(copyThresholds(c.Soft))...)
	for i := range out {
		if mr, ok := c.MinimumReclaim[out[i].Signal]; ok {
			mr = mr.deepCopy()
			out[i].MinReclaim = &mr
		}
	}
	return out, nil
}

// copyThresholds copies ts and the quantities they point at.
func copyThresholds(ts []Threshold) []Threshold {
	if ts == nil {
		return nil
	}
	out := make([]Threshold, len(ts))
	for i, t := range ts {
		t.Value = t.Value.deepCopy()
		if t.MinReclaim != nil {
			mr := t.MinReclaim.deepCopy()
			t.MinReclaim = &mr
		}
		out[i] = t
	}
	return out
}

func (v Value) deepCopy() Value {
	if v.Quantity != nil {
		q := v.Quantity.DeepCopy()
		v.Quantity = &q
	}
	return v
}

func sortBySignal(ts []Threshold) []Threshold {
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].Signal < ts[j].Signal })
	return ts
}
