// Package sim is a discrete-event simulator of a Kubernetes cluster's pod
// lifecycle: an API server, the default scheduler, the node-lifecycle,
// taint-eviction, disruption and ReplicaSet controllers, and a kubelet per
// node, each modelled on its Kubernetes counterpart (v1.36.3, or the
// kubelet profile's release) and citing in comments the source file and
// function of every rule it applies; docs/fidelity.md lists them.
//
// # Components
//
//   - API server (api.go, api_notify.go, defaults.go, events.go, podcopy.go
//     with equalplan.go, conditions.go): the store with resource versions; Priority and
//     DefaultTolerationSeconds admission, defaulting, validation; graceful
//     deletion; the binding subresource; status patches; the eviction
//     subresource (disruption.go, evictionREST); watches and node Leases
//     (api_notify.go); Kubernetes Events with the correlator's counts; the
//     STATUS column (pkg/printer).
//   - Scheduler (scheduler.go, scheduler_cache.go, scheduler_preemption.go):
//     activeQ, backoffQ, unschedulable pods and queueing hints; the filters
//     NodeUnschedulable, TaintToleration, NodeAffinity, NodeResourcesFit;
//     scores, ties broken at random; DefaultPreemption.
//   - Controllers: node lifecycle and taint eviction (nodelifecycle.go:
//     leases, NotReady, condition taints, tolerationSeconds); disruption.go
//     (PodDisruptionBudgets, the Eviction API), replicaset.go, drain.go.
//   - Kubelet (kubelet.go, nodeside.go): admission (admission.go;
//     kubelet_preemption.go for critical pods) and its managers, each
//     owning its state of the pods and modelled on its upstream
//     counterpart: one pod worker per pod (pod_workers.go: syncing, then
//     terminating, then terminated; grace, sync scheduling, requeue,
//     deadline), whose sync is Kubelet.SyncPod and hands the runtime's
//     SyncPod its kills and starts one after the other (syncrun.go); the
//     runtime (runtime.go, runtime_sync.go's computePodActions, kill.go's
//     KillPod and killContainer, with backoff.go, images.go, oom.go): the
//     sandboxes, containers, instances, hooks and kills, the only
//     component that starts processes and signals them, each process
//     following its pkg/behavior arguments (runnable.go); the PLEG
//     (pleg.go), which hands the runtime's starts and exits to the pod
//     workers; the prober manager (prober.go), whose results reach the
//     kubelet as updates; the status manager (statusmanager.go) with its
//     cache of the pods' API records, writing the statuses generated in
//     status.go; the reason cache (reason_cache.go); killpod.go (kills
//     the kubelet starts itself); the eviction manager is eviction.go and
//     eviction_helpers.go (its thresholds from a parsed pkg/evictionapi
//     configuration) over stats.go's usage, with the pressure conditions
//     in nodestatus.go; static and mirror pods are static.go; node
//     actions node_actions.go; versions profile*.go.
//
// # How a pod moves
//
// Simulator.CreatePod (sim.go) reaches the API server, which stores the pod
// Pending; its watch event puts it in the scheduler's queue (a pod with
// spec.nodeName goes straight to its kubelet's watch). A scheduling cycle
// binds it: PodScheduled is set and the node's kubelet, whose watch now
// matches the pod, admits it and gives it a pod worker. Each sync computes the status, writes what changed to the
// API server, creates the sandbox and starts init containers, sidecars and
// containers; the runtime reports exits to the PLEG, which hands them to
// the worker, which syncs again.
// DeletePod sets the deletion timestamp; the kubelet sees it and
// terminates the worker (preStop hooks, signals, exits), publishes the
// terminal status once every container has stopped, and deletes the pod
// with grace 0; the API server removes it. Evictions, preemption, taint
// evictions and drains take the same path, as an API delete or as a kill
// the kubelet starts itself. Each step is recorded on the timeline
// (pkg/timeline) at the virtual time it happens.
//
// Components know each other as a cluster's do. Each holds the runtime
// they share (env.go: the clock, the event queue, the random source and
// the timeline recorder), its client of the API server, and the peers it
// talks to; none holds the Simulator, whose methods are the scenario's
// façade (internal/designrules checks both). The API server knows no
// component by name: the scheduler, the node-lifecycle, disruption and
// ReplicaSet controllers register watches on pods and nodes, and each
// kubelet a watch on its node's pods (api_notify.go); every write
// publishes a typed event that reaches them later in the same instant,
// through the event queue, in the order of the writes. The scheduler's
// cache is its own, fed by its watch, and counts a pod it binds at once
// (the assume step). The node-lifecycle controller reads the nodes'
// Leases from the API server. The API server's store is its own: the
// other files read it only through its methods (pod, node, podNames,
// boundTo, …: a component's GETs and LISTs) and write through its
// writes. Kubelets still GET from it where the real ones read their
// informers' caches (a config map, a secret, the pod's current version).
//
// # Where time comes from
//
// No wall clock, no goroutine (internal/designrules checks it). The clock
// is virtual: Simulator.now, from Epoch, to which API timestamps are
// relative. The event queue (queue.go) is a heap of timers ordered by
// (time, sequence number) and a FIFO of work for later in the current
// instant, so that one instant's events run in causal order. Step runs one
// instant; RunUntil and Settle step until a condition holds, a deadline
// passes, or only periodic work (probe ticks, resyncs) is left. Every
// random choice (pod worker jitter, back-off requeues, scheduler ties, the
// order of the eviction manager's map-ordered lists, generated names)
// comes from one math/rand source seeded by Config.Seed: the same seed
// gives the same timeline, byte for byte. drawn.go keeps, for an event
// whose time was drawn, the range other draws could have given. client-go's
// back-off runs on the virtual clock (backoff.go, virtualClock).
//
// # What a large cluster costs
//
// A simulator of 100,000 pods holds them all, so what each pod keeps and
// makes counts (BenchmarkLifecyclePerCPU, docs/performance.md): API
// objects are never modified in place, so statuses share what does not
// change (condition lists between pods, env.go condLists; container
// states from status to status), the timeline and the Events are compact
// records, and components that keep setting a timer own one (env.rearm).
// A gone pod leaves nothing behind but its records (TestGonePodsAreFreed).
// Fewer allocations are not always less work for the collector: putting
// a pod's containers in one slab, or a hook's run inside the instance,
// measured slower (alternated pairs, 2026-11-27): the slab is larger than
// the 512 bytes up to which Go's collector marks objects a span at a
// time, and a run kept inside what outlives it keeps its callbacks alive.
// Nor is the count of objects what it follows: timers that fire their
// owner instead of a closure made 18 objects fewer per pod and no
// difference in CPU; the bytes allocated and the live heap are what it
// marks. A pod's name and UID are looked up by address (the timeline's
// string table) or by a shortcut to the last object (the Events' store):
// handing each recorder the pod's indexes measured no faster. A pod's
// remaining cost is mostly memory latency on its scattered objects, each
// touched once per step of every pod in turn.
package sim
