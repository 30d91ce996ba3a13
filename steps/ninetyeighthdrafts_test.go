package steps_test

import "testing"

// features/language/ninety-eighth-drafts.feature: one pod's moment said
// against the wrong pod or in the wrong order, a running count one more
// or held where it was not, a message said by a beginning it does not
// have, a node condition's reason, message or status it did not show.
var ninetyEighthFalseCopies = []falseCopy{
	{"a pod said not created before a later pod is Ready", 12,
		`Then pod "db-1" is not created before pod "db-0" is ready`, `Then pod "db-0" is not created before pod "db-1" is ready`, `PodCreated of pod "db-0"`, nil},
	{"a pod said not scheduled before a later pod is Ready", 12,
		`And the pod "db-2" is not scheduled before the pod "db-1" is Ready`, `And the pod "db-1" is not scheduled before the pod "db-2" is Ready`, `Scheduled of pod "db-1"`, nil},
	{"the last pod said Ready before the first is created", 12,
		`And the pod "db-0" is Ready before the pod "db-2" is created`, `And the pod "db-2" is Ready before the pod "db-0" is created`, `db-2`, nil},
	{"the first pod said Running after the last is Ready", 12,
		`And the pod "db-2" is Running after the pod "db-1" is Ready`, `And the pod "db-0" is Running after the pod "db-1" is Ready`, `db-0`, nil},
	{"one running pod more than the set has", 12,
		`And the stateful set "db" has 3 running pods within 15s`, `And the stateful set "db" has 4 running pods within 15s`, `4 running pods`, nil},
	{"a scale down's order said the other way round", 12,
		`Then the pod "db-1" is not deleted before the pod "db-2" is gone`, `Then the pod "db-2" is not deleted before the pod "db-1" is gone`, `DeleteRequested of pod "db-2"`, nil},
	{"the second deletion said first", 12,
		`And the pod "db-2" is deleted before the pod "db-1" is deleted`, `And the pod "db-1" is deleted before the pod "db-2" is deleted`, `db-1`, nil},
	{"a pod the scale down keeps said deleted after the other went", 12,
		`And the pod "db-0" is not deleted before the pod "db-1" is gone`, `And the pod "db-0" is deleted after the pod "db-1" is gone`, `never deleted`, nil},
	{"one running pod more than the parallelism", 29,
		`Then job "batch" has 2 running pods within 5s`, `Then job "batch" has 3 running pods within 5s`, `3 running pods`, nil},
	{"running pods said one more untimed", 29,
		`And 2 pods of job "batch" are running`, `And 1 pods of job "batch" are running`, `1 running pod`, nil},
	{"no running pod where two run", 29,
		`And the job "batch" has 2 running pods at 15s`, `And the job "batch" has 0 running pods at 15s`, `running`, nil},
	{"running pods in a window where the Job has ended", 29,
		`And the job "batch" has 2 running pods between 12s and 15s`, `And the job "batch" has 2 running pods between 25s and 30s`, `running`, nil},
	{"a message said by words from its middle", 39,
		`Then an event "BackOff" with message starting "Back-off restarting failed container app in pod web" is recorded for pod "web"`, `Then an event "BackOff" with message starting "restarting failed container app in pod web" is recorded for pod "web"`, `restarting failed`, nil},
	{"a typed message said by words from its middle", 39,
		`And a Warning event "BackOff" with message starting "Back-off restarting failed container" is recorded for pod "web"`, `And a Warning event "BackOff" with message starting "failed container" is recorded for pod "web"`, `beginning "failed container"`, nil},
	{"a typed message, said after, by words from its middle", 39,
		`And a Warning event "BackOff" is recorded for pod "web" with message beginning with "Back-off restarting"`, `And a Warning event "BackOff" is recorded for pod "web" with message beginning with "restarting"`, `beginning "restarting"`, nil},
	{"a pod's event by a beginning it does not have", 39,
		`And the pod "web" gets a Normal event "Started" with message starting "Started container app"`, `And the pod "web" gets a Normal event "Started" with message starting "container app"`, `beginning "container app"`, nil},
	{"a condition's reason of the other status", 49,
		`Then node "n1" has condition "MemoryPressure" "False" with reason "KubeletHasSufficientMemory"`, `Then node "n1" has condition "MemoryPressure" "False" with reason "KubeletHasInsufficientMemory"`, `KubeletHasInsufficientMemory`, nil},
	{"a condition's message of the other status", 49,
		`Then node "n1" has condition "MemoryPressure" with status "True", reason "KubeletHasInsufficientMemory" and message "kubelet has insufficient memory available" within 20s`, `Then node "n1" has condition "MemoryPressure" with status "True", reason "KubeletHasInsufficientMemory" and message "kubelet has sufficient memory available" within 20s`, `kubelet has sufficient`, nil},
	{"a condition's message by words from its middle", 49,
		`And node "n1" has condition "MemoryPressure" with message starting "kubelet has insufficient"`, `And node "n1" has condition "MemoryPressure" with message starting "has insufficient"`, `has insufficient`, nil},
	{"a pressure said held throughout where it came", 49,
		`And node "n1" has condition "Ready" "True" throughout`, `And node "n1" has condition "MemoryPressure" "False" throughout`, `MemoryPressure`, nil},
}

func TestNinetyEighthDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/ninety-eighth-drafts.feature", ninetyEighthFalseCopies)
}
