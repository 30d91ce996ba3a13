package steps

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cucumber/godog"
	messages "github.com/cucumber/messages/go/v21"
	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// loopingFake is the fake cluster with a crash loop's activity: it never
// ends, so Settle runs to its limit, and SettleUntil stops where cond
// holds.
type loopingFake struct{ *liveFake }

func (f loopingFake) Settle(ctx context.Context, limit time.Duration) (time.Duration, bool, error) {
	at, _, capped, err := f.SettleUntil(ctx, limit, nil)
	return at, capped, err
}

func (f loopingFake) SettleUntil(ctx context.Context, limit time.Duration, cond func(driver.View) bool) (time.Duration, bool, bool, error) {
	at, held, err := f.RunUntil(ctx, f.now+limit, cond)
	return at, held, !held, err
}

var _ driver.UntilSettler = loopingFake{}

func table(rows ...[3]string) *godog.Table {
	t := &godog.Table{Rows: []*messages.PickleTableRow{
		{Cells: []*messages.PickleTableCell{{Value: "at"}, {Value: "container"}, {Value: "event"}}},
	}}
	for _, r := range rows {
		t.Rows = append(t.Rows, &messages.PickleTableRow{Cells: []*messages.PickleTableCell{{Value: r[0]}, {Value: r[1]}, {Value: r[2]}}})
	}
	return t
}

// TestTableDecidesOnceItsRowsAreSeen pins when a timeline table that is
// not exact is judged on a cluster whose activity never ends (a crash
// loop: the limit is 2 minutes): once its rows' events are there and its
// last row is earlyMargin past, not at the limit; a table that does not
// hold then is judged again at the activity's end, by the same rules, with
// its checks counted once.
func TestTableDecidesOnceItsRowsAreSeen(t *testing.T) {
	s := time.Second
	ev := func(at time.Duration, k timeline.Kind, code int) timeline.Event {
		e := timeline.Event{At: at, Pod: "web", Container: "app", Kind: k}
		if k == timeline.Exited {
			e.Code = code
		}
		return e
	}
	loop := []timeline.Event{
		ev(2*s, timeline.Exited, 1), ev(2*s+100*time.Millisecond, timeline.Restarted, 0),
		ev(4*s, timeline.Exited, 1), ev(4*s+200*time.Millisecond, timeline.BackOff, 0),
		ev(14*s, timeline.Restarted, 0), ev(16*s, timeline.Exited, 1),
	}
	for _, tc := range []struct {
		name    string
		events  []timeline.Event
		rows    *godog.Table
		exactly bool
		holds   bool
		// ends: where the session stood after the step, at most.
		ends   time.Duration
		checks int
	}{
		{"a crash loop's first rows, all seen: judged 10 s after the last row", loop,
			table([3]string{"2s", "app", "Exited(1)"}, [3]string{"2s", "app", "Restarted"}, [3]string{"4s", "app", "Exited(1)"}, [3]string{"4s", "app", "BackOff"}),
			false, true, 15 * s, 4},
		{"the same table exact: waits for the whole activity", loop,
			table([3]string{"2s", "app", "Exited(1)"}, [3]string{"2s", "app", "Restarted"}, [3]string{"4s", "app", "Exited(1)"}, [3]string{"4s", "app", "BackOff"}),
			true, false, 2*time.Minute + s, 4},
		{"a row seen only out of its window: judged again at the end, and fails", loop,
			table([3]string{"2s", "app", "Exited(1)"}, [3]string{"8s", "app", "Exited(1)"}),
			false, false, 2*time.Minute + s, 2},
		{"an untimed row whose event comes late: the early match fails, the end's holds",
			[]timeline.Event{ev(500*time.Millisecond, timeline.BackOff, 0), ev(2*s, timeline.Exited, 1), ev(60*s, timeline.BackOff, 0)},
			table([3]string{"2s", "app", "Exited(1)"}, [3]string{"-", "app", "BackOff"}),
			false, true, 2*time.Minute + s, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := &liveFake{events: tc.events}
			f := loopingFake{base}
			st := &State{Driver: f, Session: f, Plan: &Plan{}}
			pod := &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app"}}}}
			st.Plan.pods = []*podDecl{{name: "web", pod: pod, created: true}}
			st.Plan.configured = true
			st.stepType = Action
			st.clk().moveT0(st.clk().actionMark())
			st.acted(driver.ActionCreate, "web")
			st.stepType = Outcome
			step := &timelineTable{pod: "web", exactly: tc.exactly, table: tc.rows}
			if err := step.Declare(st.Plan); err != nil {
				t.Fatal(err)
			}
			err := step.Run(context.Background(), st)
			if tc.holds != (err == nil) {
				t.Fatalf("holds %v, got %v", tc.holds, err)
			}
			if base.now > tc.ends {
				t.Errorf("the session ran to %s, want at most %s", base.now, tc.ends)
			}
			if len(st.Checks) != tc.checks {
				var got []string
				for _, c := range st.Checks {
					got = append(got, c.What)
				}
				t.Errorf("%d checks kept (%s), want %d", len(st.Checks), strings.Join(got, ", "), tc.checks)
			}
		})
	}
}

func TestRowsSeen(t *testing.T) {
	rows := []timeline.Row{{Container: "app", Label: "Exited(1)"}, {Container: "app", Label: "Exited(1)"}}
	once := []timeline.Event{{At: time.Second, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 1}}
	twice := append(once, timeline.Event{At: 2 * time.Second, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 1})
	if rowsSeen(once, timeline.Mark{}, "web", rows) {
		t.Error("two rows of one label seen with a single event")
	}
	if !rowsSeen(twice, timeline.Mark{}, "web", rows) {
		t.Error("two rows of one label not seen with two events")
	}
	if rowsSeen(twice, timeline.Mark{At: 1500 * time.Millisecond}, "web", rows) {
		t.Error("an event before t=0 counted")
	}
}

// TestSettleOnceFromTheCurrentTime: on a cluster two steps that each wait
// for the end of the activity from the same current time (two counts of a
// crash loop's events) share one wait, as they share one end on the
// simulator; a current time moved since waits again.
func TestSettleOnceFromTheCurrentTime(t *testing.T) {
	base := &liveFake{now: time.Second}
	f := loopingFake{base}
	st := &State{Driver: f, Session: f, Plan: &Plan{}}
	st.Plan.configured = true
	ctx := context.Background()
	if _, capped, err := st.settle(ctx); err != nil || !capped {
		t.Fatalf("first settle: capped %v, %v", capped, err)
	}
	first := base.now
	if _, capped, err := st.settle(ctx); err != nil || !capped || base.now != first {
		t.Errorf("second settle from the same current time ran the cluster from %s to %s (capped %v, %v)", first, base.now, capped, err)
	}
	st.clock.cur = first // a step moved the current time
	if _, _, err := st.settle(ctx); err != nil || base.now == first {
		t.Errorf("a settle from a later current time did not wait (at %s, %v)", base.now, err)
	}
}
