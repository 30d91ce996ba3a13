package mutation

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// query is a state an expectation reads (a pod's state, phase or STATUS,
// a node's condition or taint, a container's readiness, a replica set's
// count of Ready pods), answered from a timeline by replaying it. It is
// the rules' oracle, written apart from the engine's matchers on purpose:
// a survivor a rule explains is one the timeline itself says may pass, so
// an engine that wrongly passes a mutant is not excused by its own
// reading.
type query struct {
	kind      string // "pod", "phase", "status", "condition", "taint", "ready", "rs-ready"
	pod       string // the pod, the node ("node/<name>") or the replica set
	container string
	name      string // the pod state, phase, STATUS, condition type or taint (key:effect)
	value     string // the condition's status
	n         int    // the count of Ready pods
}

// The phrases the oracle reads, as the registry writes them.
var (
	podIsRe   = regexp.MustCompile(`^the pod "([^"]*)" is (?:not )?(\S+)(?: within (\S+)| between (\S+) and (\S+)| after (\S+))?$`)
	phaseRe   = regexp.MustCompile(`^the pod "([^"]*)" phase is "([^"]*)"(?: within (\S+))?$`)
	statusRe  = regexp.MustCompile(`^the pod "([^"]*)" shows status "([^"]*)"(?: within (\S+))?$`)
	kubectlRe = regexp.MustCompile(`^kubectl shows the pod "([^"]*)" as "?([^"\s]+)"?(?: within (\S+))?$`)
	// kubectl's STATUS column named first (steps/batch16_words.go,
	// waiting_words.go): the status, then the pod, or the pod first.
	statusForPodRe  = regexp.MustCompile(`^kubectl shows STATUS "?([^" ]+)"? for (?:the )?pod "([^"]*)"(?: within (\S+))?$`)
	statusColumnRe  = regexp.MustCompile(`^the (?:STATUS column|kubectl STATUS) of (?:the )?pod "([^"]*)" is "?([^" ]+)"?(?: within (\S+))?$`)
	nodeConditionRe = regexp.MustCompile(`^(?:the node|node "([^"]*)") has condition "([^"]*)" "([^"]*)"(?: within (\S+))?$`)
	nodeTaintRe     = regexp.MustCompile(`^(?:the node|node "([^"]*)") has taint "([^"]*)"(?: within (\S+))?$`)
	readyRe         = regexp.MustCompile(`^container "([^"]*)"(?: of pod "([^"]*)")? is ready(?: within (\S+))?$`)
	rsReadyRe       = regexp.MustCompile(`^(\S+) pods? of replica set "([^"]*)" (?:is|are) Ready(?: within (\S+))?$`)
)

// stateOf reads the state a step is about, and the time its phrase
// gives (`within D`, `after T`; 0 without one).
func stateOf(text, onlyPod, onlyNode string) (query, time.Duration, bool) {
	dur := func(s string) time.Duration { d, _ := time.ParseDuration(s); return d }
	if m := podIsRe.FindStringSubmatch(text); m != nil {
		if m[2] == "evicted" {
			return query{kind: "pod", pod: m[1], name: "evicted"}, dur(m[3] + m[6]), true
		}
		return query{kind: "pod", pod: m[1], name: m[2]}, dur(m[3] + m[6]), true
	}
	if m := phaseRe.FindStringSubmatch(text); m != nil {
		return query{kind: "phase", pod: m[1], name: m[2]}, dur(m[3]), true
	}
	if m := statusRe.FindStringSubmatch(text); m != nil {
		return query{kind: "status", pod: m[1], name: m[2]}, dur(m[3]), true
	}
	if m := statusForPodRe.FindStringSubmatch(text); m != nil {
		return query{kind: "status", pod: m[2], name: m[1]}, dur(m[3]), true
	}
	if m := statusColumnRe.FindStringSubmatch(text); m != nil {
		return query{kind: "status", pod: m[1], name: m[2]}, dur(m[3]), true
	}
	if m := kubectlRe.FindStringSubmatch(text); m != nil {
		return query{kind: "status", pod: m[1], name: m[2]}, dur(m[3]), true
	}
	node := func(name string) string {
		if name == "" {
			name = onlyNode // `the node`
		}
		return "node/" + name
	}
	if m := nodeConditionRe.FindStringSubmatch(text); m != nil {
		return query{kind: "condition", pod: node(m[1]), name: m[2], value: m[3]}, dur(m[4]), true
	}
	if m := nodeTaintRe.FindStringSubmatch(text); m != nil {
		return query{kind: "taint", pod: node(m[1]), name: m[2]}, dur(m[3]), true
	}
	if m := readyRe.FindStringSubmatch(text); m != nil {
		pod := m[2]
		if pod == "" {
			pod = onlyPod
		}
		return query{kind: "ready", pod: pod, container: m[1]}, dur(m[3]), pod != ""
	}
	if m := rsReadyRe.FindStringSubmatch(text); m != nil {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			return query{}, 0, false
		}
		return query{kind: "rs-ready", pod: m[2], n: n}, dur(m[3]), true
	}
	return query{}, 0, false
}

// world is what the timeline says of the pods and nodes at a point.
type world struct {
	pods       map[string]*podFacts
	conditions map[string]string // node/<name>/<type> -> status
	taints     map[string]bool   // node/<name>/<key:effect>
}

type podFacts struct {
	created, exists, deleting, evicted, scheduled, ready bool
	phase, status                                        string
	containersReady                                      map[string]bool
}

func newWorld() *world {
	return &world{pods: map[string]*podFacts{}, conditions: map[string]string{}, taints: map[string]bool{}}
}

func (w *world) pod(name string) *podFacts {
	p := w.pods[name]
	if p == nil {
		p = &podFacts{containersReady: map[string]bool{}}
		w.pods[name] = p
	}
	return p
}

// apply replays one event.
func (w *world) apply(e timeline.Event) {
	if strings.HasPrefix(e.Pod, "node/") {
		switch e.Kind {
		case timeline.Condition:
			w.conditions[e.Pod+"/"+e.Reason] = e.Status
		case timeline.Taint:
			w.taints[e.Pod+"/"+e.Reason+":"+e.Message] = e.Status == "True"
		}
		return
	}
	p := w.pod(e.Pod)
	if e.Container != "" {
		switch e.Kind {
		case timeline.Ready:
			p.containersReady[e.Container] = true
		case timeline.NotReady, timeline.Exited, timeline.Restarted, timeline.Started:
			p.containersReady[e.Container] = false
		}
		return
	}
	switch e.Kind {
	case timeline.PodCreated:
		*p = podFacts{created: true, exists: true, phase: "Pending", containersReady: map[string]bool{}}
	case timeline.Deleted:
		p.exists = false
	case timeline.DeleteRequested:
		p.deleting = true
	case timeline.Evicted:
		p.evicted = true
	case timeline.Scheduled:
		p.scheduled = true
	case timeline.Phase:
		p.phase = e.Reason
	case timeline.Status:
		p.status = e.Reason
	case timeline.Condition:
		if e.Reason == "Ready" {
			p.ready = e.Status == "True"
		}
	}
}

// holds tells whether the query's state holds in the world. A node's
// condition nobody reported is as the node starts: Ready, no pressure.
func (w *world) holds(q query) bool {
	switch q.kind {
	case "condition":
		s, ok := w.conditions[q.pod+"/"+q.name]
		if !ok {
			s = "False"
			if q.name == "Ready" {
				s = "True"
			}
		}
		return s == q.value
	case "taint":
		return w.taints[q.pod+"/"+q.name]
	case "rs-ready":
		n := 0
		for name, p := range w.pods {
			if strings.HasPrefix(name, q.pod+"-") && len(name) == len(q.pod)+6 && p.exists && p.ready && !p.deleting {
				n++
			}
		}
		return n == q.n
	}
	p := w.pods[q.pod]
	if p == nil {
		p = &podFacts{}
	}
	switch q.kind {
	case "phase":
		return p.exists && p.phase == q.name
	case "status":
		return p.exists && p.status == q.name
	case "ready":
		return p.exists && p.containersReady[q.container]
	}
	switch q.name {
	case "evicted":
		return p.evicted
	case "gone":
		// Gone once it was there: a pod not yet created has not gone.
		return p.created && !p.exists
	case "Ready":
		return p.exists && p.ready
	case "NotReady":
		return p.exists && !p.ready
	case "Terminating":
		return p.exists && p.deleting && p.phase != "Succeeded" && p.phase != "Failed"
	case "scheduled":
		return p.exists && p.scheduled
	}
	return p.exists && p.phase == q.name
}

// heldAt tells whether the state held at the instant, every event of
// that instant replayed (`not … after T` reads it so).
func heldAt(events []timeline.Event, q query, at time.Duration) bool {
	w := newWorld()
	for _, e := range events {
		if e.At > at {
			break
		}
		w.apply(e)
	}
	return w.holds(q)
}

// heldBy tells whether the state held at some point up to the instant,
// the scenario's start included (`within D` admits the past), and the
// first time it did.
func heldBy(events []timeline.Event, q query, by time.Duration) (time.Duration, bool) {
	w := newWorld()
	if w.holds(q) {
		return 0, true
	}
	for _, e := range events {
		if e.At > by {
			break
		}
		w.apply(e)
		if w.holds(q) {
			return e.At, true
		}
	}
	return 0, false
}

// firstHeldFrom is the first time at or after from the state held: at
// from itself if it held then.
func firstHeldFrom(events []timeline.Event, q query, from time.Duration) (time.Duration, bool) {
	if heldAt(events, q, from) {
		return from, true
	}
	w := newWorld()
	for _, e := range events {
		w.apply(e)
		if e.At > from && w.holds(q) {
			return e.At, true
		}
	}
	return 0, false
}
