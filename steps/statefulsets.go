package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cucumber/godog"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apivalidation "k8s.io/apimachinery/pkg/util/validation"
	"sigs.k8s.io/yaml"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/manifest"
	"github.com/podlife/podlife/pkg/statefulname"
	"github.com/podlife/podlife/pkg/timeline"
)

// StatefulSets (held-out set 35): a StatefulSet keeps spec.replicas pods
// named <set>-<ordinal> (k8s.io/kubernetes
// pkg/controller/statefulset/stateful_set_utils.go getPodName, v1.36.3),
// so its pods are named by their API names wherever a phrase names a
// pod: `the pod "quorum-0"`. With podManagementPolicy OrderedReady (the
// default) it creates ordinal i only once 0..i-1 are Running and Ready,
// and on a scale down deletes the highest ordinal first, one at a time,
// each once the one before it is gone; Parallel does both at once
// (stateful_set_control.go updateStatefulSet). A pod deleted or
// finished is put back under the same name once the old one is gone.

// statefulSetDecl is a StatefulSet as the scenario declared it: its spec
// (replicas, podManagementPolicy, minReadySeconds, serviceName) and its pod template,
// declared as a pod would be and kept out of the scenario's pods.
type statefulSetDecl struct {
	name    string
	set     *appsv1.StatefulSet
	tpl     *podDecl
	created bool
}

func statefulSetPhrases() []Def {
	const f = "workloads"
	decl := func(c []string, doc *godog.DocString) (Step, error) {
		n, err := slotValue[Count](c[1])
		if err != nil {
			return nil, err
		}
		return statefulSetStep{name: c[0], n: n, doc: doc}, nil
	}
	const has = `^the stateful set "([^"]*)" has (\S+) `
	pods := func(ready bool) func(name string, n podsCount) Step {
		return func(name string, n podsCount) Step {
			return workloadPods{kind: "stateful set", name: name, want: Count(n), ready: ready}
		}
	}
	in := func(ready, at bool) func(name string, n podsCount, d writtenSpan) Step {
		return func(name string, n podsCount, d writtenSpan) Step {
			p := workloadPods{kind: "stateful set", name: name, want: Count(n), ready: ready}
			if at {
				return workloadPodsIn{p, d, d, "at " + d.text}
			}
			return workloadPodsIn{p, writtenSpan{0, "0s"}, d, "within " + d.text}
		}
	}
	return []Def{
		phrase(f, `^a stateful set "([^"]*)" of (\S+) pods?$`, `Given a stateful set "quorum" of 3 pods`,
			func(c []string, _ Arg) (Step, error) { return decl(c, nil) }),
		phrase(f, `^a stateful set "([^"]*)" of (\S+) pods?:$`, "Given a stateful set \"quorum\" of 3 pods:\n  \"\"\"yaml\n  spec:\n    podManagementPolicy: Parallel\n  \"\"\"", withDoc(decl)),
		phrase(f, `^the stateful set "([^"]*)" is scaled to (\S+)(?: replicas?)?$`, `When the stateful set "quorum" is scaled to 1`,
			s2(func(name string, n Count) Step { return &scaled{kind: "stateful set", name: name, n: n} })),
		phrase(f, has+`(?:pods?|replicas?)$`, `Then the stateful set "quorum" has 1 pod`, s2(pods(false))),
		phrase(f, has+`(?:pods?|replicas?) within (\S+)$`, `Then the stateful set "quorum" has 1 pod within 10s`, s3(in(false, false))),
		phrase(f, has+`(?:pods?|replicas?) at (\S+)$`, `Then the stateful set "quorum" has 2 pods at 5s`, s3(in(false, true))),
		phrase(f, has+`ready (?:pods?|replicas?)$`, `Then the stateful set "quorum" has 3 ready pods`, s2(pods(true))),
		phrase(f, has+`ready (?:pods?|replicas?) within (\S+)$`, `Then the stateful set "quorum" has 3 ready pods within 15s`, s3(in(true, false))),
		phrase(f, has+`ready (?:pods?|replicas?) at (\S+)$`, `Then the stateful set "quorum" has 1 ready pod at 4s`, s3(in(true, true))),
		phrase(f, `^the stateful set "([^"]*)" has created (\S+) pods?$`, `Then the stateful set "quorum" has created 4 pods`,
			s2(func(name string, n Count) Step { return stsCreated{name: name, want: n} })),
		phrase("pod expectations", `^the pod "([^"]*)" is Ready before the pod "([^"]*)"$`, `Then the pod "quorum-0" is Ready before the pod "quorum-1"`,
			s2(func(pod, later string) Step { return &podReadyBefore{pod: pod, later: later} })),
	}
}

// Given a stateful set "quorum" of 3 pods [: YAML] — the YAML is the
// StatefulSet's (a whole StatefulSet, or its spec: with
// podManagementPolicy, minReadySeconds, serviceName, template) or its pods' (a Pod, or a
// spec: with containers); the template's labels are the selector's
// (app=<name> when it has none). Its pods have restartPolicy Always (the
// API server refuses another). Without a template: pods of one agent
// container "app". It is created by `When the pods are created`, at its
// t=0, or else with the cluster, its pods started before the first step
// that acts.
type statefulSetStep struct {
	declaration
	name string
	n    Count
	doc  *godog.DocString
	// spec are the fields the step gives (specfields.go).
	spec specFields
}

// statefulSetYAML tells whether a stateful set's YAML is the
// StatefulSet's rather than its pods': it says kind StatefulSet, or
// its spec has no containers.
func statefulSetYAML(doc string) bool {
	var top struct {
		Kind string                     `json:"kind"`
		Spec map[string]json.RawMessage `json:"spec"`
	}
	if err := yaml.Unmarshal([]byte(doc), &top); err != nil {
		return true // the StatefulSet's decoding says what is wrong
	}
	if top.Kind != "" {
		return top.Kind == "StatefulSet"
	}
	_, ctrs := top.Spec["containers"]
	_, inits := top.Spec["initContainers"]
	return !ctrs && !inits
}

func (s statefulSetStep) Declare(pl *Plan) (err error) {
	defer markBroken(pl, s.name, &err)
	if err := workloadName(pl, "stateful set", s.name); err != nil {
		return err
	}
	// ValidateStatefulSetName (pkg/apis/apps/validation/validation.go,
	// v1.36.3): a DNS label, as its pods' pod-name label values are.
	if msgs := apivalidation.IsDNS1123Label(s.name); len(msgs) > 0 {
		return inputErr("stateful set name %q is not valid: %s", s.name, strings.Join(msgs, "; "))
	}
	set := &appsv1.StatefulSet{}
	var tpl *podDecl
	if s.doc != nil && statefulSetYAML(s.doc.Content) {
		if set, err = manifest.DecodeStatefulSet([]byte(s.doc.Content)); err != nil {
			return decodeErrors(err)
		}
		if err := s.spec.applyOwn(s.doc, &set.Spec); err != nil {
			return err
		}
		if err := s.spec.applyTpl(s.doc, &set.Spec.Template.Spec, "spec.template.spec."); err != nil {
			return err
		}
		if err := controllerHead(s.doc, "stateful set", s.name, s.n, set.Name, set.Spec.Replicas, set.Spec.Selector, set.Spec.Template.Labels); err != nil {
			return err
		}
		if err := statefulSetSpecModelled(s.doc, &set.Spec); err != nil {
			return err
		}
		if tpl, err = pl.templateDecl(s.name, set.Spec.Template, s.doc, true); err != nil {
			return err
		}
		set.Spec.Template = corev1.PodTemplateSpec{}
	} else {
		if err := s.spec.applyOwn(nil, &set.Spec); err != nil {
			return err
		}
		if err := statefulSetSpecModelled(nil, &set.Spec); err != nil {
			return err
		}
		if tpl, err = podTemplate(pl, s.name, s.doc, s.spec); err != nil {
			return err
		}
		if tpl.pod.Spec.NodeName != "" {
			return inputErr("stateful set %q: its pods are scheduled, the template may not set nodeName (to keep them on a node: nodeSelector: {kubernetes.io/hostname: %s})", s.name, tpl.pod.Spec.NodeName)
		}
		if len(tpl.pod.Labels) == 0 {
			tpl.pod.Labels = map[string]string{"app": s.name}
		}
	}
	if rp := tpl.pod.Spec.RestartPolicy; rp != "" && rp != corev1.RestartPolicyAlways {
		return inputErr("stateful set %q: its pods have restartPolicy Always (the API server refuses %s)", s.name, rp)
	}
	set.Name = s.name
	n := int32(s.n)
	set.Spec.Replicas = &n
	if set.Spec.ServiceName == "" {
		set.Spec.ServiceName = s.name
	} else if msgs := apivalidation.IsDNS1123Label(set.Spec.ServiceName); len(msgs) > 0 {
		return atField(s.doc, "spec.serviceName", inputErr("serviceName %q is not valid: %s", set.Spec.ServiceName, strings.Join(msgs, "; ")))
	}
	pl.work.statefulSets = append(pl.work.statefulSets, &statefulSetDecl{name: s.name, set: set, tpl: tpl})
	return nil
}

// statefulSetSpecModelled refuses what the StatefulSet steps do not
// model: volume claims, start ordinals, update strategies (no step
// changes the template), and a policy or a minReadySeconds the API
// server refuses.
func statefulSetSpecModelled(doc *godog.DocString, spec *appsv1.StatefulSetSpec) error {
	switch spec.PodManagementPolicy {
	case "", appsv1.OrderedReadyPodManagement, appsv1.ParallelPodManagement:
	default:
		return atField(doc, "spec.podManagementPolicy", inputErr("podManagementPolicy %q: the API server takes OrderedReady or Parallel", spec.PodManagementPolicy))
	}
	if spec.MinReadySeconds < 0 {
		return atField(doc, "spec.minReadySeconds", inputErr("minReadySeconds %d: the API server takes 0 or more", spec.MinReadySeconds))
	}
	for _, f := range []struct {
		field string
		set   bool
	}{
		{"volumeClaimTemplates", len(spec.VolumeClaimTemplates) > 0},
		{"ordinals", spec.Ordinals != nil},
		{"updateStrategy", spec.UpdateStrategy.Type != "" || spec.UpdateStrategy.RollingUpdate != nil},
		{"persistentVolumeClaimRetentionPolicy", spec.PersistentVolumeClaimRetentionPolicy != nil},
		{"revisionHistoryLimit", spec.RevisionHistoryLimit != nil},
	} {
		if f.set {
			return atField(doc, "spec."+f.field, inputErr("a stateful set's %s is not modelled: leave it out", f.field))
		}
	}
	return nil
}

func (w *workloadDecls) statefulSet(name string) *statefulSetDecl {
	for _, d := range w.statefulSets {
		if d.name == name {
			return d
		}
	}
	return nil
}

// statefulSetPod is a stateful set's pod a step names by its API name
// (`the pod "quorum-1"`): its template under that name, created by the
// set (nil when no declared stateful set has a pod of that name).
func statefulSetPod(pl *Plan, name string) *podDecl {
	for _, d := range pl.work.statefulSets {
		if statefulname.Ordinal(d.name, name) < 0 {
			continue
		}
		if pl.aliases == nil {
			pl.aliases = map[string]*podDecl{}
		}
		p := *d.tpl
		p.name, p.created = name, true
		pl.aliases[name] = &p
		return &p
	}
	return nil
}

// statefulSetsWaiting: a declared stateful set that State.ready creates
// (no `When the pods are created` creates it) is not created yet.
func statefulSetsWaiting(pl *Plan) bool {
	for _, d := range pl.work.statefulSets {
		if !d.created && !pl.explicitAll {
			return true
		}
	}
	return false
}

// createStatefulSets creates the declared stateful sets not created yet:
// with explicit, those of `When the pods are created`; without, State.ready's
// (in a scenario that does not say it).
func createStatefulSets(ctx context.Context, st *State, explicit bool) error {
	for _, d := range st.Plan.work.statefulSets {
		if d.created || !explicit && st.Plan.explicitAll {
			continue
		}
		d.created, d.tpl.created = true, true
		if err := st.Session.CreateStatefulSet(ctx, d.set, d.tpl.build()); err != nil {
			return st.unsupported(fmt.Errorf("stateful set %q: %w", d.name, err))
		}
	}
	return nil
}

// statefulSetsStarted: every declared stateful set has its replicas,
// each started or stuck (with OrderedReady, the last is there only once
// the others are Ready).
func statefulSetsStarted(pl *Plan, s driver.Workloads, v driver.View) bool {
	for _, d := range pl.work.statefulSets {
		pods, _, ok := s.StatefulSetPods(d.name)
		if !ok || len(pods) < int(*d.set.Spec.Replicas) {
			return false
		}
		for _, p := range pods {
			if !startedOrStuck(v.Pod(p.Name)) {
				return false
			}
		}
	}
	return true
}

// Then the stateful set "quorum" has created 4 pods: every pod its
// controller created from t=0 of the scenario on, one re-created under
// the name of one gone counted again (as a replica set's `has created`).
type stsCreated struct {
	name string
	want Count
}

func (s stsCreated) Declare(pl *Plan) error {
	_, err := pl.workload("stateful set", s.name)
	return err
}

func (s stsCreated) Run(ctx context.Context, st *State) error {
	d, err := readyWorkload(ctx, st, "stateful set", s.name)
	if err != nil {
		return err
	}
	return pollDisruption(ctx, st, d, func(d driver.Session, _ driver.View) error {
		_, created, _ := d.StatefulSetPods(s.name)
		if len(created) != int(s.want) {
			return readVerdict(st, fmt.Sprintf("stateful set %q created %s", s.name, times(int(s.want), "pod")),
				fmt.Sprintf("%s: %d (%s)", st.clk().readAt(), len(created), strings.Join(created, ", ")))
		}
		return nil
	})
}

// Then the pod "quorum-0" is Ready before the pod "quorum-1": a's Ready
// condition became True (untimed), and b's, if it did, after it; b never
// Ready counts as after. Ordered as `the pod "a" is deleted before the
// pod "b"` orders two pods (expectBefore: the untimed choice of
// occurrence, a cluster's ties satisfying either order).
type podReadyBefore struct {
	pod, later  string
	first, then timeline.Selector
}

func (s *podReadyBefore) Declare(pl *Plan) error {
	a, b, err := podPair(pl, s.pod, s.later, "Ready")
	if err != nil {
		return err
	}
	ready := func(pod string) timeline.Selector {
		return timeline.Selector{Pod: pod, Kind: timeline.Condition, Reason: string(corev1.PodReady), Status: string(corev1.ConditionTrue)}
	}
	s.first, s.then = ready(a), ready(b)
	return nil
}

func (s *podReadyBefore) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	return expectBefore(ctx, st, s.first, s.then, fmt.Sprintf("pod %q Ready", s.pod))
}
