package sim

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// upgradedSim is a simulator whose kubelet runs kubelet under a control
// plane of release cp, with pod p started.
func upgradedSim(t *testing.T, kubelet, cp string, p *corev1.Pod) *Simulator {
	t.Helper()
	s := newSim(t, "")
	if err := s.SetVersions(kubelet, cp); err != nil {
		t.Fatal(err)
	}
	start(t, s, p)
	return s
}

// TestUpgradeKubeletHash pins which kubelet upgrades restart the running
// containers: those whose HashContainer rule changes between the two
// releases (pickFieldsToHash from 1.31, the whole serialized spec
// before; pkg/kubelet/container/helpers.go), each case naming the pair.
func TestUpgradeKubeletHash(t *testing.T) {
	cases := []struct {
		name         string
		from, to, cp string
		restarts     int32
	}{
		{"1.27 to 1.28: both hash the whole spec, serialized alike", "1.27", "1.28", "1.28", 0},
		{"1.29 to 1.30: both hash the whole spec", "1.29", "1.30", "1.30", 0},
		{"1.30 to 1.31: the whole spec, then name and image (PR #124220, issue #129385)", "1.30", "1.31", "1.31", 1},
		{"1.28 to 1.31, three releases up across the change", "1.28", "1.31", "1.31", 1},
		{"1.31 to 1.32: both hash name and image", "1.31", "1.32", "1.32", 0},
		{"1.33 to 1.36: both hash name and image", "1.33", "1.36", "1.36", 0},
		{"1.35 to 1.36", "1.35", "1.36", "1.36", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := upgradedSim(t, tc.from, tc.cp, podOf("web", 30, nil, agent("app"), agent("logger")))
			if err := s.UpgradeKubelet("worker-1", tc.to); err != nil {
				t.Fatal(err)
			}
			s.Settle(time.Hour)
			for _, st := range s.Pod("web").Status.ContainerStatuses {
				if st.RestartCount != tc.restarts || st.State.Running == nil {
					t.Errorf("container %s: restartCount %d (want %d), state %+v", st.Name, st.RestartCount, tc.restarts, st.State)
				}
			}
			if got := s.byNode["worker-1"].profile.Version; got != tc.to {
				t.Errorf("the kubelet runs the %s profile, want %s", got, tc.to)
			}
			if got := s.Profile().Version; got != tc.from {
				t.Errorf("the cluster's kubelet profile became %s: only the node's kubelet is upgraded", got)
			}
		})
	}
}

// TestUpgradeKubeletKillsThenStarts: SyncPod kills every container whose
// definition changed (its step 3, one after the other) before it starts
// any (step 7): the second container's preStop begins when the first has
// stopped, and both start again once both have stopped.
func TestUpgradeKubeletKillsThenStarts(t *testing.T) {
	sleep2 := execHook("sh", "-c", "sleep 2")
	s := upgradedSim(t, "1.30", "1.31", podOf("web", 30, nil, withPreStop(agent("app"), sleep2), withPreStop(agent("logger"), sleep2)))
	s.RunUntil(s.Now()+10*time.Second, nil)
	t0 := s.Now()
	if err := s.UpgradeKubelet("worker-1", "1.31"); err != nil {
		t.Fatal(err)
	}
	s.Settle(time.Hour)
	kinds := append([]timeline.Kind{timeline.Started}, killKinds...)
	diffLines(t, transcript(s, t0, kinds...), []string{
		"0s app PreStopStarted", "2s app PreStopDone", "2s app SIGTERM", "2s app Exited(143)",
		"2s logger PreStopStarted", "4s logger PreStopDone", "4s logger SIGTERM", "4s logger Exited(143)",
		"4s app Started", "4s logger Started",
	})
}

// TestUpgradeKubeletRefuses: the upgrades podlife does not model are
// errors that say why.
func TestUpgradeKubeletRefuses(t *testing.T) {
	cases := []struct {
		name, node, from, to, cp, why string
	}{
		{"the same release is a restart", "worker-1", "1.35", "1.35", "1.36", "the same release again is a restart"},
		{"a downgrade", "worker-1", "1.35", "1.34", "1.36", "is a downgrade"},
		{"newer than the control plane (version skew policy)", "worker-1", "1.35", "1.36", "1.35", "outside Kubernetes' version skew policy"},
		{"a release the simulator does not model", "worker-1", "1.35", "1.37", "1.36", "not modelled"},
		{"a node that does not exist", "worker-2", "1.35", "1.36", "1.36", "does not exist"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := upgradedSim(t, tc.from, tc.cp, podOf("web", 30, nil, agent("app")))
			err := s.UpgradeKubelet(tc.node, tc.to)
			if err == nil || !strings.Contains(err.Error(), tc.why) {
				t.Fatalf("UpgradeKubelet(%s → %s under %s) = %v, want an error saying %q", tc.from, tc.to, tc.cp, err, tc.why)
			}
			if got := s.byNode["worker-1"].profile.Version; got != tc.from {
				t.Errorf("a refused upgrade left the kubelet at %s", got)
			}
		})
	}
}

// TestHashContainer: the two rules of HashContainer. From 1.31 only the
// name and the image count; up to 1.30 every field of the spec does; a
// hash of one rule never equals one of the other.
func TestHashContainer(t *testing.T) {
	old, cur := profileFor(30), profileFor(31)
	c := agent("app")
	withEnv := c
	withEnv.Env = []corev1.EnvVar{{Name: "A", Value: "1"}}
	otherImage := c
	otherImage.Image = "nginx:1.27"
	for _, tc := range []struct {
		name  string
		p     Profile
		a, b  corev1.Container
		equal bool
	}{
		{"1.31: the same container", cur, c, c, true},
		{"1.31: another env, the same name and image", cur, c, withEnv, true},
		{"1.31: another image", cur, c, otherImage, false},
		{"1.30: the same container", old, c, c, true},
		{"1.30: another env changes the whole spec", old, c, withEnv, false},
	} {
		if got := hashContainer(&tc.p, &tc.a) == hashContainer(&tc.p, &tc.b); got != tc.equal {
			t.Errorf("%s: equal %v, want %v", tc.name, got, tc.equal)
		}
	}
	if hashContainer(&old, &c) == hashContainer(&cur, &c) {
		t.Error("a 1.30 hash equals a 1.31 hash of the same container")
	}
}
