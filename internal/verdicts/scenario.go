package verdicts

import (
	"fmt"
	"strings"
	"time"

	"github.com/podlife/podlife/internal/timerules"
)

// Scenario is one generated scenario: one pod "web", its containers'
// behaviours, and its steps after the pod's creation.
type Scenario struct {
	Restart    string // the pod's restartPolicy
	Grace      int    // terminationGracePeriodSeconds
	Containers []Container
	Steps      []Step
}

// Container is one of the pod's containers.
type Container struct {
	Name string
	// PreStop is a `sleep N` preStop hook's N (0: none); Liveness an exec
	// liveness probe that succeeds until a behaviour step says otherwise.
	PreStop  int
	Liveness bool
	// Behaviours are its behaviour steps' phrases after `container "x"
	// of pod "web" `.
	Behaviours []string
}

// StepKind is what a step is.
type StepKind int

// The kinds of steps.
const (
	Create  StepKind = iota // When the pod "web" is created
	Delete                  // When the pod "web" is deleted
	Pass                    // When D pass
	Becomes                 // When the pod "web" becomes S
	Expect                  // Then …
)

// Step is one step after the Given steps.
type Step struct {
	Kind StepKind
	Text string // the phrase, without its keyword
	// D is Pass's duration, State Becomes' state.
	D     time.Duration
	State timerules.State
	// Exp is the specification's reading of an expectation; Table its
	// rows as Gherkin; Live whether a cluster's verdict of it must reduce
	// to the simulator's (an untimed wait ends elsewhere on a cluster).
	Exp   timerules.Expectation
	Table string
	Live  bool
}

// IsAction tells whether the step moves t=0.
func (s Step) IsAction() bool { return s.Kind != Expect }

// Gherkin renders the scenario as a feature file; Lines gives, per step
// of sc.Steps, its line in the file.
func (sc Scenario) Gherkin() (string, []int) {
	var b strings.Builder
	line := 1
	w := func(format string, args ...any) {
		s := fmt.Sprintf(format, args...)
		b.WriteString(s)
		b.WriteByte('\n')
		line += strings.Count(s, "\n") + 1
	}
	w("Feature: generated")
	w("  Scenario: generated")
	w("    Given a pod \"web\":")
	w("      \"\"\"yaml")
	w("      spec:")
	w("        restartPolicy: %s", sc.Restart)
	w("        terminationGracePeriodSeconds: %d", sc.Grace)
	w("        containers:")
	for _, c := range sc.Containers {
		w("        - name: %s", c.Name)
		if c.PreStop > 0 {
			w("          lifecycle:\n            preStop:\n              exec:\n                command: [\"sleep\", \"%d\"]", c.PreStop)
		}
		if c.Liveness {
			w("          livenessProbe:\n            exec:\n              command: [\"true\"]\n            periodSeconds: 1\n            failureThreshold: 2")
		}
	}
	w("      \"\"\"")
	for _, c := range sc.Containers {
		for _, beh := range c.Behaviours {
			w("    And container %q of pod \"web\" %s", c.Name, beh)
		}
	}
	var lines []int
	for i, s := range sc.Steps {
		kw := map[bool]string{true: "When", false: "Then"}[s.IsAction()]
		if i > 0 && sc.Steps[i-1].IsAction() == s.IsAction() {
			kw = "And"
		}
		lines = append(lines, line)
		w("    %s %s", kw, s.Text)
		if s.Table != "" {
			w("%s", strings.TrimRight(s.Table, "\n"))
		}
	}
	return b.String(), lines
}
