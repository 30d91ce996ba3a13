package live

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
)

// TestPowerCutStartsOnce: a node whose power a scenario cut is started
// again exactly once, by the reboot's timer or by the release, whichever
// comes first; the release of a crash (no timer) starts it.
func TestPowerCutStartsOnce(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		timer   time.Duration // 0: a crash, no timer
		wait    time.Duration // before the release
		starts  int32
		byTimer bool
	}{
		{"a crash: the release starts the node", 0, 0, 1, false},
		{"a reboot released before its return: started at once, the timer stopped", time.Hour, 0, 1, false},
		{"a reboot that returned: the release does not start it again", time.Millisecond, 50 * time.Millisecond, 1, true},
	}
	for _, c := range cases {
		var n atomic.Int32
		pc := &powerCut{start: func() error { n.Add(1); return nil }}
		if c.timer > 0 {
			pc.timer = time.AfterFunc(c.timer, func() { _, _ = pc.startNow() })
		}
		time.Sleep(c.wait)
		if c.byTimer && n.Load() != 1 {
			t.Errorf("%s: the timer did not start the node", c.name)
		}
		if _, err := pc.restore(); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if got := n.Load(); got != c.starts {
			t.Errorf("%s: started %d times, want %d", c.name, got, c.starts)
		}
	}
}

// TestCutByThisRun: the sweep after an interrupt starts again only the
// nodes this run cut off (podlife.io/power-cut names the run).
func TestCutByThisRun(t *testing.T) {
	t.Parallel()
	mk := func(v string) *corev1.Node {
		n := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "pool-1"}}
		if v != "" {
			n.Annotations = map[string]string{AnnotationPowerCut: v}
		}
		return n
	}
	for v, want := range map[string]bool{"r1/podlife-a": true, "r2/podlife-a": false, "": false, "r1": false} {
		if got := cutBy(mk(v), "r1"); got != want {
			t.Errorf("annotation %q: cut by r1 = %v, want %v", v, got, want)
		}
	}
}

// TestDeleteNodeIsRefused: a pool node's object is never deleted on a
// cluster; the refusal says why (the scenario is skipped with it).
func TestDeleteNodeIsRefused(t *testing.T) {
	t.Parallel()
	err := (&nodePower{}).DeleteNode(t.Context(), "worker-1")
	if !errors.Is(err, driver.ErrUnsupported) {
		t.Fatalf("a node deletion was not refused as unsupported: %v", err)
	}
}
