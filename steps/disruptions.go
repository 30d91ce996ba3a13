package steps

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cucumber/godog"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
	apivalidation "k8s.io/apimachinery/pkg/util/validation"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// Voluntary disruptions (issue 17): ReplicaSets that replace their pods,
// PodDisruptionBudgets, the eviction subresource, cordon and drain.

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
		def(f, `^a replica set "([^"]*)" of (\S+) pods?:$`, "Given a replica set \"web\" of 3 pods:\n  \"\"\"yaml\n  spec: ...\n  \"\"\"", replicaSetDoc),
		def(f, `^a replica set "([^"]*)" of (\S+) pods?$`, `Given a replica set "web" of 3 pods`, replicaSetPlain),
		def(f, `^a pod disruption budget "([^"]*)" with (minAvailable|maxUnavailable) (\S+) for pods labelled "([^"]*)"$`, `Given a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"`, pdbLabelled).with(slot("budget field", "minAvailable", "minAvailable", "maxUnavailable")),
		def(f, `^a pod disruption budget "([^"]*)" with (minAvailable|maxUnavailable) (\S+) for pods labelled "([^"]*)" and unhealthyPodEvictionPolicy (\S+)$`, `Given a pod disruption budget "web" with maxUnavailable 1 for pods labelled "app=web" and unhealthyPodEvictionPolicy AlwaysAllow`, pdbLabelledPolicy).with(slot("budget field", "maxUnavailable", "minAvailable", "maxUnavailable"), slot("unhealthy pod eviction policy", "AlwaysAllow", "IfHealthyBudget", "AlwaysAllow")),
		def(f, `^a PodDisruptionBudget "([^"]*)" with (minAvailable|maxUnavailable) (\S+) selecting (\S+)$`, `Given a PodDisruptionBudget "pdb" with minAvailable 2 selecting app=web`, pdbSelecting).with(slot("budget field", "minAvailable", "minAvailable", "maxUnavailable")),

		def(f, `^the eviction of `+podByName+` is requested$`, `When the eviction of pod "web" is requested`, evictPod),
		def(f, `^the eviction of `+podOfRS+` is requested$`, `When the eviction of pod 1 of replica set "web" is requested`, evictRSPod),
		def(f, `^the eviction of `+podOfRS+` is requested with grace period (\S+)$`, `When the eviction of pod 1 of replica set "web" is requested with grace period 5s`, evictRSPodGrace),
		def(f, `^node "([^"]*)" is cordoned$`, `When node "worker-1" is cordoned`, nodeCordoned),
		def(f, `^node "([^"]*)" is drained$`, `When node "worker-1" is drained`, nodeDrained),
		def(f, `^node "([^"]*)" is drained with "([^"]*)"$`, `When node "worker-1" is drained with "--force --delete-emptydir-data"`, nodeDrainedWith),

		def(f, `^the eviction of `+podByName+` is accepted$`, `Then the eviction of pod "web" is accepted`, evictionAccepted),
		def(f, `^the eviction of `+podOfRS+` is accepted$`, `Then the eviction of pod 2 of replica set "web" is accepted`, evictionRSAccepted),
		def(f, `^the eviction of `+podOfRS+` is accepted at (\S+)$`, `Then the eviction of pod 2 of replica set "web" is accepted at 10s`, evictionRSAcceptedAt),
		def(f, `^the eviction of `+podByName+` is refused with "([^"]*)"$`, `Then the eviction of pod "web" is refused with "TooManyRequests"`, evictionRefused).with(slot("API error", "TooManyRequests", apiErrorReasons...)),
		def(f, `^the eviction of `+podOfRS+` is refused with "([^"]*)"$`, `Then the eviction of pod 2 of replica set "web" is refused with "TooManyRequests"`, evictionRSRefused).with(slot("API error", "TooManyRequests", apiErrorReasons...)),
		def(f, `^the eviction of `+podByName+` is refused with (\d{3})$`, `Then the eviction of pod "web" is refused with 429`, evictionRefusedCode),
		def(f, `^the eviction of `+podOfRS+` is refused with (\d{3})$`, `Then the eviction of pod 2 of replica set "web" is refused with 429`, evictionRSRefusedCode),
		def(f, `^the eviction of `+podOfRS+` is refused with message containing "([^"]*)"$`, `Then the eviction of pod 2 of replica set "web" is refused with message containing "needs 2 healthy pods and has 2 currently"`, evictionRSRefusedMessage),
		def(f, `^the eviction of `+podOfRS+` is refused (\S+) times?$`, `Then the eviction of pod 2 of replica set "web" is refused 2 times`, evictionRSRefusedTimes),
		def(f, `^evictions of pods of replica set "([^"]*)" are accepted at (.+)$`, `Then evictions of pods of replica set "web" are accepted at 0s and 10s`, rsEvictionsAcceptedAt),
		def(f, `^evictions of pods of replica set "([^"]*)" are refused (\S+) times?$`, `Then evictions of pods of replica set "web" are refused 2 times`, rsEvictionsRefusedTimes),
		def(f, `^an eviction of a pod of replica set "([^"]*)" is refused with message containing "([^"]*)"$`, `Then an eviction of a pod of replica set "web" is refused with message containing "needs 2 healthy pods"`, rsEvictionRefusedMessage),
		def(f, `^the (?:pod disruption budget|PodDisruptionBudget) "([^"]*)" allows (\S+) disruptions?$`, `Then the pod disruption budget "web" allows 1 disruption`, pdbAllows),
		def(f, `^the (?:pod disruption budget|PodDisruptionBudget) "([^"]*)" has (currentHealthy|desiredHealthy|expectedPods|disruptionsAllowed) (\S+)$`, `Then the pod disruption budget "web" has desiredHealthy 2`, pdbHas).with(slot("budget status", "desiredHealthy", "currentHealthy", "desiredHealthy", "expectedPods", "disruptionsAllowed")),
		def(f, `^(\S+) pods? of replica set "([^"]*)" (?:is|are) Ready$`, `Then 3 pods of replica set "web" are Ready`, rsReadyNow),
		def(f, `^(\S+) pods? of replica set "([^"]*)" (?:is|are) Ready within (\S+)$`, `Then 3 pods of replica set "web" are Ready within 2m`, rsReadyWithin),
		def(f, `^(\S+) pods? of replica set "([^"]*)" (?:is|are) on node "([^"]*)"$`, `Then 2 pods of replica set "web" are on node "worker-1"`, rsOnNode),
		def(f, `^the replica set "([^"]*)" has created (\S+) pods?$`, `Then the replica set "web" has created 4 pods`, rsCreated),
		def(f, podOfRS+` has condition "([^"]*)" "([^"]*)" with reason "([^"]*)"$`, `Then pod 1 of replica set "web" has condition "DisruptionTarget" "True" with reason "EvictionByEvictionAPI"`, rsPodHasCondition).
			with(openSlot("condition", "DisruptionTarget", podConditionTypes...), slot("status", "True", conditionStatuses...)),
		def(f, `^`+podOfRS+` is gone within (\S+)$`, `Then pod 1 of replica set "web" is gone within 6s`, rsPodGoneWithin),
		def(f, `^the drain of node "([^"]*)" completes$`, `Then the drain of node "worker-1" completes`, drainCompletes),
		def(f, `^the drain of node "([^"]*)" completes (at|within) (\S+)$`, `Then the drain of node "worker-1" completes within 1m`, drainCompletesAt).with(slot("time bound", "within", "at", "within")),
		def(f, `^the drain of node "([^"]*)" fails with message containing "([^"]*)"$`, `Then the drain of node "worker-1" fails with message containing "use --force to override"`, drainFails),
	}
}

// apiErrorReasons are the answers of the eviction subresource other than
// 201, by their StatusReason, with their codes.
var apiErrorReasons = []string{"TooManyRequests", "InternalError", "NotFound", "Forbidden"}

var reasonCodes = map[string]int32{"TooManyRequests": 429, "InternalError": 500, "NotFound": 404, "Forbidden": 403}

func (st *State) disruptions() (driver.Disruptions, error) {
	d, ok := driver.SessionAs[driver.Disruptions](st.Session)
	if !ok {
		return nil, st.unsupported(driver.Unsupported("the %s driver cannot model disruptions (replica sets, budgets, evictions, drains) yet", st.Driver.Name()))
	}
	return d, nil
}

// readyDisruptions is what every disruption step does before it reads or
// acts: nothing on a dry run (ok false), else the scenario's objects
// created and the driver's disruption model.
func (st *State) readyDisruptions(ctx context.Context) (d driver.Disruptions, ok bool, err error) {
	if st.DryRun {
		return nil, false, nil
	}
	if err := st.ready(ctx); err != nil {
		return nil, false, err
	}
	d, err = st.disruptions()
	return d, err == nil, err
}

// readyPod is readyDisruptions and the API name of the pod referred to.
func (st *State) readyPod(ctx context.Context, ref podRef) (d driver.Disruptions, name string, ok bool, err error) {
	d, ok, err = st.readyDisruptions(ctx)
	if !ok {
		return nil, "", false, err
	}
	name, err = st.resolve(d, ref)
	return d, name, err == nil, err
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

// httpErrorCode is an error code a refusal is checked against.
func httpErrorCode(code string) (int32, error) {
	c, err := strconv.Atoi(code)
	if err != nil || c < 400 || c > 599 {
		return 0, inputErr("%q is not an HTTP error code", code)
	}
	return int32(c), nil
}

// reasonCode is the code of an API error named by its StatusReason.
func reasonCode(reason string) (int32, error) {
	if err := oneOf("API error", reason, apiErrorReasons...); err != nil {
		return 0, err
	}
	return reasonCodes[reason], nil
}

// Given a replica set "web" of 3 pods: (and YAML) — the YAML is the pod
// template, as a pod's (a whole Pod or its spec); its labels are the
// selector's, app=<name> when it has none. The replica set is created with
// the cluster, and its pods started before the first step that acts.
func replicaSetDoc(ctx context.Context, name, n string, doc *godog.DocString) error {
	return From(ctx).Plan.declareReplicaSet(name, n, doc)
}

// Given a replica set "web" of 3 pods: pods of one agent container "app".
func replicaSetPlain(ctx context.Context, name, n string) error {
	return From(ctx).Plan.declareReplicaSet(name, n, nil)
}

func (pl *Plan) declareReplicaSet(name, n string, doc *godog.DocString) error {
	count, err := parseCount(n)
	if err != nil {
		return err
	}
	for _, r := range pl.disr.sets {
		if r.name == name {
			return inputErr("replica set %q is declared twice", name)
		}
	}
	if err := pl.declare(name, doc, nil, "", nil); err != nil {
		return err
	}
	tpl := pl.pods[len(pl.pods)-1]
	pl.pods = pl.pods[:len(pl.pods)-1] // a template, not a pod of the scenario
	if tpl.pod.Spec.NodeName != "" {
		return inputErr("replica set %q: its pods are scheduled, the template may not set nodeName", name)
	}
	if len(tpl.pod.Labels) == 0 {
		tpl.pod.Labels = map[string]string{"app": name}
	}
	pl.disr.sets = append(pl.disr.sets, &rsDecl{name: name, replicas: int32(count), tpl: tpl})
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

// Given a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"
func pdbLabelled(ctx context.Context, name, field, value, selector string) error {
	return From(ctx).declarePDB(ctx, name, field, value, selector, "")
}

// … and unhealthyPodEvictionPolicy AlwaysAllow (or IfHealthyBudget, the
// default).
func pdbLabelledPolicy(ctx context.Context, name, field, value, selector, policy string) error {
	return From(ctx).declarePDB(ctx, name, field, value, selector, policy)
}

// Given a PodDisruptionBudget "pdb" with minAvailable 2 selecting app=web
func pdbSelecting(ctx context.Context, name, field, value, selector string) error {
	return From(ctx).declarePDB(ctx, name, field, value, selector, "")
}

// declarePDB builds the budget; declared once the cluster runs, it is
// created at once (t=0 does not move: it is a Given).
func (st *State) declarePDB(ctx context.Context, name, field, value, selector, policy string) error {
	if msgs := apivalidation.IsDNS1123Subdomain(name); len(msgs) > 0 {
		return inputErr("budget name %q is not valid: %s", name, strings.Join(msgs, "; "))
	}
	for _, p := range st.Plan.disr.pdbs {
		if p.pdb.Name == name {
			return inputErr("pod disruption budget %q is declared twice", name)
		}
	}
	v := intstr.Parse(value)
	if v.Type == intstr.Int && v.IntVal < 0 {
		return inputErr("%s %s is negative", field, value)
	}
	if v.Type == intstr.String {
		pct, ok := strings.CutSuffix(value, "%")
		n, err := strconv.Atoi(pct)
		if !ok || err != nil || n < 0 || n > 100 {
			return inputErr("%s %q is not a whole number or a percentage from 0%% to 100%%", field, value)
		}
	}
	set, err := labels.ConvertSelectorToLabelsMap(selector)
	if err != nil || len(set) == 0 {
		return inputErr("selector %q is not key=value[,key=value]", selector)
	}
	pdb := &policyv1.PodDisruptionBudget{ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: policyv1.PodDisruptionBudgetSpec{Selector: &metav1.LabelSelector{MatchLabels: set}}}
	if field == "minAvailable" {
		pdb.Spec.MinAvailable = &v
	} else {
		pdb.Spec.MaxUnavailable = &v
	}
	if policy != "" {
		if err := oneOf("unhealthyPodEvictionPolicy", policy, "IfHealthyBudget", "AlwaysAllow"); err != nil {
			return err
		}
		pp := policyv1.UnhealthyPodEvictionPolicyType(policy)
		pdb.Spec.UnhealthyPodEvictionPolicy = &pp
	}
	d := &pdbDecl{pdb: pdb}
	st.Plan.disr.pdbs = append(st.Plan.disr.pdbs, d)
	if st.DryRun || !st.Plan.configured {
		return nil
	}
	return st.createDisruptionObjects(ctx)
}

// createDisruptionObjects creates the declared replica sets, then the
// budgets, not created yet; ready calls it once the cluster is configured
// and waits for the replica sets' pods to start.
func (st *State) createDisruptionObjects(ctx context.Context) error {
	if st.DryRun || (len(st.Plan.disr.sets) == 0 && len(st.Plan.disr.pdbs) == 0) {
		return nil
	}
	var d driver.Disruptions
	get := func() error {
		if d != nil {
			return nil
		}
		var err error
		d, err = st.disruptions()
		return err
	}
	for _, r := range st.Plan.disr.sets {
		if r.created {
			continue
		}
		r.created = true
		if err := get(); err != nil {
			return err
		}
		if err := d.CreateReplicaSet(ctx, r.name, r.replicas, r.tpl.build()); err != nil {
			return st.unsupported(fmt.Errorf("replica set %q: %w", r.name, err))
		}
	}
	for _, p := range st.Plan.disr.pdbs {
		if p.created {
			continue
		}
		p.created = true
		if err := get(); err != nil {
			return err
		}
		if err := d.CreatePodDisruptionBudget(ctx, p.pdb); err != nil {
			return st.unsupported(fmt.Errorf("pod disruption budget %q: %w", p.pdb.Name, err))
		}
	}
	return nil
}

// replicaSetsStarted: every declared replica set has its replicas, each
// started or stuck (as ready waits for the pods it creates).
func (st *State) replicaSetsStarted(v driver.View) bool {
	d, ok := driver.SessionAs[driver.Disruptions](st.Session)
	if !ok {
		return true
	}
	for _, r := range st.Plan.disr.sets {
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

// podRef is a pod named by a step: by its name, or as the n-th pod a
// replica set created.
type podRef struct {
	name string
	rs   string
	n    int
}

func (r podRef) String() string {
	if r.rs != "" {
		return fmt.Sprintf("pod %d of replica set %q", r.n, r.rs)
	}
	return fmt.Sprintf("pod %q", r.name)
}

func (pl *Plan) rsRef(n, rs string) (podRef, error) {
	i, err := parseCount(n)
	if err != nil || i < 1 {
		return podRef{}, inputErr("%q is not an ordinal (1 for the first pod the replica set created)", n)
	}
	if _, err := pl.replicaSet(rs); err != nil {
		return podRef{}, err
	}
	return podRef{rs: rs, n: i}, nil
}

func (pl *Plan) nameRef(name string) (podRef, error) {
	if _, err := pl.mustPod(name); err != nil {
		return podRef{}, err
	}
	return podRef{name: name}, nil
}

// resolve is the API name of the pod now (a replica set's n-th pod
// exists once it was created).
func (st *State) resolve(d driver.Disruptions, r podRef) (string, error) {
	if r.rs == "" {
		return r.name, nil
	}
	_, created, _ := d.ReplicaSetPods(r.rs)
	if r.n > len(created) {
		return "", &timeline.Mismatch{Expected: r.String(), Observed: fmt.Sprintf("replica set %q created %d pods", r.rs, len(created))}
	}
	return created[r.n-1], nil
}

// disruptionAction runs an action at the current time, which becomes t=0
// for an Action step.
func (st *State) disruptionAction(ctx context.Context, act func(driver.Disruptions) error) error {
	d, ok, err := st.readyDisruptions(ctx)
	if !ok {
		return err
	}
	if err := st.instant(ctx); err != nil {
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
	st.moveT0Acting(st.actionMark())
	return act(d)
}

// When the eviction of pod "web" is requested: a POST of an Eviction to
// the pod's eviction subresource (with the pod's own grace). The answer,
// accepted or refused, is what the eviction expectations check; a
// refusal does not fail the step.
func evictPod(ctx context.Context, name string) error {
	st := From(ctx)
	ref, err := st.Plan.nameRef(name)
	if err != nil {
		return err
	}
	return st.requestEviction(ctx, ref, nil)
}

// When the eviction of pod 1 of replica set "web" is requested
func evictRSPod(ctx context.Context, n, rs string) error {
	st := From(ctx)
	ref, err := st.Plan.rsRef(n, rs)
	if err != nil {
		return err
	}
	return st.requestEviction(ctx, ref, nil)
}

// When the eviction of pod 1 of replica set "web" is requested with grace
// period 5s: the Eviction's deleteOptions.gracePeriodSeconds.
func evictRSPodGrace(ctx context.Context, n, rs, grace string) error {
	st := From(ctx)
	ref, err := st.Plan.rsRef(n, rs)
	if err != nil {
		return err
	}
	g, err := parseSeconds(grace)
	if err != nil {
		return err
	}
	return st.requestEviction(ctx, ref, &g)
}

func (st *State) requestEviction(ctx context.Context, ref podRef, grace *int64) error {
	return st.disruptionAction(ctx, func(d driver.Disruptions) error {
		name, err := st.resolve(d, ref)
		if err != nil {
			return err
		}
		prev, had := st.react[name]
		st.acted(driver.ActionDelete, name)
		if err := d.Evict(ctx, name, metav1.DeleteOptions{GracePeriodSeconds: grace}); err != nil {
			// Refused (the answer is recorded): the kubelet has nothing
			// to react to, and the pod's last action stands.
			if had {
				st.react[name] = prev
			} else {
				delete(st.react, name)
			}
		}
		return nil
	})
}

// When node "worker-1" is cordoned: `kubectl cordon`.
func nodeCordoned(ctx context.Context, node string) error {
	st := From(ctx)
	st.Plan.need(driver.NodeLifecycle, "cordons a node")
	if _, err := st.Plan.node(node); err != nil {
		return err
	}
	return st.disruptionAction(ctx, func(d driver.Disruptions) error { return d.Cordon(ctx, node) })
}

// When node "worker-1" is drained: `kubectl drain --ignore-daemonsets`
// starts at t=0 and goes on while the scenario does; `the drain of node
// "worker-1" completes` waits for it.
func nodeDrained(ctx context.Context, node string) error {
	return From(ctx).drain(ctx, node, driver.DrainOptions{GracePeriodSeconds: -1})
}

// When node "worker-1" is drained with "--force --delete-emptydir-data":
// kubectl drain's flags --force, --delete-emptydir-data,
// --ignore-daemonsets (always on), --grace-period=N, --timeout=D.
func nodeDrainedWith(ctx context.Context, node, flags string) error {
	o := driver.DrainOptions{GracePeriodSeconds: -1}
	for _, f := range strings.Fields(flags) {
		k, v, hasValue := strings.Cut(f, "=")
		switch {
		case k == "--force" && !hasValue:
			o.Force = true
		case k == "--delete-emptydir-data" && !hasValue:
			o.DeleteEmptyDirData = true
		case k == "--ignore-daemonsets" && !hasValue:
		case k == "--grace-period" && hasValue:
			g, err := strconv.ParseInt(v, 10, 64)
			if err != nil || g < -1 {
				return inputErr("--grace-period=%s is not a number of seconds (-1 keeps each pod's own)", v)
			}
			o.GracePeriodSeconds = g
		case k == "--timeout" && hasValue:
			t, err := parseDuration(v)
			if err != nil {
				return err
			}
			o.Timeout = t
		default:
			return inputErr("kubectl drain flag %q is not one of --force, --delete-emptydir-data, --ignore-daemonsets, --grace-period=N, --timeout=D", f)
		}
	}
	return From(ctx).drain(ctx, node, o)
}

func (st *State) drain(ctx context.Context, node string, o driver.DrainOptions) error {
	st.Plan.need(driver.NodeLifecycle, "drains a node")
	if _, err := st.Plan.node(node); err != nil {
		return err
	}
	return st.disruptionAction(ctx, func(d driver.Disruptions) error {
		if err := d.Drain(ctx, node, o); err != nil {
			return err
		}
		st.Plan.disr.drained = append(st.Plan.disr.drained, node)
		return nil
	})
}

// drainsEnded: every drain the scenario started has returned, so that no
// more eviction requests will come (the scenario's own are made in their
// step).
func (st *State) drainsEnded(d driver.Disruptions) bool {
	if len(st.Plan.disr.drained) == 0 {
		return false
	}
	for _, n := range st.Plan.disr.drained {
		if s, ok := d.DrainStatus(n); !ok || !s.Done {
			return false
		}
	}
	return true
}

// awaitDisruption waits, as an untimed expectation does, until cond holds
// or the scenario's activity ends; the current time does not move.
func (st *State) awaitDisruption(ctx context.Context, cond func() bool) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if st.exact() {
		if err := st.toCurrent(ctx); err != nil {
			return err
		}
	}
	if us, ok := driver.SessionAs[driver.UntilSettler](st.Session); ok {
		at, _, capped, err := us.SettleUntil(ctx, st.settleLimit(), func(driver.View) bool { return cond() })
		if capped {
			st.capNote(at)
		}
		return err
	}
	_, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.settleLimit(), func(driver.View) bool { return cond() })
	return err
}

// evictedAt notes an eviction a drain made (kubectl's loop, in the
// scenario's background) as a step's eviction is noted: a delete for the
// kubelet, made when the request was sent, so that on a cluster what
// follows counts from the kubelet's reaction to it rather than from an
// earlier action on the pod (its create).
func (st *State) evictedAt(pod string, at time.Duration) {
	if _, ok := st.liveWindows(); !ok {
		return
	}
	if r := st.react[pod]; r != nil && r.action == driver.ActionDelete && r.at <= at {
		return
	}
	st.acted(driver.ActionDelete, pod)
	st.react[pod].at = at
}

// evictionsOf are the eviction requests for the pod at or after t=0.
func (st *State) evictionsOf(d driver.Disruptions, name string) []driver.EvictionRequest {
	var out []driver.EvictionRequest
	for _, e := range d.Evictions() {
		if e.Pod == name && e.At >= st.t0.At {
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
		s := fmt.Sprintf("%d at %s", e.Code, timeline.FormatOffset(e.At-st.t0.At))
		if e.Message != "" {
			s += " (" + e.Message + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// Then the eviction of pod "web" is accepted: a request for the pod at or
// after t=0 was answered 201 (the DisruptionTarget condition set and the
// delete made); untimed, it waits for a drain's retries.
func evictionAccepted(ctx context.Context, name string) error {
	st := From(ctx)
	ref, err := st.Plan.nameRef(name)
	if err != nil {
		return err
	}
	return st.evictionAccepted(ctx, ref, -1)
}

// Then the eviction of pod 2 of replica set "web" is accepted
func evictionRSAccepted(ctx context.Context, n, rs string) error {
	st := From(ctx)
	ref, err := st.Plan.rsRef(n, rs)
	if err != nil {
		return err
	}
	return st.evictionAccepted(ctx, ref, -1)
}

// Then the eviction of pod 2 of replica set "web" is accepted at 10s: the
// first request answered 201 was made at exactly t0+10s.
func evictionRSAcceptedAt(ctx context.Context, n, rs, at string) error {
	st := From(ctx)
	ref, err := st.Plan.rsRef(n, rs)
	if err != nil {
		return err
	}
	t, err := parseDuration(at)
	if err != nil {
		return err
	}
	return st.evictionAccepted(ctx, ref, t)
}

func (st *State) evictionAccepted(ctx context.Context, ref podRef, at time.Duration) error {
	d, name, ok, err := st.readyPod(ctx, ref)
	if !ok {
		return err
	}
	accepted := func() (driver.EvictionRequest, bool) {
		for _, e := range st.evictionsOf(d, name) {
			if e.Code == 201 {
				return e, true
			}
		}
		return driver.EvictionRequest{}, false
	}
	if err := st.awaitDisruption(ctx, func() bool { _, ok := accepted(); return ok }); err != nil {
		return err
	}
	e, ok := accepted()
	if ok && e.By != "api" {
		st.evictedAt(name, e.At)
	}
	expected := fmt.Sprintf("the eviction of %s accepted", ref)
	if at >= 0 {
		expected += " at " + timeline.FormatOffset(at)
	}
	if !ok || (at >= 0 && e.At-st.t0.At != at) {
		return &timeline.Mismatch{Expected: expected, Observed: describeEvictions(st, st.evictionsOf(d, name))}
	}
	return nil
}

// Then the eviction of pod "web" is refused with "TooManyRequests": the
// first request for the pod at or after t=0 was refused so (429 for
// TooManyRequests, 500 InternalError, 404 NotFound, 403 Forbidden).
func evictionRefused(ctx context.Context, name, reason string) error {
	st := From(ctx)
	code, err := reasonCode(reason)
	if err != nil {
		return err
	}
	ref, err := st.Plan.nameRef(name)
	if err != nil {
		return err
	}
	return st.evictionRefused(ctx, ref, code, "")
}

// Then the eviction of pod 2 of replica set "web" is refused with "TooManyRequests"
func evictionRSRefused(ctx context.Context, n, rs, reason string) error {
	st := From(ctx)
	code, err := reasonCode(reason)
	if err != nil {
		return err
	}
	ref, err := st.Plan.rsRef(n, rs)
	if err != nil {
		return err
	}
	return st.evictionRefused(ctx, ref, code, "")
}

// Then the eviction of pod 2 of replica set "web" is refused with 429
func evictionRSRefusedCode(ctx context.Context, n, rs, code string) error {
	st := From(ctx)
	c, err := httpErrorCode(code)
	if err != nil {
		return err
	}
	ref, err := st.Plan.rsRef(n, rs)
	if err != nil {
		return err
	}
	return st.evictionRefused(ctx, ref, c, "")
}

// Then the eviction of pod 2 of replica set "web" is refused with message
// containing "needs 2 healthy pods": the first request's refusal, its
// message and the budget's cause.
func evictionRSRefusedMessage(ctx context.Context, n, rs, text string) error {
	st := From(ctx)
	ref, err := st.Plan.rsRef(n, rs)
	if err != nil {
		return err
	}
	return st.evictionRefused(ctx, ref, 0, text)
}

func (st *State) evictionRefused(ctx context.Context, ref podRef, code int32, text string) error {
	d, name, ok, err := st.readyPod(ctx, ref)
	if !ok {
		return err
	}
	if err := st.awaitDisruption(ctx, func() bool { return len(st.evictionsOf(d, name)) > 0 }); err != nil {
		return err
	}
	es := st.evictionsOf(d, name)
	expected := fmt.Sprintf("the eviction of %s refused", ref)
	if code != 0 {
		expected += fmt.Sprintf(" with %d", code)
	}
	if text != "" {
		expected += fmt.Sprintf(" with message containing %q", text)
	}
	if len(es) == 0 || es[0].Code == 201 || (code != 0 && es[0].Code != code) || !strings.Contains(es[0].Message, text) {
		return &timeline.Mismatch{Expected: expected, Observed: describeEvictions(st, es)}
	}
	return nil
}

// Then the eviction of pod 2 of replica set "web" is refused 2 times: the
// requests for the pod refused since t=0, counted once the scenario's
// activity ended (a drain retries every 5 s).
func evictionRSRefusedTimes(ctx context.Context, n, rs, count string) error {
	st := From(ctx)
	want, err := parseCount(count)
	if err != nil {
		return err
	}
	ref, err := st.Plan.rsRef(n, rs)
	if err != nil {
		return err
	}
	d, ok, err := st.readyDisruptions(ctx)
	if !ok {
		return err
	}
	if err := st.awaitDisruption(ctx, func() bool { return st.drainsEnded(d) }); err != nil {
		return err
	}
	name, err := st.resolve(d, ref)
	if err != nil {
		return err
	}
	es := st.evictionsOf(d, name)
	if refusedCount(es) != want {
		return &timeline.Mismatch{Expected: fmt.Sprintf("the eviction of %s refused %d times", ref, want), Observed: describeEvictions(st, es)}
	}
	return nil
}

// pollDisruption runs a state check of what the disruption and
// ReplicaSet controllers keep at the current time: once on the
// simulator, whose controllers act in the instant, or on the state an
// untimed expectation held; on a cluster, whose controllers write it a
// watch delivery and a sync after the fact, until it holds or the
// tolerance has passed, as a pod's state check polls (checkPod).
func (st *State) pollDisruption(ctx context.Context, d driver.Disruptions, check func(driver.Disruptions, driver.View) error) error {
	if st.exact() {
		sess, err := st.present(ctx)
		if err != nil {
			return err
		}
		if at, ok := driver.SessionAs[driver.Disruptions](sess); ok {
			d = at
		}
		return check(d, sess.View())
	}
	if err := st.instant(ctx); err != nil {
		return err
	}
	var last error
	_, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.tol(), func(v driver.View) bool {
		last = check(d, v)
		return last == nil
	})
	if err != nil {
		return err
	}
	return last
}

// checkPDB runs a state check of a budget's status at the current time.
func (st *State) checkPDB(ctx context.Context, name string, f func(*policyv1.PodDisruptionBudget) error) error {
	found := false
	for _, p := range st.Plan.disr.pdbs {
		found = found || p.pdb.Name == name
	}
	if !found {
		return undeclaredErr("pod disruption budget %q is not declared", name)
	}
	if st.DryRun {
		return nil
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	d, err := st.disruptions()
	if err != nil {
		return err
	}
	return st.pollDisruption(ctx, d, func(d driver.Disruptions, _ driver.View) error { return f(d.PodDisruptionBudget(name)) })
}

func describePDB(p *policyv1.PodDisruptionBudget) string {
	if p == nil {
		return "no such budget"
	}
	s := p.Status
	return fmt.Sprintf("currentHealthy %d, desiredHealthy %d, expectedPods %d, disruptionsAllowed %d, observedGeneration %d",
		s.CurrentHealthy, s.DesiredHealthy, s.ExpectedPods, s.DisruptionsAllowed, s.ObservedGeneration)
}

// Then the pod disruption budget "web" allows 1 disruption: its
// status.disruptionsAllowed at the current time.
func pdbAllows(ctx context.Context, name, n string) error {
	return pdbHas(ctx, name, "disruptionsAllowed", n)
}

// Then the pod disruption budget "web" has desiredHealthy 2: one field of
// its status at the current time, as the disruption controller wrote it.
func pdbHas(ctx context.Context, name, field, n string) error {
	st := From(ctx)
	want, err := parseCount(n)
	if err != nil {
		return err
	}
	return st.checkPDB(ctx, name, func(p *policyv1.PodDisruptionBudget) error {
		var got int32
		if p != nil {
			switch field {
			case "currentHealthy":
				got = p.Status.CurrentHealthy
			case "desiredHealthy":
				got = p.Status.DesiredHealthy
			case "expectedPods":
				got = p.Status.ExpectedPods
			default:
				got = p.Status.DisruptionsAllowed
			}
		}
		if p == nil || int(got) != want {
			return &timeline.Mismatch{Expected: fmt.Sprintf("pod disruption budget %q with %s %d", name, field, want),
				Observed: fmt.Sprintf("%s: %s", st.readAt(), describePDB(p))}
		}
		return nil
	})
}

// checkRSPods runs a state check of a replica set's pods in the API at
// the current time.
func (st *State) checkRSPods(ctx context.Context, rs string, f func([]*corev1.Pod) error) error {
	if _, err := st.Plan.replicaSet(rs); err != nil {
		return err
	}
	d, ok, err := st.readyDisruptions(ctx)
	if !ok {
		return err
	}
	return st.pollDisruption(ctx, d, func(d driver.Disruptions, _ driver.View) error {
		pods, _, _ := d.ReplicaSetPods(rs)
		return f(pods)
	})
}

func readyActive(pods []*corev1.Pod) int {
	n := 0
	for _, p := range pods {
		if p.DeletionTimestamp == nil && conditionIs(p, corev1.PodReady, corev1.ConditionTrue) {
			n++
		}
	}
	return n
}

func describeRSPods(pods []*corev1.Pod) string {
	if len(pods) == 0 {
		return "no pods"
	}
	var parts []string
	for _, p := range pods {
		s := p.Name + " " + string(p.Status.Phase)
		if p.Spec.NodeName != "" {
			s += " on " + p.Spec.NodeName
		}
		if conditionIs(p, corev1.PodReady, corev1.ConditionTrue) {
			s += ", Ready"
		}
		if p.DeletionTimestamp != nil {
			s += ", terminating"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// Then 3 pods of replica set "web" are Ready: Ready pods of the replica
// set not being deleted, exactly that many, at the current time.
func rsReadyNow(ctx context.Context, n, rs string) error {
	st := From(ctx)
	want, err := parseCount(n)
	if err != nil {
		return err
	}
	return st.checkRSPods(ctx, rs, func(pods []*corev1.Pod) error {
		if got := readyActive(pods); got != want {
			return &timeline.Mismatch{Expected: fmt.Sprintf("%d pods of replica set %q Ready", want, rs),
				Observed: fmt.Sprintf("%s: %d: %s", st.readAt(), got, describeRSPods(pods))}
		}
		return nil
	})
}

// Then 3 pods of replica set "web" are Ready within 2m: at some time up
// to t0+D, that many Ready pods not being deleted.
func rsReadyWithin(ctx context.Context, n, rs, within string) error {
	st := From(ctx)
	want, err := parseCount(n)
	if err != nil {
		return err
	}
	d, err := parseDuration(within)
	if err != nil {
		return err
	}
	if _, err := st.Plan.replicaSet(rs); err != nil {
		return err
	}
	dis, ok, err := st.readyDisruptions(ctx)
	if !ok {
		return err
	}
	// The pods a replica set makes Ready after t=0 are replacements: on
	// a cluster their readiness waits on their start, which the window
	// carries (the simulator starts them in the instant).
	w := st.disruptionWindow(0, d, driver.ActionCreate)
	// The count is read as the session runs up to the deadline, not
	// where an earlier step ran it to: an exact session goes back to t=0
	// first (the count at t=0 stands for the time before it).
	sess, err := st.sessionFrom(ctx, st.t0.At)
	if err != nil {
		return err
	}
	if d, ok := driver.SessionAs[driver.Disruptions](sess); ok {
		dis = d
	}
	count := func() int { pods, _, _ := dis.ReplicaSetPods(rs); return readyActive(pods) }
	at, ok, err := sess.RunUntil(ctx, w.To, func(driver.View) bool { return count() == want })
	if err != nil {
		return err
	}
	w.From = 0
	sel := timeline.Selector{Pod: rs}
	if !ok || at > w.To {
		pods, _, _ := dis.ReplicaSetPods(rs)
		return st.keepWindowCheck(sel, "pods of the replica set Ready", w, nil, &timeline.Mismatch{Expected: fmt.Sprintf("%d pods of replica set %q Ready within %s%s", want, rs, within, w.Note()),
			Observed: fmt.Sprintf("at %s: %d: %s", timeline.FormatOffset(sess.Now()-st.t0.At), count(), describeRSPods(pods))})
	}
	return st.keepWindowCheck(sel, "pods of the replica set Ready", w, &timeline.Event{At: at}, nil)
}

// Then 2 pods of replica set "web" are on node "worker-1": pods of the
// replica set bound to the node and not being deleted, at the current
// time.
func rsOnNode(ctx context.Context, n, rs, node string) error {
	st := From(ctx)
	want, err := parseCount(n)
	if err != nil {
		return err
	}
	if _, err := st.Plan.node(node); err != nil {
		return err
	}
	return st.checkRSPods(ctx, rs, func(pods []*corev1.Pod) error {
		got := 0
		for _, p := range pods {
			if p.Spec.NodeName == node && p.DeletionTimestamp == nil {
				got++
			}
		}
		if got != want {
			return &timeline.Mismatch{Expected: fmt.Sprintf("%d pods of replica set %q on node %q", want, rs, node),
				Observed: fmt.Sprintf("%s: %d: %s", st.readAt(), got, describeRSPods(pods))}
		}
		return nil
	})
}

// Then the replica set "web" has created 4 pods: every pod it created
// since the start, replacements included, at the current time.
func rsCreated(ctx context.Context, rs, n string) error {
	st := From(ctx)
	want, err := parseCount(n)
	if err != nil {
		return err
	}
	if _, err := st.Plan.replicaSet(rs); err != nil {
		return err
	}
	d, ok, err := st.readyDisruptions(ctx)
	if !ok {
		return err
	}
	return st.pollDisruption(ctx, d, func(d driver.Disruptions, _ driver.View) error {
		_, created, _ := d.ReplicaSetPods(rs)
		if len(created) != want {
			return &timeline.Mismatch{Expected: fmt.Sprintf("replica set %q has created %d pods", rs, want),
				Observed: fmt.Sprintf("%d: %s", len(created), strings.Join(created, ", "))}
		}
		return nil
	})
}

// Then pod 1 of replica set "web" has condition "DisruptionTarget" "True"
// with reason "EvictionByEvictionAPI": at the current time (a pod gone
// has no condition).
func rsPodHasCondition(ctx context.Context, n, rs, cond, status, reason string) error {
	st := From(ctx)
	ref, err := st.Plan.rsRef(n, rs)
	if err != nil {
		return err
	}
	if err := oneOf("condition status", status, conditionStatuses...); err != nil {
		return err
	}
	d, ok, err := st.readyDisruptions(ctx)
	if !ok {
		return err
	}
	if err := st.instant(ctx); err != nil {
		return err
	}
	name, err := st.resolve(d, ref)
	if err != nil {
		return err
	}
	return st.pollDisruption(ctx, d, func(_ driver.Disruptions, v driver.View) error {
		p := v.Pod(name)
		if p != nil {
			for _, c := range p.Status.Conditions {
				if string(c.Type) == cond && string(c.Status) == status && c.Reason == reason {
					return nil
				}
			}
		}
		return &timeline.Mismatch{Expected: fmt.Sprintf("%s (%s) with condition %s=%s, reason %s", ref, name, cond, status, reason),
			Observed: describePod(p)}
	})
}

// Then the drain of node "worker-1" completes: kubectl drain returned
// without error; untimed, it waits for the drain.
func drainCompletes(ctx context.Context, node string) error {
	return From(ctx).drainEnds(ctx, node, "", -1, false)
}

// Then the drain of node "worker-1" completes within 1m (or at 15s):
// kubectl drain returned, without error, by t0+D (exactly at t0+D).
func drainCompletesAt(ctx context.Context, node, bound, d string) error {
	t, err := parseDuration(d)
	if err != nil {
		return err
	}
	if err := oneOf("time bound", bound, "at", "within"); err != nil {
		return err
	}
	return From(ctx).drainEnds(ctx, node, "", t, bound == "at")
}

// Then the drain of node "worker-1" fails with message containing "…":
// kubectl drain returned this error.
func drainFails(ctx context.Context, node, text string) error {
	return From(ctx).drainEnds(ctx, node, text, -1, false)
}

func (st *State) drainEnds(ctx context.Context, node, errText string, bound time.Duration, exact bool) error {
	if _, err := st.Plan.node(node); err != nil {
		return err
	}
	d, ok, err := st.readyDisruptions(ctx)
	if !ok {
		return err
	}
	done := func() bool { s, ok := d.DrainStatus(node); return ok && s.Done }
	var win timeline.Window
	if bound >= 0 {
		lo := bound
		if !exact {
			lo = 0
		}
		win = st.disruptionWindow(lo, bound, st.drainWaits(d, node)...)
		if _, _, err := st.Session.RunUntil(ctx, win.To, func(driver.View) bool { return done() }); err != nil {
			return err
		}
	} else if err := st.awaitDisruption(ctx, done); err != nil {
		return err
	}
	s, ok := d.DrainStatus(node)
	expected := fmt.Sprintf("the drain of node %q completes", node)
	if errText != "" {
		expected = fmt.Sprintf("the drain of node %q fails with message containing %q", node, errText)
	} else if bound >= 0 {
		expected += map[bool]string{true: " at ", false: " within "}[exact] + timeline.FormatOffset(bound)
	}
	observed := "no drain of the node"
	switch {
	case ok && !s.Done:
		observed = fmt.Sprintf("at %s the drain is still going on", timeline.FormatOffset(st.Session.Now()-st.t0.At))
	case ok && s.Err != "":
		observed = fmt.Sprintf("the drain failed at %s: %s", timeline.FormatOffset(s.At-st.t0.At), s.Err)
	case ok:
		observed = fmt.Sprintf("the drain completed at %s", timeline.FormatOffset(s.At-st.t0.At))
	}
	good := ok && s.Done
	if errText != "" {
		good = good && s.Err != "" && strings.Contains(s.Err, errText)
	} else {
		good = good && s.Err == ""
	}
	err = nil
	if !good {
		err = &timeline.Mismatch{Expected: expected, Observed: observed}
	}
	if bound < 0 {
		return err
	}
	if err == nil && !win.Contains(s.At) {
		err = &timeline.Mismatch{Expected: expected + win.Note(), Observed: observed}
	}
	var seen *timeline.Event
	if ok && s.Done {
		seen = &timeline.Event{At: s.At}
	}
	return st.keepWindowCheck(timeline.Selector{Pod: nodeTimelineName(node)}, "the drain's end", win, seen, err)
}

// Live windows of the drain's and the eviction subresource's times. On
// the simulator they are exact. On a cluster the times are podlife's
// own (its client sends the evictions, kubectl's loops run in it),
// stamped by its clock to within disruptionPrecision of the request
// reaching the API server; but what a drain waits for is the kubelet's,
// which the simulator does in the instant: a replacement pod started
// (and Ready after its probe's delay) before a refused eviction's retry
// is accepted, an evicted pod gone before waitForDelete's next poll (1 s,
// k8s.io/kubectl/pkg/drain/drain.go) sees it. Each of those widens the
// window late by the kubelet's calibrated reaction to a create or a
// delete (docs/language.md, "live windows"), and a poll's period.

// disruptionPrecision bounds how far from the rule a request podlife's
// client makes is stamped: the request's round trip, and before a
// drain's first evictions kubectl's cordon, discovery and list calls.
const disruptionPrecision = 750 * time.Millisecond

// waitForDeletePoll is kubectl drain's poll of an evicted pod
// (waitForDelete's interval).
const waitForDeletePoll = time.Second

// disruptionWindow is where a time written [lo, hi] from t=0 is accepted,
// widened on a cluster by the kubelet's reactions to the actions it
// waits for.
func (st *State) disruptionWindow(lo, hi time.Duration, waits ...driver.Action) timeline.Window {
	w, ok := st.liveWindows()
	if !ok {
		return timeline.Exact(st.t0, lo, hi)
	}
	late := disruptionPrecision
	for _, a := range waits {
		late += w.Reaction(a)
		if a == driver.ActionDelete {
			late += waitForDeletePoll
		}
	}
	return timeline.Window{T0: st.t0.At, Ref: st.t0.At, Lo: lo, Hi: hi, From: st.t0.At + lo - disruptionPrecision, To: st.t0.At + hi + late}
}

// drainWaits is what the drain of node waited for before it returned:
// its evicted pods gone, and, when a budget refused one of its evictions,
// the replacement whose readiness let the retry through.
func (st *State) drainWaits(d driver.Disruptions, node string) []driver.Action {
	waits := []driver.Action{driver.ActionDelete}
	for _, e := range d.Evictions() {
		if e.By == "drain/"+node && e.Code != 201 && e.At >= st.t0.At {
			return append(waits, driver.ActionCreate)
		}
	}
	return waits
}

// rsEvictions are the eviction requests since t=0 for pods the replica
// set created.
func (st *State) rsEvictions(d driver.Disruptions, rs string) []driver.EvictionRequest {
	_, created, _ := d.ReplicaSetPods(rs)
	mine := map[string]bool{}
	for _, n := range created {
		mine[n] = true
	}
	var out []driver.EvictionRequest
	for _, e := range d.Evictions() {
		if mine[e.Pod] && e.At >= st.t0.At {
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
		parts = append(parts, fmt.Sprintf("%s %d at %s", e.Pod, e.Code, timeline.FormatOffset(e.At-st.t0.At)))
	}
	return strings.Join(parts, "; ")
}

// settledRSEvictions lets the scenario's activity end (a drain's retries
// included: until every drain returned) and returns the replica set's
// eviction requests since t=0.
func (st *State) settledRSEvictions(ctx context.Context, rs string) ([]driver.EvictionRequest, bool, error) {
	if _, err := st.Plan.replicaSet(rs); err != nil {
		return nil, false, err
	}
	d, ok, err := st.readyDisruptions(ctx)
	if !ok {
		return nil, false, err
	}
	if err := st.awaitDisruption(ctx, func() bool { return st.drainsEnded(d) }); err != nil {
		return nil, false, err
	}
	return st.rsEvictions(d, rs), true, nil
}

// Then evictions of pods of replica set "web" are accepted at 0s and 10s:
// the requests answered 201 for its pods since t=0, whichever pods, were
// made at exactly these times, and no other was accepted (the activity
// run to its end).
func rsEvictionsAcceptedAt(ctx context.Context, rs, list string) error {
	st := From(ctx)
	var want []time.Duration
	for _, part := range strings.FieldsFunc(strings.ReplaceAll(list, " and ", ","), func(r rune) bool { return r == ',' }) {
		d, err := parseDuration(strings.TrimSpace(part))
		if err != nil {
			return err
		}
		want = append(want, d)
	}
	es, ok, err := st.settledRSEvictions(ctx, rs)
	if err != nil || !ok {
		return err
	}
	var got []driver.EvictionRequest
	for _, e := range es {
		if e.Code == 201 {
			got = append(got, e)
		}
	}
	var wantS []string
	for _, d := range want {
		wantS = append(wantS, timeline.FormatOffset(d))
	}
	mismatch := &timeline.Mismatch{Expected: fmt.Sprintf("evictions of pods of replica set %q accepted at %s", rs, strings.Join(wantS, ", ")),
		Observed: describeRSEvictions(st, es)}
	if len(got) != len(want) {
		return mismatch
	}
	// In order: an acceptance after t=0 came on a retry, after a pod
	// the budget counts became Ready.
	var failed error
	for i, at := range want {
		var waits []driver.Action
		if at > 0 {
			waits = append(waits, driver.ActionCreate)
		}
		w := st.disruptionWindow(at, at, waits...)
		var err error
		if !w.Contains(got[i].At) {
			mismatch.Expected += w.Note()
			err = mismatch
		}
		err = st.keepWindowCheck(timeline.Selector{Pod: got[i].Pod}, "an eviction accepted", w, &timeline.Event{At: got[i].At}, err)
		if failed == nil {
			failed = err
		}
	}
	return failed
}

// Then evictions of pods of replica set "web" are refused 2 times: every
// refused request for its pods since t=0, once the activity ended.
func rsEvictionsRefusedTimes(ctx context.Context, rs, n string) error {
	st := From(ctx)
	want, err := parseCount(n)
	if err != nil {
		return err
	}
	es, ok, err := st.settledRSEvictions(ctx, rs)
	if err != nil || !ok {
		return err
	}
	if refusedCount(es) != want {
		return &timeline.Mismatch{Expected: fmt.Sprintf("evictions of pods of replica set %q refused %d times", rs, want),
			Observed: describeRSEvictions(st, es)}
	}
	return nil
}

// Then an eviction of a pod of replica set "web" is refused with message
// containing "…": some refusal since t=0 says so.
func rsEvictionRefusedMessage(ctx context.Context, rs, text string) error {
	st := From(ctx)
	es, ok, err := st.settledRSEvictions(ctx, rs)
	if err != nil || !ok {
		return err
	}
	var msgs []string
	for _, e := range es {
		if e.Code != 201 {
			if strings.Contains(e.Message, text) {
				return nil
			}
			msgs = append(msgs, e.Message)
		}
	}
	return &timeline.Mismatch{Expected: fmt.Sprintf("an eviction of a pod of replica set %q refused with message containing %q", rs, text),
		Observed: fmt.Sprintf("refusals: %q", msgs)}
}

// Then pod 1 of replica set "web" is gone within 6s: no longer in the API
// by t0+D.
func rsPodGoneWithin(ctx context.Context, n, rs, within string) error {
	st := From(ctx)
	ref, err := st.Plan.rsRef(n, rs)
	if err != nil {
		return err
	}
	d, err := parseDuration(within)
	if err != nil {
		return err
	}
	_, name, ok, err := st.readyPod(ctx, ref)
	if !ok {
		return err
	}
	// As `the pod "web" is gone within 6s`: on a cluster counted from
	// the kubelet's reaction to the eviction, in its live window.
	gone, err := parsePodState("gone")
	if err != nil {
		return err
	}
	return st.heldWithin(ctx, fmt.Sprintf("%s (%s)", ref, name), name, gone, within, d)
}

// Then the eviction of pod "web" is refused with 429
func evictionRefusedCode(ctx context.Context, name, code string) error {
	st := From(ctx)
	c, err := httpErrorCode(code)
	if err != nil {
		return err
	}
	ref, err := st.Plan.nameRef(name)
	if err != nil {
		return err
	}
	return st.evictionRefused(ctx, ref, c, "")
}
