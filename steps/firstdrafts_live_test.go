package steps

import (
	"context"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// rsFake is the fake cluster with a replica set "web" whose pods are
// web-a and web-b.
type rsFake struct{ *liveFake }

func (f rsFake) ReplicaSetPods(string) ([]*corev1.Pod, []string, bool) {
	return nil, []string{"web-a", "web-b"}, true
}

// TestReadyAtAllTimesOnACluster: on a session that cannot go back (a
// cluster's), `at least N pods … Ready at all times` reads the pods'
// timeline as the driver observed it, from t=0 to the end of the
// activity: a dip the watch delivered, however short, fails it; one
// before t=0 does not.
func TestReadyAtAllTimesOnACluster(t *testing.T) {
	s, ms := time.Second, time.Millisecond
	ready := func(at time.Duration, pod, status string) timeline.Event {
		return timeline.Event{At: at, Pod: pod, Kind: timeline.Condition, Reason: "Ready", Status: status}
	}
	base := []timeline.Event{ready(1*s, "web-a", "True"), ready(2*s, "web-b", "True")}
	for _, tc := range []struct {
		name  string
		later []timeline.Event
		least Count
		want  string // "" holds
	}{
		{"no dip", nil, 2, ""},
		{"a dip before t=0", []timeline.Event{ready(5*s, "web-a", "False"), ready(6*s, "web-a", "True")}, 2, ""},
		{"a dip of a millisecond after t=0", []timeline.Event{ready(20*s, "web-a", "False"), ready(20*s+ms, "web-a", "True")}, 2,
			"at 10s (web-a Condition(Ready=False)): 1 Ready: web-a not Ready; web-b Ready"},
		{"a pod being deleted is not counted", []timeline.Event{{At: 30 * s, Pod: "web-b", Kind: timeline.DeleteRequested, Code: 30}}, 2,
			"at 20s (web-b DeleteRequested(30s)): 1 Ready: web-a Ready; web-b terminating"},
		{"a dip to the least", []timeline.Event{ready(20*s, "web-a", "False")}, 1, ""},
		{"fewer at t=0", []timeline.Event{ready(5*s, "web-a", "False")}, 2, "got at 0s: 1 Ready: web-a not Ready"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := rsFake{&liveFake{now: 60 * s}}
			for i, e := range append(append([]timeline.Event(nil), base...), tc.later...) {
				e.Seq = uint64(i + 1)
				f.events = append(f.events, e)
			}
			st := &State{Driver: f, Session: f, Plan: &Plan{configured: true}}
			st.clock.t0 = timeline.Mark{At: 10 * s}
			st.clock.cur = 10 * s
			if st.clk().exact {
				t.Fatal("the fake goes back in time")
			}
			err := rsReadyAlways{least: tc.least, rs: "web"}.Run(context.Background(), st)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("failed: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got %v, want a failure saying %q", err, tc.want)
			}
		})
	}
}

// TestNeverStartsOnACluster: `never starts` holds on a cluster whose
// observed timeline has no start of the container, before t=0 included,
// and fails on one start; a start the cluster cannot observe skips the
// scenario rather than pass.
func TestNeverStartsOnACluster(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		name   string
		events []timeline.Event
		unseen timeline.Kind
		want   string
	}{
		{"no start", []timeline.Event{{At: 1 * s, Pod: "web", Container: "app", Kind: timeline.Created}}, "", ""},
		{"a start before t=0", []timeline.Event{{At: 1 * s, Pod: "web", Container: "app", Kind: timeline.Started}}, "", "got Started of container \"app\" at -9s"},
		{"starts unseen", nil, timeline.Started, "skip"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &liveFake{now: 60 * s, events: tc.events, unseen: tc.unseen}
			st := &State{Driver: f, Session: f, Plan: &Plan{configured: true}}
			st.Plan.pods = []*podDecl{{name: "web", created: true, pod: &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app"}}}}}}
			st.clock.t0 = timeline.Mark{At: 10 * s}
			st.clock.cur = 10 * s
			err := runPhrase(WithState(context.Background(), st), `container "app" of pod "web" never starts`)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("failed: %v", err)
			case tc.want == "skip" && (st.SkipReason == "" && (err == nil || !strings.Contains(err.Error(), "not seen"))):
				t.Errorf("got %v, skip reason %q; want the scenario skipped", err, st.SkipReason)
			case tc.want != "" && tc.want != "skip" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got %v, want a failure saying %q", err, tc.want)
			}
		})
	}
}
