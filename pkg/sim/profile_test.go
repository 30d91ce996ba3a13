package sim

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestProfiles pins the termination rules that changed between kubelet
// releases, each case naming the change.
func TestProfiles(t *testing.T) {
	deaf := agent("app", ignoreTerm)
	sleep3 := execHook("sh", "-c", "sleep 3")
	cases := []struct {
		name    string
		version string
		pod     *corev1.Pod
		grace   *int64
		want    []string
	}{
		{
			name: "1.36: the override comes first, preStop shares the grace: SIGKILL at 5 s",
			pod:  podOf("web", 5, nil, withPreStop(deaf, sleep3)),
			want: []string{"0s app PreStopStarted", "3s app PreStopDone", "3s app SIGTERM", "5s app SIGKILL", "5s app Exited(137)", "5s - Deleted"},
		},
		{
			name:    "1.27: the override replaces the grace after the floor: preStop time is not deducted, SIGKILL at 8 s",
			version: "1.27",
			pod:     podOf("web", 5, nil, withPreStop(deaf, sleep3)),
			want:    []string{"0s app PreStopStarted", "3s app PreStopDone", "3s app SIGTERM", "8s app SIGKILL", "8s app Exited(137)", "8s - Deleted"},
		},
		{
			name:    "1.27: grace 1 reaches the runtime as is, under the floor: SIGKILL 1 s after SIGTERM",
			version: "1.27",
			pod:     podOf("web", 1, nil, deaf),
			want:    []string{"0s app SIGTERM", "1s app SIGKILL", "1s app Exited(137)", "1s - Deleted"},
		},
		{
			name:    "1.27: a force delete skips preStop (base grace 0) and kills with the spec's 30 s",
			version: "1.27",
			pod:     podOf("web", 30, nil, withPreStop(deaf, sleep3)),
			grace:   ptr(int64(0)),
			want:    []string{"0s - Deleted", "0s app SIGTERM", "30s app SIGKILL", "30s app Exited(137)"},
		},
		{
			name:    "1.30: a force delete still gives the spec's grace (0 counted as unset), preStop included",
			version: "1.30",
			pod:     podOf("web", 30, nil, withPreStop(deaf, sleep3)),
			grace:   ptr(int64(0)),
			want:    []string{"0s - Deleted", "0s app PreStopStarted", "3s app PreStopDone", "3s app SIGTERM", "30s app SIGKILL", "30s app Exited(137)"},
		},
		{
			name:    "1.31: a force delete kills with 1 and the floor",
			version: "1.31",
			pod:     podOf("web", 30, nil, deaf),
			grace:   ptr(int64(0)),
			want:    []string{"0s - Deleted", "0s app SIGTERM", "2s app SIGKILL", "2s app Exited(137)"},
		},
		{
			name:    "1.29: sidecars wait for the main containers",
			version: "1.29",
			pod:     podOf("web", 30, []corev1.Container{sidecar(agent("proxy"))}, agent("app", termDelay(4*time.Second))),
			want:    []string{"0s app SIGTERM", "4s app Exited(143)", "4s proxy SIGTERM", "4s proxy Exited(143)", "4s - Deleted"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := newSim(t, tc.version)
			start(t, s, tc.pod)
			t0 := s.Now()
			if err := s.DeletePod("web", metav1.DeleteOptions{GracePeriodSeconds: tc.grace}); err != nil {
				t.Fatal(err)
			}
			s.Settle(time.Hour)
			diffLines(t, transcript(s, t0, killKinds...), tc.want)
		})
	}
}

func TestProfileVersions(t *testing.T) {
	for _, v := range []string{"1.27", "v1.36.3", "1.30.0", ""} {
		if _, err := ProfileFor(v); err != nil {
			t.Errorf("ProfileFor(%q): %v", v, err)
		}
	}
	for _, v := range []string{"1.26", "1.37", "2.0", "latest"} {
		if _, err := ProfileFor(v); err == nil {
			t.Errorf("ProfileFor(%q) accepted", v)
		}
	}
	// A 1.27 API server does not know a container's restartPolicy, and a
	// 1.28 one drops it with SidecarContainers off (its default; seen on
	// v1.28.15): the sidecar is stored as a regular init container.
	for _, v := range []string{"1.27", "1.28"} {
		s, _ := New(Config{KubeletVersion: v})
		s.AddNode(&corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "n"}})
		p := podOf("web", 30, []corev1.Container{sidecar(agent("proxy"))}, agent("app"))
		if err := s.CreatePod(p); err != nil {
			t.Fatal(err)
		}
		if got := s.Pod("web").Spec.InitContainers[0].RestartPolicy; got != nil {
			t.Errorf("%s kept the sidecar's restartPolicy %s", v, *got)
		}
		if p.Spec.InitContainers[0].RestartPolicy == nil {
			t.Error("the caller's pod was changed")
		}
	}
}

// TestVersionSkew pins the skewed cluster: the kubelet's switches from its
// own profile, the API server's, scheduler's and printer's from the
// control plane's, within the version skew policy only.
func TestVersionSkew(t *testing.T) {
	for _, tc := range []struct {
		kubelet, cp string
		ok          bool
	}{
		{"1.34", "1.36", true},
		{"1.33", "1.36", true},
		{"1.32", "1.36", false}, // four minor versions older
		{"1.36", "1.35", false}, // a kubelet newer than its API server
		{"1.34", "", true},      // the kubelet's own control plane
		{"", "1.33", true},      // a control plane alone: a 1.33 cluster
	} {
		s, err := New(Config{KubeletVersion: tc.kubelet, ControlPlaneVersion: tc.cp})
		if (err == nil) != tc.ok {
			t.Errorf("kubelet %s, control plane %q: err %v", tc.kubelet, tc.cp, err)
			continue
		}
		if err != nil {
			continue
		}
		want, wantKubelet := tc.cp, tc.kubelet
		if want == "" {
			want = tc.kubelet
		}
		if wantKubelet == "" {
			wantKubelet = tc.cp
		}
		if s.Profile().Version != wantKubelet || s.ControlPlaneProfile().Version != want {
			t.Errorf("kubelet %s, control plane %q: profiles %s and %s", tc.kubelet, tc.cp, s.Profile().Version, s.ControlPlaneProfile().Version)
		}
	}
	// A 1.34 kubelet under a 1.36 API server: the API server keeps the
	// container's restartPolicy (ContainerRestartRules on), the kubelet
	// (gate off) reads the pod's Never, and the printer is 1.36's.
	s, _ := New(Config{KubeletVersion: "1.34", ControlPlaneVersion: "1.36"})
	if !s.ControlPlaneProfile().CompletedShowsError || s.Profile().RequeueAtBackoffExpiry || s.Profile().ContainerRestartRules {
		t.Errorf("1.34 under 1.36: kubelet %+v, control plane %+v", s.Profile(), s.ControlPlaneProfile())
	}
	if err := s.SetVersions("1.36", "1.34"); err == nil {
		t.Error("SetVersions accepted a kubelet newer than its API server")
	}
}
