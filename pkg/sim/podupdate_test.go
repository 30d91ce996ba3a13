package sim

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestSetImageRestartsTheContainer: a running container whose image is
// changed (a pod update) is killed with the definition-changed message,
// its preStop hook and the pod's grace, and started again with the new
// image, its restart count one more; the other container is kept.
func TestSetImageRestartsTheContainer(t *testing.T) {
	s := newSim(t, "")
	sleeper := func(name string) corev1.Container {
		return corev1.Container{Name: name, Image: "busybox:1.36", Command: []string{"sleep", "3600"}}
	}
	pod := podOf("web", 5, nil, withPreStop(sleeper("app"), execHook("sleep", "2")), sleeper("side"))
	if err := s.CreatePod(pod); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(10*time.Second, nil)
	if err := s.SetImage("web", "app", "docker.io/library/busybox:1.36"); err != nil {
		t.Fatal(err)
	}
	at := s.Now()
	s.RunUntil(at+20*time.Second, nil)
	var got []string
	for _, e := range s.Timeline() {
		if e.At < at || e.Pod != "web" {
			continue
		}
		line := timeline.FormatOffset(e.At-at) + " " + e.Container + " "
		switch e.Kind {
		case timeline.PreStopStarted, timeline.PreStopDone, timeline.SIGTERM, timeline.SIGKILL, timeline.Started, timeline.Restarted:
			got = append(got, line+string(e.Kind))
		case timeline.Exited:
			got = append(got, line+"Exited")
		case timeline.KubeEvent:
			if e.Reason == "Killing" {
				got = append(got, line+"Killing: "+e.Message)
			}
		}
	}
	want := []string{
		"0s app Killing: Container app definition changed, will be restarted",
		"0s app PreStopStarted",
		"2s app PreStopDone",
		"2s app SIGTERM",
		"5s app SIGKILL", // sleep as PID 1 ignores SIGTERM: the rest of the grace, 3 s
		"5s app Exited",
		"5s app Restarted",
		"5s app Started",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("after the image change:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	p := s.Pod("web")
	for _, cs := range p.Status.ContainerStatuses {
		switch {
		case cs.Name == "app" && (cs.RestartCount != 1 || cs.State.Running == nil):
			t.Errorf("app: restarts %d, state %+v: want 1 restart, running", cs.RestartCount, cs.State)
		case cs.Name == "side" && cs.RestartCount != 0:
			t.Errorf("side restarted %d times", cs.RestartCount)
		}
	}
	if err := s.SetImage("web", "nope", "busybox:1.37"); err == nil {
		t.Error("a container the pod does not have: no error")
	}
	if err := s.SetImage("web", "app", ""); err == nil {
		t.Error("an empty image: no error")
	}
}
