// Package behavior is the contract between a scenario and the containers it
// runs: what an agent container does (exit, handle SIGTERM, become ready,
// fail probes, use memory, write to a volume or to its writable layer,
// print lines to its log, write its termination message) and how that is
// written into
// the pod spec as podlife-agent arguments.
//
// The simulator reads the same arguments the live agent runs with, so a
// behaviour means the same thing on every driver. The exec commands that
// scenarios use for hooks and probes (`sleep N`, `sh -c "sleep N"`, `true`,
// `false`, `exit N`) are parsed here too.
//
// What an agent container answers, on every driver:
//
//   - HTTP: it listens on AgentPort and on every containerPort of its
//     container. GET /podlife/<kind> (liveness, readiness, startup) answers
//     200 or 500 from the behaviour; any other path answers 200. A port
//     nobody listens on refuses the connection.
//   - TCP: the same ports accept connections.
//   - exec: `ProbeCommand(kind)` exits 0 or 1 from the behaviour, counted
//     from the container's start; `sleep N`, `true`, `false`, `exit N`
//     (bare or under `sh -c`) do what they say.
//
// A probe's answer from the behaviour: readiness fails before ReadyAfter
// (when set) and from FailReadinessAfter (when set); liveness fails before
// LiveAfter (when set) and from FailLivenessAfter; startup never succeeds with FailStartup, else
// succeeds from StartupAfter when set, else from ReadyAfter when set,
// else at once.
package behavior

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/quantity"
)

// Image is the image of every agent container. The live driver builds and
// loads it under this name; the simulator recognises it.
const Image = "podlife.local/agent:v1"

// Path is the agent binary inside the image (its entrypoint).
const Path = "/podlife-agent"

// AgentPort is the port every agent serves HTTP and TCP on.
const AgentPort = 8080

// UnpullableImage is an image no registry serves (the .invalid domain is
// reserved): pulling it fails on every driver.
const UnpullableImage = "podlife.invalid/unpullable:v1"

// Unpullable tells an image podlife made unpullable: UnpullableImage, or
// a manifest's image under its registry ("podlife.invalid/nginx:1.27").
func Unpullable(image string) bool { return strings.HasPrefix(image, "podlife.invalid/") }

// DefaultTermCode is the exit code of a process killed by an unhandled
// SIGTERM (128+15).
const DefaultTermCode = 143

// Behavior is what an agent container does over its life. The zero value,
// after Default, runs until signalled and exits promptly on SIGTERM with 143.
type Behavior struct {
	// Exit, when set, makes the process exit on its own.
	Exit *Exit
	// Term is what the process does on SIGTERM.
	Term Term
	// ReadyAfter makes the agent's readiness answer succeed from this long
	// after start (it fails before).
	ReadyAfter *time.Duration
	// FailLivenessAfter and FailReadinessAfter make the agent's probe
	// answers fail from this long after start.
	FailLivenessAfter  *time.Duration
	FailReadinessAfter *time.Duration
	// LiveAfter makes the agent's liveness answer succeed from this long
	// after start only (it fails before): a process that comes up
	// slowly, which a liveness probe without initialDelaySeconds kills.
	LiveAfter *time.Duration
	// StartupAfter makes the agent's startup answer succeed from this
	// long after start (it fails before); FailStartup makes it fail
	// always.
	StartupAfter *time.Duration
	FailStartup  bool
	// Memory is the process's memory over time, a step function: from
	// each point's After it uses that point's Quantity, until the next
	// point's After (nothing before the first). The points are in the
	// order of their times, each later than the one before.
	Memory []Usage
	// Writes are writes to mounted volumes.
	Writes []Write
	// LayerWrites are writes to the container's writable layer (its root
	// filesystem: the agent writes under LayerDir), which count toward its
	// ephemeral storage.
	LayerWrites []LayerWrite
	// Attempts are exits of some starts only: on its Nth start (the first
	// is 1) the process exits as Attempts[i] says when one names N,
	// instead of as Exit does. The agent counts its starts in AttemptsDir,
	// a volume that outlives its container's restarts; the simulator
	// counts the container's instances.
	Attempts []AttemptExit
	// Logs are lines the process prints to its standard output as it
	// starts (right after its start, before anything else it does on its
	// own), in their order, each ended by a newline: its log, whose tail
	// the kubelet makes the termination message of a container with
	// terminationMessagePolicy FallbackToLogsOnError that exits with an
	// error and wrote no termination message. A process that prints
	// before it dies prints at its start here: the same tail for a
	// process that then exits (on a cluster the agent's own lines follow
	// them in the log).
	Logs []string
	// TerminationLog, when set, is the termination message the process
	// writes as it starts, after its Logs: the file at its Path (the
	// container's terminationMessagePath, which the steps pass, or
	// another file) holds its Text, written as is (no newline added).
	TerminationLog *TerminationLog
}

// TerminationLog is a termination message a process writes: Text into
// the file at Path.
type TerminationLog struct {
	Path string
	Text string
}

// DefaultTerminationMessagePath is where a container's termination
// message goes unless its spec says otherwise (the API server's default
// of terminationMessagePath).
const DefaultTerminationMessagePath = "/dev/termination-log"

// AttemptExit is the exit of one start of the container.
type AttemptExit struct {
	Attempt int
	Exit
}

// AttemptsDir is where an agent whose behaviour has Attempts counts its
// starts: a volume the steps mount there, AttemptsVolume, one directory
// per container (its subPath).
const (
	AttemptsDir    = "/podlife/attempts"
	AttemptsVolume = "podlife-attempts"
)

// ExitOn is the exit of the process's attempt-th start: the one Attempts
// names for it, else Exit (nil: it runs until signalled).
func (b Behavior) ExitOn(attempt int) *Exit {
	for i := range b.Attempts {
		if b.Attempts[i].Attempt == attempt {
			return &b.Attempts[i].Exit
		}
	}
	return b.Exit
}

// Exit is an exit on the process's own account.
type Exit struct {
	Code  int
	After time.Duration
}

// Term is the SIGTERM handling: exit after Delay with Code, or ignore it.
type Term struct {
	Ignore bool
	Delay  time.Duration
	Code   int
}

// Usage is memory use from a moment after start, until the next point.
type Usage struct {
	Quantity resource.Quantity
	After    time.Duration
	// Ramp is how long before After the process begins to fault the
	// memory in, paced to have it all in use at After: a real machine
	// takes seconds per gigabyte, where the declared usage is there at
	// After (the simulator's is, at once, and it ignores Ramp). The live
	// driver sets it from the fill rate it measured; scenarios do not.
	// It never reaches back before the point before's After.
	Ramp time.Duration
}

// MemoryAt is the memory the process uses since its start: the level of
// the last point due by then, 0 before the first.
func (b Behavior) MemoryAt(since time.Duration) int64 {
	var m int64
	for _, u := range b.Memory {
		if since < u.After {
			break
		}
		m = u.Quantity.Value()
	}
	return m
}

// MemoryPeak is the most memory the process ever uses.
func (b Behavior) MemoryPeak() int64 {
	var m int64
	for _, u := range b.Memory {
		m = max(m, u.Quantity.Value())
	}
	return m
}

// Write is Bytes written to the volume mounted from Volume, After start.
type Write struct {
	Volume string
	Bytes  resource.Quantity
	After  time.Duration
}

// LayerWrite is Bytes written to the container's writable layer, After
// start.
type LayerWrite struct {
	Bytes resource.Quantity
	After time.Duration
}

// LayerDir is where in its own filesystem an agent writes what it writes
// to its writable layer: a folder of the image, not a mount.
const LayerDir = "/tmp"

// Default is the behaviour of an agent container no step has shaped.
func Default() Behavior {
	return Behavior{Term: Term{Code: DefaultTermCode}}
}

// Args encodes b as podlife-agent arguments, defaults left out, in a fixed
// order so that equal behaviours give equal pod specs.
func (b Behavior) Args() []string {
	var args []string
	if b.Exit != nil {
		args = append(args, "--exit-code="+strconv.Itoa(b.Exit.Code), "--exit-after="+b.Exit.After.String())
	}
	if b.Term.Ignore {
		args = append(args, "--on-sigterm=ignore")
	}
	if b.Term.Delay != 0 {
		args = append(args, "--sigterm-delay="+b.Term.Delay.String())
	}
	if b.Term.Code != DefaultTermCode {
		args = append(args, "--sigterm-exit-code="+strconv.Itoa(b.Term.Code))
	}
	if b.ReadyAfter != nil {
		args = append(args, "--ready-after="+b.ReadyAfter.String())
	}
	if b.FailLivenessAfter != nil {
		args = append(args, "--fail-liveness-after="+b.FailLivenessAfter.String())
	}
	if b.FailReadinessAfter != nil {
		args = append(args, "--fail-readiness-after="+b.FailReadinessAfter.String())
	}
	if b.LiveAfter != nil {
		args = append(args, "--live-after="+b.LiveAfter.String())
	}
	if b.StartupAfter != nil {
		args = append(args, "--startup-after="+b.StartupAfter.String())
	}
	if b.FailStartup {
		args = append(args, "--fail-startup")
	}
	// The first point as before there were several; the later ones as
	// --memory-then=QUANTITY@AFTER[/RAMP], in their order.
	for i, u := range b.Memory {
		if i == 0 {
			args = append(args, "--memory="+u.Quantity.String(), "--memory-after="+u.After.String())
			if u.Ramp > 0 {
				args = append(args, "--memory-ramp="+u.Ramp.String())
			}
			continue
		}
		then := "--memory-then=" + u.Quantity.String() + "@" + u.After.String()
		if u.Ramp > 0 {
			then += "/" + u.Ramp.String()
		}
		args = append(args, then)
	}
	attempts := append([]AttemptExit(nil), b.Attempts...)
	sort.SliceStable(attempts, func(i, j int) bool { return attempts[i].Attempt < attempts[j].Attempt })
	for _, a := range attempts {
		args = append(args, fmt.Sprintf("--exit-on-attempt=%d:%d@%s", a.Attempt, a.Code, a.After))
	}
	writes := append([]Write(nil), b.Writes...)
	sort.SliceStable(writes, func(i, j int) bool { return writes[i].After < writes[j].After })
	for _, w := range writes {
		args = append(args, fmt.Sprintf("--write=%s:%s@%s", w.Volume, w.Bytes.String(), w.After))
	}
	layer := append([]LayerWrite(nil), b.LayerWrites...)
	sort.SliceStable(layer, func(i, j int) bool { return layer[i].After < layer[j].After })
	for _, w := range layer {
		args = append(args, fmt.Sprintf("--write-layer=%s@%s", w.Bytes.String(), w.After))
	}
	for _, l := range b.Logs {
		args = append(args, "--print="+l)
	}
	if t := b.TerminationLog; t != nil {
		args = append(args, "--termination-message-path="+t.Path, "--termination-message="+t.Text)
	}
	return args
}

// Parse decodes agent arguments. It is the inverse of Args.
func Parse(args []string) (Behavior, error) {
	b := Default()
	fs := flag.NewFlagSet("podlife-agent", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var (
		exitCode  = fs.Int("exit-code", 0, "exit with this code after --exit-after")
		exitAfter = fs.String("exit-after", "", "exit on its own after this long")
		onTerm    = fs.String("on-sigterm", "exit", "exit or ignore")
		termDelay = fs.Duration("sigterm-delay", 0, "delay between SIGTERM and exit")
		termCode  = fs.Int("sigterm-exit-code", DefaultTermCode, "exit code on SIGTERM")
		ready     = fs.String("ready-after", "", "readiness succeeds from this long after start")
		failLive  = fs.String("fail-liveness-after", "", "liveness fails from this long after start")
		failReady = fs.String("fail-readiness-after", "", "readiness fails from this long after start")
		live      = fs.String("live-after", "", "liveness succeeds from this long after start (fails before)")
		startup   = fs.String("startup-after", "", "startup succeeds from this long after start")
		failStart = fs.Bool("fail-startup", false, "startup never succeeds")
		memory    = fs.String("memory", "", "memory to use")
		memAfter  = fs.Duration("memory-after", 0, "when to start using --memory")
		memRamp   = fs.Duration("memory-ramp", 0, "how long before --memory-after to begin faulting it in, paced to end then")
		writes    writeList
		attempts  attemptList
		then      memoryList
		layer     layerList
		logs      stringList
		termPath  = fs.String("termination-message-path", "", "the file --termination-message is written to (default "+DefaultTerminationMessagePath+")")
		termText  optionalString
	)
	fs.Var(&logs, "print", "LINE: a line printed to standard output at start, repeatable, in order")
	fs.Var(&termText, "termination-message", "TEXT: written to --termination-message-path at start")
	fs.Var(&writes, "write", "VOLUME:BYTES@AFTER, repeatable")
	fs.Var(&layer, "write-layer", "BYTES@AFTER: a write to the container's writable layer, repeatable")
	fs.Var(&then, "memory-then", "QUANTITY@AFTER[/RAMP]: a later point of --memory's usage, repeatable, in time order")
	fs.Var(&attempts, "exit-on-attempt", "N:CODE@AFTER: on the Nth start, exit with CODE after AFTER; repeatable")
	if err := fs.Parse(args); err != nil {
		return Behavior{}, err
	}
	if fs.NArg() > 0 {
		return Behavior{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *exitAfter != "" {
		d, err := parseNonNegative(*exitAfter)
		if err != nil {
			return Behavior{}, fmt.Errorf("--exit-after: %w", err)
		}
		b.Exit = &Exit{Code: *exitCode, After: d}
	}
	switch *onTerm {
	case "exit":
	case "ignore":
		b.Term.Ignore = true
	default:
		return Behavior{}, fmt.Errorf("--on-sigterm: %q is not exit or ignore", *onTerm)
	}
	b.FailStartup = *failStart
	b.Term.Delay = *termDelay
	b.Term.Code = *termCode
	for _, o := range []struct {
		flag, value string
		dst         **time.Duration
	}{
		{"ready-after", *ready, &b.ReadyAfter},
		{"fail-liveness-after", *failLive, &b.FailLivenessAfter},
		{"fail-readiness-after", *failReady, &b.FailReadinessAfter},
		{"live-after", *live, &b.LiveAfter},
		{"startup-after", *startup, &b.StartupAfter},
	} {
		if o.value == "" {
			continue
		}
		d, err := parseNonNegative(o.value)
		if err != nil {
			return Behavior{}, fmt.Errorf("--%s: %w", o.flag, err)
		}
		*o.dst = &d
	}
	if *memory != "" {
		q, err := quantity.Parse(*memory)
		if err != nil {
			return Behavior{}, fmt.Errorf("--memory: %w", err)
		}
		if *memRamp < 0 || *memRamp > *memAfter {
			return Behavior{}, fmt.Errorf("--memory-ramp %s: between 0 and --memory-after (%s)", *memRamp, *memAfter)
		}
		b.Memory = []Usage{{Quantity: q, After: *memAfter, Ramp: *memRamp}}
	}
	if len(then) > 0 && *memory == "" {
		return Behavior{}, fmt.Errorf("--memory-then without --memory")
	}
	for _, u := range then {
		prev := b.Memory[len(b.Memory)-1].After
		if u.After <= prev {
			return Behavior{}, fmt.Errorf("--memory-then %s@%s: after the point before it (%s)", u.Quantity.String(), u.After, prev)
		}
		if u.Ramp > u.After-prev {
			return Behavior{}, fmt.Errorf("--memory-then %s@%s: its ramp %s reaches back before the point before it (%s)", u.Quantity.String(), u.After, u.Ramp, prev)
		}
		b.Memory = append(b.Memory, u)
	}
	b.Writes = writes
	b.LayerWrites = layer
	b.Attempts = attempts
	b.Logs = logs
	switch {
	case termText.set:
		path := *termPath
		if path == "" {
			path = DefaultTerminationMessagePath
		}
		if !strings.HasPrefix(path, "/") {
			return Behavior{}, fmt.Errorf("--termination-message-path %q: not an absolute path", path)
		}
		b.TerminationLog = &TerminationLog{Path: path, Text: termText.v}
	case *termPath != "":
		return Behavior{}, fmt.Errorf("--termination-message-path without --termination-message")
	}
	return b, nil
}

// stringList is a repeatable string flag, in the order given.
type stringList []string

func (l *stringList) String() string { return fmt.Sprint(*l) }

func (l *stringList) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// optionalString is a string flag that tells given empty from not given.
type optionalString struct {
	v   string
	set bool
}

func (o *optionalString) String() string { return o.v }

func (o *optionalString) Set(v string) error {
	o.v, o.set = v, true
	return nil
}

type attemptList []AttemptExit

func (a *attemptList) String() string { return fmt.Sprint(*a) }

func (a *attemptList) Set(v string) error {
	n, rest, ok := strings.Cut(v, ":")
	code, after, ok2 := strings.Cut(rest, "@")
	if !ok || !ok2 {
		return fmt.Errorf("%q is not N:CODE@AFTER", v)
	}
	attempt, err := strconv.Atoi(n)
	if err != nil || attempt < 1 {
		return fmt.Errorf("%q: the attempt is a number from 1", v)
	}
	c, err := strconv.Atoi(code)
	if err != nil || c < 0 || c > 255 {
		return fmt.Errorf("%q: the exit code is 0 to 255", v)
	}
	d, err := parseNonNegative(after)
	if err != nil {
		return err
	}
	for _, x := range *a {
		if x.Attempt == attempt {
			return fmt.Errorf("attempt %d given twice", attempt)
		}
	}
	*a = append(*a, AttemptExit{Attempt: attempt, Exit: Exit{Code: c, After: d}})
	return nil
}

type memoryList []Usage

func (m *memoryList) String() string { return fmt.Sprint(*m) }

func (m *memoryList) Set(v string) error {
	at, ramp, hasRamp := strings.Cut(v, "/")
	q, d, err := sizeAt(at, "QUANTITY@AFTER[/RAMP]")
	if err != nil {
		return err
	}
	u := Usage{Quantity: q, After: d}
	if hasRamp {
		if u.Ramp, err = parseNonNegative(ramp); err != nil {
			return err
		}
	}
	*m = append(*m, u)
	return nil
}

type layerList []LayerWrite

func (l *layerList) String() string { return fmt.Sprint(*l) }

func (l *layerList) Set(v string) error {
	q, d, err := sizeAt(v, "BYTES@AFTER")
	if err != nil {
		return err
	}
	*l = append(*l, LayerWrite{Bytes: q, After: d})
	return nil
}

// sizeAt reads SIZE@AFTER: a quantity, not negative, and a duration, not
// negative; form says what the whole argument looks like.
func sizeAt(v, form string) (resource.Quantity, time.Duration, error) {
	size, after, ok := strings.Cut(v, "@")
	if !ok {
		return resource.Quantity{}, 0, fmt.Errorf("%q is not %s", v, form)
	}
	q, err := quantity.Parse(size)
	if err != nil {
		return q, 0, err
	}
	if q.Sign() < 0 {
		return q, 0, fmt.Errorf("%q: the size is negative", v)
	}
	d, err := parseNonNegative(after)
	return q, d, err
}

type writeList []Write

func (w *writeList) String() string { return fmt.Sprint(*w) }

func (w *writeList) Set(v string) error {
	vol, rest, ok := strings.Cut(v, ":")
	if !ok || vol == "" {
		return fmt.Errorf("%q is not VOLUME:BYTES@AFTER", v)
	}
	size, after, ok := strings.Cut(rest, "@")
	if !ok {
		return fmt.Errorf("%q is not VOLUME:BYTES@AFTER", v)
	}
	q, err := quantity.Parse(size)
	if err != nil {
		return err
	}
	d, err := parseNonNegative(after)
	if err != nil {
		return err
	}
	*w = append(*w, Write{Volume: vol, Bytes: q, After: d})
	return nil
}

func parseNonNegative(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, err
	}
	if d < 0 {
		return 0, fmt.Errorf("duration %s is negative", s)
	}
	return d, nil
}
