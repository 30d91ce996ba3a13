package sim

import (
	"math/rand"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/clock"

	"github.com/podlife/podlife/pkg/timeline"
)

// env is what every component shares and none owns: the virtual clock and
// its event queue, the seeded random source, and the timeline recorder.
// It is the simulator's runtime, as the process and its wall clock are the
// real components': a component holds it and the peers it talks to (the
// API server as its client, its own caches), never the whole Simulator.
type env struct {
	now   time.Duration
	steps uint64 // instants run (Simulator.Steps)
	q     queue
	rng   *rand.Rand
	// seed is rng's seed; hkRng, made from it when first needed, draws
	// for cAdvisor's housekeeping alone (housekeeping.go).
	seed  int64
	hkRng *rand.Rand
	tl    timeline.Timeline
	uids  int

	// span, when it has a range, is the range of times the events being
	// recorded could have had (drawn.go, recordIn): record gives it to
	// them.
	span span
	// alias gives static pods their scenario names on the timeline (API
	// name → manifest name, static.go).
	alias map[string]string
	// evicted are the pods the eviction managers evicted: the timeline
	// shows their eviction when the API first shows them Failed with
	// reason Evicted (api_notify.go statusWritten).
	evicted map[types.UID]bool

	// statusBuf holds the container statuses generateStatus built last,
	// until the status manager drops or copies them (status.go): one
	// kubelet generates a status at a time, so they share it.
	statusBuf []corev1.ContainerStatus
	// conds are the condition lists statuses share (status.go).
	conds condLists
	// joined are the condition texts the timeline shows (api.go
	// recordStatusDiff).
	joined reasonMessages
	// waitingStates are the Waiting states without a message that
	// containers share, by reason (status.go waitingState).
	waitingStates map[string]*corev1.ContainerStateWaiting
	// flags are false and true, for statuses to point at (flag).
	flags [2]bool
}

func newEnv(seed int64) *env {
	return &env{rng: rand.New(rand.NewSource(seed)), seed: seed, evicted: map[types.UID]bool{}, flags: [2]bool{false, true},
		waitingStates: map[string]*corev1.ContainerStateWaiting{}}
}

// after schedules fn d from now.
func (e *env) after(d time.Duration, fn func()) *timer {
	t := &timer{at: e.now + d, fn: fn}
	e.q.push(t)
	return t
}

// periodic schedules a periodic fn (a probe tick or a resync) at d from
// now: Settle does not wait for it.
func (e *env) periodic(d time.Duration, fn func()) *timer {
	t := &timer{at: e.now + d, fn: fn, periodic: true}
	e.q.push(t)
	return t
}

// reasonMessages makes "reason: message", one copy of each however many
// pods say it, behind a small cache indexed by where the two strings
// live: a condition's reason is a constant and its message made once per
// list of containers (parseCache), so a hit compares two pointers.
type reasonMessages struct {
	recent [64]struct{ reason, message, joined string }
	all    map[string]string
}

func (rm *reasonMessages) join(reason, message string) string {
	slot := &rm.recent[timeline.AddrSlot(len(rm.recent), reason, message)]
	if slot.joined != "" && slot.reason == reason && slot.message == message {
		return slot.joined
	}
	j := reason + ": " + message
	if s, ok := rm.all[j]; ok {
		j = s
	} else {
		if rm.all == nil {
			rm.all = map[string]string{}
		}
		rm.all[j] = j
	}
	slot.reason, slot.message, slot.joined = reason, message, j
	return j
}

// rearm schedules t again at d from now with fn, periodic or not: a
// component that keeps setting the same timer (a probe worker's tick, a
// pod worker's next sync, a container's stop timeout) owns one rather
// than making one each time. Its owners re-arm it once it has run or was
// cancelled; one still pending is cancelled first (the owner has moved
// on from what it waited for). An owner cancels its timer, armed or not,
// with cancel(&t), and asks t.pending() whether it waits.
func (e *env) rearm(t *timer, d time.Duration, fn func(), periodic bool) {
	e.q.cancel(t)
	*t = timer{at: e.now + d, fn: fn, periodic: periodic}
	e.q.push(t)
}

// soon runs fn later in this instant, after what is already queued for it:
// the way a watch or a PLEG event reaches another component. Work that
// may be cancelled takes a timer instead: after(0, fn).
func (e *env) soon(fn func()) { e.q.pushFn(e.now, fn) }

func (e *env) cancel(t *timer) { e.q.cancel(t) }

// wall is the API timestamp of virtual time d.
func (e *env) wall(d time.Duration) metav1.Time { return metav1.NewTime(Epoch.Add(d)) }

func (e *env) record(ev timeline.Event) {
	if a, ok := e.alias[ev.Pod]; ok {
		ev.Pod = a // a static pod goes by its manifest name
	}
	ev.At = e.now
	if e.span.ok() {
		ev.Earliest, ev.Latest = e.span.lo, e.span.hi
	}
	e.tl.Append(ev)
}

// recordIn makes the events recorded from now on carry sp as their range
// (timeline.Event Earliest and Latest), until the returned span is put
// back with recordIn: `defer e.recordIn(e.recordIn(sp))` gives the range
// to what the rest of the function records.
func (e *env) recordIn(sp span) span {
	old := e.span
	e.span = sp
	return old
}

// flag points at b, for a status's optional booleans (started): statuses
// share the two, since they are never modified in place.
func (e *env) flag(b bool) *bool {
	if b {
		return &e.flags[1]
	}
	return &e.flags[0]
}

func (e *env) newUID() string {
	e.uids++
	// fmt's "00000000-0000-4000-8000-%012d", without fmt: one per pod.
	var d [20]byte
	digits := strconv.AppendInt(d[:0], int64(e.uids), 10)
	var buf [48]byte
	out := append(buf[:0], "00000000-0000-4000-8000-"...)
	for range 12 - len(digits) {
		out = append(out, '0')
	}
	return string(append(out, digits...))
}

// jitter is wait.Jitter(d, maxFactor) on the seeded random source.
func (e *env) jitter(d time.Duration, maxFactor float64) time.Duration {
	return d + time.Duration(e.rng.Float64()*maxFactor*float64(d))
}

// virtualClock lets client-go's flowcontrol.Backoff, the back-off the
// kubelet itself uses, read the simulator's clock. Only Now and Since are
// used by Backoff; the waiting methods are never called and say so.
type virtualClock struct{ e *env }

var _ clock.Clock = virtualClock{}

func (c virtualClock) Now() time.Time                  { return Epoch.Add(c.e.now) }
func (c virtualClock) Since(t time.Time) time.Duration { return c.Now().Sub(t) }
func (virtualClock) After(time.Duration) <-chan time.Time {
	panic("sim: flowcontrol.Backoff does not wait")
}
func (virtualClock) NewTimer(time.Duration) clock.Timer {
	panic("sim: flowcontrol.Backoff does not wait")
}
func (virtualClock) Sleep(time.Duration) { panic("sim: flowcontrol.Backoff does not wait") }
func (virtualClock) Tick(time.Duration) <-chan time.Time {
	panic("sim: flowcontrol.Backoff does not wait")
}

// Epoch is the wall time the virtual clock starts at. API timestamps are
// Epoch plus virtual time, so they are the same in every run.
var Epoch = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)
