package sim

import (
	"fmt"
	"slices"
	"strings"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// jobController is pkg/controller/job (v1.36.3) for NonIndexed Jobs: it
// keeps parallelism pods running until completions have succeeded,
// counts each finished pod once (it removes the pod's
// batch.kubernetes.io/job-tracking finalizer as it counts it), fails the
// Job past its backoffLimit or at a podFailurePolicy FailJob rule,
// ignores the failures an Ignore rule matches, and holds back each
// replacement after failures by its pod failure back-off (10 s doubling,
// at most 10 minutes: backoff_utils.go). A Job is synced at once when it
// is created, a second after a change of one of its pods or of its own
// status (enqueueSyncJobBatched, SyncJobBatchPeriod), and when its
// back-off ends.
type jobController struct {
	env   *env
	api   *apiServer
	jobs  map[string]*job
	order []*job
}

type job struct {
	j *batchv1.Job
	// template is the pod template as the scenario declared it (agent
	// arguments included); created the names of the pods made from it,
	// in order ("pod 2 of job batch").
	template *corev1.Pod
	created  []string
	key      workKey
	// backoff is the podBackoffStore's record: failures since the last
	// success and the last failure's time.
	backoff backoffRecord
	// done: the Job has its Complete or Failed condition.
	done bool
	// ttl is the TTL-after-finished controller's and the garbage
	// collector's record of it (ttlafterfinished.go).
	ttl ttlJob
}

// backoffRecord is backoff_utils.go backoffRecord.
type backoffRecord struct {
	failures int32
	last     time.Time
}

// The Job controller's constants (job_controller.go).
const (
	jobTrackingFinalizer   = "batch.kubernetes.io/job-tracking"
	syncJobBatchPeriod     = time.Second
	defaultJobPodBackOff   = 10 * time.Second
	maxJobPodBackOff       = 10 * time.Minute
	jobControllerComponent = "job-controller"
)

func newJobController(e *env, api *apiServer) *jobController {
	return &jobController{env: e, api: api, jobs: map[string]*job{}}
}

func (jb *job) pods(api *apiServer) []*corev1.Pod {
	var out []*corev1.Pod
	for _, n := range jb.created {
		if p := api.pod(n); p != nil {
			if ref := metav1.GetControllerOf(p); ref != nil && ref.UID == jb.j.UID {
				out = append(out, p)
			}
		}
	}
	return out
}

// setDefaultsJob is SetDefaults_Job.
func setDefaultsJob(j *batchv1.Job) {
	one := func() *int32 { n := int32(1); return &n }
	sp := &j.Spec
	if sp.Completions == nil && sp.Parallelism == nil {
		sp.Completions, sp.Parallelism = one(), one()
	}
	if sp.Parallelism == nil {
		sp.Parallelism = one()
	}
	if sp.BackoffLimit == nil {
		six := int32(6)
		sp.BackoffLimit = &six
	}
	if sp.CompletionMode == nil {
		m := batchv1.NonIndexedCompletion
		sp.CompletionMode = &m
	}
	if sp.Suspend == nil {
		f := false
		sp.Suspend = &f
	}
	if sp.PodReplacementPolicy == nil {
		p := batchv1.TerminatingOrFailed
		if sp.PodFailurePolicy != nil {
			p = batchv1.Failed
		}
		sp.PodReplacementPolicy = &p
	}
	// SetDefaults_PodFailurePolicyOnPodConditionsPattern
	// (pkg/apis/batch/v1/defaults.go, v1.36.3): a pattern without a status
	// matches the condition True. Without it an Ignore rule on
	// DisruptionTarget matched no evicted pod, whose failure then counted
	// (held-out set 40: backoffLimit 0 failed the Job at its first
	// eviction, where the cluster replaces the pod).
	if pfp := sp.PodFailurePolicy; pfp != nil {
		for i := range pfp.Rules {
			for k := range pfp.Rules[i].OnPodConditions {
				if pat := &pfp.Rules[i].OnPodConditions[k]; pat.Status == "" {
					pat.Status = corev1.ConditionTrue
				}
			}
		}
	}
}

// validateJob is ValidateJobSpec (pkg/apis/batch/validation) for what the
// simulator takes, and the simulator's own limits.
func validateJob(j *batchv1.Job) error {
	sp := &j.Spec
	var errs []string
	switch rp := sp.Template.Spec.RestartPolicy; rp {
	case corev1.RestartPolicyNever, corev1.RestartPolicyOnFailure:
	default:
		errs = append(errs, fmt.Sprintf("spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\" (got %q)", rp))
	}
	for _, f := range []struct {
		name string
		v    *int32
	}{{"completions", sp.Completions}, {"parallelism", sp.Parallelism}, {"backoffLimit", sp.BackoffLimit}} {
		if f.v != nil && *f.v < 0 {
			errs = append(errs, "spec."+f.name+": must be greater than or equal to 0")
		}
	}
	if pfp := sp.PodFailurePolicy; pfp != nil {
		if sp.Template.Spec.RestartPolicy != corev1.RestartPolicyNever {
			errs = append(errs, "spec.template.spec.restartPolicy: Invalid value: only \"Never\" is supported when podFailurePolicy is specified")
		}
		for i, r := range pfp.Rules {
			at := fmt.Sprintf("spec.podFailurePolicy.rules[%d]", i)
			switch r.Action {
			case batchv1.PodFailurePolicyActionFailJob, batchv1.PodFailurePolicyActionIgnore, batchv1.PodFailurePolicyActionCount:
			default:
				errs = append(errs, fmt.Sprintf("%s.action: Unsupported value: %q (FailIndex needs backoffLimitPerIndex, not modelled)", at, r.Action))
			}
			if (r.OnExitCodes == nil) == (len(r.OnPodConditions) == 0) {
				errs = append(errs, at+": Invalid value: specifying one of OnExitCodes and OnPodConditions is required")
			}
			if e := r.OnExitCodes; e != nil {
				if e.Operator != batchv1.PodFailurePolicyOnExitCodesOpIn && e.Operator != batchv1.PodFailurePolicyOnExitCodesOpNotIn {
					errs = append(errs, fmt.Sprintf("%s.onExitCodes.operator: Unsupported value: %q", at, e.Operator))
				}
				if len(e.Values) == 0 {
					errs = append(errs, at+".onExitCodes.values: Invalid value: at least one value is required")
				}
				if e.Operator == batchv1.PodFailurePolicyOnExitCodesOpIn && slices.Contains(e.Values, 0) {
					errs = append(errs, at+".onExitCodes.values: Invalid value: must not be 0 for the In operator")
				}
			}
		}
	}
	if sp.CompletionMode != nil && *sp.CompletionMode != batchv1.NonIndexedCompletion {
		errs = append(errs, "spec.completionMode: Indexed Jobs are not modelled")
	}
	if d := sp.ActiveDeadlineSeconds; d != nil && *d <= 0 {
		errs = append(errs, "spec.activeDeadlineSeconds: Invalid value: must be greater than or equal to 1") // ValidateJobSpec
	}
	if t := sp.TTLSecondsAfterFinished; t != nil && *t < 0 {
		errs = append(errs, "spec.ttlSecondsAfterFinished: must be greater than or equal to 0") // ValidateJobSpec: ValidateNonnegativeField
	}
	if sp.BackoffLimitPerIndex != nil || sp.SuccessPolicy != nil || (sp.Suspend != nil && *sp.Suspend) || sp.ManagedBy != nil {
		errs = append(errs, "backoffLimitPerIndex, successPolicy, suspend and managedBy are not modelled")
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}

func (c *jobController) enqueue(jb *job) { jb.key.add(c.env, func() { c.sync(jb) }) }

// enqueueAfter is AddAfter (enqueueSyncJobBatched with 1 s,
// enqueueSyncJobWithDelay with at least 1 s): the earliest due time wins.
func (c *jobController) enqueueAfter(jb *job, d time.Duration) {
	jb.key.addAfter(c.env, d, func() { c.sync(jb) })
}

// wants: the controller watches pods once there is a Job.
func (c *jobController) wants(podEvent) bool { return len(c.order) > 0 }

// podWatch is addPod, updatePod and deletePod: a change of one of a
// Job's pods syncs the Job a second later (enqueueSyncJobBatched). A
// pod's removal is also the garbage collector's graph change
// (ttlafterfinished.go gcPodGone).
func (c *jobController) podWatch(ev podEvent) {
	ref := metav1.GetControllerOf(ev.pod)
	if ref == nil || ref.Kind != "Job" {
		return
	}
	if ev.typ == watchDeleted {
		c.gcPodGone(ev.pod)
	}
	for _, jb := range c.order {
		if jb.j.UID == ref.UID && !jb.done {
			c.enqueueAfter(jb, syncJobBatchPeriod)
		}
	}
}

// sync is syncJob (job_controller.go) for a NonIndexed Job.
func (c *jobController) sync(jb *job) {
	if jb.done {
		return
	}
	j := jb.j
	now := c.env.wall(c.env.now)
	pods := jb.pods(c.api)
	var active []*corev1.Pod
	var terminating int32
	for _, p := range pods {
		if isPodActive(p) {
			active = append(active, p)
		}
		if p.DeletionTimestamp != nil && !isTerminal(p.Status.Phase) {
			terminating++ // controller.CountTerminatingPods
		}
	}
	ready := int32(0)
	for _, p := range active {
		if podIsReady(p) {
			ready++
		}
	}
	// getNewFinishedPods: pods not counted yet (they keep the finalizer).
	var newSucceeded, newFailed []*corev1.Pod
	for _, p := range pods {
		if !slices.Contains(p.Finalizers, jobTrackingFinalizer) {
			continue
		}
		switch {
		case p.Status.Phase == corev1.PodSucceeded:
			newSucceeded = append(newSucceeded, p)
		case c.isPodFailed(p, j):
			newFailed = append(newFailed, p)
		}
	}
	succeeded := j.Status.Succeeded + int32(len(newSucceeded))
	failed := j.Status.Failed
	for _, p := range newFailed {
		if _, count, _ := matchPodFailurePolicy(j, p); count {
			failed++
		}
	}
	st := *j.Status.DeepCopy()
	// The Job's first start (syncJob): the sync's own copy has the exact
	// time, the API (and the next sync) the whole second.
	started := j.Status.StartTime
	if started == nil {
		started = &now
		t := metav1.NewTime(apiSeconds(now))
		st.StartTime = &t
	}
	backoff := jb.backoff.next(newSucceeded, newFailed)

	// The end: a FailureTarget found before, a FailJob rule, the backoff
	// limit passed (FailureTarget, the interim condition, first:
	// delayTerminalCondition, JobManagedBy and JobPodReplacementPolicy GA).
	var finished *batchv1.JobCondition
	if ft := jobCondition(&j.Status, batchv1.JobFailureTarget); ft != nil && ft.Status == corev1.ConditionTrue {
		finished = c.condition(batchv1.JobFailed, ft.Reason, ft.Message)
	} else if msg, ok := failJobMessage(j, pods, c.isPodFailed); ok {
		finished = c.condition(batchv1.JobFailureTarget, batchv1.JobReasonPodFailurePolicy, msg)
	}
	if finished == nil && (failed > *j.Spec.BackoffLimit || pastBackoffLimitOnFailure(j, pods)) {
		finished = c.condition(batchv1.JobFailureTarget, batchv1.JobReasonBackoffLimitExceeded, "Job has reached the specified backoff limit")
	} else if finished == nil && j.Spec.ActiveDeadlineSeconds != nil && jobCondition(&j.Status, batchv1.JobSuccessCriteriaMet) == nil {
		// pastActiveDeadline (job_controller.go syncJob, v1.36.3): the
		// Job fails once activeDeadlineSeconds have passed since its
		// status.startTime; until then the sync queues itself again for
		// that instant (queue.AddAfter of the time left; the earliest
		// due time wins). A Job that met its success criteria is not
		// failed (hasSuccessCriteriaMetCondition is evaluated first).
		left := time.Duration(*j.Spec.ActiveDeadlineSeconds)*time.Second - now.Sub(started.Time)
		if left <= 0 {
			finished = c.condition(batchv1.JobFailureTarget, batchv1.JobReasonDeadlineExceeded, "Job was active longer than specified deadline")
		} else {
			c.enqueueAfter(jb, left)
		}
	}
	nActive := int32(len(active))
	if finished != nil {
		// deleteActivePods: a delete each, the finalizers kept for
		// trackJobStatusAndRemoveFinalizers.
		for _, p := range active {
			if c.api.deletePod(p.Name, metav1.DeleteOptions{}, "") == nil {
				c.api.recordObjectEvent("Job", &j.ObjectMeta, corev1.EventTypeNormal, "SuccessfulDelete", "Deleted pod: "+p.Name, jobControllerComponent)
				nActive--
				terminating++
				if podIsReady(p) {
					ready--
				}
			}
		}
	} else {
		nActive = c.manageJob(jb, active, succeeded, terminating, backoff)
		complete := nActive == 0 && (j.Spec.Completions == nil && succeeded > 0 || j.Spec.Completions != nil && succeeded >= *j.Spec.Completions)
		if complete {
			finished = c.condition(batchv1.JobSuccessCriteriaMet, batchv1.JobReasonCompletionsReached, "Reached expected number of succeeded pods")
		}
	}
	st.Active, st.Ready = nActive, &ready
	term := terminating
	st.Terminating = &term

	// trackJobStatusAndRemoveFinalizers: each finished pod (every pod
	// once the Job is finishing) counted once and its finalizer removed.
	var uncount []*corev1.Pod
	for _, p := range pods {
		if !slices.Contains(p.Finalizers, jobTrackingFinalizer) {
			continue
		}
		failedPod := c.isPodFailed(p, j)
		if finished == nil && p.Status.Phase != corev1.PodSucceeded && !failedPod {
			continue
		}
		uncount = append(uncount, p)
		switch {
		case p.Status.Phase == corev1.PodSucceeded:
			st.Succeeded++
		case failedPod || (finished != nil && finished.Type != batchv1.JobSuccessCriteriaMet):
			if _, count, _ := matchPodFailurePolicy(j, p); count {
				st.Failed++
			}
		}
	}
	if finished != nil {
		switch finished.Type {
		case batchv1.JobFailureTarget:
			st.Conditions = append(st.Conditions, *finished)
			finished = c.condition(batchv1.JobFailed, finished.Reason, finished.Message)
		case batchv1.JobSuccessCriteriaMet:
			if jobCondition(&st, batchv1.JobSuccessCriteriaMet) == nil {
				st.Conditions = append(st.Conditions, *finished)
			}
			finished = c.condition(batchv1.JobComplete, finished.Reason, finished.Message)
		}
	}
	if len(uncount) > 0 {
		jb.backoff = backoff // flushUncountedAndRemoveFinalizers
	}
	c.setStatus(jb, st)
	for _, p := range uncount {
		c.api.removeFinalizer(p, jobTrackingFinalizer)
	}
	// enactJobFinished: not while pods terminate.
	if finished != nil && terminating == 0 {
		st = *j.Status.DeepCopy()
		if jobCondition(&st, finished.Type) == nil {
			st.Conditions = append(st.Conditions, *finished)
		}
		if finished.Type == batchv1.JobComplete {
			t := finished.LastTransitionTime
			st.CompletionTime = &t
		}
		c.setStatus(jb, st)
		jb.done = true
		c.jobFinished(jb) // the TTL-after-finished controller's updateJob
		if finished.Type == batchv1.JobComplete {
			c.api.recordObjectEvent("Job", &j.ObjectMeta, corev1.EventTypeNormal, "Completed", "Job completed", jobControllerComponent)
		} else {
			c.api.recordObjectEvent("Job", &j.ObjectMeta, corev1.EventTypeWarning, finished.Reason, finished.Message, jobControllerComponent)
		}
	}
}

// manageJob creates the pods the Job lacks (manageJob): parallelism of
// them, or the completions left; with podReplacementPolicy Failed the
// terminating pods count as active (onlyReplaceFailedPods). While the
// pod failure back-off runs, none is created: the Job is synced again
// when it ends (enqueueSyncJobWithDelay, at least a second). It returns
// the active pods. (Too many active pods, which only a smaller
// parallelism makes, is not modelled.)
func (c *jobController) manageJob(jb *job, active []*corev1.Pod, succeeded, terminating int32, backoff backoffRecord) int32 {
	j := jb.j
	n := int32(len(active))
	var want int32
	if j.Spec.Completions == nil {
		want = *j.Spec.Parallelism
		if succeeded > 0 {
			want = n
		}
	} else {
		want = max(0, min(*j.Spec.Completions-succeeded, *j.Spec.Parallelism))
	}
	if *j.Spec.PodReplacementPolicy != batchv1.Failed {
		terminating = 0
	}
	diff := want - terminating - n
	if diff <= 0 {
		return n
	}
	if rest := backoff.remaining(c.env.wall(c.env.now).Time); rest > 0 {
		c.enqueueAfter(jb, max(rest, syncJobBatchPeriod))
		return n
	}
	for batch := min(diff, 1); diff > 0; batch = min(2*batch, diff) {
		failedBatch := false
		for range batch {
			if c.create(jb) {
				n++
			} else {
				failedBatch = true
			}
		}
		if failedBatch {
			break
		}
		diff -= batch
	}
	return n
}

// create is CreatePodsWithGenerateName for the Job: the template with
// the tracking finalizer, the Job as controller, "<job>-" and five random
// characters; a refusal is a FailedCreate event.
func (c *jobController) create(jb *job) bool {
	p := jb.template.DeepCopy()
	p.Finalizers = append(p.Finalizers, jobTrackingFinalizer)
	p.OwnerReferences = []metav1.OwnerReference{*metav1.NewControllerRef(jb.j, batchv1.SchemeGroupVersion.WithKind("Job"))}
	p.GenerateName = jb.j.Name + "-"
	p.Name = generateName(c.env, c.api, p.GenerateName)
	if err := c.api.createPod(p); err != nil {
		c.api.recordObjectEvent("Job", &jb.j.ObjectMeta, corev1.EventTypeWarning, "FailedCreate", "Error creating: "+err.Error(), jobControllerComponent)
		return false
	}
	jb.created = append(jb.created, p.Name)
	c.api.recordObjectEvent("Job", &jb.j.ObjectMeta, corev1.EventTypeNormal, "SuccessfulCreate", "Created pod: "+p.Name, jobControllerComponent)
	return true
}

// isPodFailed is isPodFailed: Failed, or, unless only failed pods are
// replaced (podReplacementPolicy Failed), being deleted without having
// succeeded.
func (c *jobController) isPodFailed(p *corev1.Pod, j *batchv1.Job) bool {
	if p.Status.Phase == corev1.PodFailed {
		return true
	}
	if *j.Spec.PodReplacementPolicy == batchv1.Failed {
		return false
	}
	return p.DeletionTimestamp != nil && p.Status.Phase != corev1.PodSucceeded
}

// matchPodFailurePolicy is pod_failure_policy.go matchPodFailurePolicy:
// the first rule matching the failed pod decides; a FailJob rule gives
// the Job's failure message, an Ignore rule makes the failure not count.
// With no policy, or no rule matching, the failure counts.
func matchPodFailurePolicy(j *batchv1.Job, p *corev1.Pod) (msg string, count bool, action batchv1.PodFailurePolicyAction) {
	pfp := j.Spec.PodFailurePolicy
	if pfp == nil {
		return "", true, ""
	}
	for i, r := range pfp.Rules {
		var matched string
		switch {
		case r.OnExitCodes != nil:
			cs := exitCodeMatch(p, r.OnExitCodes)
			if cs == nil {
				continue
			}
			matched = fmt.Sprintf("Container %s for pod %s/%s failed with exit code %v matching %v rule at index %d",
				cs.Name, p.Namespace, p.Name, cs.State.Terminated.ExitCode, r.Action, i)
		case len(r.OnPodConditions) > 0:
			cond := conditionMatch(p, r.OnPodConditions)
			if cond == nil {
				continue
			}
			matched = fmt.Sprintf("Pod %s/%s has condition %v matching %v rule at index %d", p.Namespace, p.Name, cond.Type, r.Action, i)
		default:
			continue
		}
		switch r.Action {
		case batchv1.PodFailurePolicyActionIgnore:
			return "", false, r.Action
		case batchv1.PodFailurePolicyActionCount:
			return "", true, r.Action
		case batchv1.PodFailurePolicyActionFailJob:
			return matched, true, r.Action
		}
	}
	return "", true, ""
}

// exitCodeMatch is matchOnExitCodes: a terminated container (a regular
// one first, then an init container) with a non-zero exit code the rule
// matches.
func exitCodeMatch(p *corev1.Pod, req *batchv1.PodFailurePolicyOnExitCodesRequirement) *corev1.ContainerStatus {
	for _, list := range [][]corev1.ContainerStatus{p.Status.ContainerStatuses, p.Status.InitContainerStatuses} {
		for i := range list {
			cs := &list[i]
			t := cs.State.Terminated
			if t == nil || t.ExitCode == 0 || (req.ContainerName != nil && *req.ContainerName != cs.Name) {
				continue
			}
			in := slices.Contains(req.Values, t.ExitCode)
			if (req.Operator == batchv1.PodFailurePolicyOnExitCodesOpIn) == in {
				return cs
			}
		}
	}
	return nil
}

// conditionMatch is matchOnPodConditions.
func conditionMatch(p *corev1.Pod, patterns []batchv1.PodFailurePolicyOnPodConditionsPattern) *corev1.PodCondition {
	for i := range p.Status.Conditions {
		c := &p.Status.Conditions[i]
		for _, pat := range patterns {
			if c.Type == pat.Type && c.Status == pat.Status {
				return c
			}
		}
	}
	return nil
}

// failJobMessage is getFailJobMessage: the message of the first failed
// pod a FailJob rule matches.
func failJobMessage(j *batchv1.Job, pods []*corev1.Pod, failed func(*corev1.Pod, *batchv1.Job) bool) (string, bool) {
	if j.Spec.PodFailurePolicy == nil {
		return "", false
	}
	for _, p := range pods {
		if !failed(p, j) {
			continue
		}
		if msg, _, action := matchPodFailurePolicy(j, p); action == batchv1.PodFailurePolicyActionFailJob {
			return msg, true
		}
	}
	return "", false
}

// pastBackoffLimitOnFailure: with restartPolicy OnFailure, the restarts
// of the pods still Pending or Running reach backoffLimit (pass 0 when it
// is 0).
func pastBackoffLimitOnFailure(j *batchv1.Job, pods []*corev1.Pod) bool {
	if j.Spec.Template.Spec.RestartPolicy != corev1.RestartPolicyOnFailure {
		return false
	}
	var n int32
	for _, p := range pods {
		if p.Status.Phase != corev1.PodRunning && p.Status.Phase != corev1.PodPending {
			continue
		}
		for _, list := range [][]corev1.ContainerStatus{p.Status.InitContainerStatuses, p.Status.ContainerStatuses} {
			for _, cs := range list {
				n += cs.RestartCount
			}
		}
	}
	if *j.Spec.BackoffLimit == 0 {
		return n > 0
	}
	return n >= *j.Spec.BackoffLimit
}

// next is podBackoffStore.newBackoffRecord: new successes reset the
// failures but those after the last success; new failures (ignored ones
// too: the record counts every failed pod) add to them, the last one's
// finish time kept.
func (b backoffRecord) next(succeeded, failed []*corev1.Pod) backoffRecord {
	if len(failed) == 0 {
		if len(succeeded) > 0 {
			return backoffRecord{}
		}
		return b
	}
	lastFail := finishedTime(failed[0])
	for _, p := range failed[1:] {
		if t := finishedTime(p); t.After(lastFail) {
			lastFail = t
		}
	}
	if len(succeeded) == 0 {
		return backoffRecord{failures: b.failures + int32(len(failed)), last: lastFail}
	}
	lastSuccess := finishedTime(succeeded[0])
	for _, p := range succeeded[1:] {
		if t := finishedTime(p); t.After(lastSuccess) {
			lastSuccess = t
		}
	}
	out := backoffRecord{}
	for _, p := range failed {
		if t := finishedTime(p); t.After(lastSuccess) {
			out.failures++
			if t.After(out.last) {
				out.last = t
			}
		}
	}
	return out
}

// remaining is getRemainingTime: 10 s doubling with each failure since
// the last success, at most 10 minutes, counted from the last failure.
func (b backoffRecord) remaining(now time.Time) time.Duration {
	if b.failures == 0 {
		return 0
	}
	d := defaultJobPodBackOff
	for i := int32(1); i < b.failures; i++ {
		d *= 2
		if d >= maxJobPodBackOff {
			d = maxJobPodBackOff
			break
		}
	}
	elapsed := now.Sub(b.last)
	if d < elapsed {
		return 0
	}
	return d - elapsed
}

// finishedTime is getFinishedTime, as the API gives times (whole
// seconds): the last container's finishedAt when every container has
// one, else the time the pod stopped being Ready, else the delete's,
// else its creation.
func finishedTime(p *corev1.Pod) time.Time {
	var last time.Time
	all := len(p.Status.ContainerStatuses) > 0
	for _, cs := range p.Status.ContainerStatuses {
		t := cs.State.Terminated
		if t == nil || t.FinishedAt.IsZero() {
			all = false
			break
		}
		if t.FinishedAt.After(last) {
			last = t.FinishedAt.Time
		}
	}
	if all {
		return apiSeconds(metav1.NewTime(last))
	}
	if c := podConditionOf(&p.Status, corev1.PodReady); c != nil && c.Status == corev1.ConditionFalse && !c.LastTransitionTime.IsZero() {
		return apiSeconds(c.LastTransitionTime)
	}
	if p.DeletionTimestamp != nil {
		g := int64(0)
		if p.DeletionGracePeriodSeconds != nil {
			g = *p.DeletionGracePeriodSeconds
		}
		return apiSeconds(*p.DeletionTimestamp).Add(-time.Duration(g) * time.Second)
	}
	return apiSeconds(p.CreationTimestamp)
}

func jobCondition(st *batchv1.JobStatus, t batchv1.JobConditionType) *batchv1.JobCondition {
	for i := range st.Conditions {
		if st.Conditions[i].Type == t {
			return &st.Conditions[i]
		}
	}
	return nil
}

// condition is newCondition at the current time, as the API stores it.
func (c *jobController) condition(t batchv1.JobConditionType, reason, message string) *batchv1.JobCondition {
	now := metav1.NewTime(apiSeconds(c.env.wall(c.env.now)))
	return &batchv1.JobCondition{Type: t, Status: corev1.ConditionTrue, LastProbeTime: now, LastTransitionTime: now, Reason: reason, Message: message}
}

// setStatus writes the Job's status when it changed: its new conditions
// go on the timeline, and the write syncs it again a second later
// (updateJob: enqueueSyncJobBatched) unless it is finished.
func (c *jobController) setStatus(jb *job, st batchv1.JobStatus) {
	old := jb.j.Status
	if equalJobStatus(&old, &st) {
		return
	}
	jb.j.Status = st
	for _, cond := range st.Conditions {
		if jobCondition(&old, cond.Type) == nil {
			c.api.recordObjectCondition("Job", jb.j.Name, string(cond.Type), string(cond.Status), cond.Reason, cond.Message)
		}
	}
	if jobCondition(&st, batchv1.JobComplete) == nil && jobCondition(&st, batchv1.JobFailed) == nil {
		c.enqueueAfter(jb, syncJobBatchPeriod)
	}
}

func equalJobStatus(a, b *batchv1.JobStatus) bool {
	eq := func(x, y *int32) bool { return (x == nil) == (y == nil) && (x == nil || *x == *y) }
	return a.Active == b.Active && a.Succeeded == b.Succeeded && a.Failed == b.Failed && eq(a.Ready, b.Ready) &&
		eq(a.Terminating, b.Terminating) && len(a.Conditions) == len(b.Conditions) && (a.StartTime == nil) == (b.StartTime == nil)
}
