package sim

import (
	"fmt"
	"strings"

	"github.com/distribution/reference"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
)

// CheckPod reports what in a pod the simulator cannot run: it runs agent
// containers (the agent image with podlife-agent arguments) and image
// containers whose command is one it understands (`sleep N`, `sh -c "sleep
// N"`), and exec hooks and probes of the same kinds. What the API server
// would reject is reported too, so that lint catches it before anything
// runs.
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
	for _, c := range allContainers(&p.Spec) {
		if err := checkContainer(c, cache); err != nil {
			return fmt.Errorf("container %q: %w", c.Name, err)
		}
	}
	return nil
}

func checkContainer(c *corev1.Container, cache *parseCache) error {
	if c.Image == behavior.Image {
		if len(c.Command) > 0 && !(len(c.Command) == 1 && c.Command[0] == behavior.MissingBinary) {
			return fmt.Errorf("an agent container takes behaviour arguments, not a command")
		}
		if _, err := cache.behavior(c.Args); err != nil {
			return fmt.Errorf("agent arguments: %w", err)
		}
	} else if cache.image(c.Image).unpullable() {
		// It never runs: what it would run does not matter.
	} else if _, err := behavior.ParseCommand(append(append([]string{}, c.Command...), c.Args...)); err != nil {
		return fmt.Errorf("image %s: the simulator runs agent containers (no image:) and images running `sleep N`: %w", c.Image, err)
	}
	if lc := c.Lifecycle; lc != nil {
		for _, h := range []struct {
			name    string
			handler *corev1.LifecycleHandler
		}{{"postStart", lc.PostStart}, {"preStop", lc.PreStop}} {
			if h.handler != nil && h.handler.Exec != nil {
				if _, err := behavior.ParseCommand(h.handler.Exec.Command); err != nil {
					return fmt.Errorf("%s hook: %w", h.name, err)
				}
			}
		}
	}
	for _, pr := range probesOf(c) {
		if pr.probe.Exec != nil {
			if _, err := behavior.ParseCommand(pr.probe.Exec.Command); err != nil {
				return fmt.Errorf("%s: %w", pr.field, err)
			}
		}
	}
	return nil
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

// containerMessages returns the messages about the container of that name.
func (pc *parseCache) containerMessages(name string) containerMessages {
	if m, ok := pc.messages[name]; ok {
		return m
	}
	m := containerMessages{
		created:  "Created container: " + name,
		started:  "Started container " + name,
		stopping: "Stopping container " + name,
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
