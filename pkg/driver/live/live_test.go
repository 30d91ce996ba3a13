package live

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

func TestRecorderKeepsTimeOrderWhateverTheArrival(t *testing.T) {
	t.Parallel()
	var r recorder
	for _, at := range []time.Duration{3, 1, 2, 1, 5} {
		r.add(timeline.Event{At: at * time.Second, Kind: timeline.SIGTERM})
	}
	var got []string
	for _, e := range r.snapshot(-1) {
		got = append(got, timeline.FormatOffset(e.At)+"#"+string(rune('0'+e.Seq)))
	}
	// Equal times keep their order of arrival.
	if want := "1s#2 1s#4 2s#3 3s#1 5s#5"; strings.Join(got, " ") != want {
		t.Errorf("got %s, want %s", strings.Join(got, " "), want)
	}
	if n := len(r.snapshot(2 * time.Second)); n != 3 {
		t.Errorf("snapshot up to 2s has %d events, want 3", n)
	}
}

func TestEstimatePlacesWholeSecondStampsWithTheirObservation(t *testing.T) {
	t.Parallel()
	base := time.Date(2026, 1, 1, 0, 0, 10, 0, time.UTC)
	cases := []struct {
		name      string
		api, seen time.Time
		want      time.Time
	}{
		{"seen within the API's second", base, base.Add(400 * time.Millisecond), base.Add(200 * time.Millisecond)},
		{"seen a little after it", base, base.Add(1200 * time.Millisecond), base.Add(500 * time.Millisecond)},
		{"seen late: the lag bounds it", base, base.Add(2300 * time.Millisecond), base.Add(900 * time.Millisecond)},
		{"seen later than the lag allows: the API's second alone", base, base.Add(4700 * time.Millisecond), base.Add(500 * time.Millisecond)},
		{"no API time", time.Time{}, base, base},
		{"a clock that disagrees", base.Add(5 * time.Second), base, base},
	}
	for _, c := range cases {
		if got := estimate(c.api, c.seen, 1500*time.Millisecond); !got.Equal(c.want) {
			t.Errorf("%s: got %s, want %s", c.name, got.Sub(base), c.want.Sub(base))
		}
	}
}

func TestHooksAreRecognisedByTheirCommand(t *testing.T) {
	t.Parallel()
	c := &corev1.Container{Lifecycle: &corev1.Lifecycle{
		PreStop:   &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: []string{"sh", "-c", "sleep 3"}}},
		PostStart: &corev1.LifecycleHandler{HTTPGet: &corev1.HTTPGetAction{Path: "/started"}},
	}}
	if got := matchExec(c, []string{"/bin/sh", "-c", "sleep 3"}); got != hookPreStop {
		t.Errorf("preStop exec: %d", got)
	}
	if got := matchExec(c, []string{"sh", "-c", "sleep 4"}); got != hookNone {
		t.Errorf("another command: %d", got)
	}
	if got := matchHTTP(c, "/started"); got != hookPostStart {
		t.Errorf("postStart HTTP: %d", got)
	}
	if containerOf("spec.initContainers{proxy}") != "proxy" || containerOf("") != "" {
		t.Error("containerOf")
	}
}

func TestNamesAndLabels(t *testing.T) {
	t.Parallel()
	ns := namespaceName("grace-13")
	if !strings.HasPrefix(ns, "podlife-grace-13-") || len(ns) > 63 {
		t.Errorf("namespace %q", ns)
	}
	if ns := namespaceName(strings.Repeat("x", 100)); len(ns) > 63 {
		t.Errorf("namespace %q is too long", ns)
	}
	if got := labelValue("a/b c"); got != "a-b-c" {
		t.Errorf("label value %q", got)
	}
	if normImage("busybox:1.36") != normImage("docker.io/library/busybox:1.36") {
		t.Error("busybox:1.36 and docker.io/library/busybox:1.36 are one image")
	}
	if minor("v1.36.3") != "1.36" || minor("1.27") != "1.27" {
		t.Error("minor")
	}
}
