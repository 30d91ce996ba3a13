package live

import (
	"testing"
	"time"
)

// TestParseTaskExit: the runtime's exit events place a container's end to
// the nanosecond; exec'd processes and other topics are not container
// ends.
func TestParseTaskExit(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		id         string
		at         time.Time
		status     int
	}{
		{"protobuf timestamp", `2026-11-23 22:40:01.5 +0000 UTC k8s.io /tasks/exit {"container_id":"abc","id":"abc","pid":42,"exit_status":137,"exited_at":{"seconds":1795473601,"nanos":250000000}}`,
			"abc", time.Unix(1795473601, 250000000), 137},
		{"RFC 3339 timestamp", `2026-11-23 22:40:01.5 +0000 UTC k8s.io /tasks/exit {"container_id":"abc","id":"abc","pid":42,"exit_status":143,"exited_at":"2026-11-23T22:40:01.123456789Z"}`,
			"abc", time.Date(2026, 11, 23, 22, 40, 1, 123456789, time.UTC), 143},
		{"an exec'd probe is not the container's end", `t k8s.io /tasks/exit {"container_id":"abc","id":"exec-1","pid":43,"exit_status":0,"exited_at":{"seconds":1795473601}}`, "", time.Time{}, 0},
		{"another topic", `t k8s.io /tasks/start {"container_id":"abc","pid":42}`, "", time.Time{}, 0},
		{"not an event", `ctr: failed to dial`, "", time.Time{}, 0},
	} {
		id, ex, ok := parseTaskExit(tc.line)
		if id != tc.id || ok != (tc.id != "") || (ok && (!ex.At.Equal(tc.at) || ex.Status != tc.status)) {
			t.Errorf("%s: got %q %+v %v, want %q at %v status %d", tc.name, id, ex, ok, tc.id, tc.at, tc.status)
		}
	}
}

// TestParseContainerCreate: the runtime's create event places the
// kubelet's CreateContainer call, at the event's own time.
func TestParseContainerCreate(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		id         string
		at         time.Time
	}{
		{"a create", `2026-11-26 15:24:57.5 +0000 UTC k8s.io /containers/create {"id":"abc","image":"busybox:1.36","runtime":{"name":"io.containerd.runc.v2"}}`,
			"abc", time.Date(2026, 11, 26, 15, 24, 57, 500000000, time.UTC)},
		{"an exit is no create", `2026-11-26 15:24:57.5 +0000 UTC k8s.io /tasks/exit {"container_id":"abc","id":"abc","exit_status":0}`, "", time.Time{}},
		{"no time", `k8s.io /containers/create {"id":"abc"}`, "", time.Time{}},
	} {
		id, at, ok := parseContainerCreate(tc.line)
		if id != tc.id || ok != (tc.id != "") || (ok && !at.Equal(tc.at)) {
			t.Errorf("%s: got %q %v %v, want %q at %v", tc.name, id, at, ok, tc.id, tc.at)
		}
	}
}

// TestParseTaskStart: the runtime's start event places a container's
// process start at the event's own time; other topics are not starts.
func TestParseTaskStart(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		id         string
		at         time.Time
	}{
		{"a start", `2026-11-27 01:20:15.25 +0000 UTC k8s.io /tasks/start {"container_id":"abc","pid":42}`,
			"abc", time.Date(2026, 11, 27, 1, 20, 15, 250000000, time.UTC)},
		{"an exec'd process is another topic", `2026-11-27 01:20:15.25 +0000 UTC k8s.io /tasks/exec-started {"container_id":"abc","exec_id":"e1","pid":43}`, "", time.Time{}},
		{"a create is no start", `2026-11-27 01:20:15.25 +0000 UTC k8s.io /containers/create {"id":"abc"}`, "", time.Time{}},
		{"no time", `k8s.io /tasks/start {"container_id":"abc","pid":42}`, "", time.Time{}},
	} {
		id, at, ok := parseTaskStart(tc.line)
		if id != tc.id || ok != (tc.id != "") || (ok && !at.Equal(tc.at)) {
			t.Errorf("%s: got %q %v %v, want %q at %v", tc.name, id, at, ok, tc.id, tc.at)
		}
	}
}
