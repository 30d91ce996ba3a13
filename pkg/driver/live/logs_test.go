package live

import "testing"

// TestOwnLog: a stream of an instance's log read again begins with the
// line the instance's log began with; one that begins otherwise is its
// successor's (a reboot replaced the container while the stream was
// down: reboot.feature:151 on kind, 2026-11-29).
func TestOwnLog(t *testing.T) {
	start := `{"t":"2026-11-29T10:20:00.1Z","ev":"start"}`
	next := `{"t":"2026-11-29T10:24:44.3Z","ev":"start"}`
	in := &instTrack{}
	for _, c := range []struct {
		line string
		want bool
	}{
		{start, true}, // the first stream: its first line is the instance's
		{start, true}, // read again from the start after a reconnect
		{next, false}, // the successor's log
	} {
		if got := in.ownLog(c.line); got != c.want {
			t.Errorf("ownLog(%s) = %v, want %v", c.line, got, c.want)
		}
	}
}
