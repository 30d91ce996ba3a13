package sim

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

type deletion struct {
	at    time.Duration // after the first delete
	grace *int64        // nil: no gracePeriodSeconds in the request
}

// TestKillSequence pins killContainer (kuberuntime_container.go, 1.28+)
// and the API and pod-worker arithmetic in front of it, each case naming
// the rule it checks. Times are relative to the first delete.
func TestKillSequence(t *testing.T) {
	app := agent("app")
	deaf := agent("app", ignoreTerm)
	cases := []struct {
		name    string
		pod     *corev1.Pod
		deletes []deletion
		want    []string
	}{
		{
			name: "no preStop: SIGTERM at once, the agent exits 143, the kubelet deletes the pod",
			pod:  podOf("web", 30, nil, app),
			want: []string{"0s app SIGTERM", "0s app Exited(143)", "0s - Deleted"},
		},
		{
			name: "StopContainer's timeout is the grace: SIGKILL when it ends, exit 137",
			pod:  podOf("web", 5, nil, deaf),
			want: []string{"0s app SIGTERM", "5s app SIGKILL", "5s app Exited(137)", "5s - Deleted"},
		},
		{
			name: "the override is applied before preStop (1.28+): preStop time comes out of the grace",
			pod:  podOf("web", 5, nil, withPreStop(deaf, execHook("sh", "-c", "sleep 3"))),
			want: []string{"0s app PreStopStarted", "3s app PreStopDone", "3s app SIGTERM", "5s app SIGKILL", "5s app Exited(137)", "5s - Deleted"},
		},
		{
			name: "a preStop longer than the grace is cut off, then the 2 s floor applies",
			pod:  podOf("web", 5, nil, withPreStop(deaf, execHook("sleep", "10"))),
			want: []string{"0s app PreStopStarted", "5s app PreStopDone", "5s app SIGTERM", "7s app SIGKILL", "7s app Exited(137)", "7s - Deleted"},
		},
		{
			name: "preStop time is truncated to whole seconds (3.5 s counts as 3)",
			pod:  podOf("web", 5, nil, withPreStop(deaf, execHook("sleep", "3.5"))),
			want: []string{"0s app PreStopStarted", "3.5s app PreStopDone", "3.5s app SIGTERM", "5.5s app SIGKILL", "5.5s app Exited(137)", "5.5s - Deleted"},
		},
		{
			name: "truncation then the floor: 4.5 s of preStop leaves 1, raised to 2",
			pod:  podOf("web", 5, nil, withPreStop(deaf, execHook("sleep", "4.5"))),
			want: []string{"0s app PreStopStarted", "4.5s app PreStopDone", "4.5s app SIGTERM", "6.5s app SIGKILL", "6.5s app Exited(137)", "6.5s - Deleted"},
		},
		{
			name: "grace 1: SIGTERM, then SIGKILL after the 2 s floor",
			pod:  podOf("web", 1, nil, deaf),
			want: []string{"0s app SIGTERM", "2s app SIGKILL", "2s app Exited(137)", "2s - Deleted"},
		},
		{
			name:    "force delete: gone from the API at once; the kubelet kills with 1 and the floor (1.31+)",
			pod:     podOf("web", 30, nil, withPreStop(deaf, execHook("sleep", "3"))),
			deletes: []deletion{{0, ptr(int64(0))}},
			want:    []string{"0s - Deleted", "0s app PreStopStarted", "1s app PreStopDone", "1s app SIGTERM", "3s app SIGKILL", "3s app Exited(137)"},
		},
		{
			name:    "a negative gracePeriodSeconds is taken as 1 (BeforeDelete)",
			pod:     podOf("web", 30, nil, deaf),
			deletes: []deletion{{0, ptr(int64(-5))}},
			want:    []string{"0s app SIGTERM", "2s app SIGKILL", "2s app Exited(137)", "2s - Deleted"},
		},
		{
			name: "a process that takes 4 s to exit on SIGTERM exits 143 at 4 s",
			pod:  podOf("web", 30, nil, agent("app", termDelay(4*time.Second))),
			want: []string{"0s app SIGTERM", "4s app Exited(143)", "4s - Deleted"},
		},
		{
			name: "sleep as PID 1 has no SIGTERM handler: SIGKILL at the grace",
			pod:  podOf("web", 3, nil, corev1.Container{Name: "app", Image: "busybox:1.36", Command: []string{"sleep", "3600"}}),
			want: []string{"0s app SIGTERM", "3s app SIGKILL", "3s app Exited(137)", "3s - Deleted"},
		},
		{
			name: "a failing preStop hook does not stop termination",
			pod:  podOf("web", 30, nil, withPreStop(app, execHook("false"))),
			want: []string{"0s app PreStopStarted", "0s app PreStopDone", "0s app SIGTERM", "0s app Exited(143)", "0s - Deleted"},
		},
		{
			name: "the sleep action waits on the kubelet's side",
			pod:  podOf("web", 30, nil, withPreStop(app, corev1.LifecycleHandler{Sleep: &corev1.SleepAction{Seconds: 3}})),
			want: []string{"0s app PreStopStarted", "3s app PreStopDone", "3s app SIGTERM", "3s app Exited(143)", "3s - Deleted"},
		},
		{
			name: "an httpGet preStop on an agent returns at once (any status code is success)",
			pod: podOf("web", 30, nil, withPreStop(app, corev1.LifecycleHandler{HTTPGet: &corev1.HTTPGetAction{
				Path: "/quit", Port: intOrString(8080)}})),
			want: []string{"0s app PreStopStarted", "0s app PreStopDone", "0s app SIGTERM", "0s app Exited(143)", "0s - Deleted"},
		},
		{
			// SyncTerminatingPod runs on a context of its own (kubelet.go,
			// TODO(#113606), v1.36.3): cancelling the pod worker's sync
			// does not stop the StopContainer call in flight (seen live).
			name:    "a shorter grace on a second delete leaves the kill in flight its budget",
			pod:     podOf("web", 30, nil, deaf),
			deletes: []deletion{{0, nil}, {5 * time.Second, ptr(int64(10))}},
			want:    []string{"0s app SIGTERM", "30s app SIGKILL", "30s app Exited(137)", "30s - Deleted"},
		},
		{
			name:    "a longer grace on a second delete changes nothing (grace only shrinks)",
			pod:     podOf("web", 10, nil, deaf),
			deletes: []deletion{{0, nil}, {2 * time.Second, ptr(int64(30))}},
			want:    []string{"0s app SIGTERM", "10s app SIGKILL", "10s app Exited(137)", "10s - Deleted"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := newSim(t, "")
			start(t, s, tc.pod)
			deletes := tc.deletes
			if len(deletes) == 0 {
				deletes = []deletion{{0, nil}}
			}
			t0 := s.Now()
			for _, d := range deletes {
				s.RunUntil(t0+d.at, nil)
				if err := s.DeletePod("web", metav1.DeleteOptions{GracePeriodSeconds: d.grace}); err != nil {
					t.Fatal(err)
				}
			}
			s.Settle(time.Hour)
			diffLines(t, transcript(s, t0, killKinds...), tc.want)
		})
	}
}

// TestKillingEvents pins the events of killContainer and
// executePreStopHook.
func TestKillingEvents(t *testing.T) {
	s := newSim(t, "")
	start(t, s, podOf("web", 30, nil, withPreStop(agent("app"), execHook("false"))))
	if err := s.DeletePod("web", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	s.Settle(time.Hour)
	got := map[string]string{}
	for _, e := range s.Events() {
		got[e.Reason] = e.Type + ": " + e.Message
	}
	want := map[string]string{
		"Killing":           "Normal: Stopping container app",
		"FailedPreStopHook": "Warning: PreStopHook failed",
	}
	for reason, w := range want {
		if got[reason] != w {
			t.Errorf("event %s = %q, want %q", reason, got[reason], w)
		}
	}
}

// TestTerminalPhase pins the phase a deleted pod ends with before the
// kubelet's final delete (getPhase with podIsTerminal, TerminatePod).
func TestTerminalPhase(t *testing.T) {
	cases := []struct {
		name string
		app  corev1.Container
		want string
	}{
		{"every container exited 0 on SIGTERM: Succeeded", agent("app", func(b *behaviorT) { b.Term.Code = 0 }), "Succeeded"},
		{"exit 143 on SIGTERM: Failed", agent("app"), "Failed"},
		{"SIGKILLed, exit 137: Failed", agent("app", ignoreTerm), "Failed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			start(t, s, podOf("web", 2, nil, tc.app))
			t0 := s.Now()
			if err := s.DeletePod("web", metav1.DeleteOptions{}); err != nil {
				t.Fatal(err)
			}
			s.Settle(time.Hour)
			var after []string
			deleted := false
			for _, e := range s.Timeline() {
				deleted = deleted || (e.At >= t0 && e.Kind == timeline.DeleteRequested)
				if deleted && e.Kind == timeline.Phase {
					after = append(after, e.Label())
				}
			}
			if len(after) != 1 || after[0] != "Phase("+tc.want+")" {
				t.Errorf("phases after the delete = %v, want [Phase(%s)]", after, tc.want)
			}
		})
	}
}
