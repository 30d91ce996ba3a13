package mutation

import (
	"context"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
)

// Facts are what is known of one scenario's original run: its result
// (timeline, checks, pods) and, asked for, where t=0 stood at a step.
// One Facts serves one scenario; it is not shared between goroutines.
type Facts struct {
	Scenario *runner.Scenario
	Original report.Result
	ctx      context.Context
	opt      runner.Options
	t0       map[int]t0Answer
	pods     map[string]*corev1.Pod
}

type t0Answer struct {
	at  time.Duration
	err error
}

// NewFacts gives the facts of a scenario whose original result is r; opt
// is the driver it ran on, for the probes that find a step's t=0.
func NewFacts(ctx context.Context, sc *runner.Scenario, r report.Result, opt runner.Options) *Facts {
	return &Facts{Scenario: sc, Original: r, ctx: ctx, opt: opt, t0: map[int]t0Answer{}}
}

// probeText is the step a t=0 probe puts in place of a step: it fails at
// once (there is no such pod), where the step was, and the scenario's t=0
// then stays where that step had it (the steps after the next action are
// not run), which the result's T0 gives.
const probeText = `the pod "podlife-t0-probe" is Running`

// T0 is where t=0 stood (session time) when the step at line ran: a check
// the original kept at that line says it (its Ref), else a probe run does.
func (f *Facts) T0(line int) (time.Duration, error) {
	if c, ok := checkAt(f.Original.Checks, line); ok {
		return c.Ref, nil
	}
	if a, ok := f.t0[line]; ok {
		return a.at, a.err
	}
	at, err := f.probeT0(line)
	f.t0[line] = t0Answer{at, err}
	return at, err
}

func (f *Facts) probeT0(line int) (time.Duration, error) {
	sc := f.Scenario
	i := -1
	for j, l := range sc.StepLines {
		if l == line {
			i = j
		}
	}
	if i < 0 {
		return 0, fmt.Errorf("no step of %s at line %d", sc.ID(), line)
	}
	lines := strings.Split(string(sc.Feature.Content), "\n")
	probe, err := replaceStepText(lines[line-1], sc.Keywords[i], probeText)
	if err != nil {
		return 0, err
	}
	lines[line-1] = probe
	m := Mutant{Feature: sc.Feature.Path, ScenarioLine: sc.Line, Content: []byte(strings.Join(lines, "\n"))}
	psc, err := m.Scenario()
	if err != nil {
		return 0, err
	}
	r := runner.Run(f.ctx, psc, f.opt)
	if r.Failure == nil || r.Failure.Line != line {
		return 0, fmt.Errorf("the t=0 probe of %s at line %d did not fail there (%s)", sc.ID(), line, r.Status)
	}
	return r.T0, nil
}

// Pod is the pod of the scenario named name, as the driver received it.
func (f *Facts) Pod(name string) *corev1.Pod {
	if f.pods == nil {
		f.pods = map[string]*corev1.Pod{}
		for _, m := range f.Original.Pods {
			var p corev1.Pod
			if err := yaml.Unmarshal([]byte(m.YAML), &p); err == nil {
				f.pods[m.Name] = &p
			}
		}
	}
	return f.pods[name]
}

// onlyPod is the scenario's pod when it has one: a step may leave `of
// pod "…"` out then.
func (f *Facts) onlyPod() string {
	if len(f.Original.Pods) == 1 {
		return f.Original.Pods[0].Name
	}
	return ""
}

// onlyNode is the scenario's node when its timeline names one (the
// default `worker-1` when it names none): a step may say `the node` then.
func (f *Facts) onlyNode() string {
	var one string
	for _, e := range f.Original.Timeline {
		if n, ok := strings.CutPrefix(e.Pod, "node/"); ok && n != one {
			if one != "" {
				return ""
			}
			one = n
		}
	}
	if one == "" {
		return "worker-1"
	}
	return one
}
