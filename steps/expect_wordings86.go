package steps

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"

	"github.com/podlife/podlife/pkg/timeline"
)

// Phrases of issue 38's twelfth blind batch (held-out sets 86-90, first
// drafts written from the README alone, 2026-12-02), for what its authors
// reached for and the language could not say:
//
//   - an OOM kill in a window (`container "redis" is OOMKilled between 3s
//     and 5s`, six times in the set on resources): the untimed `is
//     OOMKilled` timed as `exits` is, on the first exit at or after t=0
//     that the runtime reports as OOMKilled;
//   - a phase reached (`the pod "checkout" reaches phase "Succeeded"`,
//     nine times with `enters phase`): untimed, as an event is, the
//     pod's phase on its timeline at any time of the scenario; with a
//     time, the pod's `is P within D`, `between A and B`, `at T`, which
//     already say the phase's coming;
//   - the grace period the API stored for a pod's deletion (`has
//     deletionGracePeriodSeconds 5`, three times): the pod's
//     metadata.deletionGracePeriodSeconds now;
//   - the tolerations the API server gave a pod (`has toleration
//     "node.kubernetes.io/not-ready:NoExecute" for 300s`, three times).
func draftEightySixWordings() []Def {
	const sig = "signals and hooks"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	const reaches = `^the pod "([^"]*)" (?:reaches|enters) phase "?(Pending|Running|Succeeded|Failed)"? `
	return []Def{
		phrase(sig, ctr+`is OOMKilled within (\S+)$`, `Then container "app" is OOMKilled within 10s`,
			s3(func(c, p, d string) Step { return oomKilledIn(c, p, "0s", d) })),
		phrase(sig, ctr+`is OOMKilled between (\S+) and (\S+)$`, `Then container "app" is OOMKilled between 4s and 6s`,
			s4(func(c, p, a, b string) Step { return oomKilledIn(c, p, a, b) })),
		phrase(sig, ctr+`is OOMKilled at (\S+)$`, `Then container "app" is OOMKilled at 5s`,
			s3(func(c, p, at string) Step { return oomKilledIn(c, p, at, at) })),
		phrase("pod expectations", reaches[:len(reaches)-1]+`$`, `Then the pod "web" reaches phase "Succeeded"`,
			s2(func(pod, phase string) Step { return podReachesPhase{pod, phase} })),
		phrase("pod expectations", reaches+`within (\S+)$`, `Then the pod "web" reaches phase "Failed" within 10s`,
			s3(func(pod string, state withinState, d writtenSpan) Step { return podIsWithin(pod, state, d) })).respelling(),
		phrase("pod expectations", reaches+`between (\S+) and (\S+)$`, `Then the pod "web" reaches phase "Failed" between 4s and 6s`,
			s4(func(pod string, state withinState, a, b writtenSpan) Step { return podIsBetween(pod, state, a, b) })).respelling(),
		phrase("pod expectations", reaches+`at (\S+)$`, `Then the pod "web" reaches phase "Failed" at 5s`,
			s3(func(pod string, state withinState, at writtenSpan) Step { return podIsBetween(pod, state, at, at) })).respelling(),
		phrase("pod expectations", `^the pod "([^"]*)" has deletionGracePeriodSeconds (\S+)$`, `Then the pod "web" has deletionGracePeriodSeconds 5`,
			s2(func(pod string, g GraceSeconds) Step { return deletionGrace{podNamed{pod}, int64(g)} })),
		phrase("pod expectations", `^the pod "([^"]*)" has a deletion grace period of (\S+)$`, `Then the pod "web" has a deletion grace period of 5s`,
			s2(func(pod string, g GraceSeconds) Step { return deletionGrace{podNamed{pod}, int64(g)} })).respelling(),
		phrase("pod expectations", `^the pod "([^"]*)" has toleration "([^"]*)"$`, `Then the pod "web" has toleration "node.kubernetes.io/not-ready:NoExecute"`,
			s2(func(pod, taint string) Step { return &podToleration{pod: pod, taint: taint} })),
		phrase("pod expectations", `^the pod "([^"]*)" has toleration "([^"]*)" for (\S+)$`, `Then the pod "web" has toleration "node.kubernetes.io/unreachable:NoExecute" for 300s`,
			s3(func(pod, taint string, g GraceSeconds) Step {
				secs := int64(g)
				return &podToleration{pod: pod, taint: taint, seconds: &secs}
			})),
	}
}

// podToleration is `the pod "x" has toleration "key[=value]:Effect"`
// (`for D`): one of the pod's tolerations, as the API server stored them
// (its DefaultTolerationSeconds admission plugin adds not-ready and
// unreachable NoExecute ones of 300 s to a pod that has none:
// plugin/pkg/admission/defaulttolerationseconds/admission.go Admit),
// tolerates that taint, for D (tolerationSeconds) when said.
type podToleration struct {
	pod, taint string
	seconds    *int64
	t          corev1.Taint
}

func (s *podToleration) Declare(pl *Plan) (err error) {
	if _, err = pl.mustPod(s.pod); err != nil {
		return err
	}
	s.t, err = parseTaint(s.taint)
	return err
}

func (s *podToleration) Run(ctx context.Context, st *State) error {
	return st.check(ctx, s.pod, func(p *corev1.Pod) error {
		var have []string
		for _, tol := range p.Spec.Tolerations {
			have = append(have, describeToleration(tol))
			if tol.ToleratesTaint(klog.Background(), &s.t, false) && (s.seconds == nil || tol.TolerationSeconds != nil && *tol.TolerationSeconds == *s.seconds) {
				return nil
			}
		}
		exp := fmt.Sprintf("pod %q tolerating %q", s.pod, s.taint)
		if s.seconds != nil {
			exp += fmt.Sprintf(" for %ds", *s.seconds)
		}
		obs := "no tolerations"
		if len(have) > 0 {
			obs = "tolerations " + strings.Join(have, ", ")
		}
		return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp, Observed: obs}
	})
}

// describeToleration writes a toleration as kubectl describe does:
// key=value:Effect op=Exists for Ns.
func describeToleration(t corev1.Toleration) string {
	s := t.Key
	if t.Value != "" {
		s += "=" + t.Value
	}
	if t.Effect != "" {
		s += ":" + string(t.Effect)
	}
	if t.Operator == corev1.TolerationOpExists {
		s += " op=Exists"
	}
	if t.TolerationSeconds != nil {
		s += fmt.Sprintf(" for %ds", *t.TolerationSeconds)
	}
	return s
}

// oomKilledIn is `container "c" is OOMKilled between A and B` (within D:
// from 0s; at T: A and B both T): the container's first exit at or after
// t=0 with reason OOMKilled lies in the window.
func oomKilledIn(c, p, a, b string) Step {
	return &oomKilledWindow{ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Exited, lo: a, hi: b}}
}

type oomKilledWindow struct{ ctrEventIn }

func (s *oomKilledWindow) Declare(pl *Plan) error {
	if err := s.ctrEventIn.Declare(pl); err != nil {
		return err
	}
	s.sel.Reason = "OOMKilled"
	return nil
}

// podReachesPhase is `the pod "x" reaches phase "P"`: untimed (untimed.go),
// the phase at any time of the scenario, the first at or after t=0 chosen.
type podReachesPhase struct{ pod, phase string }

func (s podReachesPhase) Declare(pl *Plan) error {
	_, err := pl.mustPod(s.pod)
	return err
}

func (s podReachesPhase) Run(ctx context.Context, st *State) error {
	return st.expectUntimed(ctx, timeline.Selector{Pod: s.pod, Kind: timeline.Phase, Reason: s.phase},
		fmt.Sprintf("pod %q in phase %s", s.pod, s.phase), nil)
}

// deletionGrace is `the pod "x" has deletionGracePeriodSeconds N`: the
// grace period the API server stored with the pod's deletion
// (metadata.deletionGracePeriodSeconds), read at the current time. A
// second delete can only shorten it (k8s.io/apiserver
// pkg/registry/rest/delete.go BeforeDelete).
type deletionGrace struct {
	podNamed
	want int64
}

func (s deletionGrace) Run(ctx context.Context, st *State) error {
	return st.check(ctx, s.pod, func(p *corev1.Pod) error {
		exp := fmt.Sprintf("pod %q with deletionGracePeriodSeconds %d", s.pod, s.want)
		switch {
		case p.DeletionGracePeriodSeconds == nil:
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp, Observed: "no deletion requested: the pod has no deletionGracePeriodSeconds"}
		case *p.DeletionGracePeriodSeconds != s.want:
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp, Observed: fmt.Sprintf("deletionGracePeriodSeconds %d", *p.DeletionGracePeriodSeconds)}
		}
		return nil
	})
}
