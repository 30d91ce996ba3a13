package runner

import (
	"regexp"
	"strings"

	"github.com/podlife/podlife/steps"
)

// Issue 38's sixth held-out set: a hint never offers the opposite of what
// the step says (`does not receive SIGTERM before 5s` was hinted `receives
// SIGTERM within 5s`), names a container by its role as the language's
// phrases do (`the sidecar "log-shipper"` is `container "log-shipper"`,
// not `the pod "log-shipper"`), and a step whose idioms read as a phrase
// of its kind gets that phrase.

// polarityPenalty is what a phrase that says the step's opposite costs:
// more than a phrase of another kind (kindPenalty), so that a phrase of
// the step's polarity wins whenever one is near at all.
const polarityPenalty = 4.0

// negationRE finds a negation outside quotes, as the step's idioms read it
// (`doesn't` is `not`, `can't` is `cannot`).
var negationRE = regexp.MustCompile(`(?i)\b(not|never|no|cannot|none|nothing|neither|nor)\b`)

// negative says whether text, outside its quotes, negates.
func negative(text string) bool {
	return negationRE.MatchString(unquoted(text))
}

// polarityCost is what phrase costs for a step that negates (neg) or not.
func polarityCost(neg bool, phrase string) float64 {
	if negative(phrase) != neg {
		return polarityPenalty
	}
	return 0
}

// roleNouns are a container named by its role, before its name: the
// phrases' `container "x"` (`init container "x"` keeps its word, which
// the phrases take).
var roleNouns = []idiom{
	{regexp.MustCompile(`\b(?:the |a |its )?(?:sidecar|side-car)(?: container)?\s*$`), "container ", ""},
	{regexp.MustCompile(`\b(?:the |its )?(?:app|main|application|primary|workload) container\s*$`), "container ", ""},
	{regexp.MustCompile(`\b(?:the |its )init[- ]container\s*$`), "init container ", ""},
}

// notBeforeRE is an event of a container said not to come before a time,
// in other words than the phrases'; read as the phrase of its event.
var notBeforeRE = regexp.MustCompile(`(?i)^((?:init )?container "[^"]*"(?: of pod "[^"]*")?) (?:(?:does|do|did|will|should|is|was|gets?) not|doesn't|didn't|won't|shouldn't|isn't|wasn't|never) (?:be |get |gets |getting )?(sig[a-z]+|restarted|restarts?|started|starts?|running|runs?|exited|exits?|terminated|terminates?|stopped|stops?)( sig[a-z]+)? (?:before|until|earlier than|within|in|during the first|in the first) (\S+)$`)

// notBefore writes notBeforeRE's match as its phrase.
func notBefore(text string) string {
	m := notBeforeRE.FindStringSubmatch(text)
	if m == nil {
		return text
	}
	verb, sig := strings.ToLower(m[2]), strings.ToUpper(strings.TrimSpace(m[3]))
	switch {
	case strings.HasPrefix(verb, "sig"):
		return m[1] + " does not receive " + strings.ToUpper(verb) + " before " + m[4]
	case sig != "":
		return m[1] + " does not receive " + sig + " before " + m[4]
	case strings.HasPrefix(verb, "restart"):
		return m[1] + " is not restarted before " + m[4]
	case strings.HasPrefix(verb, "start"), strings.HasPrefix(verb, "run"):
		return m[1] + " does not start before " + m[4]
	}
	return m[1] + " does not exit before " + m[4]
}

// probeUntilRE is a readiness probe said to fail until a time, which the
// phrases say as the container becoming ready after it (its probe fails
// before): `until` is the opposite of the `after` of `fails its readiness
// probe after D`.
// hookEndRE is a hook's end in other words than `finishes`.
var hookEndRE = regexp.MustCompile(`(?i)^(the (?:postStart|preStop) hook of (?:init )?container "[^"]*"(?: of pod "[^"]*")?) (?:ends|returns|completes|is done|is over|has completed|has finished|has returned|is finished|is complete|is completed)\b`)

// hookCutRE is a preStop hook said stopped before its end in other
// words than `is cut short` (issue 38's twelfth held-out set: `the
// preStop hook gets cut short after 2s` was hinted `… starts within 2s`,
// `is killed at 2s` `finishes at 2s`): $2 says `interrupted`, kept.
var hookCutRE = regexp.MustCompile(`(?i)^(the preStop hook(?: of (?:init )?container "[^"]*"(?: of pod "[^"]*")?)?) (?:gets|is|was|got|should be|will be) (?:(interrupted)|cut short|cut off|killed|aborted|terminated|stopped|truncated)\b`)

// hookNotDoneRE is a preStop hook said not to run to its end: cut short.
var hookNotDoneRE = regexp.MustCompile(`(?i)^(the preStop hook(?: of (?:init )?container "[^"]*"(?: of pod "[^"]*")?)?) (?:does not|doesn't|never|did not|cannot|can't) (?:finish|complete|end|return|run to (?:its )?(?:end|completion))(?:es|s)?\b`)

// unschedulableRE is a node's spec.unschedulable said as its field.
var unschedulableRE = regexp.MustCompile(`(?i)^((?:the )?node(?: "[^"]*")?) (?:has|shows) (?:spec\.)?unschedulable(?: (?:set|true|set to true|=\s*true|: true))?$`)

var probeUntilRE = regexp.MustCompile(`(?i)^((?:init )?container "[^"]*"(?: of pod "[^"]*")?) (?:fails|is failing|keeps failing) its readiness(?: probe)?(?: checks?)? (?:until|for the first|during the first|up to) (\S+)$`)

// unschedulableUnderPressureRE is a node's pressure said by what it does
// to new pods: the scheduler keeps them off by the node's pressure taint,
// which the node gets with the condition.
var unschedulableUnderPressureRE = regexp.MustCompile(`(?i)^(?:a |any |the |new |other )*pods? (?:cannot|can not|is not|are not|won't|will not|may not) (?:be )?scheduled (?:on|to|onto) (the node|node "[^"]*") (?:while|when|as long as|whilst) (?:it is|it's|the node is) under (?:(memory|disk|pid) )?pressure$`)

func underPressureTaint(text string) string {
	m := unschedulableUnderPressureRE.FindStringSubmatch(text)
	pressure := strings.ToLower(m[2])
	if pressure == "" {
		pressure = "memory" // the pressure the language's action makes
	}
	return m[1] + ` has taint "node.kubernetes.io/` + pressure + `-pressure:NoSchedule"`
}

// definedForm is the step read by its idioms (not as written, nor in
// the other forms the comparison tries), when that is a phrase of the
// step's kind (a Given may state an expectation) that reads without error
// and the step as written is none: the idioms said what the step means
// in the phrase's words, so that phrase is the hint, as it stands.
func (v *vocabulary) definedForm(forms []form, text string, k steps.StepType, known bool) (string, bool) {
	base := forms[0].text
	if base == text {
		return "", false
	}
	seen := map[*steps.Def]bool{}
	found := ""
	for _, c := range v.candidates {
		if seen[c.def] {
			continue
		}
		seen[c.def] = true
		if c.def.Matches(text) {
			return "", false // a phrase as written: the comparison says how near
		}
		if found == "" && c.def.Matches(base) && (!known || kindCost(k, c.kind) < kindPenalty) {
			if _, err := c.def.Parse(base, steps.Arg{}); err == nil {
				found = numberAgrees(base, c.def) // `1 restart`, as an idiom may not say it
			}
		}
	}
	return found, found != ""
}

// beforeQuotes replaces the idioms' matches in the parts of text that end
// where a quoted name begins.
func beforeQuotes(text string, list []idiom) string {
	parts := strings.Split(text, `"`)
	for i := 0; i+1 < len(parts); i += 2 {
		for _, id := range list {
			parts[i] = replaceFold(id.re, parts[i], id.to)
		}
	}
	return strings.Join(parts, `"`)
}

// timeClause is a time bound that ends a step: `at 5s`, `within 1m`,
// `between 40s and 42s`, `before 10s`, `after 3s`.
var timeClause = regexp.MustCompile(`(?i)\s+(?:at|within|between|before|after|by|until|in)\s+\d\S*(?:\s+and\s+\d\S*)?\s*$`)

// predicate is what a timed step says of its last subject (a name with
// what it names), its time bound cut: `becomes ready` of `container "app" becomes ready between 40s and
// 42s`; "" when the text ends with no time bound.
func predicate(text string) string {
	loc := timeClause.FindStringIndex(text)
	if loc == nil {
		return ""
	}
	head := text[:loc[0]]
	if m := subjectName.FindAllStringIndex(head, -1); m != nil {
		head = head[m[len(m)-1][1]:]
	}
	return strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(head, `"`, "")), " "))
}

// subjectName is a name said with what it names: what a step says of it
// follows the last one.
var subjectName = regexp.MustCompile(`(?i)\b(?:pod|container|node|set|deployment|job|budget|PDB|sidecar) "[^"]*"`)

// sameVerb is what a phrase saying what the step says, with another time
// bound, gains: the same verb matters more than the same time shape
// (`container "app" becomes ready between 40s and 42s`, where only
// `becomes ready at T` were a phrase, is that, not `is restarted between
// 40s and 42s`).
const sameVerb = 0.8

// The step's bound must be an interval (`between A and B`, `within D`):
// `is running at T` is a state at an instant (`is still running at T`),
// not the verb's coming by T.
func verbCost(step, phrase string) float64 {
	p := predicate(step)
	if p == "" || p != predicate(phrase) || !intervalClause.MatchString(step) {
		return 0
	}
	return -sameVerb
}

var intervalClause = regexp.MustCompile(`(?i)\s(?:within|between)\s+\d\S*(?:\s+and\s+\d\S*)?\s*$`)
