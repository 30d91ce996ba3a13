package steps

import (
	"fmt"
	"regexp"
	"strings"
)

// What issue 38's eighteenth held-out batch said in one step that the
// language says in one or two others, each hinted wrong or with a slot
// left empty (judged on 4f24338): a probe that always fails (four times,
// hinted `fails after <duration>`), one failing for the first seconds
// (hinted `fails after 12s`, the opposite), a phase `and reason` (twice,
// hinted as an eviction), a restart count and the last termination
// together (twice, the count dropped), the last state named as such, a
// phase held `throughout` (twice, hinted as one instant), a write with no
// time (twice, `after <duration>`), a workload's status field by its API
// name (`status.succeeded 3`, `status.readyReplicas 3`, five times,
// hinted as its pods), one pod created `only after` another is Ready
// (twice, hinted Ready before Ready), a node's typed event said as the
// node's (twice, hinted as a condition). Each is those steps, in order,
// and a phrase only where they are (expanding).
func batch18Words() []Def {
	const f = "pod expectations"
	const ctr = `(init )?container "([^"]*)"(?: of pod "([^"]*)")?`
	// ctrText is a container as its captures said it.
	ctrText := func(init, c, pod string) string {
		t := fmt.Sprintf("%scontainer %q", init, c)
		if pod != "" {
			t += fmt.Sprintf(" of pod %q", pod)
		}
		return t
	}
	probeAlways := regexp.MustCompile(`^the (liveness|readiness|startup) probe of ` + ctr + ` (?:always fails|never succeeds|never passes)$`)
	probeFirst := regexp.MustCompile(`^the (liveness|readiness|startup) probe of ` + ctr + ` fails (?:for|during) the first (\S+)$`)
	phaseAndReason := regexp.MustCompile(`^(?:the )?pod "([^"]*)" has phase "?(Pending|Running|Succeeded|Failed)"? and reason "([^"]*)"(?: within (\S+))?$`)
	const terminated = `terminated with reason "([^"]*)"(?: and exit code (\d+))?`
	// terminatedText is the termination its captures said.
	terminatedText := func(reason, code string) string {
		t := fmt.Sprintf("terminated with reason %q", reason)
		if code != "" {
			t += " and exit code " + code
		}
		return t
	}
	countAndLast := regexp.MustCompile(`^` + ctr + ` has (?:restartCount|restart count) (\d+) and (?:a )?last state ` + terminated + `$`)
	lastState := regexp.MustCompile(`^` + ctr + ` (?:has (?:a )?last state|last state is|has last termination state) ` + terminated + `$`)
	phaseThroughout := regexp.MustCompile(`^(?:the )?pod "([^"]*)" (?:phase is|is in phase|has phase|stays in phase) "?(Pending|Running|Succeeded|Failed)"? throughout$`)
	writesNow := regexp.MustCompile(`^` + ctr + ` writes (\S+) to its writable layer$`)
	onlyAfter := regexp.MustCompile(`^(?:the )?pod "([^"]*)" is ` + momentAlt() + ` only after (?:the )?pod "([^"]*)" is ` + momentAlt() + `$`)
	nodeCondReason := regexp.MustCompile(`^(?:the )?node "([^"]*)" has condition "?([A-Za-z]+)"? "(True|False|Unknown)" with reason "([^"]*)" between (\S+) and (\S+)$`)
	nodeTyped := regexp.MustCompile(`^(?:the )?node "([^"]*)" (?:has|gets|got|had|records) an? (Warning|Normal) event "([^"]*)"(?: with message (?:(?:starting|beginning)(?: with)? )?"([^"]*)"| with message containing "([^"]*)")?$`)
	return []Def{
		expanding(phrase("behaviour", probeAlways.String(), `Given the liveness probe of container "app" always fails`, nil), func(text string) []string {
			m := probeAlways.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return []string{fmt.Sprintf("the %s probe of %s fails from 0s", m[1], ctrText(m[2], m[3], m[4]))}
		}),
		expanding(phrase("behaviour", probeFirst.String(), `Given the startup probe of container "app" fails for the first 12s`, nil), func(text string) []string {
			m := probeFirst.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return []string{fmt.Sprintf("%s fails its %s probe until %s", ctrText(m[2], m[3], m[4]), m[1], m[5])}
		}),
		expanding(phrase(f, phaseAndReason.String(), `Then the pod "web" has phase "Failed" and reason "Evicted"`, nil), func(text string) []string {
			m := phaseAndReason.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			if m[4] != "" { // as respelledPhrases' phaseReason says it
				return []string{
					fmt.Sprintf("the pod %q has phase %q within %s", m[1], m[2], m[4]),
					fmt.Sprintf("the pod %q has phase %q with reason %q", m[1], m[2], m[3]),
				}
			}
			return []string{fmt.Sprintf("the pod %q has phase %q with reason %q", m[1], m[2], m[3])}
		}),
		expanding(phrase(f, countAndLast.String(), `Then container "app" has restartCount 1 and last state terminated with reason "Error" and exit code 143`, nil), func(text string) []string {
			m := countAndLast.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			c := ctrText(m[1], m[2], m[3])
			return []string{
				fmt.Sprintf("%s has restartCount %s", c, m[4]),
				c + " " + terminatedText(m[5], m[6]),
			}
		}),
		expanding(phrase(f, lastState.String(), `Then container "app" has last state terminated with reason "Error" and exit code 137`, nil), func(text string) []string {
			m := lastState.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return []string{ctrText(m[1], m[2], m[3]) + " " + terminatedText(m[4], m[5])}
		}),
		expanding(phrase(f, phaseThroughout.String(), `Then the pod "web" phase is "Running" throughout`, nil), func(text string) []string {
			m := phaseThroughout.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return []string{fmt.Sprintf("the pod %q stays in phase %q", m[1], m[2])}
		}),
		expanding(phrase("behaviour", writesNow.String(), `Given container "app" writes 3Gi to its writable layer`, nil), func(text string) []string {
			m := writesNow.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return []string{fmt.Sprintf("%s writes %s to its writable layer after 0s", ctrText(m[1], m[2], m[3]), m[4])}
		}),
		expanding(phrase(f, onlyAfter.String(), `Then the pod "db-1" is created only after the pod "db-0" is Ready`, nil), func(text string) []string {
			m := onlyAfter.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return []string{fmt.Sprintf("the pod %q is not %s before the pod %q is %s", m[1], m[2], m[3], m[4])}
		}),
		expanding(phrase("events", nodeTyped.String(), `Then node "worker-1" has a Warning event "EvictionThresholdMet" with message "Attempting to reclaim memory"`, nil), func(text string) []string {
			m := nodeTyped.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			msg := ""
			switch {
			case m[4] != "":
				msg = fmt.Sprintf(" with message %q", m[4])
			case m[5] != "":
				msg = fmt.Sprintf(" with message containing %q", m[5])
			}
			return []string{fmt.Sprintf("a %s event %q%s is recorded for node %q", m[2], m[3], msg, m[1])}
		}),
		// A node condition's reason in a window (twice, hinted `within B`,
		// its start lost): its coming, then its reason read there.
		expanding(phrase("node expectations", nodeCondReason.String(), `Then node "worker-1" has condition "MemoryPressure" "False" with reason "KubeletHasSufficientMemory" between 50s and 80s`, nil), func(text string) []string {
			m := nodeCondReason.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return []string{
				fmt.Sprintf("node %q has condition %q %q between %s and %s", m[1], m[2], m[3], m[5], m[6]),
				fmt.Sprintf("node %q has condition %q %q with reason %q", m[1], m[2], m[3], m[4]),
			}
		}),
		expanding(phrase("workloads", statusFieldRe.String(), `Then the job "batch" has status.succeeded 3`, nil), statusFields),
	}
}

// statusFieldRe is a workload's status fields by their API names, one or
// a list (`has status.replicas 4, status.updatedReplicas 1 and
// status.availableReplicas 3`), with a time or none.
var statusFieldRe = regexp.MustCompile(`^(?:the )?(job|deployment|replica set|stateful set|daemon set) "([^"]*)" has ((?:status\.\w+ \d+(?:, | and |, and ))*status\.\w+ \d+)(?: within (\S+)| between (\S+) and (\S+)| at (\S+))?$`)

// statusFieldWords are the words the language says a status field in.
var statusFieldWords = map[string]string{
	"succeeded":           "%s succeeded pods",
	"failed":              "%s failed pods",
	"active":              "%s active pods",
	"ready":               "%s ready pods",
	"readyReplicas":       "%s ready pods",
	"availableReplicas":   "%s available replicas",
	"updatedReplicas":     "%s updated replicas",
	"unavailableReplicas": "%s unavailable replicas",
	"replicas":            "%s pods",
	"currentReplicas":     "%s current replicas",
}

var statusFieldItem = regexp.MustCompile(`status\.(\w+) (\d+)`)

func statusFields(text string) []string {
	m := statusFieldRe.FindStringSubmatch(inKindWords(text))
	if m == nil {
		return nil
	}
	when := ""
	switch {
	case m[4] != "":
		when = " within " + m[4]
	case m[5] != "":
		when = " between " + m[5] + " and " + m[6]
	case m[7] != "":
		when = " at " + m[7]
	}
	var out []string
	for _, it := range statusFieldItem.FindAllStringSubmatch(m[3], -1) {
		w, ok := statusFieldWords[it[1]]
		if !ok {
			return []string{fmt.Sprintf("the %s %q has status.%s %s", m[1], m[2], it[1], it[2])}
		}
		words := fmt.Sprintf(w, it[2])
		if it[2] == "1" {
			words = strings.Replace(strings.Replace(words, "pods", "pod", 1), "replicas", "replica", 1)
		}
		out = append(out, fmt.Sprintf("the %s %q has %s%s", m[1], m[2], words, when))
	}
	return out
}
