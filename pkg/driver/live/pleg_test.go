package live

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestParseExitNotice: the kubelet's notice of an exit is its relist's
// "container finished" line or the sync loop's ContainerDied event, at
// the klog line's microsecond; other lines and other PLEG events are not.
func TestParseExitNotice(t *testing.T) {
	at := time.Date(2026, 11, 26, 15, 24, 58, 928392000, time.UTC)
	for _, tc := range []struct {
		name, line string
		id         string
		at         time.Time
	}{
		{"the relist's line", `2026-11-26T15:24:58.928500+0000 node kubelet[666]: I1126 15:24:58.928392     666 generic.go:413] "Generic (PLEG): container finished" podID="fb6e" containerID="11e4c09d" exitCode=143`,
			"11e4c09d", at},
		{"the sync loop's event, zone with a colon", `2026-11-26T15:24:58.928700+00:00 node kubelet[666]: I1126 15:24:58.928392     666 kubelet.go:2737] "SyncLoop (PLEG): event for pod" pod="ns/start-1" event={"ID":"fb6e","Type":"ContainerDied","Data":"e96f1b44"}`,
			"e96f1b44", at},
		{"a start is no exit", `2026-11-26T15:24:57.645600+0000 node kubelet[666]: I1126 15:24:57.645430     666 kubelet.go:2737] "SyncLoop (PLEG): event for pod" pod="ns/start-1" event={"ID":"fb6e","Type":"ContainerStarted","Data":"11e4c09d"}`,
			"", time.Time{}},
		{"another line", `2026-11-26T15:24:59.896663+0000 node kubelet[666]: I1126 15:24:59.896663     666 kubelet.go:2725] "SyncLoop DELETE" source="api" pods=["ns/start-4"]`, "", time.Time{}},
		{"no journal time", `I1126 15:24:58.928392     666 generic.go:413] "Generic (PLEG): container finished" podID="fb6e" containerID="11e4c09d" exitCode=143`, "", time.Time{}},
	} {
		id, got, ok := parseExitNotice(tc.line)
		if id != tc.id || ok != (tc.id != "") || (ok && !got.Equal(tc.at)) {
			t.Errorf("%s: got %q %v %v, want %q at %v", tc.name, id, got, ok, tc.id, tc.at)
		}
	}
}

// TestTerminatedSyncRelist pins TerminatedSync: a deleted pod's
// terminated sync follows the first relist to start after
// SyncTerminatingPod ended, whose last status (the sandbox stopped) is
// seen through the API. The relists are known where the kubelet logged a
// notice of the pod's exits; one that found nothing is a period after the
// last, and within the observers' precision either could be the one.
func TestTerminatedSyncRelist(t *testing.T) {
	ms := time.Millisecond
	exit := timeline.Event{At: 13520 * ms, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 143}
	for _, tc := range []struct {
		name    string
		notices []time.Duration // the pod's notices in the kubelet's log
		stopped time.Duration   // the status with the sandbox stopped seen (0: none)
		gone    time.Duration
		lo, hi  time.Duration
		ok      bool
	}{
		{"the sandbox stopped before the relist that noticed the exit: that relist",
			[]time.Duration{14300 * ms}, 13800 * ms, 14350 * ms, 14300 * ms, 14300 * ms, true},
		{"the sandbox's end noticed a relist later: that later relist",
			[]time.Duration{13600 * ms, 14600 * ms}, 13800 * ms, 14700 * ms, 14600 * ms, 14600 * ms, true},
		{"the termination ended after the only notice: the next relist, which logged nothing (CI, 2026-11-27)",
			[]time.Duration{13600 * ms}, 13950 * ms, 14640 * ms, 14600 * ms, 14600 * ms, true},
		{"the termination ended two periods after the notice: the relist after it",
			[]time.Duration{13600 * ms}, 15000 * ms, 15700 * ms, 15600 * ms, 15600 * ms, true},
		{"the status 50 ms after the notice: either relist",
			[]time.Duration{13600 * ms}, 13650 * ms, 14640 * ms, 13600 * ms, 14600 * ms, true},
		{"the status 50 ms before the notice: either relist",
			[]time.Duration{13600 * ms}, 13550 * ms, 14640 * ms, 13600 * ms, 14600 * ms, true},
		{"the status 200 ms before the notice: that relist",
			[]time.Duration{13800 * ms}, 13600 * ms, 13900 * ms, 13800 * ms, 13800 * ms, true},
		{"the status 200 ms after the notice: the next relist",
			[]time.Duration{13600 * ms}, 13800 * ms, 14640 * ms, 14600 * ms, 14600 * ms, true},
		{"the status 120 ms after the notice: either relist",
			[]time.Duration{13600 * ms}, 13720 * ms, 14640 * ms, 13600 * ms, 14600 * ms, true},
		{"no status with the sandbox stopped: either relist",
			[]time.Duration{13600 * ms}, 0, 14640 * ms, 13600 * ms, 14600 * ms, true},
		{"a stopped sandbox seen before the exit is not the termination's",
			[]time.Duration{13600 * ms}, 13000 * ms, 14640 * ms, 13600 * ms, 14600 * ms, true},
		{"no notice of the pod after the exit's", nil, 13800 * ms, 14350 * ms, 0, 0, false},
		{"a last notice more than a relist's bound after the exit's is not this chain",
			[]time.Duration{13600 * ms, 15200 * ms}, 13800 * ms, 15300 * ms, 0, 0, false},
	} {
		s := testSession(t)
		s.d.notices = &kubeletNotices{died: map[string]time.Time{}, pods: map[string][]time.Time{}}
		for _, n := range tc.notices {
			s.d.notices.pods[s.ns+"/web"] = append(s.d.notices.pods[s.ns+"/web"], s.start.Add(n))
		}
		if tc.stopped > 0 {
			s.record(timeline.Event{At: tc.stopped, Pod: "web", Kind: timeline.Condition,
				Reason: string(corev1.PodReadyToStartContainers), Status: string(corev1.ConditionFalse)})
		}
		n := exit.At
		if len(tc.notices) > 0 {
			n = tc.notices[0]
		}
		lo, hi, ok := s.win.TerminatedSync(exit, n, tc.gone)
		if ok != tc.ok || lo != tc.lo || hi != tc.hi {
			t.Errorf("%s: got [%v, %v] %v, want [%v, %v] %v", tc.name, lo, hi, ok, tc.lo, tc.hi, tc.ok)
		}
	}
}

// TestDeadlineCountsFromTheTruncatedStartTime pins startLag: the
// activeDeadlineSeconds clock starts at the pod's status.startTime, kept
// at whole seconds, so a deadline kill may come as much earlier than the
// rule counted from the container's start as that start came after the
// truncated time (status.feature:221 on 2026-11-27: the container started
// 0.58 s after the create, the deadline seen 0.42 s early).
func TestDeadlineCountsFromTheTruncatedStartTime(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name      string
		startTime time.Duration // status.startTime, session time (-1: none seen)
		want      time.Duration
	}{
		{"startTime 0.42 s before the kubelet's first status (truncated)", -420 * ms, 997 * ms},
		{"startTime on the second", 25 * ms, 552 * ms},
		{"no startTime seen: from the kubelet's first status", -1, 552 * ms},
	} {
		s := testSession(t)
		pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web"}}
		tr := s.obs.track("web", pod)
		tr.obj = pod.DeepCopy()
		if tc.startTime != -1 {
			tr.obj.Status.StartTime = &metav1.Time{Time: s.start.Add(tc.startTime)}
		}
		s.record(timeline.Event{At: 25 * ms, Pod: "web", Kind: timeline.Admitted})
		s.record(timeline.Event{At: 577 * ms, Pod: "web", Container: "app", Kind: timeline.Started})
		if got := s.win.startLag("web"); got != tc.want {
			t.Errorf("%s: startLag %v, want %v", tc.name, got, tc.want)
		}
	}
}
