package live

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
	"github.com/podlife/podlife/pkg/timeline"
)

// manifestDir is the kubelet's staticPodPath on a kind node (kubeadm's
// default, which kind keeps).
const manifestDir = "/etc/kubernetes/manifests"

// manifestPrefix starts the name of every manifest podlife writes; the
// run's id follows, so that a sweep removes one run's manifests only.
// The kubelet reads every file in the directory that does not start with
// a dot (pkg/kubelet/config/file.go, extractFromDir), so a manifest is
// written under a dotted name first and then renamed into place.
const manifestPrefix = "podlife-"

var _ driver.Nodes = (*session)(nil)

// manifestName is the file a scenario's static pod is written to.
func (s *nodeSide) manifestName(pod string) string {
	return manifestPrefix + s.d.runID + "-" + s.ns + "-" + pod + ".yaml"
}

// StaticPod writes the pod's manifest into the kind node's manifest
// directory, through the node container (kind's node provider): the
// kubelet runs it and keeps a mirror pod named <name>-<node> in the API,
// which the session follows under the scenario's name. On a cluster whose
// nodes podlife cannot reach (not a kind cluster on this machine) the
// scenario is skipped.
func (s *nodeSide) StaticPod(ctx context.Context, node string, pod *corev1.Pod) error {
	real, ok := s.nodeAlias[node]
	if !ok {
		return driver.Unsupported("node %q is not on the live cluster", node)
	}
	if !reachesNodes(s.d) {
		return driver.Unsupported("static pods are written into a node's manifest directory, through docker on a kind cluster of this machine or through the node agent (--node-route agent), and the cluster at %s is not a kind cluster of this machine", s.d.info.Server)
	}
	p := pod.DeepCopy()
	name := p.Name
	p.APIVersion, p.Kind = "v1", "Pod"
	p.Namespace = s.ns
	p.ResourceVersion, p.UID = "", ""
	// The kubelet sets the node and the pod's name in the API itself.
	p.Spec.NodeName = ""
	if p.Labels == nil {
		p.Labels = map[string]string{}
	}
	for k, v := range s.d.labels(labelValue(s.sc.ID)) {
		p.Labels[k] = v
	}
	if err := s.prepareContainers(p); err != nil {
		return err
	}
	if l := s.pool.leaseOn(real); l != nil {
		if err := l.fits(p); err != nil {
			return err
		}
	}
	raw, err := yaml.Marshal(p)
	if err != nil {
		return fmt.Errorf("static pod %q: %w", name, err)
	}
	file := s.manifestName(name)
	t := s.obs.track(name, p)
	s.mu.Lock()
	t.api, t.static = name+"-"+real, true
	s.manifests = append(s.manifests, nodeFile{node: real, file: file})
	s.mu.Unlock()
	sent := time.Now()
	if out, err := shellOf(s.d).Exec(ctx, real, bytes.NewReader(raw), "sh", "-c", manifestSh(s.d.runID, file)); err != nil {
		return driver.Unsupported("writing static pod %q's manifest on kind node %s: %v: %s", name, real, err, strings.TrimSpace(string(out)))
	}
	s.mu.Lock()
	s.record(timeline.Event{At: s.at(sent), Pod: name, Kind: timeline.PodCreated, Message: timeline.ManifestWritten + path.Join(manifestDir, file)})
	s.notify()
	s.mu.Unlock()
	// As Apply returns once the API has the pod, this returns once the
	// kubelet has made the mirror pod (it reads its manifest directory
	// every 20 s, and at once on a change it is told of), so that what
	// follows can act on it.
	deadline := time.After(mirrorWait)
	for {
		s.mu.Lock()
		ok, ch := t.uid != "" && !t.gone, s.changed
		s.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-deadline:
			return fmt.Errorf("static pod %q: no mirror pod %s within %s of writing its manifest on node %s", name, t.api, mirrorWait, real)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// manifestSh writes standard input as the manifest file, recorded for
// run first (noderecord.go).
func manifestSh(run, file string) string {
	return fmt.Sprintf("%[3]s && cat > %[1]s/.%[2]s && mv %[1]s/.%[2]s %[1]s/%[2]s", manifestDir, file, recordSh(run, recManifest, path.Join(manifestDir, file)))
}

// mirrorWait bounds the wait for a static pod's mirror pod: the kubelet's
// file source rereads its directory every 20 s (fileCheckFrequency)
// besides watching it.
const mirrorWait = time.Minute

// nodeFile is a manifest the session wrote; removed once a step took
// it off its node (RemoveStaticPod), and it is not removed again.
type nodeFile struct {
	node, file string
	removed    bool
}

// staticPods is the part that takes a scenario's static pods off their
// nodes while the scenario runs, embedded in the session (its method is
// the session's, as the workloads part's are).
type staticPods struct{ *scene }

// RemoveStaticPod removes the manifest StaticPod wrote for pod on node,
// through the same route the write took, and the run's record of it
// (noderecord.go): the kubelet's file source notices (inotify, or its
// reread every 20 s), kills the pod with its spec's grace period and
// deletes the mirror pod once the pod has stopped (HandlePodRemoves,
// HandlePodCleanups; pkg/kubelet, v1.36.3); the observer records the
// mirror pod's deletion under the scenario's name. Only a manifest this
// scenario wrote is removed.
func (s *staticPods) RemoveStaticPod(ctx context.Context, node, pod string) error {
	real, ok := s.nodeAlias[node]
	if !ok {
		return driver.Unsupported("node %q is not on the live cluster", node)
	}
	file := s.kube.manifestName(pod)
	s.mu.Lock()
	i := writtenManifest(s.manifests, real, file)
	s.mu.Unlock()
	if i < 0 {
		return fmt.Errorf("static pod %q: this scenario wrote no manifest for it on node %q (%s), or removed it already", pod, node, real)
	}
	if out, err := shellOf(s.d).Exec(ctx, real, nil, "sh", "-c", removeManifestSh(s.d.runID, file)); err != nil {
		return fmt.Errorf("removing static pod %q's manifest %s from node %s: %v: %s", pod, path.Join(manifestDir, file), real, err, strings.TrimSpace(string(out)))
	}
	s.mu.Lock()
	s.manifests[i].removed = true
	s.mu.Unlock()
	return nil
}

// writtenManifest is the index in files of the manifest file on node,
// written and not removed; -1 when there is none.
func writtenManifest(files []nodeFile, node, file string) int {
	for i, f := range files {
		if f.node == node && f.file == file && !f.removed {
			return i
		}
	}
	return -1
}

// removeManifestSh removes a manifest of run's from the manifest
// directory, and then its record: a removal that fails leaves the record
// for the sweep, which removes what is left (rm -f: a manifest already
// gone is no error).
func removeManifestSh(run, file string) string {
	return "rm -f " + path.Join(manifestDir, file) + " && " + unrecordSh(run, recManifest, file)
}

// removeManifests takes the session's static pods off their nodes; the
// kubelet then stops them and deletes their mirror pods.
func (s *nodeSide) removeManifests(ctx context.Context) error {
	s.mu.Lock()
	files := s.manifests
	s.manifests = nil
	s.mu.Unlock()
	var errs []string
	for _, f := range files {
		if f.removed {
			continue // a step removed it, and its record (RemoveStaticPod)
		}
		if out, err := shellOf(s.d).Exec(ctx, f.node, nil, "sh", "-c", removeManifestSh(s.d.runID, f.file)); err != nil {
			errs = append(errs, fmt.Sprintf("removing %s from node %s: %v: %s", f.file, f.node, err, strings.TrimSpace(string(out))))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}

// SweepManifests removes the static pod manifests of the run from every
// node of the kind cluster, as a run-wide cleanup does after an
// interrupt. Only files named after the run are touched.
func (d *Driver) SweepManifests(ctx context.Context) error {
	if err := d.connect(ctx); err != nil {
		return err
	}
	var nodes []string
	if _, agent := shellOf(d).(*agentShell); agent {
		// The nodes the agent runs on, which are those static pods are
		// written to (the scenarios' node, the pool's).
		nodes = d.followed
	} else if d.info.Kind != "" {
		kn, err := cluster.Nodes(d.info.Kind)
		if err != nil {
			// Not a kind cluster of this machine: podlife wrote nothing there.
			return nil
		}
		for _, n := range kn {
			nodes = append(nodes, n.String())
		}
	}
	var errs []string
	for _, n := range nodes {
		if d.outOfService(n) != nil {
			continue // a stopped node's files went with it for this run
		}
		glob := path.Join(manifestDir, manifestPrefix+d.runID+"-*.yaml")
		if out, err := shellOf(d).Exec(ctx, n, nil, "sh", "-c", "rm -f "+glob+"; "+unrecordSh(d.runID, recManifest, manifestPrefix+d.runID+"-*.yaml")); err != nil {
			errs = append(errs, fmt.Sprintf("node %s: %v: %s", n, err, strings.TrimSpace(string(out))))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("removing run %s's static pod manifests: %s", d.runID, strings.Join(errs, "; "))
	}
	return nil
}
