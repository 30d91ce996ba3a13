package sim

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestCrashLoopBackOffArithmetic pins the kubelet's restart back-off
// (newCrashLoopBackOff, doBackOff): no entry means an immediate restart;
// then 10 s doubling to 300 s; an exit more than 600 s after the last
// restart starts again at 10 s; the key holds the image.
func TestCrashLoopBackOffArithmetic(t *testing.T) {
	s, _ := New(Config{})
	b := newCrashLoopBackOff(s.env)
	at := func(d time.Duration) time.Time { return Epoch.Add(d) }
	key := "web_ns_uid_app_agent:v1"
	if b.IsInBackOffSince(key, at(0)) {
		t.Fatal("the first exit must restart at once: no entry yet")
	}
	var got []time.Duration
	now := time.Duration(0)
	for i := 0; i < 8; i++ {
		s.now = now
		b.Next(key, at(now))
		got = append(got, b.Get(key))
		now += b.Get(key) + time.Second // the next exit comes 1 s after the restart
	}
	want := []time.Duration{10, 20, 40, 80, 160, 300, 300, 300}
	for i := range want {
		if got[i] != want[i]*time.Second {
			t.Fatalf("back-off %d = %s, want %ds (all: %v)", i, got[i], want[i], got)
		}
	}
	cases := []struct {
		name       string
		exitAfter  time.Duration // since the last restart
		checkAfter time.Duration // since the exit
		inBackOff  bool
	}{
		{"an exit 1 s after the restart is in back-off for the whole 300 s", time.Second, 299 * time.Second, true},
		{"the back-off ends 300 s after the exit (finishedAt)", time.Second, 300 * time.Second, false},
		{"an exit 601 s after the last restart resets the back-off (entry expired)", 601 * time.Second, 0, false},
		{"an exit 599 s after the last restart is still in back-off", 599 * time.Second, 0, true},
	}
	last := s.now
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			exit := last + tc.exitAfter
			s.now = exit + tc.checkAfter
			if got := b.IsInBackOffSince(key, at(exit)); got != tc.inBackOff {
				t.Errorf("IsInBackOffSince = %v, want %v", got, tc.inBackOff)
			}
		})
	}
	p := podOf("web", 30, nil, agent("app"))
	a, c := p.Spec.Containers[0], p.Spec.Containers[0]
	c.Image = "other:v2"
	if backoffKey(p, &a) == backoffKey(p, &c) {
		t.Error("a new image must get a new back-off key")
	}
	c = a
	c.Resources.Limits = corev1.ResourceList{corev1.ResourceMemory: resource.MustParse("1Gi")}
	if backoffKey(p, &a) == backoffKey(p, &c) {
		t.Error("new resources must get a new back-off key")
	}
}

// TestRequeueAfterBackOff pins completeWork's requeue: the remaining
// back-off, capped at the resync interval, stretched by [1, 1.5).
func TestRequeueAfterBackOff(t *testing.T) {
	cases := []struct {
		name   string
		errs   []*startError
		lo, hi time.Duration
	}{
		{"a crash-loop back-off: at its expiry, up to 50 % later", []*startError{{retryAt: 10 * time.Second}}, 10 * time.Second, 15 * time.Second},
		{"a long back-off: capped at the 1 min resync interval", []*startError{{retryAt: 300 * time.Second}}, 60 * time.Second, 90 * time.Second},
		{"any other error: the 10 s default back-off", []*startError{{reason: "ErrImagePull"}}, 10 * time.Second, 15 * time.Second},
		{"several: the earliest expiry", []*startError{{retryAt: 40 * time.Second}, {retryAt: 20 * time.Second}}, 20 * time.Second, 30 * time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for seed := int64(0); seed < 50; seed++ {
				s, _ := New(Config{Seed: seed})
				w := &podWorker{k: &kubelet{env: s.env, profile: &s.profile}}
				w.scheduleRequeue(tc.errs, span{})
				if d := w.queue.requeue.at; d < tc.lo || d >= tc.hi {
					t.Fatalf("seed %d: requeued at %s, want in [%s, %s)", seed, d, tc.lo, tc.hi)
				}
			}
		})
	}
}

// TestProbeThresholds pins worker.doProbe's bookkeeping: a result counts
// after failureThreshold failures or successThreshold successes in a row;
// the initial results are readiness Failure, liveness Success, startup
// Unknown; a committed liveness failure holds the worker.
func TestProbeThresholds(t *testing.T) {
	cases := []struct {
		name     string
		kind     probeKind
		answers  []bool
		failures int32
		success  int32
		want     []result // committed result after each probe
	}{
		{"readiness starts at Failure; one success makes it Success", readinessProbe, []bool{false, true}, 3, 1,
			[]result{resultFailure, resultSuccess}},
		{"readiness needs successThreshold successes in a row", readinessProbe, []bool{true, true, false, true, true, true}, 3, 3,
			[]result{resultFailure, resultFailure, resultFailure, resultFailure, resultFailure, resultSuccess}},
		{"liveness starts at Success and fails after failureThreshold failures", livenessProbe, []bool{false, false, false}, 3, 1,
			[]result{resultSuccess, resultSuccess, resultFailure}},
		{"a success between failures starts the count again", livenessProbe, []bool{false, false, true, false, false, false}, 3, 1,
			[]result{resultSuccess, resultSuccess, resultSuccess, resultSuccess, resultSuccess, resultFailure}},
		{"startup starts Unknown", startupProbe, []bool{false, true}, 3, 1,
			[]result{resultUnknown, resultSuccess}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			spec := &corev1.Probe{PeriodSeconds: 1, FailureThreshold: tc.failures, SuccessThreshold: tc.success}
			c := agent("app")
			start(t, s, podOf("web", 30, nil, c))
			k := s.byNode["worker-1"]
			rt := k.workers[s.Pod("web").UID].rt
			ct := rt.ctrNamed("app")
			pw := &probeWorker{m: k.prober, rt: rt, c: ct, kind: tc.kind, spec: spec}
			if tc.kind == startupProbe {
				ct.spec.StartupProbe = spec // started() then waits on this worker
			}
			for i, ans := range tc.answers {
				answer := ans
				spec.ProbeHandler = corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: []string{map[bool]string{true: "true", false: "false"}[answer]}}}
				if tc.kind != startupProbe {
					ct.results[startupProbe] = resultSuccess // liveness and readiness wait for started
				}
				pw.doProbe()
				if got := ct.results[tc.kind]; got != tc.want[i] {
					t.Fatalf("after probe %d (%v): result %d, want %d", i+1, answer, got, tc.want[i])
				}
			}
		})
	}
}

// TestCrashLoopInTheSimulator runs a crashing container and pins what the
// API shows: Error right after the exit, CrashLoopBackOff once the worker
// comes back in back-off, restartCount and lastState.
func TestCrashLoopInTheSimulator(t *testing.T) {
	s := newSim(t, "")
	start(t, s, podOf("web", 30, nil, agent("app", exitAfter(1, time.Second))))
	s.RunUntil(120*time.Second, nil)
	restarts := 0
	for _, e := range s.Timeline() {
		if e.Kind == timeline.Restarted {
			restarts++
		}
	}
	cs := s.Pod("web").Status.ContainerStatuses[0]
	if int(cs.RestartCount) != restarts || restarts < 3 {
		t.Errorf("restartCount %d, Restarted events %d (want ≥3, equal)", cs.RestartCount, restarts)
	}
	if cs.LastTerminationState.Terminated == nil || cs.LastTerminationState.Terminated.ExitCode != 1 {
		t.Errorf("lastState %+v, want terminated exit 1", cs.LastTerminationState)
	}
}
