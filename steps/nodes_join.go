package steps

import (
	"context"
	"strings"

	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/driver"
)

// nodeSizeSteps are a node given one size only, the others the default
// node's (dsl.md, "Defaults": 4 CPU, 8Gi memory, 110 pods): `a node
// "worker-1" with 4 CPUs`, `with 8Gi memory`, `with 1Gi of memory`; and a
// node joining the cluster while the scenario runs.
func nodeSizeSteps() []Def {
	const f = "cluster"
	return []Def{
		phrase(f, `^a node "([^"]*)" with (\S+) (?:CPUs?|cpus?|cores?)$`, `Given a node "worker-1" with 4 CPU`,
			s2(func(name string, cpu resource.Quantity) Step { return sizedNode(name, "cpu", cpu) })),
		phrase(f, `^a node "([^"]*)" with (\S+) (?:of )?memory$`, `Given a node "worker-1" with 8Gi memory`,
			s2(func(name string, mem resource.Quantity) Step { return sizedNode(name, "memory", mem) })),
	}
}

// nodeJoinSteps are a node joining the cluster while the scenario runs.
func nodeJoinSteps() []Def {
	const size = `(\S+) (CPUs?|cpus?|cores?|of memory|memory)`
	return []Def{
		phrase("node actions", `^(?:a )?node "([^"]*)"(?: with `+size+`)? (?:joins the cluster|is added(?: to the cluster)?)$`, `When a node "worker-2" with 16 CPUs joins the cluster`,
			func(c []string, _ Arg) (Step, error) { return parseNodeJoins(c[0], c[1], c[2]) }),
	}
}

// sizedNode is the default node named name, with one size given.
func sizedNode(name, what string, q resource.Quantity) aNode {
	n := aNode{name: name, sized: true, cpu: resource.MustParse("4"), mem: resource.MustParse("8Gi"), pods: resource.MustParse("110")}
	if what == "cpu" {
		n.cpu = q
	} else {
		n.mem = q
	}
	return n
}

func parseNodeJoins(name, amount, unit string) (Step, error) {
	n := sizedNode(name, "cpu", resource.MustParse("4"))
	if amount != "" {
		q, err := parseQuantity(amount)
		if err != nil {
			return nil, err
		}
		what := "memory"
		if !strings.HasSuffix(unit, "memory") {
			what = "cpu"
		}
		n = sizedNode(name, what, q)
	}
	return nodeJoins{node: n}, nil
}

// When a node "worker-2" joins the cluster; When a node "worker-2" with 16
// CPUs is added: a Ready node of the default size (or the one given) is
// added now, and its kubelet started; the scheduler retries the pods
// waiting for room (the simulator's node informer, scheduler.nodeAdded).
// t=0 is its coming. A live cluster lacks node-join (a kind cluster's
// nodes are made with it, the pool's leased when a scenario starts): the
// scenario is skipped there.
type nodeJoins struct{ node aNode }

func (s nodeJoins) Declare(pl *Plan) error {
	pl.need(driver.NodeJoin, "adds a node while it runs")
	if pl.findNode(s.node.name) != nil {
		if joined(pl, s.node.name) {
			return nil // declared by this step at its run
		}
		return inputErr("node %q is in the cluster already", s.node.name)
	}
	pl.joining = append(pl.joining, newNode(s.node.name, s.node.cpu, s.node.mem, s.node.pods))
	return nil
}

// joined tells a node that joins the cluster while the scenario runs.
func joined(pl *Plan, name string) bool {
	for _, n := range pl.joining {
		if n.Name == name {
			return true
		}
	}
	return false
}

func (s nodeJoins) Run(ctx context.Context, st *State) error {
	n := st.Plan.findNode(s.node.name)
	return nodeAction(ctx, st, s.node.name, "add a node", func(driver.Nodes) error {
		return st.Session.JoinNode(ctx, n)
	})
}
