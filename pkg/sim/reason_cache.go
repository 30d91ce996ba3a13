package sim

import "k8s.io/apimachinery/pkg/types"

// reasonCache is the kubelet's reason cache (pkg/kubelet/reason_cache.go,
// v1.36.3): why each container of a pod last failed to start, by pod UID
// and container name, shown as the container's Waiting reason until a
// sync starts it. The kubelet's is an LRU cache; the simulator forgets a
// pod's entries when its worker has terminated.
type reasonCache map[types.UID]map[string]waitReason

type waitReason struct{ reason, message string }

// set is Update with a failed start.
func (rc *reasonCache) set(uid types.UID, name string, err *startError) {
	if *rc == nil {
		*rc = reasonCache{}
	}
	byName := (*rc)[uid]
	if byName == nil {
		byName = map[string]waitReason{}
		(*rc)[uid] = byName
	}
	byName[name] = waitReason{err.reason, err.message}
}

// remove is Update with a start that succeeded.
func (rc reasonCache) remove(uid types.UID, name string) {
	delete(rc[uid], name)
}

// get is Get: the reason of the container's last failed start.
func (rc reasonCache) get(uid types.UID, name string) (waitReason, bool) {
	r, ok := rc[uid][name]
	return r, ok
}

// forget drops a terminated pod's entries.
func (rc reasonCache) forget(uid types.UID) { delete(rc, uid) }
