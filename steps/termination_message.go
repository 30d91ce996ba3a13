package steps

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// Termination messages (issue 38's sixteenth held-out set): what a
// container prints to its log and writes to its termination log, and the
// message of its terminated state, which the kubelet takes from the file
// at terminationMessagePath, else, with terminationMessagePolicy
// FallbackToLogsOnError and an exit code other than 0, from the log's
// tail (pkg/sim termmsg.go says the rule and its source).
func terminationMessageSteps() []Def {
	const b = "behaviour"
	const e = "pod expectations"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	const toLog = `(?:its logs?|stdout|stderr|standard output|standard error)`
	const beforeExit = `(?: before (?:exiting|it exits|dying|it dies))?`
	const message = `^the termination message of container "([^"]*)"(?: of pod "([^"]*)")? `
	logs := s3(func(c, p, line string) Step { return printsLine{ctr: shapedCtr{c, p}, line: line} })
	termLog := s3(func(c, p, text string) Step { return writesTerminationLog{ctr: shapedCtr{c, p}, text: text} })
	is := func(how messageMatch) parser {
		return s3(func(c, p, text string) Step { return terminationMessage{containerNamed{c, p}, how, text} })
	}
	empty := s2(func(c, p string) Step { return terminationMessage{containerNamed{c, p}, messageEmpty, ""} })
	return []Def{
		phrase(b, ctr+`(?:logs|prints|outputs) "([^"]*)"(?: to `+toLog+`)?`+beforeExit+`$`, `Given container "app" of pod "web" logs "connection refused: db:5432"`, logs),
		phrase(b, ctr+`writes "([^"]*)" to `+toLog+beforeExit+`$`, `Given container "app" of pod "web" writes "connection refused: db:5432" to stdout`, logs),
		phrase(b, ctr+`writes "([^"]*)" to (?:its|the) (?:termination log|termination message file|termination message path|terminationMessagePath)$`, `Given container "app" of pod "web" writes "schema version mismatch" to its termination log`, termLog),
		phrase(b, ctr+`writes (?:its|the|a) termination message "([^"]*)"$`, `Given container "app" of pod "web" writes its termination message "schema version mismatch"`, termLog),
		phrase(b, ctr+`writes "([^"]*)" to (/\S*)$`, `Given container "app" of pod "web" writes "schema version mismatch" to /dev/termination-log`,
			s4(func(c, p, text, path string) Step {
				return writesTerminationLog{ctr: shapedCtr{c, p}, text: text, path: path}
			})),
		phrase(e, message+`is "([^"]*)"$`, `Then the termination message of container "app" of pod "web" is "schema version mismatch"`, is(messageIs)),
		phrase(e, message+`(?:contains|includes) "([^"]*)"$`, `Then the termination message of container "app" of pod "web" contains "connection refused"`, is(messageContains)),
		phrase(e, message+`is (?:empty|not set)$`, `Then the termination message of container "app" of pod "web" is empty`, empty),
		phrase(e, ctr+`terminated with message "([^"]*)"$`, `Then container "app" of pod "web" terminated with message "schema version mismatch"`, is(messageIs)),
		phrase(e, ctr+`terminated with message containing "([^"]*)"$`, `Then container "app" of pod "web" terminated with message containing "connection refused"`, is(messageContains)),
		phrase(e, ctr+`has no termination message$`, `Then container "app" of pod "web" has no termination message`, empty),
	}
}

// Given container "app" of pod "web" logs "connection refused: db:5432"
// (prints, outputs; writes … to stdout): a line of its log, printed as it
// starts (behavior.Behavior.Logs), after the lines steps before gave.
type printsLine struct {
	declaration
	ctr  shapedCtr
	line string
}

func (s printsLine) Declare(pl *Plan) error {
	return pl.shape(s.ctr.container, s.ctr.pod, func(b *behavior.Behavior) { b.Logs = append(b.Logs, s.line) })
}

// Given container "app" of pod "web" writes "schema version mismatch" to
// its termination log: the text written, as it starts, to the file of the
// container's terminationMessagePath (its spec's, else the API server's
// default, /dev/termination-log); with a path, to that file, which the
// kubelet reads only when it is the container's terminationMessagePath.
type writesTerminationLog struct {
	declaration
	ctr        shapedCtr
	text, path string
}

func (s writesTerminationLog) Declare(pl *Plan) error {
	path := s.path
	if path == "/dev/stdout" || path == "/dev/stderr" {
		return inputErr("%s is the container's log: say `container %q prints %q`", path, s.ctr.container, s.text)
	}
	if path == "" {
		if _, c, err := pl.shapeTarget(s.ctr.container, s.ctr.pod); err == nil {
			path = c.TerminationMessagePath
		}
		if path == "" {
			path = corev1.TerminationMessagePathDefault
		}
	}
	twice := false
	err := pl.shape(s.ctr.container, s.ctr.pod, func(b *behavior.Behavior) {
		twice = b.TerminationLog != nil
		if !twice {
			b.TerminationLog = &behavior.TerminationLog{Path: path, Text: s.text}
		}
	})
	if err == nil && twice {
		err = inputErr("container %q: its termination message is given twice", s.ctr.container)
	}
	return err
}

// messageMatch is how an expectation compares the message.
type messageMatch int

const (
	messageIs messageMatch = iota
	messageContains
	messageEmpty
	// messageBegins: how a pod's status message begins
	// (statusmessage_words.go).
	messageBegins
)

// matches says whether msg is text as h compares them.
func (h messageMatch) matches(msg, text string) bool {
	switch h {
	case messageContains:
		return strings.Contains(msg, text)
	case messageBegins:
		return strings.HasPrefix(msg, text)
	case messageEmpty:
		return msg == ""
	}
	return msg == text
}

// words say how h compares, before the text.
func (h messageMatch) words() string {
	switch h {
	case messageContains:
		return "message containing"
	case messageBegins:
		return "message beginning"
	}
	return "message"
}

// Then the termination message of container "app" of pod "web" is
// "schema version mismatch" (contains "…", is empty); container "app"
// terminated with message "…" (containing "…"), has no termination
// message: the message of the terminated state the container's status
// shows (its current state, else its last, as `terminated with reason`
// reads them), compared as it is: a message from the log ends with the
// last line's newline, and on a cluster the log also holds the agent's
// own lines, so a message from the log is said with `contains`. Untimed:
// the scenario runs on until the status shows a terminated state, as long
// as an untimed expectation waits for its event.
type terminationMessage struct {
	containerNamed
	how  messageMatch
	text string
}

func (s terminationMessage) expected() string {
	switch s.how {
	case messageContains:
		return fmt.Sprintf("container %q terminated with a message containing %q", s.container, s.text)
	case messageEmpty:
		return fmt.Sprintf("container %q terminated with no message", s.container)
	}
	return fmt.Sprintf("container %q terminated with message %q", s.container, s.text)
}

func (s terminationMessage) holds(msg string) bool { return s.how.matches(msg, s.text) }

func (s terminationMessage) Run(ctx context.Context, st *State) error {
	p, c, _ := st.Plan.mustContainer(s.container, s.pod) // checked by Declare
	terminated := func(v driver.View) (*corev1.ContainerStateTerminated, *corev1.Pod) {
		pod := v.Pod(p.name)
		if pod == nil {
			return nil, nil
		}
		cs := containerStatus(pod, c.Name)
		if cs == nil {
			return nil, pod
		}
		if cs.State.Terminated != nil {
			return cs.State.Terminated, pod
		}
		return cs.LastTerminationState.Terminated, pod
	}
	if err := awaitState(ctx, st, func(v driver.View) bool {
		t, _ := terminated(v)
		return t != nil
	}); err != nil {
		return err
	}
	t, pod := terminated(st.Session.View())
	if t == nil {
		return &timeline.Verdict{Kind: timeline.Missing, Expected: s.expected(),
			Observed: fmt.Sprintf("no terminated state of container %q by %s: %s", c.Name, timeline.FormatOffset(st.Session.Now()-st.clock.t0.At), describePod(pod))}
	}
	if s.holds(t.Message) {
		return nil
	}
	return &timeline.Verdict{Kind: timeline.WrongState, Expected: s.expected(),
		Observed: fmt.Sprintf("message %q (exit code %d, reason %s)", t.Message, t.ExitCode, t.Reason)}
}

// awaitState waits, as an untimed expectation waits for its event, until
// cond holds of the cluster: on the simulator from the current time to
// the end of the activity, stopping where cond holds (the session then
// reads that instant); on a cluster until every pod is gone or terminal,
// capped at the limit. The current time does not move.
func awaitState(ctx context.Context, st *State, cond func(driver.View) bool) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if st.clk().exact {
		if err := st.clk().toCurrent(ctx); err != nil {
			return err
		}
		if us, ok := driver.SessionAs[driver.UntilSettler](st.Session); ok {
			at, _, capped, err := us.SettleUntil(ctx, st.clk().limit, cond)
			if capped {
				st.capNote(at)
			}
			return err
		}
		_, _, err := st.Session.RunUntil(ctx, st.clock.cur+st.clk().limit, cond)
		return err
	}
	_, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.clk().limit, func(v driver.View) bool {
		return cond(v) || st.Plan.podsDone(v)
	})
	return err
}
