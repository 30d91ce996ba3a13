package sim

import (
	"fmt"
	"sort"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/evictionapi"
)

// What a scenario does to nodes: the kubelets' eviction configuration, the
// node's usage outside its pods, pressure, losing a node, restarting a
// kubelet. The Simulator's face for node operations: what an operator's
// client does (kubectl cordon, drain, taint and delete node,
// staging/src/k8s.io/kubectl/pkg/cmd, v1.36.3), a node's power, a
// kubelet restarted or upgraded in place, a static pod's manifest. The
// components that answer are in drain.go, nodelifecycle.go, podgc.go,
// power.go and static.go.

// SetEvictionConfig sets every kubelet's eviction configuration; it is
// only allowed before the first node. The configuration comes parsed
// (pkg/evictionapi); it is validated as the kubelet validates it at start
// (evictionapi.Config.Validate) and turned into the eviction manager's
// thresholds.
func (s *Simulator) SetEvictionConfig(cfg evictionapi.Config) error {
	if len(s.nodes) > 0 {
		return fmt.Errorf("the eviction configuration must be set before the first node")
	}
	ts, err := thresholdsOf(cfg)
	if err != nil {
		return err
	}
	s.eviction, s.thresholds = cfg, ts
	return nil
}

func (s *Simulator) kubeletOf(node string) (*kubelet, error) {
	k := s.byNode[node]
	if k == nil {
		return nil, fmt.Errorf("node %q does not exist", node)
	}
	return k, nil
}

// SetNodePIDLimit gives a node another process-id limit than
// nodeMaxPID (the node's kernel.pid_max): what pid.available is measured
// against.
func (s *Simulator) SetNodePIDLimit(node string, limit int64) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	if limit < 1 {
		return fmt.Errorf("node %q: a PID limit of %d", node, limit)
	}
	k.pidLimit = limit
	k.eviction.usageChanged()
	return nil
}

// SetNodeUsage sets what a node uses in all, pods included: memory (its
// working set, from which memory.available = capacity − working set) or
// ephemeral-storage (nodefs used). The part outside the pods is what is
// set; the pods' own usage keeps following their containers. A total below
// what the pods use leaves nothing outside them.
func (s *Simulator) SetNodeUsage(node string, r corev1.ResourceName, total resource.Quantity) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	switch r {
	case corev1.ResourceMemory:
		k.usage.memory = max(total.Value()-k.podsMemory(), 0)
	case corev1.ResourceEphemeralStorage:
		k.usage.disk = max(total.Value()-(k.diskUsed()-k.usage.disk), 0)
	default:
		return fmt.Errorf("node usage of %s is not modelled (memory, ephemeral-storage)", r)
	}
	k.eviction.usageChanged()
	return nil
}

// Pressure kinds for NodePressure.
const (
	MemoryPressure = "memory"
	DiskPressure   = "disk"
	PIDPressure    = "PID"
)

// NodePressure brings a node under pressure: usage outside the pods rises
// until the signal's available amount would be half the threshold (the
// hard threshold when there is one, else the soft) even with no pod using
// anything: memory.available for memory, nodefs.available for disk,
// pid.available for PID. What the pods use comes on top. The pressure holds
// until the scenario lowers the usage; evicting pods does not relieve it,
// as with a process hogging the node outside Kubernetes.
func (s *Simulator) NodePressure(node, kind string) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	var sig signal
	switch kind {
	case MemoryPressure:
		sig = sigMemoryAvailable
	case DiskPressure:
		sig = sigNodeFsAvailable
	case PIDPressure:
		sig = sigPIDAvailable
	default:
		return fmt.Errorf("pressure %q is not memory, disk or PID", kind)
	}
	var t *threshold
	for i := range s.thresholds {
		x := &s.thresholds[i]
		if x.signal == sig && (t == nil || (x.isHard() && !t.isHard())) {
			t = x
		}
	}
	if t == nil {
		return fmt.Errorf("the kubelet has no %s threshold: node %q cannot come under %s pressure", sig, node, kind)
	}
	obs := k.eviction.observe()[sig]
	q := t.value.QuantityFor(obs.capacity)
	target := q.Value() / 2
	switch kind {
	case MemoryPressure:
		k.usage.memory = max(obs.capacity-target, 0)
	case DiskPressure:
		k.usage.disk = max(obs.capacity-target, 0)
	case PIDPressure:
		k.usage.processes = max(obs.capacity-target, 0)
	}
	k.eviction.usageChanged()
	return nil
}

// NodeNotReady cuts a node off: its kubelet stops renewing its lease and
// posting status and no longer hears from the API server, while its
// containers keep running (a network partition or a crashed kubelet). The
// node-lifecycle controller notices after nodeMonitorGracePeriod.
func (s *Simulator) NodeNotReady(node string) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	if !k.down {
		k.cutOff()
	}
	return nil
}

// RestartKubelet restarts a node's kubelet. The containers keep running
// and the pods keep their status (started, ready): the pod workers pick up
// what the runtime and the status cache hold. The eviction manager starts
// afresh: its thresholds' first observations and the conditions' last
// observations are lost, so a soft threshold's grace period and the
// pressure transition period start over. Re-admission of the running
// pods is not modelled (the pods are admitted again as they were).
func (s *Simulator) RestartKubelet(node string) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	if k.down {
		return fmt.Errorf("node %q is cut off: its kubelet cannot be restarted", node)
	}
	s.api.recordNodeEvent(k.node, corev1.EventTypeNormal, "Starting", "Starting kubelet.", "kubelet")
	k.eviction.stop()
	k.eviction = newEvictionManager(k)
	k.eviction.start()
	// The allocation manager's retry ticker starts over (resize.go).
	k.resizeTickFrom = k.env.now + resizeInitialRetryDelay
	k.armResizeRetry()
	return nil
}

// NodeBack ends NodeNotReady: the node's kubelet runs again and reaches
// the API server, as a kubelet process started again does on a live
// node (kubelet.go Run): its "Starting" event, its node status with
// Ready True (setters.go ReadyCondition: postReady), its Lease renewed
// again (pkg/kubelet/nodelease), and the node-lifecycle controller lifts
// the unreachable taints at its next pass (monitorNodeHealth,
// doNoExecuteTaintingPass). Its config source lists the API's pods
// again (pkg/kubelet/config/apiserver.go: a reflector's list): a pod
// deleted meanwhile (the taint manager's deletion) is killed with its
// grace and finally deleted, one gone from the API is removed
// (HandlePodRemoves), a new one bound there is admitted. Its status
// manager starts with nothing cached, so its first sync of each pod
// writes the status it generates (status_manager.go syncPod), the
// Ready condition the controller had set False
// (nodelifecycle MarkPodsNotReady) among it. The containers kept
// running, and the pods keep their probe results as RestartKubelet
// keeps them (a real kubelet's readiness worker starts over and runs at
// once: prober_manager.go UpdatePodStatus, manualTriggerCh). What a
// restart starts afresh (the eviction manager, the resize retries) is
// RestartKubelet's.
func (s *Simulator) NodeBack(node string) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	switch {
	case k.off:
		return fmt.Errorf("node %q is off: a reboot brings it back (`node %q reboots for 1m`), a crash does not", node, node)
	case !k.down:
		return fmt.Errorf("node %q is not cut off: its kubelet already runs (`node %q becomes NotReady` first)", node, node)
	}
	k.down = false
	if err := s.RestartKubelet(node); err != nil {
		return err
	}
	s.api.startLease(node)
	s.api.watchNodePods(node, k)
	k.postReady()
	inAPI := map[types.UID]bool{}
	pods := s.api.podsOn(node)
	sort.Slice(pods, func(i, j int) bool { return podOlder(pods[i], pods[j]) })
	for _, p := range pods {
		inAPI[p.UID] = true
		if isMirrorPod(p) {
			continue
		}
		if k.workers[p.UID] == nil {
			k.podWatch(p, watchAdded)
			continue
		}
		k.podWatch(p, watchModified)
	}
	for _, w := range k.sortedWorkers() {
		if !inAPI[w.uid] && w.state != stateTerminated && !k.staticUID(w.uid) {
			k.podWatch(w.pod, watchDeleted)
		}
	}
	return nil
}

// staticUID: a static pod's worker, whose pod the kubelet reads from its
// manifest folder, not from the API (its mirror pod has a UID of its
// own).
func (k *kubelet) staticUID(uid types.UID) bool {
	for _, sp := range k.static {
		if sp.pod.UID == uid {
			return true
		}
	}
	return false
}

// TaintNode adds or removes a taint on a running node, as `kubectl taint`
// does.
func (s *Simulator) TaintNode(node string, t corev1.Taint, remove bool) error {
	n := s.api.node(node)
	if n == nil {
		return fmt.Errorf("node %q does not exist", node)
	}
	if t.Effect == corev1.TaintEffectNoExecute && !remove && t.TimeAdded == nil {
		now := s.wall(s.now)
		t.TimeAdded = &now
	}
	if !s.api.patchNode(node, func(n *corev1.Node) bool { return s.lifecycle.setTaint(n, t, !remove) }) && remove {
		return fmt.Errorf("node %q has no taint %s:%s", node, t.Key, t.Effect)
	}
	return nil
}

// LabelNode sets a label on a node, or removes it, as `kubectl label
// node` does (a PATCH of metadata.labels; an existing value is
// overwritten). The scheduler sees the change as a Node/UpdateNodeLabel
// event (scheduler.nodeLabelled). Nothing else acts on it: the kubelet
// checks a pod's nodeSelector and required node affinity only at
// admission (pkg/kubelet/lifecycle/predicate.go,
// predicateAdmitHandler.Admit and generalFilter, v1.36.3), which is why a pod
// running on the node stays when a label it selected goes
// (requiredDuringSchedulingIgnoredDuringExecution).
func (s *Simulator) LabelNode(node, key, value string, remove bool) error {
	n := s.api.node(node)
	if n == nil {
		return fmt.Errorf("node %q does not exist", node)
	}
	if _, had := n.Labels[key]; remove && !had {
		return fmt.Errorf("node %q has no label %q", node, key)
	}
	s.api.relabelNode(node, key, value, remove)
	return nil
}

// CordonNode marks a node unschedulable, as `kubectl cordon` does
// (drain.CordonHelper: a patch of spec.unschedulable); the node-lifecycle
// controller adds the unschedulable taint, the scheduler's
// NodeUnschedulable filter keeps new pods off.
func (s *Simulator) CordonNode(node string) error {
	n := s.api.node(node)
	if n == nil {
		return fmt.Errorf("node %q does not exist", node)
	}
	if n.Spec.Unschedulable {
		return nil // already cordoned: kubectl says so and patches nothing
	}
	s.api.patchNode(node, func(n *corev1.Node) bool {
		n.Spec.Unschedulable = true
		return true
	})
	return nil
}

// UncordonNode makes a node schedulable again, as `kubectl uncordon`
// does (drain.RunCordonOrUncordon with desired false: spec.unschedulable
// patched back to false); the node-lifecycle controller then takes the
// unschedulable taint off (doNoScheduleTaintingPass), and the scheduler
// moves the pods NodeUnschedulable held back to its active queue on the
// node's update (the node event, scheduler.go).
func (s *Simulator) UncordonNode(node string) error {
	n := s.api.node(node)
	if n == nil {
		return fmt.Errorf("node %q does not exist", node)
	}
	if !n.Spec.Unschedulable {
		return nil // not cordoned: kubectl says "already uncordoned"
	}
	s.api.patchNode(node, func(n *corev1.Node) bool {
		n.Spec.Unschedulable = false
		return true
	})
	return nil
}

// DrainNode starts `kubectl drain`: the node is cordoned, its pods are
// listed and filtered (mirror pods skipped; pods no controller manages
// refused without Force, pods with emptyDir without DeleteEmptyDirData:
// the drain then fails before evicting anything), then every pod is
// evicted at once, one client loop each (evictPods): a 429 is retried
// after 5 s, and each accepted eviction is followed by waitForDelete,
// polling every second until the pod is gone. The drain ends when the
// last loop ends; its status is DrainStatus.
func (s *Simulator) DrainNode(node string, opts DrainOptions) error {
	if err := s.CordonNode(node); err != nil {
		return err
	}
	if s.drains == nil {
		s.drains = map[string]*drain{}
	}
	if d := s.drains[node]; d != nil && !d.status.Done {
		return fmt.Errorf("node %q is being drained already", node)
	}
	d := &drain{env: s.env, api: s.api, evicter: s.evictionAPI, node: node, opts: opts, status: DrainStatus{Started: s.now}}
	s.drains[node] = d
	var evict []*corev1.Pod
	var refused []string
	for _, p := range s.api.podsOn(node) {
		ok, why := drainFilter(p, opts, s.daemonSetExists)
		if why != "" {
			refused = append(refused, fmt.Sprintf("%s: %s", why, p.Name))
		}
		if ok {
			evict = append(evict, p)
		}
	}
	if len(refused) > 0 {
		d.finish("cannot delete " + strings.Join(refused, ", "))
		return nil
	}
	d.pending = len(evict)
	if d.pending == 0 {
		d.finish("")
		return nil
	}
	for _, p := range evict {
		d.status.Evicts = append(d.status.Evicts, p.Name)
		s.soon(func() { d.evictLoop(p.Name, p.UID) })
	}
	return nil
}

// Drain returns the status of node's last drain.
func (s *Simulator) Drain(node string) (DrainStatus, bool) {
	d := s.drains[node]
	if d == nil {
		return DrainStatus{}, false
	}
	return d.status, true
}

// DeleteNode deletes a Node object, as `kubectl delete node` does. Only a
// node whose power is cut for good may go (a running or rebooting kubelet
// would register it again, which is not modelled). Its pods are left to
// the pod garbage collector.
func (s *Simulator) DeleteNode(node string) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	if !k.off || k.returning != nil {
		return fmt.Errorf("node %q still has a kubelet, which would register it again: only a crashed node's object may be deleted", node)
	}
	s.api.deleteNode(node)
	delete(s.byNode, node)
	if s.podGC == nil {
		s.podGC = &podGC{env: s.env, api: s.api, quarantined: map[string]time.Duration{}, deleted: map[string]time.Duration{}}
	}
	s.podGC.nodeDeleted(node)
	return nil
}

// RebootNode cuts a node's power now and brings it back after down: its
// kubelet, runtime and containers stop at once; at the return the runtime
// reports the old containers exited (255, Unknown) and a new kubelet
// starts, re-creates every sandbox and runs the pods again.
func (s *Simulator) RebootNode(node string, down time.Duration) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	if k.off {
		return fmt.Errorf("node %q is off already", node)
	}
	if down <= 0 {
		return fmt.Errorf("a reboot lasts some time: %s", down)
	}
	k.powerOff()
	k.returning = s.env.after(down, func() { s.powerOn(k) })
	return nil
}

// CrashNode cuts a node's power for good: it never comes back in the
// scenario. Its pods stay in the API as they were until the node-lifecycle
// and taint-eviction controllers act; a pod they delete stays Terminating,
// for no kubelet confirms its end, until the Node object is deleted
// (DeleteNode) or the pod is force deleted.
func (s *Simulator) CrashNode(node string) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	if k.off {
		return fmt.Errorf("node %q is off already", node)
	}
	k.powerOff()
	return nil
}

// powerOn brings a rebooted node back: the runtime reports the lost
// containers, and a new kubelet starts on the node (kubelet.go
// NewMainKubelet, Run): it posts the node's status (Ready, the Rebooted
// event of the MachineInfo setter for the new boot ID), renews its Lease,
// and lists its pods from the API and its static pods from the manifest
// folder. Each pod gets a new pod worker that finds the pod's old
// containers in the runtime, their sandbox not ready: computePodActions
// (kuberuntime_manager.go, PodSandboxChanged) re-creates the sandbox, runs
// the init containers again from the first and restarts the containers,
// their restartCount one more than the old container's
// (kuberuntime_container.go startContainer: the runtime's status of the
// container, kept on kind across the restart).
func (s *Simulator) powerOn(old *kubelet) {
	old.returning = nil
	n := s.api.node(old.node.Name)
	if n == nil {
		return // the Node object was deleted meanwhile (not allowed: DeleteNode)
	}
	k := newKubelet(s.env, s.api, &s.profile, s.parsed, old.index, n)
	k.evictionCfg, k.thresholds = old.evictionCfg, old.thresholds
	k.shutdownGroups = old.shutdownGroups
	// What is on the node's disk stays: its images, the runtime's
	// records, its emptyDirs' contents; the pod IP allocator's range goes
	// on. Usage outside the pods (processes, memory) does not survive.
	k.images, k.pullErrors, k.podIPs = old.images, old.pullErrors, old.podIPs
	k.usage.disk, k.usage.volumes = old.usage.disk, old.usage.volumes
	k.runtimeLeft = map[types.UID]*runtimePod{}
	for _, w := range old.sortedWorkers() {
		w.rt.recovered()
		k.runtimeLeft[w.uid] = w.rt
	}
	s.nodes[old.index] = k
	s.byNode[n.Name] = k
	s.api.recordNodeEvent(n, corev1.EventTypeNormal, "Starting", "Starting kubelet.", "kubelet")
	s.api.recordNodeEvent(n, corev1.EventTypeWarning, "Rebooted", fmt.Sprintf("Node %s has been rebooted, boot id: %s", n.Name, s.env.newUID()), "kubelet")
	k.startNodeSide()
	k.postReady()
	for _, sp := range old.static {
		k.static = append(k.static, &staticPod{k: k, pod: sp.pod, manifestName: sp.manifestName})
	}
	k.listPods()
}

// UpgradeKubelet replaces a node's kubelet with release version's, in
// place, its containers left running: the kubelet restarts
// (RestartKubelet) as that release's profile, and its first sync of each
// pod (HandlePodAdditions at start, then SyncPod) compares every running
// container's kept hash with the one its own release computes
// (computePodActions, containerChanged): a changed container is killed,
// with the pod's grace period and its preStop hook, and started again
// whatever the restart policy, its restart count one more; the others
// are kept. From 1.30 to 1.31 every container's hash changes (issue
// #129385: "All containers restart after kubelet upgrade to v1.31"; the
// maintainers' answer there: running containers are not supported across
// a minor kubelet upgrade, drain first, as the version skew policy says).
//
// Refused: a release the simulator does not model; the release the
// kubelet runs (that is a restart); an older one (Kubernetes documents
// kubelet upgrades only: the version skew policy and kubeadm's upgrade
// guide); one newer than the control plane (the version skew policy: a
// kubelet is never newer than its API server, as versionProfiles refuses
// of the tags).
func (s *Simulator) UpgradeKubelet(node, version string) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	p, err := ProfileFor(version)
	if err != nil {
		return err
	}
	switch from := k.profile; {
	case p.Minor == from.Minor:
		return fmt.Errorf("the kubelet on node %q runs %s already: the same release again is a restart (`the kubelet on node %q restarts`)", node, from.Version, node)
	case p.Minor < from.Minor:
		return fmt.Errorf("kubelet %s to %s on node %q is a downgrade: Kubernetes documents kubelet upgrades only (the version skew policy, kubeadm's upgrade guide), and podlife models none", from.Version, p.Version, node)
	case p.Minor > s.cp.Minor:
		return fmt.Errorf("a kubelet %s under a control plane %s is outside Kubernetes' version skew policy (a kubelet is never newer than its API server): tag the scenario @control-plane:%s or newer", p.Version, s.cp.Version, p.Version)
	case k.down:
		return fmt.Errorf("node %q is cut off: its kubelet cannot be upgraded", node)
	}
	// The kubelet's own profile from now on; the other kubelets, the
	// control plane and the node-lifecycle controller keep theirs.
	k.profile = &p
	if err := s.RestartKubelet(node); err != nil {
		return err
	}
	// The restarted kubelet syncs every pod it finds (its config source
	// lists them: HandlePodAdditions), oldest first as activePods orders
	// them. A restart of the same release needs no such sync in the
	// simulator: its hash rule is the one that made the kept hashes, and
	// nothing else it would compare was lost.
	for _, w := range k.activePods() {
		w.queueSync()
	}
	return nil
}

// AddStaticPod writes a static pod manifest on a node; the kubelet picks
// it up at once (the file source is also watched with inotify). It returns
// the pod's name in the API, <name>-<node>.
func (s *Simulator) AddStaticPod(node string, in *corev1.Pod) (string, error) {
	k := s.byNode[node]
	if k == nil {
		return "", fmt.Errorf("node %q does not exist", node)
	}
	if err := CheckPod(in); err != nil {
		return "", err
	}
	p := in.DeepCopy()
	manifest := p.Name
	// applyDefaults: the name carries the node's; the namespace defaults
	// (to the scenario's here; kube-system is kept as written).
	p.Name = fmt.Sprintf("%s-%s", manifest, strings.ToLower(node))
	if p.Namespace != "kube-system" {
		p.Namespace = s.cfg.Namespace
	}
	if s.api.pod(p.Name) != nil {
		return "", fmt.Errorf("a pod %q exists already", p.Name)
	}
	for _, sp := range k.static {
		if sp.pod.Name == p.Name {
			return "", fmt.Errorf("static pod %q exists already", p.Name)
		}
	}
	p.UID = types.UID(s.newUID())
	if p.Annotations == nil {
		p.Annotations = map[string]string{}
	}
	p.Annotations[configHashAnnotation] = string(p.UID)
	p.Annotations[configSourceAnnotation] = "file"
	p.Annotations[configSeenAnnotation] = s.wall(s.now).UTC().Format("2006-01-02T15:04:05.000000000Z")
	p.Spec.NodeName = node
	// A static pod tolerates every NoExecute taint.
	p.Spec.Tolerations = append(p.Spec.Tolerations, corev1.Toleration{Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoExecute})
	setDefaultsPod(p)
	if errs := validatePod(p); len(errs) > 0 {
		return "", fmt.Errorf("the kubelet would reject the manifest: %w", errs.ToAggregate())
	}
	p.CreationTimestamp = s.wall(s.now)
	p.Status = corev1.PodStatus{Phase: corev1.PodPending, QOSClass: computePodQOS(p)}
	s.running = true
	if s.alias == nil {
		s.alias = map[string]string{}
	}
	s.alias[p.Name] = manifest
	sp := &staticPod{k: k, pod: p, manifestName: manifest}
	k.static = append(k.static, sp)
	// SyncPod creates the mirror pod before the containers start.
	k.createMirrorPod(sp)
	k.handlePodAddition(p)
	return p.Name, nil
}

// RemoveStaticPod removes a static pod's manifest from its node: name is
// the pod's name in the API (<manifest>-<node>). The kubelet kills the
// pod with its spec's grace period and deletes its mirror pod once the
// pod has stopped (static.go, removeStaticPod). Refused: a node whose
// kubelet is off or cut off from the control plane (what its file
// source and its API client would do then is not modelled).
func (s *Simulator) RemoveStaticPod(node, name string) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	for _, sp := range k.static {
		if sp.pod.Name != name {
			continue
		}
		switch {
		case k.off:
			return fmt.Errorf("node %q is off: removing a manifest from a node whose kubelet is not running is not modelled", node)
		case k.down:
			return fmt.Errorf("node %q is cut off: removing a manifest from a node whose kubelet cannot reach the API server is not modelled", node)
		}
		k.removeStaticPod(sp)
		return nil
	}
	return fmt.Errorf("node %q has no static pod manifest for pod %q", node, name)
}
