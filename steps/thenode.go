package steps

import (
	"context"
	"regexp"
	"strings"
)

// The node: a scenario of one node (the default `worker-1` among them)
// may call it `the node` wherever a phrase names a node with `node "x"`:
// `When the node comes under memory pressure`, `Then the node has
// condition "MemoryPressure" "True"`, `the kubelet on the node restarts`.
// With several nodes `the node` is an error at the step's line that names
// them. The phrase means what it means with the node's name.

// nodeRef is where a pattern names a node: at its start or after a
// word.
var nodeRef = regexp.MustCompile(`(^\^|[^ ] )node "\(\[\^"\]\*\)"`)

// theNodePhrase lets a phrase's node be written `the node`.
func theNodePhrase(d Def) Def {
	src := d.Pattern.String()
	ms := nodeRef.FindAllStringSubmatchIndex(src, -1)
	if len(ms) != 1 {
		return d // no node, or two: `the node` would not say which
	}
	at := ms[0][3] // after the prefix, at the word node
	// Not a node's declaration (`a node "x"`), nor an optional part (a
	// pod's `on node "x"` left out means no node at all, not the one).
	if strings.HasSuffix(src[:at], "^a ") || strings.HasSuffix(src[:at], "(?: on ") {
		return d
	}
	ref := `(?:the )?node "([^"]*)"`
	d.nodeCapture = capturesIn(src[:at]) + 1
	d.Pattern = regexp.MustCompile(src[:at] + `(?:the node|` + ref + `)` + src[at+len(`node "([^"]*)"`):])
	return d
}

// theNodeAt is where text says `the node` for the phrase's node capture,
// or -1 when it names the node.
func (d Def) theNodeAt(text string) int {
	if d.nodeCapture == 0 {
		return -1
	}
	m := d.Pattern.FindStringSubmatchIndex(text)
	if m == nil || m[2*d.nodeCapture] >= 0 {
		return -1
	}
	// The first `the node` outside quotes.
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '"':
			j := strings.IndexByte(text[i+1:], '"')
			if j < 0 {
				return -1
			}
			i += j + 1
		case strings.HasPrefix(text[i:], "the node") && (i == 0 || text[i-1] == ' '):
			return i
		}
	}
	return -1
}

// onlyNode is a phrase that says `the node`: once the plan knows the
// scenario's nodes, the phrase with its one node's name.
type onlyNode struct {
	def  Def
	text string
	at   int // where text says `the node`
	arg  Arg
	Step // the phrase with the node's name, once declared
}

func (s *onlyNode) Declare(pl *Plan) error {
	name, err := pl.onlyNode()
	if err != nil {
		return err
	}
	named := s.text[:s.at] + `node "` + name + `"` + s.text[s.at+len("the node"):]
	step, err := s.def.Parse(named, s.arg)
	if err != nil {
		return err
	}
	s.Step = step
	return step.Declare(pl)
}

func (s *onlyNode) Run(ctx context.Context, st *State) error { return s.Step.Run(ctx, st) }

// onlyNode is the name of the scenario's one node: the default node when
// it declares none.
func (pl *Plan) onlyNode() (string, error) {
	switch len(pl.setup.Nodes) {
	case 0:
		n, err := pl.node(defaultNode().Name)
		if err != nil {
			return "", err
		}
		return n.Name, nil
	case 1:
		return pl.setup.Nodes[0].Name, nil
	}
	var names []string
	for _, n := range pl.setup.Nodes {
		names = append(names, `"`+n.Name+`"`)
	}
	return "", inputErr("the scenario has %d nodes (%s): say which, with node \"name\"", len(names), strings.Join(names, ", "))
}
