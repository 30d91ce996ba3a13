package sim

import (
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// `kubectl cordon` and `kubectl drain`, as k8s.io/kubectl/pkg/drain does
// them (cordon.go, filters.go, drain.go): kubectl is a client, running in
// the scenario's virtual time.

// evictRetryDelay is kubectl drain's EvictErrorRetryDelay
// (pkg/cmd/drain/drain.go): 5 s between evictions a budget refused.
const evictRetryDelay = 5 * time.Second

// waitForDeleteInterval is waitForDelete's poll interval (1 s): drain
// returns when it has seen every evicted pod gone.
const waitForDeleteInterval = time.Second

// DrainOptions are kubectl drain's flags that the simulator models.
type DrainOptions struct {
	// Force deletes pods no controller manages (--force).
	Force bool
	// DeleteEmptyDirData evicts pods with emptyDir volumes
	// (--delete-emptydir-data).
	DeleteEmptyDirData bool
	// GracePeriodSeconds is --grace-period: -1 (the default) keeps each
	// pod's own.
	GracePeriodSeconds int64
	// Timeout is --timeout; 0 waits for ever.
	Timeout time.Duration
}

// DrainStatus is what a drain did so far.
type DrainStatus struct {
	Started time.Duration
	// Done is set when kubectl drain returned; Err is its error.
	Done   bool
	At     time.Duration
	Err    string
	Evicts []string
}

// drain is one `kubectl drain`: a client of the API server and its
// eviction subresource.
type drain struct {
	env     *env
	api     *apiServer
	evicter *evictionREST
	node    string
	opts    DrainOptions
	status  DrainStatus
	pending int
	errs    []string
}

// drainFilter is makeFilters' base filters in their order
// (k8s.io/kubectl/pkg/drain/filters.go, v0.36.3): skipDeleted (not
// modelled: SkipWaitForDeleteTimeoutSeconds is 0); daemonSetFilter, with
// --ignore-daemonsets, which the drain step always implies: a pod a
// DaemonSet controls is left where it is (its controller would only put
// it back), unless it has finished, or its DaemonSet is gone (the filter
// GETs it: NotFound), when --force deletes it as an orphan and no
// --force stops the drain with the GET's error; mirrorPod (skipped);
// localStorage and unreplicated, both of which let finished pods
// through. dsExists answers the filter's GET of a DaemonSet. It returns
// whether to evict the pod and, for a pod that stops the drain, why.
func drainFilter(p *corev1.Pod, opts DrainOptions, dsExists func(string) bool) (bool, string) {
	finished := isTerminal(p.Status.Phase)
	if ref := metav1.GetControllerOf(p); ref != nil && ref.Kind == "DaemonSet" && ref.APIVersion == "apps/v1" && !finished {
		if dsExists(ref.Name) {
			return false, ""
		}
		if !opts.Force {
			return false, fmt.Sprintf("daemonsets.apps %q not found", ref.Name)
		}
		// An orphan deleted with a warning; the next filters go on.
	}
	if isMirrorPod(p) {
		return false, ""
	}
	if !finished && !opts.DeleteEmptyDirData {
		for _, v := range p.Spec.Volumes {
			if v.EmptyDir != nil {
				return false, "Pods with local storage (use --delete-emptydir-data to override)"
			}
		}
	}
	if !finished && metav1.GetControllerOf(p) == nil && !opts.Force {
		return false, "Pods that declare no controller (use --force to override)"
	}
	return true, ""
}

// evictLoop is one pod's goroutine of evictPods.
func (d *drain) evictLoop(name string, uid types.UID) {
	if d.opts.Timeout > 0 && d.env.now-d.status.Started >= d.opts.Timeout {
		d.loopDone(fmt.Sprintf("error when evicting pods/%q: global timeout reached: %s", name, d.opts.Timeout))
		return
	}
	p := d.api.pod(name)
	if p == nil || p.UID != uid {
		d.loopDone("") // NotFound: nothing to evict
		return
	}
	opts := metav1.DeleteOptions{}
	if d.opts.GracePeriodSeconds >= 0 {
		g := d.opts.GracePeriodSeconds
		opts.GracePeriodSeconds = &g
	}
	err := d.evicter.evict(name, opts, "drain/"+d.node)
	switch {
	case err == nil:
		d.waitForDelete(name, uid)
	case apierrors.IsNotFound(err):
		d.loopDone("")
	case isTooManyRequests(err):
		d.env.after(evictRetryDelay, func() { d.evictLoop(name, uid) })
	default:
		d.loopDone(fmt.Sprintf("error when evicting pods/%q: %v", name, err))
	}
}

func isTooManyRequests(err error) bool {
	if e, ok := err.(*EvictionError); ok {
		return e.Code == 429
	}
	return apierrors.IsTooManyRequests(err)
}

// waitForDelete polls at once, then every second, until the pod is gone
// or another pod has its name.
func (d *drain) waitForDelete(name string, uid types.UID) {
	if p := d.api.pod(name); p == nil || p.UID != uid {
		d.loopDone("")
		return
	}
	d.env.after(waitForDeleteInterval, func() { d.waitForDelete(name, uid) })
}

func (d *drain) loopDone(err string) {
	if err != "" {
		d.errs = append(d.errs, err)
	}
	d.pending--
	if d.pending == 0 {
		d.finish(strings.Join(d.errs, "; "))
	}
}

func (d *drain) finish(err string) {
	d.status.Done, d.status.At, d.status.Err = true, d.env.now, err
}
