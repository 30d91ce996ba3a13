package steps

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/printer"
	"github.com/podlife/podlife/pkg/timeline"
)

// Phrases in the words of issue 38's fourteenth held-out set (first
// drafts written from the README and docs/language.md alone): a job's
// active pods bounded at all times (`the job "batch" never has more than
// 3 active pods`).
func draftFourteenWordings() []Def {
	const w = "workloads"
	const d = "disruptions"
	// A deployment's pods wherever the eviction phrases take a replica
	// set's: its pods across its ReplicaSets (DeploymentPods, as
	// podRef.resolve and the deployment's other pod phrases read them);
	// a pod by its order is workloadPod's, a job's too, as `the eviction
	// of pod 1 of job "batch" is requested|accepted` take it.
	const evict = `^the eviction of ` + workloadPod
	// The preStop hook's failure, as the postStart hook's (postStartFails).
	const failsHook = `^the preStop hook of container "([^"]*)"(?: of pod "([^"]*)")? (?:fails|failed)`
	fails := func(c, p string, timed bool, lo, hi string) Step {
		return &postStartFails{ctr: ctrOfPod{c, p}, preStop: true, timed: timed, lo: lo, hi: hi}
	}
	// A restart count bounded (`the pod "leaky" shows at least 3
	// restarts`): the exact form's state at the current time, read the
	// same way, the count at least (at most) N.
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	podBound := func(most bool) parser {
		return s2(func(pod string, n Count) Step { return podRestartsBound{podNamed{pod}, n, most} })
	}
	ctrBound := func(most bool) parser {
		return s3(func(c, pod string, n Count) Step { return ctrRestartsBound{containerNamed{c, pod}, n, most} })
	}
	return []Def{
		phrase("kubectl columns", `^the pod "([^"]*)" shows at least (\S+) restarts?$`, `Then the pod "leaky" shows at least 3 restarts`, podBound(false)),
		phrase("kubectl columns", `^the pod "([^"]*)" shows at most (\S+) restarts?$`, `Then the pod "leaky" shows at most 5 restarts`, podBound(true)),
		phrase("pod expectations", `^the pod "([^"]*)" has at least (\S+) restarts?$`, `Then the pod "leaky" has at least 3 restarts`, podBound(false)),
		phrase("pod expectations", `^the pod "([^"]*)" has at most (\S+) restarts?$`, `Then the pod "leaky" has at most 5 restarts`, podBound(true)),
		phrase("pod expectations", ctr+`has restarted at least (\S+) times?$`, `Then container "app" of pod "leaky" has restarted at least 2 times`, ctrBound(false)),
		phrase("pod expectations", ctr+`has restarted at most (\S+) times?$`, `Then container "app" of pod "leaky" has restarted at most 5 times`, ctrBound(true)),
		phrase("pod expectations", ctr+`(?:restart count is|has restart count|restartCount is|has restartCount) at least (\S+)$`, `Then container "app" of pod "leaky" restart count is at least 2`, ctrBound(false)),
		phrase("pod expectations", ctr+`(?:restart count is|has restart count|restartCount is|has restartCount) at most (\S+)$`, `Then container "app" of pod "leaky" restart count is at most 5`, ctrBound(true)),
		phrase("pod expectations", `^the pod "([^"]*)" is never recreated$`, `Then the pod "web" is never recreated`,
			s1(func(pod string) Step { return podNeverRecreated{podNamed{pod}} })),
		phrase("signals and hooks", failsHook+`$`, `Then the preStop hook of container "app" fails`,
			s2(func(c, p string) Step { return fails(c, p, false, "", "") })),
		phrase("signals and hooks", failsHook+` within (\S+)$`, `Then the preStop hook of container "app" fails within 5s`,
			s3(func(c, p, d string) Step { return fails(c, p, true, "0s", d) })),
		phrase("signals and hooks", failsHook+` at (\S+)$`, `Then the preStop hook of container "app" fails at 0s`,
			s3(func(c, p, at string) Step { return fails(c, p, true, at, at) })),
		phrase("signals and hooks", failsHook+` between (\S+) and (\S+)$`, `Then the preStop hook of container "app" fails between 0s and 5s`,
			s4(func(c, p, a, b string) Step { return fails(c, p, true, a, b) })),
		phrase(d, evict+` is requested with grace period (\S+)$`, `When the eviction of pod 1 of deployment "web" is requested with grace period 5s`,
			refAnd(ofWorkload, func(r podRef, grace string) Step { return &evictionRequested{pod: r, graceText: grace} })),
		phrase(d, evict+` is accepted at (\S+)$`, `Then the eviction of pod 1 of deployment "web" is accepted at 0s`,
			refAnd(ofWorkload, func(r podRef, at string) Step { return &evictionAccepted{pod: r, atText: at} })),
		phrase(d, evict+` is refused with "([^"]*)"$`, `Then the eviction of pod 2 of deployment "web" is refused with "TooManyRequests"`, refAnd(ofWorkload, refusedWith)).
			with(openSlot("API error", "TooManyRequests", apiErrorReasons...)),
		phrase(d, evict+` is refused with (\d{3})$`, `Then the eviction of pod 2 of deployment "web" is refused with 429`, refAnd(ofWorkload, refusedWithCode)),
		phrase(d, evict+` is refused with message containing "([^"]*)"$`, `Then the eviction of pod 2 of deployment "web" is refused with message containing "disruption budget"`,
			refAnd(ofWorkload, func(r podRef, text string) Step { return evictionRefused{pod: r, text: text} })),
		phrase(d, evict+` is refused (\S+) times?$`, `Then the eviction of pod 2 of deployment "web" is refused 1 time`,
			refAnd(ofWorkload, func(r podRef, n Count) Step { return evictionRefusedTimes{pod: r, want: n} })),
		phrase(d, evict+` is refused (\S+) times? within (\S+)$`, `Then the eviction of pod 2 of deployment "web" is refused 1 time within 5s`,
			refAnd2(ofWorkload, func(r podRef, n Count, within writtenSpan) Step {
				return evictionRefusedTimes{pod: r, want: n, within: within}
			})),
		phrase(d, `^evictions of pods of deployment "([^"]*)" are accepted at (.+)$`, `Then evictions of pods of deployment "web" are accepted at 0s and 10s`,
			s2(func(name string, at offsets) Step {
				return rsEvictionsAcceptedAt{rs: name, want: at, owner: "deployment"}
			})),
		phrase(d, `^evictions of pods of deployment "([^"]*)" are refused (\S+) times?$`, `Then evictions of pods of deployment "web" are refused 2 times`,
			s2(func(name string, n Count) Step {
				return rsEvictionsRefusedTimes{rs: name, want: n, owner: "deployment"}
			})),
		phrase(d, `^an eviction of a pod of deployment "([^"]*)" is refused with message containing "([^"]*)"$`, `Then an eviction of a pod of deployment "web" is refused with message containing "disruption budget"`,
			s2(func(name, text string) Step {
				return rsEvictionRefusedMessage{rs: name, text: text, owner: "deployment"}
			})),
		// A Job's active pods at all times from t=0 to the end of the
		// activity, counted as the Job controller counts status.active:
		// created, not terminating, not terminal
		// (pkg/controller/job/job_controller.go syncJob,
		// controller.FilterActivePods, v1.36.3), read off the pods'
		// timeline as `the deployment "x" never has more than N pods`
		// reads a Deployment's (deploymentAlways).
		phrase(w, `^the job "([^"]*)" never has more than (\S+) (?:active )?pods?$`, `Then the job "batch" never has more than 3 active pods`,
			s2(func(name string, n Count) Step {
				return deploymentAlways{bound: n, name: name, count: countActive, job: true}
			})),
	}
}

// ofWorkload reads workloadPod's captures (`pod N of deployment|job
// "name"`), as parseWorkloadPodRef does.
func ofWorkload(c []string) (podRef, error) {
	i, err := podNumber(c[0])
	if err != nil || i < 1 {
		return podRef{}, inputErr("%q is not an ordinal (1 for the first pod the %s created)", c[0], c[1])
	}
	return podRef{rs: c[2], n: i, owner: c[1]}, nil
}

// Then the pod "leaky" shows at least 3 restarts (has at most 1 restart):
// the RESTARTS column kubectl prints at the current time, as `shows N
// restarts` reads it, its count at least (at most) N.
type podRestartsBound struct {
	podNamed
	n    Count
	most bool
}

func (s podRestartsBound) Run(ctx context.Context, st *State) error {
	return checkColumns(ctx, st, s.pod, "showing "+boundText(s.most)+" "+times(int(s.n), "restart"), func(c printer.Columns) bool {
		var got int
		if _, err := fmt.Sscan(c.Restarts, &got); err != nil {
			return false
		}
		return withinBound(got, int(s.n), s.most)
	})
}

// Then container "app" of pod "leaky" has restarted at least 3 times
// (restart count is at most 5): its status's restartCount at the current
// time, as `has restarted N times` reads it, at least (at most) N.
type ctrRestartsBound struct {
	containerNamed
	n    Count
	most bool
}

func (s ctrRestartsBound) Run(ctx context.Context, st *State) error {
	return s.checkStatus(ctx, st, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		if !withinBound(int(cs.RestartCount), int(s.n), s.most) {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: fmt.Sprintf("restartCount %s %d for container %q", boundText(s.most), s.n, s.container), Observed: describePod(p)}
		}
		return nil
	})
}

func boundText(most bool) string {
	if most {
		return "at most"
	}
	return "at least"
}

func withinBound(got, n int, most bool) bool {
	if most {
		return got <= n
	}
	return got >= n
}

// Then the pod "agent" is never recreated: no pod of that name is created
// after the scenario's first deletion of it (its first DeleteRequested, or
// Deleted where none came before), to the end of the activity, as
// `never` waits: a static pod's mirror pod, deleted, comes back (the
// kubelet's mirror pod sync, pkg/kubelet/kubelet.go
// tryReconcileMirrorPods, v1.36.3), a bare pod does not. Before any deletion of it, trivially true. Read
// off the timeline's PodCreated events, the same on both drivers.
type podNeverRecreated struct{ podNamed }

func (s podNeverRecreated) Run(ctx context.Context, st *State) error {
	p, _ := st.Plan.mustPod(s.pod) // checked by Declare
	sel := timeline.Selector{Pod: p.name, Kind: timeline.PodCreated}
	if err := st.observable(sel); err != nil {
		return err
	}
	if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	var deleted *timeline.Event
	for _, e := range st.clk().events() {
		if e.Pod != p.name || e.Container != "" {
			continue
		}
		switch {
		case deleted == nil && (e.Kind == timeline.DeleteRequested || e.Kind == timeline.Deleted):
			deleted = &e
		case deleted != nil && e.Kind == timeline.PodCreated && e.At >= deleted.At:
			t0 := st.clock.t0.At
			return &timeline.Verdict{Kind: timeline.Unexpected, Event: &e,
				Expected: fmt.Sprintf("no pod %q created after its deletion at %s, to the end of the activity", p.name, timeline.FormatOffset(deleted.At-t0)),
				Observed: fmt.Sprintf("PodCreated of pod %q at %s", p.name, timeline.FormatOffset(e.At-t0))}
		}
	}
	return nil
}
