package sim

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestTerminationOrdering pins the 1.29+ sidecar termination ordering
// (kuberuntime_termination_order.go, newTerminationOrdering and
// waitForTurn, used from killContainer), and the behaviour
// sidecar-grace-end-concurrent: a sidecar whose wait for its turn runs
// out with the grace (waitForTurn returns on its timer;
// killContainersWithSyncResult in kuberuntime_container.go runs each
// killContainer in its own goroutine) stops concurrently with the main
// containers' kill, so its SIGTERM carries timeline.WithoutTurn, written
// "SIGTERM*" here; one whose turn came by the main containers' exits is
// unmarked.
func TestTerminationOrdering(t *testing.T) {
	sleep3 := execHook("sh", "-c", "sleep 3")
	cases := []struct {
		name string
		pod  *corev1.Pod
		want []string
	}{
		{
			name: "sidecars stop after the main containers, the last-defined first",
			pod:  podOf("web", 30, []corev1.Container{sidecar(agent("first")), sidecar(agent("second"))}, agent("app")),
			want: []string{"0s app SIGTERM", "0s app Exited(143)", "0s second SIGTERM", "0s second Exited(143)",
				"0s first SIGTERM", "0s first Exited(143)", "0s - Deleted"},
		},
		{
			name: "a sidecar's SIGTERM waits for a main container that is slow to exit",
			pod:  podOf("web", 30, []corev1.Container{sidecar(agent("proxy"))}, agent("app", termDelay(4*time.Second))),
			want: []string{"0s app SIGTERM", "4s app Exited(143)", "4s proxy SIGTERM", "4s proxy Exited(143)", "4s - Deleted"},
		},
		{
			name: "every preStop starts at t=0, sidecars' included (the seed incident pod today)",
			pod:  podOf("web", 5, []corev1.Container{sidecar(withPreStop(agent("sidecar"), sleep3))}, withPreStop(agent("app"), sleep3)),
			want: []string{"0s sidecar PreStopStarted", "0s app PreStopStarted", "3s sidecar PreStopDone", "3s app PreStopDone",
				"3s app SIGTERM", "3s app Exited(143)", "3s sidecar SIGTERM", "3s sidecar Exited(143)", "3s - Deleted"},
		},
		{
			name: "one budget: a sidecar still waiting when it runs out gets SIGTERM with the 2 s floor",
			pod:  podOf("web", 10, []corev1.Container{sidecar(agent("proxy", ignoreTerm))}, agent("app", ignoreTerm)),
			want: []string{"0s app SIGTERM", "10s proxy SIGTERM*", "10s app SIGKILL", "10s app Exited(137)",
				"12s proxy SIGKILL", "12s proxy Exited(137)", "12s - Deleted"},
		},
		{
			name: "the grace runs out: the app's SIGKILL and the sidecar's SIGTERM are one instant of concurrent work",
			pod:  podOf("web", 10, []corev1.Container{sidecar(agent("proxy"))}, agent("app", ignoreTerm)),
			want: []string{"0s app SIGTERM", "10s proxy SIGTERM*", "10s app SIGKILL", "10s app Exited(137)",
				"10s proxy Exited(143)", "10s - Deleted"},
		},
		{
			name: "the app exits on SIGTERM as the grace ends: its exit races the sidecar's timer",
			pod:  podOf("web", 10, []corev1.Container{sidecar(agent("proxy"))}, agent("app", termDelay(10*time.Second))),
			want: []string{"0s app SIGTERM", "10s proxy SIGTERM*", "10s app Exited(143)", "10s proxy Exited(143)", "10s - Deleted"},
		},
		{
			name: "a main container slow to exit inside the grace: the sidecar follows it, unmarked",
			pod:  podOf("web", 10, []corev1.Container{sidecar(agent("proxy"))}, agent("app", termDelay(9*time.Second))),
			want: []string{"0s app SIGTERM", "9s app Exited(143)", "9s proxy SIGTERM", "9s proxy Exited(143)", "9s - Deleted"},
		},
		{
			name: "the seed incident pod deaf to SIGTERM: 3 s of preStop, then the wait runs out at 5 s with the app's SIGKILL",
			pod:  podOf("web", 5, []corev1.Container{sidecar(withPreStop(agent("sidecar", ignoreTerm), sleep3))}, withPreStop(agent("app", ignoreTerm), sleep3)),
			want: []string{"0s sidecar PreStopStarted", "0s app PreStopStarted", "3s sidecar PreStopDone", "3s app PreStopDone",
				"3s app SIGTERM", "5s sidecar SIGTERM*", "5s app SIGKILL", "5s app Exited(137)",
				"7s sidecar SIGKILL", "7s sidecar Exited(137)", "7s - Deleted"},
		},
		{
			name: "sidecars whose preStop outlasts the grace get SIGTERM together, without waiting",
			pod: podOf("web", 10, []corev1.Container{
				sidecar(withPreStop(agent("first"), execHook("sleep", "100"))),
				sidecar(withPreStop(agent("second"), execHook("sleep", "100")))}, agent("app")),
			want: []string{"0s first PreStopStarted", "0s second PreStopStarted", "0s app SIGTERM", "0s app Exited(143)",
				"10s first PreStopDone", "10s first SIGTERM*", "10s second PreStopDone", "10s second SIGTERM*",
				"10s first Exited(143)", "10s second Exited(143)", "10s - Deleted"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := newSim(t, "")
			start(t, s, tc.pod)
			t0 := s.Now()
			if err := s.DeletePod("web", metav1.DeleteOptions{}); err != nil {
				t.Fatal(err)
			}
			s.Settle(time.Hour)
			diffLines(t, markedTranscript(s, t0), tc.want)
		})
	}
}

// markedTranscript is the kill's transcript with each SIGTERM marked
// timeline.WithoutTurn written "SIGTERM*".
func markedTranscript(s *Simulator, t0 time.Duration) []string {
	got := transcript(s, t0, killKinds...)
	marked := map[string]bool{}
	for _, e := range s.Timeline() {
		if e.At >= t0 && e.Kind == timeline.SIGTERM && e.Message == timeline.WithoutTurn {
			marked[timeline.FormatOffset(e.At-t0)+" "+e.Container+" SIGTERM"] = true
		}
	}
	for i, l := range got {
		if marked[l] {
			got[i] = l + "*"
		}
	}
	return got
}

// TestSidecarsNeverKeepAPodAlive pins computePodActions: once no main
// container runs or will restart, the pod is killed, sidecars included,
// with the pod's own grace (no override), and a terminated sidecar does
// not count for the phase (getPhase).
func TestSidecarsNeverKeepAPodAlive(t *testing.T) {
	s := newSim(t, "")
	p := podOf("job", 30, []corev1.Container{sidecar(agent("logger"))}, agent("app", exitAfter(0, 5*time.Second)))
	p.Spec.RestartPolicy = corev1.RestartPolicyNever
	start(t, s, p)
	s.Settle(time.Hour)
	want := []string{"5s app Exited(0)", "5s logger SIGTERM", "5s logger Exited(143)", "5s - Phase(Succeeded)"}
	diffLines(t, transcript(s, 0, timeline.Exited, timeline.SIGTERM, timeline.SIGKILL, timeline.Phase)[1:], want)
	if s.Pod("job") == nil {
		t.Fatal("a completed pod that was not deleted must stay in the API")
	}
}
