package sim

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/types"
	resourcehelper "k8s.io/component-helpers/resource"
)

// ResourceQuotas of the scenario's namespace, v1.36.3: the API server's
// quota admission (k8s.io/apiserver/pkg/admission/plugin/resourcequota,
// controller.go CheckRequest) charges a pod at its create against each
// quota's status.used and refuses what would exceed status.hard; the
// quota controller (pkg/controller/resourcequota) computes status.used
// from the pods that exist, at a quota's creation, when a pod stops
// counting (its delete, or an update after which the pod evaluator no
// longer charges it: pkg/quota/v1/install/update_filter.go), and every
// 5 minutes (--resource-quota-sync-period). Pods are the only resource
// modelled, with the pod evaluator's usage (pkg/quota/v1/evaluator/core/
// pods.go PodUsageFunc, QuotaV1Pod).
type quotaController struct {
	env *env
	api *apiServer
	cp  *Profile
	// quotas are the namespace's quotas, by creation.
	quotas []*corev1.ResourceQuota
	// charged is, for each pod the controller has seen, whether the pod
	// evaluator charged it then (QuotaV1Pod): the update filter compares
	// the pod before and after a change.
	charged map[types.UID]bool
	queued  bool
	resync  timer
}

// quotaResyncPeriod is kube-controller-manager's --resource-quota-sync-period
// default (pkg/controller/resourcequota/config/v1alpha1/defaults.go).
const quotaResyncPeriod = 5 * time.Minute

func newQuotaController(e *env, api *apiServer, cp *Profile) *quotaController {
	return &quotaController{env: e, api: api, cp: cp, charged: map[types.UID]bool{}}
}

// quotaResources are the resources a quota may name that the simulator
// counts: the pod evaluator's (pods.go podResources) but extended and
// huge-page resources.
var quotaResources = []corev1.ResourceName{
	corev1.ResourcePods, "count/pods",
	corev1.ResourceCPU, corev1.ResourceMemory, corev1.ResourceEphemeralStorage,
	corev1.ResourceRequestsCPU, corev1.ResourceRequestsMemory, corev1.ResourceRequestsEphemeralStorage,
	corev1.ResourceLimitsCPU, corev1.ResourceLimitsMemory, corev1.ResourceLimitsEphemeralStorage,
}

// computeResources are the ones whose quota requires every container to
// state them (pods.go Constraints, validationSet).
var computeResources = []corev1.ResourceName{
	corev1.ResourceCPU, corev1.ResourceMemory,
	corev1.ResourceRequestsCPU, corev1.ResourceRequestsMemory,
	corev1.ResourceLimitsCPU, corev1.ResourceLimitsMemory,
}

// validateQuota is ValidateResourceQuota (pkg/apis/core/validation) for
// what the simulator takes: hard quantities not negative, scopes known,
// and the simulator's own limits.
func validateQuota(q *corev1.ResourceQuota) error {
	if q.Name == "" {
		return fmt.Errorf("a resource quota needs a name")
	}
	for name, v := range q.Spec.Hard {
		if !slices.Contains(quotaResources, name) {
			return fmt.Errorf("resource quota %q: resource %q is not modelled (the simulator counts pods: %s)", q.Name, name, joinNames(quotaResources))
		}
		if v.Sign() < 0 {
			return fmt.Errorf("resource quota %q: spec.hard[%s]: must be greater than or equal to 0", q.Name, name)
		}
	}
	for _, sc := range q.Spec.Scopes {
		switch sc {
		case corev1.ResourceQuotaScopeTerminating, corev1.ResourceQuotaScopeNotTerminating,
			corev1.ResourceQuotaScopeBestEffort, corev1.ResourceQuotaScopeNotBestEffort:
		default:
			return fmt.Errorf("resource quota %q: scope %q is not modelled", q.Name, sc)
		}
	}
	if q.Spec.ScopeSelector != nil {
		return fmt.Errorf("resource quota %q: scopeSelector is not modelled", q.Name)
	}
	return nil
}

func joinNames(ns []corev1.ResourceName) string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = string(n)
	}
	return strings.Join(out, ", ")
}

// wants: the controller watches pods once the namespace has a quota.
func (c *quotaController) wants(podEvent) bool { return len(c.quotas) > 0 }

// podWatch is the quota monitor's handlers (resource_quota_monitor.go
// controllerFor): a delete replenishes the quotas, and so does an update
// after which the pod is no longer charged though it was before
// (update_filter.go DefaultUpdateFilter: QuotaV1Pod(old) &&
// !QuotaV1Pod(new), both read now).
func (c *quotaController) podWatch(ev podEvent) {
	p := ev.pod
	if ev.typ == watchDeleted {
		delete(c.charged, p.UID)
		c.enqueue()
		return
	}
	now := c.charges(p)
	before, seen := c.charged[p.UID]
	c.charged[p.UID] = now
	if seen && before && !now {
		c.enqueue()
	}
}

// charges is QuotaV1Pod at the current time.
func (c *quotaController) charges(p *corev1.Pod) bool {
	return quotaV1Pod(p, c.env.wall(c.env.now).Time)
}

// quotaV1Pod is pods.go QuotaV1Pod: a terminal pod is not charged, nor
// one whose deletion's grace period has run out a second time (its
// deletionTimestamp is already the delete's time plus the grace: it
// stops counting at twice the grace after the delete, or when it is gone).
func quotaV1Pod(p *corev1.Pod, now time.Time) bool {
	if isTerminal(p.Status.Phase) {
		return false
	}
	if p.DeletionTimestamp != nil && p.DeletionGracePeriodSeconds != nil {
		if now.After(p.DeletionTimestamp.Add(time.Duration(*p.DeletionGracePeriodSeconds) * time.Second)) {
			return false
		}
	}
	return true
}

func (c *quotaController) enqueue() {
	if c.queued {
		return
	}
	c.queued = true
	c.env.soon(func() {
		c.queued = false
		for _, q := range c.quotas {
			c.sync(q)
		}
	})
}

func (c *quotaController) periodic() {
	c.enqueue()
	c.env.rearm(&c.resync, quotaResyncPeriod, c.periodic, true)
}

// sync is syncResourceQuota: status.hard is the spec's, status.used the
// usage of the pods that exist now (quota.CalculateUsage over the pod
// evaluator's UsageStats), masked to the hard resources.
func (c *quotaController) sync(q *corev1.ResourceQuota) {
	used := corev1.ResourceList{}
	for name := range q.Spec.Hard {
		used[name] = resource.MustParse("0")
	}
	for _, name := range c.api.podNames() {
		p := c.api.pod(name)
		c.charged[p.UID] = c.charges(p)
		if p.Namespace != q.Namespace || !quotaScopesMatch(q, p) {
			continue
		}
		addMasked(used, c.podUsage(p), q.Spec.Hard)
	}
	q.Status.Hard = q.Spec.Hard.DeepCopy()
	q.Status.Used = used
}

// podUsage is PodUsageFunc: count/pods always; the rest only for a pod
// still charged (QuotaV1Pod): pods 1, and the pod's requests and limits
// (resourcehelper.PodRequests and PodLimits) under both their plain and
// their requests./limits. names (podComputeUsageHelper).
func (c *quotaController) podUsage(p *corev1.Pod) corev1.ResourceList {
	out := corev1.ResourceList{"count/pods": resource.MustParse("1")}
	if !c.charges(p) {
		return out
	}
	out[corev1.ResourcePods] = resource.MustParse("1")
	opts := resourcehelper.PodResourcesOptions{SkipPodLevelResources: !c.cp.PodLevelResources}
	req, lim := resourcehelper.PodRequests(p, opts), resourcehelper.PodLimits(p, opts)
	for _, r := range []struct {
		name          corev1.ResourceName
		plain, limits corev1.ResourceName
		requests      corev1.ResourceName
	}{
		{corev1.ResourceCPU, corev1.ResourceCPU, corev1.ResourceLimitsCPU, corev1.ResourceRequestsCPU},
		{corev1.ResourceMemory, corev1.ResourceMemory, corev1.ResourceLimitsMemory, corev1.ResourceRequestsMemory},
		{corev1.ResourceEphemeralStorage, corev1.ResourceEphemeralStorage, corev1.ResourceLimitsEphemeralStorage, corev1.ResourceRequestsEphemeralStorage},
	} {
		if v, ok := req[r.name]; ok {
			out[r.plain], out[r.requests] = v.DeepCopy(), v.DeepCopy()
		}
		if v, ok := lim[r.name]; ok {
			out[r.limits] = v.DeepCopy()
		}
	}
	return out
}

// addMasked adds the resources of delta that hard names to used.
func addMasked(used, delta, hard corev1.ResourceList) {
	for name, v := range delta {
		if _, ok := hard[name]; !ok {
			continue
		}
		cur := used[name]
		cur.Add(v)
		used[name] = cur
	}
}

// quotaScopesMatch is the pod evaluator's Matches for a quota's scopes
// (generic.Matches with podMatchesScopeFunc): every scope must match.
func quotaScopesMatch(q *corev1.ResourceQuota, p *corev1.Pod) bool {
	for _, sc := range q.Spec.Scopes {
		terminating := p.Spec.ActiveDeadlineSeconds != nil && *p.Spec.ActiveDeadlineSeconds >= 0
		bestEffort := computePodQOS(p) == corev1.PodQOSBestEffort
		switch {
		case sc == corev1.ResourceQuotaScopeTerminating && !terminating,
			sc == corev1.ResourceQuotaScopeNotTerminating && terminating,
			sc == corev1.ResourceQuotaScopeBestEffort && !bestEffort,
			sc == corev1.ResourceQuotaScopeNotBestEffort && bestEffort:
			return false
		}
	}
	return true
}

// admit is the ResourceQuota admission plugin for a pod's create
// (CheckRequest, then the evaluator's status update): every matching
// quota must know its usage, its compute resources must be stated by
// every container, and the pod's usage added to what the quota used must
// stay within its hard limits; then each such quota's status.used grows
// by the pod's usage. A refusal is 403 Forbidden.
func (c *quotaController) admit(p *corev1.Pod) error {
	if len(c.quotas) == 0 || p.Namespace != c.api.namespace {
		return nil // the quotas are the scenario's namespace's
	}
	usage := c.podUsage(p)
	var matching []*corev1.ResourceQuota
	for _, q := range c.quotas {
		if !quotaScopesMatch(q, p) {
			continue
		}
		hard := q.Status.Hard
		if err := c.constraints(q, p); err != nil {
			return forbidden(p, "failed quota: %s: %v", q.Name, err)
		}
		var unknown []corev1.ResourceName
		for name := range hard {
			if _, ok := q.Status.Used[name]; !ok {
				unknown = append(unknown, name)
			}
		}
		if hard == nil {
			for name := range q.Spec.Hard {
				unknown = append(unknown, name)
			}
		}
		if len(unknown) > 0 {
			sort.Slice(unknown, func(i, j int) bool { return unknown[i] < unknown[j] })
			return forbidden(p, "status unknown for quota: %s, resources: %s", q.Name, strings.ReplaceAll(joinNames(unknown), ", ", ","))
		}
		matching = append(matching, q)
	}
	for _, q := range matching {
		var exceeded []corev1.ResourceName
		for name, v := range usage {
			limit, ok := q.Status.Hard[name]
			if !ok || v.IsZero() {
				continue
			}
			total := q.Status.Used[name].DeepCopy()
			total.Add(v)
			if total.Cmp(limit) > 0 {
				exceeded = append(exceeded, name)
			}
		}
		if len(exceeded) > 0 {
			sort.Slice(exceeded, func(i, j int) bool { return exceeded[i] < exceeded[j] })
			var req, used, lim []string
			for _, name := range exceeded {
				u, h := q.Status.Used[name], q.Status.Hard[name]
				v := usage[name]
				req = append(req, string(name)+"="+v.String())
				used = append(used, string(name)+"="+u.String())
				lim = append(lim, string(name)+"="+h.String())
			}
			return forbidden(p, "exceeded quota: %s, requested: %s, used: %s, limited: %s", q.Name,
				strings.Join(req, ","), strings.Join(used, ","), strings.Join(lim, ","))
		}
	}
	for _, q := range matching {
		addMasked(q.Status.Used, usage, q.Status.Hard)
	}
	return nil
}

// constraints is the pod evaluator's Constraints: a quota of a compute
// resource (cpu, memory, their requests. and limits.) requires each
// container, init containers included, to state it; none with
// pod-level resources.
func (c *quotaController) constraints(q *corev1.ResourceQuota, p *corev1.Pod) error {
	if c.cp.PodLevelResources && p.Spec.Resources != nil && (len(p.Spec.Resources.Requests) > 0 || len(p.Spec.Resources.Limits) > 0) {
		return nil
	}
	var required []corev1.ResourceName
	for _, r := range computeResources {
		if _, ok := q.Status.Hard[r]; ok {
			required = append(required, r)
		}
	}
	if len(required) == 0 {
		return nil
	}
	missing := map[corev1.ResourceName][]string{}
	for _, list := range [][]corev1.Container{p.Spec.Containers, p.Spec.InitContainers} {
		for i := range list {
			ctr := &list[i]
			for _, r := range required {
				if !containerStates(ctr, r) {
					missing[r] = append(missing[r], ctr.Name)
				}
			}
		}
	}
	if len(missing) == 0 {
		return nil
	}
	var names []string
	for r := range missing {
		names = append(names, string(r))
	}
	sort.Strings(names)
	var parts []string
	for _, n := range names {
		ctrs := missing[corev1.ResourceName(n)]
		sort.Strings(ctrs)
		parts = append(parts, fmt.Sprintf("%s for: %s", n, strings.Join(slices.Compact(ctrs), ",")))
	}
	return fmt.Errorf("must specify %s", strings.Join(parts, "; "))
}

// containerStates: the container's usage (podComputeUsageHelper of its
// requests and limits) names r.
func containerStates(c *corev1.Container, r corev1.ResourceName) bool {
	req, lim := c.Resources.Requests, c.Resources.Limits
	switch r {
	case corev1.ResourceCPU, corev1.ResourceRequestsCPU:
		_, ok := req[corev1.ResourceCPU]
		return ok
	case corev1.ResourceMemory, corev1.ResourceRequestsMemory:
		_, ok := req[corev1.ResourceMemory]
		return ok
	case corev1.ResourceLimitsCPU:
		_, ok := lim[corev1.ResourceCPU]
		return ok
	case corev1.ResourceLimitsMemory:
		_, ok := lim[corev1.ResourceMemory]
		return ok
	}
	return true
}

// forbidden is admission.NewForbidden for a pod: `pods "NAME" is
// forbidden: ...`, the name the create generated (rest.AdmissionToValidateObjectFunc
// takes it from the object once BeforeCreate has made it).
func forbidden(p *corev1.Pod, format string, args ...any) error {
	return apierrors.NewForbidden(podResource, p.Name, fmt.Errorf(format, args...))
}
