package runner

import (
	"regexp"
	"slices"
	"strings"

	messages "github.com/cucumber/messages/go/v21"

	"github.com/podlife/podlife/steps"
)

// Readings held-out sets 49-51 needed: what first drafts say in words the
// vocabulary says otherwise, read as its phrase before the comparison.
var (
	// quotedCountRE is a count written in quotes after the RESTARTS column
	// or before `restarts` (`shows RESTARTS "0"`, `shows "1" restart`): a
	// count, not a name (set 51: `shows RESTARTS "0" at 60s` was hinted
	// `shows at least 60 restarts`, the time read as the count).
	quotedCountRE   = regexp.MustCompile(`(?i)\bRESTARTS "(\d+)"`)
	quotedCountToRE = regexp.MustCompile(`(?i)\b(shows|has|have|show) "(\d+)" (restarts?)\b`)

	restartsAtRE = regexp.MustCompile(`(?i)^(.* (?:shows|has) \d+ restarts?) at \S+$`)

	// ctrNeverRunningRE is a container said never running (started, up):
	// it never starts (set 51: `is never running` was hinted `is not
	// running`, a state at the current time).
	ctrNeverRunningRE = regexp.MustCompile(`(?i)^((?:the )?(?:init )?container "[^"]*"(?: of pod "[^"]*")?) (?:is never|was never|never is|never was|never gets|is not ever) (?:running|started|up)$`)

	// ctrNeverReadyRE is a container said never ready in an expectation:
	// no phrase says it of a container; its pod is never Ready then (a pod
	// is Ready only with all its containers ready), which the pod's `is
	// never Ready` checks (set 49: `is never ready` was hinted `is not
	// ready`, a state at the current time); never ready within a time, not
	// Ready before it. The container is said lost.
	ctrNeverReadyRE = regexp.MustCompile(`(?i)^(?:the )?(?:init )?container "[^"]*"(?: of (pod "[^"]*"))? (?:is never|was never|never is|never was|never becomes|never gets|never turns|never goes|does not ever become) ready(?: within (\S+))?$`)

	// neverWithinRE is a state said never held within a time: not held
	// before it (set 51: `is never Ready within 60s` was hinted `is not
	// Ready after 60s`, another meaning).
	neverWithinRE = regexp.MustCompile(`(?i)^((?:the )?pod "[^"]*") (?:is never|was never|never is|never becomes|never gets|never turns) (\S+) within (\S+)$`)

	// podAfterPodRE is a pod's state said after another pod's: the order
	// the `before the pod` phrases say with the pods swapped, the other's
	// state first; not before it is after it (set 50: `pod "queue-1" is deleted after pod "queue-2"
	// is gone` was hinted `the pod "queue-1" is deleted before the pod
	// "queue-2"`, the opposite order). A state of the first pod said
	// alone is the other's as well.
	podAfterPodRE = regexp.MustCompile(`(?i)^(?:the )?pod ("[^"]*") is (?:(not) )?(\S+) (?:only )?(after|before|until) (?:the )?pod ("[^"]*")(?: is (\S+))?$`)

	// probeUntimedRE is a probe's answer given as a behaviour with no
	// time: the answer from the container's start (set 51: `passes its
	// liveness probe` was hinted `… after <duration>`).
	probeUntimedRE = regexp.MustCompile(`(?i)^((?:the )?(?:init )?container "[^"]*"(?: of (?:pod|deployment|replica set|stateful set|daemon set|job) "[^"]*")? (?:passes|fails) its (?:liveness|readiness|startup) probe)$`)

	// imagePulledWhenRE is an image's pull at a time (`is pulled at 0s`,
	// `is pulled again between 10s and 12s`): the kubelet's Pulling event
	// for the container then (set 51: hinted `is running at 0s`, `is
	// restarted between …`).
	imagePulledWhenRE = regexp.MustCompile(`(?i)^the image(?: of ((?:init )?container "[^"]*"(?: of pod "[^"]*")?))? (?:is|gets|was|has been) pulled(?: again| once more)? ((?:at|within) \S+|between \S+ and \S+)$`)

	// daemonPodOnNodeRE is a daemon set's pod on a node said as a count of
	// one, and noDaemonPodOnNodeRE as none: the pod of the daemon set on
	// the node, and its count there (set 50: hinted a replica set's
	// phrases).
	daemonPodOnNodeRE   = regexp.MustCompile(`(?i)^(?:1|one|a|the) pod of (?:the )?daemon ?set ("[^"]*") (?:is )?(\S+) on (?:the )?node ("[^"]*")(.*)$`)
	noDaemonPodOnNodeRE = regexp.MustCompile(`(?i)^no pods? of (?:the )?daemon ?set ("[^"]*") (?:is |are )?(?:ever |never )?(?:\S+ )?on (?:the )?node ("[^"]*")$`)
)

// readQuotedCounts reads a count written in quotes as the count.
func readQuotedCounts(text string) string {
	text = quotedCountRE.ReplaceAllString(text, "$1 restarts")
	return quotedCountToRE.ReplaceAllString(text, "$1 $2 $3")
}

// readOutcomes49 reads an expectation's words as its phrase.
func readOutcomes49(out string) string {
	out = ctrNeverRunningRE.ReplaceAllString(out, "$1 never starts")
	if m := ctrNeverReadyRE.FindStringSubmatch(out); m != nil {
		pod := "the pod"
		if m[1] != "" {
			pod = "the " + m[1]
		}
		if m[2] != "" {
			return pod + " is not Ready before " + m[2]
		}
		return pod + " is never Ready"
	}
	// A count of restarts at an instant: no phrase times it so; the
	// count's phrase, the time said lost (not `within T`, which a count
	// of 0 holds at t=0).
	out = restartsAtRE.ReplaceAllString(out, "$1")
	out = neverWithinRE.ReplaceAllString(out, "$1 is not $2 before $3")
	if m := podAfterPodRE.FindStringSubmatch(out); m != nil && (m[2] != "") == (strings.ToLower(m[4]) != "after") {
		state := m[6]
		if state == "" {
			state = m[3]
		}
		return "the pod " + m[5] + " is " + state + " before the pod " + m[1]
	}
	if m := imagePulledWhenRE.FindStringSubmatch(out); m != nil {
		bound := m[2]
		if f := strings.Fields(bound); f[0] == "at" {
			bound = "between " + f[1] + " and " + f[1]
		}
		if m[1] == "" {
			return `a "Pulling" event is recorded ` + bound
		}
		return `a "Pulling" event is recorded for ` + m[1] + " " + bound
	}
	if m := daemonPodOnNodeRE.FindStringSubmatch(out); m != nil {
		state := m[2]
		for _, s := range []string{"Running", "Ready", "Pending", "Succeeded", "Failed", "Terminating", "scheduled"} {
			if strings.EqualFold(state, s) {
				state = s
			}
		}
		out = "the pod of daemon set " + m[1] + " on node " + m[3] + " is " + state + m[4]
	}
	out = noDaemonPodOnNodeRE.ReplaceAllString(out, "the daemon set $1 has 0 pods on node $2")
	return out
}

// readBehaviours49 reads a behaviour's words as its phrase.
func readBehaviours49(text string) string {
	return probeUntimedRE.ReplaceAllString(text, "$1 after 0s")
}

// timeRE is a time the step bounds its expectation with.
var timeRE = regexp.MustCompile(`(?i)\b(?:at|within|between \S+ and) (\d+(?:\.\d+)?(?:ms|s|m|h))\b`)

// timesLost are the step's time bounds whose time the hint h does not
// say (set 51: `shows RESTARTS "0" at 60s`, hinted a count untimed, lost
// its 60 s without a word).
func timesLost(text, h string, lost []string) []string {
	var out []string
	for _, m := range timeRE.FindAllStringSubmatch(text, -1) {
		if strings.Contains(h, m[1]) || strings.Contains(h, "<") || slices.ContainsFunc(lost, func(l string) bool { return strings.Contains(l, m[1]) }) {
			continue
		}
		out = append(out, m[0])
	}
	return out
}

// probeAnswerRE is a phrase that gives a probe's answers.
var probeAnswerRE = regexp.MustCompile(`\b(?:passes|fails) its (?:liveness|readiness|startup) probe\b`)

// quotedNumberRE is a number in quotes.
var quotedNumberRE = regexp.MustCompile(`"(\d+)"`)

// unquotedCount is s's text with its quoted numbers unquoted where that
// is a step one phrase defines and parses, else "": a count written in
// quotes, as a name is (held-out set 51: `shows RESTARTS "1" within 35s`
// was told `"\"1\"" is not a count` and nothing more).
func unquotedCount(s *messages.PickleStep, defs []steps.Def) string {
	if !quotedNumberRE.MatchString(s.Text) {
		return ""
	}
	text := quotedNumberRE.ReplaceAllString(s.Text, "$1")
	var match *steps.Def
	for i := range defs {
		if defs[i].Matches(text) {
			if match != nil {
				return ""
			}
			match = &defs[i]
		}
	}
	if match == nil {
		return ""
	}
	if _, err := match.Parse(text, steps.ArgOf(s.Argument)); err != nil {
		return ""
	}
	return text
}
