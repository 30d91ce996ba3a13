package behavior

import (
	"encoding/json"
	"fmt"
)

// AnnotationPrefix starts the pod annotation that carries the behaviour
// steps gave an image container (a container with its own image): the
// annotation's name is the prefix and the container's name, its value the
// agent arguments as a JSON list. Agent containers carry their behaviour
// as arguments instead. The simulator runs an image container so
// annotated by that behaviour; a live cluster runs the image as written,
// so a driver that cannot honour the annotation skips the scenario
// (dsl.md, "Defaults").
const AnnotationPrefix = "behavior.podlife.io/"

// Annotation is the name of the annotation that carries the behaviour of
// the image container named container.
func Annotation(container string) string { return AnnotationPrefix + container }

// EncodeAnnotation is the annotation's value for b.
func EncodeAnnotation(b Behavior) string {
	args := b.Args()
	if args == nil {
		args = []string{}
	}
	raw, _ := json.Marshal(args) // a list of strings always encodes
	return string(raw)
}

// DecodeAnnotation reads an annotation's value back into agent arguments.
func DecodeAnnotation(v string) ([]string, error) {
	var args []string
	if err := json.Unmarshal([]byte(v), &args); err != nil {
		return nil, fmt.Errorf("annotation value %q is not a JSON list of agent arguments: %w", v, err)
	}
	return args, nil
}

// ForImage is the behaviour an image container starts from before
// behaviour steps change it: what the simulator runs its command as. An
// understood command (ParseCommand) keeps its meaning: it exits on its own
// with its code after its duration (never, for `sleep infinity`) and, as
// PID 1 with no handler, ignores SIGTERM. Any other command (none, as for
// `image: nginx:1.27`) is a generic process: the default behaviour, which
// runs until signalled and exits with 143 on SIGTERM. That last rule is
// podlife's own assumption (dsl.md, "Phrases people write"), not the
// kubelet's: the simulator cannot know what an image does.
func ForImage(command, args []string) (b Behavior, understood bool) {
	b = Default()
	cmd, err := ParseCommand(append(append([]string{}, command...), args...))
	if err != nil || cmd.Probe != "" || cmd.Missing {
		return b, false
	}
	b.Term.Ignore = true
	if !cmd.Forever {
		b.Exit = &Exit{Code: cmd.Code, After: cmd.Duration}
	}
	return b, true
}
