package steps

import (
	"context"
	"fmt"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestLiveMirrorPodExistsWithin: on a cluster a static pod's PodCreated is
// the writing of its manifest (timeline.ManifestWritten), and its mirror
// pod is in the API from its first version seen (its first Status): `the
// mirror pod "web" exists within 5s` holds for a mirror pod seen by 5 s,
// and within the window's lateness after (the fake's: 5 s, what the API
// shows 2 s late after the 3 s reaction to a create), fails for one seen
// later, and fails where the kubelet never made one, whatever the
// manifest's PodCreated says.
func TestLiveMirrorPodExistsWithin(t *testing.T) {
	s := time.Second
	never := time.Duration(-1)
	for _, tc := range []struct {
		seen  time.Duration // the mirror pod's first Status; never: none
		holds bool
	}{
		{3 * s, true},
		{9 * s, true}, // in the window (5 s late here)
		{11 * s, false},
		{never, false},
	} {
		t.Run(fmt.Sprint(tc.seen), func(t *testing.T) {
			events := []timeline.Event{
				{At: 0, Pod: "web", Kind: timeline.PodCreated, Message: timeline.ManifestWritten + "/etc/kubernetes/manifests/podlife-web.yaml"},
			}
			if tc.seen != never {
				events = append(events, timeline.Event{At: tc.seen, Pod: "web", Kind: timeline.Status, Reason: "Running"})
			}
			f := &liveFake{now: 0, events: events}
			st := actedOn(f, driver.ActionCreate, "web")
			st.Plan.pods[0].static = true
			f.now = 20 * s
			err := runPhrase(WithState(context.Background(), st), `the mirror pod "web" exists within 5s`)
			if (err == nil) != tc.holds {
				t.Errorf("a mirror pod first seen at %s: %v, want holding %v", tc.seen, err, tc.holds)
			}
		})
	}
}

// TestLiveEventContainingWithin: on a cluster `an event "Unhealthy" with
// message containing "timed out" is recorded for container "app" within
// 20s` holds for such an event by 20 s and within its window after it
// (the fake's: 3.5 s late for a container's event after a create), fails
// for one later,
// and fails for an event of the reason whose message does not contain
// the text.
func TestLiveEventContainingWithin(t *testing.T) {
	s := time.Second
	const timedOut = `command "sh -c sleep 10" timed out`
	for _, tc := range []struct {
		at    time.Duration
		msg   string
		holds bool
	}{
		{10 * s, timedOut, true},
		{23 * s, timedOut, true}, // in the window
		{24 * s, timedOut, false},
		{10 * s, "Liveness probe failed: connection refused", false},
	} {
		t.Run(fmt.Sprint(tc.at, tc.msg), func(t *testing.T) {
			f := &liveFake{now: 0, events: []timeline.Event{
				{At: 0, Pod: "web", Kind: timeline.PodCreated},
				{At: tc.at, Pod: "web", Container: "app", Kind: timeline.KubeEvent, Reason: "Unhealthy", Message: "Liveness probe failed: " + tc.msg},
			}}
			st := actedOn(f, driver.ActionCreate, "web")
			st.Plan.pods[0].pod = &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app"}}}}
			f.now = 60 * s
			err := runPhrase(WithState(context.Background(), st), `an event "Unhealthy" with message containing "timed out" is recorded for container "app" within 20s`)
			if (err == nil) != tc.holds {
				t.Errorf("Unhealthy %q at %s: %v, want holding %v", tc.msg, tc.at, err, tc.holds)
			}
		})
	}
}

// TestLiveTaintEvictionDeletedWithin: on a cluster `the pod "web" is
// deleted by the taint eviction controller within 1m30s` holds for a
// deletion requested by 90 s, and within its window after it (the fake's:
// 2 s late for what the API shows), with the controller's
// TaintManagerEviction "Marking for deletion" event; it fails for a
// deletion later than the window, and for one without that event (a
// step's delete).
func TestLiveTaintEvictionDeletedWithin(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		at     time.Duration
		marked bool
		holds  bool
	}{
		{60 * s, true, true},
		{91 * s, true, true}, // in the window (2 s late here)
		{93 * s, true, false},
		{60 * s, false, false},
	} {
		t.Run(fmt.Sprint(tc.at, tc.marked), func(t *testing.T) {
			events := []timeline.Event{
				{At: 0, Pod: "web", Kind: timeline.PodCreated},
				{At: 10*s + tc.at, Pod: "web", Kind: timeline.DeleteRequested, Code: 30},
			}
			if tc.marked {
				events = append(events, timeline.Event{At: 10*s + tc.at, Pod: "web", Kind: timeline.KubeEvent, Reason: "TaintManagerEviction", Message: "Marking for deletion Pod ns/web"})
			}
			f := &liveFake{now: 10 * s, events: events}
			st := actedOn(f, driver.ActionNode, "web")
			f.now = 200 * s
			err := runPhrase(WithState(context.Background(), st), `the pod "web" is deleted by the taint eviction controller within 1m30s`)
			if (err == nil) != tc.holds {
				t.Errorf("deletion at %s (marked %v): %v, want holding %v", tc.at, tc.marked, err, tc.holds)
			}
		})
	}
}
