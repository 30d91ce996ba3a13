package steps

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/podlife/podlife/pkg/driver"
)

// A node's labels: declared with the node (`Given a node "worker-1" with
// label "disktype=ssd"`, `Given node "worker-1" is labelled …`), or
// changed while the scenario runs, an action as `node "x" is tainted`
// is: t=0 is the write. The scheduler's queue then retries the pods the
// node's labels kept off it, at once unless their backoff still runs;
// a running pod stays whatever its node's labels become (the kubelet
// checks nodeSelector and required node affinity only at admission:
// requiredDuringSchedulingIgnoredDuringExecution).

// relabelStep matches the steps that change a node's labels, for the
// plan's first pass (NewPlan): such a scenario gets a node of its own on
// a cluster whose nodes others share.
var relabelStep = regexp.MustCompile(`^(?:(?:the )?node "[^"]*"|the node) is (?:labell?ed|unlabell?ed) "|^the label "[^"]*" is (?:added to|removed from) `)

// retaintStep is a step that taints a node or takes a taint off it: as
// an action it changes a running node (held-out set 38's NoExecute taint
// on worker-1 was skipped on kind, "which other scenarios share").
var retaintStep = regexp.MustCompile(`^(?:an? )?node "[^"]*" is tainted "|^the taint "[^"]*" is removed from node `)

func nodeLabelSteps() []Def {
	const f = "node labels"
	return []Def{
		phrase(f, `^a node "([^"]*)" with labels? "([^"]*)"$`, `Given a node "worker-1" with label "disktype=ssd"`,
			s2(func(node string, labels string) Step { return nodeWithLabels{node: node, labels: labels} })),
		phrase(f, `^node "([^"]*)" is label(?:l)?ed "([^"]*)"$`, `When node "worker-1" is labelled "disktype=ssd"`,
			s2(func(node string, l nodeLabel) Step { return nodeLabelled{node: node, label: l} })),
		phrase(f, `^the label "([^"]*)" is added to node "([^"]*)"$`, `When the label "disktype=ssd" is added to node "worker-1"`,
			s2(func(l nodeLabel, node string) Step { return nodeLabelled{node: node, label: l} })),
		phrase(f, `^the label "([^"]*)" is removed from node "([^"]*)"$`, `When the label "disktype" is removed from node "worker-1"`,
			s2(func(k labelKey, node string) Step { return nodeUnlabelled{node: node, key: k} })),
		phrase(f, `^node "([^"]*)" is unlabel(?:l)?ed "([^"]*)"$`, `When node "worker-1" is unlabelled "disktype"`,
			s2(func(node string, k labelKey) Step { return nodeUnlabelled{node: node, key: k} })),
	}
}

// nodeLabel is a slot `key=value`, a label as `kubectl label node`
// takes it.
type nodeLabel struct{ key, value string }

func (l *nodeLabel) set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok {
		return inputErr("label %q is not key=value", s)
	}
	if err := checkLabel(k, v); err != nil {
		return err
	}
	l.key, l.value = k, v
	return nil
}

// labelKey is a slot naming a label to remove: its key, or key=value
// (then the node's value must be that one).
type labelKey struct {
	key, value string
	valued     bool
}

func (l *labelKey) set(s string) error {
	k, v, valued := strings.Cut(strings.TrimSuffix(s, "-"), "=")
	if err := checkLabel(k, v); err != nil {
		return err
	}
	l.key, l.value, l.valued = k, v, valued
	return nil
}

// checkLabel is the API server's validation of a label
// (apimachinery's ValidateLabels: a qualified name, a label value).
func checkLabel(key, value string) error {
	if errs := validation.IsQualifiedName(key); len(errs) > 0 {
		return inputErr("label key %q: %s", key, strings.Join(errs, "; "))
	}
	if errs := validation.IsValidLabelValue(value); len(errs) > 0 {
		return inputErr("label value %q: %s", value, strings.Join(errs, "; "))
	}
	return nil
}

// Given a node "worker-1" with label "disktype=ssd" (labels
// "a=b,c=d"): the node declared with its default size and those labels.
type nodeWithLabels struct {
	declaration
	node, labels string
}

func (s nodeWithLabels) Declare(pl *Plan) error {
	var ls []nodeLabel
	for _, part := range strings.Split(s.labels, ",") {
		var l nodeLabel
		if err := l.set(strings.TrimSpace(part)); err != nil {
			return err
		}
		ls = append(ls, l)
	}
	if err := (aNode{name: s.node}).Declare(pl); err != nil {
		return err
	}
	n := pl.findNode(s.node)
	for _, l := range ls {
		n.Labels[l.key] = l.value
	}
	return nil
}

// When node "worker-1" is labelled "disktype=ssd" (the label
// "disktype=ssd" is added to node "worker-1"): as a Given, before the
// cluster runs, the declared node carries the label; as an action the
// label is written on the running node (an existing value overwritten).
type nodeLabelled struct {
	node  string
	label nodeLabel
}

func (s nodeLabelled) Declare(pl *Plan) error {
	if pl.kind == Action {
		_, err := pl.node(s.node)
		return err
	}
	if err := pl.beforeCluster("a node's label"); err != nil {
		return err
	}
	n, err := pl.node(s.node)
	if err != nil {
		return err
	}
	if n.Labels == nil {
		n.Labels = map[string]string{}
	}
	n.Labels[s.label.key] = s.label.value
	return nil
}

func (s nodeLabelled) Run(ctx context.Context, st *State) error {
	if st.stepType != Action {
		return nil
	}
	return nodeAction(ctx, st, s.node, "label a node", func(n driver.Nodes) error {
		return n.LabelNode(ctx, s.node, s.label.key, s.label.value, false)
	})
}

// When the label "disktype" is removed from node "worker-1" (node
// "worker-1" is unlabelled "disktype"): an action; the node must have the
// label (with the value, when the step gives one).
type nodeUnlabelled struct {
	node string
	key  labelKey
}

func (s nodeUnlabelled) Declare(pl *Plan) error {
	_, err := pl.node(s.node)
	return err
}

func (s nodeUnlabelled) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if s.key.valued {
		if n := st.Session.View().Node(s.node); n != nil {
			if v, ok := n.Labels[s.key.key]; ok && v != s.key.value {
				return fmt.Errorf("node %q has label %s=%s, not %s=%s", s.node, s.key.key, v, s.key.key, s.key.value)
			}
		}
	}
	return nodeAction(ctx, st, s.node, "remove a node's label", func(n driver.Nodes) error {
		return n.LabelNode(ctx, s.node, s.key.key, "", true)
	})
}
