package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// draftFortyThreeWordings are the phrases issue 38's held-out sets 43 to
// 45 reached for, each undefined then, each an alias of a phrase the
// language has, meaning what it means: an exit's code before its time
// (`container "httpd" exits with code 137 at 8s`, `exits at 8s with code
// 137`), a container `is running at 5s` (`is still running at 5s`), a
// start at an instant (`starts at 3s`, `starts between 3s and 3s`),
// several starts' exit at once (`exits with code 1 after 2s on its first
// 2 runs`, the first time and the second time), and a pod's phase with
// its reason (`the pod "scratch" phase is "Failed" with reason
// "Evicted"`). `restartCount` for `restart count` is in the restart
// count phrases themselves (expect_wordings.go, expect_wordings14.go).
func draftFortyThreeWordings() []Def {
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		phrase("signals and hooks", ctr+`exits with code (\S+) at (\S+)$`, `Then container "app" exits with code 137 at 5s`,
			s4(func(c, p string, code afterNames[ExitCode], at afterNames[time.Duration]) Step {
				return &exitsAt{ctr: ctrOfPod{c, p}, at: at, code: code}
			})),
		phrase("kubectl columns", ctr+`is running at (\S+)$`, `Then container "app" of pod "web" is running at 4s`,
			s3(func(c, pod string, at writtenSpan) Step {
				return &containerRunningAt{ctrStarts: ctrStarts{ctr: ctrOfPod{c, pod}}, at: at}
			})),
		phrase("pod expectations", ctr+`starts at (\S+)$`, `Then container "app" starts at 3s`,
			s3(func(c, p, at string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Started, lo: at, hi: at}
			})),
		phrase("behaviour", ctr+`exits with code (\S+) after (\S+) (?:the first (\S+) times?|on its first (\S+) (?:runs?|starts?))$`, `Given container "app" of pod "web" exits with code 1 after 2s on its first 2 runs`,
			func(c []string, _ Arg) (Step, error) {
				return parseFirstAttemptsExit(c[0], c[1], c[2], c[3], c[4]+c[5])
			}),
		phrase("pod expectations", `^the pod "([^"]*)" (?:phase is|has phase) "?([A-Za-z]+)"? with reason "?([^" ]+)"?$`, `Then the pod "web" phase is "Failed" with reason "Evicted"`,
			s3(func(pod, phase, reason string) Step { return thePodPhaseReason{podNamed{pod}, phase, reason} })).
			with(slot("phase", "Failed", phases...)),
	}
}

// maxAttempts bounds `on its first N runs` as parseOrdinal bounds `the
// 1000th time`: each start given is one argument of the agent.
const maxAttempts = 1000

// Given container "app" exits with code 1 after 2s on its first 2 runs
// (`on its first 2 starts`, `the first 2 times`): starts 1 to N each exit
// so, as N steps `the first time`, `the second time` … would say them
// (attemptExit); the other starts behave as the container's other steps
// say (`exits with code 0 after 2s`: the third start succeeds). On a
// cluster the agent counts its starts as for `the first time`
// (behavior.AttemptsDir).
type firstAttemptsExit struct {
	declaration
	ctr  shapedCtr
	n    int
	exit behavior.Exit
}

func parseFirstAttemptsExit(cname, pname, code, after, n string) (Step, error) {
	exit, err := parseExit(code, after)
	if err != nil {
		return nil, err
	}
	count, err := parseCount(n)
	switch {
	case err != nil:
		return nil, err
	case count < 1:
		return nil, inputErr("container %q: its first %d starts are none: say at least 1", cname, count)
	case count > maxAttempts:
		return nil, inputErr("container %q: its first %d starts are more than %d", cname, count, maxAttempts)
	}
	return firstAttemptsExit{ctr: shapedCtr{cname, pname}, n: count, exit: exit}, nil
}

func (s firstAttemptsExit) Declare(pl *Plan) error {
	return shapeAttempts(pl, s.ctr, 1, s.n, s.exit)
}

// Then the pod "scratch" phase is "Failed" with reason "Evicted" (`has
// phase`): the pod's phase is P and its status reason is R, at the
// current time, as `phase is "P"` (thePodPhase) and `has reason "R"`
// (thePodReason) read them. A failure says which of the two did not
// hold.
type thePodPhaseReason struct {
	podNamed
	phase, reason string
}

func (s thePodPhaseReason) Declare(pl *Plan) error {
	if err := oneOf("phase", s.phase, phases...); err != nil {
		return err
	}
	return s.podNamed.Declare(pl)
}

func (s thePodPhaseReason) Run(ctx context.Context, st *State) error {
	return st.check(ctx, s.pod, func(p *corev1.Pod) error {
		var wrong []string
		if string(p.Status.Phase) != s.phase {
			wrong = append(wrong, fmt.Sprintf("phase %s, not %s", p.Status.Phase, s.phase))
		}
		if p.Status.Reason != s.reason {
			got := "no reason"
			if p.Status.Reason != "" {
				got = "reason " + p.Status.Reason
			}
			wrong = append(wrong, fmt.Sprintf("%s, not %s", got, s.reason))
		}
		if wrong == nil {
			return nil
		}
		return &timeline.Verdict{Kind: timeline.WrongState,
			Expected: fmt.Sprintf("phase %s with reason %s", s.phase, s.reason),
			Observed: fmt.Sprintf("%s (%s)", strings.Join(wrong, "; "), describePod(p))}
	})
}
