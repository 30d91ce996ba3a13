package steps

import (
	"strconv"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

// A node's disk, process-id limit and reserved resources (issue 36,
// 7.4), which the kubelet's node status and eviction signals follow:
// ephemeral-storage capacity, what nodefs.available is measured against;
// kernel.pid_max, what pid.available is; systemReserved, which allocatable
// leaves out (capacity − reserved: what the scheduler and the kubelet's
// admission fit pods into, and the pods' cgroup, allocatableMemory.available).
// Each comes as a node's declaration (`a node "n" with 20Gi disk`, of the
// default size otherwise) or on a node declared already (`node "n" has
// 20Gi disk`, the default node too).

func nodeResourceSteps() []Def {
	const f = "cluster"
	const decl, has = `^a node "([^"]*)" with `, `^node "([^"]*)" has `
	disk := func(declares bool) parser {
		return s2(func(name string, q resource.Quantity) Step {
			return &nodeSized{name: name, declares: declares, disk: &q}
		})
	}
	pids := func(declares bool) parser {
		return s2(func(name string, n pidLimit) Step { return &nodeSized{name: name, declares: declares, pids: int64(n)} })
	}
	reserved := func(declares bool) parser {
		return s3(func(name string, cpu, mem resource.Quantity) Step {
			return &nodeSized{name: name, declares: declares, reserved: corev1.ResourceList{corev1.ResourceCPU: cpu, corev1.ResourceMemory: mem}}
		})
	}
	return []Def{
		phrase(f, decl+`(\S+) disk$`, `Given a node "worker-1" with 20Gi disk`, disk(true)),
		phrase(f, decl+`a PID limit of (\S+)$`, `Given a node "worker-1" with a PID limit of 1000`, pids(true)),
		phrase(f, decl+`(\S+) CPU and (\S+) memory reserved for the system$`, `Given a node "worker-1" with 500m CPU and 1Gi memory reserved for the system`, reserved(true)),
		phrase(f, has+`(\S+) disk$`, `Given node "worker-1" has 20Gi disk`, disk(false)),
		phrase(f, has+`a PID limit of (\S+)$`, `Given node "worker-1" has a PID limit of 1000`, pids(false)),
		phrase(f, has+`(\S+) CPU and (\S+) memory reserved for the system$`, `Given node "worker-1" has 500m CPU and 1Gi memory reserved for the system`, reserved(false)),
	}
}

// pidLimit is a node's process-id limit: a whole number above 0.
type pidLimit int64

func (p *pidLimit) set(s string) error {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 {
		return inputErr("PID limit %q is not a whole number above 0", s)
	}
	*p = pidLimit(n)
	return nil
}

// Given a node "worker-1" with 20Gi disk (with a PID limit of 1000; with
// 500m CPU and 1Gi memory reserved for the system): the node, of the
// default size otherwise. Given node "worker-1" has 20Gi disk (…): the
// declared node so.
type nodeSized struct {
	declaration
	name     string
	declares bool
	disk     *resource.Quantity
	pids     int64
	reserved corev1.ResourceList
}

func (s *nodeSized) Declare(pl *Plan) error {
	if err := pl.beforeCluster("a node's size"); err != nil {
		return err
	}
	var n *corev1.Node
	if s.declares {
		n = defaultNode()
		n.Name = s.name
		n.Labels["kubernetes.io/hostname"] = s.name
		if err := pl.addNode(n); err != nil {
			return err
		}
	} else {
		var err error
		if n, err = pl.node(s.name); err != nil {
			return err
		}
	}
	switch {
	case s.disk != nil:
		if s.disk.IsZero() {
			return inputErr("node %q: a disk of 0 holds nothing", s.name)
		}
		n.Status.Capacity[corev1.ResourceEphemeralStorage] = *s.disk
		n.Status.Allocatable[corev1.ResourceEphemeralStorage] = *s.disk
	case s.pids > 0:
		if pl.setup.PIDLimits == nil {
			pl.setup.PIDLimits = map[string]int64{}
		}
		pl.setup.PIDLimits[s.name] = s.pids
	default:
		return reserve(n, s.reserved)
	}
	return nil
}

// reserve takes what is reserved for the system out of a node's
// allocatable (pkg/kubelet/cm/node_container_manager_linux.go,
// GetNodeAllocatableReservation: systemReserved, v1.36.3), once.
func reserve(n *corev1.Node, r corev1.ResourceList) error {
	for name, q := range r {
		c, a := n.Status.Capacity[name], n.Status.Allocatable[name]
		if a.Cmp(c) != 0 {
			return inputErr("node %q: what it reserves for the system is declared twice", n.Name)
		}
		if q.Cmp(c) >= 0 {
			return inputErr("node %q reserves %s %s for the system, and has %s", n.Name, q.String(), name, c.String())
		}
		a.Sub(q)
		n.Status.Allocatable[name] = a
	}
	return nil
}
