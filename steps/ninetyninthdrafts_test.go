package steps_test

import "testing"

// features/language/ninety-ninth-drafts.feature: a state timed from an
// exit that held only before it, or with the back-off of another exit; a
// probe said to fail for a time it did not; a node's event of the other
// type; a status field one more than the Job has.
var ninetyNinthFalseCopies = []falseCopy{
	{"READY and RESTARTS as they stood before the exit", 14,
		`Then kubectl shows pod "web" with STATUS "Running", READY "1/1" and RESTARTS "1" within 3s of its 1st exit`, `Then kubectl shows pod "web" with STATUS "Running", READY "1/1" and RESTARTS "0" within 3s of its 1st exit`, `RESTARTS 0 between 0s and 3s`, nil},
	{"the first restart's row said to come before the exit", 14,
		`Then kubectl shows pod "web" with STATUS "Running", READY "1/1" and RESTARTS "1" within 3s of its 1st exit`, `Then kubectl shows pod "web" with STATUS "Running", READY "1/1" and RESTARTS "1" between 2s and 3s after its 1st exit`, `it came at`, nil},
	{"the second exit's back-off said of the first", 14,
		`And container "app" is waiting with reason "CrashLoopBackOff" and message containing "back-off 10s" after its 2nd exit`, `And container "app" is waiting with reason "CrashLoopBackOff" and message containing "back-off 20s" after its 2nd exit`, `back-off 20s`, nil},
	{"a restart count one less than the column shows", 14,
		`And kubectl shows pod "web" with STATUS "Running" and RESTARTS "2" after its 3rd start`, `And kubectl shows pod "web" with STATUS "Running" and RESTARTS "1" after its 3rd start`, `RESTARTS 1`, nil},
	{"READY said of a restarted container before it came back", 14,
		`And the pod "web" shows READY "1/1" and STATUS "Running" between 0s and 1s after its 3rd start`, `And the pod "web" shows READY "1/1" and STATUS "Running" between 0s and 1s after its 3rd exit`, `READY 1/1`, nil},
	{"the last termination's code of another exit", 14,
		`And container "app" has restartCount 3 and last state terminated with reason "Error" and exit code 1`, `And container "app" has restartCount 3 and last state terminated with reason "Error" and exit code 137`, `137`, nil},
	{"a restart count the loop has not reached", 14,
		`And container "app" has restartCount 3 and last state terminated with reason "Error" and exit code 1`, `And container "app" has restartCount 9 and last state terminated with reason "Error" and exit code 1`, `restartCount 9`, nil},
	{"a liveness kill said with the exit code of SIGKILL", 28,
		`And container "app" has restartCount 1 and last state terminated with reason "Error" and exit code 143`, `And container "app" has restartCount 1 and last state terminated with reason "Error" and exit code 137`, `137`, nil},
	{"a container said ready before its startup probe passed", 28,
		`And container "slow" becomes ready between 7500ms and 8500ms`, `And container "slow" becomes ready between 0s and 6s`, `Ready of container "slow" within 6s`, nil},
	{"an eviction's phase with another reason", 52,
		`Then the pod "hog" has phase "Failed" and reason "Evicted" within 30s`, `Then the pod "hog" has phase "Failed" and reason "OutOfmemory" within 30s`, `OutOfmemory`, nil},
	{"the eviction manager's event said Normal", 52,
		`And node "n1" has a Warning event "EvictionThresholdMet" with message "Attempting to reclaim memory"`, `And node "n1" has a Normal event "EvictionThresholdMet" with message "Attempting to reclaim memory"`, `Normal event "EvictionThresholdMet"`, nil},
	{"the eviction manager's message by words from its middle", 52,
		`And node "n1" has a Warning event "EvictionThresholdMet" with message "Attempting to reclaim memory"`, `And node "n1" has a Warning event "EvictionThresholdMet" with message "to reclaim memory"`, `beginning "to reclaim memory"`, nil},
	{"the node status event said Warning", 52,
		`And node "n1" has a Normal event "NodeHasInsufficientMemory"`, `And node "n1" has a Warning event "NodeHasInsufficientMemory"`, `Warning event "NodeHasInsufficientMemory"`, nil},
	{"the eviction's message by words from its middle", 52,
		`And the pod "hog" has message starting with "The node was low on resource: memory. "`, `And the pod "hog" has message starting with "low on resource: memory. "`, `message beginning "low on resource`, nil},
	{"the eviction's message said of disk", 52,
		`And the pod "hog" has message starting with "The node was low on resource: memory. "`, `And the pod "hog" has message starting with "The node was low on resource: ephemeral-storage. "`, `ephemeral-storage`, nil},
	{"phase, reason and a message the eviction did not give", 52,
		`And the pod "hog" has phase "Failed", reason "Evicted" and message containing "has larger consumption of memory"`, `And the pod "hog" has phase "Failed", reason "Evicted" and message containing "exceeds the limit"`, `exceeds the limit`, nil},
	{"one succeeded pod more than the completions", 65,
		`Then job "batch" has status.succeeded 2 within 10s`, `Then job "batch" has status.succeeded 3 within 10s`, `3`, nil},
	{"a failure the Job did not have", 65,
		`And job "batch" has status.failed 0`, `And job "batch" has status.failed 1`, `1`, nil},
	{"the Job said Failed", 65,
		`And job "batch" has condition Complete "True" within 12s`, `And job "batch" has condition Failed "True" within 12s`, `Failed`, nil},
	{"the Killing event said a second late", 84,
		`Then a Normal event "Killing" with message "Stopping container app" is recorded for pod "web" at 0s`, `Then a Normal event "Killing" with message "Stopping container app" is recorded for pod "web" at 1s`, `at 1s`, nil},
	{"the Killing event said Warning", 84,
		`Then a Normal event "Killing" with message "Stopping container app" is recorded for pod "web" at 0s`, `Then a Warning event "Killing" with message "Stopping container app" is recorded for pod "web" at 0s`, `Warning Event(Killing)`, nil},
	{"the Killing event's message said of another container", 84,
		`And a Normal event "Killing" with message containing "container app" is recorded for container "app" within 1s`, `And a Normal event "Killing" with message containing "container db" is recorded for container "app" within 1s`, `container db`, nil},
	{"the row before the restart said of the restarted container", 93,
		`Then kubectl get pod "web" shows READY "1/1", STATUS "Running" and RESTARTS "1" at 3s`, `Then kubectl get pod "web" shows READY "1/1", STATUS "Running" and RESTARTS "0" at 3s`, `RESTARTS 0`, nil},
	{"running with a restart count it did not have then", 93,
		`And container "app" is running with restart count 1 at 3s`, `And container "app" is running with restart count 2 at 3s`, `restart count 2`, nil},
	{"the waiting message quoted from its middle", 93,
		`And container "app" is waiting with reason "CrashLoopBackOff" and message "back-off 10s restarting failed container=app" after its 2nd exit`, `And container "app" is waiting with reason "CrashLoopBackOff" and message "restarting failed container=app" after its 2nd exit`, `beginning "restarting failed container=app"`, nil},
	{"a failure the Job did not have at that instant", 102,
		`Then the job "batch" has 1 succeeded and 0 failed pods at 10s`, `Then the job "batch" has 1 succeeded and 1 failed pods at 10s`, `1 failed`, nil},
	{"the Job's completion said before its pod ended", 102,
		`And the job "batch" has condition "Complete" between 3s and 4s`, `And the job "batch" has condition "Complete" between 1s and 2s`, `Complete`, nil},
	{"the sidecar said to exit before the app", 118,
		`Then container "app" exits before container "proxy" exits`, `Then container "proxy" exits before container "app" exits`, `proxy`, nil},
	{"the pod said gone seconds after its containers stopped", 118,
		`And the pod "web" is removed from the API within 5s`, `And the pod "web" is removed from the API between 3s and 5s`, `Deleted`, nil},
}

func TestNinetyNinthDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/ninety-ninth-drafts.feature", ninetyNinthFalseCopies)
}
