package timeline

import (
	"testing"
	"time"
	"unsafe"
)

// TestTimelineAcrossChunks: events read back in order with their sequence
// numbers whether the timeline is read often or once, before, at and
// after chunk boundaries.
func TestTimelineAcrossChunks(t *testing.T) {
	for _, every := range []int{1, 7, chunkLen, 3*chunkLen + 5} {
		var tl Timeline
		check := func() {
			t.Helper()
			evs := tl.Events()
			if len(evs) != tl.Len() {
				t.Fatalf("read every %d: %d events, Len %d", every, len(evs), tl.Len())
			}
			for i, e := range evs {
				if e.Seq != uint64(i+1) || e.Code != i {
					t.Fatalf("read every %d: event %d is seq %d code %d", every, i, e.Seq, e.Code)
				}
			}
		}
		for i := range 3*chunkLen + 5 {
			tl.Append(Event{Kind: Exited, Code: i})
			if (i+1)%every == 0 {
				check()
			}
		}
		check()
		check()
	}
}

// TestRecordSize: chunkLen is reckoned for records of 32 bytes.
func TestRecordSize(t *testing.T) {
	if n := unsafe.Sizeof(record{}); n != 32 {
		t.Fatalf("a record is %d bytes, not 32: recompute chunkLen", n)
	}
}

// TestTimelineReadsBack: what is appended is read back, empty strings
// and all.
func TestTimelineReadsBack(t *testing.T) {
	var tl Timeline
	in := []Event{
		{},
		{At: time.Second, Pod: "web", Container: "app", Kind: Exited, Code: 137, Reason: "Error"},
		{At: time.Second, Pod: "web", Kind: KubeEvent, Reason: "Killing", Status: "Normal", Message: "Stopping container app", Count: 2},
		{At: 2 * time.Second, Pod: "web", Kind: DeleteRequested, Code: -1},
	}
	for _, e := range in {
		tl.Append(e)
	}
	for i, e := range tl.Events() {
		in[i].Seq = uint64(i + 1)
		if e != in[i] {
			t.Errorf("event %d read back as %+v, appended %+v", i, e, in[i])
		}
	}
}
