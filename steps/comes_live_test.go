package steps

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestLiveBecomesWithinReadsTheStateAtT0AfterItsCondition pins `the pod
// "api" becomes NotReady within 30s` on a cluster after `becomes Ready`:
// t=0 stands at the container's Ready event, and the pod's own Ready
// condition comes 20 ms later (the live run of 2026-11-30 09:35,
// fourteenth-drafts.feature:130): the pod NotReady until then was not
// NotReady at t=0, so it holds only where the pod is NotReady again, and
// the current time moves there.
func TestLiveBecomesWithinReadsTheStateAtT0AfterItsCondition(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	for _, tc := range []struct {
		name    string
		again   time.Duration // the pod NotReady again (0: never)
		fail    string
		decided time.Duration
	}{
		{"a pod that stays Ready is not NotReady within 30s", 0, "NotReady within 30s", 0},
		{"a pod NotReady again at 22s holds there", 22 * s, "", 22 * s},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tl := []timeline.Event{
				{At: 5 * s, Seq: 1, Pod: "web", Kind: timeline.PodCreated},
				{At: 5 * s, Seq: 2, Pod: "web", Kind: timeline.Condition, Reason: "Ready", Status: "False"},
				{At: 10 * s, Seq: 3, Pod: "web", Container: "app", Kind: timeline.Ready},
				{At: 10*s + 20*ms, Seq: 4, Pod: "web", Kind: timeline.Condition, Reason: "Ready", Status: "True"},
			}
			if tc.again > 0 {
				tl = append(tl, timeline.Event{At: 10*s + tc.again, Seq: 5, Pod: "web", Kind: timeline.Condition, Reason: "Ready", Status: "False"})
			}
			f := &liveFake{now: 10 * s, events: tl}
			st := actedOn(f, driver.ActionCreate, "web")
			ps, err := parsePodState("NotReady")
			if err != nil {
				t.Fatal(err)
			}
			err = thePodIsWithin{podNamed{"web"}, ps, writtenSpan{30 * s, "30s"}, true}.Run(context.Background(), st)
			switch {
			case tc.fail == "" && err != nil:
				t.Fatalf("want it to hold, got %v", err)
			case tc.fail != "" && (err == nil || !strings.Contains(err.Error(), tc.fail)):
				t.Fatalf("want a failure naming %q, got %v", tc.fail, err)
			}
			if tc.fail == "" && st.clock.cur != 10*s+tc.decided {
				t.Errorf("the current time is %s, want %s", st.clock.cur, 10*s+tc.decided)
			}
		})
	}
}

// TestLiveStillShowsStatusAtReadsTWindow pins `the pod "web" still shows
// status "S" at T` on a cluster: the STATUS at some instant of T's live
// window, where the kubelet's own chain (a container's start, then its
// postStart hook) put it a second later than the rule's time (the live
// run of 2026-11-30 09:34, eighteenth-drafts.feature:8: Running at
// 11.0s, read at 10s); outside the window it fails.
func TestLiveStillShowsStatusAtReadsTWindow(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	tl := []timeline.Event{
		{At: 10 * s, Seq: 1, Pod: "web", Kind: timeline.PodCreated},
		{At: 10*s + 46*ms, Seq: 2, Pod: "web", Kind: timeline.Status, Reason: "ContainerCreating"},
		{At: 21 * s, Seq: 3, Pod: "web", Kind: timeline.Status, Reason: "Running"},
	}
	for _, tc := range []struct {
		status string
		at     time.Duration
		fail   string
	}{
		{"Running", 10 * s, ""},
		{"ContainerCreating", 5 * s, ""},
		{"Running", 5 * s, "STATUS ContainerCreating"},
		{"ContainerCreating", 14 * s, "STATUS Running"},
	} {
		t.Run(tc.status+" at "+tc.at.String(), func(t *testing.T) {
			f := &liveFake{now: 10 * s, events: tl}
			st := actedOn(f, driver.ActionCreate, "web")
			err := thePodStillShowsStatusAt{podNamed{"web"}, tc.status, writtenSpan{tc.at, tc.at.String()}}.Run(context.Background(), st)
			switch {
			case tc.fail == "" && err != nil:
				t.Fatalf("want it to hold, got %v", err)
			case tc.fail != "" && (err == nil || !strings.Contains(err.Error(), tc.fail)):
				t.Fatalf("want a failure naming %q, got %v", tc.fail, err)
			}
		})
	}
}

// TestLiveStillAtReadsTWindow: `the pod "web" is still Running at T` on a
// cluster holds where the pod was Running at some instant of T's live
// window (its comment said so; it read the instant t0+T), and fails
// outside it.
func TestLiveStillAtReadsTWindow(t *testing.T) {
	s := time.Second
	tl := []timeline.Event{
		{At: 10 * s, Seq: 1, Pod: "web", Kind: timeline.PodCreated},
		{At: 21 * s, Seq: 2, Pod: "web", Kind: timeline.Phase, Reason: "Running"},
	}
	for _, tc := range []struct {
		at   time.Duration
		fail string
	}{
		{10 * s, ""},
		{5 * s, "Running"},
	} {
		t.Run(tc.at.String(), func(t *testing.T) {
			f := &liveFake{now: 10 * s, events: tl}
			st := actedOn(f, driver.ActionCreate, "web")
			err := thePodIsStillAt{podNamed{"web"}, "Running", writtenSpan{tc.at, tc.at.String()}}.Run(context.Background(), st)
			switch {
			case tc.fail == "" && err != nil:
				t.Fatalf("want it to hold, got %v", err)
			case tc.fail != "" && (err == nil || !strings.Contains(err.Error(), tc.fail)):
				t.Fatalf("want a failure naming %q, got %v", tc.fail, err)
			}
		})
	}
}
