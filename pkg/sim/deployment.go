package sim

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/dump"
	"k8s.io/apimachinery/pkg/util/intstr"
	utilrand "k8s.io/apimachinery/pkg/util/rand"
)

// deploymentController is pkg/controller/deployment (v1.36.3): a
// Deployment owns a ReplicaSet per pod template it has had; the one whose
// template is the Deployment's is the new one, the others old. A
// RollingUpdate scales the new one up within maxSurge and the old ones
// down within maxUnavailable, each step waiting for the ReplicaSets'
// availableReplicas (rolling.go rolloutRolling); a Recreate scales the
// old ones to 0 and creates the new one once their pods have stopped
// (recreate.go rolloutRecreate). Its status and Progressing condition
// follow the ReplicaSets' (progress.go syncRolloutStatus). A sync comes
// later in the instant of a change of the Deployment, of one of its
// ReplicaSets, or (Recreate) of the deletion of its last pod, and at a
// progress check it asked for (requeueStuckDeployment).
type deploymentController struct {
	env  *env
	api  *apiServer
	rsc  *replicaSetController
	deps map[string]*deployment
	// order lists the Deployments by creation.
	order []*deployment
}

type deployment struct {
	d *appsv1.Deployment
	// template is the pod template as the scenario declared it (agent
	// arguments included), without the pod-template-hash label.
	template *corev1.Pod
	// sets are its ReplicaSets, by creation; created the names of every
	// pod they created, in order ("pod 4 of deployment web").
	sets    []*replicaSet
	created []string
	key     workKey
	// scaling is set by a change of spec.replicas alone (a scale) until
	// the sync that handles it as a scaling event.
	scaling bool
}

// The reasons of the Deployment conditions (deployment/util/deployment_util.go).
const (
	reasonNewRSCreated     = "NewReplicaSetCreated"
	reasonFoundNewRS       = "FoundNewReplicaSet"
	reasonRSUpdated        = "ReplicaSetUpdated"
	reasonNewRSAvailable   = "NewReplicaSetAvailable"
	reasonTimedOut         = "ProgressDeadlineExceeded"
	reasonMinAvailable     = "MinimumReplicasAvailable"
	reasonMinUnavailable   = "MinimumReplicasUnavailable"
	deploymentControllerID = "deployment-controller"
)

func newDeploymentController(e *env, api *apiServer, rsc *replicaSetController) *deploymentController {
	dc := &deploymentController{env: e, api: api, rsc: rsc, deps: map[string]*deployment{}}
	// updateReplicaSet: a change of a ReplicaSet a Deployment controls
	// (its status, or its spec by this controller) syncs the Deployment.
	rsc.ownerChanged = func(r *replicaSet) { dc.enqueue(r.owner) }
	return dc
}

// podTemplate is the PodTemplateSpec of a template pod.
func podTemplate(p *corev1.Pod) corev1.PodTemplateSpec {
	return corev1.PodTemplateSpec{
		ObjectMeta: metav1.ObjectMeta{Labels: p.Labels, Annotations: p.Annotations},
		Spec:       *p.Spec.DeepCopy(),
	}
}

// setDefaultsDeployment is SetDefaults_Deployment (pkg/apis/apps/v1/defaults.go).
func setDefaultsDeployment(d *appsv1.Deployment) {
	if d.Spec.Replicas == nil {
		one := int32(1)
		d.Spec.Replicas = &one
	}
	st := &d.Spec.Strategy
	if st.Type == "" {
		st.Type = appsv1.RollingUpdateDeploymentStrategyType
	}
	if st.Type == appsv1.RollingUpdateDeploymentStrategyType {
		if st.RollingUpdate == nil {
			st.RollingUpdate = &appsv1.RollingUpdateDeployment{}
		}
		if st.RollingUpdate.MaxUnavailable == nil {
			v := intstr.FromString("25%")
			st.RollingUpdate.MaxUnavailable = &v
		}
		if st.RollingUpdate.MaxSurge == nil {
			v := intstr.FromString("25%")
			st.RollingUpdate.MaxSurge = &v
		}
	}
	if d.Spec.RevisionHistoryLimit == nil {
		ten := int32(10)
		d.Spec.RevisionHistoryLimit = &ten
	}
	if d.Spec.ProgressDeadlineSeconds == nil {
		pds := int32(600)
		d.Spec.ProgressDeadlineSeconds = &pds
	}
}

// validateDeployment is ValidateDeploymentSpec (pkg/apis/apps/validation)
// for the fields the simulator takes.
func validateDeployment(d *appsv1.Deployment) error {
	sp := &d.Spec
	var errs []string
	if *sp.Replicas < 0 {
		errs = append(errs, "spec.replicas: must be greater than or equal to 0")
	}
	if sp.Template.Spec.RestartPolicy != "" && sp.Template.Spec.RestartPolicy != corev1.RestartPolicyAlways {
		errs = append(errs, fmt.Sprintf("spec.template.spec.restartPolicy: Unsupported value: %q: supported values: \"Always\"", sp.Template.Spec.RestartPolicy))
	}
	switch sp.Strategy.Type {
	case appsv1.RecreateDeploymentStrategyType:
		if sp.Strategy.RollingUpdate != nil {
			errs = append(errs, "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'")
		}
	case appsv1.RollingUpdateDeploymentStrategyType:
		ru := sp.Strategy.RollingUpdate
		for _, f := range []struct {
			name string
			v    *intstr.IntOrString
		}{{"maxUnavailable", ru.MaxUnavailable}, {"maxSurge", ru.MaxSurge}} {
			if err := validIntOrPercent(f.v); err != "" {
				errs = append(errs, "spec.strategy.rollingUpdate."+f.name+": "+err)
			}
		}
		if intOrPercentValue(ru.MaxUnavailable) == 0 && intOrPercentValue(ru.MaxSurge) == 0 {
			errs = append(errs, "spec.strategy.rollingUpdate.maxUnavailable: Invalid value: may not be 0 when `maxSurge` is 0")
		}
		if ru.MaxUnavailable.Type == intstr.String && intOrPercentValue(ru.MaxUnavailable) > 100 {
			errs = append(errs, "spec.strategy.rollingUpdate.maxUnavailable: Invalid value: must not be greater than 100%")
		}
	default:
		errs = append(errs, fmt.Sprintf("spec.strategy.type: Unsupported value: %q: supported values: \"Recreate\", \"RollingUpdate\"", sp.Strategy.Type))
	}
	if sp.MinReadySeconds < 0 {
		errs = append(errs, "spec.minReadySeconds: must be greater than or equal to 0")
	}
	if p := sp.ProgressDeadlineSeconds; p != nil && *p <= sp.MinReadySeconds {
		errs = append(errs, fmt.Sprintf("spec.progressDeadlineSeconds: Invalid value: %d: must be greater than minReadySeconds", *p))
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}

// validIntOrPercent is ValidatePositiveIntOrPercent: a whole number or a
// percentage, not negative ("" when valid).
func validIntOrPercent(v *intstr.IntOrString) string {
	if v.Type == intstr.String {
		n, ok := strings.CutSuffix(v.StrVal, "%")
		if _, err := strconv.Atoi(n); !ok || err != nil {
			return fmt.Sprintf("Invalid value: %q: must be an integer or percentage (e.g '5%%')", v.StrVal)
		}
	}
	if intOrPercentValue(v) < 0 {
		return "Invalid value: must be greater than or equal to 0"
	}
	return ""
}

// intOrPercentValue is getIntOrPercentValue: the number, or the percentage's.
func intOrPercentValue(v *intstr.IntOrString) int {
	if v.Type == intstr.Int {
		return v.IntValue()
	}
	n, _ := strconv.Atoi(strings.TrimSuffix(v.StrVal, "%"))
	return n
}

// ResolveFenceposts is deployment/util ResolveFenceposts: maxSurge of
// replicas, a percentage rounded up; maxUnavailable, a percentage
// rounded down; and when both come to 0, maxUnavailable 1 ("surge might
// not work due to quota"). Validation forbids both written 0, but
// rounding down can still make maxUnavailable 0 with maxSurge 0.
func ResolveFenceposts(maxSurge, maxUnavailable *intstr.IntOrString, replicas int32) (surge, unavailable int32, err error) {
	zero := intstr.FromInt32(0)
	s, err := intstr.GetScaledValueFromIntOrPercent(intstr.ValueOrDefault(maxSurge, zero), int(replicas), true)
	if err != nil {
		return 0, 0, err
	}
	u, err := intstr.GetScaledValueFromIntOrPercent(intstr.ValueOrDefault(maxUnavailable, zero), int(replicas), false)
	if err != nil {
		return 0, 0, err
	}
	if s == 0 && u == 0 {
		u = 1
	}
	return int32(s), int32(u), nil
}

// maxUnavailable is deployment/util MaxUnavailable: 0 for Recreate or no
// replicas, never more than the replicas.
func maxUnavailable(d *appsv1.Deployment) int32 {
	if d.Spec.Strategy.Type != appsv1.RollingUpdateDeploymentStrategyType || *d.Spec.Replicas == 0 {
		return 0
	}
	_, u, _ := ResolveFenceposts(d.Spec.Strategy.RollingUpdate.MaxSurge, d.Spec.Strategy.RollingUpdate.MaxUnavailable, *d.Spec.Replicas)
	return min(u, *d.Spec.Replicas)
}

// NewRSNewReplicas is deployment/util NewRSNewReplicas: under
// RollingUpdate, the new ReplicaSet grows by what the replicas plus
// maxSurge (rounded up) leave over all the ReplicaSets' replicas, never
// beyond the Deployment's replicas; under Recreate it has them all.
func NewRSNewReplicas(d *appsv1.Deployment, all []*appsv1.ReplicaSet, newRS *appsv1.ReplicaSet) (int32, error) {
	if d.Spec.Strategy.Type == appsv1.RecreateDeploymentStrategyType {
		return *d.Spec.Replicas, nil
	}
	surge, err := intstr.GetScaledValueFromIntOrPercent(d.Spec.Strategy.RollingUpdate.MaxSurge, int(*d.Spec.Replicas), true)
	if err != nil {
		return 0, err
	}
	current := replicasOf(all)
	maxTotal := *d.Spec.Replicas + int32(surge)
	if current >= maxTotal {
		return *newRS.Spec.Replicas, nil
	}
	up := min(maxTotal-current, *d.Spec.Replicas-*newRS.Spec.Replicas)
	return *newRS.Spec.Replicas + up, nil
}

// replicasOf is GetReplicaCountForReplicaSets: the sum of spec.replicas.
func replicasOf(sets []*appsv1.ReplicaSet) int32 {
	var n int32
	for _, rs := range sets {
		if rs != nil {
			n += *rs.Spec.Replicas
		}
	}
	return n
}

// computeHash is controller.ComputeHash: FNV-32a of the template as
// hashutil.DeepHashObject writes it (dump.ForHash), then the collision
// count, encoded with rand.SafeEncodeString: the pod-template-hash.
func computeHash(tpl *corev1.PodTemplateSpec, collisions *int32) string {
	h := fnv.New32a()
	fmt.Fprintf(h, "%v", dump.ForHash(*tpl))
	if collisions != nil {
		b := make([]byte, 8)
		binary.LittleEndian.PutUint32(b, uint32(*collisions))
		h.Write(b)
	}
	return utilrand.SafeEncodeString(fmt.Sprint(h.Sum32()))
}

func (c *deploymentController) enqueue(dep *deployment) {
	if dep != nil {
		dep.key.add(c.env, func() { c.sync(dep) })
	}
}

// enqueueAfter is AddAfter: the earliest due time wins.
func (c *deploymentController) enqueueAfter(dep *deployment, d time.Duration) {
	dep.key.addAfter(c.env, d, func() { c.sync(dep) })
}

// wants: the controller's pod informer matters to a Recreate (deletePod).
func (c *deploymentController) wants(ev podEvent) bool {
	return ev.typ == watchDeleted && len(c.order) > 0
}

// podWatch is deletePod: a Recreate Deployment with no pod left is
// synced (its new ReplicaSet waits for the old pods).
func (c *deploymentController) podWatch(ev podEvent) {
	ref := metav1.GetControllerOf(ev.pod)
	if ref == nil || ref.Kind != "ReplicaSet" {
		return
	}
	r := c.rsc.byUID(string(ref.UID))
	if r == nil || r.owner == nil || r.owner.d.Spec.Strategy.Type != appsv1.RecreateDeploymentStrategyType {
		return
	}
	for _, rs := range r.owner.sets {
		if len(rs.pods(c.api)) > 0 {
			return
		}
	}
	c.enqueue(r.owner)
}

// sync is syncDeployment for a Deployment that is neither paused, nor
// rolled back, nor scaled: the strategy's rollout.
func (c *deploymentController) sync(dep *deployment) {
	if dep.scaling {
		// syncDeployment's scaling event (isScalingEvent): sync.go scale
		// of the active or latest ReplicaSet to spec.replicas; the
		// rollout below then finds nothing to do (with one ReplicaSet
		// active, the rollout's own reconcile reaches the same count).
		dep.scaling = false
		if r := c.activeOrLatest(dep); r != nil {
			c.scaleRS(dep, r, *dep.d.Spec.Replicas)
		}
	}
	if dep.d.Spec.Strategy.Type == appsv1.RecreateDeploymentStrategyType {
		c.rolloutRecreate(dep)
		return
	}
	c.rolloutRolling(dep)
}

// activeOrLatest is FindActiveOrLatest (deployment/util/deployment_util.go,
// v1.36.3): the one ReplicaSet with replicas, or when none has any the
// new one, else the newest old one; nil when several have replicas.
func (c *deploymentController) activeOrLatest(dep *deployment) *replicaSet {
	var active []*replicaSet
	for _, r := range dep.sets {
		if *r.rs.Spec.Replicas > 0 {
			active = append(active, r)
		}
	}
	switch len(active) {
	case 1:
		return active[0]
	case 0:
		for _, r := range dep.sets {
			if equalIgnoreHash(r.template, dep.template) {
				return r
			}
		}
		if n := len(dep.sets); n > 0 {
			return dep.sets[n-1]
		}
	}
	return nil
}

// rsObjects are the ReplicaSets' API objects.
func rsObjects(sets []*replicaSet) []*appsv1.ReplicaSet {
	out := make([]*appsv1.ReplicaSet, 0, len(sets))
	for _, r := range sets {
		if r != nil {
			out = append(out, r.rs)
		}
	}
	return out
}

// split is getAllReplicaSetsAndSyncRevision: the new ReplicaSet (the
// oldest whose template equals the Deployment's but for the hash label:
// FindNewReplicaSet, EqualIgnoreHash), created when create is set and
// there is none (getNewReplicaSet), and the old ones.
func (c *deploymentController) split(dep *deployment, create bool) (*replicaSet, []*replicaSet) {
	var newRS *replicaSet
	var old []*replicaSet
	for _, r := range dep.sets {
		if newRS == nil && equalIgnoreHash(r.template, dep.template) {
			newRS = r
			continue
		}
		old = append(old, r)
	}
	if newRS != nil {
		if hasProgressDeadline(dep.d) && deploymentCondition(&dep.d.Status, appsv1.DeploymentProgressing) == nil {
			c.setStatus(dep, withCondition(dep.d.Status, c.condition(appsv1.DeploymentProgressing, corev1.ConditionTrue, reasonFoundNewRS,
				fmt.Sprintf("Found new replica set %q", newRS.rs.Name))))
		}
		return newRS, old
	}
	if !create {
		return nil, old
	}
	return c.createNewRS(dep, old), old
}

// equalIgnoreHash is EqualIgnoreHash: the templates are the same but for
// the pod-template-hash label.
func equalIgnoreHash(a, b *corev1.Pod) bool {
	la, lb := map[string]string{}, map[string]string{}
	for k, v := range a.Labels {
		la[k] = v
	}
	for k, v := range b.Labels {
		lb[k] = v
	}
	delete(la, appsv1.DefaultDeploymentUniqueLabelKey)
	delete(lb, appsv1.DefaultDeploymentUniqueLabelKey)
	return equality.Semantic.DeepEqual(la, lb) && equality.Semantic.DeepEqual(a.Annotations, b.Annotations) && equality.Semantic.DeepEqual(a.Spec, b.Spec)
}

// createNewRS is getNewReplicaSet's create: named "<deployment>-<pod-template-hash>"
// (generateReplicaSetName), labelled and selecting with the hash, with
// NewRSNewReplicas replicas; a ScalingReplicaSet event when it has some,
// and the Progressing condition NewReplicaSetCreated.
func (c *deploymentController) createNewRS(dep *deployment, old []*replicaSet) *replicaSet {
	d := dep.d
	hash := computeHash(&d.Spec.Template, d.Status.CollisionCount)
	tpl := dep.template.DeepCopy()
	tpl.Labels = map[string]string{}
	for k, v := range dep.template.Labels {
		tpl.Labels[k] = v
	}
	tpl.Labels[appsv1.DefaultDeploymentUniqueLabelKey] = hash
	name := d.Name + "-" + hash
	if max := 253 - 1 - len(hash); len(d.Name) > max {
		name = d.Name[:max] + "-" + hash
	}
	zero := int32(0)
	probe := &appsv1.ReplicaSet{Spec: appsv1.ReplicaSetSpec{Replicas: &zero}}
	replicas, err := NewRSNewReplicas(d, append(rsObjects(old), probe), probe)
	if err != nil {
		replicas = 0
	}
	r, err := c.rsc.add(name, replicas, d.Spec.MinReadySeconds, tpl, dep)
	if err != nil {
		return nil
	}
	dep.sets = append(dep.sets, r)
	if replicas > 0 {
		c.api.recordObjectEvent("Deployment", &d.ObjectMeta, corev1.EventTypeNormal, "ScalingReplicaSet",
			fmt.Sprintf("Scaled up replica set %s from 0 to %d", name, replicas), deploymentControllerID)
	}
	if hasProgressDeadline(d) {
		c.setStatus(dep, withCondition(d.Status, c.condition(appsv1.DeploymentProgressing, corev1.ConditionTrue, reasonNewRSCreated,
			fmt.Sprintf("Created new replica set %q", name))))
	}
	return r
}

// scaleRS is scaleReplicaSet: a change of spec.replicas, with its
// ScalingReplicaSet event; it reports whether it scaled.
func (c *deploymentController) scaleRS(dep *deployment, r *replicaSet, replicas int32) bool {
	old := *r.rs.Spec.Replicas
	if old == replicas {
		return false
	}
	c.rsc.scale(r, replicas)
	way := "up"
	if replicas < old {
		way = "down"
	}
	c.api.recordObjectEvent("Deployment", &dep.d.ObjectMeta, corev1.EventTypeNormal, "ScalingReplicaSet",
		fmt.Sprintf("Scaled %s replica set %s from %d to %d", way, r.rs.Name, old, replicas), deploymentControllerID)
	return true
}

// rolloutRolling is rolling.go rolloutRolling: scale the new ReplicaSet
// up if it can, else the old ones down if they can, then the status.
func (c *deploymentController) rolloutRolling(dep *deployment) {
	newRS, old := c.split(dep, true)
	if newRS == nil {
		return
	}
	all := append(append([]*replicaSet(nil), old...), newRS)
	if c.reconcileNewRS(dep, all, newRS) {
		c.syncRolloutStatus(dep, all, newRS)
		return
	}
	var active []*replicaSet
	for _, r := range old {
		if *r.rs.Spec.Replicas > 0 {
			active = append(active, r)
		}
	}
	if c.reconcileOldRSs(dep, all, active, newRS) {
		c.syncRolloutStatus(dep, all, newRS)
		return
	}
	c.syncRolloutStatus(dep, all, newRS)
}

// reconcileNewRS is reconcileNewReplicaSet.
func (c *deploymentController) reconcileNewRS(dep *deployment, all []*replicaSet, newRS *replicaSet) bool {
	want := *dep.d.Spec.Replicas
	switch cur := *newRS.rs.Spec.Replicas; {
	case cur == want:
		return false
	case cur > want:
		return c.scaleRS(dep, newRS, want)
	}
	n, err := NewRSNewReplicas(dep.d, rsObjects(all), newRS.rs)
	if err != nil {
		return false
	}
	return c.scaleRS(dep, newRS, n)
}

// reconcileOldRSs is reconcileOldReplicaSets: the old ReplicaSets may lose
// allPods − minAvailable − the new ReplicaSet's unavailable pods,
// first their own unavailable pods (cleanupUnhealthyReplicas), then, while
// the available pods exceed minAvailable, available ones
// (scaleDownOldReplicaSetsForRollingUpdate), oldest ReplicaSet first.
func (c *deploymentController) reconcileOldRSs(dep *deployment, all, old []*replicaSet, newRS *replicaSet) bool {
	d := dep.d
	if replicasOf(rsObjects(old)) == 0 {
		return false
	}
	minAvailable := *d.Spec.Replicas - maxUnavailable(d)
	newUnavailable := *newRS.rs.Spec.Replicas - newRS.rs.Status.AvailableReplicas
	maxScaledDown := replicasOf(rsObjects(all)) - minAvailable - newUnavailable
	if maxScaledDown <= 0 {
		return false
	}
	sortByCreation(old)
	var cleaned int32
	for _, r := range old {
		if cleaned >= maxScaledDown {
			break
		}
		spec := *r.rs.Spec.Replicas
		if spec == 0 || spec == r.rs.Status.AvailableReplicas {
			continue
		}
		n := min(maxScaledDown-cleaned, spec-r.rs.Status.AvailableReplicas)
		c.scaleRS(dep, r, spec-n)
		cleaned += n
	}
	var scaled int32
	available := availableOf(all)
	if available > minAvailable {
		total := available - minAvailable
		for _, r := range old {
			if scaled >= total {
				break
			}
			spec := *r.rs.Spec.Replicas
			if spec == 0 {
				continue
			}
			n := min(spec, total-scaled)
			c.scaleRS(dep, r, spec-n)
			scaled += n
		}
	}
	return cleaned+scaled > 0
}

func availableOf(sets []*replicaSet) int32 {
	var n int32
	for _, r := range sets {
		if r != nil {
			n += r.rs.Status.AvailableReplicas
		}
	}
	return n
}

// sortByCreation is controller.ReplicaSetsByCreationTimestamp (then by
// name).
func sortByCreation(sets []*replicaSet) {
	sort.SliceStable(sets, func(i, j int) bool {
		a, b := sets[i].rs, sets[j].rs
		if !a.CreationTimestamp.Equal(&b.CreationTimestamp) {
			return a.CreationTimestamp.Before(&b.CreationTimestamp)
		}
		return a.Name < b.Name
	})
}

// rolloutRecreate is recreate.go rolloutRecreate: the old ReplicaSets are
// scaled to 0 first; while a pod of theirs is not terminal
// (oldPodsRunning, terminating pods included) nothing more happens; then
// the new ReplicaSet is created with every replica.
func (c *deploymentController) rolloutRecreate(dep *deployment) {
	newRS, old := c.split(dep, false)
	all := append(append([]*replicaSet(nil), old...), newRS)
	scaled := false
	for _, r := range old {
		if *r.rs.Spec.Replicas > 0 && c.scaleRS(dep, r, 0) {
			scaled = true
		}
	}
	if scaled || c.oldPodsRunning(newRS, old) {
		c.syncRolloutStatus(dep, all, newRS)
		return
	}
	if newRS == nil {
		newRS, old = c.split(dep, true)
		if newRS == nil {
			return
		}
		all = append(append([]*replicaSet(nil), old...), newRS)
	}
	c.scaleRS(dep, newRS, *dep.d.Spec.Replicas)
	c.syncRolloutStatus(dep, all, newRS)
}

// oldPodsRunning: an old ReplicaSet counts replicas in its status, or has
// a pod that is not terminal.
func (c *deploymentController) oldPodsRunning(newRS *replicaSet, old []*replicaSet) bool {
	for _, r := range old {
		if r.rs.Status.Replicas > 0 {
			return true
		}
		for _, p := range r.pods(c.api) {
			if !isTerminal(p.Status.Phase) {
				return true
			}
		}
	}
	return false
}

// syncRolloutStatus is progress.go syncRolloutStatus: the status from the
// ReplicaSets (calculateStatus), the Progressing condition (complete,
// progressing, or past its deadline), the new ReplicaSet's ReplicaFailure
// condition (else an old one's) copied; a status that did not change
// asks for a progress check at the deadline (requeueStuckDeployment).
func (c *deploymentController) syncRolloutStatus(dep *deployment, all []*replicaSet, newRS *replicaSet) {
	d := dep.d
	st := c.calculateStatus(dep, all, newRS)
	if !hasProgressDeadline(d) {
		st = withoutCondition(st, appsv1.DeploymentProgressing)
	}
	cur := deploymentCondition(&d.Status, appsv1.DeploymentProgressing)
	complete := st.Replicas == st.UpdatedReplicas && cur != nil && cur.Reason == reasonNewRSAvailable
	if hasProgressDeadline(d) && !complete {
		subject := fmt.Sprintf("Deployment %q", d.Name)
		if newRS != nil {
			subject = fmt.Sprintf("ReplicaSet %q", newRS.rs.Name)
		}
		switch {
		case deploymentComplete(d, &st):
			st = withCondition(st, c.condition(appsv1.DeploymentProgressing, corev1.ConditionTrue, reasonNewRSAvailable, subject+" has successfully progressed."))
		case deploymentProgressing(d, &st):
			cond := c.condition(appsv1.DeploymentProgressing, corev1.ConditionTrue, reasonRSUpdated, subject+" is progressing.")
			if cur != nil {
				if cur.Status == corev1.ConditionTrue {
					cond.LastTransitionTime = cur.LastTransitionTime
				}
				st = withoutCondition(st, appsv1.DeploymentProgressing)
			}
			st = withCondition(st, cond)
		case c.timedOut(d, &st):
			st = withCondition(st, c.condition(appsv1.DeploymentProgressing, corev1.ConditionFalse, reasonTimedOut, subject+" has timed out progressing."))
		}
	}
	if f := replicaFailure(all, newRS); f != nil {
		st = withCondition(st, *f)
	} else {
		st = withoutCondition(st, appsv1.DeploymentReplicaFailure)
	}
	if reflect.DeepEqual(d.Status, st) {
		c.requeueStuck(dep, st)
		return
	}
	c.setStatus(dep, st)
}

// calculateStatus is sync.go calculateStatus.
func (c *deploymentController) calculateStatus(dep *deployment, all []*replicaSet, newRS *replicaSet) appsv1.DeploymentStatus {
	d := dep.d
	var actual, ready, available int32
	var terminating int32
	for _, r := range all {
		if r == nil {
			continue
		}
		actual += r.rs.Status.Replicas
		ready += r.rs.Status.ReadyReplicas
		available += r.rs.Status.AvailableReplicas
		if r.rs.Status.TerminatingReplicas != nil {
			terminating += *r.rs.Status.TerminatingReplicas
		}
	}
	st := appsv1.DeploymentStatus{
		ObservedGeneration:  d.Generation,
		Replicas:            actual,
		ReadyReplicas:       ready,
		AvailableReplicas:   available,
		UnavailableReplicas: max(0, replicasOf(rsObjects(all))-available),
		CollisionCount:      d.Status.CollisionCount,
		TerminatingReplicas: &terminating,
		Conditions:          append([]appsv1.DeploymentCondition(nil), d.Status.Conditions...),
	}
	if newRS != nil {
		st.UpdatedReplicas = newRS.rs.Status.Replicas
	}
	if available >= *d.Spec.Replicas-maxUnavailable(d) {
		st = withCondition(st, c.condition(appsv1.DeploymentAvailable, corev1.ConditionTrue, reasonMinAvailable, "Deployment has minimum availability."))
	} else {
		st = withCondition(st, c.condition(appsv1.DeploymentAvailable, corev1.ConditionFalse, reasonMinUnavailable, "Deployment does not have minimum availability."))
	}
	return st
}

// replicaFailure is getReplicaFailures: the new ReplicaSet's
// ReplicaFailure condition, else an old one's, as a Deployment condition
// (ReplicaSetToDeploymentCondition).
func replicaFailure(all []*replicaSet, newRS *replicaSet) *appsv1.DeploymentCondition {
	order := append([]*replicaSet{newRS}, all...)
	for _, r := range order {
		if r == nil {
			continue
		}
		if f := replicaSetCondition(&r.rs.Status, appsv1.ReplicaSetReplicaFailure); f != nil {
			return &appsv1.DeploymentCondition{Type: appsv1.DeploymentReplicaFailure, Status: f.Status, Reason: f.Reason, Message: f.Message,
				LastUpdateTime: f.LastTransitionTime, LastTransitionTime: f.LastTransitionTime}
		}
	}
	return nil
}

// requeueStuck is requeueStuckDeployment: a Deployment with a progress
// deadline, not complete and not timed out, is synced again a second
// after its Progressing condition's lastUpdateTime plus the deadline, or
// at once (its rate limiter's 5 ms) with less than a second to go.
func (c *deploymentController) requeueStuck(dep *deployment, st appsv1.DeploymentStatus) {
	d := dep.d
	cur := deploymentCondition(&d.Status, appsv1.DeploymentProgressing)
	if !hasProgressDeadline(d) || cur == nil || deploymentComplete(d, &st) || cur.Reason == reasonTimedOut {
		return
	}
	after := apiSeconds(cur.LastUpdateTime).Add(time.Duration(*d.Spec.ProgressDeadlineSeconds) * time.Second).Sub(c.env.wall(c.env.now).Time)
	if after < time.Second {
		c.enqueueAfter(dep, rateLimit(0))
		return
	}
	c.enqueueAfter(dep, after+time.Second)
}

// timedOut is DeploymentTimedOut: the Progressing condition (not one of a
// complete rollout) last updated more than the deadline ago, as the API
// gives its time (whole seconds).
func (c *deploymentController) timedOut(d *appsv1.Deployment, st *appsv1.DeploymentStatus) bool {
	cond := deploymentCondition(st, appsv1.DeploymentProgressing)
	if !hasProgressDeadline(d) || cond == nil || cond.Reason == reasonNewRSAvailable {
		return false
	}
	if cond.Reason == reasonTimedOut {
		return true
	}
	deadline := apiSeconds(cond.LastUpdateTime).Add(time.Duration(*d.Spec.ProgressDeadlineSeconds) * time.Second)
	return deadline.Before(c.env.wall(c.env.now).Time)
}

// deploymentComplete is DeploymentComplete: every replica updated and
// available, no old one left, the generation observed.
func deploymentComplete(d *appsv1.Deployment, st *appsv1.DeploymentStatus) bool {
	n := *d.Spec.Replicas
	return st.UpdatedReplicas == n && st.Replicas == n && st.AvailableReplicas == n && st.ObservedGeneration >= d.Generation
}

// deploymentProgressing is DeploymentProgressing: more updated, ready or
// available pods than the status says, or fewer old ones.
func deploymentProgressing(d *appsv1.Deployment, st *appsv1.DeploymentStatus) bool {
	old := d.Status
	return st.UpdatedReplicas > old.UpdatedReplicas ||
		st.Replicas-st.UpdatedReplicas < old.Replicas-old.UpdatedReplicas ||
		st.ReadyReplicas > old.ReadyReplicas ||
		st.AvailableReplicas > old.AvailableReplicas
}

// hasProgressDeadline is HasProgressDeadline.
func hasProgressDeadline(d *appsv1.Deployment) bool {
	return d.Spec.ProgressDeadlineSeconds != nil && *d.Spec.ProgressDeadlineSeconds != math.MaxInt32
}

// condition is NewDeploymentCondition at the current time, as the API
// stores it (whole seconds).
func (c *deploymentController) condition(t appsv1.DeploymentConditionType, status corev1.ConditionStatus, reason, message string) appsv1.DeploymentCondition {
	now := metav1.NewTime(apiSeconds(c.env.wall(c.env.now)))
	return appsv1.DeploymentCondition{Type: t, Status: status, LastUpdateTime: now, LastTransitionTime: now, Reason: reason, Message: message}
}

func deploymentCondition(st *appsv1.DeploymentStatus, t appsv1.DeploymentConditionType) *appsv1.DeploymentCondition {
	for i := range st.Conditions {
		if st.Conditions[i].Type == t {
			return &st.Conditions[i]
		}
	}
	return nil
}

// withCondition is SetDeploymentCondition on a copy of the conditions:
// one of the same status and reason stays as it is; one of the same
// status keeps its lastTransitionTime.
func withCondition(st appsv1.DeploymentStatus, cond appsv1.DeploymentCondition) appsv1.DeploymentStatus {
	cur := deploymentCondition(&st, cond.Type)
	if cur != nil && cur.Status == cond.Status && cur.Reason == cond.Reason {
		return st
	}
	if cur != nil && cur.Status == cond.Status {
		cond.LastTransitionTime = cur.LastTransitionTime
	}
	st = withoutCondition(st, cond.Type)
	st.Conditions = append(st.Conditions, cond)
	return st
}

// withoutCondition is RemoveDeploymentCondition on a copy.
func withoutCondition(st appsv1.DeploymentStatus, t appsv1.DeploymentConditionType) appsv1.DeploymentStatus {
	var kept []appsv1.DeploymentCondition
	for _, c := range st.Conditions {
		if c.Type != t {
			kept = append(kept, c)
		}
	}
	st.Conditions = kept
	return st
}

// setStatus writes the Deployment's status (UpdateStatus): its condition
// changes go on the timeline, and the write syncs it again
// (updateDeployment).
func (c *deploymentController) setStatus(dep *deployment, st appsv1.DeploymentStatus) {
	old := dep.d.Status.Conditions
	dep.d.Status = st
	for _, cond := range st.Conditions {
		var was *appsv1.DeploymentCondition
		for i := range old {
			if old[i].Type == cond.Type {
				was = &old[i]
			}
		}
		if was == nil || was.Status != cond.Status || was.Reason != cond.Reason {
			c.api.recordObjectCondition("Deployment", dep.d.Name, string(cond.Type), string(cond.Status), cond.Reason, cond.Message)
		}
	}
	// A condition syncRolloutStatus took out (RemoveDeploymentCondition:
	// ReplicaFailure once no ReplicaSet reports a failure, Progressing
	// without a deadline; pkg/controller/deployment/progress.go,
	// syncRolloutStatus, v1.36.3) goes on the timeline too.
	for _, o := range old {
		if deploymentCondition(&st, o.Type) == nil {
			c.api.recordObjectConditionRemoved("Deployment", dep.d.Name, string(o.Type))
		}
	}
	c.enqueue(dep)
}
