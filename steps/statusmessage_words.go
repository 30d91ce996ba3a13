package steps

import (
	"context"
	"fmt"
	"regexp"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// A pod's status message (issue 38's nineteenth held-out batch, eight
// times in one draft: `pod "batch" has message "The node was low on
// resource: memory. …"`, `has phase "Failed", reason "Evicted" and a
// message starting with "The node was low on resource: pids. "`, `is
// rejected with phase "Failed", reason "Evicted" and message "The node
// had condition: [MemoryPressure]. " within 5s`): status.message, which
// the kubelet sets with the reason when its eviction manager evicts a
// pod (pkg/kubelet/eviction/eviction_manager.go evictPod, the message of
// helpers.go evictionMessage) and when it rejects one at admission
// (kubelet.go rejectPod: "Pod was rejected: " and the admit handler's
// message, v1.36.3). `has message "M"` is the whole message; `starting
// with`, its beginning; `containing`, a part. Untimed, read at the
// current time; `within D`, at some time up to t0+D (polledWithin).
func statusMessageWords() []Def {
	const f = "pod expectations"
	const pod = `^(?:the )?pod "([^"]*)" has (?:a )?(?:status )?message `
	exact := func(c []string, _ Arg) (Step, error) { return podMessage{podNamed{c[0]}, c[1], messageIs}, nil }
	begins := func(c []string, _ Arg) (Step, error) { return podMessage{podNamed{c[0]}, c[1], messageBegins}, nil }
	contains := func(c []string, _ Arg) (Step, error) { return podMessage{podNamed{c[0]}, c[1], messageContains}, nil }
	within := func(how messageMatch) parser {
		return func(c []string, a Arg) (Step, error) {
			d, err := slotValue[writtenSpan](c[2])
			return podMessageWithin{podMessage{podNamed{c[0]}, c[1], how}, d}, err
		}
	}
	phaseReasonMessage := regexp.MustCompile(`^(?:the )?pod "([^"]*)" (?:has|is rejected with|was rejected with|ends with) phase "?(Pending|Running|Succeeded|Failed)"?,? (?:and )?reason "([^"]*)",? and (?:a )?(?:status )?message ((?:starting with |beginning with |containing )?"[^"]*")(?: within (\S+))?$`)
	return []Def{
		phrase(f, pod+`"([^"]*)"$`, `Then the pod "web" has message "Pod was rejected: The node had condition: [MemoryPressure]. "`, exact),
		phrase(f, pod+`(?:starting|beginning) with "([^"]*)"$`, `Then the pod "web" has message starting with "The node was low on resource: memory. "`, begins),
		phrase(f, pod+`containing "([^"]*)"$`, `Then the pod "web" has message containing "has larger consumption of memory"`, contains),
		phrase(f, pod+`"([^"]*)" within (\S+)$`, `Then the pod "web" has message "Pod was rejected: The node had condition: [MemoryPressure]. " within 5s`, within(messageIs)),
		phrase(f, pod+`(?:starting|beginning) with "([^"]*)" within (\S+)$`, `Then the pod "web" has message starting with "The node was low on resource: memory. " within 30s`, within(messageBegins)),
		phrase(f, pod+`containing "([^"]*)" within (\S+)$`, `Then the pod "web" has message containing "has larger consumption of memory" within 30s`, within(messageContains)),
		// Its phase, reason and message together: each in turn, the
		// message read where the phase came.
		expanding(phrase(f, phaseReasonMessage.String(), `Then the pod "web" has phase "Failed", reason "Evicted" and message starting with "The node was low on resource: memory. "`, nil), func(text string) []string {
			m := phaseReasonMessage.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			var out []string
			if m[5] != "" {
				out = append(out, fmt.Sprintf("the pod %q has phase %q within %s", m[1], m[2], m[5]))
			}
			return append(out,
				fmt.Sprintf("the pod %q has phase %q with reason %q", m[1], m[2], m[3]),
				fmt.Sprintf("the pod %q has message %s", m[1], m[4]))
		}),
	}
}

// podMessage is the pod's status.message at the current time.
type podMessage struct {
	podNamed
	text string
	how  messageMatch
}

func (s podMessage) what() string {
	return fmt.Sprintf("pod %q with %s %q", s.pod, s.how.words(), s.text)
}

func (s podMessage) Run(ctx context.Context, st *State) error {
	return st.check(ctx, s.pod, func(p *corev1.Pod) error {
		if s.how.matches(p.Status.Message, s.text) {
			return nil
		}
		return &timeline.Verdict{Kind: timeline.WrongState, Expected: s.what(),
			Observed: fmt.Sprintf("message %q (%s)", p.Status.Message, describePod(p))}
	})
}

// podMessageWithin is the message at some time up to t0+D.
type podMessageWithin struct {
	podMessage
	d writtenSpan
}

func (s podMessageWithin) Run(ctx context.Context, st *State) error {
	return polledWithin(ctx, st, s.pod, s.d, fmt.Sprintf("with %s %q", s.how.words(), s.text), func(v driver.View) (bool, string) {
		p := v.Pod(s.pod)
		if p == nil {
			return false, "the pod gone"
		}
		return s.how.matches(p.Status.Message, s.text), fmt.Sprintf("message %q", p.Status.Message)
	})
}
