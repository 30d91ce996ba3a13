package sim

import (
	"fmt"
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
	// chunks hold the records, a fixed number each, so that a stored
	// record never moves (latest and prev point at them) and storing one
	// allocates nothing most of the time.
	chunks [][]eventRecord
	n      int
	// latest is the client-go event correlator's cache
	// (tools/record/events_cache.go): an event identical to one already
	// recorded (getEventKey: same object and field, reason, message, type
	// and source) is aggregated into that one's count. It is kept by
	// involved object, whose few distinct events are chained (prev) behind
	// the latest: a key of six strings per event cost more to hash than
	// the event to record.
	latest map[types.UID]*eventRecord
}

// eventChunkLen is the number of records in a chunk.
const eventChunkLen = 64

// eventRecord is one stored Event.
type eventRecord struct {
	seq             int // creation order from 1: the name's suffix
	namespace, name string
	uid             types.UID
	// container and init name the field of a container event
	// (spec.containers{name} or spec.initContainers{name}).
	container                  string
	reason, message, eventType string
	source, host               string
	first, last                time.Duration
	prev                       *eventRecord // the object's distinct event before
	count                      int32
	init                       bool
	node                       bool // about a node, else about a pod
}

// sameEvent is getEventKey's equality, for two events of one object.
func sameEvent(a, b *eventRecord) bool {
	return a.reason == b.reason && a.container == b.container && a.init == b.init &&
		a.message == b.message && a.eventType == b.eventType && a.source == b.source
}

// add records an event, or counts it again when it is identical to one
// already stored.
func (st *eventStore) add(now time.Duration, r eventRecord) {
	for old := st.latest[r.uid]; old != nil; old = old.prev {
		if sameEvent(old, &r) {
			old.count++
			old.last = now
			return
		}
	}
	if st.latest == nil {
		st.latest = map[types.UID]*eventRecord{}
	}
	st.n++
	r.seq = st.n
	r.first, r.last, r.count = now, now, 1
	r.prev = st.latest[r.uid]
	if len(st.chunks) == 0 || len(st.chunks[len(st.chunks)-1]) == eventChunkLen {
		st.chunks = append(st.chunks, make([]eventRecord, 0, eventChunkLen))
	}
	c := &st.chunks[len(st.chunks)-1]
	*c = append(*c, r)
	st.latest[r.uid] = &(*c)[len(*c)-1]
}

// objects builds the stored events as the API would return them.
func (st *eventStore) objects() []*corev1.Event {
	out := make([]*corev1.Event, 0, st.n)
	for _, c := range st.chunks {
		for i := range c {
			out = append(out, c[i].object())
		}
	}
	return out
}

func (r *eventRecord) object() *corev1.Event {
	kind, fieldPath := "Pod", ""
	if r.node {
		kind = "Node"
	}
	if r.container != "" {
		fieldPath = "spec.containers{" + r.container + "}"
		if r.init {
			fieldPath = "spec.initContainers{" + r.container + "}"
		}
	}
	return &corev1.Event{
		ObjectMeta:     metav1.ObjectMeta{Name: fmt.Sprintf("%s.%x", r.name, r.seq), Namespace: r.namespace},
		InvolvedObject: corev1.ObjectReference{Kind: kind, Namespace: r.namespace, Name: r.name, UID: r.uid, APIVersion: "v1", FieldPath: fieldPath},
		Reason:         r.reason,
		Message:        r.message,
		Type:           r.eventType,
		Source:         corev1.EventSource{Component: r.source, Host: r.host},
		FirstTimestamp: metav1.NewTime(Epoch.Add(r.first)),
		LastTimestamp:  metav1.NewTime(Epoch.Add(r.last)),
		Count:          r.count,
	}
}

// recordEvent is a Kubernetes Event about a pod (and one of its containers
// when c is set). Identical events are aggregated into a count.
func (a *apiServer) recordEvent(p *corev1.Pod, c *corev1.Container, init bool, eventType, reason, message, source string) {
	r := eventRecord{namespace: p.Namespace, name: p.Name, uid: p.UID,
		reason: reason, message: message, eventType: eventType, source: source}
	if c != nil {
		r.container, r.init = c.Name, init
	}
	if source == "kubelet" && p.Spec.NodeName != "" {
		r.host = p.Spec.NodeName
	}
	a.events.add(a.s.now, r)
	a.s.record(timeline.Event{Pod: p.Name, Container: r.container, Kind: timeline.KubeEvent, Reason: reason, Message: message, Status: eventType})
}

// recordNodeEvent is a Kubernetes Event about a node. The timeline shows it
// under "node/<name>".
func (a *apiServer) recordNodeEvent(n *corev1.Node, eventType, reason, message, source string) {
	r := eventRecord{node: true, name: n.Name, uid: n.UID, reason: reason, message: message, eventType: eventType, source: source}
	if source == "kubelet" {
		r.host = n.Name
	}
	a.events.add(a.s.now, r)
	a.s.record(timeline.Event{Pod: nodeTimelineName(n.Name), Kind: timeline.KubeEvent, Reason: reason, Message: message, Status: eventType})
}
