package sim

import (
	"fmt"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/types"
)

// TestEventStoreAggregates: the correlator counts an event identical to
// one of the same object's (getEventKey) into that one, however many
// records lie between them, across chunks; an event that differs in what
// it says or whom it is about is a record of its own.
func TestEventStoreAggregates(t *testing.T) {
	var st eventStore
	obj := func(i int) eventObject {
		return eventObject{namespace: "default", name: fmt.Sprintf("p-%d", i), uid: types.UID(fmt.Sprintf("u-%d", i))}
	}
	pulled := event{container: "a", reason: "Pulled", message: "already present", eventType: "Normal", source: "kubelet"}
	started := event{container: "a", reason: "Started", message: "Started container a", eventType: "Normal", source: "kubelet"}
	const pods = 3 * eventChunkLen
	for round := range 3 {
		for i := range pods {
			st.add(time.Duration(round)*time.Second, obj(i), pulled, "worker-0")
			if round == 0 {
				st.add(0, obj(i), started, "worker-0")
			}
		}
	}
	events := st.events()
	if len(events) != 2*pods {
		t.Fatalf("%d events stored, want %d", len(events), 2*pods)
	}
	for i, e := range events {
		want := int32(1)
		if e.Reason == "Pulled" {
			want = 3
		}
		if e.Count != want || e.InvolvedObject.Name != fmt.Sprintf("p-%d", i/2) {
			t.Fatalf("event %d: %s about %s counted %d, want %d about p-%d", i, e.Reason, e.InvolvedObject.Name, e.Count, want, i/2)
		}
		if e.Reason == "Pulled" && e.LastTimestamp.Sub(e.FirstTimestamp.Time) != 2*time.Second {
			t.Fatalf("event %d: first %v last %v", i, e.FirstTimestamp, e.LastTimestamp)
		}
	}
}
