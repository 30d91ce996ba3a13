package sim

import (
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// syncRun is the rest of SyncPod: the kills and starts computePodActions
// asked for, one after the other. A kill waits for its container to stop,
// a start for its postStart hook; meanwhile the pod worker is busy
// (pkg/kubelet/kuberuntime/kuberuntime_manager.go SyncPod steps 2-7,
// kuberuntime_container.go startContainer runs postStart before it
// returns; v1.36.3).
type syncRun struct {
	w       *podWorker
	actions []action
	hook    *hookRun
	kill    *ctrKill
	changed bool // something started or stopped: PLEG brings a new sync
	errs    []*startError
	aborted bool
	// span and drawn are the sync's (syncSpan), at when it came.
	span  span
	drawn bool
	at    time.Duration
}

// spanNow is when this point of the run could have come: the sync's span
// moved by the hooks and kills waited for since, whose lengths were not
// drawn.
func (r *syncRun) spanNow() span {
	if !r.span.ok() {
		return span{}
	}
	return r.span.shift(r.w.k.env.now - r.at)
}

// drawnNow is spanNow when the sync's own time was drawn: what happens in
// every world where the sync comes (a BackOff, the requeue after a failed
// sync) moves with it only then.
func (r *syncRun) drawnNow() span {
	if !r.drawn {
		return span{}
	}
	return r.spanNow()
}

func (r *syncRun) next() {
	w := r.w
	for len(r.actions) > 0 && !r.aborted {
		a := r.actions[0]
		r.actions = r.actions[1:]
		if a.kill {
			if !a.c.running() {
				continue
			}
			r.changed = true
			w.blocked = r
			r.kill = w.rt.killContainer(a.c, a.reason, a.message, podGrace{deletion: w.deletionGrace}, nil, nil)
			r.kill.onStopped = func() { r.kill = nil; r.next() }
			return
		}
		inst, err := w.rt.startContainer(&a, r.spanNow(), r.drawnNow())
		if inst != nil {
			// A new instance: the prober's results are by container ID,
			// and it has none yet; one that runs has its readiness
			// worker run at once.
			w.k.prober.newInstance(a.c)
		}
		if err != nil {
			w.k.reasons.set(w.uid, a.c.name, err)
			r.errs = append(r.errs, err)
			r.changed = r.changed || inst != nil // a start that failed after create
			continue
		}
		// The sync's result clears the reason cache's entry of a
		// container that started (reasonCache.Update).
		w.k.reasons.remove(w.uid, a.c.name)
		r.changed = true
		if h := a.c.spec.Lifecycle; h != nil && h.PostStart != nil {
			w.blocked = r
			c := a.c
			r.hook = w.rt.runHook(c, inst, h.PostStart, func(failed bool) { r.postStartDone(c, failed) })
			return
		}
	}
	if r.aborted {
		return
	}
	w.blocked = nil
	if len(r.errs) > 0 {
		w.scheduleRequeue(r.errs, r.drawnNow())
	} else {
		// Nothing waits for a requeue: a later sync's time is not drawn.
		w.queue.requeueSpan = span{}
	}
	if r.changed {
		// The PLEG's next relist sees the started and stopped containers.
		w.k.pleg.report(w.uid, containerChanged)
	}
}

// postStartDone continues the run after the hook returned. A failed
// postStart emits FailedPostStartHook, kills the container with its preStop
// and no override, and leaves PostStartHookError as its reason
// (startContainer, step 4).
func (r *syncRun) postStartDone(c *ctr, failed bool) {
	w := r.w
	r.hook = nil
	if !failed {
		w.k.env.record(timeline.Event{Pod: w.pod.Name, Container: c.name, Kind: timeline.PostStartDone})
		r.next()
		return
	}
	w.rt.event(c, corev1.EventTypeWarning, "FailedPostStartHook", "PostStartHook failed")
	err := &startError{reason: "PostStartHookError", message: fmt.Sprintf("PostStartHook failed for container %q", c.name)}
	r.errs = append(r.errs, err)
	r.kill = w.rt.killContainer(c, killPostStart, "FailedPostStartHook", podGrace{deletion: w.deletionGrace}, nil, nil)
	r.kill.onStopped = func() {
		r.kill = nil
		w.k.reasons.set(w.uid, c.name, err)
		r.next()
	}
}

// abort ends a run because the pod is terminating: the sync's context is
// cancelled; a hook is abandoned, a kill in flight is left to the
// termination's own kill.
func (r *syncRun) abort() {
	r.aborted = true
	if r.hook != nil {
		r.hook.cancel()
	}
	if r.kill != nil {
		r.kill.cancel()
	}
	r.w.blocked = nil
	r.actions = nil
}
