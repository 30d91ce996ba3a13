package printer

import (
	"fmt"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

var now = time.Date(2026, 1, 1, 0, 10, 0, 0, time.UTC)

func running(name string, ready bool) corev1.ContainerStatus {
	return corev1.ContainerStatus{Name: name, Ready: ready, State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{}}}
}

func terminated(name, reason string, code int32) corev1.ContainerStatus {
	return corev1.ContainerStatus{Name: name, State: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{Reason: reason, ExitCode: code}}}
}

func waiting(name, reason string) corev1.ContainerStatus {
	return corev1.ContainerStatus{Name: name, State: corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: reason}}}
}

func restarted(cs corev1.ContainerStatus, n int32, ago time.Duration) corev1.ContainerStatus {
	cs.RestartCount = n
	cs.LastTerminationState.Terminated = &corev1.ContainerStateTerminated{ExitCode: 1, Reason: "Error", FinishedAt: metav1.NewTime(now.Add(-ago))}
	return cs
}

func pod(phase corev1.PodPhase, inits []corev1.Container, containers int, init, main []corev1.ContainerStatus, conds ...corev1.PodConditionType) *corev1.Pod {
	p := &corev1.Pod{Spec: corev1.PodSpec{InitContainers: inits}, Status: corev1.PodStatus{Phase: phase, InitContainerStatuses: init, ContainerStatuses: main}}
	for i := 0; i < containers; i++ {
		p.Spec.Containers = append(p.Spec.Containers, corev1.Container{Name: "c" + string(rune('0'+i))})
	}
	for _, c := range conds {
		p.Status.Conditions = append(p.Status.Conditions, corev1.PodCondition{Type: c, Status: corev1.ConditionTrue})
	}
	return p
}

func initC(name string, sidecar bool) corev1.Container {
	c := corev1.Container{Name: name}
	if sidecar {
		always := corev1.ContainerRestartPolicyAlways
		c.RestartPolicy = &always
	}
	return c
}

// TestPrintPod pins printPod (pkg/printers/internalversion/printers.go),
// each case naming the rule, with the rows of seed 001's STATUS table.
func TestPrintPod(t *testing.T) {
	deleted := func(p *corev1.Pod) *corev1.Pod { ts := metav1.NewTime(now); p.DeletionTimestamp = &ts; return p }
	withReason := func(p *corev1.Pod, r string) *corev1.Pod { p.Status.Reason = r; return p }
	started := func(cs corev1.ContainerStatus) corev1.ContainerStatus { t := true; cs.Started = &t; return cs }
	cases := []struct {
		name string
		pod  *corev1.Pod
		opts Options
		want Columns
	}{
		{"all running and ready: Running", pod(corev1.PodRunning, nil, 1, nil, []corev1.ContainerStatus{running("c0", true)}, corev1.PodReady),
			Current, Columns{"Running", "1/1", "0"}},
		{"a container waiting: its reason (ContainerCreating)", pod(corev1.PodPending, nil, 1, nil, []corev1.ContainerStatus{waiting("c0", "ContainerCreating")}),
			Current, Columns{"ContainerCreating", "0/1", "0"}},
		{"CrashLoopBackOff with the last restart's age", pod(corev1.PodRunning, nil, 1, nil, []corev1.ContainerStatus{restarted(waiting("c0", "CrashLoopBackOff"), 3, 40*time.Second)}),
			Current, Columns{"CrashLoopBackOff", "0/1", "3 (40s ago)"}},
		{"the lowest-index container not running wins", pod(corev1.PodPending, nil, 2, nil, []corev1.ContainerStatus{waiting("c0", "ErrImagePull"), waiting("c1", "CreateContainerConfigError")}),
			Current, Columns{"ErrImagePull", "0/2", "0"}},
		{"a terminated container's reason: Error", pod(corev1.PodFailed, nil, 1, nil, []corev1.ContainerStatus{terminated("c0", "Error", 1)}),
			Current, Columns{"Error", "0/1", "0"}},
		{"every container exited 0: Completed", pod(corev1.PodSucceeded, nil, 1, nil, []corev1.ContainerStatus{terminated("c0", "Completed", 0)}),
			Current, Columns{"Completed", "0/1", "0"}},
		{"OOMKilled", pod(corev1.PodRunning, nil, 1, nil, []corev1.ContainerStatus{terminated("c0", "OOMKilled", 137)}),
			Current, Columns{"OOMKilled", "0/1", "0"}},
		{"no reason: ExitCode:N", pod(corev1.PodFailed, nil, 1, nil, []corev1.ContainerStatus{terminated("c0", "", 3)}),
			Current, Columns{"ExitCode:3", "0/1", "0"}},
		{"Completed while another runs and the pod is Ready: Running", pod(corev1.PodRunning, nil, 2, nil, []corev1.ContainerStatus{terminated("c0", "Completed", 0), running("c1", true)}, corev1.PodReady),
			Current, Columns{"Running", "1/2", "0"}},
		{"Completed while another runs, pod not Ready: NotReady", pod(corev1.PodRunning, nil, 2, nil, []corev1.ContainerStatus{terminated("c0", "Completed", 0), running("c1", true)}),
			Current, Columns{"NotReady", "1/2", "0"}},
		{"1.35+: Completed but another container failed: its reason", pod(corev1.PodFailed, nil, 2, nil, []corev1.ContainerStatus{terminated("c0", "Completed", 0), terminated("c1", "Error", 1)}),
			Current, Columns{"Error", "0/2", "0"}},
		{"before 1.35 the same pod showed Completed", pod(corev1.PodFailed, nil, 2, nil, []corev1.ContainerStatus{terminated("c0", "Completed", 0), terminated("c1", "Error", 1)}),
			Options{TerminatingOnlyIfNotTerminal: true}, Columns{"Completed", "0/2", "0"}},
		{"an init container running: Init:0/1", pod(corev1.PodPending, []corev1.Container{initC("i0", false)}, 1, []corev1.ContainerStatus{running("i0", false)}, []corev1.ContainerStatus{waiting("c0", "PodInitializing")}),
			Current, Columns{"Init:0/1", "0/1", "0"}},
		{"a failed init container: Init:Error", pod(corev1.PodFailed, []corev1.Container{initC("i0", false)}, 1, []corev1.ContainerStatus{terminated("i0", "Error", 1)}, []corev1.ContainerStatus{waiting("c0", "PodInitializing")}),
			Current, Columns{"Init:Error", "0/1", "0"}},
		{"an init container backing off: Init:CrashLoopBackOff, init restarts counted", pod(corev1.PodPending, []corev1.Container{initC("i0", false)}, 1, []corev1.ContainerStatus{restarted(waiting("i0", "CrashLoopBackOff"), 2, 10*time.Second)}, []corev1.ContainerStatus{waiting("c0", "PodInitializing")}),
			Current, Columns{"Init:CrashLoopBackOff", "0/1", "2 (10s ago)"}},
		{"an init image that cannot be pulled: Init:ImagePullBackOff", pod(corev1.PodPending, []corev1.Container{initC("i0", false)}, 1, []corev1.ContainerStatus{waiting("i0", "ImagePullBackOff")}, []corev1.ContainerStatus{waiting("c0", "PodInitializing")}),
			Current, Columns{"Init:ImagePullBackOff", "0/1", "0"}},
		{"a started sidecar counts in READY and is skipped", pod(corev1.PodRunning, []corev1.Container{initC("proxy", true)}, 1, []corev1.ContainerStatus{started(running("proxy", true))}, []corev1.ContainerStatus{running("c0", true)}, corev1.PodReady, corev1.PodInitialized),
			Current, Columns{"Running", "2/2", "0"}},
		{"a rejected pod has no container statuses: its reason", withReason(pod(corev1.PodFailed, nil, 1, nil, nil), "OutOfcpu"),
			Current, Columns{"OutOfcpu", "0/1", "0"}},
		{"an evicted pod whose container terminated shows Error, not Evicted", withReason(pod(corev1.PodFailed, nil, 1, nil, []corev1.ContainerStatus{terminated("c0", "Error", 137)}), "Evicted"),
			Current, Columns{"Error", "0/1", "0"}},
		{"deleted and still running: Terminating", deleted(pod(corev1.PodRunning, nil, 1, nil, []corev1.ContainerStatus{running("c0", true)}, corev1.PodReady)),
			Current, Columns{"Terminating", "1/1", "0"}},
		{"1.31+: deleted and terminal shows its reason", deleted(pod(corev1.PodFailed, nil, 1, nil, []corev1.ContainerStatus{terminated("c0", "Error", 143)})),
			Current, Columns{"Error", "0/1", "0"}},
		{"before 1.31: any deleted pod shows Terminating", deleted(pod(corev1.PodFailed, nil, 1, nil, []corev1.ContainerStatus{terminated("c0", "Error", 143)})),
			Options{}, Columns{"Terminating", "0/1", "0"}},
		{"NodeLost with a deletion: Unknown (no code sets NodeLost any more)", withReason(deleted(pod(corev1.PodRunning, nil, 1, nil, nil)), "NodeLost"),
			Current, Columns{"Unknown", "0/1", "0"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Pod(tc.pod, now, tc.opts); got != tc.want {
				t.Errorf("Pod() = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestInitProgress: the texts made once are the ones the printer formats.
func TestInitProgress(t *testing.T) {
	for n := 1; n <= 10; n++ {
		for i := range n {
			if got, want := initProgress(i, n), fmt.Sprintf("Init:%d/%d", i, n); got != want {
				t.Errorf("initProgress(%d, %d) = %q, want %q", i, n, got, want)
			}
		}
	}
}

// TestForMinor pins the printer's two version switches where the source
// changed them (printPod, v1.30.14 against v1.31.14 and v1.34.4 against
// v1.35.4), and that the newest is Current.
func TestForMinor(t *testing.T) {
	for _, tc := range []struct {
		minor int
		want  Options
	}{
		{30, Options{}},
		{31, Options{TerminatingOnlyIfNotTerminal: true}},
		{34, Options{TerminatingOnlyIfNotTerminal: true}},
		{35, Options{TerminatingOnlyIfNotTerminal: true, CompletedShowsError: true}},
		{36, Current},
	} {
		if got := ForMinor(tc.minor); got != tc.want {
			t.Errorf("ForMinor(%d) = %+v, want %+v", tc.minor, got, tc.want)
		}
	}
}
