package sim

import "k8s.io/apimachinery/pkg/types"

// pleg is the kubelet's pod lifecycle event generator
// (pkg/kubelet/pleg/generic.go, v1.36.3): the runtime reports to it what
// changed of a pod's sandbox and containers, and it hands the event to
// the pod worker of the pod, which syncs (syncLoopIteration's plegCh,
// HandlePodSyncs in kubelet.go).
//
// The generic PLEG finds the changes by relisting the runtime every
// second; the simulator's relist has latency 0, as the language promises
// (docs/language.md, Defaults): an event reaches the pod worker in the
// instant it happened. The starts and kills of one sync are seen by the
// relist that follows the sync (containerChanged), once for all of them,
// as a relist sees every change since the last.
type pleg struct {
	// deliver hands an event to the pod's worker (the kubelet's sync
	// loop); the PLEG knows no pod worker.
	deliver func(uid types.UID, e plegEvent)
}

// plegEvent is the PodLifecycleEventType the pod worker acts on.
type plegEvent int

const (
	// containerDied: a container's process exited (ContainerDied).
	containerDied plegEvent = iota
	// containerChanged: a sync started or stopped containers
	// (ContainerStarted, ContainerDied of the kills it made).
	containerChanged
	// sandboxChanged: the pod's sandbox was created or died (the
	// sandbox's ContainerStarted, ContainerDied).
	sandboxChanged
)

// report is the runtime's change of a pod, relisted at once.
func (g *pleg) report(uid types.UID, e plegEvent) { g.deliver(uid, e) }
