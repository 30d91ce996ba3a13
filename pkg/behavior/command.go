package behavior

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"
)

// Command is an exec command as both drivers understand it: it runs for
// Duration (or Forever) and then exits with Code. Probe is set for the
// agent's own probe command, whose answer comes from the behaviour.
type Command struct {
	Duration time.Duration
	Forever  bool
	Code     int
	Probe    string // "liveness", "readiness" or "startup"
	// Missing: the executable does not exist, so the container cannot
	// start (the runtime's StartError).
	Missing bool
}

// MissingBinary is an executable no image has: a container whose command
// it is fails to start on every driver.
const MissingBinary = "/podlife-missing-binary"

// ProbeCommand is the exec command with which an agent answers a probe of
// the given kind ("liveness", "readiness", "startup") from its behaviour.
func ProbeCommand(kind string) []string {
	return []string{Path, "probe", kind}
}

// ParseCommand understands the commands scenarios use in hooks, probes and
// image containers: `sleep N` (N seconds, decimals allowed, or `infinity`),
// `true`, `false`, `exit N`, each bare or wrapped in `sh -c "..."`, and the
// agent's probe command. Anything else is an error naming what is accepted.
func ParseCommand(cmd []string) (Command, error) {
	if len(cmd) == 0 {
		return Command{}, fmt.Errorf("empty command")
	}
	if cmd[0] == MissingBinary {
		return Command{Missing: true}, nil
	}
	if cmd[0] == Path {
		if len(cmd) == 3 && cmd[1] == "probe" && (cmd[2] == "liveness" || cmd[2] == "readiness" || cmd[2] == "startup") {
			return Command{Probe: cmd[2]}, nil
		}
		return Command{}, fmt.Errorf("agent command %q: only %s probe liveness|readiness|startup is understood", strings.Join(cmd, " "), Path)
	}
	base := path.Base(cmd[0])
	if (base == "sh" || base == "bash") && len(cmd) == 3 && cmd[1] == "-c" {
		return parseWords(strings.Fields(cmd[2]), cmd)
	}
	return parseWords(append([]string{base}, cmd[1:]...), cmd)
}

func parseWords(w []string, orig []string) (Command, error) {
	bad := func() (Command, error) {
		return Command{}, fmt.Errorf("command %q is not understood: use sleep N, true, false or exit N (bare or with sh -c)", strings.Join(orig, " "))
	}
	if len(w) == 0 {
		return bad()
	}
	switch path.Base(w[0]) {
	case "true":
		if len(w) == 1 {
			return Command{}, nil
		}
	case "false":
		if len(w) == 1 {
			return Command{Code: 1}, nil
		}
	case "exit":
		if len(w) == 2 {
			n, err := strconv.Atoi(w[1])
			if err == nil && n >= 0 && n <= 255 {
				return Command{Code: n}, nil
			}
		}
	case "sleep":
		if len(w) == 2 {
			if w[1] == "infinity" {
				return Command{Forever: true}, nil
			}
			f, err := strconv.ParseFloat(w[1], 64)
			if err == nil && f >= 0 {
				return Command{Duration: time.Duration(f * float64(time.Second))}, nil
			}
		}
	}
	return bad()
}

// Answer is what the agent answers a probe of kind, `since` after the
// container started (see the package comment).
func (b Behavior) Answer(kind string, since time.Duration) bool {
	switch kind {
	case "readiness":
		if b.ReadyAfter != nil && since < *b.ReadyAfter {
			return false
		}
		return b.FailReadinessAfter == nil || since < *b.FailReadinessAfter
	case "liveness":
		if b.LiveAfter != nil && since < *b.LiveAfter {
			return false
		}
		return b.FailLivenessAfter == nil || since < *b.FailLivenessAfter
	case "startup":
		switch {
		case b.FailStartup:
			return false
		case b.StartupAfter != nil:
			return since >= *b.StartupAfter
		}
		return b.ReadyAfter == nil || since >= *b.ReadyAfter
	}
	return true
}

// Listens reports whether an agent container with these declared ports
// accepts connections on port.
func Listens(port int32, declared []int32) bool {
	if port == AgentPort {
		return true
	}
	for _, p := range declared {
		if p == port {
			return true
		}
	}
	return false
}
