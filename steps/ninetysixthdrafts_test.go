package steps_test

import (
	"strings"
	"testing"
)

// features/language/ninety-sixth-drafts.feature: kubectl's words said of
// what the pod did not show, a kubectl delete whose grace the kill does
// not keep, an order of signals or evictions turned round, an exit's
// code or window it did not have.
var ninetySixthFalseCopies = []falseCopy{
	{"kubectl's STATUS said Running while it is Terminating", 13,
		`kubectl shows STATUS "Terminating" for pod "web" at 2s`, `kubectl shows STATUS "Running" for pod "web" at 2s`, `Running`, nil},
	{"the STATUS column said Running while it is Terminating", 13,
		`the STATUS column of pod "web" is "Terminating" at 4s`, `the STATUS column of pod "web" is "Running" at 4s`, `Running`, nil},
	{"the READY column said 0/1 of a ready pod", 13,
		`the READY column of pod "web" is "1/1" at 10s`, `the READY column of pod "web" is "0/1" at 10s`, `0/1`, nil},
	{"kubectl's grace period not the one the kill kept", 13,
		`When I run "kubectl delete pod web --grace-period=5"`, `When I run "kubectl delete pod web --grace-period=20"`, `SIGKILL`, []int{28}},
	{"a condition said False at an instant it is True", 13,
		`the pod "web" condition "PodScheduled" is "True" at 2s`, `the pod "web" condition "PodScheduled" is "False" at 2s`, `PodScheduled`, nil},
	{"the sidecars' order turned round", 31,
		`container "logger" receives SIGTERM before container "proxy"`, `container "proxy" receives SIGTERM before container "logger"`, `SIGTERM`, nil},
	{"an exit's window that misses it", 49,
		`Then container "app" exits with code 3 between 5s and 5.5s`, `Then container "app" exits with code 3 between 6s and 9s`, `got exit of container "app" at 5s`, nil},
	{"an exit's code it did not have", 49,
		`And container "app" terminates with exit code 3 between 5s and 5.5s`, `And container "app" terminates with exit code 4 between 4s and 7s`, `code 4`, nil},
	{"the evictions' order turned round", 57,
		`Then pod "steady" is evicted after pod "spiky"`, `Then pod "spiky" is evicted after pod "steady"`, `Evicted of pod "spiky" at 10s`, nil},
	{"a node's condition said gone while the pressure holds", 57,
		`And node "worker-1" still has condition "MemoryPressure" "True" at 40s`, `And node "worker-1" still has condition "MemoryPressure" "False" at 40s`, `MemoryPressure`, nil},
	{"the deleted pod's SIGKILL said before its grace ran out", 80,
		`And container "app" of the deleted pod receives SIGKILL at 30s`, `And container "app" of the deleted pod receives SIGKILL at 20s`, `SIGKILL`, nil},
	{"the deleted pod said gone before its SIGKILL", 80,
		`And the deleted pod is gone within 32s`, `And the deleted pod is gone within 20s`, `gone`, nil},
	{"an event a crash loop records said never recorded", 94,
		`And no "Killing" event is recorded for pod "crash"`, `And no "BackOff" event is recorded for pod "crash"`, `BackOff`, nil},
	{"a restart count said before the back-off let it come", 94,
		`And container "app" has restart count 2 at 25s`, `And container "app" has restart count 2 at 12s`, `restartCount 2`, nil},
}

// TestTheDeletedPod: `the deleted pod` is the pod of the last delete
// before the step, a workload's or a bare pod's, and bad input at its
// line when no pod was deleted before it.
func TestTheDeletedPod(t *testing.T) {
	for _, c := range []struct{ steps, want string }{
		{"Given a pod \"web\"\n    When the pod \"web\" is created\n    And the pod \"web\" is deleted\n    Then the deleted pod is gone within 35s\n", ""},
		{"Given a replica set \"rs\" of 2 pods\n    When the pods are created\n    And pod 2 of replica set \"rs\" is deleted\n    Then the deleted pod is gone within 35s\n", ""},
		{"Given a pod \"web\"\n    When the pod \"web\" is created\n    Then the deleted pod is gone within 35s\n", "x.feature:5: `the deleted pod` names no pod"},
	} {
		src := "Feature: x\n  Scenario: y\n    " + c.steps
		got := strings.Join(lintErrors(t, "x.feature", src, "note:", "warning:"), "\n")
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%q: lint said %q, want %q", c.steps, got, c.want)
		}
	}
}

func TestNinetySixthDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/ninety-sixth-drafts.feature", ninetySixthFalseCopies)
}

// TestKubectlCommands: the kubectl commands a step takes are read as
// kubectl reads them, and any other is bad input at its line that says
// what is taken.
func TestKubectlCommands(t *testing.T) {
	const pod = "    And a pod \"web\"\n"
	for _, c := range []struct{ step, want string }{
		{`When I run "kubectl delete pod web"`, ""},
		{`When I run "kubectl delete pod/web --now"`, ""},
		{`When I run "kubectl delete pods web --force --grace-period=0"`, ""},
		{`When I run "kubectl delete pod web --now --grace-period=3"`, "cannot be specified together"},
		{`When I run "kubectl delete pod web --cascade=orphan"`, "is not one of"},
		{`When I run "kubectl delete deployment web"`, "one pod here"},
		{`When I run "kubectl scale deployment web --replicas=3"`, "kubectl scale is not a command podlife runs"},
		{`When I run "kubectl drain worker-1 --ignore-daemonsets --timeout=60s"`, ""},
		{`When I run "kubectl drain worker-1 --pod-selector=app=web"`, "is not one of"},
		{`When I run "kubectl cordon worker-1"`, ""},
		{`When I run "kubectl cordon"`, "takes one node"},
	} {
		src := "Feature: x\n  Scenario: y\n    Given a node \"worker-1\"\n" + pod + "    " + c.step + "\n"
		got := strings.Join(lintErrors(t, "x.feature", src, "note:", "warning:"), "\n")
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) || (c.want != "" && !strings.Contains(got, "x.feature:5:")) {
			t.Errorf("%s: lint said %q, want %q at line 5", c.step, got, c.want)
		}
	}
}
