package sim

import (
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/timeline"
)

// Kubernetes Events, as the API server stores them. A cluster of 100,000
// pods records a million of them, so the store keeps a compact record of
// each (what the event says and about whom, its count and times) and
// builds the corev1.Event objects only when they are read.

// eventStore holds the events in creation order and the correlator's
// index of them.
type eventStore struct {
	// chunks hold the records, a fixed number each, so that storing one
	// allocates nothing most of the time. Records name each other by
	// their seq, not by pointer: a cluster's records are then memory the
	// garbage collector does not scan.
	chunks [][]eventRecord
	n      int32
	// objects are the involved objects, each once, by their index in the
	// records; byUID finds them.
	objects []eventObject
	byUID   map[types.UID]int32
	// whats are what the events say, each distinct one once, by their
	// index in the records. The pods of a cluster say the same few
	// things.
	whats timeline.Interned[event]
	// recent caches whats by where an event's strings live, as the
	// timeline's table of what events say does: the kubelet says the same
	// things with the same strings, and a hit hashes nothing.
	recent [256]recentEvent
	// hosts are the source hosts (nodes) of the records.
	hosts timeline.StringTable
	// lastUID and lastObject are the object of the last event added.
	lastUID    types.UID
	lastObject int32
}

// eventChunkLen is the number of records in a chunk.
const eventChunkLen = 128

// eventObject is an object events are about.
type eventObject struct {
	namespace, name string
	uid             types.UID
	// kind is the object's kind when it is not a pod ("Node",
	// "PodDisruptionBudget", a workload's: objectKinds).
	kind string
	// latest is the head of the client-go event correlator's cache for
	// the object (tools/record/events_cache.go): an event identical to
	// one already recorded (getEventKey: same object and field, reason,
	// message, type and source; the same what) is aggregated into that
	// one's count. The object's few distinct events are chained (prev)
	// behind the latest: a key of the object and six strings per event,
	// in one map for the cluster, cost more to hash than the event to
	// record.
	latest int32 // its seq, 0 for none
	// seen has bit w%64 set for each what w of the object's records.
	seen uint64
}

// event is what an event says, of which container: getEventKey but the
// object. A message that names its object is kept without the name
// (timeline.NamedText), so that what every pod is told of itself
// ("Successfully assigned default/web-7 to worker-2") is one entry.
type event struct {
	// container and init name the field of a container event
	// (spec.containers{name} or spec.initContainers{name}).
	container         string
	init              bool
	reason, eventType string
	source            string
	message           timeline.NamedText
}

// recentEvent is an entry of eventStore.recent: an event as recorded (e)
// of the object named name, and its entry in whats, which names the
// object (ofObject) or not.
type recentEvent struct {
	e        event
	name     string
	what     uint32
	ofObject bool
	ok       bool
}

// recentEventSlot places e in eventStore.recent by the addresses of its
// strings (timeline.AddrSlot).
func recentEventSlot(e *event) int {
	return timeline.AddrSlot(len(eventStore{}.recent), e.container, e.reason, e.message.Head, e.eventType, e.source)
}

// eventRecord is one stored Event.
type eventRecord struct {
	first, last time.Duration
	prev        int32  // the object's distinct event before (its seq), 0 for none
	seq         int32  // creation order from 1: the name's suffix
	object      int32  // the involved object, in objects
	what        uint32 // what it says, in whats
	host        uint32 // in hosts
	count       int32
}

// add records an event about an object, from a component on host, or
// counts it again when it is identical to one already stored.
func (st *eventStore) add(now time.Duration, obj eventObject, e event, host string) {
	// The object of the last event is often this one's: a sync records
	// a container's Pulled, Created and Started in turn.
	o, ok := st.lastObject, st.lastUID == obj.uid && st.lastUID != ""
	if !ok {
		o, ok = st.byUID[obj.uid]
	}
	if !ok {
		if st.byUID == nil {
			st.byUID = map[types.UID]int32{}
		}
		o = int32(len(st.objects))
		st.objects = append(st.objects, obj)
		st.byUID[obj.uid] = o
	}
	slot := &st.recent[recentEventSlot(&e)]
	// The entry must be the one withoutName gives for this object, as the
	// correlator compares entries: the object's own, or a message that
	// does not name this object either.
	what, ok := slot.what, slot.ok && slot.e == e &&
		(slot.name == obj.name || (!slot.ofObject && (obj.name == "" || !strings.Contains(e.message.Head, obj.name))))
	if !ok {
		key := e
		key.message = timeline.CutName(e.message.Head, obj.name)
		what = st.whats.ID(key)
		*slot = recentEvent{e: e, name: obj.name, what: what, ofObject: key.message.Named, ok: true}
	}
	st.lastUID, st.lastObject = obj.uid, o
	// seen has a bit for each what of the object's records (modulo 64):
	// without this one's, none of them is identical, and the records,
	// spread over the chunks among other objects', are not read.
	bit := uint64(1) << (uint(what) % 64)
	for seq := st.objects[o].latest; seq != 0 && st.objects[o].seen&bit != 0; {
		old := st.record(seq)
		seq = old.prev
		if old.what == what {
			old.count++
			old.last = now
			return
		}
	}
	st.n++
	r := eventRecord{first: now, last: now, prev: st.objects[o].latest, seq: st.n, object: o, what: what,
		host: st.hosts.ID(host), count: 1}
	if len(st.chunks) == 0 || len(st.chunks[len(st.chunks)-1]) == eventChunkLen {
		st.chunks = append(st.chunks, make([]eventRecord, 0, eventChunkLen))
	}
	c := &st.chunks[len(st.chunks)-1]
	*c = append(*c, r)
	st.objects[o].latest = r.seq
	st.objects[o].seen |= bit
}

// record is the record of seq.
func (st *eventStore) record(seq int32) *eventRecord {
	i := int(seq - 1)
	return &st.chunks[i/eventChunkLen][i%eventChunkLen]
}

// events builds the stored events as the API would return them.
func (st *eventStore) events() []*corev1.Event {
	out := make([]*corev1.Event, 0, st.n)
	for _, c := range st.chunks {
		for i := range c {
			out = append(out, st.object(&c[i]))
		}
	}
	return out
}

func (st *eventStore) object(r *eventRecord) *corev1.Event {
	o, e := &st.objects[r.object], st.whats.At(r.what)
	kind, apiVersion, fieldPath := "Pod", "v1", ""
	if o.kind != "" {
		kind, apiVersion = o.kind, objectKinds[o.kind]
	}
	if e.container != "" {
		fieldPath = "spec.containers{" + e.container + "}"
		if e.init {
			fieldPath = "spec.initContainers{" + e.container + "}"
		}
	}
	return &corev1.Event{
		ObjectMeta:     metav1.ObjectMeta{Name: fmt.Sprintf("%s.%x", o.name, r.seq), Namespace: o.namespace},
		InvolvedObject: corev1.ObjectReference{Kind: kind, Namespace: o.namespace, Name: o.name, UID: o.uid, APIVersion: apiVersion, FieldPath: fieldPath},
		Reason:         e.reason,
		Message:        e.message.Of(o.name),
		Type:           e.eventType,
		Source:         corev1.EventSource{Component: e.source, Host: st.hosts.Str(r.host)},
		FirstTimestamp: metav1.NewTime(Epoch.Add(r.first)),
		LastTimestamp:  metav1.NewTime(Epoch.Add(r.last)),
		Count:          r.count,
	}
}

// budgetTimelineName is how timelines name a PodDisruptionBudget's events.
func budgetTimelineName(name string) string { return "pdb/" + name }

// objectKinds are the kinds of the objects other than pods that events
// are recorded about, with their API versions.
var objectKinds = map[string]string{
	"Node":                "v1",
	"PodDisruptionBudget": "policy/v1",
	"ReplicaSet":          "apps/v1",
	"Deployment":          "apps/v1",
	"Job":                 "batch/v1",
}

// ObjectTimelineName is the name a timeline gives the events and
// conditions of a workload of that kind ("Deployment", "ReplicaSet",
// "Job"): timeline.ObjectName.
func ObjectTimelineName(kind, name string) string { return timeline.ObjectName(kind, name) }
