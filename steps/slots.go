package steps

// The values a phrase's slots accept. The steps validate their captures
// against these lists, and `podlife steps` prints them next to the phrases
// that take them, so the two cannot disagree.

var (
	// podStates are the states of `the pod "web" is <state> within D` (and
	// between, not … after).
	podStates = []string{"Running", "Pending", "Succeeded", "Failed", "Ready", "NotReady", "Terminating", "gone", "evicted"}
	// becomeStates are the states `the pod "web" becomes <state>` waits for.
	becomeStates = []string{"Running", "Pending", "Succeeded", "Failed", "Ready", "NotReady"}
	// nowStates are the states of `the pod "web" is [not] <state>` with no
	// time, read at the current time. The pattern lists them: an open
	// capture would take `is evicted` and `is not evicted`, phrases of
	// their own.
	nowStates         = []string{"Running", "Pending", "Succeeded", "Failed", "Ready", "NotReady", "Terminating", "gone", "scheduled"}
	notStates         = []string{"Running", "Pending", "Succeeded", "Failed", "Ready", "Terminating", "gone", "scheduled"}
	phases            = []string{"Pending", "Running", "Succeeded", "Failed", "Unknown"}
	conditionStatuses = []string{"True", "False", "Unknown"}
	qosClasses        = []string{"BestEffort", "Burstable", "Guaranteed"}
	probeKinds        = []string{"liveness", "readiness"}
	signals           = []string{"SIGTERM", "SIGKILL"}
	pressures         = []string{"memory", "disk", "PID"}
	// timeUnits are the units of `When 30 seconds pass`, with the length
	// of one.
	timeUnits = []string{"milliseconds", "millisecond", "seconds", "second", "minutes", "minute", "hours", "hour"}
	// eventReasons are the reasons of the Kubernetes Events the kubelet,
	// the scheduler and the node controllers record about pods; a step
	// accepts any reason.
	eventReasons = []string{"Scheduled", "FailedScheduling", "Preempting", "Pulling", "Pulled", "Failed", "BackOff", "ErrImageNeverPull",
		"InspectFailed", "Created", "Started", "Killing", "Unhealthy", "FailedPreStopHook", "FailedPostStartHook", "FailedMount",
		"SandboxChanged", "DeadlineExceeded", "Evicted", "ExceededGracePeriod", "TaintManagerEviction", "NodeNotReady",
		"OutOfcpu", "OutOfmemory", "OutOfpods"}
	// kubectlStatuses are usual values of the STATUS column (pkg/printer,
	// after printPod in pkg/printers/internalversion/printers.go): a
	// step accepts any.
	kubectlStatuses = []string{"Pending", "ContainerCreating", "PodInitializing", "Running", "Completed", "Error", "CrashLoopBackOff",
		"Terminating", "Init:0/1", "Init:Error", "Init:CrashLoopBackOff", "ErrImagePull", "ImagePullBackOff", "OOMKilled", "Evicted", "Unknown"}
	podConditionTypes  = []string{"PodScheduled", "PodReadyToStartContainers", "Initialized", "ContainersReady", "Ready", "DisruptionTarget", "PodResizePending", "PodResizeInProgress"}
	nodeConditionTypes = []string{"Ready", "MemoryPressure", "DiskPressure", "PIDPressure"}
)

// timeUnitPattern is the unit of `When 30 seconds pass`.
const timeUnitPattern = `(milliseconds?|seconds?|minutes?|hours?)`

func slot(name, example string, values ...string) Slot {
	return Slot{Name: name, Example: example, Values: values}
}

// openSlot takes any value; values are the usual ones.
func openSlot(name, example string, values ...string) Slot {
	return Slot{Name: name, Example: example, Values: values, Open: true}
}

func stateSlot(example string, values []string) Slot { return slot("pod state", example, values...) }
func signalSlot(example string) Slot                 { return slot("signal", example, signals...) }
func eventSlot(example string) Slot                  { return openSlot("event reason", example, eventReasons...) }
func statusSlot(example string) Slot                 { return openSlot("STATUS", example, kubectlStatuses...) }
