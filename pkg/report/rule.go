package report

import (
	"fmt"
	"strings"

	"github.com/podlife/podlife/pkg/fidelity"
)

// A failed expectation names the kubelet's rules behind it: its
// scenario's `@behavior:<id>` tags, each with its row of docs/fidelity.md
// (the rule the simulator applies, the Kubernetes source it models) and
// the address of that row. A reader then knows what the expectation
// pinned, and where the rule's source and live status are.

// behaviorTag is the prefix of the tags that name a behaviour.
const behaviorTag = "behavior:"

// Behaviors are the ids the scenario's @behavior: tags name, in order.
func (r *Result) Behaviors() []string {
	var ids []string
	for _, t := range r.Tags {
		if id, ok := strings.CutPrefix(t, behaviorTag); ok {
			ids = append(ids, id)
		}
	}
	return ids
}

// failedExpectation says whether the first failure is an expectation's
// (a Then step, or an And or But after one): a step of the setup or an
// action that failed (a manifest refused, a session that did not start)
// says nothing about a rule of the kubelet. A failure inside a step's doc
// string is at a line of its own: the step is the last one at or before
// it.
func (r *Result) failedExpectation() bool {
	if r.Failure == nil {
		return false
	}
	outcome := false
	for _, s := range r.Steps {
		if s.Line > r.Failure.Line {
			break
		}
		switch s.Keyword {
		case "Then":
			outcome = true
		case "Given", "When":
			outcome = false
		}
	}
	return outcome
}

// ruleLimit is how much of a rule's or a source's text a terminal gets:
// the table's longest cells run to a thousand characters, which the link
// leads to.
const ruleLimit = 300

// rulesText is what a failure says of the rules behind the scenario, from
// table: for each behaviour its id and link, its rule and its source; a
// line when the scenario names none, or names one the table lacks.
// indent begins each line.
func (r *Result) rulesText(table fidelity.Table, indent string) string {
	ids := r.Behaviors()
	var b strings.Builder
	if len(ids) == 0 {
		fmt.Fprintf(&b, "%srule behind it: none named (the scenario has no @behavior: tag; %s lists the kubelet's behaviours the simulator models)\n", indent, fidelity.Doc)
	}
	for _, id := range ids {
		bh, ok := table.Lookup(id)
		if !ok {
			fmt.Fprintf(&b, "%srule behind it: @behavior:%s, which %s does not list\n", indent, id, fidelity.Doc)
			continue
		}
		fmt.Fprintf(&b, "%srule behind it: %s, %s\n", indent, bh.ID, bh.Link())
		fmt.Fprintf(&b, "%s  %s\n", indent, clip(bh.Rule, ruleLimit))
		fmt.Fprintf(&b, "%s  Kubernetes source: %s\n", indent, clip(bh.Source, ruleLimit))
	}
	return b.String()
}

// clip cuts a text longer than limit at the end of a clause ("; ") or,
// failing one, a word before limit, and says it was cut.
func clip(s string, limit int) string {
	if len([]rune(s)) <= limit {
		return s
	}
	head := string([]rune(s)[:limit])
	if i := strings.LastIndex(head, "; "); i > limit/2 {
		head = head[:i]
	} else if i := strings.LastIndexByte(head, ' '); i > 0 {
		head = head[:i]
	}
	return strings.TrimRight(head, " ,;:") + " … (the rest in the row)"
}
