package steps_test

import (
	"fmt"
	"strings"
	"testing"
)

// features/language/eighty-second-drafts.feature: a node's condition
// never taken fails on a copy naming the status the node took (its
// pressure) or the one it had from the start (DiskPressure False).
var eightySecondFalseCopies = []falseCopy{
	{"the pressure it took said never taken", 10,
		`never has condition "DiskPressure" "True"`, `never has condition "MemoryPressure" "True"`, `MemoryPressure=True`, nil},
	{"the status it had from the start said never had", 10,
		`never has condition "PIDPressure" "True"`, `never has condition "PIDPressure" "False"`, `PIDPressure=False`, nil},
	// Read right after the drop, before the eviction manager's pass, the
	// node has no pressure yet: the timeline's later change fails it.
	{"the pressure said never to come, read before it came", 10,
		`has condition "MemoryPressure" "True" within 30s`, `never has condition "MemoryPressure" "True"`, `never`, nil},
	// A node's events: another kind of pressure's event, a count it did
	// not reach, the event it had said absent, a message it lacks.
	{"the disk's event said recorded", 22,
		`an event "NodeHasInsufficientMemory" is recorded for node "worker-1"`, `an event "NodeHasDiskPressure" is recorded for node "worker-1"`, `NodeHasDiskPressure`, nil},
	{"the threshold event said recorded five times", 22,
		`an event "EvictionThresholdMet" is recorded for node "worker-1" within 30s`, `an event "EvictionThresholdMet" is recorded for node "worker-1" 5 times within 30s`, `5 times`, nil},
	{"the memory event said absent", 22,
		`no event "NodeHasDiskPressure" is recorded for node "worker-1"`, `no event "NodeHasInsufficientMemory" is recorded for node "worker-1"`, `NodeHasInsufficientMemory`, nil},
	{"a message the event lacks", 22,
		`with message containing "memory"`, `with message containing "disk"`, `disk`, nil},
	// A Deployment's pods by revision: the other revision's pod, one the
	// revision did not create, a revision that never was.
	{"the new revision's pod said to get the SIGTERM", 36,
		`the pod of revision 1 of deployment "web" receives SIGTERM within 3s`, `the pod of revision 2 of deployment "web" receives SIGTERM within 3s`, `SIGTERM`, nil},
	{"the old revision's pod said Running after the rollout", 36,
		`the first pod of revision 2 of deployment "web" is Running`, `the first pod of revision 1 of deployment "web" is Running`, `gone`, nil},
	{"a second pod of the new revision", 36,
		`the first pod of revision 2 of deployment "web" is Running`, `the second pod of revision 2 of deployment "web" is Running`, `created 1 pods`, nil},
	{"the old pod's delete said a second late", 36,
		`the pod of revision 1 is deleted at 3s`, `the pod of revision 1 is deleted between 4s and 5s`, `DeleteRequested`, nil},
	{"the old pod's delete said at the rollout's start", 36,
		`the pod of revision 1 is deleted at 3s`, `the pod of revision 1 is deleted at 0s`, `DeleteRequested`, nil},
	{"the new pod said gone", 36,
		`And the old pod is gone`, `And the new pod is gone`, `gone`, nil},
	{"the old pod said Ready", 36,
		`the new pod of deployment "web" is Ready`, `the old pod of deployment "web" is Ready`, `Ready`, nil},
	{"a third revision", 36,
		`the pod of revision 2 is Ready within 3s`, `the pod of revision 3 is Ready within 3s`, `has 2 revisions`, nil},
}

func TestEightySecondDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/eighty-second-drafts.feature", eightySecondFalseCopies)
}

// A pod by its revision with no deployment named is the scenario's one
// Deployment's; with two, or none, lint says so at the step's line.
func TestRevisionPodNamesItsDeployment(t *testing.T) {
	const src = `Feature: x
  Scenario: y
    Given a deployment "web" of 1 pod
    %s
    When the deployment "web" is restarted
    Then the pod of revision 2 is Ready within 3s
`
	cases := []struct{ second, want string }{
		{`And a deployment "api" of 1 pod`, `x.feature:6: a pod of revision 2 names no deployment, and the scenario declares 2 (web, api)`},
		{`And a pod "other"`, ``},
	}
	for _, c := range cases {
		got := strings.Join(lintErrors(t, "x.feature", fmt.Sprintf(src, c.second), "note:", "warning:"), "\n")
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("with %q: lint said %q, want %q", c.second, got, c.want)
		}
	}
}

// The old and the new pod are a workload's first and second: of one that
// runs one pod at a time, named or the scenario's only one.
func TestAgedPodNamesOneWorkloadOfOnePod(t *testing.T) {
	const src = `Feature: x
  Scenario: y
    Given a deployment "web" of %d pod
    %s
    When the deployment "web" is restarted
    Then the old pod is gone within 30s
`
	cases := []struct {
		pods         int
		second, want string
	}{
		{2, ``, `x.feature:6: the old pod of "web": it runs 2 pods at a time`},
		{1, `And a replica set "api" of 1 pod`, `x.feature:6: the old pod names no workload, and the scenario declares 2 ("api", "web")`},
		{1, `And a pod "other"`, ``},
	}
	for _, c := range cases {
		got := strings.Join(lintErrors(t, "x.feature", fmt.Sprintf(src, c.pods, c.second), "note:", "warning:"), "\n")
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%d pods, %q: lint said %q, want %q", c.pods, c.second, got, c.want)
		}
	}
}
