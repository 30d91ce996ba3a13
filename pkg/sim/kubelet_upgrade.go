package sim

import (
	"encoding/json"
	"fmt"

	corev1 "k8s.io/api/core/v1"
)

// A kubelet upgraded in place (seed 001's "kubelet upgrade" rows): the
// node's kubelet restarts as another release, and the containers it finds
// running are kept unless the hash it computes of their spec differs from
// the one the runtime kept since their creation.

// containerHash is what the runtime keeps of a container's spec from its
// creation: the io.kubernetes.container.hash annotation, HashContainer of
// the spec by the rule of the kubelet that created it
// (pkg/kubelet/kuberuntime/labels.go newContainerAnnotations; read back by
// getContainerInfoFromAnnotations; v1.33.13 to v1.36.3). The sums are
// podlife's own (FNV-1a over podlife's own encoding), not the kubelet's
// numbers: only whether two hashes are equal matters. A hash of one rule
// never equals a hash of the other: the real values of the two rules are
// FNV-32a sums of different texts, equal only by a collision.
type containerHash struct {
	// wholeSpec: the hash covers the whole serialized spec (up to 1.30);
	// otherwise the name and the image (1.31+, Profile.HashNameAndImage).
	wholeSpec bool
	sum       uint32
}

// hashContainer is HashContainer (pkg/kubelet/container/helpers.go) under
// profile p. From 1.31 (PR #124220, v1.33.13 to v1.36.3 read) it covers
// pickFieldsToHash, the container's name and image. Up to 1.30 it covered
// the container's JSON, nil and empty fields omitted (PR #57741, issue
// #53644; read in the index at kubernetes/kubernetes 5a3a5ff08bfa and in a
// 1.29/1.30-era copy with HashContainerWithoutResources beside it): two
// kubelets of those releases agree unless the API server sends a field
// one of them does not know (issue #63814), which no field of podlife's
// containers is for the releases the simulator models (every field the
// catalogue's containers set is known to 1.27's API types, and a
// sidecar's restartPolicy, 1.28's, reaches no kubelet older than 1.29:
// CreatePod refuses one there). The simulator's kubelets see one spec, so
// the whole-spec rule gives the same hash to every pre-1.31 release.
func hashContainer(p *Profile, c *corev1.Container) containerHash {
	if p.HashNameAndImage {
		sum := fnv32a(fnvOffset32, c.Name)
		sum = fnv32a(sum, "\x00")
		return containerHash{sum: fnv32a(sum, c.Image)}
	}
	b, err := json.Marshal(c)
	if err != nil {
		// A container decoded from the API always encodes; the rule
		// still gives the spec a hash of its own.
		b = []byte(c.Name + "\x00" + c.Image)
	}
	return containerHash{wholeSpec: true, sum: fnv32a(fnvOffset32, string(b))}
}

// FNV-1a, 32 bits (the algorithm hash/fnv implements), on a string
// without allocating: computePodActions asks for a running container's
// hash at every sync.
const (
	fnvOffset32 = 2166136261
	fnvPrime32  = 16777619
)

func fnv32a(h uint32, s string) uint32 {
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= fnvPrime32
	}
	return h
}

// definitionChanged is containerChanged (kuberuntime_manager.go, v1.36.3)
// for the running instance: the hash the kubelet computes now, by its own
// release's rule, against the hash kept since the instance was created.
// The message is the Killing event's: computePodActions words a regular
// container's ("Container app definition changed", to which it adds ",
// will be restarted"), computeInitContainerActions a running sidecar's
// ("Init container proxy definition changed", kuberuntime_container.go).
func (c *ctr) definitionChanged() (string, bool) {
	if !c.running() || c.inst.hash == hashContainer(c.p.k.profile, c.spec) {
		return "", false
	}
	if c.sidecar {
		return fmt.Sprintf("Init container %s definition changed", c.name), true
	}
	return fmt.Sprintf("Container %s definition changed", c.name), true
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
