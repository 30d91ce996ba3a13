package steps

import (
	"fmt"
	"regexp"
	"strings"
)

// What issue 38's nineteenth held-out batch said in one step that the
// language says in one or two others, each hinted wrong or with a slot
// left empty (judged on 31ee803): a condition with no status (five
// times, `has condition "Complete" between 33s and 36s`, hinted with
// `<condition status>` or `within`), an object `removed from the API`
// (its `gone`), an eviction's HTTP status (`accepted with status 201`,
// hinted `at 201s`, twice), a taint `no longer` there, a container
// running with its restart count at an instant (twice, the running
// dropped), one container's exit before another's (hinted the other way
// round), a Job's two counts at an instant (twice, hinted `between 0s
// and T`), a daemon set's ready pod on a node (twice, hinted as a count
// without Ready or time), an event with its message at an instant (three
// times, hinted `containing`). Each is those steps, in order, and a
// phrase only where they are and no other phrase says the text
// (expanding, saidElsewhere).
func batch19Words() []Def {
	const f = "pod expectations"
	const when = `(?: within (\S+)| between (\S+) and (\S+)| at (\S+))?`
	condNoStatus := regexp.MustCompile(`^(?:the )?(pod|job|deployment|evicted pod|deleted pod)(?: "([^"]*)")? has (?:the )?condition "?([A-Za-z]+)"?(?: with reason "([^"]*)")?` + when + `$`)
	removed := regexp.MustCompile(`^(?:the )?(pod|job|deployment|evicted pod|deleted pod|old pod|new pod)(?: "([^"]*)")? (?:is|gets) removed from the API` + when + `$`)
	accepted := regexp.MustCompile(`^the eviction is accepted with (?:status |HTTP |code )?201$`)
	refused := regexp.MustCompile(`^the eviction is refused with (?:status |HTTP |code )?429 and (?:a )?message "([^"]*)"$`)
	noLonger := regexp.MustCompile(`^(?:the )?node "([^"]*)" no longer has (?:the )?taint "([^"]*)"(?: within (\S+))?$`)
	runningCount := regexp.MustCompile(`^(init )?container "([^"]*)"(?: of pod "([^"]*)")? is (?:still )?running with restart count (\d+) at (\S+)$`)
	exitsBefore := regexp.MustCompile(`^container "([^"]*)" (?:exits|stops|terminates|is stopped|is killed) before container "([^"]*)"(?: exits| stops| terminates| is stopped| is killed)?$`)
	jobTwo := regexp.MustCompile(`^(?:the )?job "([^"]*)" has (\d+) (succeeded|failed|active|terminating)(?: pods?)? and (\d+) (succeeded|failed|active|terminating) pods?(?: within (\S+)| between (\S+) and (\S+)| at (\S+))$`)
	dsReady := regexp.MustCompile(`^(?:the )?daemon set "([^"]*)" has (?:1|a) ready pod on (?:each of )?nodes? ((?:"[^"]*"(?:, | and |, and ))*"[^"]*")(?: within (\S+))?$`)
	eventAt := regexp.MustCompile(`^(?:an? )?event "([^"]*)" ((?:with (?:a )?message "[^"]*" )?is recorded(?: for (?:(?:init )?container "[^"]*"(?: of (?:the )?pod "[^"]*")?|(?:the )?pod "[^"]*"))?(?: with (?:a )?message "[^"]*")?) at (\S+)$`)
	return []Def{
		expanding(phrase(f, condNoStatus.String(), `Then the job "batch" has condition "Complete" between 10s and 13s`, nil), func(text string) []string {
			m := condNoStatus.FindStringSubmatch(text)
			if m == nil || saidElsewhere(text) {
				return nil
			}
			t := fmt.Sprintf("%s has condition %q \"True\"", subjectText(m[1], m[2]), m[3])
			if m[4] != "" {
				t += fmt.Sprintf(" with reason %q", m[4])
			}
			return []string{t + whenText(m[5:])}
		}),
		expanding(phrase(f, removed.String(), `Then the deleted pod is removed from the API between 5s and 6s`, nil), func(text string) []string {
			m := removed.FindStringSubmatch(text)
			if m == nil || saidElsewhere(text) {
				return nil
			}
			return []string{subjectText(m[1], m[2]) + " is gone" + whenText(m[3:])}
		}),
		expanding(phrase("disruptions", accepted.String(), `Then the eviction is accepted with status 201`, nil), func(text string) []string {
			if !accepted.MatchString(text) {
				return nil
			}
			return []string{"the eviction is accepted"}
		}),
		expanding(phrase("disruptions", refused.String(), `Then the eviction is refused with status 429 and message "Cannot evict pod as it would violate the pod's disruption budget."`, nil), func(text string) []string {
			m := refused.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return []string{"the eviction is refused with 429", fmt.Sprintf("the eviction is refused with message containing %q", m[1])}
		}),
		expanding(phrase("node expectations", noLonger.String(), `Then node "worker-1" no longer has taint "node.kubernetes.io/memory-pressure:NoSchedule" within 5m30s`, nil), func(text string) []string {
			m := noLonger.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return []string{fmt.Sprintf("node %q has no taint %q", m[1], m[2]) + whenText([]string{m[3], "", "", ""})}
		}),
		expanding(phrase(f, runningCount.String(), `Then container "envoy" is running with restart count 0 at 30s`, nil), func(text string) []string {
			m := runningCount.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			c := fmt.Sprintf("%scontainer %q", m[1], m[2])
			if m[3] != "" {
				c += fmt.Sprintf(" of pod %q", m[3])
			}
			return []string{c + " is still running at " + m[5], fmt.Sprintf("%s has restart count %s at %s", c, m[4], m[5])}
		}),
		expanding(phrase("signals and hooks", exitsBefore.String(), `Then container "istio-proxy" exits before container "app" exits`, nil), func(text string) []string {
			m := exitsBefore.FindStringSubmatch(text)
			if m == nil || saidElsewhere(text) {
				return nil
			}
			return []string{fmt.Sprintf("container %q stops after container %q", m[2], m[1])}
		}),
		expanding(phrase("workloads", jobTwo.String(), `Then the job "batch" has 1 succeeded and 0 failed pods at 30s`, nil), func(text string) []string {
			m := jobTwo.FindStringSubmatch(inKindWords(text))
			if m == nil || m[3] == m[5] {
				return nil
			}
			count := func(n, what string) string {
				noun := " pods"
				if n == "1" {
					noun = " pod"
				}
				return fmt.Sprintf("the job %q has %s %s%s%s", m[1], n, what, noun, whenText(m[6:]))
			}
			return []string{count(m[2], m[3]), count(m[4], m[5])}
		}),
		expanding(phrase("workloads", dsReady.String(), `Then the daemon set "agent" has 1 ready pod on node "node-a" within 2s`, nil), func(text string) []string {
			m := dsReady.FindStringSubmatch(inKindWords(text))
			if m == nil {
				return nil
			}
			var out []string
			for _, n := range quotedNames.FindAllStringSubmatch(m[2], -1) {
				out = append(out, fmt.Sprintf("the pod of daemon set %q on node %q is Ready", m[1], n[1])+whenText([]string{m[3], "", "", ""}))
			}
			return out
		}),
		// An event's `at T` is its `between T and T` (docs/language.md,
		// Time), where a phrase says only that.
		expanding(phrase("events", eventAt.String(), `Then an event "Killing" with message "Stopping container app" is recorded for container "app" at 0s`, nil), func(text string) []string {
			m := eventAt.FindStringSubmatch(text)
			if m == nil || saidElsewhere(text) {
				return nil
			}
			body := fmt.Sprintf("an event %q %s", m[1], m[2])
			if !strings.Contains(m[2], "message") {
				// Without a message, the phrase that has `between` says
				// the reason first.
				body = fmt.Sprintf("a %q event %s", m[1], m[2])
			}
			// Its message said after its object (`event "Killing" is
			// recorded for container "app" with message "M" at 0s`).
			if a := messageAfter.FindStringSubmatch(body); a != nil {
				body = fmt.Sprintf("an event %q with message %q is recorded%s", a[1], a[3], a[2])
			}
			return []string{fmt.Sprintf("%s between %s and %s", body, m[3], m[3])}
		}),
	}
}

// subjectText is an object as its captures said it: `the job "x"`, `the
// evicted pod`.
func subjectText(kind, name string) string {
	if name == "" {
		return "the " + kind
	}
	return fmt.Sprintf("the %s %q", kind, name)
}

// whenText is the time its captures said (within, between's two, at),
// as a step writes it after its expectation.
func whenText(c []string) string {
	switch {
	case c[0] != "":
		return " within " + c[0]
	case c[1] != "":
		return " between " + c[1] + " and " + c[2]
	case c[3] != "":
		return " at " + c[3]
	}
	return ""
}

// messageAfter is an event with its message said after its object.
var messageAfter = regexp.MustCompile(`^(?:an? )?event "([^"]*)" is recorded((?: for (?:(?:init )?container "[^"]*"(?: of (?:the )?pod "[^"]*")?|(?:the )?pod "[^"]*"))?) with (?:a )?message "([^"]*)"$`)

// saidElsewhere: a phrase of the registry that says no other (not
// expanding, not a fallback) says text, so that a respelling that reads
// an omission (a condition's status) never stands beside a phrase that
// gives the text its own meaning. Set in init: the registry is built
// from the phrases whose readings call it.
var saidElsewhere func(text string) bool

func init() {
	saidElsewhere = func(text string) bool {
		for _, d := range registry {
			if d.expand == nil && !d.fallback && d.Pattern.MatchString(text) {
				return true
			}
		}
		return false
	}
}
