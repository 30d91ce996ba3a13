package sim

import (
	"fmt"
	"strings"

	"github.com/distribution/reference"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
)

// CheckPod reports what in a pod the simulator cannot run, and what the
// API server would reject, so that lint catches it before anything runs.
// The simulator runs agent containers (the agent image with podlife-agent
// arguments) and every image container: `sleep N` and the other commands
// behavior.ParseCommand understands as such, anything else as a generic
// process (genericProcess), each shaped by the behaviour steps' annotation
// when it has one. Exec hooks and probes it does not understand succeed
// at once (execCommand). What it assumed is told by Assumptions.
func CheckPod(p *corev1.Pod) error {
	v := p.DeepCopy()
	setDefaultsPod(v)
	if errs := validatePod(v); len(errs) > 0 {
		return fmt.Errorf("the API server would reject the pod: %w", errs.ToAggregate())
	}
	return checkRunnable(p, nil)
}

// checkRunnable is what CheckPod reports of the simulator's own limits
// (CreatePod checks them before the API server sees the pod); agent
// arguments and images are parsed through the cache when there is one.
func checkRunnable(p *corev1.Pod, cache *parseCache) error {
	names := map[string]bool{}
	for _, c := range allContainers(&p.Spec) {
		names[c.Name] = true
		if err := checkContainer(c, p.Annotations[behavior.Annotation(c.Name)], cache); err != nil {
			return fmt.Errorf("container %q: %w", c.Name, err)
		}
	}
	for k := range p.Annotations {
		if name, ok := strings.CutPrefix(k, behavior.AnnotationPrefix); ok && !names[name] {
			return fmt.Errorf("annotation %s: the pod has no container %q", k, name)
		}
	}
	return nil
}

// checkContainer checks one container; shaped is the value of its
// behaviour annotation ("" for none).
func checkContainer(c *corev1.Container, shaped string, cache *parseCache) error {
	if c.Image == behavior.Image {
		if len(c.Command) > 0 && !(len(c.Command) == 1 && c.Command[0] == behavior.MissingBinary) {
			return fmt.Errorf("an agent container takes behaviour arguments, not a command")
		}
		if shaped != "" {
			return fmt.Errorf("an agent container takes its behaviour as arguments, not from annotation %s", behavior.Annotation(c.Name))
		}
		if _, err := cache.behavior(c.Args); err != nil {
			return fmt.Errorf("agent arguments: %w", err)
		}
	} else if shaped != "" {
		if _, err := shapedBehavior(shaped, cache); err != nil {
			return err
		}
	}
	if lc := c.Lifecycle; lc != nil {
		for _, h := range []struct {
			name    string
			handler *corev1.LifecycleHandler
		}{{"postStart", lc.PostStart}, {"preStop", lc.PreStop}} {
			if h.handler != nil && h.handler.Exec != nil {
				if err := checkAgentCommand(h.handler.Exec.Command); err != nil {
					return fmt.Errorf("%s hook: %w", h.name, err)
				}
			}
		}
	}
	var buf [3]namedProbe
	for _, pr := range probesIn(c, &buf) {
		if pr.probe.Exec != nil {
			if err := checkAgentCommand(pr.probe.Exec.Command); err != nil {
				return fmt.Errorf("%s: %w", pr.field, err)
			}
		}
	}
	return nil
}

// checkAgentCommand rejects a malformed call of the agent's own probe
// command: that one is podlife's, not a user's command to be assumed.
func checkAgentCommand(cmd []string) error {
	if len(cmd) > 0 && cmd[0] == behavior.Path {
		_, err := behavior.ParseCommand(cmd)
		return err
	}
	return nil
}

// shapedBehavior reads the behaviour of an image container from its
// annotation's value.
func shapedBehavior(v string, cache *parseCache) (*behavior.Behavior, error) {
	args, err := behavior.DecodeAnnotation(v)
	if err != nil {
		return nil, err
	}
	b, err := cache.behavior(args)
	if err != nil {
		return nil, fmt.Errorf("behaviour annotation: %w", err)
	}
	return b, nil
}

// execCommand is what an exec hook or probe runs: a command
// behavior.ParseCommand understands does what it says; any other (`cat
// /tmp/healthy`, `nginx -s quit`) succeeds at once. That is podlife's own
// assumption (dsl.md, "Phrases people write"), not the kubelet's: the
// simulator runs no image, so it cannot know what such a command would
// find; a behaviour step that answers the probe replaces the command.
func execCommand(cmd []string) behavior.Command {
	c, err := behavior.ParseCommand(cmd)
	if err != nil {
		return behavior.Command{}
	}
	return c
}

// genericProcess tells whether an image container's command is one the
// simulator does not understand (none given counts: the image's own
// entrypoint is unknown), so that it runs as a generic process: started
// at once, running until signalled, exiting with 143 on SIGTERM
// (behavior.ForImage). podlife's own assumption (dsl.md, "Defaults"):
// the simulator runs no image.
func genericProcess(c *corev1.Container) bool {
	_, err := behavior.ParseCommand(append(append([]string{}, c.Command...), c.Args...))
	return err != nil
}

// parseCache remembers what the simulator parsed from pod specs, by their
// text: agent arguments and image references. A simulated cluster stamps
// thousands of pods from one template, and parsing a container's flags
// and image name again for each costs more than running it. A nil cache
// parses every time.
type parseCache struct {
	behaviors map[string]parsedBehavior
	images    map[string]parsedImage
	messages  map[string]containerMessages
	lists     map[string]string
}

func newParseCache() *parseCache {
	return &parseCache{behaviors: map[string]parsedBehavior{}, images: map[string]parsedImage{},
		messages: map[string]containerMessages{}, lists: map[string]string{}}
}

// listMessage is prefix, the names separated by spaces, and "]": the
// messages of the Initialized, ContainersReady and Ready conditions, which
// every status of every pod carries. The text is assembled in a buffer on
// the stack and looked up (a lookup by string(bytes) copies nothing), so
// that each distinct message is made once per simulator.
func (pc *parseCache) listMessage(prefix string, names []string) string {
	var buf [256]byte
	b := append(buf[:0], prefix...)
	for i, n := range names {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, n...)
	}
	b = append(b, ']')
	if m, ok := pc.lists[string(b)]; ok {
		return m
	}
	m := string(b)
	pc.lists[m] = m
	return m
}

// containerMessages are the messages of the kubelet's Created, Started
// and Killing events about a container, which name it: made once per
// container name, as the images' are, rather than at every start and
// kill.
type containerMessages struct {
	created, started, stopping string
}

// containerMessages returns the messages about the container of that
// name, as the kubelet of that profile words them: from 1.35 its Created
// and Started events name no container (kuberuntime_container.go
// startContainer: "Container created", "Container started"; up to 1.34
// "Created container: %v", "Started container %v"); Killing's names it
// in every release (killContainer's "Stopping container %v").
func (pc *parseCache) containerMessages(name string, unnamed bool) containerMessages {
	if !unnamed {
		name = "\x00" + name // the older wording, under its own key
	}
	if m, ok := pc.messages[name]; ok {
		return m
	}
	c := strings.TrimPrefix(name, "\x00")
	m := containerMessages{created: "Container created", started: "Container started", stopping: "Stopping container " + c}
	if !unnamed {
		m.created, m.started = "Created container: "+c, "Started container "+c
	}
	pc.messages[name] = m
	return m
}

type parsedBehavior struct {
	b   *behavior.Behavior
	err error
}

// behavior parses agent arguments. The behaviour is shared by the
// containers of those arguments, and never modified.
func (pc *parseCache) behavior(args []string) (*behavior.Behavior, error) {
	if pc == nil {
		b, err := behavior.Parse(args)
		return &b, err
	}
	// Process arguments are C strings: none holds a NUL to blur the key.
	// The key is assembled on the stack: looking it up copies nothing.
	var buf [256]byte
	key := buf[:0]
	for i, a := range args {
		if i > 0 {
			key = append(key, 0)
		}
		key = append(key, a...)
	}
	if r, ok := pc.behaviors[string(key)]; ok {
		return r.b, r.err
	}
	b, err := behavior.Parse(args)
	pc.behaviors[string(key)] = parsedBehavior{&b, err}
	return &b, err
}

// parsedImage is an image reference as the kubelet normalizes it
// (reference.ParseNormalizedNamed), its tagged form, and what the
// container statuses and the Pulled event of a present image say of it
// (shared by every container of the image).
type parsedImage struct {
	named   reference.Named
	tagged  string // reference.TagNameOnly: ":latest" when untagged
	err     error
	id      string // imageID
	present string // the Pulled event's message
}

// image parses an image reference.
func (pc *parseCache) image(image string) parsedImage {
	if pc != nil {
		if r, ok := pc.images[image]; ok {
			return r
		}
	}
	r := parsedImage{id: imageID(image), present: fmt.Sprintf("Container image %q already present on machine", image)}
	if r.named, r.err = reference.ParseNormalizedNamed(image); r.err == nil {
		r.tagged = reference.TagNameOnly(r.named).String()
	}
	if pc != nil {
		pc.images[image] = r
	}
	return r
}

// unpullable reports an image under a .invalid registry, which no pull
// reaches.
func (r parsedImage) unpullable() bool {
	return r.err == nil && strings.HasSuffix(reference.Domain(r.named), ".invalid")
}

// Assumptions says, one sentence each, what the simulator assumes about a
// pod because it cannot run its images: the image containers it runs as
// generic processes or by their behaviour steps, and the exec hooks and
// probes whose commands it does not understand. These are podlife's own
// assumptions (dsl.md, "Phrases people write"), which lint reports as
// notes; none of them is a problem.
func Assumptions(p *corev1.Pod) []string {
	var out []string
	for _, c := range allContainers(&p.Spec) {
		out = append(out, assumptions(c, p.Annotations[behavior.Annotation(c.Name)] != "")...)
	}
	return out
}

func assumptions(c *corev1.Container, shaped bool) []string {
	if (len(c.Command) == 1 && c.Command[0] == behavior.MissingBinary) || (*parseCache)(nil).image(c.Image).unpullable() {
		return nil // it never runs
	}
	var out []string
	image := c.Image != behavior.Image
	generic := image && !shaped && genericProcess(c)
	shapedGeneric := image && shaped && genericProcess(c)
	what := fmt.Sprintf("image %s", c.Image)
	if cmd := append(append([]string{}, c.Command...), c.Args...); len(cmd) > 0 {
		what = fmt.Sprintf("%q of image %s", strings.Join(cmd, " "), c.Image)
	}
	switch {
	case shapedGeneric:
		out = append(out, fmt.Sprintf("container %q: the simulator does not know %s; it runs it as a generic process changed by the behaviour steps (on a cluster the image runs as written, and the scenario is skipped there)", c.Name, what))
	case image && shaped:
		out = append(out, fmt.Sprintf("container %q: the simulator runs %s as the behaviour steps change it (on a cluster the image runs as written, and the scenario is skipped there)", c.Name, what))
	case generic:
		out = append(out, fmt.Sprintf("container %q: the simulator does not know %s; it runs it as a generic process: it starts at once, runs until signalled and exits with 143 on SIGTERM", c.Name, what))
	}
	if generic || shapedGeneric {
		for _, pr := range probesOf(c) {
			h := pr.probe.ProbeHandler
			if h.HTTPGet != nil || h.TCPSocket != nil || h.GRPC != nil {
				out = append(out, fmt.Sprintf("container %q: the simulator cannot ask the image on its %s; it answers as the process's behaviour says (healthy unless a behaviour step says otherwise)", c.Name, pr.field))
			}
		}
		if lc := c.Lifecycle; lc != nil {
			for _, h := range []struct {
				name    string
				handler *corev1.LifecycleHandler
			}{{"postStart", lc.PostStart}, {"preStop", lc.PreStop}} {
				if h.handler != nil && h.handler.HTTPGet != nil {
					out = append(out, fmt.Sprintf("container %q: the simulator cannot ask the image on its %s hook; it succeeds at once", c.Name, h.name))
				}
			}
		}
	}
	unknown := func(cmd []string) bool {
		_, err := behavior.ParseCommand(cmd)
		return err != nil
	}
	if lc := c.Lifecycle; lc != nil {
		for _, h := range []struct {
			name    string
			handler *corev1.LifecycleHandler
		}{{"postStart", lc.PostStart}, {"preStop", lc.PreStop}} {
			if h.handler != nil && h.handler.Exec != nil && unknown(h.handler.Exec.Command) {
				out = append(out, fmt.Sprintf("container %q: the simulator does not understand its %s hook %q; it succeeds at once", c.Name, h.name, strings.Join(h.handler.Exec.Command, " ")))
			}
		}
	}
	for _, pr := range probesOf(c) {
		if pr.probe.Exec != nil && unknown(pr.probe.Exec.Command) {
			answer := "it succeeds at once"
			if shapedGeneric {
				answer = "it answers as the behaviour steps say"
			}
			out = append(out, fmt.Sprintf("container %q: the simulator does not understand its %s %q; %s", c.Name, pr.field, strings.Join(pr.probe.Exec.Command, " "), answer))
		}
	}
	return out
}
