package steps_test

import "testing"

// features/language/ninety-seventh-drafts.feature: a waiting message the
// back-off did not show, an event of the other type, a count of starts
// one off, a plural of which one pod does otherwise.
var ninetySeventhFalseCopies = []falseCopy{
	{"a waiting message of a later back-off step", 12,
		`Then container "app" is waiting with reason "CrashLoopBackOff" and message containing "back-off 10s" within 20s`, `Then container "app" is waiting with reason "CrashLoopBackOff" and message containing "back-off 40s" within 20s`, `back-off 40s`, nil},
	{"a waiting message of an earlier step, said at the later one's time", 12,
		`And container "app" is waiting with message containing "back-off 20s" within 50s`, `And container "app" is waiting with message containing "back-off 20s!" within 50s`, `back-off 20s!`, nil},
	{"the STATUS column said of another status", 12,
		`And the STATUS column of pod "crash" is "CrashLoopBackOff" within 20s`, `And the STATUS column of pod "crash" is "Completed" within 20s`, `Completed`, nil},
	{"a Warning event said Normal", 12,
		`And the pod "crash" gets a Warning event "BackOff" with message containing "Back-off restarting failed container app"`, `And the pod "crash" gets a Normal event "BackOff" with message containing "Back-off restarting failed container app"`, `Normal event "BackOff"`, nil},
	{"a Normal event said Warning", 12,
		`And a Normal event "Started" is recorded for container "app"`, `And a Warning event "Started" is recorded for container "app"`, `Warning event "Started"`, nil},
	{"no Normal event said of one recorded", 12,
		`And no Warning event "Started" is recorded for pod "crash"`, `And no Normal event "Started" is recorded for pod "crash"`, `Started`, nil},
	{"no event of a message recorded", 12,
		`And no event with message containing "Liveness probe failed" is recorded for pod "crash"`, `And no event with message containing "Back-off restarting" is recorded for pod "crash"`, `Back-off restarting`, nil},
	{"one start more than it made", 12,
		`Then container "app" starts 4 times`, `Then container "app" starts 5 times`, `started 5 times`, nil},
	{"a plural state one pod does not have", 44,
		`Then the pods "a" and "b" are Running`, `Then the pods "a" and "b" are Succeeded`, `Succeeded`, nil},
	{"a plural deadline one pod misses", 44,
		`And kubectl shows STATUS "Completed" for pods "a" and "b" within 10s`, `And kubectl shows STATUS "Completed" for pods "a" and "b" within 4s`, `for pod "b"`, nil},
	{"a plural exit code neither has", 44,
		`And container "app" of pods "a" and "b" exits with code 0`, `And container "app" of pods "a" and "b" exits with code 1`, `code 1`, nil},
	{"every pod said Ready where one is not yet", 71,
		`Then the pods are running within 15s`, `Then the pods are ready within 15s`, `the pod "b"`, nil},
	{"a container said not ready at an instant it is", 71,
		`And container "app" of pod "b" is not ready at 10s`, `And container "app" of pod "b" is not ready at 30s`, `ready`, nil},
	{"READY said of an instant before the probe passed", 71,
		`And kubectl shows pod "b" with READY "1/1" and RESTARTS "0" at 40s`, `And kubectl shows pod "b" with READY "1/1" and RESTARTS "0" at 15s`, `READY`, nil},
	{"RESTARTS said one more", 71,
		`And kubectl shows pod "b" with READY "0/1" and RESTARTS "0" at 12s`, `And kubectl shows pod "b" with READY "0/1" and RESTARTS "1" at 12s`, `RESTARTS`, nil},
	{"a rollout said done before it was", 95,
		`Then the rollout of deployment "web" completes between 8s and 20s`, `Then the rollout of deployment "web" completes between 1s and 5s`, `rollout`, nil},
	{"a rollout said not done by a time it was", 95,
		`Then the rollout of deployment "web" completes between 8s and 20s`, `Then the rollout of deployment "web" completes between 20s and 30s`, `rollout`, nil},
	{"a Job's counts swapped", 117,
		`And the job "batch" has 3 succeeded pods and 0 failed pods`, `And the job "batch" has 0 succeeded pods and 3 failed pods`, `failed`, nil},
}

func TestNinetySeventhDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/ninety-seventh-drafts.feature", ninetySeventhFalseCopies)
}
