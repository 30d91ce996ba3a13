package steps

import (
	"regexp"
	"strings"

	corev1 "k8s.io/api/core/v1"
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
func (d Def) initNamed(text string) (names [][3]string) {
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
		if start < 0 {
			continue
		}
		if role := roleOf(text[:start]); role != "" {
			names = append(names, [3]string{group(r.ctr), pod, role})
		}
	}
	return names
}

// Role nouns (issue 38's sixth held-out set): authors name a container by
// its role, `the sidecar "log-shipper"`, `init container "wait-for-db"`,
// `the app container "app"`. Wherever a phrase names a container with
// `container "x"` it takes these too, with the same meaning: `the
// sidecar "x"` (`sidecar "x"`, `the sidecar container "x"`) for an init
// container with restartPolicy Always, `the init container "x"` for any
// init container, `the app container "x"` (`the main container "x"`) for
// one of the pod's containers. A role the pod's spec does not give the
// container is an error at the step's line.
const roleNouns = `(?:(?:the )?(?:init |sidecar |app |main )container |(?:the )?sidecar |container )"`

// roleOf is the role the text before a container's name gives it: "init",
// "sidecar", "app", or "" for plain `container`.
func roleOf(before string) string {
	switch {
	case strings.HasSuffix(before, `init container "`):
		return "init"
	case strings.HasSuffix(before, `sidecar "`), strings.HasSuffix(before, `sidecar container "`):
		return "sidecar"
	case strings.HasSuffix(before, `app container "`), strings.HasSuffix(before, `main container "`):
		return "app"
	}
	return ""
}

// roleNounPhrase lets each container a phrase names be named by its
// role; the reference shows the phrase as before (its conventions say
// it once).
func roleNounPhrase(d Def) Def {
	if d.inits == nil {
		return d
	}
	src := d.Pattern.String()
	out := strings.ReplaceAll(src, `(?:init )?container "`, roleNouns)
	return d.repatterned(src, out)
}

// initContainer is a phrase that calls containers init containers: the
// phrase as if written `container "x"`, once each is known to be one.
type initContainer struct {
	Step
	names [][3]string
}

func (s initContainer) Declare(pl *Plan) error {
	for _, n := range s.names {
		if err := mustRole(pl, n[0], n[1], n[2]); err != nil {
			return err
		}
	}
	return s.Step.Declare(pl)
}

// mustRole checks that the pod's container has the role the step gives
// it.
func mustRole(pl *Plan, name, pod, role string) error {
	if role == "init" {
		return pl.mustInit(name, pod)
	}
	// A workload's pod template too, where the step shapes one (`the
	// sidecar "log" of pod "batch" …` for the job "batch"'s pods).
	p, c, err := pl.shapeTarget(name, pod)
	if err != nil {
		return err
	}
	for _, ic := range p.pod.Spec.InitContainers {
		if ic.Name != c.Name {
			continue
		}
		if role == "sidecar" && (ic.RestartPolicy == nil || *ic.RestartPolicy != corev1.ContainerRestartPolicyAlways) {
			return inputErr("container %q of pod %q is not a sidecar: an init container without `restartPolicy: Always` (write `init container %q`)", name, p.name, name)
		}
		if role == "app" {
			return inputErr("container %q of pod %q is an init container, not one of its app containers (write `init container %q`)", name, p.name, name)
		}
		return nil
	}
	if role == "sidecar" {
		return inputErr("container %q of pod %q is not a sidecar: a sidecar is an init container with `restartPolicy: Always` (write `container %q`)", name, p.name, name)
	}
	return nil
}

// mustInit checks that the pod's container is one of its init containers.
func (pl *Plan) mustInit(name, pod string) error {
	p, c, err := pl.shapeTarget(name, pod)
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
