package steps

import (
	"regexp"
	"strings"
)

// Pod states in any case (issue 38's forty-fifth held-out set: `And the
// pod "node-agent" is running`, `pod "checkout" is running within 15s`):
// where a phrase takes a pod state or a pod's phase, the state written in
// another case means the state as the phrase lists it: `running` is
// Running, `ready` Ready, `not ready` and `notready` NotReady (where
// NotReady is accepted), `terminating` Terminating. The step is the one
// the listed spelling gives: its captures are read as that spelling
// before the phrase parses them. A container's states (`container "x" is
// running`, `is ready`) are another slot, of their own phrases, which
// this leaves as they are.

// stateSlots are the slots that take a pod's state or phase.
var stateSlots = map[string]bool{"pod state": true, "never state": true, "phase": true}

// stateCapture is a capture of a phrase that takes a pod state: its index
// among the captures, and the values its slot lists.
type stateCapture struct {
	at     int
	values []string
}

// stateWords are the words a phrase's pattern may list as pod states.
var stateWords = map[string]bool{"Running": true, "Pending": true, "Succeeded": true, "Failed": true, "Unknown": true,
	"Ready": true, "NotReady": true, "Terminating": true, "gone": true, "evicted": true, "scheduled": true}

// stateAltInPattern is a capture that lists words (`(Running|Pending|…)`),
// or a state as authors write it (`(not ready|not Ready|\S+)`).
var stateAltInPattern = regexp.MustCompile(`\(((?:[A-Za-z]+\|)+[A-Za-z]+|not ready\|not Ready\|\\S\+)\)`)

// fixedStates are pod states a phrase says in its own words, not in a
// slot: `the pod "a" is Ready before the pod "b"`, `the pod "x" is never
// Terminating`, `2 pods of replica set "web" are Ready`.
var fixedStates = strings.NewReplacer(
	` is Ready before `, ` is (?i:Ready) before `,
	` never Terminating`, ` never (?i:Terminating)`,
	` (?:is|are) Ready`, ` (?:is|are) (?i:Ready)`,
)

// anyCaseStates lets a phrase's pod states be written in any case: the
// states its pattern lists are matched ignoring case, and the captures
// of its state slots are read as the slot lists them (Parse).
func anyCaseStates(d Def) Def {
	if d.Family == "behaviour" {
		return d // a container's behaviour, which names no pod state
	}
	text := ExampleText(d.Example)
	m := d.Pattern.FindStringSubmatch(text)
	for _, s := range d.Slots {
		if !stateSlots[s.Name] || m == nil {
			continue
		}
		for i, c := range m[1:] {
			if c == s.Example {
				d.states = append(d.states, stateCapture{i, s.Values})
				break
			}
		}
	}
	src := d.Pattern.String()
	out := src
	if d.states != nil {
		out = stateAltInPattern.ReplaceAllStringFunc(out, func(g string) string {
			inner := g[1 : len(g)-1]
			if inner == `not ready|not Ready|\S+` {
				return `((?i:not ready)|\S+)`
			}
			for _, w := range strings.Split(inner, "|") {
				if !stateWords[w] {
					return g
				}
			}
			return `((?i:` + inner + `))`
		})
	}
	out = fixedStates.Replace(out)
	return d.repatterned(src, out)
}

// ExampleText is an example's step text: its first line, without its
// keyword (the reference, pkg/language, reads it too).
func ExampleText(example string) string {
	text, _, _ := strings.Cut(example, "\n")
	for _, kw := range []string{"Given ", "When ", "Then ", "And ", "But "} {
		if t, ok := strings.CutPrefix(text, kw); ok {
			return t
		}
	}
	return text
}

// canonicalState is a state as the slot lists it: v in another case, or
// `not ready` written apart, is the listed value it spells; another value
// is left for the phrase to refuse.
func canonicalState(v string, values []string) string {
	joined := strings.ReplaceAll(v, " ", "")
	for _, listed := range values {
		if v == listed {
			return v
		}
	}
	for _, listed := range values {
		if strings.EqualFold(v, listed) || strings.EqualFold(joined, listed) {
			return listed
		}
	}
	return v
}

// captures are the captures of text, which matches the phrase, with its
// state slots' values as the slots list them.
func (d Def) captures(m []string) []string {
	if d.states == nil && d.kinds == nil {
		return m
	}
	out := append([]string(nil), m...)
	for _, s := range d.states {
		out[s.at] = canonicalState(out[s.at], s.values)
	}
	for _, at := range d.kinds {
		out[at] = kindWords(out[at])
	}
	return out
}
