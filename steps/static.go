package steps

import (
	"context"
	"fmt"
	"time"

	"github.com/cucumber/godog"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
)

func staticPodSteps() []Def {
	const f = "static pods"
	return []Def{
		phrase(f, `^a static pod "([^"]*)"(?: on (?:the node|node "([^"]*)"))?:$`, "Given a static pod \"etcd\" on node \"worker-1\":\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) {
				return staticPod{name: c[0], node: c[1], doc: doc}, nil
			})),
		// A static pod's manifest removed from its node: `from the node`,
		// `from its node` or nothing is the static pod's own node.
		phrase(f, `^the manifest (?:file )?of (?:the )?static pod "([^"]*)" is (?:removed|deleted)(?: from (?:the node|its node|node "([^"]*)"))?$`, `When the manifest of static pod "etcd" is removed from node "worker-1"`,
			s2(func(name, node string) Step { return manifestRemoved{name: name, node: node} })),
		phrase(f, `^the static pod "([^"]*)" is removed from (?:the node|its node|node "([^"]*)")$`, `When the static pod "etcd" is removed from its node`,
			s2(func(name, node string) Step { return manifestRemoved{name: name, node: node} })),
		phrase(f, `^the static pod manifest of "([^"]*)" is removed(?: from (?:the node|its node|node "([^"]*)"))?$`, `When the static pod manifest of "etcd" is removed`,
			s2(func(name, node string) Step { return manifestRemoved{name: name, node: node} })),
	}
}

// When the manifest of static pod "etcd" is removed [from node
// "worker-1"] (also: the manifest file of …, … is deleted; the static pod
// "etcd" is removed from its node; the static pod manifest of "etcd" is
// removed): the manifest the scenario
// wrote taken off the node's staticPodPath. The kubelet kills the pod
// with its spec's terminationGracePeriodSeconds (preStop hooks, SIGTERM,
// SIGKILL at the grace) and, once it has stopped, deletes its mirror pod
// at its next housekeeping, for good (HandlePodRemoves, HandlePodCleanups;
// pkg/kubelet, v1.36.3). Not `the pod "etcd" is deleted`, which deletes
// the mirror pod only: the kubelet makes a new one and the containers run
// on. t=0 is the removal, and on a cluster what follows counts from the
// kubelet's reaction to it, as for a delete.
type manifestRemoved struct{ name, node string }

func (s manifestRemoved) Declare(pl *Plan) error {
	p, err := pl.mustPod(s.name)
	if err != nil {
		return err
	}
	if !p.static {
		return inputErr("pod %q is not a static pod: it has no manifest on a node (`the pod %q is deleted` deletes it through the API)", p.name, p.name)
	}
	if on := p.pod.Spec.NodeName; s.node != "" && s.node != on {
		return inputErr("static pod %q's manifest is on node %q, not on node %q", p.name, on, s.node)
	}
	return nil
}

func (s manifestRemoved) Run(ctx context.Context, st *State) error {
	p, _ := st.Plan.mustPod(s.name)
	if err := st.ready(ctx); err != nil {
		return err
	}
	if err := st.clk().instant(ctx); err != nil {
		return err
	}
	st.clk().moveT0Acting(st.clk().actionMark())
	// The kubelet kills the pod as for a delete: its reaction (the
	// Killing event, a preStop hook or SIGTERM) is what follows counts
	// from on a cluster.
	st.acted(driver.ActionDelete, p.name)
	if err := st.Session.RemoveStaticPod(ctx, p.pod.Spec.NodeName, p.name); err != nil {
		return st.unsupported(fmt.Errorf("removing static pod %q's manifest: %w", p.name, err))
	}
	return nil
}

// Given a static pod "etcd" on node "worker-1": (and YAML) — a manifest in
// the node's staticPodPath; without `on node` (or with `on the node`), the
// scenario's one node's. The kubelet names the pod etcd-worker-1 in the
// API (its mirror pod); steps name it "etcd". It starts before anything
// else runs, once the cluster exists: the behaviour steps that follow its
// Given still apply.
type staticPod struct {
	declaration
	name, node string
	doc        *godog.DocString
}

func (s staticPod) Declare(pl *Plan) error {
	pl.need(driver.StaticPods, "declares a static pod")
	node := s.node
	if node == "" {
		// Without `on node`: on the scenario's one node.
		var err error
		if node, err = pl.onlyNode(); err != nil {
			return err
		}
	}
	if err := pl.declare(s.name, s.doc, podFields{node: node}); err != nil {
		return err
	}
	pl.pod(s.name).static = true
	return nil
}

// createStaticPods writes the declared static pods' manifests on their
// nodes and returns them, for ready to wait until they run, as it does
// for the pods it creates; ready calls it once the cluster is configured.
func createStaticPods(ctx context.Context, st *State) ([]*podDecl, error) {
	var written []*podDecl
	for _, p := range st.Plan.pods {
		if !p.static || p.created {
			continue
		}
		p.created = true
		if err := st.Session.StaticPod(ctx, p.pod.Spec.NodeName, p.build()); err != nil {
			return nil, st.unsupported(fmt.Errorf("static pod %q: %w", p.name, err))
		}
		written = append(written, p)
	}
	return written, nil
}

func usageSteps() []Def {
	const f = "container usage"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		phrase(f, ctr+`uses (\S+) of memory after (\S+)$`, `Given container "app" of pod "web" uses 900Mi of memory after 10s`,
			s4(func(cname, pname string, q resource.Quantity, after time.Duration) Step {
				return containerUses{cname: cname, pname: pname, bytes: q, after: after}
			})),
		// Without a time: from the container's start.
		phrase(f, ctr+`uses (\S+) of memory$`, `Given container "app" of pod "web" uses 900Mi of memory`,
			s3(func(cname, pname string, q resource.Quantity) Step {
				return containerUses{cname: cname, pname: pname, bytes: q}
			})),
		phrase(f, ctr+`writes (\S+) to its writable layer after (\S+)$`, `Given container "app" of pod "web" writes 300Mi to its writable layer after 5s`,
			s4(func(cname, pname string, q resource.Quantity, after time.Duration) Step {
				return layerWrite{ctr: shapedCtr{cname, pname}, bytes: q, after: after}
			})),
		phrase(f, ctr+`writes (\S+) to volume "([^"]*)" after (\S+)$`, `Given container "app" of pod "web" writes 2Gi to volume "scratch" after 10s`,
			func(c []string, _ Arg) (Step, error) {
				q, err := parseQuantity(c[2])
				if err != nil {
					return nil, err
				}
				d, err := parseDuration(c[4])
				if err != nil {
					return nil, err
				}
				return containerUses{cname: c[0], pname: c[1], bytes: q, volume: c[3], after: d}, nil
			}),
	}
}

// Given container "app" of pod "web" uses 900Mi of memory after 10s: its
// working set from then on (the agent's --memory and --memory-after). A
// second such step on the container adds a later point: its usage is
// then a step function of time (200Mi after 5s, then 900Mi after 30s:
// --memory-then). The points are written in the order of their times; a
// step at the time of one before it, or earlier, contradicts it.
// Given container "app" of pod "web" writes 2Gi to volume "scratch" after
// 10s: the volume must be the pod's and mounted by the container.
type containerUses struct {
	declaration
	cname, pname string
	bytes        resource.Quantity
	// volume is where the bytes are written; "" for memory.
	volume string
	after  time.Duration
}

func (s containerUses) Declare(pl *Plan) error {
	if s.volume == "" {
		var err error
		shaped := pl.shape(s.cname, s.pname, func(b *behavior.Behavior) {
			if n := len(b.Memory); n > 0 && b.Memory[n-1].After >= s.after {
				err = memoryOutOfOrder(s.cname, b.Memory[n-1], s.bytes, s.after)
				return
			}
			b.Memory = append(b.Memory, behavior.Usage{Quantity: s.bytes, After: s.after})
		})
		if shaped != nil {
			return shaped
		}
		return err
	}
	p, c, err := pl.mustContainer(s.cname, s.pname)
	if err != nil {
		return err
	}
	found := false
	for _, v := range p.pod.Spec.Volumes {
		if v.Name == s.volume {
			found = true
		}
	}
	if !found {
		return inputErr("pod %q has no volume %q", p.name, s.volume)
	}
	mounted := false
	for _, m := range c.VolumeMounts {
		if m.Name == s.volume {
			mounted = true
		}
	}
	if !mounted {
		return inputErr("container %q does not mount volume %q", c.Name, s.volume)
	}
	return pl.shape(s.cname, s.pname, func(b *behavior.Behavior) {
		b.Writes = append(b.Writes, behavior.Write{Volume: s.volume, Bytes: s.bytes, After: s.after})
	})
}

// memoryOutOfOrder is the objection to a memory step whose time is not
// after the container's last point.
func memoryOutOfOrder(cname string, last behavior.Usage, q resource.Quantity, at time.Duration) error {
	if last.After == at {
		return inputErr("container %q: its memory at %s is given twice (%s, then %s)", cname, at, last.Quantity.String(), q.String())
	}
	return inputErr("container %q: memory at %s comes after a step that gives it at %s: write a container's memory in the order of its times (each step adds a later point)", cname, at, last.After)
}

// Given container "app" of pod "web" writes 300Mi to its writable layer
// after 5s: a file in the container's own filesystem (the agent's
// --write-layer, under behavior.LayerDir), which counts toward its
// ephemeral storage (its rootfs), its pod's, and the node's disk.
type layerWrite struct {
	declaration
	ctr   shapedCtr
	bytes resource.Quantity
	after time.Duration
}

func (s layerWrite) Declare(pl *Plan) error {
	return pl.shape(s.ctr.container, s.ctr.pod, func(b *behavior.Behavior) {
		b.LayerWrites = append(b.LayerWrites, behavior.LayerWrite{Bytes: s.bytes, After: s.after})
	})
}
