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
