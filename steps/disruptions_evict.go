package steps

import (
	"context"
	"fmt"
	corev1 "k8s.io/api/core/v1"
	"strconv"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// podRef is a pod named by a step: by its name, or as the n-th pod a
// replica set (or, with owner, a deployment or a job) created.
type podRef struct {
	name string
	rs   string
	n    int
	// owner is "deployment", "job" or "daemon set" for the n-th pod of
	// the workload rs names; "" for a replica set's. node is a daemon
	// set's pod's node ("": its first pod).
	owner string
	node  string
	// revision is a Deployment's pod by its revision: the n-th pod of
	// its revision-th ReplicaSet (rspods.go, revisionPod); 0 otherwise.
	revision int
	// aged: said `the old pod` (n 1) or `the new pod` (n 2), of the
	// scenario's one workload when rs is empty (rspods.go, agedPod).
	aged bool
	// evicted: said `the evicted pod`, the pod of the scenario's last
	// eviction request before the step (evicted.go).
	evicted bool
	// deleted: said `the deleted pod`, the pod of the scenario's last
	// delete of a pod before the step (evicted.go).
	deleted bool
	// only: said `the pod of deployment "x"` (or of a replica set),
	// the workload's one pod, which it must run one at a time.
	only bool
}

func (r podRef) String() string {
	if r.owner == "daemon set" {
		if r.node != "" {
			return fmt.Sprintf("the pod of daemon set %q on node %q", r.rs, r.node)
		}
		return fmt.Sprintf("the daemon set pod of %q", r.rs)
	}
	if r.revision > 0 {
		return fmt.Sprintf("pod %d of revision %d of deployment %q", r.n, r.revision, r.rs)
	}
	if r.rs != "" {
		kind := r.owner
		if kind == "" {
			kind = "replica set"
		}
		return fmt.Sprintf("pod %d of %s %q", r.n, kind, r.rs)
	}
	return fmt.Sprintf("pod %q", r.name)
}

// refForm reads a pod reference from a phrase's captures: podByName's
// one or podOfRS's two.
type refForm func(c []string) (podRef, error)

func byName(c []string) (podRef, error) { return podRef{name: c[0]}, nil }

func ofRS(c []string) (podRef, error) {
	i, err := podNumber(c[0])
	if err != nil || i < 1 {
		return podRef{}, inputErr("%q is not an ordinal (1 for the first pod the replica set created)", c[0])
	}
	return podRef{rs: c[1], n: i}, nil
}

// refOnly is the parser of a phrase whose only slot is a pod reference.
func refOnly(form refForm, build func(podRef) Step) parser {
	return func(c []string, _ Arg) (Step, error) {
		r, err := form(c)
		if err != nil {
			return nil, err
		}
		return build(r), nil
	}
}

// refAnd is the parser of a phrase of a pod reference and one slot after
// it. The slot is read first: the steps checked a code or a count before
// the reference, and one with both wrong still reports the slot.
func refAnd[T any](form refForm, build func(podRef, T) Step) parser {
	return func(c []string, _ Arg) (Step, error) {
		v, err := slotValue[T](c[len(c)-1])
		if err != nil {
			return nil, err
		}
		r, err := form(c[:len(c)-1])
		if err != nil {
			return nil, err
		}
		return build(r, v), nil
	}
}

// refAnd2 is refAnd for a phrase that takes two values after the pod.
func refAnd2[T, U any](form refForm, build func(podRef, T, U) Step) parser {
	return func(c []string, _ Arg) (Step, error) {
		n := len(c)
		v, err := slotValue[T](c[n-2])
		if err != nil {
			return nil, err
		}
		u, err := slotValue[U](c[n-1])
		if err != nil {
			return nil, err
		}
		r, err := form(c[:n-2])
		if err != nil {
			return nil, err
		}
		return build(r, v, u), nil
	}
}

// declared checks the reference against the plan: the pod, or the
// replica set, declared.
func (pl *Plan) declared(r podRef) error {
	switch {
	case r.rs == "":
		_, err := pl.mustPod(r.name)
		return err
	case r.owner != "":
		_, err := pl.workload(r.owner, r.rs)
		return err
	}
	_, err := pl.replicaSet(r.rs)
	return err
}

// podOwners are what a session answers of the pods a controller made.
type podOwners interface {
	ReplicaSetPods(name string) ([]*corev1.Pod, []string, bool)
	DeploymentPods(name string) ([]*corev1.Pod, []string, bool)
	DeploymentReplicaSets(name string) []string
	JobPods(name string) ([]*corev1.Pod, []string, bool)
}

// resolve is the API name of the pod now (a replica set's n-th pod
// exists once it was created).
func (r podRef) resolve(d podOwners) (string, error) {
	if r.rs == "" {
		return r.name, nil
	}
	list := d.ReplicaSetPods
	switch r.owner {
	case "deployment":
		list = d.DeploymentPods
	case "job":
		list = d.JobPods
	}
	_, created, _ := list(r.rs)
	if r.revision > 0 {
		// The revision's ReplicaSet's pods, by the name it gives them
		// (<replica set>-<suffix>), in the order they were created.
		rss := d.DeploymentReplicaSets(r.rs)
		if r.revision > len(rss) {
			return "", &timeline.Verdict{Kind: timeline.Missing, Expected: r.String(), Observed: fmt.Sprintf("deployment %q has %d revisions", r.rs, len(rss))}
		}
		var of []string
		for _, p := range created {
			if strings.HasPrefix(p, rss[r.revision-1]+"-") {
				of = append(of, p)
			}
		}
		if r.n > len(of) {
			return "", &timeline.Verdict{Kind: timeline.Missing, Expected: r.String(), Observed: fmt.Sprintf("revision %d of deployment %q (replica set %s) created %d pods", r.revision, r.rs, rss[r.revision-1], len(of))}
		}
		return of[r.n-1], nil
	}
	if r.n > len(created) {
		kind := r.owner
		if kind == "" {
			kind = "replica set"
		}
		return "", &timeline.Verdict{Kind: timeline.Missing, Expected: r.String(), Observed: fmt.Sprintf("%s %q created %d pods", kind, r.rs, len(created))}
	}
	return created[r.n-1], nil
}

// readyPod is readyDisruptions and the API name of the pod referred to.
func readyPod(ctx context.Context, st *State, ref podRef) (driver.Session, string, error) {
	d, err := readyDisruptions(ctx, st)
	if err != nil {
		return nil, "", err
	}
	name, err := ref.resolve(d)
	return d, name, err
}

// apiErrorReasons are the answers of the eviction subresource other than
// 201, by their StatusReason, with their codes.
var apiErrorReasons = []string{"TooManyRequests", "InternalError", "NotFound", "Forbidden"}

var reasonCodes = map[string]int32{"TooManyRequests": 429, "InternalError": 500, "NotFound": 404, "Forbidden": 403}

// refusalAnswer is what `is refused with "…"` names: an API error by its
// StatusReason (as its code), or else the message the API answered, as it
// says it ("Cannot evict pod as it would violate the pod's disruption
// budget.").
type refusalAnswer struct {
	code    int32
	message string
}

func (r *refusalAnswer) set(s string) error {
	if c, ok := reasonCodes[s]; ok {
		r.code = c
		return nil
	}
	// A word is a reason misspelt (`TooManyRequest`): a message the API
	// answers is a sentence.
	if !strings.Contains(strings.TrimSpace(s), " ") {
		return oneOf("API error", s, apiErrorReasons...)
	}
	r.message = s
	return nil
}

// httpErrorCode is an error code a refusal is checked against.
type httpErrorCode int32

func (c *httpErrorCode) set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 400 || n > 599 {
		return inputErr("%q is not an HTTP error code", s)
	}
	*c = httpErrorCode(n)
	return nil
}

// When the eviction of pod "web" is requested (or of pod 1 of replica set
// "web", with grace period 5s: the Eviction's
// deleteOptions.gracePeriodSeconds): a POST of an Eviction to the pod's
// eviction subresource (by default with the pod's own grace). The answer,
// accepted or refused, is what the eviction expectations check; a refusal
// does not fail the step.
type evictionRequested struct {
	pod podRef
	// graceText is read after the reference is checked, as it always was.
	graceText string
	grace     *int64
}

func newEvictionRequested(r podRef) Step { return &evictionRequested{pod: r} }

func (s *evictionRequested) Declare(pl *Plan) error {
	if err := pl.declared(s.pod); err != nil {
		return err
	}
	r := s.pod
	pl.lastEvicted = &r
	if s.graceText != "" {
		g, err := slotValue[GraceSeconds](s.graceText)
		if err != nil {
			return err
		}
		s.grace = (*int64)(&g)
	}
	return nil
}

func (s *evictionRequested) Run(ctx context.Context, st *State) error {
	return disruptionAction(ctx, st, func(d driver.Session) error {
		name, err := s.pod.resolve(d)
		if err != nil {
			return err
		}
		at := st.Session.Now()
		if err := d.Evict(ctx, name, metav1.DeleteOptions{GracePeriodSeconds: s.grace}); err == nil {
			// Accepted: a delete for the kubelet, made when the request
			// was sent. Refused (the answer is recorded): the kubelet has
			// nothing to react to, and the pod's last action stands.
			st.judge().Acted(driver.ActionDelete, name, at)
		}
		return nil
	})
}

// disruptionAction runs an action at the current time, which becomes t=0
// for an Action step.
func disruptionAction(ctx context.Context, st *State, act func(driver.Session) error) error {
	d, err := readyDisruptions(ctx, st)
	if err != nil {
		return err
	}
	if err := st.clk().instant(ctx); err != nil {
		return err
	}
	// An eviction or a drain right after `is created` meets running
	// containers on the simulator; on a cluster it waits for the pods a
	// step created to start, as a delete and a node action do
	// (awaitStart). drain-grace.feature's drain came 0.05 s after the
	// create, and evicted a pod whose container never ran (2026-11-26).
	if err := st.awaitStart(ctx, st.Plan.pods...); err != nil {
		return err
	}
	st.clk().moveT0Acting(st.clk().actionMark())
	return act(d)
}

// evictedAt notes an eviction a drain made (kubectl's loop, in the
// scenario's background) as a step's eviction is noted: a delete for the
// kubelet, made when the request was sent, so that on a cluster what
// follows counts from the kubelet's reaction to it rather than from an
// earlier action on the pod (its create).
func evictedAt(st *State, pod string, at time.Duration) {
	st.judge().Evicted(pod, at)
}

// evictionsOf are the eviction requests for the pod at or after t=0.
func evictionsOf(d driver.Disruptions, name string, t0 timeline.Mark) []driver.EvictionRequest {
	var out []driver.EvictionRequest
	for _, e := range d.Evictions() {
		if e.Pod == name && e.At >= t0.At {
			out = append(out, e)
		}
	}
	return out
}

func describeEvictions(st *State, es []driver.EvictionRequest) string {
	if len(es) == 0 {
		return "no eviction request since t=0"
	}
	var parts []string
	for _, e := range es {
		s := fmt.Sprintf("%d at %s", e.Code, timeline.FormatOffset(e.At-st.clock.t0.At))
		if e.Message != "" {
			s += " (" + e.Message + ")"
		}
		parts = append(parts, s)
	}
	return joinRequests(parts, es)
}

// refusedCount is how many of the requests were refused.
func refusedCount(es []driver.EvictionRequest) int {
	n := 0
	for _, e := range es {
		if e.Code != 201 {
			n++
		}
	}
	return n
}

// Then the eviction of pod "web" is accepted (or of pod 2 of replica set
// "web"): a request for the pod at or after t=0 was answered 201 (the
// DisruptionTarget condition set and the delete made); untimed, it waits
// for a drain's retries. With `at 10s`: the first request answered 201
// was made at exactly t0+10s.
type evictionAccepted struct {
	pod podRef
	// atText is read after the reference is checked, as it always was.
	atText string
	at     time.Duration
}

func newEvictionAccepted(r podRef) Step { return &evictionAccepted{pod: r} }

func (s *evictionAccepted) Declare(pl *Plan) error {
	if err := pl.declared(s.pod); err != nil {
		return err
	}
	s.at = -1
	if s.atText != "" {
		t, err := parseDuration(s.atText)
		if err != nil {
			return err
		}
		s.at = t
	}
	return nil
}

func (s *evictionAccepted) Run(ctx context.Context, st *State) error {
	d, name, err := readyPod(ctx, st, s.pod)
	if err != nil {
		return err
	}
	accepted := func() (driver.EvictionRequest, bool) {
		for _, e := range evictionsOf(d, name, st.clock.t0) {
			if e.Code == 201 {
				return e, true
			}
		}
		return driver.EvictionRequest{}, false
	}
	if err := awaitDisruption(ctx, st, func() bool { _, ok := accepted(); return ok }); err != nil {
		return err
	}
	e, ok := accepted()
	if ok && e.By != "api" {
		evictedAt(st, name, e.At)
	}
	expected := fmt.Sprintf("the eviction of %s accepted", s.pod)
	if s.at >= 0 {
		expected += " at " + timeline.FormatOffset(s.at)
	}
	v := &timeline.Verdict{Kind: timeline.Missing, Expected: expected, Observed: describeEvictions(st, evictionsOf(d, name, st.clock.t0))}
	switch {
	case !ok:
		return v
	case s.at < 0:
		return nil
	}
	// The request's time in the judge's window, as `evictions of pods of
	// replica set "x" are accepted at` reads each: exact on the
	// simulator; on a cluster t=0 is the kubelet's reaction to the last
	// action, which an eviction's answer precedes by the API's round trip.
	var waits []driver.Action
	if s.at > 0 {
		waits = append(waits, driver.ActionCreate)
	}
	w := disruptionWindow(st, s.at, s.at, waits...)
	ev := &timeline.Event{At: e.At, Pod: name}
	if w.Contains(e.At) {
		return st.keepWindowCheck(timeline.Selector{Pod: name}, "an eviction accepted", w, ev, nil)
	}
	v.Expected += w.Note()
	v.Kind, v.Event, v.Window = timeline.Late, ev, &w
	if e.At < w.From {
		v.Kind = timeline.Early
	}
	return st.keepWindowCheck(timeline.Selector{Pod: name}, "an eviction accepted", w, ev, v)
}

// Then the eviction of pod "web" is refused with "TooManyRequests" (or of
// pod 2 of replica set "web"; or with 429; or with message containing
// "needs 2 healthy pods"): the first request for the pod at or after t=0
// was refused so (429 for TooManyRequests, 500 InternalError, 404
// NotFound, 403 Forbidden); a message is the refusal's, the budget's
// cause. `is refused with "Cannot evict pod as it would violate the
// pod's disruption budget."`, a text that is not an API error's reason:
// the API's message is that text (its causes, which the budget's refusal
// adds, apart).
type evictionRefused struct {
	pod podRef
	// code is 0 when the phrase names none.
	code int32
	text string
	// message is the API's message, exactly ("": none named).
	message string
}

// refusedWithCode builds the refusal of a phrase that names its answer
// by a code.
func refusedWithCode(r podRef, code httpErrorCode) Step {
	return evictionRefused{pod: r, code: int32(code)}
}

// refusedWith builds the refusal of a phrase that names its answer by a
// reason or by the API's message.
func refusedWith(r podRef, a refusalAnswer) Step {
	return evictionRefused{pod: r, code: a.code, message: a.message}
}

func (s evictionRefused) Declare(pl *Plan) error { return pl.declared(s.pod) }

func (s evictionRefused) Run(ctx context.Context, st *State) error {
	d, name, err := readyPod(ctx, st, s.pod)
	if err != nil {
		return err
	}
	if err := awaitDisruption(ctx, st, func() bool { return len(evictionsOf(d, name, st.clock.t0)) > 0 }); err != nil {
		return err
	}
	es := evictionsOf(d, name, st.clock.t0)
	expected := fmt.Sprintf("the eviction of %s refused", s.pod)
	if s.code != 0 {
		expected += fmt.Sprintf(" with %d", s.code)
	}
	if s.text != "" {
		expected += fmt.Sprintf(" with message containing %q", s.text)
	}
	if s.message != "" {
		expected += fmt.Sprintf(" with %q", s.message)
	}
	if len(es) == 0 {
		return &timeline.Verdict{Kind: timeline.Missing, Expected: expected, Observed: describeEvictions(st, es)}
	}
	said := s.message == "" || es[0].StatusMessage == s.message
	if es[0].Code == 201 || (s.code != 0 && es[0].Code != s.code) || !strings.Contains(es[0].Message, s.text) || !said {
		return &timeline.Verdict{Kind: timeline.WrongState, Expected: expected, Observed: describeEvictions(st, es),
			Event: &timeline.Event{At: es[0].At, Pod: name}}
	}
	return nil
}
