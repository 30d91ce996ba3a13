package steps_test

import (
	"strings"
	"testing"

	"github.com/podlife/podlife/pkg/report"
)

// The phrases of issue 38's held-out sets 72 to 76
// (features/language/seventy-second-drafts.feature): holds over a window
// that need not begin at t=0, kubectl's STATUS held, timed events said
// with their message, a start counted by ordinal, an exit code before its
// reason. The scenarios pass on the simulator; a copy with one step made
// false fails at that step.

const seventySecondDrafts = "../features/language/seventy-second-drafts.feature"

var seventySecondFalseCopies = []falseCopy{
	{"not ready through the probe that made it ready", 11,
		`pod "web" is not Ready throughout 0s to 10s`, `pod "web" is not Ready throughout 0s to 11s`, `NotReady`, nil},
	{"not ready through a longer first stretch", 11,
		`is not Ready throughout the first 10s`, `is not Ready throughout the first 12s`, `NotReady`, nil},
	{"not ready at the instant it became ready", 11,
		`the pod "web" is not Ready at 9s`, `the pod "web" is not Ready at 10s`, `Ready`, nil},
	{"ready from before the first probe", 11,
		`the pod "web" is Ready throughout 11s to 30s`, `the pod "web" is Ready throughout 9s to 30s`, `Ready`, nil},
	{"the container not ready past its readiness", 11,
		`container "app" stays not ready between 1s and 10s`, `container "app" stays not ready between 1s and 11s`, `not ready`, nil},
	{"a STATUS it had left held", 11,
		`STATUS stays "Running" between 1s and 30s`, `STATUS stays "ContainerCreating" between 1s and 30s`, `STATUS Running`, nil},
	{"a phase it never had held", 11,
		`the pod "web" remains NotReady until 10s`, `the pod "web" remains NotReady until 12s`, `NotReady`, nil},
	{"the first Unhealthy a second late", 40,
		`with message "Liveness probe failed" is recorded for pod "web" between 30s and 31s`, `with message "Liveness probe failed" is recorded for pod "web" between 31s and 32s`, `Unhealthy`, nil},
	{"the kill's event by a deadline before it", 40,
		`will be restarted" within 51s`, `will be restarted" within 49s`, `Killing`, nil},
	{"the kill's event said with another message", 40,
		`with message "Container app failed liveness probe, will be restarted" within 51s`, `with message "Container app failed startup probe, will be restarted" within 51s`, `Killing`, nil},
	{"the kill's event containing its text, late", 40,
		`is recorded for pod "web" between 50s and 51s`, `is recorded for pod "web" between 51s and 52s`, `Killing`, nil},
	{"the second start before the kill", 40,
		`starts for the 2nd time at 50s`, `starts for the 2nd time at 48s`, `restart`, nil},
	{"the third start that never came", 40,
		`starts for the 2nd time at 50s`, `starts for the 3rd time at 50s`, `restart`, nil},
	{"the first start said late", 40,
		`container "app" is started within 1s`, `container "app" starts for the 2nd time within 1s`, `restart`, nil},
	{"the OOM kill a second late", 61,
		`exit code 137 and reason "OOMKilled" at 4s`, `exit code 137 and reason "OOMKilled" at 5s`, `137`, nil},
	{"the OOM kill said with SIGTERM's code", 61,
		`reason "OOMKilled" and exit code 137 at 4s`, `reason "OOMKilled" and exit code 143 at 4s`, `143`, nil},
	{"the start said later", 61,
		`container "app" is started between 0s and 1s`, `container "app" is started between 2s and 3s`, `Started`, nil},
	{"no Unhealthy event by a bound past the first", 40,
		`no event "Unhealthy" is recorded for pod "web" before 30s`, `no event "Unhealthy" is recorded for pod "web" before 31s`, `Unhealthy`, nil},
	{"no kill's event by a bound past it", 40,
		`failed liveness probe" is recorded for pod "web" within 50s`, `failed liveness probe" is recorded for pod "web" within 51s`, `Killing`, nil},
	{"the Job's failure said later", 79,
		`fails with reason "DeadlineExceeded" between 20s and 23s`, `fails with reason "DeadlineExceeded" between 22s and 25s`, `Failed`, nil},
	{"the Job's failure said at an instant before it", 79,
		`fails with reason "DeadlineExceeded" between 20s and 23s`, `fails with reason "DeadlineExceeded" at 20s`, `Failed`, nil},
	{"the Job's failure with another reason", 79,
		`fails with reason "DeadlineExceeded" between 20s and 23s`, `fails with reason "BackoffLimitExceeded" between 20s and 23s`, `BackoffLimitExceeded`, nil},
	{"the cordoned node said schedulable", 97,
		`STATUS is "Ready,SchedulingDisabled" within 1s`, `STATUS is "Ready" within 1s`, `SchedulingDisabled`, nil},
	{"the uncordoned node said NotReady", 97,
		`node "worker-1" STATUS is "Ready" within 1s`, `node "worker-1" STATUS is "NotReady" within 1s`, `Ready`, nil},
	{"READY said ready before the first probe", 108,
		`shows READY "0/1" and STATUS "Running" at 5s`, `shows READY "1/1" and STATUS "Running" at 5s`, `READY 0/1`, nil},
	{"STATUS said with READY, wrong", 108,
		`shows READY "1/1" and STATUS "Running" within 15s`, `shows READY "1/1" and STATUS "Completed" within 15s`, `Completed`, []int{125, 126}},
	{"READY and STATUS now, wrong", 108,
		`with READY "1/1" and STATUS "Running"`, `with READY "0/1" and STATUS "Running"`, `0/1`, nil},
	{"not ready past its first probe", 108,
		`pod "web" is not Ready from 0s to 10s`, `pod "web" is not Ready from 0s to 11s`, `NotReady`, nil},
	{"a phase it left held", 108,
		`phase is Running from 1s to 30s`, `phase is Pending from 1s to 30s`, `Pending`, nil},
	{"a running container said waiting", 108,
		`container "app" is running from 0s to 5s`, `container "app" is waiting from 0s to 5s`, `waiting`, nil},
	{"a running container said to keep waiting", 108,
		`container "app" keeps running until 20s`, `container "app" keeps waiting until 20s`, `waiting`, nil},
	{"serving sooner than the readiness said", 134,
		`container "app" takes 42s to start serving`, `container "app" takes 12s to start serving`, `NotReady`, []int{157}},
	{"ready before the startup probe passed", 134,
		`becomes Ready within 50s`, `becomes Ready within 40s`, `Ready`, nil},
	{"the drain said to fail with another message", 162,
		`fails with "cannot delete Pods that declare no controller" within 1s`, `fails with "cannot delete DaemonSet-managed Pods" within 1s`, `DaemonSet`, nil},
	{"the forced drain said to end before its pod", 162,
		`the drain completes at 5s`, `the drain completes at 3s`, `completes at 3s`, nil},
	{"the forced drain said to fail", 162,
		`the drain completes at 5s`, `the drain fails with "cannot delete" within 6s`, `fails`, nil},
}

func TestSeventySecondDraftsPass(t *testing.T) { checkScenariosPass(t, seventySecondDrafts, 8) }

func TestSeventySecondDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, seventySecondDrafts, seventySecondFalseCopies)
}

// TestTheDrainNeedsOneDrainedNode: `the drain` before any drain, and
// after drains of two nodes, is an error that says which it could be.
func TestTheDrainNeedsOneDrainedNode(t *testing.T) {
	const src = `@needs:node-lifecycle
Feature: f
  Scenario: s
    Given a node "a" with 2 CPU, 1Gi memory and 110 pods
    And a node "b" with 2 CPU, 1Gi memory and 110 pods
    When node "a" is drained
    And node "b" is drained
    Then the drain completes within 5s
`
	res := runFileAt(t, "two.feature", src, 3)
	if res.Status == report.Passed {
		t.Fatalf("the drain after two drains: passed, want an error")
	}
	var msg string
	for _, s := range res.Steps {
		if s.Line == 8 {
			msg = s.Error
		}
	}
	if !strings.Contains(msg, "drained 2 nodes (a, b)") {
		t.Errorf("line 8 says %q, want it to name the two drained nodes", msg)
	}
}
