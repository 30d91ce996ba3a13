package sim

import (
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Disruptions (issue 17): PodDisruptionBudgets, the disruption controller
// that keeps their status, and the eviction subresource that reads it.

var pdbResource = schema.GroupResource{Group: "policy", Resource: "poddisruptionbudgets"}

// pdbDeletionTimeout is DeletionTimeout (pkg/controller/disruption/
// disruption.go): a pod the eviction subresource recorded in
// status.disruptedPods is not counted healthy for 2 minutes, unless it is
// deleted before.
const pdbDeletionTimeout = 2 * time.Minute

// disruptionController is pkg/controller/disruption/disruption.go: it
// keeps each PodDisruptionBudget's status from the pods its selector
// matches. A pod or PDB change queues a sync of the PDBs it concerns,
// later in the same instant (the controller's work queue, with no
// latency modelled).
type disruptionController struct {
	env *env
	api *apiServer
	// replicaSets is what the controller reads of ReplicaSets (their
	// scale, through the ReplicaSet lister).
	replicaSets *replicaSetController
	pdbs        map[string]*policyv1.PodDisruptionBudget
	// queued holds the PDBs with a sync pending; recheck the timers of
	// enqueuePdbForRecheck.
	queued  map[string]bool
	recheck map[string]*timer
}

func newDisruptionController(e *env, api *apiServer, rs *replicaSetController) *disruptionController {
	return &disruptionController{env: e, api: api, replicaSets: rs, pdbs: map[string]*policyv1.PodDisruptionBudget{}, queued: map[string]bool{}, recheck: map[string]*timer{}}
}

func validatePDBSpec(spec *policyv1.PodDisruptionBudgetSpec) error {
	if spec.MinAvailable != nil && spec.MaxUnavailable != nil {
		return fmt.Errorf("minAvailable and maxUnavailable cannot be both set")
	}
	for _, v := range []*intstr.IntOrString{spec.MinAvailable, spec.MaxUnavailable} {
		if v == nil {
			continue
		}
		if v.Type == intstr.Int && v.IntVal < 0 {
			return fmt.Errorf("%d must be greater than or equal to 0", v.IntVal)
		}
		if v.Type == intstr.String {
			n, err := intstr.GetScaledValueFromIntOrPercent(v, 100, true)
			if err != nil || n < 0 || n > 100 {
				return fmt.Errorf("%q must be a percentage between 0%% and 100%%", v.StrVal)
			}
		}
	}
	if spec.Selector == nil {
		return fmt.Errorf("a selector is required")
	}
	if _, err := metav1.LabelSelectorAsSelector(spec.Selector); err != nil {
		return err
	}
	if p := spec.UnhealthyPodEvictionPolicy; p != nil && *p != policyv1.IfHealthyBudget && *p != policyv1.AlwaysAllow {
		return fmt.Errorf("unhealthyPodEvictionPolicy %q is not IfHealthyBudget or AlwaysAllow", *p)
	}
	return nil
}

// podWatch is the controller's pod informer; with no PDB in the scenario
// it does nothing, so that the other scenarios' timelines are what they
// were.
func (dc *disruptionController) wants(podEvent) bool { return len(dc.pdbs) > 0 }

func (dc *disruptionController) podWatch(ev podEvent) { dc.podChanged(ev.pod) }

// podChanged is the controller's addPod/updatePod/deletePod: the budget
// getPdbForPod returns for the pod is synced, one budget per pod event.
// A pod several budgets select gets a MultiplePodDisruptionBudgets
// warning at each of its events, and only the first of them is synced
// (pkg/controller/disruption/disruption.go getPdbForPod, v1.36.3). The
// real controller's first is the lister's, in the order of a Go map
// (arbitrary, "Chose … arbitrarily"); the simulator's is the first by
// name, so that a run is the same every time.
func (dc *disruptionController) podChanged(p *corev1.Pod) {
	var matching []string
	for _, name := range sortedKeys(dc.pdbs) {
		if selects(dc.pdbs[name], p) {
			matching = append(matching, name)
		}
	}
	if len(matching) == 0 {
		return
	}
	if len(matching) > 1 {
		dc.api.recordEvent(p, nil, false, corev1.EventTypeWarning, "MultiplePodDisruptionBudgets",
			fmt.Sprintf("Pod %q/%q matches multiple PodDisruptionBudgets.  Chose %q arbitrarily.", p.Namespace, p.Name, matching[0]), disruptionSource)
	}
	dc.enqueue(matching[0])
}

// disruptionSource is the component of the disruption controller's
// events (NewDisruptionControllerInternal: the recorder's EventSource).
const disruptionSource = "controllermanager"

func selects(pdb *policyv1.PodDisruptionBudget, p *corev1.Pod) bool {
	if p.Namespace != pdb.Namespace {
		return false
	}
	sel, err := metav1.LabelSelectorAsSelector(pdb.Spec.Selector)
	if err != nil {
		return false // an invalid selector matches nothing (getPodDisruptionBudgets)
	}
	return sel.Matches(labels.Set(p.Labels))
}

func (dc *disruptionController) enqueue(name string) {
	if dc.queued[name] {
		return
	}
	dc.queued[name] = true
	dc.env.soon(func() {
		delete(dc.queued, name)
		if pdb := dc.pdbs[name]; pdb != nil {
			dc.sync(pdb)
		}
	})
}

// podsFor is getPodsForPdb: every pod of the namespace its selector
// matches, terminating and terminal ones included, by name.
func (dc *disruptionController) podsFor(pdb *policyv1.PodDisruptionBudget) []*corev1.Pod {
	var out []*corev1.Pod
	for _, name := range dc.api.podNames() {
		if p := dc.api.pod(name); selects(pdb, p) {
			out = append(out, p)
		}
	}
	return out
}

// sync is sync and trySync (pkg/controller/disruption/disruption.go,
// v1.36.3): the selected pods, with a NoPods event ("No matching pods
// found") when there are none; the expected and desired counts, a
// failure of which is a CalculateExpectedPodCountFailed warning and
// failSafe (no disruption allowed, SyncFailed); an UnmanagedPods warning
// when a percentage or maxUnavailable meets pods without a controller;
// then the disrupted-pod map, the healthy count and updatePdbStatus. A
// status write is an update of the budget, which the controller's own
// informer delivers (updateDB): the budget is synced once more, and that
// sync, finding nothing to change, writes nothing. The events of a sync
// are recorded at each sync, so that of a budget created over no pod
// twice (aggregated into a count of 2).
func (dc *disruptionController) sync(pdb *policyv1.PodDisruptionBudget) {
	pods := dc.podsFor(pdb)
	if len(pods) == 0 {
		dc.api.recordBudgetEvent(pdb, corev1.EventTypeNormal, "NoPods", "No matching pods found", disruptionSource)
	}
	expected, desired, unmanaged, err := dc.expectedPodCount(pdb, pods)
	if err != nil {
		dc.api.recordBudgetEvent(pdb, corev1.EventTypeWarning, "CalculateExpectedPodCountFailed",
			fmt.Sprintf("Failed to calculate the number of expected pods: %v", err), disruptionSource)
		dc.failSafe(pdb, err)
		return
	}
	if len(unmanaged) > 0 {
		dc.api.recordBudgetEvent(pdb, corev1.EventTypeWarning, "UnmanagedPods", fmt.Sprintf("Pods selected by this PodDisruptionBudget (selector: %v) were found "+
			"to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. "+
			"To account for these pods please set \".spec.minAvailable\" "+
			"field of the PDB to an integer value.", pdb.Spec.Selector), disruptionSource)
	}
	disrupted, recheck := dc.disruptedPods(pdb, pods)
	healthy := countHealthy(pods, disrupted, dc.env.now)
	if dc.updateStatus(pdb, healthy, desired, expected, disrupted) {
		dc.enqueue(pdb.Name) // updateDB
	}
	if recheck >= 0 {
		// enqueuePdbForRecheck: at the earliest expiry of a disrupted pod.
		if t := dc.recheck[pdb.Name]; t != nil {
			dc.env.cancel(t)
		}
		name := pdb.Name
		dc.recheck[name] = dc.env.after(recheck, func() { delete(dc.recheck, name); dc.enqueue(name) })
	}
}

// failSafe sets disruptionsAllowed to 0 with the SyncFailed condition. The
// API server does not store an update that changes nothing, so only a
// change comes back to the controller as an update of the budget.
func (dc *disruptionController) failSafe(pdb *policyv1.PodDisruptionBudget, err error) {
	old := pdb.Status.DeepCopy()
	pdb.Status.DisruptionsAllowed = 0
	apimeta.SetStatusCondition(&pdb.Status.Conditions, metav1.Condition{Type: policyv1.DisruptionAllowedCondition,
		Status: metav1.ConditionFalse, Reason: policyv1.SyncFailedReason, Message: err.Error(),
		ObservedGeneration: pdb.Status.ObservedGeneration, LastTransitionTime: dc.env.wall(dc.env.now)})
	if !apiequality.Semantic.DeepEqual(old, &pdb.Status) {
		dc.enqueue(pdb.Name) // updateDB
	}
}

// updateStatus is updatePdbStatus: nothing is written when the counts,
// the disrupted pods, the observed generation and the condition are as
// they should be (ConditionsAreUpToDate); it says whether it wrote.
func (dc *disruptionController) updateStatus(pdb *policyv1.PodDisruptionBudget, healthy, desired, expected int32, disrupted map[string]metav1.Time) bool {
	allowed := disruptionsAllowed(healthy, desired, expected)
	st := &pdb.Status
	if st.CurrentHealthy == healthy && st.DesiredHealthy == desired && st.ExpectedPods == expected &&
		st.DisruptionsAllowed == allowed && apiequality.Semantic.DeepEqual(st.DisruptedPods, disrupted) &&
		st.ObservedGeneration == pdb.Generation && conditionsAreUpToDate(pdb) {
		return false
	}
	st.CurrentHealthy, st.DesiredHealthy, st.ExpectedPods = healthy, desired, expected
	st.DisruptionsAllowed = allowed
	st.DisruptedPods = disrupted
	st.ObservedGeneration = pdb.Generation
	updateDisruptionAllowedCondition(pdb, dc.env.wall(dc.env.now))
	return true
}

// conditionsAreUpToDate is k8s.io/component-helpers/apps/
// poddisruptionbudget ConditionsAreUpToDate: the DisruptionAllowed
// condition is there, of the observed generation, and says what
// disruptionsAllowed says.
func conditionsAreUpToDate(pdb *policyv1.PodDisruptionBudget) bool {
	c := apimeta.FindStatusCondition(pdb.Status.Conditions, policyv1.DisruptionAllowedCondition)
	if c == nil || pdb.Status.ObservedGeneration != pdb.Generation {
		return false
	}
	if pdb.Status.DisruptionsAllowed > 0 {
		return c.Status == metav1.ConditionTrue && c.Reason == policyv1.SufficientPodsReason
	}
	return c.Status == metav1.ConditionFalse && c.Reason == policyv1.InsufficientPodsReason
}

// disruptionsAllowed is updatePdbStatus's rule: healthy minus desired,
// never negative, and 0 while no pod is expected (so that a PDB whose
// first pods appear before its first sync is safe).
func disruptionsAllowed(healthy, desired, expected int32) int32 {
	if expected <= 0 || healthy-desired <= 0 {
		return 0
	}
	return healthy - desired
}

// updateDisruptionAllowedCondition is pkg/apis/policy/helper's: True with
// SufficientPods while a disruption is allowed, else False with
// InsufficientPods.
func updateDisruptionAllowedCondition(pdb *policyv1.PodDisruptionBudget, now metav1.Time) {
	c := metav1.Condition{Type: policyv1.DisruptionAllowedCondition, ObservedGeneration: pdb.Status.ObservedGeneration, LastTransitionTime: now}
	if pdb.Status.DisruptionsAllowed > 0 {
		c.Status, c.Reason = metav1.ConditionTrue, policyv1.SufficientPodsReason
	} else {
		c.Status, c.Reason = metav1.ConditionFalse, policyv1.InsufficientPodsReason
	}
	apimeta.SetStatusCondition(&pdb.Status.Conditions, c)
}

// expectedPodCount is getExpectedPodCount. maxUnavailable (a number or a
// percentage) and a percentage minAvailable are read against the scale of
// the pods' controllers (getExpectedScale: the sum of each controller's
// replicas; pods without a controller are left out and returned, for the
// UnmanagedPods warning); an integer minAvailable against the number of
// matching pods, whatever their controllers. Percentages round up.
func (dc *disruptionController) expectedPodCount(pdb *policyv1.PodDisruptionBudget, pods []*corev1.Pod) (expected, desired int32, unmanaged []string, err error) {
	switch {
	case pdb.Spec.MaxUnavailable != nil:
		expected, unmanaged, err = dc.expectedScale(pods)
		if err != nil {
			return 0, 0, nil, err
		}
		maxUnavailable, err := intstr.GetScaledValueFromIntOrPercent(pdb.Spec.MaxUnavailable, int(expected), true)
		if err != nil {
			return 0, 0, nil, err
		}
		return expected, max(expected-int32(maxUnavailable), 0), unmanaged, nil
	case pdb.Spec.MinAvailable != nil && pdb.Spec.MinAvailable.Type == intstr.Int:
		return int32(len(pods)), pdb.Spec.MinAvailable.IntVal, nil, nil
	case pdb.Spec.MinAvailable != nil:
		expected, unmanaged, err = dc.expectedScale(pods)
		if err != nil {
			return 0, 0, nil, err
		}
		minAvailable, err := intstr.GetScaledValueFromIntOrPercent(pdb.Spec.MinAvailable, int(expected), true)
		if err != nil {
			return 0, 0, nil, err
		}
		return expected, int32(minAvailable), unmanaged, nil
	}
	return 0, 0, nil, nil
}

// expectedScale is getExpectedScale: each pod's controller (its
// controller ownerReference) is looked up by the finders (a
// ReplicationController, a Deployment's ReplicaSet's Deployment, a
// ReplicaSet, a StatefulSet, then any resource's scale subresource); a
// pod without one is unmanaged. The simulator has ReplicaSets only, so a
// reference to anything else finds nothing, and the error is the one the
// last finder (getScaleController) would give: a kind whose resource has
// a scale subresource that is not there finds no controller ("found no
// controllers for pod"); a kind whose resource has none, such as the Node
// a mirror pod names, fails ("nodes does not implement the scale
// subresource"); a kind the API does not serve fails the REST mapping.
func (dc *disruptionController) expectedScale(pods []*corev1.Pod) (int32, []string, error) {
	scale := map[string]int32{}
	var unmanaged []string
	for _, p := range pods {
		ref := metav1.GetControllerOf(p)
		if ref == nil {
			unmanaged = append(unmanaged, p.Name)
			continue
		}
		gv, err := schema.ParseGroupVersion(ref.APIVersion)
		if err != nil {
			return 0, nil, err
		}
		if r := dc.replicaSets.byUID(string(ref.UID)); r != nil && ref.Kind == "ReplicaSet" && (gv.Group == "apps" || gv.Group == "extensions") && r.rs.Name == ref.Name {
			// getPodDeployment: a ReplicaSet a Deployment controls counts
			// the Deployment's scale, once; getPodReplicaSet, the
			// ReplicaSet's own.
			uid, n := string(r.rs.UID), *r.rs.Spec.Replicas
			if r.owner != nil {
				uid, n = string(r.owner.d.UID), *r.owner.d.Spec.Replicas
			}
			scale[uid] = n
			continue
		}
		if err := scaleLookupError(schema.GroupVersionKind{Group: gv.Group, Version: gv.Version, Kind: ref.Kind}); err != nil {
			return 0, nil, err
		}
		return 0, nil, fmt.Errorf("found no controllers for pod %q", p.Name)
	}
	var n int32
	for _, v := range scale {
		n += v
	}
	return n, unmanaged, nil
}

// scaleResources are the built-in kinds a controller reference may name,
// with their resource and whether it has a scale subresource (the API
// server's discovery, v1.36.3).
var scaleResources = map[schema.GroupKind]struct {
	resource string
	scale    bool
}{
	{Group: "", Kind: "ReplicationController"}: {"replicationcontrollers", true},
	{Group: "apps", Kind: "Deployment"}:        {"deployments", true},
	{Group: "apps", Kind: "ReplicaSet"}:        {"replicasets", true},
	{Group: "apps", Kind: "StatefulSet"}:       {"statefulsets", true},
	{Group: "apps", Kind: "DaemonSet"}:         {"daemonsets", false},
	{Group: "batch", Kind: "Job"}:              {"jobs", false},
	{Group: "batch", Kind: "CronJob"}:          {"cronjobs", false},
	{Group: "", Kind: "Node"}:                  {"nodes", false},
	{Group: "", Kind: "Pod"}:                   {"pods", false},
}

// scaleLookupError is getScaleController's failure for a controller the
// simulator does not have: the REST mapping of an unknown kind fails
// (meta.NoKindMatchError), a resource without a scale subresource is an
// error (implementsScale false); a resource with one is not found, which
// is no error.
func scaleLookupError(gvk schema.GroupVersionKind) error {
	r, ok := scaleResources[gvk.GroupKind()]
	if !ok {
		return &apimeta.NoKindMatchError{GroupKind: gvk.GroupKind(), SearchedVersions: []string{gvk.Version}}
	}
	if !r.scale {
		return fmt.Errorf("%s does not implement the scale subresource", schema.GroupResource{Group: gvk.Group, Resource: r.resource}.String())
	}
	return nil
}

// disruptedPods is buildDisruptedPodMap: the recorded disruptions of pods
// not yet being deleted and younger than DeletionTimeout, and when the
// earliest of them expires (-1 for none).
func (dc *disruptionController) disruptedPods(pdb *policyv1.PodDisruptionBudget, pods []*corev1.Pod) (map[string]metav1.Time, time.Duration) {
	out := map[string]metav1.Time{}
	recheck := time.Duration(-1)
	for _, p := range pods {
		if p.DeletionTimestamp != nil {
			continue
		}
		at, ok := pdb.Status.DisruptedPods[p.Name]
		if !ok {
			continue
		}
		expiry := at.Sub(Epoch) + pdbDeletionTimeout
		if expiry < dc.env.now {
			continue // expected to be deleted but it was not (NotDeleted)
		}
		out[p.Name] = at
		if d := expiry - dc.env.now; recheck < 0 || d < recheck {
			recheck = d
		}
	}
	if len(out) == 0 {
		return nil, recheck
	}
	return out, recheck
}

// countHealthy is countHealthyPods: Ready pods that are neither being
// deleted nor recorded as about to be.
func countHealthy(pods []*corev1.Pod, disrupted map[string]metav1.Time, now time.Duration) int32 {
	var n int32
	for _, p := range pods {
		if p.DeletionTimestamp != nil {
			continue
		}
		if at, ok := disrupted[p.Name]; ok && at.Sub(Epoch)+pdbDeletionTimeout > now {
			continue
		}
		if podIsReady(p) {
			n++
		}
	}
	return n
}

// EvictionError is a refused eviction: the API status code (429, 500,
// 403, 404) and the message kubectl prints, the PDB's cause included.
type EvictionError struct {
	Code    int32
	Reason  metav1.StatusReason
	Message string
	// Cause is the DisruptionBudget cause's message, when there is one.
	Cause string
}

func (e *EvictionError) Error() string {
	if e.Cause != "" {
		return e.Message + " " + e.Cause
	}
	return e.Message
}

// Eviction is one eviction request and its answer, for the scenario.
type Eviction struct {
	At  time.Duration
	Pod string
	// Code is 201 for an eviction accepted, else the error's code.
	Code int32
	// Message is the refusal's message and cause; StatusMessage the
	// message alone (the API status's).
	Message       string
	StatusMessage string
	// By is who asked: "api" or "drain/<node>".
	By string
}

// evictionREST is the eviction subresource of the API server (pkg/
// registry/core/pod/storage/eviction.go): it reads the PodDisruptionBudgets
// (here the disruption controller's, whose status it spends) and deletes
// through the pod store.
type evictionREST struct {
	env     *env
	api     *apiServer
	pdbs    *disruptionController
	profile *Profile
	// log is every request and its answer, for the scenario.
	log []Eviction
}

func (r *evictionREST) evict(name string, opts metav1.DeleteOptions, by string) error {
	err := r.evictOnce(name, opts)
	e := Eviction{At: r.env.now, Pod: name, Code: 201, By: by}
	if err != nil {
		e.Code, e.Message, e.StatusMessage = 500, err.Error(), err.Error()
		if ee, ok := err.(*EvictionError); ok {
			e.Code, e.StatusMessage = ee.Code, ee.Message
		} else if st, ok := err.(apierrors.APIStatus); ok {
			e.Code, e.StatusMessage = st.Status().Code, st.Status().Message
		}
	}
	r.log = append(r.log, e)
	return err
}

func (r *evictionREST) evictOnce(name string, opts metav1.DeleteOptions) error {
	p := r.api.pod(name)
	if p == nil {
		return apierrors.NewNotFound(podResource, name)
	}
	// canIgnorePDB: a terminal, pending or terminating pod is deleted
	// with no PDB check; it disrupts nothing more.
	if isTerminal(p.Status.Phase) || p.Status.Phase == corev1.PodPending || p.DeletionTimestamp != nil {
		return r.addConditionAndDeletePod(p, opts)
	}
	var matching []*policyv1.PodDisruptionBudget
	for _, n := range sortedKeys(r.pdbs.pdbs) {
		if pdb := r.pdbs.pdbs[n]; selects(pdb, p) {
			matching = append(matching, pdb)
		}
	}
	if len(matching) > 1 {
		return &EvictionError{Code: 500, Reason: metav1.StatusReasonInternalError,
			Message: "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support."}
	}
	if len(matching) == 1 {
		pdb := matching[0]
		// An unready pod: AlwaysAllow evicts it; IfHealthyBudget (the
		// default) only while the budget is met. Neither spends a
		// disruption.
		skip := false
		if !podIsReady(p) {
			policy := pdb.Spec.UnhealthyPodEvictionPolicy
			if policy != nil && *policy == policyv1.AlwaysAllow {
				skip = true
			} else if pdb.Status.CurrentHealthy >= pdb.Status.DesiredHealthy && pdb.Status.DesiredHealthy > 0 {
				skip = true
			}
		}
		if !skip {
			if err := r.checkAndDecrement(pdb, p.Name); err != nil {
				return err
			}
		}
	}
	return r.addConditionAndDeletePod(p, opts)
}

const evictionRefused = "Cannot evict pod as it would violate the pod's disruption budget."

// checkAndDecrement: a PDB its controller has not seen at this generation
// refuses (429, retry after 10 s); one that allows no disruption refuses
// (429) with why; otherwise it spends one disruption and records the pod
// in disruptedPods, so that the controller does not count it healthy
// before its deletion shows.
func (r *evictionREST) checkAndDecrement(pdb *policyv1.PodDisruptionBudget, pod string) error {
	st := &pdb.Status
	if st.ObservedGeneration < pdb.Generation {
		return &EvictionError{Code: 429, Reason: metav1.StatusReasonTooManyRequests, Message: evictionRefused,
			Cause: fmt.Sprintf("The disruption budget %s is still being processed by the server.", pdb.Name)}
	}
	if st.DisruptionsAllowed < 0 {
		return apierrors.NewForbidden(pdbResource, pdb.Name, fmt.Errorf("pdb disruptions allowed is negative"))
	}
	if st.DisruptionsAllowed == 0 {
		cond := apimeta.FindStatusCondition(st.Conditions, policyv1.DisruptionAllowedCondition)
		var cause string
		switch {
		case cond != nil && cond.Status == metav1.ConditionFalse && cond.Message != "" && cond.Reason == policyv1.SyncFailedReason:
			cause = fmt.Sprintf("The disruption budget %s does not allow evicting pods currently because it failed sync: %s", pdb.Name, cond.Message)
		case st.CurrentHealthy <= st.DesiredHealthy:
			cause = fmt.Sprintf("The disruption budget %s needs %d healthy pods and has %d currently", pdb.Name, st.DesiredHealthy, st.CurrentHealthy)
		default:
			cause = fmt.Sprintf("The disruption budget %s does not allow evicting pods currently", pdb.Name)
		}
		return &EvictionError{Code: 429, Reason: metav1.StatusReasonTooManyRequests, Message: evictionRefused, Cause: cause}
	}
	st.DisruptionsAllowed--
	if st.DisruptionsAllowed == 0 {
		updateDisruptionAllowedCondition(pdb, r.env.wall(r.env.now))
	}
	if st.DisruptedPods == nil {
		st.DisruptedPods = map[string]metav1.Time{}
	}
	st.DisruptedPods[pod] = r.env.wall(r.env.now)
	// The status write is an update of the budget, which the disruption
	// controller's informer delivers (updateDB): it syncs the budget.
	r.pdbs.enqueue(pdb.Name)
	return nil
}

// addConditionAndDeletePod: the DisruptionTarget condition
// (EvictionByEvictionAPI), then the pod's delete with the eviction's
// options: a graceful delete with the pod's own grace unless they say.
func (r *evictionREST) addConditionAndDeletePod(p *corev1.Pod, opts metav1.DeleteOptions) error {
	if r.profile.disruptionConditions() {
		st := *p.Status.DeepCopy()
		c := corev1.PodCondition{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue,
			Reason: "EvictionByEvictionAPI", Message: "Eviction API: evicting"}
		c.LastTransitionTime = transitionTime(&st, c, r.env.wall(r.env.now))
		setPodCondition(&st, c)
		r.api.updatePodStatus(p.Name, p.UID, st)
	}
	return r.api.deletePod(p.Name, opts, "")
}
