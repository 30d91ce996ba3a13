package report

import (
	"strings"
	"testing"

	"github.com/podlife/podlife/pkg/fidelity"
	"github.com/podlife/podlife/pkg/timeline"
)

// ruleTable is a behaviour table of two rows, one with a rule too long
// for a terminal.
func ruleTable(t *testing.T) fidelity.Table {
	t.Helper()
	long := "a first clause that says what the kubelet does" + strings.Repeat(", and more of it", 14) + "; then a second clause the terminal does not get"
	tab, problems := fidelity.Parse("| behaviour | rule | Kubernetes source | scenarios | live |\n| --- | --- | --- | --- | --- |\n" +
		"| <a id=\"grace-floor\"></a>grace-floor | every stop gets at least 2 s after SIGTERM | `kuberuntime_manager.go` killContainer | f | l |\n" +
		"| <a id=\"long-rule\"></a>long-rule | " + long + " | `pod_workers.go` completeWork | f | l |\n")
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	return tab
}

// TestRulesText: a failure names each behaviour its scenario's tags name,
// with its rule, its Kubernetes source and the link to its row; it says
// when the scenario names none, or names one the table lacks; a rule
// longer than a terminal takes is cut at a clause.
func TestRulesText(t *testing.T) {
	tab := ruleTable(t)
	const (
		floor = "  rule behind it: grace-floor, docs/fidelity.md#grace-floor\n" +
			"    every stop gets at least 2 s after SIGTERM\n" +
			"    Kubernetes source: `kuberuntime_manager.go` killContainer\n"
		long = "  rule behind it: long-rule, docs/fidelity.md#long-rule\n" +
			"    a first clause that says what the kubelet does, and more of it, and more of it, and more of it, and more of it, and more of it, " +
			"and more of it, and more of it, and more of it, and more of it, and more of it, and more of it, and more of it, and more of it, " +
			"and more of it … (the rest in the row)\n" +
			"    Kubernetes source: `pod_workers.go` completeWork\n"
	)
	cases := []struct {
		name string
		tags []string
		want string
	}{
		{"a behaviour of the table", []string{"termination", "behavior:grace-floor"}, floor},
		{"two behaviours, in the tags' order, a long rule cut at its clause", []string{"behavior:long-rule", "behavior:grace-floor"}, long + floor},
		{"no behaviour tag", []string{"termination"},
			"  rule behind it: none named (the scenario has no @behavior: tag; docs/fidelity.md lists the kubelet's behaviours the simulator models)\n"},
		{"a behaviour the table lacks", []string{"behavior:no-such-rule"},
			"  rule behind it: @behavior:no-such-rule, which docs/fidelity.md does not list\n"},
	}
	for _, tc := range cases {
		r := Result{Tags: tc.tags}
		if got := r.rulesText(tab, "  "); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}

// TestExplainNamesTheRuleOfAFailedExpectation: the console's failure
// block names the rule when an expectation failed, not when a step of
// the setup or an action did (a refused manifest says nothing of the
// kubelet).
func TestExplainNamesTheRuleOfAFailedExpectation(t *testing.T) {
	steps := []Step{
		{Keyword: "Given", Text: "a pod \"web\":", Line: 10, Status: "passed"}, // a doc string on lines 11-15
		{Keyword: "When", Text: "the pod \"web\" is deleted", Line: 16, Status: "passed"},
		{Keyword: "Then", Text: "container \"app\" receives SIGTERM at 3s", Line: 17, Status: "passed"},
		{Keyword: "And", Text: "the pod \"web\" is gone at 2s", Line: 18, Status: "failed"},
	}
	cases := []struct {
		name string
		line int // the failure's
		rule bool
	}{
		{"an expectation (an And after a Then)", 18, true},
		{"a step of the setup", 10, false},
		{"a line of the setup step's doc string", 13, false},
		{"an action", 16, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := result("sim", 8, Failed, graceful(0))
			r.Steps = steps
			r.Failure = &Failure{Line: tc.line, Step: "x", Message: "m"}
			got := strings.Contains(r.Explain(), "rule behind it: prestop-in-grace, docs/fidelity.md#prestop-in-grace\n")
			if got != tc.rule {
				t.Errorf("names the rule: %v, want %v:\n%s", got, tc.rule, r.Explain())
			}
		})
	}
}

// TestExplainFocusesTheTimeline: the failure block prints the timeline
// `podlife timeline` prints (the lifecycle, annotated) and says in one
// line how much bookkeeping it left out; ExplainAll (-v) prints every
// event, annotated too, and no such line.
func TestExplainFocusesTheTimeline(t *testing.T) {
	events := graceful(0)
	events = append(events[:1], append([]timeline.Event{
		{At: 0, Pod: "web", Kind: timeline.Condition, Reason: "PodScheduled", Status: "True"},
		{At: 0, Pod: "web", Kind: timeline.KubeEvent, Reason: "Scheduled", Message: "Successfully assigned podlife/web to worker-1"},
	}, events[1:]...)...)
	events = append(events, timeline.Event{At: 14 * s, Pod: "web", Kind: timeline.Condition, Reason: "Ready", Status: "False", Message: "PodFailed"})
	r := result("sim", 8, Failed, events)
	r.Failure = &Failure{Line: 13, Step: "Then the pod \"web\" is gone at 2s", Message: "expected gone at 2s\ngot it at 4s"}
	focused, all := r.Explain(), r.ExplainAll()
	for _, w := range []string{"PreStopDone           preStop ran 3s", "Deleted               pod gone",
		"  3 events of the API's bookkeeping left out (conditions, Kubernetes Events, scheduling, admission, the sandbox, Created): -v prints the whole timeline, as the report page does\n"} {
		if !strings.Contains(focused, w) {
			t.Errorf("the focused block lacks %q:\n%s", w, focused)
		}
	}
	if strings.Contains(focused, "Condition(") || strings.Contains(focused, "Event(Scheduled)") {
		t.Errorf("the focused block has the bookkeeping:\n%s", focused)
	}
	for _, w := range []string{"preStop ran 3s", "pod gone", "Condition(PodScheduled=True)", "Event(Scheduled)", "Condition(Ready=False)"} {
		if !strings.Contains(all, w) {
			t.Errorf("the whole block lacks %q:\n%s", w, all)
		}
	}
	if strings.Contains(all, "left out") {
		t.Errorf("the whole block says something was left out:\n%s", all)
	}
}
