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

// TestLiveNeverTerminatingForReadsTheWindow: on a cluster `is never
// Terminating for 30s` judges a stretch's end by the window of an event
// 30 s after its start (the fake's: 0.25 s either side): a stretch
// shorter than 30 s holds, one within the window holds (two API
// observations, each as uncertain), one longer than 30 s plus the window
// fails.
func TestLiveNeverTerminatingForReadsTheWindow(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		stretch time.Duration
		holds   bool
	}{
		{25 * s, true},
		{30*s + 200*time.Millisecond, true}, // in the window (0.25 s late here)
		{30*s + 500*time.Millisecond, false},
		{45 * s, false},
	} {
		t.Run(fmt.Sprint(tc.stretch), func(t *testing.T) {
			f := &liveFake{now: 10 * s, events: []timeline.Event{
				{At: 1 * s, Pod: "web", Kind: timeline.PodCreated},
				{At: 2 * s, Pod: "web", Kind: timeline.Phase, Reason: "Running"},
				{At: 2 * s, Pod: "web", Kind: timeline.Status, Reason: "Running"},
				{At: 10 * s, Pod: "web", Kind: timeline.DeleteRequested, Code: 1},
				{At: 10 * s, Pod: "web", Kind: timeline.Status, Reason: "Terminating"},
				{At: 10*s + tc.stretch, Pod: "web", Kind: timeline.Deleted},
			}}
			st := actedOn(f, driver.ActionDelete, "web")
			f.now = 70 * s
			err := runPhrase(WithState(context.Background(), st), `the pod "web" is never Terminating for 30s`)
			if (err == nil) != tc.holds {
				t.Errorf("a stretch of %s: %v, want holding %v", tc.stretch, err, tc.holds)
			}
		})
	}
}

// TestLiveNoSIGKILLAfterIsTheNegation: on a cluster `does not receive
// SIGKILL 30s after SIGTERM` fails exactly where `receives SIGKILL 30s
// after SIGTERM` holds (its window), and `receives SIGKILL less than 30s
// after SIGTERM` holds for a SIGKILL before that window's end.
func TestLiveNoSIGKILLAfterIsTheNegation(t *testing.T) {
	s := time.Second
	none := time.Duration(-1)
	for _, tc := range []struct {
		kill              time.Duration // after the SIGTERM; none: no SIGKILL
		at, notAt, before bool          // which phrase holds
	}{
		{2 * s, false, true, true},
		{30*s + 100*time.Millisecond, true, false, true},
		{31 * s, false, true, false},
		{none, false, true, false},
	} {
		t.Run(fmt.Sprint(tc.kill), func(t *testing.T) {
			events := []timeline.Event{
				{At: 1 * s, Pod: "web", Kind: timeline.PodCreated},
				{At: 10 * s, Pod: "web", Kind: timeline.DeleteRequested, Code: 1},
				{At: 10 * s, Pod: "web", Container: "app", Kind: timeline.SIGTERM},
			}
			if tc.kill != none {
				events = append(events, timeline.Event{At: 10*s + tc.kill, Pod: "web", Container: "app", Kind: timeline.SIGKILL})
			}
			for _, p := range []struct {
				text string
				want bool
			}{
				{`container "app" receives SIGKILL 30s after SIGTERM`, tc.at},
				{`container "app" does not receive SIGKILL 30s after SIGTERM`, tc.notAt},
				{`container "app" receives SIGKILL less than 30s after SIGTERM`, tc.before},
			} {
				f := &liveFake{now: 10 * s, events: events}
				st := actedOn(f, driver.ActionDelete, "web")
				st.Plan.pods[0].pod = &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app"}}}}
				f.now = 70 * s
				if err := runPhrase(WithState(context.Background(), st), p.text); (err == nil) != p.want {
					t.Errorf("SIGKILL %s after SIGTERM: %s: %v, want holding %v", tc.kill, p.text, err, p.want)
				}
			}
		})
	}
}
