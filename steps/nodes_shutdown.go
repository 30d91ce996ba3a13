package steps

import (
	"context"
	"time"

	"github.com/podlife/podlife/pkg/driver"
)

// Graceful node shutdown (lifecycle-facts §14; k8s.io/kubernetes
// pkg/kubelet/nodeshutdown, v1.36.3): the kubelet's two configuration
// fields, and the node shutting down. Every phrase here needs
// node-shutdown: a cluster that cannot configure its kubelets so, or
// make logind tell them of a shutdown, skips the scenario with its reason.

func nodeShutdownConfigSteps() []Def {
	const f = "kubelet configuration"
	return []Def{
		phrase(f, `^the kubelet shutdown grace period is (\S+) with (\S+) for critical pods$`, `Given the kubelet shutdown grace period is 30s with 10s for critical pods`,
			s2(func(total, critical time.Duration) Step {
				return shutdownGrace{total: &total, critical: &critical}
			})),
		phrase(f, `^the kubelet's shutdownGracePeriod is (\S+)$`, `Given the kubelet's shutdownGracePeriod is 30s`,
			s1(func(total time.Duration) Step { return shutdownGrace{total: &total} })),
		phrase(f, `^the kubelet's shutdownGracePeriodCriticalPods is (\S+)$`, `Given the kubelet's shutdownGracePeriodCriticalPods is 10s`,
			s1(func(critical time.Duration) Step { return shutdownGrace{critical: &critical} })),
	}
}

func nodeShutdownSteps() []Def {
	const f = "node actions"
	return []Def{
		phrase(f, `^node "([^"]*)" shuts down$`, `When node "worker-1" shuts down`,
			s1(func(node string) Step { return nodeShutsDown{node: node} })),
	}
}

// Given the kubelet shutdown grace period is 30s with 10s for critical pods:
// shutdownGracePeriod 30s and shutdownGracePeriodCriticalPods 10s, on
// every node's kubelet. `the kubelet's shutdownGracePeriod is 30s` and
// `the kubelet's shutdownGracePeriodCriticalPods is 10s` set one field
// each (the other keeps its default, 0). A shutdownGracePeriod of 0, the
// default, turns graceful node shutdown off. The kubelet's validation
// applies: each 0 or at least 1s, the critical pods' part no more than
// the whole; the kubelet counts whole seconds.
type shutdownGrace struct {
	declaration
	total, critical *time.Duration
}

func (s shutdownGrace) Declare(pl *Plan) error {
	pl.need(driver.NodeShutdown, "configures graceful node shutdown")
	if err := pl.beforeCluster("the kubelet's shutdown grace period"); err != nil {
		return err
	}
	if pl.setup.Shutdown == nil {
		pl.setup.Shutdown = &driver.Shutdown{}
	}
	sh := pl.setup.Shutdown
	set := func(field string, to *time.Duration, v *time.Duration) error {
		if v == nil {
			return nil
		}
		if *to != 0 {
			return inputErr("the kubelet's %s is declared twice", field)
		}
		if *v > 0 && *v < time.Second {
			return inputErr("the kubelet's %s must be either zero or otherwise >= 1 sec (the kubelet's validation): %s", field, *v)
		}
		*to = *v
		return nil
	}
	if err := set("shutdownGracePeriod", &sh.GracePeriod, s.total); err != nil {
		return err
	}
	if err := set("shutdownGracePeriodCriticalPods", &sh.GracePeriodCriticalPods, s.critical); err != nil {
		return err
	}
	if sh.GracePeriod != 0 && sh.GracePeriodCriticalPods > sh.GracePeriod {
		return inputErr("the kubelet's shutdownGracePeriodCriticalPods %s must be <= shutdownGracePeriod %s (the kubelet's validation)", sh.GracePeriodCriticalPods, sh.GracePeriod)
	}
	return nil
}

// When node "worker-1" shuts down (or `the node "worker-1" shuts down`):
// the machine is shut down (systemd: `systemctl poweroff`) and stays
// off for the rest of the scenario. With a shutdown grace period, the
// kubelet's shutdown manager, told by logind, makes the node Ready=False
// ("node is shutting down"), rejects new pods (NodeShutdown) and kills
// its pods by priority group, the regular pods first with the period
// less the critical pods' part, then the critical pods (priority
// 2000000000 and above) with theirs, each pod with the shorter of its
// group's time and its own grace period, preStop hooks included; each
// pod killed ends Failed (Succeeded stays so), reason Terminated, with
// DisruptionTarget TerminationByKubelet. The power goes when the last
// group is done (every pod of it stopped, or its time up). Without one
// (the default) nothing graceful happens: the power goes at once, as in
// a crash.
type nodeShutsDown struct{ node string }

func (s nodeShutsDown) Declare(pl *Plan) error {
	pl.need(driver.NodeShutdown, "shuts a node down")
	_, err := pl.node(s.node)
	return err
}

func (s nodeShutsDown) Run(ctx context.Context, st *State) error {
	return nodeAction(ctx, st, s.node, "shut a node down", func(driver.Nodes) error {
		return st.Session.ShutdownNode(ctx, s.node)
	})
}
