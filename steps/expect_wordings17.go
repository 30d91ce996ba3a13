package steps

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// Phrases in the words of issue 38's seventeenth held-out set (first
// drafts written from the README and docs/language.md alone): a signal
// no container receives (`no container receives SIGKILL`, `the pod
// "batch" never receives SIGTERM`), a pod kubectl never shows
// Terminating, a preStop hook that does not run, a pod's one container
// given a resource (`a pod "small-writer" with an ephemeral-storage limit
// of 500Mi`), and two aliases (`has restarted at least N times within D`,
// `gets evicted with a message mentioning "t"`).
//
// The never-phrases are `never receives`'s: expectNever runs the
// scenario to the end of its activity (a cluster's to every pod gone or
// terminal, capped) and finds no such event in the whole scenario; their
// bounded forms (`… before D`) are `does not receive SIGTERM before D`'s
// (ctrEventNotBefore).
func draftSeventeenWordings() []Def {
	const sig = "signals and hooks"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	const hook = `^the preStop hook of container "([^"]*)"(?: of pod "([^"]*)")? `
	resources := func(c []string, _ Arg) (Step, error) {
		name, err := slotValue[resourceName](c[1])
		if err != nil {
			return nil, err
		}
		q, err := parseQuantity(c[3])
		if err != nil {
			return nil, err
		}
		list := corev1.ResourceList{corev1.ResourceName(name): q}
		res := corev1.ResourceRequirements{Limits: list}
		if c[2] == "request" {
			res = corev1.ResourceRequirements{Requests: list}
		}
		return aPod{name: c[0], podFields: podFields{res: &res}}, nil
	}
	resourceSlots := []Slot{slot("resource", "ephemeral-storage", resourceNames...), slot("resource bound", "limit", "limit", "request")}
	evictedWith := s2(func(pod, part string) Step { return podEvicted{pod: pod, part: part, withMessage: true} })
	notRun := func(c, p string) Step { return &preStopNotRun{ctrOfPod{c, p}, timeline.Selector{}} }
	return []Def{
		phrase(sig, `^no container(?: of pod "([^"]*)")? receives (SIG\S+)$`, `Then no container of pod "web" receives SIGKILL`,
			s2(func(pod string, sig sigKind) Step { return &noSignal{pod: pod, sig: sig, scenario: pod == ""} })).with(signalSlot("SIGKILL")),
		phrase(sig, `^no container of pod "([^"]*)" receives (SIG\S+) before (\S+)$`, `Then no container of pod "web" receives SIGKILL before 30s`,
			s3(func(pod string, sig sigKind, d string) Step { return podSignalNotBefore(pod, sig, d) })).with(signalSlot("SIGKILL")),
		phrase(sig, `^the pod "([^"]*)" never receives (SIG\S+)$`, `Then the pod "batch" never receives SIGTERM`,
			s2(func(pod string, sig sigKind) Step { return &noSignal{pod: pod, sig: sig} })).with(signalSlot("SIGTERM")),
		phrase(sig, `^the pod "([^"]*)" does not receive (SIG\S+) before (\S+)$`, `Then the pod "batch" does not receive SIGTERM before 60s`,
			s3(func(pod string, sig sigKind, d string) Step { return podSignalNotBefore(pod, sig, d) })).with(signalSlot("SIGTERM")),
		phrase(sig, ctr+`(?:does not run|never runs) its preStop hook$`, `Then container "app" does not run its preStop hook`,
			s2(notRun)),
		phrase(sig, hook+`(?:never runs|is never run|is not run|does not run)$`, `Then the preStop hook of container "app" never runs`,
			s2(notRun)),
		phrase("kubectl columns", `^the pod "([^"]*)" (?:is|was) never Terminating$`, `Then the pod "stuck" is never Terminating`,
			s1(func(pod string) Step { return neverShows{podNamed{pod}, "Terminating"} })),
		phrase("kubectl columns", `^the pod "([^"]*)" never shows status "([^"]*)"$`, `Then the pod "web" never shows status "CrashLoopBackOff"`,
			s2(func(pod string, status kubectlStatus) Step { return neverShows{podNamed{pod}, string(status)} })).with(statusSlot("CrashLoopBackOff")),
		phrase("pods", `^a pod "([^"]*)" with an? (\S+) (limit|request) of (\S+)$`, `Given a pod "small-writer" with an ephemeral-storage limit of 500Mi`,
			resources).with(resourceSlots...),
		phrase("pods", `^a pod "([^"]*)" with (\S+) (limit|request) (\S+)$`, `Given a pod "cache" with memory limit 256Mi`,
			resources).with(slot("resource", "memory", resourceNames...), slot("resource bound", "limit", "limit", "request")),
		// `has restarted N times within D` already means at least N by D
		// (its N-th restart by then): `at least` says so.
		phrase("pod expectations", ctr+`has restarted at least (\S+) times? within (\S+)$`, `Then container "app" of pod "web" has restarted at least 2 times within 1m`,
			s4(func(c, pod string, n Count, d writtenSpan) Step { return restartedWithin{containerNamed{c, pod}, n, d} })),
		phrase("eviction expectations", `^the pod "([^"]*)" gets evicted with (?:a )?message (?:containing|mentioning) "([^"]*)"$`, `Then the pod "cache" gets evicted with a message mentioning "memory"`, evictedWith),
		phrase("eviction expectations", `^the pod "([^"]*)" is evicted with a message (?:containing|mentioning) "([^"]*)"$`, `Then the pod "cache" is evicted with a message mentioning "memory"`, evictedWith),
	}
}

// resourceNames are the resources `a pod "x" with a memory limit of Q`
// gives its one container.
var resourceNames = []string{"memory", "cpu", "ephemeral-storage"}

// resourceName is a container resource as authors write it (`CPU` is
// cpu).
type resourceName string

func (r *resourceName) set(s string) error {
	s = strings.ToLower(s)
	*r = resourceName(s)
	return oneOf("resource", s, resourceNames...)
}

// noSignal: Then the pod "batch" never receives SIGTERM (no container of
// the pod does), no container of pod "web" receives SIGKILL, no container
// receives SIGKILL (scenario: no container of any pod of the scenario,
// a workload's included), over the whole scenario as `never receives`.
type noSignal struct {
	pod      string
	sig      sigKind
	scenario bool
	sel      timeline.Selector
}

func (s *noSignal) Declare(pl *Plan) (err error) {
	if !s.scenario {
		s.sel, err = podSignalSel(pl, s.pod, s.sig)
		return err
	}
	if len(pl.pods) == 0 && !declaresWorkloads(pl) {
		return undeclaredErr("no pod is declared: no container to receive %s", s.sig)
	}
	s.sel = timeline.Selector{Kind: timeline.Kind(s.sig), AnyContainer: true}
	return nil
}

func (s *noSignal) Run(ctx context.Context, st *State) error {
	err := expectNever(ctx, st, s.sel)
	if v, ok := err.(*timeline.Verdict); ok && v.Event != nil {
		e := v.Event
		scope := "of the scenario"
		if !s.scenario {
			scope = fmt.Sprintf("of pod %q", e.Pod)
		}
		v.Expected = fmt.Sprintf("no container %s receiving %s, to the end of the activity", scope, s.sig)
		v.Observed = fmt.Sprintf("%s of container %q of pod %q at %s", e.Kind, e.Container, e.Pod, timeline.FormatOffset(e.At-st.clock.t0.At))
	}
	return err
}

// podSignalNotBefore: Then the pod "batch" does not receive SIGTERM
// before 60s, no container of pod "web" receives SIGKILL before 30s: the
// first signal to any of its containers at or after t=0 is not before
// t0+D, judged as a container's `does not receive SIGTERM before D`.
func podSignalNotBefore(pod string, sig sigKind, d string) Step {
	return &podNotBefore{ctrEventNotBefore: ctrEventNotBefore{kind: timeline.Kind(sig), d: d}, pod: pod}
}

type podNotBefore struct {
	ctrEventNotBefore
	pod string
}

func (s *podNotBefore) Declare(pl *Plan) (err error) {
	if s.sel, err = podSignalSel(pl, s.pod, sigKind(s.kind)); err != nil {
		return err
	}
	s.dur, err = parseDuration(s.d)
	return err
}

// preStopNotRun: Then container "app" does not run its preStop hook, the
// preStop hook of container "app" never runs: no PreStopStarted of the
// container in the whole scenario, as `never starts` reads its starts.
// The kubelet runs a container's preStop hook whenever it kills the
// running container with a grace above 0 (kuberuntime_container.go
// killContainer, v1.36.3), and the pod worker never passes less than 1
// (pod_workers.go calculateEffectiveGracePeriod): a force delete runs it
// too, for up to a second; a container that is not running when its pod
// is deleted (it completed) is not killed, and its hook does not run.
// The container must have the hook.
type preStopNotRun struct {
	ctr ctrOfPod
	sel timeline.Selector
}

func (s *preStopNotRun) Declare(pl *Plan) (err error) {
	_, c, err := pl.mustContainer(s.ctr.name, s.ctr.pod)
	if err != nil {
		return err
	}
	if c.Lifecycle == nil || c.Lifecycle.PreStop == nil {
		return inputErr("container %q has no preStop hook: there is none to run (give it one in the pod's YAML, under lifecycle.preStop)", c.Name)
	}
	s.sel, err = s.ctr.event(pl, timeline.PreStopStarted)
	return err
}

func (s *preStopNotRun) Run(ctx context.Context, st *State) error {
	if err := st.observable(s.sel); err != nil {
		return err
	}
	return expectNever(ctx, st, s.sel)
}

// neverShows: Then the pod "stuck" is never Terminating, the pod "web"
// never shows status "CrashLoopBackOff": the STATUS column of `kubectl
// get pods`, as `shows status "S" within D` reads it off the timeline
// (every version of the pod the API held), never S in the whole scenario,
// run to the end of its activity as `never` is. A pod being deleted shows
// Terminating only while its phase is not terminal (the printer since
// 1.31): a force delete of a running pod still shows it, in the version
// the API server stores before it removes the pod
// (updateForGracefulDeletionAndFinalizers, k8s.io/apiserver
// pkg/registry/generic/registry/store.go, v0.36.3).
type neverShows struct {
	podNamed
	status string
}

func (s neverShows) Run(ctx context.Context, st *State) error {
	return neverIn(ctx, st, s.pod, columnState(s.status), "STATUS "+s.status)
}
