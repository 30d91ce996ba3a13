package steps

import (
	"fmt"
	"regexp"
	"strings"
)

// What issue 38's seventeenth held-out batch said in one step that the
// language says in one or two others (each hinted wrong, or with a slot
// left empty): every pod of the scenario at once (`the pods are
// running`, five times, hinted with one pod), a phase and its reason by
// a deadline (three times, hinted as an eviction, which an admission
// rejection is not), kubectl's READY and RESTARTS at an instant (twice),
// a workload's new pod (`deployment "web" creates a new pod within 1s`,
// twice, hinted `<count> new pods`), a container not ready at an instant
// (twice, hinted as the change to not ready at exactly that time). Each
// is those steps, in order, and a phrase only where they are
// (expanding).
func respelledPhrases() []Def {
	const f = "pod expectations"
	allPods := regexp.MustCompile(`^(?:all )?(?:the )?pods are (?:all )?(running|Running|ready|Ready)(?: within (\S+))?$`)
	phaseReason := regexp.MustCompile(`^(?:the )?pod "([^"]*)" has phase "?(\w+)"? with reason "([^"]*)" within (\S+)$`)
	readyRestarts := regexp.MustCompile(`^kubectl shows (?:the )?pod "([^"]*)" with READY "?([^" ]+)"? and RESTARTS "?(\d+)"? at (\S+)$`)
	createsNew := regexp.MustCompile(`^(?:the )?(deployment|replica set|stateful set|job) "([^"]*)" creates (a|one|\d+) new pods? within (\S+)$`)
	notReadyAt := regexp.MustCompile(`^(?:init )?container "([^"]*)"(?: of pod "([^"]*)")? is not ready at (\S+)$`)
	jobCounts := regexp.MustCompile(`^(?:the )?job "([^"]*)" has (\d+) (succeeded|failed) pods? and (\d+) (succeeded|failed) pods?$`)
	templateChanged := regexp.MustCompile(`^the pod template of (?:the )?deployment "([^"]*)" is (?:changed|updated|modified)$`)
	rolloutBetween := regexp.MustCompile(`^the rollout of deployment "([^"]*)" completes between (\S+) and (\S+)$`)
	drainBetween := regexp.MustCompile(`^the drain of (?:the )?node "([^"]*)" completes between (\S+) and (\S+)$`)
	// Held-out batch 18: a pod's phase said to become, or had in a
	// window (`the phase of pod "init-fail" becomes "Failed" within 3s
	// after container "migrate" exits`, three times): `becomes P`, `is P
	// between A and B`, the phase's coming.
	const becomesPhase = ` becomes "?(Pending|Running|Succeeded|Failed)"?(?: within (\S+)| between (\S+) and (\S+))?$`
	phaseOfBecomes := regexp.MustCompile(`^the phase of (?:the )?pod "([^"]*)"` + becomesPhase)
	podPhaseBecomes := regexp.MustCompile(`^(?:the )?pod "([^"]*)" phase` + becomesPhase)
	becomes := func(re *regexp.Regexp) func(string) []string {
		return func(text string) []string {
			m := re.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			t := fmt.Sprintf(`the pod %q becomes %s`, m[1], m[2])
			switch {
			case m[3] != "":
				t += " within " + m[3]
			case m[4] != "":
				t += " between " + m[4] + " and " + m[5]
			}
			return []string{t}
		}
	}
	phaseBetween := regexp.MustCompile(`^(?:the )?pod "([^"]*)" has phase "?(Pending|Running|Succeeded|Failed)"? between (\S+) and (\S+)$`)
	return []Def{
		// A Job's counts in words (`has 3 succeeded pods and 0 failed
		// pods`, twice, hinted with the counts swapped).
		expanding(phrase("workloads", jobCounts.String(), `Then the job "batch" has 3 succeeded pods and 0 failed pods`, nil), func(text string) []string {
			m := jobCounts.FindStringSubmatch(inKindWords(text))
			if m == nil || m[3] == m[5] {
				return nil
			}
			failed, succeeded := m[2], m[4]
			if m[3] == "succeeded" {
				failed, succeeded = m[4], m[2]
			}
			return []string{fmt.Sprintf(`the job %q has status failed %s and succeeded %s`, m[1], failed, succeeded)}
		}),
		// A new template with nothing said of it (three times, hinted with
		// the doc string the author did not give): what `kubectl rollout
		// restart` changes.
		expanding(phrase("workloads", templateChanged.String(), `When the pod template of deployment "web" is changed`, nil), func(text string) []string {
			m := templateChanged.FindStringSubmatch(inKindWords(text))
			if m == nil {
				return nil
			}
			return []string{fmt.Sprintf(`the deployment %q is restarted`, m[1])}
		}),
		// A completion in a window (five times, hinted `within B`, its
		// start lost): not complete at t0+A, complete by t0+B.
		expanding(phrase("workloads", rolloutBetween.String(), `Then the rollout of deployment "web" completes between 15s and 24s`, nil), func(text string) []string {
			m := rolloutBetween.FindStringSubmatch(inKindWords(text))
			if m == nil {
				return nil
			}
			return []string{
				fmt.Sprintf(`the rollout of deployment %q is not complete after %s`, m[1], m[2]),
				fmt.Sprintf(`the rollout of deployment %q completes within %s`, m[1], m[3]),
			}
		}),
		expanding(phrase("disruptions", drainBetween.String(), `Then the drain of node "worker-1" completes between 6s and 20s`, nil), func(text string) []string {
			m := drainBetween.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return []string{
				fmt.Sprintf(`the drain of node %q does not complete within %s`, m[1], m[2]),
				fmt.Sprintf(`the drain of node %q completes within %s`, m[1], m[3]),
			}
		}),
		expanding(phrase(f, allPods.String(), `Then the pods are running within 15s`, nil), func(text string) []string {
			m := allPods.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			t := "the pod " + eachDeclaredPod + " is " + strings.ToUpper(m[1][:1]) + m[1][1:]
			if m[2] != "" {
				t += " within " + m[2]
			}
			return []string{t}
		}),
		expanding(phrase(f, phaseOfBecomes.String(), `Then the phase of pod "web" becomes "Failed" within 3s`, nil), becomes(phaseOfBecomes)),
		expanding(phrase(f, podPhaseBecomes.String(), `Then the pod "web" phase becomes "Failed" between 2s and 4s`, nil), becomes(podPhaseBecomes)),
		expanding(phrase(f, phaseBetween.String(), `Then the pod "web" has phase "Failed" between 2s and 4s`, nil), func(text string) []string {
			m := phaseBetween.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return []string{fmt.Sprintf(`the pod %q is %s between %s and %s`, m[1], m[2], m[3], m[4])}
		}).jobPodApart(),
		expanding(phrase(f, phaseReason.String(), `Then the pod "web" has phase "Failed" with reason "Evicted" within 10s`, nil), func(text string) []string {
			m := phaseReason.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return []string{
				fmt.Sprintf(`the pod %q has phase %q within %s`, m[1], m[2], m[4]),
				fmt.Sprintf(`the pod %q has phase %q with reason %q`, m[1], m[2], m[3]),
			}
		}),
		expanding(phrase("kubectl columns", readyRestarts.String(), `Then kubectl shows pod "web" with READY "0/1" and RESTARTS "3" at 70s`, nil), func(text string) []string {
			m := readyRestarts.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return []string{
				fmt.Sprintf(`kubectl shows pod %q READY %q at %s`, m[1], m[2], m[4]),
				fmt.Sprintf(`the pod %q shows RESTARTS %s at %s`, m[1], m[3], m[4]),
			}
		}),
		expanding(phrase("workloads", createsNew.String(), `Then the deployment "web" creates a new pod within 1s`, nil), func(text string) []string {
			m := createsNew.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			n := m[3]
			if n == "a" || n == "one" {
				n = "1"
			}
			if n == "1" {
				return []string{fmt.Sprintf(`1 new pod of %s %q is created within %s`, m[1], m[2], m[4])}
			}
			return []string{fmt.Sprintf(`%s new pods of %s %q are created within %s`, n, m[1], m[2], m[4])}
		}),
		// `not … after T` reads the state at t0+T (docs/language.md,
		// Time), which `at T` says.
		expanding(phrase(f, notReadyAt.String(), `Then container "app" is not ready at 30s`, nil), func(text string) []string {
			m := notReadyAt.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			ctr := fmt.Sprintf("container %q", m[1])
			if m[2] != "" {
				ctr += fmt.Sprintf(" of pod %q", m[2])
			}
			return []string{ctr + " is not ready after " + m[3]}
		}),
	}
}

// eachDeclaredPod, in a text a phrase says, stands for each pod the
// scenario declared, in turn (eachPod).
const eachDeclaredPod = `"{each declared pod}"`

// inKindWords is text with each workload's kind in the phrase's words
// where the step names it as the API does (`Deployment "web"`,
// kindnames.go), which the registry's pattern takes and the phrase's own
// reading must too.
func inKindWords(text string) string {
	for words := range kindNames {
		for _, name := range kindSpellings(words) {
			text = strings.ReplaceAll(text, name+` "`, words+` "`)
		}
	}
	return text
}
