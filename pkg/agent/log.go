// Package agent is podlife-agent, the program every agent container of a
// live run executes (cmd/podlife-agent is its main). It does what
// pkg/behavior's arguments say, and writes each thing that matters to the
// lifecycle as one JSON line on the container's log, with a millisecond
// time stamp from the node's clock: its start, each signal, its exit,
// each probe answer, each hook it serves. The live driver follows those
// lines to place events with sub-second precision, where the API's time
// stamps have whole seconds.
//
// The same binary is a small multi-call program: invoked as sh, sleep,
// true, false or exit it runs the exec commands scenarios use in hooks and
// probes (behavior.ParseCommand), and as `podlife-agent probe KIND` it
// answers an exec probe from the behaviour of the container's main
// process (PID 1), counted from that process's start.
package agent

import (
	"encoding/json"
	"os"
	"sync"
	"time"
)

// The kinds of log line (Line.Ev).
const (
	// EvStart: the main process started (Argv: its arguments).
	EvStart = "start"
	// EvSignal: a signal arrived (Sig; Msg says what the agent does).
	EvSignal = "signal"
	// EvAlive: the main process still runs, written every HeartbeatPeriod
	// once SIGTERM arrived, so that a SIGKILL is placed within that period.
	EvAlive = "alive"
	// EvExit: the main process exits on its own account (Code).
	EvExit = "exit"
	// EvProbe: a probe answer (Kind, OK, Via: exec, http or tcp).
	EvProbe = "probe"
	// EvExec: an exec command served by the multi-call binary (Argv,
	// Phase start or end, Code at the end).
	EvExec = "exec"
	// EvHTTP: an HTTP request other than a probe path (Path).
	EvHTTP = "http"
	// EvMemory: memory was allocated (Bytes).
	EvMemory = "memory"
	// EvWrite: bytes were written to a volume, the writable layer or the
	// termination message's file (Path, Bytes).
	EvWrite = "write"
	// EvError: something the agent could not do (Msg).
	EvError = "error"
)

// HeartbeatPeriod is how often a main process that received SIGTERM and
// has not exited says so.
const HeartbeatPeriod = 50 * time.Millisecond

// Line is one line of the agent's log.
type Line struct {
	T     time.Time `json:"t"`
	Ev    string    `json:"ev"`
	PID   int       `json:"pid,omitempty"`
	Sig   string    `json:"sig,omitempty"`
	Code  *int      `json:"code,omitempty"`
	Kind  string    `json:"kind,omitempty"`
	OK    *bool     `json:"ok,omitempty"`
	Via   string    `json:"via,omitempty"`
	Argv  []string  `json:"argv,omitempty"`
	Phase string    `json:"phase,omitempty"`
	Path  string    `json:"path,omitempty"`
	Bytes int64     `json:"bytes,omitempty"`
	Msg   string    `json:"msg,omitempty"`
	// Start is, on the start line, the instant the agent's timers count
	// from (its first look at the clock), which the line itself follows
	// by the agent's setup: tenths of a second on a loaded node.
	Start *time.Time `json:"start,omitempty"`
}

// Parse reads one log line; ok is false for a line that is not the
// agent's.
func Parse(b []byte) (Line, bool) {
	var l Line
	if len(b) == 0 || b[0] != '{' {
		return l, false
	}
	if err := json.Unmarshal(b, &l); err != nil || l.Ev == "" || l.T.IsZero() {
		return l, false
	}
	return l, true
}

func intp(n int) *int    { return &n }
func boolp(b bool) *bool { return &b }

// logger writes lines, whole, to one file.
type logger struct {
	mu sync.Mutex
	f  *os.File
}

func (l *logger) write(line Line) {
	line.T = time.Now().UTC().Round(time.Millisecond)
	b, err := json.Marshal(line)
	if err != nil {
		return
	}
	b = append(b, '\n')
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = l.f.Write(b)
}

// mainLog is where a helper process (hook, exec probe) writes: the log
// of the container's main process, whose stdout the runtime collects.
// When that cannot be opened, its own stdout.
func mainLog() *logger {
	if f, err := os.OpenFile(procPath("fd/1"), os.O_WRONLY|os.O_APPEND, 0); err == nil {
		return &logger{f: f}
	}
	return &logger{f: os.Stdout}
}
