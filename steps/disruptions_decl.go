package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cucumber/godog"
	appsv1 "k8s.io/api/apps/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
	apivalidation "k8s.io/apimachinery/pkg/util/validation"
	"sigs.k8s.io/yaml"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/manifest"
)

// Voluntary disruptions (issue 17): ReplicaSets that replace their pods,
// PodDisruptionBudgets, the eviction subresource, cordon and drain. This
// file holds the phrases and the declarations; disruptions_evict.go the
// evictions of one pod, disruptions_rsevict.go those of a replica set's
// pods, disruptions_drain.go cordon and drain, disruptions_expect.go the
// checks of budgets and replica sets.

// rsDecl is a replica set as the scenario declared it: its pod template
// is declared as a pod would be, and kept out of the scenario's pods.
type rsDecl struct {
	name     string
	replicas int32
	tpl      *podDecl
	created  bool
}

// pdbDecl is a PodDisruptionBudget declared before the cluster runs.
type pdbDecl struct {
	pdb     *policyv1.PodDisruptionBudget
	created bool
	// changed is the budget as the last step that changes it leaves it
	// (nil: unchanged), deletedAt the line of the step that deletes it
	// (0: none).
	changed   *policyv1.PodDisruptionBudget
	deletedAt int
}

// disruptionDecls are a scenario's replica sets and budgets.
type disruptionDecls struct {
	sets []*rsDecl
	pdbs []*pdbDecl
	// drained are the nodes the scenario drained.
	drained []string
}

const (
	podByName = `pod "([^"]*)"`
	podOfRS   = `pod (\S+) of replica set "([^"]*)"`
)

func disruptionSteps() []Def {
	const f = "disruptions"
	return []Def{
		phrase(f, `^a replica set "([^"]*)" of (\S+) pods?:$`, "Given a replica set \"web\" of 3 pods:\n  \"\"\"yaml\n  spec: ...\n  \"\"\"", withDoc(parseReplicaSetDoc)),
		phrase(f, `^a replica set "([^"]*)" of (\S+) pods?$`, `Given a replica set "web" of 3 pods`, s2(func(name string, n Count) Step { return replicaSet{name: name, n: n} })),
		phrase(f, `^a pod disruption budget "([^"]*)" with (minAvailable|maxUnavailable) (\S+) for pods labelled "([^"]*)"$`, `Given a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"`, parsePDB).with(slot("budget field", "minAvailable", "minAvailable", "maxUnavailable")),
		phrase(f, `^a pod disruption budget "([^"]*)" with (minAvailable|maxUnavailable) (\S+) for pods labelled "([^"]*)" and unhealthyPodEvictionPolicy (\S+)$`, `Given a pod disruption budget "web" with maxUnavailable 1 for pods labelled "app=web" and unhealthyPodEvictionPolicy AlwaysAllow`, parsePDB).with(slot("budget field", "maxUnavailable", "minAvailable", "maxUnavailable"), slot("unhealthy pod eviction policy", "AlwaysAllow", "IfHealthyBudget", "AlwaysAllow")),
		phrase(f, `^a PodDisruptionBudget "([^"]*)" with (minAvailable|maxUnavailable) (\S+) selecting (\S+)$`, `Given a PodDisruptionBudget "pdb" with minAvailable 2 selecting app=web`, parsePDB).with(slot("budget field", "minAvailable", "minAvailable", "maxUnavailable")),

		phrase(f, `^the eviction of `+podByName+` is requested$`, `When the eviction of pod "web" is requested`, refOnly(byName, newEvictionRequested)),
		phrase(f, `^the eviction of `+podOfRS+` is requested$`, `When the eviction of pod 1 of replica set "web" is requested`, refOnly(ofRS, newEvictionRequested)),
		phrase(f, `^the eviction of `+podOfRS+` is requested with grace period (\S+)$`, `When the eviction of pod 1 of replica set "web" is requested with grace period 5s`,
			refAnd(ofRS, func(r podRef, grace string) Step { return &evictionRequested{pod: r, graceText: grace} })),
		phrase(f, `^node "([^"]*)" is cordoned$`, `When node "worker-1" is cordoned`, s1(func(node string) Step { return nodeCordoned{node: node, on: true} })),
		phrase(f, `^node "([^"]*)" is uncordoned$`, `When node "worker-1" is uncordoned`, s1(func(node string) Step { return nodeCordoned{node: node} })),
		phrase(f, `^node "([^"]*)" is drained$`, `When node "worker-1" is drained`, s1(func(node string) Step { return nodeDrained{node: node, opts: defaultDrain} })),
		phrase(f, `^node "([^"]*)" is drained with "([^"]*)"$`, `When node "worker-1" is drained with "--force --delete-emptydir-data"`,
			s2(func(node string, o drainFlags) Step { return nodeDrained{node: node, opts: driver.DrainOptions(o)} })),

		phrase(f, `^the eviction of `+podByName+` is accepted$`, `Then the eviction of pod "web" is accepted`, refOnly(byName, newEvictionAccepted)),
		phrase(f, `^the eviction of `+podOfRS+` is accepted$`, `Then the eviction of pod 2 of replica set "web" is accepted`, refOnly(ofRS, newEvictionAccepted)),
		phrase(f, `^the eviction of `+podOfRS+` is accepted at (\S+)$`, `Then the eviction of pod 2 of replica set "web" is accepted at 10s`,
			refAnd(ofRS, func(r podRef, at string) Step { return &evictionAccepted{pod: r, atText: at} })),
		phrase(f, `^the eviction of `+podByName+` is refused with "([^"]*)"$`, `Then the eviction of pod "web" is refused with "TooManyRequests"`, refAnd(byName, refusedWith)).with(openSlot("API error", "TooManyRequests", apiErrorReasons...)),
		phrase(f, `^the eviction of `+podOfRS+` is refused with "([^"]*)"$`, `Then the eviction of pod 2 of replica set "web" is refused with "TooManyRequests"`, refAnd(ofRS, refusedWith)).with(openSlot("API error", "TooManyRequests", apiErrorReasons...)),
		phrase(f, `^the eviction of `+podByName+` is refused with (\d{3})$`, `Then the eviction of pod "web" is refused with 429`, refAnd(byName, refusedWithCode)),
		phrase(f, `^the eviction of `+podOfRS+` is refused with (\d{3})$`, `Then the eviction of pod 2 of replica set "web" is refused with 429`, refAnd(ofRS, refusedWithCode)),
		phrase(f, `^the eviction of `+podByName+` is refused with message containing "([^"]*)"$`, `Then the eviction of pod "web" is refused with message containing "needs 2 healthy pods"`,
			refAnd(byName, func(r podRef, text string) Step { return evictionRefused{pod: r, text: text} })),
		phrase(f, `^the eviction of `+podOfRS+` is refused with message containing "([^"]*)"$`, `Then the eviction of pod 2 of replica set "web" is refused with message containing "needs 2 healthy pods and has 2 currently"`,
			refAnd(ofRS, func(r podRef, text string) Step { return evictionRefused{pod: r, text: text} })),
		phrase(f, `^the eviction of `+podOfRS+` is refused (\S+) times?$`, `Then the eviction of pod 2 of replica set "web" is refused 2 times`,
			refAnd(ofRS, func(r podRef, n Count) Step { return evictionRefusedTimes{pod: r, want: n} })),
		phrase(f, `^the eviction of `+podOfRS+` is refused (\S+) times? within (\S+)$`, `Then the eviction of pod 2 of replica set "web" is refused 2 times within 30s`,
			refAnd2(ofRS, func(r podRef, n Count, within writtenSpan) Step {
				return evictionRefusedTimes{pod: r, want: n, within: within}
			})),
		phrase(f, `^evictions of pods of replica set "([^"]*)" are accepted at (.+)$`, `Then evictions of pods of replica set "web" are accepted at 0s and 10s`,
			s2(func(rs string, at offsets) Step { return rsEvictionsAcceptedAt{rs: rs, want: at} })),
		phrase(f, `^evictions of pods of replica set "([^"]*)" are refused (\S+) times?$`, `Then evictions of pods of replica set "web" are refused 2 times`,
			s2(func(rs string, n Count) Step { return rsEvictionsRefusedTimes{rs: rs, want: n} })),
		phrase(f, `^an eviction of a pod of replica set "([^"]*)" is refused with message containing "([^"]*)"$`, `Then an eviction of a pod of replica set "web" is refused with message containing "needs 2 healthy pods"`,
			s2(func(rs, text string) Step { return rsEvictionRefusedMessage{rs: rs, text: text} })),
		phrase(f, `^the (?:pod disruption budget|PodDisruptionBudget) "([^"]*)" allows (\S+) disruptions?$`, `Then the pod disruption budget "web" allows 1 disruption`,
			s2(func(name string, n Count) Step { return pdbHas{name: name, field: "disruptionsAllowed", want: n} })),
		phrase(f, `^the (?:pod disruption budget|PodDisruptionBudget) "([^"]*)" has (currentHealthy|desiredHealthy|expectedPods|disruptionsAllowed) (\S+)$`, `Then the pod disruption budget "web" has desiredHealthy 2`,
			s3(func(name, field string, n Count) Step { return pdbHas{name: name, field: field, want: n} })).with(slot("budget status", "desiredHealthy", "currentHealthy", "desiredHealthy", "expectedPods", "disruptionsAllowed")),
		phrase(f, `^(?:all )?(\d+) pods? of replica set "([^"]*)" (?:is|are) Ready$`, `Then 3 pods of replica set "web" are Ready`,
			s2(func(n Count, rs string) Step { return rsReady{want: n, rs: rs} })),
		phrase(f, `^(?:all )?(\d+) pods? of replica set "([^"]*)" (?:is|are) Ready within (\S+)$`, `Then 3 pods of replica set "web" are Ready within 2m`,
			s3(func(n Count, rs string, within writtenDuration) Step {
				return rsReady{want: n, rs: rs, within: &within}
			})),
		phrase(f, `^at least (\S+) pods? of replica set "([^"]*)" (?:is|are) Ready at all times$`, `Then at least 2 pods of replica set "web" are Ready at all times`,
			s2(func(n Count, rs string) Step { return rsReadyAlways{least: n, rs: rs} })),
		phrase(f, `^(\S+) pods? of replica set "([^"]*)" (?:is|are) on node "([^"]*)"$`, `Then 2 pods of replica set "web" are on node "worker-1"`,
			s3(func(n Count, rs, node string) Step { return rsOnNode{want: n, rs: rs, node: node} })),
		phrase(f, `^node "([^"]*)" has no pods of replica set "([^"]*)"$`, `Then node "worker-1" has no pods of replica set "web"`,
			s2(func(node, rs string) Step { return rsOnNode{rs: rs, node: node} })),
		phrase(f, `^node "([^"]*)" has no pods of replica set "([^"]*)" within (\S+)$`, `Then node "worker-1" has no pods of replica set "web" within 1m`,
			s3(func(node, rs string, within writtenDuration) Step {
				return rsOnNode{rs: rs, node: node, within: &within}
			})),
		phrase(f, `^a replacement pod of replica set "([^"]*)" is Ready within (\S+)$`, `Then a replacement pod of replica set "web" is Ready within 10s`,
			s2(func(rs string, within writtenDuration) Step { return rsReplacementReady{rs: rs, within: within} })),
		phrase(f, `^the replica set "([^"]*)" has created (\S+) pods?$`, `Then the replica set "web" has created 4 pods`,
			s2(func(rs string, n Count) Step { return rsCreated{rs: rs, want: n} })),
		// `pod 1 of replica set "web" has condition "C" "S" with reason
		// "R"` and `is gone within D` are the pod phrases' (`the pod "x"
		// has condition …`, `is gone within D`), which take a workload's
		// pod by its order (rspods.go): they meant the same, read at the
		// same time, in the same windows.
		phrase(f, `^the drain of node "([^"]*)" completes$`, `Then the drain of node "worker-1" completes`,
			s1(func(node string) Step { return drainEnds{node: node, bound: -1} })),
		phrase(f, `^the drain of node "([^"]*)" completes (at|within) (\S+)$`, `Then the drain of node "worker-1" completes within 1m`,
			s3(func(node, bound string, d time.Duration) Step {
				return drainEnds{node: node, boundKind: bound, bound: d}
			})).with(slot("time bound", "within", "at", "within")),
		phrase(f, `^the drain of node "([^"]*)" does not complete within (\S+)$`, `Then the drain of node "worker-1" does not complete within 30s`,
			s2(func(node string, d time.Duration) Step { return drainNotDone{node: node, within: d} })),
		phrase(f, `^the drain of node "([^"]*)" fails with message containing "([^"]*)"$`, `Then the drain of node "worker-1" fails with message containing "use --force to override"`,
			s2(func(node, text string) Step { return drainEnds{node: node, errText: text, bound: -1} })),
	}
}

// Given a replica set "web" of 3 pods: (and YAML) — the YAML is the pod
// template, as a pod's (a whole Pod or its spec), or the ReplicaSet's (a
// whole ReplicaSet or its spec: with spec.template, as a Deployment is
// written, which a first draft wrote here); its labels are the
// selector's, app=<name> when it has none. The replica set is created with
// the cluster, and its pods started before the first step that acts.
// Without YAML: pods of one agent container "app".
type replicaSet struct {
	declaration
	name string
	n    Count
	doc  *godog.DocString
	// spec are the fields the step gives (specfields.go).
	spec specFields
}

func parseReplicaSetDoc(c []string, doc *godog.DocString) (Step, error) {
	n, err := slotValue[Count](c[1])
	if err != nil {
		return nil, err
	}
	return replicaSet{name: c[0], n: n, doc: doc}, nil
}

func (s replicaSet) Declare(pl *Plan) error {
	for _, r := range pl.disr.sets {
		if r.name == s.name {
			return inputErr("replica set %q is declared twice", s.name)
		}
	}
	var tpl *podDecl
	if s.doc != nil && holdsTemplate(s.doc.Content, "ReplicaSet") {
		t, err := s.template(pl)
		if err != nil {
			return err
		}
		tpl = t
	} else {
		var rs appsv1.ReplicaSetSpec
		if err := s.spec.applyOwn(nil, &rs); err != nil {
			return err
		}
		if err := rsSpecModelled(nil, &rs); err != nil {
			return err
		}
		t, err := podTemplate(pl, s.name, s.doc, s.spec)
		if err != nil {
			return err
		}
		tpl = t
	}
	if tpl.pod.Spec.NodeName != "" {
		return inputErr("replica set %q: its pods are scheduled, the template may not set nodeName (to keep them on a node: nodeSelector: {kubernetes.io/hostname: %s})", s.name, tpl.pod.Spec.NodeName)
	}
	if len(tpl.pod.Labels) == 0 {
		tpl.pod.Labels = map[string]string{"app": s.name}
	}
	pl.disr.sets = append(pl.disr.sets, &rsDecl{name: s.name, replicas: int32(s.n), tpl: tpl})
	return nil
}

// holdsTemplate tells whether a workload's YAML is the workload's (its
// spec has a template, or it says its kind: ReplicaSet, DaemonSet) rather
// than its pods' (a Pod's spec has no template).
func holdsTemplate(doc, kind string) bool {
	var top struct {
		Kind string `json:"kind"`
		Spec struct {
			Template *json.RawMessage `json:"template"`
		} `json:"spec"`
	}
	if err := yaml.Unmarshal([]byte(doc), &top); err != nil {
		return false // the pod's decoding says what is wrong
	}
	return top.Kind == kind || top.Spec.Template != nil
}

// template is the pod template of a replica set written as a ReplicaSet:
// its replicas, if given, the step's count, its selector left out (the
// template's labels), no name but the step's.
func (s replicaSet) template(pl *Plan) (*podDecl, error) {
	rs, err := manifest.DecodeReplicaSet([]byte(s.doc.Content))
	if err != nil {
		return nil, decodeErrors(err)
	}
	if err := s.spec.applyOwn(s.doc, &rs.Spec); err != nil {
		return nil, err
	}
	if err := s.spec.applyTpl(s.doc, &rs.Spec.Template.Spec, "spec.template.spec."); err != nil {
		return nil, err
	}
	if err := controllerHead(s.doc, "replica set", s.name, s.n, rs.Name, rs.Spec.Replicas, rs.Spec.Selector, rs.Spec.Template.Labels); err != nil {
		return nil, err
	}
	if err := rsSpecModelled(s.doc, &rs.Spec); err != nil {
		return nil, err
	}
	tpl, err := pl.templateDecl(s.name, rs.Spec.Template, s.doc, true)
	if err != nil {
		return nil, err
	}
	return tpl, nil
}

// rsSpecModelled refuses the ReplicaSet's fields its steps do not model.
func rsSpecModelled(doc *godog.DocString, spec *appsv1.ReplicaSetSpec) error {
	if spec.MinReadySeconds != 0 {
		return atField(doc, "spec.minReadySeconds", inputErr("a replica set's minReadySeconds is not modelled: leave it out"))
	}
	return nil
}

func (pl *Plan) replicaSet(name string) (*rsDecl, error) {
	for _, r := range pl.disr.sets {
		if r.name == name {
			return r, nil
		}
	}
	return nil, undeclaredErr("replica set %q is not declared", name)
}

// Given a pod disruption budget "web" with minAvailable 2 for pods
// labelled "app=web" [and unhealthyPodEvictionPolicy AlwaysAllow (or
// IfHealthyBudget, the default)]; or a PodDisruptionBudget "pdb" with
// minAvailable 2 selecting app=web. Declared once the cluster runs, it is
// created at once (t=0 does not move: it is a Given).
type pdb struct {
	name, field, value, selector, policy string
}

// parsePDB reads the three budget phrases: the policy is the fifth
// capture of the one that has it.
func parsePDB(c []string, _ Arg) (Step, error) {
	s := pdb{name: c[0], field: c[1], value: c[2], selector: c[3]}
	if len(c) > 4 {
		s.policy = c[4]
	}
	return s, nil
}

func (s pdb) Declare(pl *Plan) error {
	if msgs := apivalidation.IsDNS1123Subdomain(s.name); len(msgs) > 0 {
		return inputErr("budget name %q is not valid: %s", s.name, strings.Join(msgs, "; "))
	}
	for _, p := range pl.disr.pdbs {
		if p.pdb.Name == s.name {
			return inputErr("pod disruption budget %q is declared twice", s.name)
		}
	}
	v, err := budgetValue(s.field, s.value)
	if err != nil {
		return err
	}
	set, err := labels.ConvertSelectorToLabelsMap(s.selector)
	if err != nil || len(set) == 0 {
		return inputErr("selector %q is not key=value[,key=value]", s.selector)
	}
	b := &policyv1.PodDisruptionBudget{ObjectMeta: metav1.ObjectMeta{Name: s.name},
		Spec: policyv1.PodDisruptionBudgetSpec{Selector: &metav1.LabelSelector{MatchLabels: set}}}
	setBudget(&b.Spec, s.field, v)
	if s.policy != "" {
		if err := oneOf("unhealthyPodEvictionPolicy", s.policy, unhealthyPolicies...); err != nil {
			return err
		}
		pp := policyv1.UnhealthyPodEvictionPolicyType(s.policy)
		b.Spec.UnhealthyPodEvictionPolicy = &pp
	}
	pl.disr.pdbs = append(pl.disr.pdbs, &pdbDecl{pdb: b})
	return nil
}

// unhealthyPolicies are the values of a budget's
// unhealthyPodEvictionPolicy (policy/v1).
var unhealthyPolicies = []string{string(policyv1.IfHealthyBudget), string(policyv1.AlwaysAllow)}

// budgetValue reads a budget's minAvailable or maxUnavailable: a whole
// number, not negative, or a percentage from 0% to 100%.
func budgetValue(field, value string) (intstr.IntOrString, error) {
	v := intstr.Parse(value)
	if v.Type == intstr.Int && v.IntVal < 0 {
		return v, inputErr("%s %s is negative", field, value)
	}
	if v.Type == intstr.String {
		pct, ok := strings.CutSuffix(value, "%")
		n, err := strconv.Atoi(pct)
		if !ok || err != nil || n < 0 || n > 100 {
			return v, inputErr("%s %q is not a whole number or a percentage from 0%% to 100%%", field, value)
		}
	}
	return v, nil
}

// setBudget sets a budget's field to v, the other field cleared: a budget
// has one of them (ValidatePodDisruptionBudgetSpec).
func setBudget(spec *policyv1.PodDisruptionBudgetSpec, field string, v intstr.IntOrString) {
	spec.MinAvailable, spec.MaxUnavailable = nil, nil
	if field == "minAvailable" {
		spec.MinAvailable = &v
	} else {
		spec.MaxUnavailable = &v
	}
}

func (s pdb) Run(ctx context.Context, st *State) error {
	if !st.Plan.configured {
		return nil
	}
	return createDisruptionObjects(ctx, st)
}

func (pl *Plan) pdb(name string) error {
	_, err := declaredBudget(pl, name)
	return err
}

// declaredBudget is a declared budget.
func declaredBudget(pl *Plan, name string) (*pdbDecl, error) {
	for _, p := range pl.disr.pdbs {
		if p.pdb.Name == name {
			return p, nil
		}
	}
	return nil, undeclaredErr("pod disruption budget %q is not declared", name)
}

// createDisruptionObjects creates the declared replica sets, then the
// budgets, not created yet; ready calls it once the cluster is configured
// and waits for the replica sets' pods to start.
func createDisruptionObjects(ctx context.Context, st *State) error {
	if len(st.Plan.disr.sets) == 0 && len(st.Plan.disr.pdbs) == 0 {
		return nil
	}
	d := st.Session
	for _, r := range st.Plan.disr.sets {
		if r.created {
			continue
		}
		r.created = true
		if err := d.CreateReplicaSet(ctx, r.name, r.replicas, r.tpl.build()); err != nil {
			return st.unsupported(fmt.Errorf("replica set %q: %w", r.name, err))
		}
	}
	for _, p := range st.Plan.disr.pdbs {
		if p.created {
			continue
		}
		p.created = true
		if err := d.CreatePodDisruptionBudget(ctx, p.pdb); err != nil {
			return st.unsupported(fmt.Errorf("pod disruption budget %q: %w", p.pdb.Name, err))
		}
	}
	return nil
}

// replicaSetsStarted: every declared replica set has its replicas, each
// started or stuck (as ready waits for the pods it creates).
func (pl *Plan) replicaSetsStarted(d driver.Disruptions, v driver.View) bool {
	for _, r := range pl.disr.sets {
		pods, _, _ := d.ReplicaSetPods(r.name)
		if int32(len(pods)) < r.replicas {
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

// readyDisruptions is what every disruption step does before it reads or
// acts: the scenario's objects created and the driver's disruption model.
func readyDisruptions(ctx context.Context, st *State) (driver.Session, error) {
	if err := st.ready(ctx); err != nil {
		return nil, err
	}
	return st.Session, nil
}

// podTemplate declares a workload's pods as a pod is declared (its YAML a
// Pod's, or none) and takes the declaration back out of the scenario's
// pods: it is the workload's template, not a pod of the scenario.
func podTemplate(pl *Plan, name string, doc *godog.DocString, spec specFields) (*podDecl, error) {
	if err := pl.declare(name, doc, podFields{spec: spec.tpl}); err != nil {
		return nil, err
	}
	tpl := pl.pods[len(pl.pods)-1]
	pl.pods = pl.pods[:len(pl.pods)-1]
	return tpl, nil
}
