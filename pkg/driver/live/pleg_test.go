package live

import (
	"testing"
	"time"
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
