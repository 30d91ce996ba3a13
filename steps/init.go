package steps

import (
	"regexp"
	"strings"
)

// Init containers: every phrase that begins with `container "x"` also
// begins with `init container "x"`, with the same meaning, for x one of
// the pod's init containers (a sidecar included). The word says what the
// author knows of the container; a container that is not an init
// container is an error at the step's line, as a container the pod does
// not have is.

// containerPrefix begins every phrase about one container of a pod.
const containerPrefix = `^container "([^"]*)"(?: of pod "([^"]*)")? `

// initContainerPhrase lets a phrase that begins with containerPrefix
// begin with `init ` too.
func initContainerPhrase(d Def) Def {
	rest, ok := strings.CutPrefix(d.Pattern.String(), containerPrefix)
	if !ok {
		return d
	}
	d.Pattern = regexp.MustCompile(`^(?:init )?container "([^"]*)"(?: of pod "([^"]*)")? ` + rest)
	d.initable = true
	return d
}

// initContainer is a phrase written `init container "x" …`: the phrase
// of `container "x" …`, once x is known to be an init container.
type initContainer struct {
	Step
	name, pod string
}

func (s initContainer) Declare(pl *Plan) error {
	p, c, err := pl.mustContainer(s.name, s.pod)
	if err != nil {
		return err
	}
	var inits []string
	for _, ic := range p.pod.Spec.InitContainers {
		if ic.Name == c.Name {
			return s.Step.Declare(pl)
		}
		inits = append(inits, ic.Name)
	}
	if len(inits) == 0 {
		return inputErr("container %q of pod %q is not an init container: the pod has none (write `container %q`)", s.name, p.name, s.name)
	}
	return inputErr("container %q of pod %q is not an init container (its init containers: %s; write `container %q`)", s.name, p.name, strings.Join(inits, ", "), s.name)
}
