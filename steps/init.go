package steps

import (
	"regexp"
	"strings"
)

// Init containers: every phrase that names a container with `container
// "x"` also takes `init container "x"` there, with the same meaning, for
// x one of the pod's init containers (a sidecar included): `init container
// "migrate" exits with code 0`, `an event "Started" is recorded for init
// container "migrate"`, `container "app" starts after init container
// "migrate" is ready`. The word says what the author knows of the
// container; a container that is not an init container is an error at
// the step's line, as a container the pod does not have is.

// containerRef is how a phrase names one container of a pod, in the
// pattern's own text: `container "([^"]*)"`, with or without `(?: of pod
// "([^"]*)")?`, at the phrase's start or after a space or an opening
// group (`for (?:container …`).
var containerRef = regexp.MustCompile(`(^\^|[ :]|\(\?:)(container "\(\[\^"\]\*\)"((?:\(\?: of pod "\(\[\^"\]\*\)"\)\?)?))`)

// initRef is where a phrase's pattern names a container: the captures of
// its name and of its pod (0: none, the pod of the phrase's first
// container).
type initRef struct{ ctr, pod int }

// initContainerPhrase lets each container a phrase names be written
// `init container` too.
func initContainerPhrase(d Def) Def {
	src := d.Pattern.String()
	var out strings.Builder
	last := 0
	for _, m := range containerRef.FindAllStringSubmatchIndex(src, -1) {
		at := m[4] // the word container
		ref := initRef{ctr: capturesIn(src[:at]) + 1}
		if m[6] < m[7] {
			ref.pod = ref.ctr + 1
		}
		out.WriteString(src[last:at] + `(?:init )?`)
		last = at
		d.inits = append(d.inits, ref)
	}
	if d.inits == nil {
		return d
	}
	out.WriteString(src[last:])
	d.Pattern = regexp.MustCompile(out.String())
	return d
}

// capturesIn counts the capturing groups that open in a pattern's text.
func capturesIn(src string) int {
	n := 0
	for i := 0; i < len(src); i++ {
		switch {
		case src[i] == '\\':
			i++
		case src[i] == '(' && (i+1 == len(src) || src[i+1] != '?'):
			n++
		}
	}
	return n
}

// initNamed are the containers a step's text calls init containers: the
// name and pod of each (a pod "" is the phrase's first container's pod,
// or the scenario's one).
func (d Def) initNamed(text string) (names [][2]string) {
	m := d.Pattern.FindStringSubmatchIndex(text)
	if m == nil {
		return nil
	}
	group := func(i int) string {
		if i == 0 || m[2*i] < 0 {
			return ""
		}
		return text[m[2*i]:m[2*i+1]]
	}
	firstPod := ""
	for i, r := range d.inits {
		pod := group(r.pod)
		if i == 0 {
			firstPod = pod
		} else if r.pod == 0 {
			pod = firstPod
		}
		start := m[2*r.ctr]
		if start >= 0 && strings.HasSuffix(text[:start], `init container "`) {
			names = append(names, [2]string{group(r.ctr), pod})
		}
	}
	return names
}

// initContainer is a phrase that calls containers init containers: the
// phrase as if written `container "x"`, once each is known to be one.
type initContainer struct {
	Step
	names [][2]string
}

func (s initContainer) Declare(pl *Plan) error {
	for _, n := range s.names {
		if err := pl.mustInit(n[0], n[1]); err != nil {
			return err
		}
	}
	return s.Step.Declare(pl)
}

// mustInit checks that the pod's container is one of its init containers.
func (pl *Plan) mustInit(name, pod string) error {
	p, c, err := pl.mustContainer(name, pod)
	if err != nil {
		return err
	}
	var inits []string
	for _, ic := range p.pod.Spec.InitContainers {
		if ic.Name == c.Name {
			return nil
		}
		inits = append(inits, ic.Name)
	}
	if len(inits) == 0 {
		return inputErr("container %q of pod %q is not an init container: the pod has none (write `container %q`)", name, p.name, name)
	}
	return inputErr("container %q of pod %q is not an init container (its init containers: %s; write `container %q`)", name, p.name, strings.Join(inits, ", "), name)
}
