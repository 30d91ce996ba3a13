package steps

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// draftTwentyTwoWordings are the phrases issue 38's held-out set 28
// reached for, each undefined then: a restart count from below by a
// deadline (`the pod "web" shows at least 1 restart within 30s`), an
// event's message before `is recorded` with a deadline, a static pod's
// mirror pod said as such (`the mirror pod of static pod "agent" exists
// within 10s`, `the mirror pod "node-exporter" is deleted`), and a pod
// deleted by the taint-eviction controller by a deadline.
func draftTwentyTwoWordings() []Def {
	restarts := func(pod string, n Count, d writtenSpan) Step {
		return &podRestartsWithin{pod: pod, n: n, d: d, atLeast: true}
	}
	const mirror = `^the mirror pod (?:of (?:the )?static pod )?"([^"]*)" `
	exists := func(within bool) parser {
		if within {
			return s2(func(pod string, d writtenSpan) Step { return &mirrorExists{podNamed{pod}, &d} })
		}
		return s1(func(pod string) Step { return &mirrorExists{podNamed{pod}, nil} })
	}
	return []Def{
		phrase("kubectl columns", `^the pod "([^"]*)" shows at least (\S+) restarts? within (\S+)$`, `Then the pod "web" shows at least 1 restart within 30s`, s3(restarts)),
		phrase("pod expectations", `^the pod "([^"]*)" has at least (\S+) restarts? within (\S+)$`, `Then the pod "web" has at least 2 restarts within 1m`, s3(restarts)),
		phrase("events", `^an event "([^"]*)" with message containing "([^"]*)" is recorded`+about+` within (\S+)$`, `Then an event "Unhealthy" with message containing "timed out" is recorded for container "app" within 20s`,
			func(c []string, _ Arg) (Step, error) {
				return &eventSaid{reason: c[0], message: c[1], contains: true, about: eventAboutOf(c[2:5]), when: withinSpan.of(c[5:])}, nil
			}).with(eventSlot("Unhealthy")),
		phrase("static pods", mirror+`exists$`, `Then the mirror pod of static pod "agent" exists`, exists(false)),
		phrase("static pods", mirror+`exists within (\S+)$`, `Then the mirror pod of static pod "agent" exists within 10s`, exists(true)),
		phrase("static pods", mirror+`is deleted$`, `When the mirror pod "node-exporter" is deleted`,
			s1(func(pod string) Step { return &mirrorDeleted{podDeleted{name: pod}} })),
		phrase("static pods", mirror+`is force deleted$`, `When the mirror pod "node-exporter" is force deleted`,
			s1(func(pod string) Step { return &mirrorDeleted{podDeleted{name: pod, grace: podGracePtr(0)}} })),
		phrase("node expectations", `^the pod "([^"]*)" is deleted by the taint eviction controller within (\S+)$`, `Then the pod "web" is deleted by the taint eviction controller within 1m30s`,
			s2(func(pod string, d writtenSpan) Step { return &taintEvictionDeleted{podNamed{pod}, d} })),
	}
}

// mirrorState is the name of the podState "the mirror pod in the API"
// (podTrack.holds: the pod exists, and as an object of the API, not only
// as its manifest on its node: timeline.Event.ManifestOnly).
const mirrorState = "with its mirror pod in the API"

// mirrorPodState: a static pod's mirror pod is in the API. Its history
// is the PodCreated of each mirror pod (the kubelet makes a new one when
// one is deleted).
func mirrorPodState() podState {
	return podState{name: mirrorState, now: func(p *corev1.Pod) bool { return p != nil },
		history: timeline.Selector{Kind: timeline.PodCreated}}
}

// staticNamed is the static pod a mirror pod phrase names: by its
// manifest name, as steps name it, or by its mirror pod's name in the API,
// <name>-<node> with the scenario's node (`the mirror pod
// "kube-apiserver-cp-1"` of `a static pod "kube-apiserver" on node
// "cp-1"`; pkg/kubelet/config/common.go applyDefaults, v1.36.3). It
// returns the scenario's name.
func staticNamed(pl *Plan, name string) (string, error) {
	for _, p := range pl.pods {
		if p.static && p.pod != nil && name != p.name && name == p.name+"-"+p.pod.Spec.NodeName {
			return p.name, nil
		}
	}
	p, err := pl.mustPod(name)
	if err != nil {
		return "", err
	}
	if !p.static {
		return "", inputErr("pod %q is not a static pod: it has no mirror pod (a static pod is declared `Given a static pod %q on node \"worker-1\":`)", p.name, p.name)
	}
	return p.name, nil
}

// Then the mirror pod of static pod "agent" exists [within 10s] (also:
// the mirror pod "agent" exists, or by its name in the API, staticNamed):
// the kubelet has made the static pod's
// mirror pod in the API (pkg/kubelet/kubelet.go SyncPod, "Creating a
// mirror pod for static pod"; pod/mirror_client.go CreateMirrorPod,
// v1.36.3). Without a time, at the current time, as a state check
// reads (on a cluster polling up to the tolerance); `within D`, at some
// time up to t0+D, before t=0 included, as `is S within D` reads a
// pod's state (heldWithin). The simulator's kubelet makes it in the
// instant it reads the manifest; a cluster's when its file source has
// read the manifest (its PodCreated is the manifest's writing, the
// mirror pod its first version seen in the API).
type mirrorExists struct {
	podNamed
	within *writtenSpan
}

func (s *mirrorExists) Declare(pl *Plan) (err error) {
	s.pod, err = staticNamed(pl, s.pod)
	return err
}

func (s *mirrorExists) Run(ctx context.Context, st *State) error {
	p, _ := st.Plan.mustPod(s.pod) // checked by Declare
	if err := st.ready(ctx); err != nil {
		return err
	}
	if s.within != nil {
		return heldWithin(ctx, st, fmt.Sprintf("static pod %q", p.name), p.name, mirrorPodState(), s.within.text, s.within.d)
	}
	return st.checkPod(ctx, p.name, func(pod *corev1.Pod) error {
		if pod == nil {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: fmt.Sprintf("static pod %q %s", p.name, mirrorState), Observed: "no mirror pod in the API"}
		}
		return nil
	})
}

// When the mirror pod "node-exporter" is deleted (force deleted; also:
// the mirror pod of static pod "x" is deleted; the mirror pod by its name
// in the API, staticNamed): `the pod "x" is deleted`
// (`is force deleted`) of a static pod, said as what it deletes: its
// mirror pod, the API object, not the containers. The kubelet deletes a
// mirror pod being deleted gracefully at once and makes a new one in the
// same sync; one force deleted it makes again at the pod's next resync
// (sim: static.go mirrorPodChanged, pkg/kubelet/kubelet.go SyncPod,
// v1.36.3; features/static/static.feature).
type mirrorDeleted struct{ podDeleted }

func (s *mirrorDeleted) Declare(pl *Plan) (err error) {
	s.name, err = staticNamed(pl, s.name)
	return err
}

// Then the pod "web" is deleted by the taint eviction controller within
// 1m30s: the pod's deletion requested (DeleteRequested:
// its deletionTimestamp set, so it shows Terminating) at or after t=0 and
// by t0+D, judged as any event `within D` (on a cluster in its live
// window), and the taint-eviction controller's TaintManagerEviction event
// "Marking for deletion Pod <namespace>/<name>" recorded for the pod, as
// the untimed rule reads an event (waited for at or after t=0)
// (pkg/controller/tainteviction/taint_eviction.go deletePodHandler,
// v1.36.3): the deletion is that controller's, not a step's or another
// controller's.
type taintEvictionDeleted struct {
	podNamed
	d writtenSpan
}

// markingForDeletion begins the message of the taint-eviction
// controller's TaintManagerEviction event when it deletes a pod.
const markingForDeletion = "Marking for deletion"

func (s *taintEvictionDeleted) Run(ctx context.Context, st *State) error {
	p, _ := st.Plan.mustPod(s.pod) // checked by Declare
	if err := st.expectIn(ctx, timeline.Selector{Pod: p.name, Kind: timeline.DeleteRequested}, 0, s.d.d); err != nil {
		return err
	}
	ev := timeline.Selector{Pod: p.name, Kind: timeline.KubeEvent, Reason: "TaintManagerEviction", Message: markingForDeletion, AnyContainer: true}
	if err := st.awaitUntimed(ctx, ev); err != nil {
		return err
	}
	if timeline.Count(st.clk().events(), ev) > 0 {
		return nil
	}
	return &timeline.Verdict{Kind: timeline.Missing,
		Expected: fmt.Sprintf("pod %q deleted by the taint-eviction controller: its event \"TaintManagerEviction\" with message %q", p.name, markingForDeletion+" Pod …"),
		Observed: strings.TrimSpace(saidOfReason(st, ev))}
}
