package live

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"sync"
	"time"
)

// kubeletNotices follows the kubelets' own logs on the scenarios' nodes
// (`journalctl -u kubelet`, the cluster's kubelets log at verbosity 2):
// when each kubelet noticed a container's exit. The kubelet learns of an
// exit at its next PLEG relist (pkg/kubelet/pleg/generic.go Relist,
// "container finished", then the sync loop's "SyncLoop (PLEG): event for
// pod" with ContainerDied, pkg/kubelet/kubelet.go syncLoopIteration), up
// to a relist period (1 s) and the relist's own time after the runtime's
// exit; what it does about the exit (the next init container, a restart,
// a sidecar's stop, the terminal phase, the pod's final delete) follows
// that notice. Seen here to the microsecond, the relist's latency is
// measured rather than allowed for.
type kubeletNotices struct {
	mu   sync.Mutex
	died map[string]time.Time // by container id: the first notice of its exit
	// pods: every exit notice of a pod's containers and its sandbox, by
	// "namespace/name", in arrival order.
	pods map[string][]time.Time
}

// watchKubeletNotices starts following the nodes' kubelet logs until ctx
// ends; nil when the nodes are not kind nodes of this machine.
func watchKubeletNotices(ctx context.Context, sh nodeShell, nodes []string, logf func(string, ...any)) *kubeletNotices {
	if sh == nil || len(nodes) == 0 || nodes[0] == "" {
		return nil
	}
	k := &kubeletNotices{died: map[string]time.Time{}, pods: map[string][]time.Time{}}
	for _, node := range nodes {
		k.follow(ctx, sh, node, logf)
	}
	return k
}

func (k *kubeletNotices) follow(ctx context.Context, sh nodeShell, node string, logf func(string, ...any)) {
	onEnd := func(err error, failed int) {
		if failed == 0 {
			logf("the kubelet's log on %s ended (%v): its relists are not seen, and windows allow for them, until it is followed again", node, err)
		}
	}
	// -n 0: only what the kubelet logs from now on. A restarted kubelet
	// (a lease's configuration) keeps the unit: the journal goes on.
	onAgain := func() { logf("the kubelet's log on %s is followed again", node) }
	followNode(ctx, sh, node, followAgain(), onEnd, onAgain, k.onLine, "journalctl", "-u", "kubelet", "-f", "-n", "0", "-o", "short-iso-precise")
}

// onLine reads one line of the kubelet's journal.
func (k *kubeletNotices) onLine(line string) {
	id, at, ok := parseExitNotice(line)
	if !ok {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, seen := k.died[id]; !seen {
		k.died[id] = at
	}
	if m := syncLoopPod.FindStringSubmatch(line); m != nil {
		k.pods[m[1]] = append(k.pods[m[1]], at)
	}
}

// Died is when the kubelet first noticed the exit of a container, by its
// status's container ID.
func (k *kubeletNotices) Died(containerID string) (time.Time, bool) {
	if k == nil {
		return time.Time{}, false
	}
	containerID = bareID(containerID)
	k.mu.Lock()
	defer k.mu.Unlock()
	at, ok := k.died[containerID]
	return at, ok
}

// PodDied is the latest notice of an exit of one of the pod's containers
// or of its sandbox (whose id no container status names) in [from, to].
func (k *kubeletNotices) PodDied(namespace, name string, from, to time.Time) (time.Time, bool) {
	if k == nil {
		return time.Time{}, false
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	var last time.Time
	for _, at := range k.pods[namespace+"/"+name] {
		if !at.Before(from) && !at.After(to) && at.After(last) {
			last = at
		}
	}
	return last, !last.IsZero()
}

var (
	// syncLoopPod: the pod of a sync loop's PLEG event line.
	syncLoopPod = regexp.MustCompile(`"SyncLoop \(PLEG\): event for pod" pod="([^"]+)"`)
	// klogHeader: "I1126 15:24:57.645430     666 generic.go:413] ...".
	klogHeader = regexp.MustCompile(`\b[IWE](\d{2})(\d{2}) (\d{2}:\d{2}:\d{2}\.\d{6}) +\d+ [\w.]+:\d+\] `)
	// finished: the relist's own line for a container it found ended.
	finished = regexp.MustCompile(`"Generic \(PLEG\): container finished" .*containerID="([0-9a-f]+)"`)
)

// parseExitNotice reads one line of the kubelet's journal
// (short-iso-precise: "<RFC 3339 time> <host> kubelet[pid]: <klog line>")
// and returns the container whose exit the kubelet noticed and when: the
// relist's "container finished" line or the sync loop's ContainerDied
// event, at the klog line's own time (the journal's gives the year and
// the zone).
func parseExitNotice(line string) (string, time.Time, bool) {
	sp := strings.IndexByte(line, ' ')
	if sp < 0 {
		return "", time.Time{}, false
	}
	// journalctl writes the zone as +0000 (systemd 252) or +00:00.
	journal, err := time.Parse("2006-01-02T15:04:05.999999-0700", line[:sp])
	if err != nil {
		if journal, err = time.Parse("2006-01-02T15:04:05.999999-07:00", line[:sp]); err != nil {
			return "", time.Time{}, false
		}
	}
	var id string
	if m := finished.FindStringSubmatch(line); m != nil {
		id = m[1]
	} else if i := strings.Index(line, `"SyncLoop (PLEG): event for pod"`); i >= 0 {
		j := strings.Index(line[i:], "event={")
		if j < 0 {
			return "", time.Time{}, false
		}
		var ev struct {
			Type string
			Data json.RawMessage
		}
		if err := json.Unmarshal([]byte(line[i+j+len("event="):]), &ev); err != nil || ev.Type != "ContainerDied" {
			return "", time.Time{}, false
		}
		if err := json.Unmarshal(ev.Data, &id); err != nil {
			return "", time.Time{}, false
		}
	}
	if id == "" {
		return "", time.Time{}, false
	}
	at := journal
	if h := klogHeader.FindStringSubmatch(line); h != nil {
		t, err := time.ParseInLocation("2006 01 02 15:04:05.000000", journal.Format("2006")+" "+h[1]+" "+h[2]+" "+h[3], journal.Location())
		// A line written on the 31st of December read in the new year
		// would land a year late: the journal's time is then the truer.
		if err == nil && t.Sub(journal).Abs() < time.Minute {
			at = t
		}
	}
	return id, at, true
}
