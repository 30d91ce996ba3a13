package steps_test

import (
	"strings"
	"testing"
)

// features/language/ninety-fifth-drafts.feature: a crash loop's restart
// said in a window it does not come in, after its first exit and after
// its second; the node not under pressure said tainted.
var ninetyFifthFalseCopies = []falseCopy{
	{"the first restart said to wait", 11,
		`is restarted between 0s and 2s after its first exit`, `is restarted between 3s and 9s after its first exit`, `Restarted`, nil},
	{"the second restart said without its back-off", 11,
		`is restarted between 10s and 16s after its second exit`, `is restarted between 0s and 9s after its second exit`, `Restarted`, nil},
	{"the node without pressure said tainted", 24,
		`And node "worker-2" has no taint "node.kubernetes.io/memory-pressure:NoSchedule"`, `And node "worker-2" gets taint "node.kubernetes.io/memory-pressure:NoSchedule" between 0s and 60s`, `Taint`, nil},
}

func TestNinetyFifthDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/ninety-fifth-drafts.feature", ninetyFifthFalseCopies)
}

// TestThresholdOfANodeWhoseKubeletHasIt: held-out batch 15's wording of a
// node's threshold declares the node and its threshold (a bound that is
// not one is bad input at its line, as the phrase's other wordings say).
func TestThresholdOfANodeWhoseKubeletHasIt(t *testing.T) {
	for _, c := range []struct{ step, want string }{
		{`Given a node "pressure-a" whose kubelet has the hard eviction threshold "memory.available<200Mi"`, ""},
		{`Given a node "pressure-a" where the kubelet has the eviction threshold memory.available<10%`, ""},
		{`Given a node "pressure-a" whose kubelet has the hard eviction threshold "memory.available<lots"`, "x.feature:3:"},
	} {
		src := "Feature: x\n  Scenario: y\n    " + c.step + "\n    And a pod \"web\" on node \"pressure-a\"\n"
		got := strings.Join(lintErrors(t, "x.feature", src, "note:", "warning:"), "\n")
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: lint said %q, want %q", c.step, got, c.want)
		}
	}
}
