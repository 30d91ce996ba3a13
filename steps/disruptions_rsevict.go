package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// The evictions of a replica set's pods, whichever pods: what a drain
// asked for them once it returned.

// rsEvictions are the eviction requests since t=0 for pods the replica
// set created (owner "" or "replica set"), or a deployment's replica sets
// (owner "deployment", as podRef.resolve reads a deployment's pods).
func rsEvictions(d driver.Session, owner, rs string, t0 timeline.Mark) []driver.EvictionRequest {
	list := d.ReplicaSetPods
	if owner == "deployment" {
		list = d.DeploymentPods
	}
	_, created, _ := list(rs)
	mine := map[string]bool{}
	for _, n := range created {
		mine[n] = true
	}
	var out []driver.EvictionRequest
	for _, e := range d.Evictions() {
		if mine[e.Pod] && e.At >= t0.At {
			out = append(out, e)
		}
	}
	return out
}

func describeRSEvictions(st *State, es []driver.EvictionRequest) string {
	if len(es) == 0 {
		return "no eviction request since t=0"
	}
	var parts []string
	for _, e := range es {
		parts = append(parts, fmt.Sprintf("%s %d at %s", e.Pod, e.Code, timeline.FormatOffset(e.At-st.clock.t0.At)))
	}
	return joinRequests(parts, es)
}

// joinRequests joins the requests' descriptions, a long run of a drain's
// retries cut to its first and last ones with the counts between (a
// drain retries every 5 s: 2 minutes of refusals were 50 lines of one).
func joinRequests(parts []string, es []driver.EvictionRequest) string {
	const head, tail = 8, 3
	if len(parts) <= head+tail+1 {
		return strings.Join(parts, "; ")
	}
	accepted := 0
	for _, e := range es[head : len(es)-tail] {
		if e.Code == 201 {
			accepted++
		}
	}
	mid := fmt.Sprintf("… %d more (%d refused, %d accepted) …", len(parts)-head-tail, len(parts)-head-tail-accepted, accepted)
	return strings.Join(append(append(parts[:head:head], mid), parts[len(parts)-tail:]...), "; ")
}

// settledRSEvictions lets the scenario's activity end (a drain's retries
// included: until every drain returned) and returns the replica set's
// eviction requests since t=0.
func settledRSEvictions(ctx context.Context, st *State, owner, rs string) ([]driver.EvictionRequest, error) {
	d, err := readyDisruptions(ctx, st)
	if err != nil {
		return nil, err
	}
	if err := awaitDisruption(ctx, st, func() bool { return st.Plan.drainsEnded(d) }); err != nil {
		return nil, err
	}
	return rsEvictions(d, owner, rs, st.clock.t0), nil
}

// offsets are times from t=0: "0s and 10s", "0s, 5s and 10s".
type offsets []time.Duration

func (o *offsets) set(list string) error {
	*o = nil
	for _, part := range strings.FieldsFunc(strings.ReplaceAll(list, " and ", ","), func(r rune) bool { return r == ',' }) {
		d, err := parseDuration(strings.TrimSpace(part))
		if err != nil {
			return err
		}
		*o = append(*o, d)
	}
	return nil
}

// Then evictions of pods of replica set "web" are accepted at 0s and 10s:
// the requests answered 201 for its pods since t=0, whichever pods, were
// made at exactly these times, and no other was accepted (the activity
// run to its end).
type rsEvictionsAcceptedAt struct {
	rs   string
	want offsets
	// owner is "deployment" for a deployment's pods, "" for a replica
	// set's.
	owner string
}

func (s rsEvictionsAcceptedAt) Declare(pl *Plan) error { return declaredOwner(pl, s.owner, s.rs) }

func (s rsEvictionsAcceptedAt) Run(ctx context.Context, st *State) error {
	es, err := settledRSEvictions(ctx, st, s.owner, s.rs)
	if err != nil {
		return err
	}
	var got []driver.EvictionRequest
	for _, e := range es {
		if e.Code == 201 {
			got = append(got, e)
		}
	}
	var wantS []string
	for _, d := range s.want {
		wantS = append(wantS, timeline.FormatOffset(d))
	}
	expected := fmt.Sprintf("evictions of pods of %s %q accepted at %s", ownerKind(s.owner), s.rs, strings.Join(wantS, ", "))
	observed := describeRSEvictions(st, es)
	if len(got) != len(s.want) {
		return &timeline.Verdict{Kind: timeline.WrongCount, Expected: expected, Observed: observed}
	}
	// In order: an acceptance after t=0 came on a retry, after a pod
	// the budget counts became Ready.
	var first *timeline.Verdict
	for i, at := range s.want {
		var waits []driver.Action
		if at > 0 {
			waits = append(waits, driver.ActionCreate)
		}
		w := disruptionWindow(st, at, at, waits...)
		e := &timeline.Event{At: got[i].At, Pod: got[i].Pod}
		var failed error
		if !w.Contains(got[i].At) {
			expected += w.Note()
			v := &timeline.Verdict{Kind: timeline.Late, Expected: expected, Observed: observed, Window: &w, Event: e}
			if got[i].At < w.From {
				v.Kind = timeline.Early
			}
			if first == nil {
				first = v
			}
			failed = v
		}
		_ = st.keepWindowCheck(timeline.Selector{Pod: got[i].Pod}, "an eviction accepted", w, e, failed)
	}
	if first == nil {
		return nil
	}
	// The failure says every window missed, the later ones' too.
	first.Expected = expected
	return first
}

// Then evictions of pods of replica set "web" are refused 2 times: every
// refused request for its pods since t=0, once the activity ended.
type rsEvictionsRefusedTimes struct {
	rs    string
	want  Count
	owner string // as rsEvictionsAcceptedAt's
}

func (s rsEvictionsRefusedTimes) Declare(pl *Plan) error { return declaredOwner(pl, s.owner, s.rs) }

func (s rsEvictionsRefusedTimes) Run(ctx context.Context, st *State) error {
	es, err := settledRSEvictions(ctx, st, s.owner, s.rs)
	if err != nil {
		return err
	}
	if refusedCount(es) != int(s.want) {
		return &timeline.Verdict{Kind: timeline.WrongCount, Expected: fmt.Sprintf("evictions of pods of %s %q refused %s", ownerKind(s.owner), s.rs, times(int(s.want), "time")),
			Observed: describeRSEvictions(st, es)}
	}
	return nil
}

// Then an eviction of a pod of replica set "web" is refused with message
// containing "…": some refusal since t=0 says so.
type rsEvictionRefusedMessage struct{ rs, text, owner string }

func (s rsEvictionRefusedMessage) Declare(pl *Plan) error { return declaredOwner(pl, s.owner, s.rs) }

func (s rsEvictionRefusedMessage) Run(ctx context.Context, st *State) error {
	es, err := settledRSEvictions(ctx, st, s.owner, s.rs)
	if err != nil {
		return err
	}
	var msgs []string
	for _, e := range es {
		if e.Code != 201 {
			if strings.Contains(e.Message, s.text) {
				return nil
			}
			msgs = append(msgs, e.Message)
		}
	}
	return &timeline.Verdict{Kind: timeline.Missing, Expected: fmt.Sprintf("an eviction of a pod of %s %q refused with message containing %q", ownerKind(s.owner), s.rs, s.text),
		Observed: fmt.Sprintf("refusals: %q", msgs)}
}

// declaredOwner: the replica set (owner "") or the deployment is the
// scenario's.
func declaredOwner(pl *Plan, owner, name string) error {
	if owner == "deployment" {
		_, err := pl.workload(owner, name)
		return err
	}
	_, err := pl.replicaSet(name)
	return err
}

// ownerKind is the pods' owner as a step names it.
func ownerKind(owner string) string {
	if owner == "" {
		return "replica set"
	}
	return owner
}
