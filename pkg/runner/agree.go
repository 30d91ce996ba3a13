package runner

import (
	"regexp"
	"strings"
)

// The hint ranks a phrase that speaks of the step's object and says the
// step's polarity above one near in words that does not (issue 38's fourth
// held-out set): `the job "j" is Failed within 60s` is about the job, not
// a pod of its name; `passes its readiness probe` is not `fails` it.

// disagreePenalty is what a phrase that names another kind of object, or
// says the opposite, costs: less than a word, so that it only orders
// phrases as near otherwise, and an exact phrase still wins.
const disagreePenalty = 1.0

// workloadRE finds the objects a text names with a quoted name, beyond
// pods and containers: the ones a pod's phrase is never about.
var (
	workloadRE = regexp.MustCompile(`\b(job|deployment|replica set|node)s? "`)
	podRE      = regexp.MustCompile(`\bpods? "`)
)

// opposites are pairs of word lists that say the opposite of each other:
// a probe or a check that passes or fails (a process that stops
// answering it, hangs), an object created or deleted.
var opposites = []map[string]bool{
	{"passes": true, "pass": true, "passing": true, "passed": true, "succeeds": true, "succeed": true, "succeeding": true,
		"fails": false, "fail": false, "failing": false, "failed": false, "stops": false, "hangs": false},
	{"created": true, "creates": true, "create": true, "deleted": false, "deletes": false, "delete": false},
}

// disagreement is what phrase costs for step for naming another kind of
// object than the step (a job's step, a pod's phrase, or the other way
// round) and for saying the opposite of it.
func disagreement(step, phrase string) float64 {
	step, phrase = unquoted(step), unquoted(phrase)
	cost := 0.0
	s, p := objectsOf(step), objectsOf(phrase)
	switch {
	case len(s) > 0 && !overlaps(s, p):
		// A job's step, a phrase of no job.
		cost += disagreePenalty
	case len(s) == 0 && len(p) > 0 && podRE.MatchString(step) && !podRE.MatchString(phrase):
		// A pod's step, a workload's phrase that names no pod.
		cost += disagreePenalty
	}
	for _, words := range opposites {
		if sp, ok := polarity(step, words); ok {
			if pp, ok := polarity(phrase, words); ok && pp != sp {
				cost += disagreePenalty
			}
		}
	}
	return cost
}

// unquoted is text with its quoted parts emptied: a message is no word of
// the step (`"Liveness probe failed"`), but the quote stays.
func unquoted(text string) string {
	var b strings.Builder
	in := false
	for _, r := range text {
		if r == '"' {
			in = !in
			b.WriteRune(r)
			continue
		}
		if !in {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func objectsOf(text string) map[string]bool {
	out := map[string]bool{}
	for _, m := range workloadRE.FindAllStringSubmatch(strings.ToLower(text), -1) {
		// A deployment's pods are its replica sets' (readIdioms).
		out[strings.Replace(m[1], "replica set", "deployment", 1)] = true
	}
	return out
}

func overlaps(a, b map[string]bool) bool {
	for k := range a {
		if b[k] {
			return true
		}
	}
	return false
}

// polarity is which of two opposites text says, when it says one of
// them only.
func polarity(text string, words map[string]bool) (yes, ok bool) {
	seen := map[bool]bool{}
	for _, w := range strings.Fields(strings.ToLower(text)) {
		if v, found := words[w]; found {
			seen[v] = true
		}
	}
	if len(seen) != 1 {
		return false, false
	}
	return seen[true], true
}
