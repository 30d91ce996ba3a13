package live

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"

	"github.com/podlife/podlife/pkg/driver"
)

// AnnotationLabels records on a pool node the labels a scenario changed
// and their values before it: "<run id>/<namespace> " and a JSON object
// of each key's old value (null: the node had no such label). It is
// written in the same update as the label it records, so no change goes
// unrecorded; the release and the sweep put the old values back and
// remove it (restoreLabels), as they remove a scenario's taints.
const AnnotationLabels = "podlife.io/labels"

// nodeLabels is the part that changes a leased node's labels while the
// scenario runs, embedded in the session (its method is the session's,
// as the static pods' part's is).
type nodeLabels struct{ *scene }

// LabelNode sets key=value on the leased node through the API (an
// existing value is overwritten), or removes key: the scheduler's queue
// retries the pods the node's labels kept off it (the Node/UpdateNodeLabel
// event and NodeAffinity's queueing hint, as pkg/sim's scheduler models
// them). A label of Kubernetes' or podlife's own is never touched.
func (s *nodeLabels) LabelNode(ctx context.Context, node, key, value string, remove bool) error {
	if err := labelForbidden(key); err != nil {
		return err
	}
	l, err := s.pool.leased(node, "label", driver.NodePressure)
	if err != nil {
		return err
	}
	holder := s.d.runID + "/" + s.ns
	err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		n, err := s.d.cs.CoreV1().Nodes().Get(ctx, l.node, metav1.GetOptions{})
		if err != nil {
			return err
		}
		changed, err := relabel(n, holder, key, value, remove)
		if err != nil || !changed {
			return err
		}
		_, err = s.d.cs.CoreV1().Nodes().Update(ctx, n, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		return fmt.Errorf("labelling node %s: %w", l.node, err)
	}
	return nil
}

// labelForbidden refuses the labels podlife must not change on a
// cluster's node: those of Kubernetes' own prefixes (kubernetes.io/…,
// node.kubernetes.io/…, node-role.kubernetes.io/…, any *.kubernetes.io
// or *k8s.io), which the kubelet, the controllers and the cluster's
// tooling set and read, and podlife's own (podlife.io/pool marks the
// pool).
func labelForbidden(key string) error {
	prefix, _, ok := strings.Cut(key, "/")
	if !ok {
		return nil
	}
	for _, domain := range []string{"kubernetes.io", "k8s.io", "podlife.io"} {
		if prefix == domain || strings.HasSuffix(prefix, "."+domain) {
			return driver.Unsupported("podlife does not change a cluster node's label %q: the %s labels belong to the cluster (the kubelet, the controllers, podlife's pool); use a label of your own prefix, or none", key, domain)
		}
	}
	return nil
}

// labelRecord is AnnotationLabels read: whose record, and each changed
// key's value before the first change (nil: absent).
type labelRecord struct {
	holder string
	old    map[string]*string
}

func readLabelRecord(n *corev1.Node) (labelRecord, bool, error) {
	v, ok := n.Annotations[AnnotationLabels]
	if !ok {
		return labelRecord{}, false, nil
	}
	holder, raw, _ := strings.Cut(v, " ")
	r := labelRecord{holder: holder}
	if err := json.Unmarshal([]byte(raw), &r.old); err != nil {
		return labelRecord{holder: holder}, true, fmt.Errorf("node %s's annotation %s=%q: %w", n.Name, AnnotationLabels, v, err)
	}
	return r, true, nil
}

// relabel changes n's labels for holder (the scenario, "<run>/<ns>"):
// key set to value, or removed; the key's value before the scenario's
// first change of it is recorded in AnnotationLabels. It says whether n
// changed. A key the node lacks cannot be removed; a record of another
// holder (an earlier scenario's, not yet restored) leaves the node as it
// is.
func relabel(n *corev1.Node, holder, key, value string, remove bool) (bool, error) {
	r, ok, err := readLabelRecord(n)
	if err != nil {
		return false, err
	}
	if ok && r.holder != holder {
		return false, fmt.Errorf("node %s carries %s's record of its changed labels (%s), not restored yet: its labels are not changed", n.Name, r.holder, AnnotationLabels)
	}
	if r.old == nil {
		r.old = map[string]*string{}
	}
	cur, had := n.Labels[key]
	switch {
	case remove && !had:
		return false, fmt.Errorf("node %s has no label %q", n.Name, key)
	case !remove && had && cur == value:
		return false, nil
	}
	if _, seen := r.old[key]; !seen {
		if had {
			r.old[key] = &cur
		} else {
			r.old[key] = nil
		}
	}
	raw, err := json.Marshal(r.old)
	if err != nil {
		return false, err
	}
	if n.Annotations == nil {
		n.Annotations = map[string]string{}
	}
	n.Annotations[AnnotationLabels] = holder + " " + string(raw)
	if remove {
		delete(n.Labels, key)
	} else {
		if n.Labels == nil {
			n.Labels = map[string]string{}
		}
		n.Labels[key] = value
	}
	return true, nil
}

// unlabel puts back on n the labels a holder of run recorded (each key's
// old value, or its absence) and removes the record; it says whether n
// changed. A record of another run is left to that run.
func unlabel(n *corev1.Node, run string) (bool, error) {
	r, ok, err := readLabelRecord(n)
	if !ok || !strings.HasPrefix(r.holder, run+"/") {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	keys := make([]string, 0, len(r.old))
	for k := range r.old {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if v := r.old[k]; v == nil {
			delete(n.Labels, k)
		} else {
			if n.Labels == nil {
				n.Labels = map[string]string{}
			}
			n.Labels[k] = *v
		}
	}
	delete(n.Annotations, AnnotationLabels)
	return true, nil
}

// restoreLabels puts back the labels the run changed on a node (the
// release's and the sweep's, through restoreNode). The kubelet and the
// node controllers update the node all the while: a conflict is retried
// on the fresh object.
func restoreLabels(ctx context.Context, d *Driver, node string) error {
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		n, err := d.cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
		if err != nil {
			return err
		}
		changed, err := unlabel(n, d.runID)
		if err != nil || !changed {
			return err
		}
		_, err = d.cs.CoreV1().Nodes().Update(ctx, n, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		return fmt.Errorf("restoring node %s's labels: %w", node, err)
	}
	return nil
}
