package steps_test

import (
	"strings"
	"testing"
)

// features/language/ninety-fourth-drafts.feature: a deployment's one pod
// said gone sooner than its exit; a stateful set's pods said ready sooner
// than one after another; a deployment's pods on the node miscounted;
// a node said unschedulable before its drain; the drain's grace said
// longer than the kill it brings.
var ninetyFourthFalseCopies = []falseCopy{
	{"the deployment's pod said gone before its exit", 13,
		`And the pod of deployment "gateway" is gone within 4s`, `And the pod of deployment "gateway" is gone within 1s`, `gone`, nil},
	{"the stateful set's pods said ready at once", 24,
		`are ready within 20s`, `are ready within 5s`, `ready`, []int{28, 29}},
	{"the deployment's ready pods on the node miscounted", 32,
		`Then all 2 pods of deployment "reports" are Ready on node "worker-1"`, `Then all 3 pods of deployment "reports" are Ready on node "worker-1"`, `3 ready pods`, nil},
	{"the deployment's pods on the node miscounted", 32,
		`And 2 pods of deployment "reports" are on node "worker-1"`, `And 1 pod of deployment "reports" is on node "worker-1"`, `1 pod`, nil},
	{"the node said unschedulable before its drain", 32,
		`And node "worker-1" is schedulable within 1s`, `And node "worker-1" is unschedulable within 1s`, `unschedulable`, nil},
	{"the drain's grace said 10 s", 32,
		`is drained with grace period 5s and timeout 30s`, `is drained with grace period 10s and timeout 30s`, `SIGKILL`, []int{42, 43}},
}

func TestNinetyFourthDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/ninety-fourth-drafts.feature", ninetyFourthFalseCopies)
}

// TestThePodOfAWorkloadOfSeveral: `the pod of deployment "x"` names the
// deployment's one pod; said of a deployment or replica set of several it
// is bad input at its line, which says how to name one.
func TestThePodOfAWorkloadOfSeveral(t *testing.T) {
	for _, c := range []struct{ decl, step string }{
		{`Given a deployment "web" of 3 pods`, `Then the pod of deployment "web" is Ready within 5s`},
		{`Given a replica set "web" of 2 pods`, `When the pod of replica set "web" is deleted`},
		{`Given a deployment "web" of 2 pods`, `Then container "app" of the pod of deployment "web" receives SIGTERM`},
	} {
		src := "Feature: x\n  Scenario: y\n    " + c.decl + "\n    When the pods are created\n    " + c.step + "\n"
		got := strings.Join(lintErrors(t, "x.feature", src, "note:", "warning:"), "\n")
		if !strings.Contains(got, "x.feature:5:") || !strings.Contains(got, "so `the pod` does not say which") {
			t.Errorf("%s: lint said %q, want line 5 saying the pod does not say which", c.step, got)
		}
	}
}

// TestDrainWordsBadGrace: a drain's grace period that is not whole
// seconds (kubectl's --grace-period) is bad input at its line.
func TestDrainWordsBadGrace(t *testing.T) {
	src := "Feature: x\n  Scenario: y\n    Given a node \"worker-1\"\n    When node \"worker-1\" is drained with grace period 1500ms\n"
	got := strings.Join(lintErrors(t, "x.feature", src, "note:", "warning:"), "\n")
	if !strings.Contains(got, "x.feature:4:") || !strings.Contains(got, "whole seconds") {
		t.Errorf("lint said %q, want line 4 saying a grace period is whole seconds", got)
	}
}
