package steps

import (
	"context"
	"fmt"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// Phrases in the words of issue 38's seventh held-out set (first drafts
// written from the README and docs/language.md alone).
//
// `When the replica set "web" is scaled to 1` (`kubectl scale`; the
// controller picks the pods a scale-down deletes); a container's
// readiness with the time shapes a pod's has (`container "app" becomes
// ready between 40s and 42s`, `becomes ready within D`, and so for not
// ready); an event's object after its message (`no event "Unhealthy" is
// recorded for container "app" of pod "slow" with message containing
// "Liveness"`, `… is recorded with message containing "M" for pod "p"`);
// an exit code a container never exits with (`container "app" does not
// exit with code 1`); a node left without a deployment's pods (`node
// "worker-1" has no pods of deployment "api"`).
func draftEightWordings() []Def {
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	// aboutSaid is about, said: the object of an event step written
	// after its message, where leaving it out is the phrase with the
	// message last.
	aboutSaid := about[:len(about)-1]
	readyIn := func(kind timeline.Kind, within bool) parser {
		return func(c []string, _ Arg) (Step, error) {
			if within {
				return containerReadyIn{containerNamed{c[0], c[1]}, kind, "0s", c[2]}, nil
			}
			return containerReadyIn{containerNamed{c[0], c[1]}, kind, c[2], c[3]}, nil
		}
	}
	return []Def{
		phrase("kubectl columns", ctr+`becomes ready within (\S+)$`, `Then container "app" of pod "web" becomes ready within 5s`, readyIn(timeline.Ready, true)),
		phrase("kubectl columns", ctr+`becomes ready between (\S+) and (\S+)$`, `Then container "app" of pod "web" becomes ready between 40s and 42s`, readyIn(timeline.Ready, false)),
		phrase("kubectl columns", ctr+`becomes not ready within (\S+)$`, `Then container "app" of pod "web" becomes not ready within 10s`, readyIn(timeline.NotReady, true)),
		phrase("kubectl columns", ctr+`becomes not ready between (\S+) and (\S+)$`, `Then container "app" of pod "web" becomes not ready between 6s and 8s`, readyIn(timeline.NotReady, false)),
		phrase("events", `^no event "([^"]*)" is recorded`+about+` with message containing "([^"]*)"$`, `Then no event "Unhealthy" is recorded for container "app" of pod "slow" with message containing "Liveness"`,
			func(c []string, _ Arg) (Step, error) {
				return &noEvent{reason: c[0], text: c[4], withText: true, about: eventAboutOf(c[1:4])}, nil
			}).with(eventSlot("Unhealthy")),
		phrase("events", `^an event "([^"]*)" is recorded with message containing "([^"]*)"`+aboutSaid+`$`, `Then an event "Unhealthy" is recorded with message containing "Readiness" for container "app" of pod "web"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[0], text: c[1], about: eventAboutOf(c[2:])}, nil
			}).with(eventSlot("Unhealthy")),
		phrase("events", `^no event "([^"]*)" is recorded with message containing "([^"]*)"`+aboutSaid+`$`, `Then no event "Unhealthy" is recorded with message containing "Liveness" for pod "web"`,
			func(c []string, _ Arg) (Step, error) {
				return &noEvent{reason: c[0], text: c[1], withText: true, about: eventAboutOf(c[2:])}, nil
			}).with(eventSlot("Unhealthy")),
		phrase("signals and hooks", ctr+`(?:does not exit|never exits) with code (\S+)$`, `Then container "app" does not exit with code 1`,
			s3(func(c, p string, code afterNames[ExitCode]) Step {
				return &neverExitsWithCode{ctr: ctrOfPod{c, p}, code: code}
			})),
	}
}

// draftEightWorkloads are draftEightWordings of replica sets and
// deployments (kept after the workload phrases, as their sections are).
func draftEightWorkloads() []Def {
	return []Def{
		phrase("workloads", `^the replica set "([^"]*)" is scaled to (\S+)(?: replicas?)?$`, `When the replica set "web" is scaled to 1`,
			s2(func(name string, n Count) Step { return &scaled{kind: "replica set", name: name, n: n} })),
		phrase("workloads", `^the deployment "([^"]*)" is scaled to (\S+)(?: replicas?)?$`, `When the deployment "api" is scaled to 3 replicas`,
			s2(func(name string, n Count) Step { return &scaled{kind: "deployment", name: name, n: n} })),
		phrase("disruptions", `^node "([^"]*)" has no pods of deployment "([^"]*)"$`, `Then node "worker-1" has no pods of deployment "api"`,
			s2(func(node, dep string) Step { return rsOnNode{rs: dep, node: node, owner: "deployment"} })),
		phrase("disruptions", `^node "([^"]*)" has no pods of deployment "([^"]*)" within (\S+)$`, `Then node "worker-1" has no pods of deployment "api" within 1m`,
			s3(func(node, dep string, within writtenDuration) Step {
				return rsOnNode{rs: dep, node: node, within: &within, owner: "deployment"}
			})),
	}
}

// When the replica set "web" is scaled to 1, When the deployment "api" is
// scaled to 3: `kubectl scale --replicas=N` (the scale subresource); t=0
// is the write. Which pods a scale-down deletes is the controller's rule
// (the ReplicaSet controller's getPodsToDelete: not yet scheduled, not
// running, not Ready, Ready for less time, more restarts, newer first).
type scaled struct {
	kind, name string
	n          Count
}

func (s *scaled) Declare(pl *Plan) error {
	_, err := pl.workload(s.kind, s.name)
	return err
}

func (s *scaled) Run(ctx context.Context, st *State) error {
	return disruptionAction(ctx, st, func(d driver.Session) error {
		if err := d.Scale(ctx, s.kind, s.name, int32(s.n)); err != nil {
			return st.unsupported(fmt.Errorf("%s %q: %w", s.kind, s.name, err))
		}
		return nil
	})
}

// Then container "app" does not exit with code 1: no exit of the
// container with that code in the whole scenario, run to the end of its
// activity (as `never receives`); exits with other codes are allowed.
type neverExitsWithCode struct {
	ctr  ctrOfPod
	code afterNames[ExitCode]
	sel  timeline.Selector
}

func (s *neverExitsWithCode) Declare(pl *Plan) (err error) {
	if s.sel, err = s.ctr.event(pl, timeline.Exited); err != nil {
		return err
	}
	s.sel.Code, s.sel.HasCode = int(s.code.v), true
	return s.code.err
}

func (s *neverExitsWithCode) Run(ctx context.Context, st *State) error {
	return expectNever(ctx, st, s.sel)
}
