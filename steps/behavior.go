package steps

import (
	"strconv"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
)

func behaviorSteps() []Def {
	const f = "behaviour"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		phrase(f, ctr+`exits with code (\S+) after (\S+)$`, `Given container "app" of pod "web" exits with code 1 after 5s`,
			s4(func(cname, pname string, code ExitCode, after time.Duration) Step {
				return exitsAfter{ctr: shapedCtr{cname, pname}, code: code, after: after}
			})),
		// A behaviour of one start: `the first time`, `the second time`.
		phrase(f, ctr+`exits with code (\S+) after (\S+) the (\S+) time$`, `Given container "app" of pod "web" exits with code 1 after 2s the first time`,
			func(c []string, _ Arg) (Step, error) { return parseAttemptExit(c[0], c[1], c[2], c[3], c[4]) }),
		phrase(f, ctr+`runs to completion after (\S+) the (\S+) time$`, `Given container "app" of pod "web" runs to completion after 2s the second time`,
			func(c []string, _ Arg) (Step, error) { return parseAttemptExit(c[0], c[1], "0", c[2], c[3]) }),
		phrase(f, ctr+`runs to completion after (\S+)$`, `Given container "app" of pod "web" runs to completion after 5s`,
			s3(func(cname, pname string, after time.Duration) Step {
				return exitsAfter{ctr: shapedCtr{cname, pname}, after: after}
			})),
		phrase(f, ctr+`ignores SIGTERM$`, `Given container "app" of pod "web" ignores SIGTERM`,
			s2(func(cname, pname string) Step { return ignoresSIGTERM{ctr: shapedCtr{cname, pname}} })),
		phrase(f, ctr+`takes (\S+) to exit after SIGTERM$`, `Given container "app" of pod "web" takes 4s to exit after SIGTERM`,
			s3(func(cname, pname string, delay time.Duration) Step {
				return onSIGTERM{ctr: shapedCtr{cname, pname}, code: behavior.DefaultTermCode, delay: &delay}
			})),
		phrase(f, ctr+`exits with code (\S+) on SIGTERM$`, `Given container "app" of pod "web" exits with code 0 on SIGTERM`,
			s3(func(cname, pname string, code ExitCode) Step {
				return onSIGTERM{ctr: shapedCtr{cname, pname}, code: int(code)}
			})),
		phrase(f, ctr+`exits with code (\S+) on SIGTERM after (\S+)$`, `Given container "app" of pod "web" exits with code 0 on SIGTERM after 2s`,
			s4(func(cname, pname string, code ExitCode, delay time.Duration) Step {
				return onSIGTERM{ctr: shapedCtr{cname, pname}, code: int(code), delay: &delay}
			})),
	}
}

// shapedCtr is `container "app" [of pod "web"]`: no pod names the
// scenario's only pod.
type shapedCtr struct{ container, pod string }

// shape changes the behaviour of a container before its pod exists. An
// agent container (no image:) carries it as its arguments; an image
// container starts from what its command does (behavior.ForImage) and
// carries it in an annotation, which the simulator runs and a live
// cluster, running the image as written, reports as a skip (dsl.md,
// "Defaults").
func (pl *Plan) shape(cname, pname string, change func(b *behavior.Behavior)) error {
	p, c, err := pl.shapeTarget(cname, pname)
	if err != nil {
		return err
	}
	if p.created {
		return inputErr("pod %q is created already: behaviour steps come before its creation", p.name)
	}
	b, ok := p.beh[c.Name]
	if !ok {
		if b, ok = p.imageBeh[c.Name]; !ok {
			base, _ := behavior.ForImage(c.Command, c.Args)
			b = &base
			p.imageBeh[c.Name] = b
		}
	}
	change(b)
	return p.foreverKept(c.Name)
}

// shapeTarget resolves the container a behaviour step shapes: a declared
// pod's, or, where no pod answers to the name, the container of a
// workload's pod template (`of pod "batch"` for the pods of the job
// "batch"; no name, the only workload's when no pod is declared).
func (pl *Plan) shapeTarget(cname, pname string) (*podDecl, *corev1.Container, error) {
	p, c, err := pl.mustContainer(cname, pname)
	if err == nil || (pl.pod(pname) != nil) {
		return p, c, err
	}
	t := templateNamed(pl, pname)
	if t == nil {
		return nil, nil, err
	}
	if c := t.container(cname); c != nil {
		return t, c, nil
	}
	return nil, nil, inputErr("the pods of %q have no container %q", t.name, cname)
}

// Given container "app" of pod "web" exits with code 1 after 5s; Given
// container "app" of pod "web" runs to completion after 5s (code 0)
type exitsAfter struct {
	declaration
	ctr   shapedCtr
	code  ExitCode
	after time.Duration
}

func (s exitsAfter) Declare(pl *Plan) error {
	return pl.shape(s.ctr.container, s.ctr.pod, func(b *behavior.Behavior) { b.Exit = &behavior.Exit{Code: int(s.code), After: s.after} })
}

// Given container "app" of pod "web" exits with code 1 after 2s the first
// time; runs to completion after 2s the second time: that start of the
// container (the first is its first run, each restart the next) exits so,
// the others as the container's other behaviour says (by default they run
// until signalled). Delays count from that start.
type attemptExit struct {
	declaration
	ctr     shapedCtr
	attempt int
	exit    behavior.Exit
}

func parseAttemptExit(cname, pname, code, after, nth string) (Step, error) {
	exit, err := parseExit(code, after)
	if err != nil {
		return nil, err
	}
	n, err := parseOrdinal(nth)
	if err != nil {
		return nil, err
	}
	return attemptExit{ctr: shapedCtr{cname, pname}, attempt: n, exit: exit}, nil
}

// parseExit reads an exit's code and its delay from the start.
func parseExit(code, after string) (behavior.Exit, error) {
	c, err := slotValue[ExitCode](code)
	if err != nil {
		return behavior.Exit{}, err
	}
	d, err := slotValue[time.Duration](after)
	if err != nil {
		return behavior.Exit{}, err
	}
	return behavior.Exit{Code: int(c), After: d}, nil
}

func (s attemptExit) Declare(pl *Plan) error {
	return shapeAttempts(pl, s.ctr, s.attempt, s.attempt, s.exit)
}

// shapeAttempts gives starts first to last of the container the exit e,
// each as `the Nth time` gives its one start: a start another step gave
// already is an error, and then the step changes nothing.
func shapeAttempts(pl *Plan, ctr shapedCtr, first, last int, e behavior.Exit) error {
	twice := 0
	err := pl.shape(ctr.container, ctr.pod, func(b *behavior.Behavior) {
		for _, a := range b.Attempts {
			if a.Attempt >= first && a.Attempt <= last && (twice == 0 || a.Attempt < twice) {
				twice = a.Attempt
			}
		}
		if twice != 0 {
			return
		}
		for n := first; n <= last; n++ {
			b.Attempts = append(b.Attempts, behavior.AttemptExit{Attempt: n, Exit: e})
		}
	})
	if err == nil && twice != 0 {
		err = inputErr("container %q: its %s start is given twice", ctr.container, ordinalWord(twice))
	}
	return err
}

// ordinals are the words of `the first time` … `the tenth time`.
var ordinals = []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}

// Ordinal is the number an ordinal says (`first` … `tenth`, `1st`,
// `11th`), as the phrases read it; false for a word that is none (lint's
// hints read drafts' ordinals with it).
func Ordinal(s string) (int, bool) {
	n, err := parseOrdinal(s)
	return n, err == nil
}

// parseOrdinal reads `first` … `tenth`, or `1st`, `2nd`, `3rd`, `11th`.
func parseOrdinal(s string) (int, error) {
	for i, w := range ordinals {
		if s == w {
			return i + 1, nil
		}
	}
	for _, end := range []string{"st", "nd", "rd", "th"} {
		if n, err := strconv.Atoi(strings.TrimSuffix(s, end)); err == nil && strings.HasSuffix(s, end) && n >= 1 && n <= 1000 {
			return n, nil
		}
	}
	return 0, inputErr("%q is not an ordinal: first, second, third … tenth, or 1st, 2nd, 3rd, 11th", s)
}

// Given container "app" of pod "web" ignores SIGTERM
type ignoresSIGTERM struct {
	declaration
	ctr shapedCtr
}

func (s ignoresSIGTERM) Declare(pl *Plan) error {
	return pl.shape(s.ctr.container, s.ctr.pod, func(b *behavior.Behavior) { b.Term.Ignore = true })
}

// Given container "app" of pod "web" exits with code 0 on SIGTERM [after
// 2s]; Given container "app" of pod "web" takes 4s to exit after SIGTERM
// (with the default code). Without a delay, the one another step gave
// stands (none by default).
type onSIGTERM struct {
	declaration
	ctr   shapedCtr
	code  int
	delay *time.Duration
}

func (s onSIGTERM) Declare(pl *Plan) error {
	return pl.shape(s.ctr.container, s.ctr.pod, func(b *behavior.Behavior) {
		b.Term.Ignore, b.Term.Code = false, s.code
		if s.delay != nil {
			b.Term.Delay = *s.delay
		}
	})
}

func probeBehaviorSteps() []Def {
	const f = "behaviour"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		phrase(f, ctr+`becomes ready after (\S+)$`, `Given container "app" of pod "web" becomes ready after 2s`,
			s3(func(cname, pname string, after time.Duration) Step {
				return becomesReadyAfter{ctr: shapedCtr{cname, pname}, after: after}
			})),
		phrase(f, ctr+`fails its (\S+) probe after (\S+)$`, `Given container "app" of pod "web" fails its liveness probe after 30s`,
			s4(func(cname, pname string, kind failingProbe, after time.Duration) Step {
				return failsProbeAfter{ctr: shapedCtr{cname, pname}, kind: kind, after: after}
			})).with(slot("probe", "liveness", probeKinds...)),
		phrase(f, ctr+`passes its startup probe after (\S+)$`, `Given container "app" of pod "web" passes its startup probe after 20s`,
			s3(func(cname, pname string, after time.Duration) Step {
				return startupProbe{ctr: shapedCtr{cname, pname}, after: &after}
			})),
		// A probe that passes from D on, as authors say it (issue 38's
		// fourth held-out set): `passes its readiness probe after 8s`,
		// `5s after it starts`, `from 8s after it starts`. Readiness is
		// `becomes ready after D`; liveness fails before D (probesLiveAfter).
		phrase(f, ctr+`passes its (readiness|liveness) probe after (\S+)$`, `Given container "app" of pod "web" passes its readiness probe after 8s`,
			s4(passesProbeFrom)).with(slot("probe", "readiness", probeKinds...)),
		phrase(f, ctr+`passes its (readiness|liveness|startup) probe (?:from )?(\S+) after it starts$`, `Given container "app" of pod "web" passes its readiness probe from 8s after it starts`,
			s4(passesProbeFrom)).with(slot("probe", "readiness", "readiness", "liveness", "startup")),
		phrase(f, ctr+`fails its (liveness|readiness) probe (?:from )?(\S+) after it starts$`, `Given container "app" of pod "web" fails its readiness probe from 30s after it starts`,
			s4(func(cname, pname string, kind failingProbe, after time.Duration) Step {
				return failsProbeAfter{ctr: shapedCtr{cname, pname}, kind: kind, after: after}
			})).with(slot("probe", "readiness", probeKinds...)),
		phrase(f, ctr+`fails its startup probe$`, `Given container "app" of pod "web" fails its startup probe`,
			s2(func(cname, pname string) Step { return startupProbe{ctr: shapedCtr{cname, pname}} })),
		phrase(f, `^(?:the preStop hook of container "([^"]*)"(?: of pod "([^"]*)")?|container "([^"]*)"(?: of pod "([^"]*)")? has a preStop hook that) takes (\S+)$`, `Given the preStop hook of container "app" of pod "web" takes 3s`,
			s5(func(c1, p1, c2, p2 string, d time.Duration) Step {
				return preStopTakes{ctr: shapedCtr{c1 + c2, p1 + p2}, d: d}
			})),
		phrase(f, `^the image of container "([^"]*)"(?: of pod "([^"]*)")? cannot be pulled$`, `Given the image of container "app" of pod "web" cannot be pulled`,
			s2(func(cname, pname string) Step { return cannotStart{ctr: shapedCtr{cname, pname}, pull: true} })),
		// The words of issue 38's eleventh held-out set: an image reference
		// the registry answers "manifest unknown" for, the same step.
		phrase(f, `^the image (?:tag )?of container "([^"]*)"(?: of pod "([^"]*)")? does not exist$`, `Given the image tag of container "app" of pod "web" does not exist`,
			s2(func(cname, pname string) Step { return cannotStart{ctr: shapedCtr{cname, pname}, pull: true} })),
		phrase(f, ctr+`(?:runs forever|never exits on its own)$`, `Given container "app" of pod "web" runs forever`,
			s2(func(cname, pname string) Step { return runsForever{ctr: shapedCtr{cname, pname}} })),
		phrase(f, ctr+`fails to start$`, `Given container "app" of pod "web" fails to start`,
			s2(func(cname, pname string) Step { return cannotStart{ctr: shapedCtr{cname, pname}} })),
	}
}

// passesProbeFrom is the step of `passes its K probe after D`: each
// probe kind's behaviour that fails before D and passes from D.
func passesProbeFrom(cname, pname, kind string, after time.Duration) Step {
	ctr := shapedCtr{cname, pname}
	switch kind {
	case "liveness":
		return livesAfter{ctr: ctr, after: after}
	case "startup":
		return startupProbe{ctr: ctr, after: &after}
	}
	return becomesReadyAfter{ctr: ctr, after: after}
}

// Given container "app" of pod "web" passes its liveness probe after 20s:
// the container's own liveness probe (it must have one), answered by the
// agent, fails before D and passes from D on.
type livesAfter struct {
	declaration
	ctr   shapedCtr
	after time.Duration
}

func (s livesAfter) Declare(pl *Plan) error {
	return shapeOwnProbe(pl, s.ctr, "liveness", func(b *behavior.Behavior) { b.LiveAfter = &s.after })
}

// failingProbe is "liveness" or "readiness".
type failingProbe string

func (k *failingProbe) set(s string) error {
	*k = failingProbe(s)
	return oneOf("probe", s, probeKinds...)
}

// agentProbe points a probe at the agent's own answer, keeping its timing
// fields: the behaviour now decides what it answers.
func agentProbe(p *corev1.Probe, kind string) {
	p.ProbeHandler = corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: behavior.ProbeCommand(kind)}}
}

// Given container "app" of pod "web" becomes ready after 2s: an exec
// readiness probe every second when the container has none, else its own
// probe answered by the agent; Ready at the first probe at or after D.
type becomesReadyAfter struct {
	declaration
	ctr   shapedCtr
	after time.Duration
}

func (s becomesReadyAfter) Declare(pl *Plan) error {
	return pl.shape(s.ctr.container, s.ctr.pod, func(b *behavior.Behavior) {
		b.ReadyAfter = &s.after
		_, c, _ := pl.shapeTarget(s.ctr.container, s.ctr.pod)
		if c.ReadinessProbe == nil {
			c.ReadinessProbe = &corev1.Probe{PeriodSeconds: 1}
		}
		agentProbe(c.ReadinessProbe, "readiness")
	})
}

// Given container "app" of pod "web" fails its liveness probe after 30s: the
// container's own probe (it must have one), answered by the agent.
type failsProbeAfter struct {
	declaration
	ctr   shapedCtr
	kind  failingProbe
	after time.Duration
}

func (s failsProbeAfter) Declare(pl *Plan) error {
	return shapeOwnProbe(pl, s.ctr, string(s.kind), func(b *behavior.Behavior) {
		if s.kind == "liveness" {
			b.FailLivenessAfter = &s.after
		} else {
			b.FailReadinessAfter = &s.after
		}
	})
}

// shapeOwnProbe points the container's own probe of kind (it must have
// one) at the agent's answer, which set shapes.
func shapeOwnProbe(pl *Plan, ctr shapedCtr, kind string, set func(*behavior.Behavior)) error {
	_, c, err := pl.shapeTarget(ctr.container, ctr.pod)
	if err != nil {
		return err
	}
	probe := map[string]*corev1.Probe{"liveness": c.LivenessProbe, "readiness": c.ReadinessProbe, "startup": c.StartupProbe}[kind]
	if probe == nil {
		return inputErr("container %q has no %s probe: give it one in the pod's YAML", c.Name, kind)
	}
	return pl.shape(ctr.container, ctr.pod, func(b *behavior.Behavior) {
		set(b)
		agentProbe(probe, kind)
	})
}

// Given the image of container "app" of pod "web" cannot be pulled; Given
// container "app" of pod "web" fails to start: its executable does not
// exist, so the runtime cannot start it (StartError, then
// RunContainerError and CrashLoopBackOff).
type cannotStart struct {
	declaration
	ctr shapedCtr
	// pull: the image cannot be pulled (else the container cannot start).
	pull bool
}

func (s cannotStart) Declare(pl *Plan) error {
	p, c, err := pl.shapeTarget(s.ctr.container, s.ctr.pod)
	if err != nil {
		return err
	}
	if s.pull {
		if p.created {
			return inputErr("pod %q is created already: its images are set before", p.name)
		}
		p.unpullable[c.Name] = true
		return nil
	}
	if p.created {
		return inputErr("pod %q is created already", p.name)
	}
	p.cannotStart[c.Name] = true
	return nil
}

// Given container "app" of pod "web" passes its startup probe after 20s;
// fails its startup probe: the container's own startup probe (it must
// have one), answered by the agent: failing until D after each start, or
// always.
type startupProbe struct {
	declaration
	ctr   shapedCtr
	after *time.Duration // nil: it never passes
}

func (s startupProbe) Declare(pl *Plan) error {
	return shapeOwnProbe(pl, s.ctr, "startup", func(b *behavior.Behavior) { b.StartupAfter, b.FailStartup = s.after, s.after == nil })
}

// Given the preStop hook of container "app" takes 3s; Given container
// "app" has a preStop hook that takes 10s: the hook runs that long and
// succeeds. A hook of the YAML's becomes `sleep D` run in the container
// (an exec or HTTP hook alike: the kubelet waits for either, and the
// grace period counts it down the same way, killContainer in
// pkg/kubelet/kuberuntime/kuberuntime_container.go, v1.36.3); a
// container with none gets one. A sleep hook keeps its kind, in whole
// seconds.
type preStopTakes struct {
	declaration
	ctr shapedCtr
	d   time.Duration
}

func (s preStopTakes) Declare(pl *Plan) error {
	p, c, err := pl.shapeTarget(s.ctr.container, s.ctr.pod)
	if err != nil {
		return err
	}
	if p.created {
		return inputErr("pod %q is created already: its hooks are set before", p.name)
	}
	if c.Lifecycle == nil {
		c.Lifecycle = &corev1.Lifecycle{}
	}
	if h := c.Lifecycle.PreStop; h != nil && h.Sleep != nil {
		if s.d%time.Second != 0 {
			return inputErr("a sleep hook sleeps whole seconds: %s is not", s.d)
		}
		h.Sleep.Seconds = int64(s.d / time.Second)
		return nil
	}
	secs := strconv.FormatFloat(s.d.Seconds(), 'f', -1, 64)
	c.Lifecycle.PreStop = &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: []string{"sleep", secs}}}
	return nil
}
