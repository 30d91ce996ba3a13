package sim

import (
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/flowcontrol"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/kubelet/periods"
	"github.com/podlife/podlife/pkg/timeline"
)

// kubelet is one node's kubelet: it admits the pods bound to its node and
// runs a pod worker for each (pkg/kubelet/kubelet.go, pod_workers.go).
type kubelet struct {
	env *env
	// resizes are the pods whose resize is pending (the allocation
	// manager's podsWithPendingResizes; resize.go).
	resizes []*podWorker
	// resizeTick is the allocation manager's next retry while a resize is
	// pending, resizeTickFrom when its ticker ticks next (resize.go).
	resizeTick     *timer
	resizeTickFrom time.Duration
	// api is the kubelet's client of the API server; it hears of its
	// pods only through its watch (podWatch).
	api *apiServer
	// profile is the kubelet release's behaviour (set before the first
	// pod, Simulator.SetVersions); parsed the behaviours parsed from pod
	// specs, shared by every kubelet (runnable.go).
	profile *Profile
	parsed  *parseCache
	// index is the node's place among the cluster's nodes (its pod CIDR).
	index int
	// pidLimit is the node's process-id limit (0: nodeMaxPID).
	pidLimit int64
	node     *corev1.Node
	workers  map[types.UID]*podWorker
	// hostIPs is the node's InternalIP (nodeIP), as pod statuses show it.
	hostIPs []corev1.HostIP
	podIPs  int
	// crashBackOff and imageBackOff are the kubelet's two back-offs
	// (NewMainKubelet), client-go's flowcontrol.Backoff on virtual time.
	crashBackOff *flowcontrol.Backoff
	imageBackOff *flowcontrol.Backoff
	// images present on the node (the agent's is loaded), by reference.
	images     map[string]bool
	pullErrors map[string]string
	// active sums what the active pods request (admission.go).
	active activeRequests

	// The kubelet's managers, each owning its state of the pods: the
	// PLEG (pleg.go), the prober manager (prober.go), the status manager
	// (statusmanager.go) and the reason cache (reason_cache.go). The
	// runtime's state of a pod is its worker's runtimePod (runtime.go).
	pleg    pleg
	prober  *proberManager
	status  *statusManager
	reasons reasonCache
	// syncPhase is the sync loop's ticker's offset in its second, drawn
	// the first time a resync needs it (syncTick); syncPhased tells it was.
	syncPhase  time.Duration
	syncPhased bool
	// hkPhase is the housekeeping ticker's offset in its period, drawn
	// the first time a cleanup needs it (housekeepingTick, static.go).
	hkPhase  time.Duration
	hkPhased bool

	// The eviction manager, usage, static pods (nodeside.go).
	nodeSide
}

func newKubelet(e *env, api *apiServer, profile *Profile, parsed *parseCache, index int, node *corev1.Node) *kubelet {
	k := &kubelet{
		env: e, api: api, profile: profile, parsed: parsed, index: index, node: node, workers: map[types.UID]*podWorker{},
		hostIPs:      []corev1.HostIP{{IP: nodeIP(node)}},
		crashBackOff: newCrashLoopBackOff(e),
		imageBackOff: newImageBackOff(e),
		images:       map[string]bool{behavior.Image: true},
		pullErrors:   map[string]string{},
		// The allocation manager's ticker starts with the kubelet.
		resizeTickFrom: e.now + resizeInitialRetryDelay,
	}
	k.status = newStatusManager(k)
	k.prober = newProberManager(e, profile, k.probeResult)
	k.pleg.deliver = k.plegEvent
	return k
}

// podWatch is the API config source reaching the sync loop:
// HandlePodAdditions, HandlePodUpdates and HandlePodRemoves. A mirror
// pod's change goes to the static pods' handling (static.go).
func (k *kubelet) podWatch(p *corev1.Pod, t watchType) {
	if isMirrorPod(p) {
		k.mirrorPodChanged(p, t)
		return
	}
	w := k.workers[p.UID]
	switch t {
	case watchAdded:
		if w == nil {
			k.handlePodAddition(p)
		}
	case watchModified:
		if w != nil {
			w.observe(p)
		}
	case watchDeleted:
		if w != nil {
			w.removed = true
			w.observe(p)
		}
	}
}

// plegEvent is the sync loop's handling of a PLEG event: the pod's
// worker syncs (HandlePodSyncs).
func (k *kubelet) plegEvent(uid types.UID, e plegEvent) {
	if w := k.workers[uid]; w != nil {
		w.plegEvent(e)
	}
}

// probeResult is the sync loop's and the status manager's handling of a
// committed probe result (the results managers' Updates()): readiness
// and startup reach the status manager at once (SetContainerReadiness,
// SetContainerStartup); a liveness or startup failure, or a startup
// success, makes the pod sync (syncLoopIteration, handleProbeSync).
func (k *kubelet) probeResult(uid types.UID, kind probeKind, r result) {
	w := k.workers[uid]
	if w == nil {
		return
	}
	switch {
	case kind == readinessProbe:
		k.status.setContainerReadiness(w)
	case kind == startupProbe:
		k.status.setContainerReadiness(w)
		w.queueSync()
	case r == resultFailure:
		w.queueSync()
	}
}

// handlePodAddition admits the pod and hands it to a new pod worker
// (HandlePodAdditions). A pod that is already terminal is not admitted.
func (k *kubelet) handlePodAddition(p *corev1.Pod) {
	if p.Status.Phase == corev1.PodSucceeded || p.Status.Phase == corev1.PodFailed {
		return
	}
	old := k.runtimeLeft[p.UID]
	if !k.canAdmitPod(k.checkpointed(p, old)) { // admission.go
		return
	}
	k.env.record(timeline.Event{Pod: p.Name, Kind: timeline.Admitted})
	w := newPodWorker(k, p)
	if old != nil {
		w.rt.adopt(old) // runtime.go: the runtime's containers of before a reboot (power.go)
		w.requests = k.podRequests(w.allocatedPod())
	}
	k.workers[p.UID] = w
	k.active.admitted(w)
	w.observe(p)
}

// syncTick is the sync loop's first tick at or after t (kubelet.go
// syncLoop: a ticker every second, started with the kubelet, whose phase
// the scenario cannot know: drawn once).
func (k *kubelet) syncTick(t time.Duration) time.Duration {
	if !k.syncPhased {
		k.syncPhase = time.Duration(k.env.rng.Int63n(int64(syncLoopPeriod)))
		k.syncPhased = true
	}
	n := (t - k.syncPhase + syncLoopPeriod - 1) / syncLoopPeriod
	return k.syncPhase + n*syncLoopPeriod
}

// syncLoopPeriod is the sync loop's ticker (kubelet.go syncLoop),
// declared with the kubelet's other periods.
const syncLoopPeriod = periods.SyncLoopTick

// nextResync is when the pod's next periodic sync comes, after a sync
// now: completeWork (pod_workers.go) enqueues the pod a resync interval
// after each sync, stretched by up to 50 %
// (workerResyncIntervalJitterFactor), and the sync loop takes the pods
// due at its next tick (kubelet.go syncLoop, syncTicker, every second).
// The span is the range the draw could have given.
func (k *kubelet) nextResync() (time.Duration, span) {
	now := k.env.now
	at := k.syncTick(now + k.env.jitter(resyncInterval, workerResyncIntervalJitterFactor))
	return at, span{k.syncTick(now + resyncInterval), k.syncTick(now + jitterMax(resyncInterval, workerResyncIntervalJitterFactor))}
}
