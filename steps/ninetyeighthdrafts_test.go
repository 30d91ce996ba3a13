package steps_test

import "testing"

// features/language/ninety-eighth-drafts.feature: one pod's moment said
// against the wrong pod or in the wrong order, a running count one more
// or held where it was not, a message said by a beginning it does not
// have, a node condition's reason, message or status it did not show.
var ninetyEighthFalseCopies = []falseCopy{
	{"a pod said not created before a later pod is Ready", 15,
		`Then pod "db-1" is not created before pod "db-0" is ready`, `Then pod "db-0" is not created before pod "db-1" is ready`, `PodCreated of pod "db-0"`, nil},
	{"a pod said not scheduled before a later pod is Ready", 15,
		`And the pod "db-2" is not scheduled before the pod "db-1" is Ready`, `And the pod "db-1" is not scheduled before the pod "db-2" is Ready`, `Scheduled of pod "db-1"`, nil},
	{"the last pod said Ready before the first is created", 15,
		`And the pod "db-0" is Ready before the pod "db-2" is created`, `And the pod "db-2" is Ready before the pod "db-0" is created`, `db-2`, nil},
	{"the first pod said Running after the last is Ready", 15,
		`And the pod "db-2" is Running after the pod "db-1" is Ready`, `And the pod "db-0" is Running after the pod "db-1" is Ready`, `db-0`, nil},
	{"one running pod more than the set has", 15,
		`And the stateful set "db" has 3 running pods within 15s`, `And the stateful set "db" has 4 running pods within 15s`, `4 running pods`, nil},
	{"a scale down's order said the other way round", 15,
		`Then the pod "db-1" is not deleted before the pod "db-2" is gone`, `Then the pod "db-2" is not deleted before the pod "db-1" is gone`, `DeleteRequested of pod "db-2"`, nil},
	{"the second deletion said first", 15,
		`And the pod "db-2" is deleted before the pod "db-1" is deleted`, `And the pod "db-1" is deleted before the pod "db-2" is deleted`, `db-1`, nil},
	{"a pod the scale down keeps said deleted after the other went", 15,
		`And the pod "db-0" is not deleted before the pod "db-1" is gone`, `And the pod "db-0" is deleted after the pod "db-1" is gone`, `never deleted`, nil},
	{"one running pod more than the parallelism", 32,
		`Then job "batch" has 2 running pods within 5s`, `Then job "batch" has 3 running pods within 5s`, `3 running pods`, nil},
	{"running pods said one more untimed", 32,
		`And 2 pods of job "batch" are running`, `And 1 pods of job "batch" are running`, `1 running pod`, nil},
	{"no running pod where two run", 32,
		`And the job "batch" has 2 running pods at 15s`, `And the job "batch" has 0 running pods at 15s`, `running`, nil},
	{"running pods in a window where the Job has ended", 32,
		`And the job "batch" has 2 running pods between 12s and 15s`, `And the job "batch" has 2 running pods between 25s and 30s`, `running`, nil},
	{"a message said by words from its middle", 42,
		`Then an event "BackOff" with message starting "Back-off restarting failed container app in pod web" is recorded for pod "web"`, `Then an event "BackOff" with message starting "restarting failed container app in pod web" is recorded for pod "web"`, `restarting failed`, nil},
	{"a typed message said by words from its middle", 42,
		`And a Warning event "BackOff" with message starting "Back-off restarting failed container" is recorded for pod "web"`, `And a Warning event "BackOff" with message starting "failed container" is recorded for pod "web"`, `beginning "failed container"`, nil},
	{"a typed message, said after, by words from its middle", 42,
		`And a Warning event "BackOff" is recorded for pod "web" with message beginning with "Back-off restarting"`, `And a Warning event "BackOff" is recorded for pod "web" with message beginning with "restarting"`, `beginning "restarting"`, nil},
	{"a pod's event by the beginning a 1.34 kubelet gave it", 42,
		`And the pod "web" gets a Normal event "Started" with message starting "Container started"`, `And the pod "web" gets a Normal event "Started" with message starting "Started container app"`, `beginning "Started container app"`, nil},
	{"a Killing event by words from its middle", 42,
		`Then the pod "web" has a "Killing" event with message starting with "Stopping container app" within 1s`, `Then the pod "web" has a "Killing" event with message starting with "container app" within 1s`, `container app`, nil},
	{"a condition's reason of the other status", 53,
		`Then node "n1" has condition "MemoryPressure" "False" with reason "KubeletHasSufficientMemory"`, `Then node "n1" has condition "MemoryPressure" "False" with reason "KubeletHasInsufficientMemory"`, `KubeletHasInsufficientMemory`, nil},
	{"a condition's message of the other status", 53,
		`Then node "n1" has condition "MemoryPressure" with status "True", reason "KubeletHasInsufficientMemory" and message "kubelet has insufficient memory available" within 20s`, `Then node "n1" has condition "MemoryPressure" with status "True", reason "KubeletHasInsufficientMemory" and message "kubelet has sufficient memory available" within 20s`, `kubelet has sufficient`, nil},
	{"a condition's message by words from its middle", 53,
		`And node "n1" has condition "MemoryPressure" with message starting "kubelet has insufficient"`, `And node "n1" has condition "MemoryPressure" with message starting "has insufficient"`, `has insufficient`, nil},
	{"a pressure said held throughout where it came", 53,
		`And node "n1" has condition "Ready" "True" throughout`, `And node "n1" has condition "MemoryPressure" "False" throughout`, `MemoryPressure`, nil},
	{"the STATUS after a restart said of another", 64,
		`Then the STATUS column of pod "web" is "Running" within 3s of its 1st exit`, `Then the STATUS column of pod "web" is "Completed" within 3s of its 1st exit`, `Completed`, nil},
	{"the first restart said to wait", 64,
		`And container "app" is restarted within 1s of its first exit`, `And container "app" is restarted between 5s and 9s after its first exit`, `Restarted`, nil},
	{"a BackOff event said of the first exit, which restarts at once", 64,
		`And an event "BackOff" is recorded for container "app" within 1s after its 2nd exit`, `And an event "BackOff" is recorded for container "app" within 500ms after its 1st exit`, `BackOff`, nil},
	{"CrashLoopBackOff said shown right after the exit (a 1.34 kubelet's)", 64,
		`And the STATUS column of pod "web" is "Error" within 1s after its 2nd exit`, `And the STATUS column of pod "web" is "CrashLoopBackOff" within 1s after its 2nd exit`, `CrashLoopBackOff`, nil},
	{"the second restart said immediate", 64,
		`And container "app" is restarted between 10s and 15s after its 2nd exit`, `And container "app" is restarted between 0s and 5s after its 2nd exit`, `Restarted`, nil},
	{"an exit said of a start it did not follow", 64,
		`And container "app" exits between 1s and 2s after its 3rd start`, `And container "app" exits between 3s and 5s after its 3rd start`, `exit`, nil},
	{"a start said to come after an exit the container never made", 64,
		`And a Normal event "Started" is recorded for container "app" after its 3rd exit`, `And a Normal event "Started" is recorded for container "app" after its 30th exit`, `30th exit`, nil},
}

func TestNinetyEighthDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/ninety-eighth-drafts.feature", ninetyEighthFalseCopies)
}
