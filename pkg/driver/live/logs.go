package live

import (
	"bufio"
	"context"
	"io"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/agent"
	"github.com/podlife/podlife/pkg/timeline"
)

// follow reads an agent container instance's log: the current instance
// followed while it runs, or, for one that ended before podlife saw it
// run, the previous instance's log. Callers hold s.mu.
func (s *observers) follow(t *podTrack, c *ctrTrack, in *instTrack, previous bool) {
	s.wg.Add(2)
	go func() {
		defer s.wg.Done()
		defer in.markAttached()
		read := s.readLog(t, c, in, previous, func(raw string) {
			if l, ok := agent.Parse([]byte(raw)); ok {
				s.onAgentLine(t, c, in, raw, l)
			}
		})
		s.mu.Lock()
		defer s.mu.Unlock()
		in.logEnded = true
		if !read {
			// No log at all: place the start from the status.
			s.startFromStatus(t, c, in)
			return
		}
		s.inferKill(t, c, in, "its log ended without an exit")
	}()
	go func() {
		defer s.wg.Done()
		s.watchSilence(t, c, in)
	}()
}

func (in *instTrack) markAttached() {
	in.attachOnce.Do(func() { close(in.attached) })
}

// attachWait bounds how long an action waits for the logs of its pod's
// running agents to be followed.
const attachWait = 3 * time.Second

// KillSilence is how long an agent that got SIGTERM and logs a heartbeat
// every agent.HeartbeatPeriod may stay silent before podlife concludes it
// was killed (SIGKILL cannot be logged). The status, when it comes, only
// confirms it.
const KillSilence = 1500 * time.Millisecond

// watchSilence infers a SIGKILL when an agent's heartbeats stop without
// an exit line.
func (s *observers) watchSilence(t *podTrack, c *ctrTrack, in *instTrack) {
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		}
		s.mu.Lock()
		done := in.finished || in.exit != nil || in.logEnded
		if !done && !in.sigterm.IsZero() && time.Since(in.lastLine) > KillSilence {
			s.inferKill(t, c, in, "its heartbeats stopped without an exit")
			done = true
		}
		s.mu.Unlock()
		if done {
			return
		}
	}
}

// inferKill records that an agent that got SIGTERM and never logged its
// exit was killed: SIGKILL and exit 137, half a heartbeat after its last
// line. Callers hold s.mu.
func (s *observers) inferKill(t *podTrack, c *ctrTrack, in *instTrack, why string) {
	if in.finished || in.exit != nil || in.sigterm.IsZero() || in.lastLine.IsZero() {
		return
	}
	when := in.lastLine.Add(agent.HeartbeatPeriod / 2)
	if ex, ok := s.d.exits.Exit(in.id); ok {
		when = ex.At
	}
	s.killedAt(t, c, in, why, when)
}

// killedAt records the kill inferKill inferred, at when. Callers hold
// s.mu and have checked the instance.
func (s *observers) killedAt(t *podTrack, c *ctrTrack, in *instTrack, why string, when time.Time) {
	in.finished = true
	at := s.at(when)
	s.closePreStop(t, c, in, when)
	s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.SIGKILL, Message: "inferred: " + why})
	in.exitAt, in.recExited = at, true
	s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.Exited, Code: 137, Reason: "Error", Message: "inferred"})
}

// onRuntimeExit hears the runtime's exit of a container at once: an agent
// killed after SIGTERM cannot log its end, and the API's terminated
// status (or the end of its log stream) may come seconds later on a busy
// node (a liveness kill's SIGKILL went unseen within its window:
// probes.feature:129, 2026-11-25).
func (s *observers) onRuntimeExit(id string, ex runtimeExit) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range s.pods {
		for _, c := range t.ctrs {
			for full, in := range c.insts {
				if !c.agent || ex.Status != 137 || (full != id && !strings.HasSuffix(full, "://"+id)) ||
					in.finished || in.exit != nil || in.sigterm.IsZero() {
					continue
				}
				s.killedAt(t, c, in, "the runtime's exit event", ex.At)
			}
		}
	}
}

// readLog streams a container instance's log lines to fn. A follow stream
// that ends while the instance still runs is opened again (lines already
// seen are skipped). It reports whether it read anything.
func (s *observers) readLog(t *podTrack, c *ctrTrack, in *instTrack, previous bool, fn func(string)) bool {
	opts := &corev1.PodLogOptions{Container: c.name, Follow: !previous, Previous: previous}
	deadline := time.Now().Add(20 * time.Second)
	read := false
	for {
		stream, err := s.d.cs.CoreV1().Pods(s.ns).GetLogs(t.api, opts).Stream(s.ctx)
		s.d.debugf("%s/%s/%s: log stream (previous=%v): %v", s.ns, t.name, c.name, previous, err)
		if err == nil {
			in.markAttached()
			sc := bufio.NewScanner(stream)
			sc.Buffer(make([]byte, 64<<10), 1<<20)
			other, head := false, true
			for sc.Scan() {
				line := strings.TrimSpace(sc.Text())
				if head {
					head = false
					if other = !in.ownLog(line); other {
						break
					}
				}
				read = true
				fn(line)
			}
			_ = stream.Close()
			if other {
				// The container was replaced while the stream was
				// down (a node rebooted under it): the log the kubelet
				// now serves is its successor's, which that instance's
				// own follower reads.
				s.d.debugf("%s/%s/%s: the log is another instance's now", s.ns, t.name, c.name)
				return read
			}
			s.d.debugf("%s/%s/%s: log stream ended (read=%v, err=%v)", s.ns, t.name, c.name, read, sc.Err())
			if previous || (read && !s.stillRunning(t, c, in)) {
				return read
			}
		}
		// A static pod's mirror pod may be gone for a moment (deleted, and
		// re-created by the kubelet) while its containers run on.
		if s.ctx.Err() != nil || (err != nil && isGone(err) && !t.static) || (!read && time.Now().After(deadline)) {
			return read
		}
		select {
		case <-s.ctx.Done():
			return read
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// ownLog tells whether a stream whose first line is line is the
// instance's own log: a container's log, read again, begins with the line
// it began with (the logs endpoint streams the current instance's from
// its start). A reconnect after the node came back may find another
// instance there: on kind, 2026-11-29 10:24, a static pod's first
// instance took its successor's start line after a reboot, and the
// successor, whose line it was, never started in the timeline
// (reboot.feature:151).
func (in *instTrack) ownLog(line string) bool {
	if in.first == "" {
		in.first = line
		return true
	}
	return line == in.first
}

// stillRunning tells whether the instance may still write lines: its pod
// is in the API, and the instance has not ended.
func (s *observers) stillRunning(t *podTrack, c *ctrTrack, in *instTrack) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if (t.gone && !t.static) || in.finished || in.exit != nil || t.obj == nil {
		return false
	}
	for _, list := range [][]corev1.ContainerStatus{t.obj.Status.InitContainerStatuses, t.obj.Status.ContainerStatuses} {
		for _, cs := range list {
			if cs.Name == c.name && cs.State.Terminated != nil && cs.State.Terminated.ContainerID == in.id {
				return false
			}
		}
	}
	return true
}

func isGone(err error) bool {
	if err == nil || err == io.EOF {
		return false
	}
	if ignoreNotFound(err) == nil {
		return true
	}
	return err == context.Canceled
}

// startFromStatus places an instance's start from its status, when its
// log could not be read.
func (s *observers) startFromStatus(t *podTrack, c *ctrTrack, in *instTrack) {
	if in.started || t.obj == nil {
		return
	}
	for _, list := range [][]corev1.ContainerStatus{t.obj.Status.InitContainerStatuses, t.obj.Status.ContainerStatuses} {
		for _, cs := range list {
			if cs.Name != c.name {
				continue
			}
			switch {
			case cs.State.Running != nil && cs.ContainerID == in.id:
				s.started(t, c, in, estimate(cs.State.Running.StartedAt.Time, time.Now(), statusLag))
			case cs.State.Terminated != nil && cs.State.Terminated.ContainerID == in.id && s.ranAt(cs.State.Terminated.StartedAt, cs.State.Terminated.Reason):
				s.started(t, c, in, estimate(cs.State.Terminated.StartedAt.Time, time.Now(), statusLag))
			}
		}
	}
}
