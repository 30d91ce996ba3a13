// Package timeline is the single record of what happened to the pods of a
// scenario: typed lifecycle events with their time and a sequence number.
//
// Both drivers produce the same event kinds, so a timeline from the simulator
// and one from a real kubelet can be compared, rendered and asserted on in
// the same way. Times are durations since the session started; the steps keep
// their own t=0 and pass it to the matchers.
package timeline

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"time"
	"unsafe"
)

// Kind names what happened. The values are the vocabulary of the timeline
// table in docs/language.md (an event's Label adds its argument, e.g. "Exited(137)").
type Kind string

// The event kinds shared by every driver.
const (
	PodCreated      Kind = "PodCreated"      // the API accepted the pod
	Scheduled       Kind = "Scheduled"       // bound to a node
	Admitted        Kind = "Admitted"        // the kubelet admitted the pod
	Rejected        Kind = "Rejected"        // the kubelet rejected the pod (Reason)
	SandboxReady    Kind = "SandboxReady"    // the pod sandbox exists
	Created         Kind = "Created"         // a container instance was created
	Started         Kind = "Started"         // a container instance was started
	PostStartDone   Kind = "PostStartDone"   // the postStart hook returned
	Ready           Kind = "Ready"           // the container is reported ready
	NotReady        Kind = "NotReady"        // the container is reported not ready
	ProbeFailed     Kind = "ProbeFailed"     // a probe failure was committed (Reason: liveness, readiness, startup)
	PreStopStarted  Kind = "PreStopStarted"  // the preStop hook began
	PreStopDone     Kind = "PreStopDone"     // the kubelet stopped waiting for the preStop hook
	SIGTERM         Kind = "SIGTERM"         // the stop signal was sent
	SIGKILL         Kind = "SIGKILL"         // the container was killed
	Exited          Kind = "Exited"          // the container process exited (Code, Reason)
	Restarted       Kind = "Restarted"       // a new instance of an exited container was started
	BackOff         Kind = "BackOff"         // a restart was held back by CrashLoopBackOff
	Evicted         Kind = "Evicted"         // the eviction manager evicted the pod
	Phase           Kind = "Phase"           // the API shows a new phase (Reason holds it)
	Condition       Kind = "Condition"       // a condition changed (Reason: type, Status; a workload's condition taken out of its status has none)
	DeleteRequested Kind = "DeleteRequested" // an API delete was accepted (Code: grace seconds, -1 for none)
	Deleted         Kind = "Deleted"         // the pod is gone from the API
	KubeEvent       Kind = "Event"           // a Kubernetes Event (Reason, Message, Count)
	Status          Kind = "Status"          // the STATUS column of kubectl get pods changed (Reason)
	Taint           Kind = "Taint"           // a node's taint was added (Status True) or removed (False): Reason its key, Message its effect
)

// WithoutTurn is the Message of a sidecar's SIGTERM that did not follow
// its turn: the pod's grace ran out while the sidecar waited for the main
// containers (and the sidecar defined after it), or its preStop hook left
// no grace to wait with. Its stop then runs concurrently with the other
// containers' kills still under way (the main containers' SIGKILL at the
// grace's end): kuberuntime_termination_order.go waitForTurn returns on
// its timer, and killContainersWithSyncResult (kuberuntime_container.go)
// runs each container's killContainer in its own goroutine. Order checks
// treat that sidecar's SIGTERM, SIGKILL and exit as unordered with the
// other kill work of its instant (dsl.md, Time: order).
const WithoutTurn = "the grace ran out before its turn"

// ManifestWritten begins the Message of a static pod's PodCreated that a
// driver records when it writes the pod's manifest on its node, before
// the kubelet has made the mirror pod in the API (the live driver: the
// kubelet reads its manifest directory on a change or every 20 s). The
// simulator's kubelet makes the mirror pod in that instant and records
// its creation as any pod's. See Event.ManifestOnly.
const ManifestWritten = "manifest "

// Event is one thing that happened.
type Event struct {
	// At is the time since the session started.
	At time.Duration `json:"at"`
	// Seq orders events of the same instant: the cause comes first.
	Seq uint64 `json:"seq"`
	// Pod and Container are scenario names; Container is empty for pod events.
	Pod       string `json:"pod,omitempty"`
	Container string `json:"container,omitempty"`
	Kind      Kind   `json:"kind"`
	// Code is the exit code of Exited, or the grace seconds of DeleteRequested.
	Code int `json:"code,omitempty"`
	// Reason is Kind's argument: the phase, the event or rejection reason,
	// the probe kind, the condition type, or the exit reason.
	Reason  string `json:"reason,omitempty"`
	Status  string `json:"status,omitempty"`
	Message string `json:"message,omitempty"`
	// Count is the number of occurrences an Event stands for (aggregated
	// Kubernetes events); 0 means 1.
	Count int `json:"count,omitempty"`
	// Earliest and Latest, when Latest is after Earliest, are the earliest
	// and latest times the event could have had with the same history
	// before it: the simulator sets them on the events whose time one of
	// its random draws decided (a restart after a crash-loop back-off
	// comes when the pod worker's jittered requeue fires). See Range.
	Earliest time.Duration `json:"earliest,omitempty"`
	Latest   time.Duration `json:"latest,omitempty"`
}

// ManifestOnly tells a static pod's PodCreated recorded at its manifest's
// writing (ManifestWritten): the pod is not in the API yet.
func (e Event) ManifestOnly() bool {
	return e.Kind == PodCreated && strings.HasPrefix(e.Message, ManifestWritten)
}

// Range is the span of times the event could have had (Earliest and
// Latest), and whether it has one; an event without one could only have
// come when it did.
func (e Event) Range() (earliest, latest time.Duration, ok bool) {
	if e.Latest > e.Earliest {
		return e.Earliest, e.Latest, true
	}
	return 0, 0, false
}

// Label renders the event as the timeline table writes it: "SIGTERM",
// "Exited(137)", "Phase(Running)", "Event(Killing)", "Condition(Ready=False)".
func (e Event) Label() string {
	switch e.Kind {
	case Exited:
		return "Exited(" + strconv.Itoa(e.Code) + ")"
	case Rejected, ProbeFailed, Phase, KubeEvent, Status:
		return string(e.Kind) + "(" + e.Reason + ")"
	case Condition:
		return "Condition(" + e.Reason + "=" + e.Status + ")"
	case Taint:
		if e.Status == "False" {
			return "Untaint(" + e.Reason + ":" + e.Message + ")"
		}
		return "Taint(" + e.Reason + ":" + e.Message + ")"
	case DeleteRequested:
		if e.Code < 0 {
			return "DeleteRequested"
		}
		return "DeleteRequested(" + strconv.Itoa(e.Code) + "s)"
	}
	return string(e.Kind)
}

// Occurrences is how many times the event happened (aggregated events count
// more than once).
func (e Event) Occurrences() int {
	if e.Count > 1 {
		return e.Count
	}
	return 1
}

// String is a one-line rendering used in messages.
func (e Event) String() string {
	who := e.Pod
	if e.Container != "" {
		who += "/" + e.Container
	}
	return fmt.Sprintf("%s %s %s", FormatOffset(e.At), who, e.Label())
}

// Timeline is an append-only list of events in (At, Seq) order.
//
// A simulated cluster's timeline holds millions of events, so it is kept
// compact: each event as a record of fixed size that names its pod and
// container by their indexes in the timeline's table of names, and what
// it says (its kind and their arguments: a few hundred distinct ones for
// millions of events) by its index in the table of those; its sequence
// number is its position. The few events with a range of times (Range)
// keep it in a side table, by position. The records are kept in chunks, so appending
// never copies what is recorded and no more than one chunk is allocated
// ahead. Events are built from the records when they are read, once
// each: a later read extends what the earlier ones built.
type Timeline struct {
	full  [][]record // chunks of chunkLen records
	last  []record   // the chunk being filled, never full
	names StringTable
	// whats are what the events say, each distinct one once, behind
	// recent, a cache of it indexed by where the strings live
	// (recentSlot).
	whats  Interned[what]
	recent [256]recentWhat
	// ranges are the ranges of the events that have one, by position.
	ranges map[int]span
	// numbers are the Code and Count of the events whose record cannot
	// hold them (a Count, or a Code beyond 32 bits), by position.
	numbers map[int]numbers
	// read is what Events returned last, extended by the events appended
	// since at the next call.
	read []Event
}

// record is an Event as the timeline stores it, in 24 bytes: a cluster
// of 100,000 pods records 7.5 million of them.
type record struct {
	at             time.Duration
	pod, container uint32 // in names
	what           uint32 // in whats
	// code is the Code, or inNumbers when Timeline.numbers holds the
	// event's Code and Count: most events have neither, an exit has a
	// small Code, only a live run's aggregated Kubernetes Events a Count.
	code int32
}

// inNumbers is a record's code when its numbers are kept aside.
const inNumbers = math.MinInt32

// numbers are an event's Code and Count.
type numbers struct{ code, count int }

// span is an event's Earliest and Latest.
type span struct{ earliest, latest time.Duration }

// what is what an event says: its kind, with the arguments that are not
// numbers; its message without the name of the event's pod, when it names
// it (NamedText), so that what a thousand pods say of themselves is one
// entry, not a thousand.
type what struct {
	kind           Kind
	reason, status string
	message        NamedText
}

// recentWhat is an entry of Timeline.recent: what a recorder said (w),
// and its entry in whats; pod is set when that entry is of that pod.
type recentWhat struct {
	w   what
	pod string
	i   uint32
	ok  bool
}

// recentSlot places w in Timeline.recent by the addresses of its strings
// (AddrSlot).
func recentSlot(w *what) int {
	return AddrSlot(len(Timeline{}.recent), string(w.kind), w.reason, w.status, w.message.Head)
}

// chunkLen is the number of records in a chunk: up to 32 KiB, the largest of
// the allocator's size classes (larger objects come and go from the page
// heap, which returns them to the system and faults them back).
const chunkLen = 32 << 10 / 24

// StringTable is a table of distinct strings, each kept once and named by
// its index; the index of "" is 0. The simulator's compact Kubernetes
// Events use it too.
type StringTable struct {
	all Interned[string] // "" first
	// byAddr finds a kept string by where its bytes live: a recorder
	// names each pod with the string it was created with, so the lookup
	// hashes no bytes and, unlike the map, stays one probe of a
	// pointer-free table as the pods grow to 100,000 (issue 19).
	byAddr addrIndex
	// recent caches index by where other strings live (the same bytes
	// elsewhere), as Timeline.recent does for what events say.
	recent [64]recentString
}

type recentString struct {
	s string
	i uint32
}

// ID is the index of s, added if new.
func (t *StringTable) ID(s string) uint32 {
	if s == "" {
		return 0
	}
	if i, ok := t.byAddr.find(s); ok {
		return i
	}
	slot := &t.recent[AddrSlot(len(t.recent), s)]
	if slot.i != 0 && slot.s == s {
		return slot.i
	}
	if t.all.Len() == 0 {
		t.all.ID("")
	}
	n := t.all.Len()
	i := t.all.ID(s)
	if int(i) == n {
		// New: the table keeps s itself, whose bytes therefore stay
		// where they are for as long as the table lives.
		t.byAddr.add(s, i)
	}
	*slot = recentString{s, i}
	return i
}

// addrIndex maps the address and length of kept strings' bytes to their
// indexes: open addressing, a power of two of slots at most half full.
// It holds no pointers for the collector to mark: the addresses are of
// strings the table keeps alive, and Go's heap does not move objects, so
// an address names one kept string for the table's life.
type addrIndex struct {
	slots []addrEntry
	n     int
}

type addrEntry struct {
	addr uintptr
	len  int32
	i    uint32
}

func addrOf(s string) uintptr { return uintptr(unsafe.Pointer(unsafe.StringData(s))) }

func (x *addrIndex) home(addr uintptr) int {
	// Fibonacci hashing of the address (its low 3 bits are alignment).
	return int(uint64(addr>>3) * 0x9E3779B97F4A7C15 >> (64 - bits.TrailingZeros(uint(len(x.slots)))))
}

func (x *addrIndex) find(s string) (uint32, bool) {
	if x.n == 0 {
		return 0, false
	}
	addr, mask := addrOf(s), len(x.slots)-1
	for h := x.home(addr); ; h = (h + 1) & mask {
		e := &x.slots[h]
		if e.addr == 0 {
			return 0, false
		}
		if e.addr == addr && int(e.len) == len(s) {
			return e.i, true
		}
	}
}

func (x *addrIndex) add(s string, i uint32) {
	if len(s) > math.MaxInt32 {
		return
	}
	if 2*(x.n+1) > len(x.slots) {
		old := x.slots
		x.slots = make([]addrEntry, max(64, 2*len(old)))
		x.n = 0
		for _, e := range old {
			if e.addr != 0 {
				x.insert(e)
			}
		}
	}
	x.insert(addrEntry{addr: addrOf(s), len: int32(len(s)), i: i})
}

func (x *addrIndex) insert(e addrEntry) {
	mask := len(x.slots) - 1
	h := x.home(e.addr)
	for x.slots[h].addr != 0 {
		h = (h + 1) & mask
	}
	x.slots[h] = e
	x.n++
}

// str is the string of index i.
func (t *StringTable) Str(i uint32) string {
	if i == 0 {
		return ""
	}
	return *t.all.At(i)
}

// Append records e, giving it the next sequence number. Events must be
// appended in time order; the recorder is the only writer.
func (t *Timeline) Append(e Event) {
	w := what{kind: e.Kind, reason: e.Reason, status: e.Status, message: NamedText{Head: e.Message}}
	slot := &t.recent[recentSlot(&w)]
	wi, ok := slot.i, slot.ok && slot.w == w && (slot.pod == "" || slot.pod == e.Pod)
	if !ok {
		key := w
		key.message = CutName(e.Message, e.Pod)
		wi = t.whats.ID(key)
		*slot = recentWhat{w: w, i: wi, ok: true}
		if key.message.Named {
			slot.pod = e.Pod
		}
	}
	if e.Latest > e.Earliest {
		if t.ranges == nil {
			t.ranges = map[int]span{}
		}
		t.ranges[t.Len()] = span{e.Earliest, e.Latest}
	}
	if t.last == nil {
		t.last = make([]record, 0, chunkLen)
	}
	code := int32(e.Code)
	if e.Count != 0 || int(code) != e.Code || code == inNumbers {
		if t.numbers == nil {
			t.numbers = map[int]numbers{}
		}
		t.numbers[t.Len()] = numbers{code: e.Code, count: e.Count}
		code = inNumbers
	}
	t.last = append(t.last, record{at: e.At, code: code,
		pod: t.names.ID(e.Pod), container: t.names.ID(e.Container), what: wi})
	if len(t.last) == chunkLen {
		t.full = append(t.full, t.last)
		t.last = nil
	}
}

// Events returns the recorded events. The slice must not be modified.
func (t *Timeline) Events() []Event {
	if t == nil {
		return nil
	}
	n := len(t.read)
	if n == t.Len() {
		return t.read
	}
	t.read = slices.Grow(t.read, t.Len()-n)
	for n < t.Len() {
		var r *record
		if c := n / chunkLen; c < len(t.full) {
			r = &t.full[c][n%chunkLen]
		} else {
			r = &t.last[n%chunkLen]
		}
		w := t.whats.At(r.what)
		pod := t.names.Str(r.pod)
		e := Event{
			At: r.at, Seq: uint64(n + 1), Code: int(r.code),
			Pod: pod, Container: t.names.Str(r.container),
			Kind: w.kind, Reason: w.reason, Status: w.status, Message: w.message.Of(pod),
		}
		if r.code == inNumbers {
			nb := t.numbers[n]
			e.Code, e.Count = nb.code, nb.count
		}
		if t.ranges != nil {
			if sp, ok := t.ranges[n]; ok {
				e.Earliest, e.Latest = sp.earliest, sp.latest
			}
		}
		n++
		t.read = append(t.read, e)
	}
	return t.read
}

// Len is the number of events recorded.
func (t *Timeline) Len() int { return len(t.full)*chunkLen + len(t.last) }

// FormatOffset renders a duration as the timeline does: seconds with
// millisecond precision, "3s", "2.5s", "-1.25s".
func FormatOffset(d time.Duration) string {
	ms := d.Milliseconds()
	sign := ""
	if ms < 0 {
		sign = "-"
		ms = -ms
	}
	if ms%1000 == 0 {
		return fmt.Sprintf("%s%ds", sign, ms/1000)
	}
	s := strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64)
	for s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	return sign + s + "s"
}

// ObjectName is the name a timeline gives the Kubernetes Events and the
// condition changes of a workload, in the place of a pod's name:
// "deployment/web", "replicaset/web-5d4f8c7b9", "job/batch" for the
// kinds "Deployment", "ReplicaSet" and "Job" (no pod's name has a
// slash). Both drivers name them so.
func ObjectName(kind, name string) string {
	return strings.ToLower(kind) + "/" + name
}
