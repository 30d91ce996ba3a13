package sim

import (
	"slices"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// minimumGracePeriodInSeconds is the floor every container stop gets
// (pkg/kubelet/kuberuntime/kuberuntime_manager.go).
const minimumGracePeriodInSeconds = 2

// killReason is containerKillReason: it selects a probe's own grace period.
type killReason int

const (
	killUnknown killReason = iota
	killLiveness
	killStartup
	killPostStart
)

// podKill is killContainersWithSyncResult: every running container is
// killed in parallel; done runs when all have stopped.
type podKill struct {
	p         *runtimePod
	kills     []*ctrKill
	remaining int
	done      func()
	cancelled bool
}

// podGrace is what the kill's grace period comes from besides the spec:
// the pod's deletionGracePeriodSeconds as the kubelet last saw it, and
// the override of the kill (SyncTerminatingPod's grace period, an
// eviction's), nil when there is none.
type podGrace struct {
	deletion, override *int64
}

// killPod kills every running container of the pod (KillPod →
// killPodWithSyncResult → killContainersWithSyncResult) and calls done
// when all have stopped. With sidecars, a termination ordering makes each
// sidecar wait for the main containers and the sidecars defined after it
// (1.29+).
func (p *runtimePod) killPod(g podGrace, done func()) {
	running := p.runningCtrs()
	pk := &podKill{p: p, remaining: len(running), done: done}
	p.kill = pk
	var ord *ordering
	if p.hasSidecars() && p.k.profile.SidecarOrdering {
		ord = newOrdering(p, running)
	}
	for _, c := range running {
		pk.kills = append(pk.kills, p.killContainer(c, killUnknown, "", g, ord, pk))
	}
	if len(running) == 0 {
		p.env.soon(func() {
			if !pk.cancelled {
				pk.finished()
			}
		})
	}
}

func (p *runtimePod) hasSidecars() bool {
	for _, c := range p.ctrs {
		if c.sidecar {
			return true
		}
	}
	return false
}

// cancel stops a kill whose grace period was shortened: waits and timers
// are dropped; signals already sent stay sent.
func (pk *podKill) cancel() {
	pk.cancelled = true
	for _, k := range pk.kills {
		k.cancel()
	}
}

func (pk *podKill) containerStopped() {
	pk.remaining--
	if pk.remaining == 0 && !pk.cancelled {
		pk.finished()
	}
}

// finished: KillPod returns; the pod has no kill in flight.
func (pk *podKill) finished() {
	pk.p.kill = nil
	pk.done()
}

// ctrKill is killContainer for one container: Killing event, preStop within
// the grace, the sidecar's turn, the 2 s floor, then StopContainer (stop
// signal, SIGKILL after the timeout).
type ctrKill struct {
	p        *runtimePod
	c        *ctr
	inst     *instance
	pk       *podKill
	ord      *ordering
	grace    int64
	override *int64 // podGrace.override
	start    time.Duration
	hook     *hookRun
	// wait is the wait in progress, the preStop's limit then the stop
	// signal's timeout, each in turn.
	wait      timer
	inPreStop bool // the kubelet is waiting for the preStop hook
	waiting   bool
	// deadline is when the sidecar's wait for its turn runs out.
	deadline time.Duration
	// withoutTurn: the sidecar stops at the end of the grace, not after
	// its prerequisites (takeTurn, turnCame).
	withoutTurn bool
	stopping    bool
	stopped     bool
	cancelled   bool
	// onStopped runs once the container has stopped (a kill on its own,
	// outside a pod kill).
	onStopped func()
}

// killContainer (kuberuntime_container.go, 1.28+ order): the base grace
// from setTerminationGracePeriod; the override, when given, replaces it
// first; the preStop hook and the sidecar wait are taken out of it in whole
// seconds; the floor of 2 s comes last. Up to 1.27 the preStop ran on the
// base grace and the override replaced the result after the floor
// (PR #115835 changed the order).
func (p *runtimePod) killContainer(c *ctr, reason killReason, message string, g podGrace, ord *ordering, pk *podKill) *ctrKill {
	override := g.override
	k := &ctrKill{p: p, c: c, inst: c.inst, pk: pk, ord: ord, override: override}
	c.inst.kill = k
	k.grace = p.baseGrace(c, reason, g.deletion)
	if message == "" {
		message = p.k.parsed.containerMessages(c.name, p.k.profile.ContainerEventsUnnamed).stopping
	}
	p.event(c, corev1.EventTypeNormal, "Killing", message)
	if override != nil && p.k.profile.OverrideFirst {
		k.grace = *override
	}
	if h := c.spec.Lifecycle; h != nil && h.PreStop != nil && k.grace > 0 {
		k.runPreStop(h.PreStop)
	} else {
		k.takeTurn()
	}
	return k
}

// baseGrace is setTerminationGracePeriod: the pod's
// deletionGracePeriodSeconds if set; for a liveness or startup kill the
// probe's own terminationGracePeriodSeconds; the spec value; else 2.
func (p *runtimePod) baseGrace(c *ctr, reason killReason, deletion *int64) int64 {
	if deletion != nil {
		return *deletion
	}
	var probe *corev1.Probe
	switch reason {
	case killLiveness:
		probe = c.spec.LivenessProbe
	case killStartup:
		probe = c.spec.StartupProbe
	}
	if probe != nil && probe.TerminationGracePeriodSeconds != nil {
		return *probe.TerminationGracePeriodSeconds
	}
	if g := p.pod.Spec.TerminationGracePeriodSeconds; g != nil {
		return *g
	}
	return minimumGracePeriodInSeconds
}

// runPreStop is executePreStopHook: the kubelet waits for the hook at most
// the remaining grace, then takes the elapsed time, truncated to whole
// seconds, out of it. A failed hook emits FailedPreStopHook (without its
// output) whenever it returns.
func (k *ctrKill) runPreStop(h *corev1.LifecycleHandler) {
	p := k.p
	k.start = p.env.now
	k.inPreStop = true
	p.env.record(timeline.Event{Pod: p.name, Container: k.c.name, Kind: timeline.PreStopStarted})
	limit := time.Duration(k.grace) * time.Second
	k.hook = p.runHook(k.c, k.inst, h, func(failed bool) {
		if failed {
			p.event(k.c, corev1.EventTypeWarning, "FailedPreStopHook", "PreStopHook failed")
		}
		if failed {
			k.preStopReturned("hook failed")
		} else {
			k.preStopReturned("completed")
		}
	})
	if !k.inPreStop {
		return // the hook returned within runHook: nothing left to bound
	}
	p.env.rearm(&k.wait, limit, func() { k.preStopReturned("not completed in grace period") }, false)
}

// preStopReturned ends the wait for the hook, whichever came first: the
// hook's return or the end of the grace. A hook that returns later (it
// keeps running in the container) changes nothing.
func (k *ctrKill) preStopReturned(how string) {
	if k.cancelled || !k.inPreStop {
		return
	}
	k.inPreStop = false
	p := k.p
	p.env.cancel(&k.wait)
	p.env.record(timeline.Event{Pod: p.name, Container: k.c.name, Kind: timeline.PreStopDone, Message: how})
	k.grace -= p.since(k.start)
	k.takeTurn()
}

// takeTurn waits, for a sidecar, until its prerequisites have terminated,
// bounded by the remaining grace (terminationOrdering.waitForTurn).
//
// A sidecar that stops without its turn stops concurrently with the other
// kills (pkg/kubelet/kuberuntime/kuberuntime_container.go killContainer,
// v1.36.3: the wait is skipped when the preStop left no grace, `ordering
// != nil && gracePeriod > 0`; killContainersWithSyncResult runs each
// container's killContainer in its own goroutine): its SIGTERM carries
// timeline.WithoutTurn.
func (k *ctrKill) takeTurn() {
	if k.ord == nil || k.grace <= 0 {
		k.withoutTurn = k.ord != nil && k.c.sidecar
		k.stop()
		return
	}
	k.start = k.p.env.now
	k.deadline = k.start + time.Duration(k.grace)*time.Second
	k.waiting = true
	k.ord.waitForTurn(k, time.Duration(k.grace)*time.Second)
}

// turnCame is the end of the wait, by the prerequisites or by the timeout.
//
// The timeout is the end of the grace: a main container SIGKILLed then
// (its StopContainer's timeout ends at the same moment) terminates as the
// sidecar's timer fires, and which of the two goroutines goes first is not
// fixed (kuberuntime_termination_order.go waitForTurn, v1.36.3: a select on
// the prerequisites' channels and the remaining grace's timer). A turn that
// comes at the deadline, by either, is a stop without its turn; one that
// comes earlier, by the prerequisites, follows them.
func (k *ctrKill) turnCame() {
	if !k.waiting || k.cancelled {
		return
	}
	k.waiting = false
	k.withoutTurn = k.c.sidecar && k.p.env.now >= k.deadline
	k.grace -= k.p.since(k.start)
	k.stop()
}

// stop applies the floor and calls StopContainer: the stop signal now and
// SIGKILL when the timeout passes with the process still running. A
// container that already exited stops at once.
func (k *ctrKill) stop() {
	p := k.p
	if k.grace < minimumGracePeriodInSeconds {
		k.grace = minimumGracePeriodInSeconds
	}
	if k.override != nil && !p.k.profile.OverrideFirst {
		k.grace = *k.override
	}
	k.stopping = true
	if k.inst.state != instRunning {
		k.finish()
		return
	}
	msg := ""
	if k.withoutTurn {
		msg = timeline.WithoutTurn
	}
	p.sigterm(k.c, k.inst, msg)
	if k.inst.state != instRunning {
		return // exited on the spot; processExited finished the kill
	}
	inst := k.inst
	p.env.rearm(&k.wait, time.Duration(k.grace)*time.Second, func() {
		if inst.state == instRunning {
			p.sigkill(k.c, inst)
		}
	}, false)
}

// processExited is told by the runtime that the process ended. During the
// preStop an exec hook dies with it (handled by the hook); once stopping,
// the kill is complete.
func (k *ctrKill) processExited() {
	if k.stopping {
		k.finish()
	}
}

func (k *ctrKill) finish() {
	if k.stopped || k.cancelled {
		return
	}
	k.stopped = true
	k.p.env.cancel(&k.wait)
	if k.inst.kill == k {
		k.inst.kill = nil
	}
	if k.ord != nil {
		k.ord.terminated(k.c)
	}
	if k.pk != nil {
		k.pk.containerStopped()
	}
	if k.onStopped != nil {
		k.onStopped()
	}
}

func (k *ctrKill) cancel() {
	if k.stopped {
		return
	}
	k.cancelled = true
	k.p.env.cancel(&k.wait)
	if k.hook != nil {
		k.hook.cancel()
	}
	if k.ord != nil {
		k.ord.forget(k)
	}
	if k.inst.kill == k {
		k.inst.kill = nil
	}
}

// ordering is terminationOrdering
// (pkg/kubelet/kuberuntime/kuberuntime_termination_order.go): a sidecar's
// prerequisites are every main container and the sidecar defined after it;
// containers that were not running count as terminated already. It is
// kept by the containers' positions in the pod worker's list, which holds
// the init containers, then the others, each in their spec's order.
type ordering struct {
	p       *runtimePod
	done    []bool // terminated, or not running at the start
	waiters []*turnWait
}

type turnWait struct {
	k     *ctrKill
	timer *timer
}

func newOrdering(p *runtimePod, running []*ctr) *ordering {
	o := &ordering{p: p, done: make([]bool, len(p.ctrs))}
	for i, c := range p.ctrs {
		o.done[i] = !slices.Contains(running, c)
	}
	return o
}

// ready reports whether c's prerequisites have all terminated.
func (o *ordering) ready(c *ctr) bool {
	if !c.sidecar {
		return true
	}
	at := slices.Index(o.p.ctrs, c)
	for i, x := range o.p.ctrs {
		if !x.init && !o.done[i] {
			return false
		}
	}
	for i := at + 1; i < len(o.p.ctrs); i++ {
		if x := o.p.ctrs[i]; x.init && x.sidecar {
			return o.done[i] // the next sidecar, the one defined after c
		}
	}
	return true
}

// waitForTurn calls k.turnCame when the container's prerequisites have
// terminated or after limit, whichever comes first.
func (o *ordering) waitForTurn(k *ctrKill, limit time.Duration) {
	if o.ready(k.c) {
		k.turnCame()
		return
	}
	tw := &turnWait{k: k}
	tw.timer = o.p.env.after(limit, func() {
		o.remove(tw)
		k.turnCame()
	})
	o.waiters = append(o.waiters, tw)
}

// terminated is containerTerminated: it releases the waiters whose
// prerequisites are now all gone, in the order they started waiting.
func (o *ordering) terminated(c *ctr) {
	if i := slices.Index(o.p.ctrs, c); i >= 0 {
		o.done[i] = true
	}
	// Releasing a waiter may change the list: a copy is walked, made
	// only when someone is released (most terminations release nobody).
	if !slices.ContainsFunc(o.waiters, func(tw *turnWait) bool { return o.ready(tw.k.c) }) {
		return
	}
	for _, tw := range append([]*turnWait(nil), o.waiters...) {
		if o.ready(tw.k.c) {
			o.remove(tw)
			o.p.env.cancel(tw.timer)
			tw.k.turnCame()
		}
	}
}

func (o *ordering) forget(k *ctrKill) {
	for _, tw := range o.waiters {
		if tw.k == k {
			o.remove(tw)
			o.p.env.cancel(tw.timer)
			return
		}
	}
}

func (o *ordering) remove(tw *turnWait) {
	for i, x := range o.waiters {
		if x == tw {
			o.waiters = append(o.waiters[:i], o.waiters[i+1:]...)
			return
		}
	}
}
