package live

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
)

// A node's power on kind: a pool node's container killed (a power cut:
// systemd, the kubelet, containerd and every container of the node go at
// once, with no signal to the pods) and started again, after the reboot's
// time or, for a crash, when the session ends. Started again, the node
// boots as a rebooted machine does: containerd reports the containers it
// knew exited (255, Unknown) and the kubelet re-creates their sandboxes.
//
// The node is marked (AnnotationPowerCut) before its container is
// killed, so that a run interrupted before the release finds it and
// starts it again (SweepPool, `podlife cleanup`).

// AnnotationPowerCut marks a pool node whose container a session killed:
// the run's id and the session's namespace.
const AnnotationPowerCut = "podlife.io/power-cut"

// bootWait bounds how long a node started again may take to be Ready and
// untainted.
const bootWait = 3 * time.Minute

// nodePower is the session's part that cuts and restores pool nodes'
// power.
type nodePower struct{ *scene }

// powerCut is a leased node whose container the session killed: start
// starts it again once, whoever asks first (the reboot's timer, or the
// release, which stops a timer not yet fired).
type powerCut struct {
	once  sync.Once
	timer *time.Timer // the reboot's return; nil for a crash
	start func() error
	// since is when the container was started again; err what starting
	// it said.
	since time.Time
	err   error
}

// startNow starts the node's container again unless it was already, and
// returns what that start said.
func (c *powerCut) startNow() (time.Time, error) {
	c.once.Do(func() {
		c.since = time.Now()
		c.err = c.start()
	})
	return c.since, c.err
}

// restore starts the node now if its return has not come yet.
func (c *powerCut) restore() (time.Time, error) {
	if c.timer != nil {
		c.timer.Stop()
	}
	return c.startNow()
}

// cut kills the leased node's container, after marking it, and returns
// the cut, whose start the caller arms or leaves to the release.
func (s *nodePower) cut(ctx context.Context, node, what string, c driver.Capability) (*powerCut, error) {
	l, err := s.pool.leased(node, what, c)
	if err != nil {
		return nil, err
	}
	if l.cut != nil {
		return nil, fmt.Errorf("node %q is off already", node)
	}
	if err := s.d.setAnnotation(ctx, l.node, AnnotationPowerCut, s.d.runID+"/"+s.ns); err != nil {
		return nil, err
	}
	real := l.node
	pc := &powerCut{start: func() error { return cluster.StartNode(real) }}
	l.cut = pc
	// The kubelet and the runtime start afresh: the node is not kept as
	// it is for the next lease.
	l.dirty.Store(true)
	if err := cluster.KillNode(real); err != nil {
		return nil, err
	}
	return pc, nil
}

// RebootNode kills the leased node's container and starts it again after
// down (a timer: the scenario's steps go on meanwhile).
func (s *nodePower) RebootNode(ctx context.Context, node string, down time.Duration) error {
	pc, err := s.cut(ctx, node, "reboot", driver.NodeReboot)
	if err != nil {
		return err
	}
	pc.timer = time.AfterFunc(down, func() { _, _ = pc.startNow() })
	return nil
}

// CrashNode kills the leased node's container for the rest of the
// scenario; the release starts it again.
func (s *nodePower) CrashNode(ctx context.Context, node string) error {
	_, err := s.cut(ctx, node, "crash", driver.NodeCrash)
	return err
}

// DeleteNode is not done on kind: a pool node's Node object carries the
// pool's labels, taints and lease annotations, which a kubelet
// registering it again would not bring back.
func (s *nodePower) DeleteNode(context.Context, string) error {
	return driver.Unsupported("deleting a pool node's Node object would lose the pool's labels, taints and lease: podlife does not delete nodes on a cluster")
}

// JoinNode is not done on kind: the pool's nodes are leased when a
// scenario starts, and a kind cluster cannot make a node while it runs
// (its nodes are containers made with the cluster). Scenarios that add
// one need node-join, which the live driver lacks: they are skipped.
func (s *nodePower) JoinNode(context.Context, *corev1.Node) error {
	return driver.Unsupported("%s", nodeJoinWhyNot)
}

// nodeJoinWhyNot is why a live cluster lacks node-join.
const nodeJoinWhyNot = "a kind cluster's nodes are containers made with the cluster, and a scenario's pool nodes are leased when it starts: podlife does not add a node to a cluster while a scenario runs"

// restoreAll starts the nodes the session cut off and waits until each
// is back, Ready and untainted, before the session's pods are deleted (a
// pod on a node without its kubelet stays Terminating).
func (s *nodePower) restoreAll(ctx context.Context) error {
	var errs []string
	for _, l := range s.leases {
		if l.cut == nil {
			continue
		}
		since, err := l.cut.restore()
		l.cut = nil
		if err == nil {
			err = bootedAgain(ctx, s.d, l.node, since)
		}
		if err != nil {
			errs = append(errs, err.Error())
		}
	}
	if len(errs) > 0 {
		return driver.Infrastructure("restoring the power of pool nodes: %s", strings.Join(errs, "; "))
	}
	return nil
}

// bootedAgain waits until a node started again is back and takes pods,
// then clears its mark.
func bootedAgain(ctx context.Context, d *Driver, node string, since time.Time) error {
	if err := awaitKubelet(ctx, d, node, metav1.NewTime(since.Truncate(time.Second)), bootWait, "its container was started again"); err != nil {
		return err
	}
	return d.setAnnotation(ctx, node, AnnotationPowerCut, "")
}

// cutBy says whether this run cut the node's power and left it marked.
func cutBy(n *corev1.Node, runID string) bool {
	return strings.HasPrefix(n.Annotations[AnnotationPowerCut], runID+"/")
}

// restorePower is SweepPool's part for a node this run cut off: its
// container started again if it is not running, and the wait for it.
func restorePower(ctx context.Context, d *Driver, node string) error {
	state, err := cluster.NodeState(node)
	if err != nil {
		return err
	}
	since := time.Now()
	if state != "running" {
		if err := cluster.StartNode(node); err != nil {
			return err
		}
	}
	return bootedAgain(ctx, d, node, since)
}
