package judge

import (
	"context"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// ttlFake is a cluster whose Job "report" has a ttlSecondsAfterFinished.
type ttlFake struct {
	*liveFake
	ttl time.Duration
}

func (f ttlFake) JobTTL(name string) (time.Duration, bool) { return f.ttl, name == "report" }

// TestLiveJobDeletionCountsFromItsFinish: a Job's deletion by the
// TTL-after-finished controller is judged from its finish condition as
// the cluster showed it, in the whole second the API keeps (Complete
// seen at 4.3 s, ttl 10 s: deleted at 14 s on the cluster where the
// rules said 13 s), so `deleted at 13s` holds there; the rules' time does not; `within D` keeps its window from t=0;
// a Job without a TTL gets the generic window.
func TestLiveJobDeletionCountsFromItsFinish(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	base := &liveFake{now: 20 * s, events: []timeline.Event{
		{At: 4300 * ms, Seq: 1, Pod: "job/report", Kind: timeline.Condition, Reason: "Complete", Status: "True"},
	}}
	j := New(ttlFake{base, 10 * s}, ttlFake{base, 10 * s})
	t0 := timeline.Mark{}
	sel := timeline.Selector{Pod: "job/report", Kind: timeline.DeleteRequested}
	a, err := j.Window(context.Background(), driver.Question{Sel: sel, Lo: 13 * s, Hi: 13 * s, T0: t0})
	if err != nil {
		t.Fatal(err)
	}
	w := a.Window
	early, late := base.Margin(sel, "")
	if w.From != 14*s-early || w.To != 14*s+late || w.Contains(13*s+100*ms) {
		t.Errorf("window %s-%s: want 14 s (the finish's whole second + ttl) widened by the margins (%s, %s), not the rules' 13 s", w.From, w.To, early, late)
	}
	a, err = j.Window(context.Background(), driver.Question{Sel: sel, Lo: 0, Hi: 20 * s, T0: t0})
	if err != nil {
		t.Fatal(err)
	}
	if a.Window.To < 20*s || a.Window.From > 0 {
		t.Errorf("within 20s: window %s-%s, want it from t=0 to 20 s", a.Window.From, a.Window.To)
	}
	// Its pod, shown Succeeded, goes with it: counted so too.
	ctrl := true
	base.pod = &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "report-abcde", OwnerReferences: []metav1.OwnerReference{{Kind: "Job", Name: "report", Controller: &ctrl}}}}
	base.events = append([]timeline.Event{{At: 2200 * ms, Pod: "report-abcde", Kind: timeline.Phase, Reason: "Succeeded"}}, base.events...)
	psel := timeline.Selector{Pod: "report-abcde", Kind: timeline.Deleted}
	a, err = j.Window(context.Background(), driver.Question{Sel: psel, Lo: 13 * s, Hi: 13 * s, T0: t0})
	if err != nil {
		t.Fatal(err)
	}
	if early, _ := base.Margin(psel, ""); a.Window.From != 14*s-early {
		t.Errorf("the Job's pod: window %s-%s, want it from 14 s (its Job's finish whole second + ttl)", a.Window.From, a.Window.To)
	}
	base.pod = nil
	other := New(ttlFake{base, 10 * s}, ttlFake{base, 10 * s})
	a, err = other.Window(context.Background(), driver.Question{Sel: timeline.Selector{Pod: "job/keep", Kind: timeline.DeleteRequested}, Lo: 13 * s, Hi: 13 * s, T0: t0})
	if err != nil {
		t.Fatal(err)
	}
	if early, _ := base.Margin(sel, ""); a.Window.From != 13*s-early {
		t.Errorf("a Job without a TTL: window %s-%s, want it counted from t=0 (13 s), not from a finish", a.Window.From, a.Window.To)
	}
}
