package live

import (
	"testing"
	"time"
)

// TestAPILate pins how late what only the API shows may come: the worst
// calibrated chain, a second for a relist, and the chain's work again.
func TestAPILate(t *testing.T) {
	ms := time.Millisecond
	// CI's stop 56 (2026-12-02): chain 1.212 s calibrated; an evicted
	// ReplicaSet pod gone 2.259 s after its kill at the end of its grace.
	const goneAfterKill = 2259 * time.Millisecond
	for _, c := range []struct {
		name   string
		cal    Calibration
		want   time.Duration
		admits bool
	}{
		{"without a tail its work is one kubelet step", Calibration{Chain: 1212 * ms}, 2712 * ms, true},
		{"with a tail its work comes once more, for a busier moment", Calibration{Chain: 1212 * ms, Tail: 300 * ms}, 2512 * ms, true},
		{"a tail that could not be followed is one kubelet step", Calibration{Chain: 1212 * ms, Tail: -1}, 2712 * ms, true},
		{"a quiet tail admits no more than the chain, its relist and that tail", Calibration{Chain: 1212 * ms, Tail: 40 * ms}, 2252 * ms, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := c.cal.apiLate()
			if got != c.want {
				t.Errorf("apiLate = %s, want %s", got, c.want)
			}
			if admits := goneAfterKill <= got; admits != c.admits {
				t.Errorf("the pod gone %s after its kill admitted: %v, want %v", goneAfterKill, admits, c.admits)
			}
		})
	}
}
