package steps

import (
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/cucumber/godog"
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8slabels "k8s.io/apimachinery/pkg/labels"
	apivalidation "k8s.io/apimachinery/pkg/util/validation"

	"github.com/podlife/podlife/pkg/manifest"
)

// Workloads (issue 36): Deployments and their rollouts, the namespace's
// ResourceQuotas, Jobs. This file holds the declarations and their
// creation; workloads_act.go the rollouts and the actions on a
// workload's pods; workloads_expect.go the checks of their status;
// workloads_always.go the counts of a Deployment's pods at all times.

// workloadDecls are a scenario's Deployments, quotas and Jobs.
type workloadDecls struct {
	deployments []*deploymentDecl
	quotas      []*quotaDecl
	jobs        []*jobDecl
	daemonSets  []*daemonSetDecl
	// statefulSets are the StatefulSets (statefulsets.go).
	statefulSets []*statefulSetDecl
}

// deploymentDecl is a Deployment as the scenario declared it: its spec
// (replicas, strategy, minReadySeconds, progressDeadlineSeconds) and its
// pod template, declared as a pod would be and kept out of the
// scenario's pods.
type deploymentDecl struct {
	d *appsv1.Deployment
	// initial is the pod template it is created with, tpl the latest a
	// rollout step gave it.
	initial, tpl *podDecl
	created      bool
	// restarts counts the rollouts `is restarted` made.
	restarts int
}

type quotaDecl struct {
	q       *corev1.ResourceQuota
	created bool
}

type jobDecl struct {
	j       *batchv1.Job
	tpl     *podDecl
	created bool
}

const (
	// workloadPod is `pod N of deployment "web"` or `of job "batch"`.
	workloadPod = `pod (\S+) of (deployment|job) "([^"]*)"`
	// workloadObject names a workload whose events a step reads.
	workloadObject = `(deployment|replica set|job) "([^"]*)"`
)

var workloadKinds = []string{"deployment", "replica set", "job"}

func workloadSteps() []Def {
	const f = "workloads"
	return []Def{
		phrase(f, `^a deployment "([^"]*)" of (\S+) pods?:$`, "Given a deployment \"web\" of 3 pods:\n  \"\"\"yaml\n  spec:\n    strategy:\n      rollingUpdate: {maxSurge: 1, maxUnavailable: 0}\n  \"\"\"", withDoc(parseDeploymentDoc)),
		phrase(f, `^a deployment "([^"]*)" of (\S+) pods?$`, `Given a deployment "web" of 3 pods`,
			s2(func(name string, n Count) Step { return deploymentStep{name: name, n: n} })),
		phrase(f, `^a resource quota "([^"]*)"(?: in the namespace)?:$`, "Given a resource quota \"q\":\n  \"\"\"yaml\n  spec:\n    hard: {pods: \"3\"}\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) { return quotaStep{name: c[0], doc: doc}, nil })),
		phrase(f, `^a job "([^"]*)":$`, "Given a job \"batch\":\n  \"\"\"yaml\n  spec:\n    backoffLimit: 1\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) { return jobStep{name: c[0], doc: doc}, nil })),
		phrase(f, `^a job "([^"]*)"$`, `Given a job "batch"`, s1(func(name string) Step { return jobStep{name: name} })),
	}
}

// workloadPhrases are the family's phrases, declarations, actions and
// expectations.
func workloadPhrases() []Def {
	return append(append(workloadSteps(), workloadActions()...), workloadExpectations()...)
}

// Given a deployment "web" of 3 pods: (and YAML) — the YAML is the
// Deployment's (a whole Deployment, or its spec:): strategy,
// minReadySeconds, progressDeadlineSeconds, revisionHistoryLimit and the
// pod template (spec.template, as a pod's metadata and spec), whose
// labels are the selector's (app=<name> when it has none; spec.selector
// is not written). Without YAML or template: pods of one agent container
// "app". The Deployment is created with the cluster, and its first
// rollout waited for, before the first step that acts.
type deploymentStep struct {
	declaration
	name string
	n    Count
	doc  *godog.DocString
	// spec are the fields the step gives (specfields.go).
	spec specFields
}

func parseDeploymentDoc(c []string, doc *godog.DocString) (Step, error) {
	n, err := slotValue[Count](c[1])
	if err != nil {
		return nil, err
	}
	return deploymentStep{name: c[0], n: n, doc: doc}, nil
}

// decodeErrors are a manifest's problems, every one, each at its line.
func decodeErrors(err error) error {
	var errs []error
	for _, me := range manifest.Errors(err) {
		errs = append(errs, &InputError{Msg: me.Msg, DocLine: me.Line})
	}
	if len(errs) == 0 {
		return inputErr("%v", err)
	}
	return errors.Join(errs...)
}

func (s deploymentStep) Declare(pl *Plan) (err error) {
	defer markBroken(pl, s.name, &err)
	if err := workloadName(pl, "deployment", s.name); err != nil {
		return err
	}
	d := &appsv1.Deployment{}
	if s.doc != nil {
		var err error
		if d, err = manifest.DecodeDeployment([]byte(s.doc.Content)); err != nil {
			return decodeErrors(err)
		}
	}
	if err := s.spec.applyOwn(s.doc, &d.Spec); err != nil {
		return err
	}
	if err := s.spec.applyTpl(s.doc, &d.Spec.Template.Spec, "spec.template.spec."); err != nil {
		return err
	}
	if err := controllerHead(s.doc, "deployment", s.name, s.n, d.Name, d.Spec.Replicas, d.Spec.Selector, d.Spec.Template.Labels); err != nil {
		return err
	}
	d.Name = s.name
	n := int32(s.n)
	d.Spec.Replicas = &n
	tpl, err := pl.templateDecl(s.name, d.Spec.Template, s.doc, true)
	if err != nil {
		return err
	}
	if rp := tpl.pod.Spec.RestartPolicy; rp != "" && rp != corev1.RestartPolicyAlways {
		return atField(s.doc, "spec.template.spec.restartPolicy", inputErr("a Deployment's pods have restartPolicy Always (the API server refuses %s)", rp))
	}
	d.Spec.Template = corev1.PodTemplateSpec{}
	pl.work.deployments = append(pl.work.deployments, &deploymentDecl{d: d, initial: tpl, tpl: tpl})
	return nil
}

// controllerHead checks what a controller's YAML says that its step says
// already: its name, its count (spec.replicas), and its selector, which
// is the template's labels (app=<name> when it has none). A selector
// written as a manifest has it, matchLabels equal to the template's
// labels, says that again and is taken; another is refused: one that
// does not select the template's labels the API server refuses too
// (apps validation, "selector does not match template labels"), and a
// narrower one would select pods podlife's controllers do not adopt.
func controllerHead(doc *godog.DocString, kind, name string, n Count, metaName string, replicas *int32, selector *metav1.LabelSelector, template map[string]string) error {
	if metaName != "" && metaName != name {
		return atField(doc, "metadata.name", inputErr("the step names the %s %q but its metadata.name is %q", kind, name, metaName))
	}
	if replicas != nil && *replicas != int32(n) {
		return atField(doc, "spec.replicas", inputErr("the step gives %d pods but spec.replicas is %d", int32(n), *replicas))
	}
	if selector == nil {
		return nil
	}
	labels := template
	if len(labels) == 0 {
		labels = map[string]string{"app": name}
	}
	if len(selector.MatchExpressions) == 0 && maps.Equal(selector.MatchLabels, labels) {
		return nil
	}
	sel, err := metav1.LabelSelectorAsSelector(selector)
	if err == nil && !sel.Matches(k8slabels.Set(labels)) {
		return atField(doc, "spec.selector", inputErr("spec.selector %s does not select the template's labels %s (the API server refuses it: selector does not match template labels); leave it out: it is the template's labels", sel, k8slabels.Set(labels)))
	}
	return atField(doc, "spec.selector", inputErr("spec.selector is the template's labels (%s): write matchLabels as those or leave it out", k8slabels.Set(labels)))
}

// markBroken notes a workload whose declaration failed, so that the steps
// naming it do not repeat the problem.
func markBroken(pl *Plan, name string, err *error) {
	if *err == nil {
		return
	}
	if pl.broken == nil {
		pl.broken = map[string]bool{}
	}
	pl.broken[name] = true
}

// templateDecl declares a workload's pod template as a pod of the
// workload's name (its problems at the YAML's lines under
// spec.template), kept out of the scenario's pods. Without a template:
// one agent container "app". With selectable, a template without labels
// gets app=<name>, which its controller selects.
func (pl *Plan) templateDecl(name string, t corev1.PodTemplateSpec, doc *godog.DocString, selectable bool) (*podDecl, error) {
	pod := &corev1.Pod{ObjectMeta: t.ObjectMeta, Spec: t.Spec}
	if len(pod.Spec.Containers) == 0 && len(pod.Spec.InitContainers) == 0 {
		pod.Spec.Containers = []corev1.Container{{Name: "app"}}
	}
	if pod.Name != "" {
		return nil, atField(doc, "spec.template.metadata.name", inputErr("a pod template has no name: its pods are named after %q", name))
	}
	if pod.Spec.NodeName != "" {
		return nil, atField(doc, "spec.template.spec.nodeName", inputErr("%q: its pods are scheduled, the template may not set nodeName (to keep them on a node: nodeSelector: {kubernetes.io/hostname: %s})", name, pod.Spec.NodeName))
	}
	if len(pod.Labels) == 0 && selectable {
		pod.Labels = map[string]string{"app": name}
	}
	pod.Name = name // for the linter: the pods get generated names
	return pl.newPodDecl(name, pod, doc, "spec.template.")
}

// workloadName checks a workload's name: valid as the API's and not
// declared twice.
func workloadName(pl *Plan, kind, name string) error {
	if msgs := apivalidation.IsDNS1123Subdomain(name); len(msgs) > 0 {
		return inputErr("%s name %q is not valid: %s", kind, name, strings.Join(msgs, "; "))
	}
	if _, err := pl.workload(kind, name); err == nil {
		return inputErr("%s %q is declared twice", kind, name)
	}
	return nil
}

// workload finds a declared workload's template (a quota has none) by
// kind ("deployment", "job", "replica set") and name. One whose
// declaration failed is ErrDeclaredBadly: lint said why once.
func (pl *Plan) workload(kind, name string) (*podDecl, error) {
	if pl.broken[name] {
		return nil, fmt.Errorf("%s %q: %w", kind, name, ErrDeclaredBadly)
	}
	if kind == "replica set" {
		r, err := pl.replicaSet(name)
		if err != nil {
			return nil, err
		}
		return r.tpl, nil
	}
	return pl.work.named(kind, name)
}

// deploymentDecl is a declared Deployment; one whose declaration failed
// is ErrDeclaredBadly.
func (pl *Plan) deploymentDecl(name string) (*deploymentDecl, error) {
	if pl.broken[name] {
		return nil, fmt.Errorf("deployment %q: %w", name, ErrDeclaredBadly)
	}
	return pl.work.deployment(name)
}

// named is a declared Deployment's or Job's template.
func (w *workloadDecls) named(kind, name string) (*podDecl, error) {
	switch kind {
	case "deployment":
		if d, err := w.deployment(name); err == nil {
			return d.initial, nil
		}
	case "job":
		for _, j := range w.jobs {
			if j.j.Name == name {
				return j.tpl, nil
			}
		}
	case "daemon set":
		if d, err := w.daemonSet(name); err == nil {
			return d.tpl, nil
		}
	case "stateful set":
		if d := w.statefulSet(name); d != nil {
			return d.tpl, nil
		}
	}
	return nil, undeclaredErr("%s %q is not declared", kind, name)
}

func (w *workloadDecls) deployment(name string) (*deploymentDecl, error) {
	for _, d := range w.deployments {
		if d.d.Name == name {
			return d, nil
		}
	}
	return nil, undeclaredErr("deployment %q is not declared", name)
}

// templateNamed is the pod template of a workload of that name, for the
// behaviour steps: `container "app" of pod "batch"` shapes the pods of
// the job "batch"; with no name, the template of the scenario's only
// workload when it declares no pod.
func templateNamed(pl *Plan, name string) *podDecl {
	var all []*podDecl
	for _, r := range pl.disr.sets {
		all = append(all, r.tpl)
	}
	for _, d := range pl.work.deployments {
		all = append(all, d.initial)
	}
	for _, j := range pl.work.jobs {
		all = append(all, j.tpl)
	}
	for _, d := range pl.work.daemonSets {
		all = append(all, d.tpl)
	}
	for _, d := range pl.work.statefulSets {
		all = append(all, d.tpl)
	}
	if name == "" {
		if len(all) == 1 && len(pl.pods) == 0 {
			return all[0]
		}
		return nil
	}
	for _, t := range all {
		if t.name == name {
			return t
		}
	}
	return nil
}

// Given a resource quota "q": (and YAML) — a ResourceQuota of the
// scenario's namespace (a whole ResourceQuota, or its spec:: hard, and
// the scopes Terminating, NotTerminating, BestEffort, NotBestEffort). It
// is created before the workloads and pods, its status computed by the
// quota controller before anything else is created.
type quotaStep struct {
	declaration
	name string
	doc  *godog.DocString
}

func (s quotaStep) Declare(pl *Plan) error {
	if msgs := apivalidation.IsDNS1123Subdomain(s.name); len(msgs) > 0 {
		return inputErr("resource quota name %q is not valid: %s", s.name, strings.Join(msgs, "; "))
	}
	for _, q := range pl.work.quotas {
		if q.q.Name == s.name {
			return inputErr("resource quota %q is declared twice", s.name)
		}
	}
	q, err := manifest.DecodeResourceQuota([]byte(s.doc.Content))
	if err != nil {
		return decodeErrors(err)
	}
	if q.Name != "" && q.Name != s.name {
		return atField(s.doc, "metadata.name", inputErr("the step names the resource quota %q but its metadata.name is %q", s.name, q.Name))
	}
	q.Name = s.name
	if len(q.Spec.Hard) == 0 {
		return atField(s.doc, "spec", inputErr("resource quota %q: spec.hard names no resource", s.name))
	}
	for res, v := range q.Spec.Hard {
		if v.Sign() < 0 {
			return atField(s.doc, "spec.hard."+string(res), inputErr("spec.hard[%s]: %s is negative", res, v.String()))
		}
	}
	pl.work.quotas = append(pl.work.quotas, &quotaDecl{q: q})
	return nil
}

func (w *workloadDecls) quota(name string) error {
	for _, q := range w.quotas {
		if q.q.Name == name {
			return nil
		}
	}
	return undeclaredErr("resource quota %q is not declared", name)
}

// Given a job "batch": (and YAML) — the Job's (a whole Job, or its
// spec:): completions, parallelism, backoffLimit, activeDeadlineSeconds,
// podFailurePolicy, podReplacementPolicy and the pod template, whose
// restartPolicy must be Never or OnFailure (the API server refuses the
// Always it would default); ttlSecondsAfterFinished (the
// TTL-after-finished controller deletes the Job that long after it
// finished: pkg/sim ttlafterfinished.go); the fields the simulator does
// not model (suspend, successPolicy, managedBy, Indexed completion,
// backoffLimitPerIndex) are refused at their line. Without YAML or template: pods of one agent container "app"
// with restartPolicy Never. The Job is created with the cluster.
type jobStep struct {
	declaration
	name string
	doc  *godog.DocString
	// spec are the fields the step gives (specfields.go).
	spec specFields
}

func (s jobStep) Declare(pl *Plan) (err error) {
	defer markBroken(pl, s.name, &err)
	if err := workloadName(pl, "job", s.name); err != nil {
		return err
	}
	j := &batchv1.Job{}
	if s.doc != nil {
		var err error
		if j, err = manifest.DecodeJob([]byte(s.doc.Content)); err != nil {
			return decodeErrors(err)
		}
	}
	if j.Name != "" && j.Name != s.name {
		return atField(s.doc, "metadata.name", inputErr("the step names the job %q but its metadata.name is %q", s.name, j.Name))
	}
	j.Name = s.name
	if err := s.spec.applyOwn(s.doc, &j.Spec); err != nil {
		return err
	}
	if err := s.spec.applyTpl(s.doc, &j.Spec.Template.Spec, "spec.template.spec."); err != nil {
		return err
	}
	if j.Spec.Selector != nil || j.Spec.ManualSelector != nil {
		return atField(s.doc, "spec.selector", inputErr("the job's selector is the one the API server generates: leave spec.selector and manualSelector out"))
	}
	if f := unmodelledJobField(&j.Spec); f != "" {
		return atField(s.doc, "spec."+f, inputErr("job %q: spec.%s is not modelled by the simulator (a Job's activeDeadlineSeconds and ttlSecondsAfterFinished are): leave it out", s.name, f))
	}
	written := len(j.Spec.Template.Spec.Containers) > 0
	tpl, err := pl.templateDecl(s.name, j.Spec.Template, s.doc, false)
	if err != nil {
		return err
	}
	if !written && !s.spec.setsTpl("restartPolicy") {
		tpl.pod.Spec.RestartPolicy = corev1.RestartPolicyNever
	}
	switch tpl.pod.Spec.RestartPolicy {
	case corev1.RestartPolicyNever, corev1.RestartPolicyOnFailure:
	default:
		return atField(s.doc, "spec.template.spec", inputErr("job %q: its pod template needs restartPolicy Never or OnFailure (the API server defaults it to Always, which a Job refuses)", s.name))
	}
	j.Spec.Template = corev1.PodTemplateSpec{}
	pl.work.jobs = append(pl.work.jobs, &jobDecl{j: j, tpl: tpl})
	return nil
}

// unmodelledJobField names the first field of a Job's spec the
// simulator's Job controller does not model (pkg/sim validateJob refuses
// them when the Job is created): refused when the step is declared, so
// that lint gives its line.
func unmodelledJobField(sp *batchv1.JobSpec) string {
	switch {
	case sp.BackoffLimitPerIndex != nil:
		return "backoffLimitPerIndex"
	case sp.MaxFailedIndexes != nil:
		return "maxFailedIndexes"
	case sp.SuccessPolicy != nil:
		return "successPolicy"
	case sp.Suspend != nil && *sp.Suspend:
		return "suspend"
	case sp.ManagedBy != nil:
		return "managedBy"
	case sp.CompletionMode != nil && *sp.CompletionMode != batchv1.NonIndexedCompletion:
		return "completionMode"
	}
	return ""
}
