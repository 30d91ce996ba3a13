package sim

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unsafe"

	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/timeline"
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
	pulled := event{container: "a", reason: "Pulled", message: timeline.NamedText{Head: "already present"}, eventType: "Normal", source: "kubelet"}
	started := event{container: "a", reason: "Started", message: timeline.NamedText{Head: "Started container a"}, eventType: "Normal", source: "kubelet"}
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

// TestEventStoreMessagesNamingTheirObject: a message that names its
// object reads back whole, for each object, and the objects share one
// entry of what is said; the same message string recorded of another
// object stays what it says.
func TestEventStoreMessagesNamingTheirObject(t *testing.T) {
	var st eventStore
	const pods = 50
	for i := range pods {
		name := fmt.Sprintf("web-%d", i)
		st.add(0, eventObject{namespace: "default", name: name, uid: types.UID(name)},
			event{reason: "Scheduled", message: timeline.NamedText{Head: fmt.Sprintf("Successfully assigned default/%s to worker-1", name)}, eventType: "Normal", source: "default-scheduler"}, "")
	}
	stopping := "Stopping container app"
	for _, name := range []string{"app", "db", "app"} {
		st.add(time.Second, eventObject{namespace: "default", name: name, uid: types.UID(name)},
			event{container: "app", reason: "Killing", message: timeline.NamedText{Head: stopping}, eventType: "Normal", source: "kubelet"}, "worker-1")
	}
	events := st.events()
	if len(events) != pods+2 { // the second "app" Killing is counted into the first
		t.Fatalf("%d events, want %d", len(events), pods+2)
	}
	for i, e := range events[:pods] {
		if want := fmt.Sprintf("Successfully assigned default/web-%d to worker-1", i); e.Message != want {
			t.Errorf("event %d says %q, want %q", i, e.Message, want)
		}
	}
	for _, e := range events[pods:] {
		if e.Message != stopping {
			t.Errorf("%s's Killing says %q, want %q", e.InvolvedObject.Name, e.Message, stopping)
		}
	}
	if events[pods].Count != 2 {
		t.Errorf("app's Killing counted %d, want 2", events[pods].Count)
	}
	if st.whats.Len() != 3 {
		t.Errorf("%d distinct whats stored, want 3 (the pods' Scheduled, app's Killing naming it, db's)", st.whats.Len())
	}
}

// TestReasonMessagesJoin: the joined text is the reason and the message
// whatever strings hold them, one copy of each text.
func TestReasonMessagesJoin(t *testing.T) {
	var rm reasonMessages
	a := rm.join("ContainersNotReady", "containers with unready status: [a]")
	b := rm.join(strings.Clone("ContainersNotReady"), strings.Clone("containers with unready status: [a]"))
	if a != "ContainersNotReady: containers with unready status: [a]" || b != a {
		t.Fatalf("joined %q and %q", a, b)
	}
	if unsafe.StringData(a) != unsafe.StringData(b) {
		t.Errorf("the same text twice in memory")
	}
	// Many texts through the cache's few slots: each comes back whole.
	for i := range 500 {
		r, m := fmt.Sprint("R", i%7), fmt.Sprint("m", i)
		if got := rm.join(r, m); got != r+": "+m {
			t.Fatalf("join(%q, %q) = %q", r, m, got)
		}
	}
}
