package agent

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/behavior"
)

// StartFile is where the main process writes the time it started, for the
// exec probes that count their answers from it.
const StartFile = "/tmp/podlife-agent.start"

// mainPID is the container's main process: PID 1, unless a test says
// otherwise.
func mainPID() string {
	if p := os.Getenv("PODLIFE_AGENT_TEST_MAIN_PID"); p != "" {
		return p
	}
	return "1"
}

func startFile() string {
	if f := os.Getenv("PODLIFE_AGENT_TEST_START_FILE"); f != "" {
		return f
	}
	return StartFile
}

func procPath(rel string) string { return filepath.Join("/proc", mainPID(), rel) }

// mainArgs are the main process's arguments, without its name.
func mainArgs() ([]string, error) {
	b, err := os.ReadFile(procPath("cmdline"))
	if err != nil {
		return nil, err
	}
	parts := strings.Split(strings.TrimSuffix(string(b), "\x00"), "\x00")
	if len(parts) == 0 || filepath.Base(parts[0]) != Name {
		return nil, fmt.Errorf("the main process is %q, not %s", parts[0], Name)
	}
	return parts[1:], nil
}

// mainStart is when the main process started: from the file it wrote,
// else from /proc (clock ticks since boot, 10 ms).
func mainStart() (time.Time, error) {
	if b, err := os.ReadFile(startFile()); err == nil {
		if t, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(string(b))); err == nil {
			return t, nil
		}
	}
	stat, err := os.ReadFile(procPath("stat"))
	if err != nil {
		return time.Time{}, err
	}
	// The command name may hold spaces; the fields after it do not.
	rest := stat[bytes.LastIndexByte(stat, ')')+2:]
	fields := strings.Fields(string(rest))
	if len(fields) < 20 {
		return time.Time{}, fmt.Errorf("unreadable %s", procPath("stat"))
	}
	ticks, err := strconv.ParseInt(fields[19], 10, 64) // field 22 of stat
	if err != nil {
		return time.Time{}, err
	}
	up, err := os.ReadFile("/proc/uptime")
	if err != nil {
		return time.Time{}, err
	}
	secs, err := strconv.ParseFloat(strings.Fields(string(up))[0], 64)
	if err != nil {
		return time.Time{}, err
	}
	const hz = 100 // USER_HZ on Linux
	age := time.Duration(secs*float64(time.Second)) - time.Duration(ticks)*time.Second/hz
	return time.Now().Add(-age), nil
}

// attemptsDir is where the agent counts its container's starts
// (behavior.AttemptsDir; a test sets another).
func attemptsDir() string {
	if d := os.Getenv("PODLIFE_AGENT_TEST_ATTEMPTS_DIR"); d != "" {
		return d
	}
	return behavior.AttemptsDir
}

// countAttempt counts this start in dir, a volume that outlives the
// container's restarts, and returns its number: 1 for the first start.
// Each start leaves a file; one process runs in a container at a time.
func countAttempt(dir string) (int, error) {
	for n := 1; n < 1<<16; n++ {
		f, err := os.OpenFile(filepath.Join(dir, fmt.Sprintf("start-%d", n)), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return 0, err
		}
		return n, f.Close()
	}
	return 0, fmt.Errorf("%s: too many starts", dir)
}
