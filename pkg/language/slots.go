package language

import (
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/podlife/podlife/pkg/evictionapi"
	"github.com/podlife/podlife/pkg/kubelet/releases"
)

// kind is what a slot holds, and what the reference says it accepts.
type kind struct {
	// label names it in the reference; accepts says what it takes.
	label, accepts string
}

// The values of the slots that take one of a list. The steps check their
// captures against the same lists (a test lints each value, pkg/language
// TestListedValuesAreAccepted).
var (
	podStates    = []string{"Running", "Pending", "Succeeded", "Failed", "Ready", "NotReady", "Terminating", "gone", "evicted"}
	becomeStates = []string{"Running", "Pending", "Succeeded", "Failed", "Ready", "NotReady"}
	stayPhases   = []string{"Pending", "Running", "Succeeded", "Failed"}
	phases       = []string{"Pending", "Running", "Succeeded", "Failed", "Unknown"}
	statuses     = []string{"True", "False", "Unknown"}
	qosClasses   = []string{"BestEffort", "Burstable", "Guaranteed"}
	probeKinds   = []string{"liveness", "readiness"}
	signals      = []string{"SIGTERM", "SIGKILL"}
	pressures    = []string{"memory", "disk", "PID"}
	// evictionSignals are the kubelet's (pkg/evictionapi, after
	// pkg/kubelet/eviction/api/types.go), the list the steps take.
	evictionSignals = func() []string {
		var out []string
		for _, s := range evictionapi.Signals() {
			out = append(out, string(s))
		}
		return out
	}()
)

var (
	kPod        = &kind{"pod", "the pod's name in the scenario: the name its `Given` step declared (the driver owns the API name)"}
	kStaticPod  = &kind{"static pod", "the static pod's manifest name, by which later steps name it"}
	kContainer  = &kind{"container", "a container's name in the pod's spec (`app` in a pod given without YAML); `of pod \"…\"` may be left out when the scenario has one pod"}
	kNode       = &kind{"node", "a node's name: `worker-1` is the node a scenario gets when it declares none"}
	kDuration   = &kind{"duration", "a Go duration, not negative: `500ms`, `3s`, `2m`, `1m30s`"}
	kSeconds    = &kind{"seconds", "whole seconds: a number (`5`) or a Go duration of whole seconds (`5s`, `1m`)"}
	kCount      = &kind{"count", "a whole number, 0 or more"}
	kExitCode   = &kind{"exit code", "0 to 255"}
	kQuantity   = &kind{"quantity", "a Kubernetes quantity, not negative: `500m`, `2`, `256Mi`, `4Gi`"}
	kInteger    = &kind{"integer", "a 32-bit integer"}
	kPriority   = &kind{"priority", "a 32-bit integer; a class above 1000000000 is rejected, as the API server does (the built-in `system-node-critical` and `system-cluster-critical` always exist)"}
	kPreempt    = &kind{"preemption policy", "`PreemptLowerPriority` (the default) or `Never`: the class's pods wait rather than preempt (a pod may not set it in its own spec to another value than its class's: the API server refuses it)"}
	kState      = &kind{"pod state", codeList(podStates) + " (`gone`: no longer in the API; `evicted`: an event, counted at or after t=0)"}
	kBecome     = &kind{"pod state to wait for", codeList(becomeStates)}
	kNever      = &kind{"pod state never come", "`Ready`, `Running`, `Succeeded`, `Failed` (`is never` takes `scheduled` too): a pod starts `Pending` and not ready, which have no `never` form"}
	kStay       = &kind{"phase", codeList(stayPhases)}
	kPhase      = &kind{"phase", codeList(phases)}
	kStatus     = &kind{"condition status", codeList(statuses)}
	kQoS        = &kind{"QoS class", codeList(qosClasses)}
	kProbe      = &kind{"probe", codeList(probeKinds) + "; the container must have that probe"}
	kPassProbe  = &kind{"passing probe", "`readiness` (a probe is added when the container has none, as `becomes ready after` does), `liveness` or `startup` (the container must have that probe); `startup` only in `… after it starts`"}
	kSignal     = &kind{"signal", codeList(signals)}
	kPressure   = &kind{"pressure", codeList(pressures)}
	kReason     = &kind{"reason", "the reason as the API shows it, exactly (`CrashLoopBackOff`, `OOMKilled`, `Unschedulable`, `OutOfmemory`, `Evicted`, …)"}
	kEvent      = &kind{"event reason", "a Kubernetes Event's reason (`Scheduled`, `Pulled`, `Created`, `Started`, `Killing`, `Unhealthy`, `BackOff`, `FailedPreStopHook`, `Evicted`, …)"}
	kPodCond    = &kind{"pod condition", "a pod condition type: `PodScheduled`, `PodReadyToStartContainers`, `Initialized`, `ContainersReady`, `Ready`, `DisruptionTarget`, `PodResizePending`, `PodResizeInProgress`"}
	kNodeCond   = &kind{"node condition", "a node condition type: `Ready`, `MemoryPressure`, `DiskPressure`, `PIDPressure`"}
	kText       = &kind{"text", "text the message contains"}
	kGate       = &kind{"readiness gate", "a condition type listed in the pod's `spec.readinessGates` (`example.com/lb`)"}
	kFinalizer  = &kind{"finalizer", "a finalizer listed in the pod's `metadata.finalizers` (`example.com/cleanup`) that no earlier step removed"}
	kNumber     = &kind{"number", "a number, decimals allowed (`30`, `1.5`), or `a`/`an` for one"}
	kUnit       = &kind{"unit", "`millisecond(s)`, `second(s)`, `minute(s)`, `hour(s)`"}
	kNames      = &kind{"names", "quoted names separated by commas or `and`: `\"a\", \"b\" and \"c\"`"}
	kFile       = &kind{"file", "a path to a YAML file (a whole `Pod` or only its `spec:`), relative to the feature file"}
	kKubelet    = &kind{"kubelet version", "a kubelet version the simulator models: " + codeList(releases.Modelled()) + " (default " + releases.Default + "); a live driver skips the scenario unless its kubelet is that minor version"}
	kUpgrade    = &kind{"kubelet release", "the release the node's kubelet is upgraded to, `1.N`: one the simulator models, newer than the scenario's kubelet (its `@kubelet` tag, or the default) and not newer than its control plane (`@control-plane`); on a live cluster, the release of one of its nodes' kubelets"}
	kName       = &kind{"name", "the object's name, as the pod's spec refers to it"}
	kClass      = &kind{"priority class", "the PriorityClass's name, as pods give it in `priorityClassName`"}
	kActivity   = &kind{"activity", "any words (`the rollout`, `the drain`, `the scenario`), or none: `throughout …` is `at all times` whatever they say, from t=0 to the end of the activity"}
	kNodeLabel  = &kind{"label", "`key=value`, a node label as `kubectl label node` takes it: the key a name of up to 63 characters (letters, digits, `-`, `_`, `.`) with an optional DNS prefix and `/`, the value up to 63 such characters or empty; on a cluster a key of Kubernetes' own (`kubernetes.io/…`, `node.kubernetes.io/…`, `node-role.kubernetes.io/…`, any `*.kubernetes.io` or `*.k8s.io`) or podlife's (`podlife.io/…`) is never changed: the scenario is skipped"}
	kLabelKey   = &kind{"label key", "a node label's key (`disktype`), or `key=value`, and then the node's value must be that one"}
	kNodeLabels = &kind{"labels", "node labels `key=value[,key=value]`"}
	kTaint      = &kind{"taint", "kubectl's taint syntax, `key[=value]:Effect`, with Effect `NoSchedule`, `PreferNoSchedule` or `NoExecute`"}
	kThreshold  = &kind{"eviction threshold", "the kubelet's `--eviction-hard` syntax, `signal<value[,signal<value]`, a value being a quantity or a percentage, for the signals " + codeList(evictionSignals)}
	kHold       = &kind{"state held", "`Running`, `Pending`, `Succeeded`, `Failed`, `Ready`, `NotReady`, `Terminating` (also written `ready`, `not ready`, `running`, …)"}
	kCtrHold    = &kind{"container state", "`running`, `waiting`, `ready`, `not ready`"}
	kHoldBound  = &kind{"bound", "`until` or `for`: the state holds from t=0 up to t0+T, T itself left out; without one, to the end of the scenario's activity"}
	kNodeUnit   = &kind{"unit", "`CPU(s)` or `memory` (`of memory`)"}
	kPIDLimit   = &kind{"PID limit", "a whole number above 0: the node's kernel.pid_max, which pid.available is measured against (4194304 by default)"}
	kReclaim    = &kind{"eviction minimum reclaim", "the kubelet's `--eviction-minimum-reclaim` syntax, `signal=value[,signal=value]`, a value being a quantity (0 or more) or a percentage above 0% of the signal's capacity: what an eviction must free beyond the signal's threshold"}
	kColumn     = &kind{"STATUS", "the STATUS column as `kubectl get pods` prints it: `Running`, `Completed`, `CrashLoopBackOff`, `Init:1/2`, `Terminating`, …"}
	kKubectl    = &kind{"kubectl command", "what follows `kubectl`, as typed: `drain NODE` with `--ignore-daemonsets`, `--force`, `--delete-emptydir-data`, `--grace-period=N`, `--timeout=D`; `cordon NODE`; `uncordon NODE`; `delete pod NAME` with `--grace-period=N`, `--now`, `--force` (read as kubectl reads them: `--now` is 1 s, `--force` alone 0, `--grace-period=0` without `--force` 1 s); podlife runs no other command"}
	kReady      = &kind{"READY", "the READY column as `kubectl get pods` prints it: ready containers / containers, `1/2`"}
	kVolume     = &kind{"volume", "an `emptyDir` volume of the pod's spec"}
	kResource   = &kind{"resource", "the node's resource"}
	kNodeStatus = &kind{"node STATUS", "kubectl get nodes' STATUS: `Ready`, `NotReady` (the Ready condition False or Unknown), `Unknown` (none), each followed by `,SchedulingDisabled` on a cordoned node"}
	// Disruptions (issue 17).
	kReplicaSet    = &kind{"replica set", "the replica set's name in the scenario; its pods are named `<name>-` and five random characters in the API"}
	kOrdinal       = &kind{"ordinal", "1 for the first pod the replica set created, 2 for the second, …, replacements following in the order they were created"}
	kBudget        = &kind{"budget", "the PodDisruptionBudget's name"}
	kBudgetKey     = &kind{"budget field", "`minAvailable` or `maxUnavailable`"}
	kBudgetVal     = &kind{"budget value", "a whole number (`2`) or a percentage (`50%`), which the disruption controller rounds up"}
	kSelector      = &kind{"selector", "labels `key=value[,key=value]` the budget's pods carry (its matchLabels)"}
	kUnhealthy     = &kind{"unhealthy pod eviction policy", "`IfHealthyBudget` (the default: an unready pod is evicted only while the budget is met) or `AlwaysAllow`"}
	kBudgetStat    = &kind{"budget status", "a field of the budget's status: `currentHealthy`, `desiredHealthy`, `expectedPods`, `disruptionsAllowed`"}
	kAPIError      = &kind{"API error", "the eviction's answer by its reason: `TooManyRequests` (429), `InternalError` (500), `NotFound` (404), `Forbidden` (403); or, a text of more than one word, the message the API answered, exactly, without its causes (`Cannot evict pod as it would violate the pod's disruption budget.`; `with message containing` reads the causes too)"}
	kHTTPCode      = &kind{"HTTP code", "the eviction's answer by its HTTP code, 400 to 599 (`429`)"}
	kAnswerCode    = &kind{"status code", "an HTTP status code, 100 to 599: the kubelet's HTTP prober counts 200 to 399 a success and any other a failure (`pkg/probe/http/http.go` DoHTTPProbe)"}
	kProbePath     = &kind{"probe path", "the `httpGet.path` of the container's probes the answers are for (`/healthz`); without it, every httpGet probe of the container"}
	kDrainFlags    = &kind{"drain flags", "kubectl drain's flags, separated by spaces: `--force`, `--delete-emptydir-data`, `--ignore-daemonsets` (always on: a DaemonSet's pods are left in place), `--grace-period=N`, `--timeout=D`"}
	kTimes         = &kind{"times", "Go durations separated by commas or `and`: `0s and 10s`, `0s, 5s and 10s`"}
	kBound         = &kind{"time bound", "`at` (exactly then) or `within` (by then)"}
	kPodPriority   = &kind{"pod priority", "a 32-bit integer, at most 1000000000: the step declares the class `priority-N` (`priority-minus-N` below 0) of that value, if no step has, and gives it to the pod (the API server sets a pod's priority from its class only)"}
	kStart         = &kind{"start", "`first`, `second`, `third` … `tenth`, or `1st`, `2nd`, `3rd`, `11th`: which start of the container (its first run is the first, each restart the next)"}
	kRestart       = &kind{"restart policy", "the pod's `spec.restartPolicy`: `Always` (the default), `OnFailure` or `Never`"}
	kDeployment    = &kind{"deployment", "the Deployment's name in the scenario; its ReplicaSets are named `<name>-<pod-template-hash>`, their pods `<replica set>-` and five random characters"}
	kJob           = &kind{"job", "the Job's name in the scenario; its pods are named `<name>-` and five random characters"}
	kDaemonSet     = &kind{"daemon set", "the DaemonSet's name in the scenario; its pods are named `<name>-` and five random characters"}
	kStatefulSet   = &kind{"stateful set", "the StatefulSet's name in the scenario; its pods are named `<name>-<ordinal>`, `<name>-0` first, as the API names them"}
	kQuota         = &kind{"resource quota", "the ResourceQuota's name"}
	kWorkload      = &kind{"workload", "`deployment`, `job` (and `replica set` where the events of one are read, or its pods counted)"}
	kWorkName      = &kind{"workload name", "the deployment's, job's or replica set's name in the scenario"}
	kJobCountField = &kind{"field", "`succeeded` or `failed`: the other of the two, a Job's status.succeeded and status.failed"}
	kMoment        = &kind{"moment", "a pod's moment on the timeline: `created`, `scheduled`, `Running`, `Ready` (its Ready condition True), `deleted` or `marked for deletion` (its deletion requested), `gone` or `removed` (no longer in the API), `evicted` (by the kubelet), `Succeeded`, `Failed`; any case"}
	kMomentOrder   = &kind{"order", "`before` or `after`"}
	kNewCount      = &kind{"count", "`a`, `one` or a number: how many pods the workload's controller created after t=0's action, as `N new pods of …` counts them"}
	kEveryPodState = &kind{"every pod's state", "`running` or `ready` (`Running`, `Ready`): each pod the scenario declared, in turn, as `the pod \"p\" is Running` says it of one"}
	kEventType     = &kind{"event type", "`Warning` or `Normal`: the Event's type, as `kubectl describe` lists it"}
	kPodList       = &kind{"pods", "two or more pod names, each quoted, joined by commas and `and`: `\"a\", \"b\" and \"c\"`"}
	kPluralRest    = &kind{"expectation", "what the language says of one pod (`the pod \"a\" is Running`), its verb plural (`are Running`, `receive SIGTERM within 5s`): said of each pod in turn"}
	kPluralHead    = &kind{"expectation's start", "the words of an expectation of one pod before its `pod \"a\"` (`kubectl shows STATUS \"Evicted\" for`, `container \"app\" of`), ending in `for`, `of`, `than`, `after`, `before` or `with`"}
	kPluralTail    = &kind{"expectation's end", "the words of that expectation after its pod, if any, a plural verb made singular (`receive SIGTERM` is `receives SIGTERM` of each)"}
	kMessage       = &kind{"message", "how the event's message begins, as `kubectl describe` shows it (\"Liveness probe failed\" for \"Liveness probe failed: Get …\")"}
	kStatusMsg     = &kind{"status message", "the pod's status.message, which the kubelet sets when it evicts or rejects the pod: whole (`message \"M\"`), its beginning (`starting with`) or a part (`containing`)"}
	kStatusMsgSaid = &kind{"message said", "`\"M\"`, `starting with \"M\"` or `containing \"M\"`: the pod's status.message whole, its beginning, or a part"}
	kEventWords    = &kind{"event's words", "the words of an event's phrase between its reason and its time: `is recorded for container \"app\"`, its message (`with message \"M\"`) before or after them; `at T` is that phrase's `between T and T`"}
	kAnchored      = &kind{"expectation", "any timed expectation of the language, its time left out (`the pod \"web\" shows STATUS \"Running\"`, `an event \"BackOff\" is recorded for container \"app\"`): judged with t=0 at the container's exit or start; a state only where the language says its coming in a window (`between A and B`), `within D` only of an event"}
	kAnchorNth     = &kind{"exit ordinal", "`first`, `second`, `third` … `tenth`, or `1st`, `2nd`, `3rd`, `11th`: which exit (start) of the container, counted over the scenario"}
	kAnchorKind    = &kind{"exit or start", "`exit` (the container's Exited event) or `start` (its Started event: its first start and each restart)"}
	kNodeDecl      = &kind{"node declaration", "a node declared as a phrase of its own declares it (`a node \"worker-1\"`, `a node \"worker-1\" with 4Gi memory`)"}
	kAnchorVerb    = &kind{"exits or starts", "`exits` (`has exited`, `exited`) or `starts` (`has started`, `started`): the container's first exit (start) at or after t=0, else its first in the scenario"}
	kExitNth       = &kind{"exit", "`first`, `second`, `third` … `tenth`, or `1st`, `2nd`, `3rd`, `11th`: which exit of the container, counted over the scenario"}
	kPodNth        = &kind{"pod ordinal", "`second`, `third` … `tenth`, or `2nd`, `3rd`, `11th`: the job's pod that must never be created (`a fourth pod`: at most three)"}
	kJobPodNth     = &kind{"job pod ordinal", "`first`, `second`, `third` … `tenth`, or `1st`, `2nd`, `3rd`, `11th`: the job's pods in the order the Job controller created them"}
	kWorkloadPod   = &kind{"workload ordinal", "1 for the first pod the workload created, 2 for the second, … (`#2` the same): a Deployment's pods across its ReplicaSets, in the order they were created"}
	kImage         = &kind{"image", "an image reference, as a pod's `image:` takes it"}
	kQuotaRes      = &kind{"quota resource", "a resource of the quota's `hard`: `pods`, `count/pods`, `requests.cpu`, `requests.memory`, `limits.cpu`, `limits.memory`, `cpu`, `memory`, …"}
	kDeployCond    = &kind{"deployment condition", "a Deployment condition type: `Progressing`, `Available`, `ReplicaFailure`"}
	kJobCond       = &kind{"job condition", "a Job condition type: `Complete`, `Failed`, `FailureTarget`, `SuccessCriteriaMet`"}
	kDeployField   = &kind{"replica count", "a count of the Deployment's status: `updated`, `ready`, `available`, `unavailable` replicas"}
	kJobField      = &kind{"pod count", "a count of the Job's status: `active`, `ready`, `terminating`, `succeeded`, `failed` pods"}
	kJobState      = &kind{"job state", "`Complete` or `Failed`: the Job's condition of that type with status True (`has condition \"Complete\" \"True\"`)"}
	kJobPodState   = &kind{"job pod state", "`Failed` or `Succeeded`: the Job's status counts its pods so (`has N failed pods`)"}
	kJobDeletion   = &kind{"deleted or gone", "`deleted` (a delete of the Job accepted: its deletionTimestamp set, by the TTL-after-finished controller when its ttlSecondsAfterFinished runs out) or `gone` (the Job no longer in the API: after its pods, in that controller's foreground deletion)"}
	kHookMoment    = &kind{"hook moment", "`starts` (the container's start, which the kubelet follows with the hook at once) or `finishes` (the hook's return)"}
	kSchedule      = &kind{"schedulability", "`unschedulable` (the node's `spec.unschedulable` is true: it was cordoned, or drained) or `schedulable`"}
	kCutWhen       = &kind{"at or after", "`at` or `after`, the same: the instant the kubelet stopped waiting for the hook"}
	kCtrRes        = &kind{"container resource", "`memory`, `cpu` (`CPU`) or `ephemeral-storage`: a resource of the pod's one container (`app`)"}
	kCtrResBound   = &kind{"limit or request", "`limit` (the container's `resources.limits`; the API server defaults the request to it) or `request` (`resources.requests`)"}
	kLogLine       = &kind{"log line", "a line the container prints to its log as it starts, as written (the log adds its newline)"}
	kTermMessage   = &kind{"termination message", "the message, exactly: what the container writes to its termination log, as written (no newline added); a message taken from the log's tail ends with its last line's newline, which a quoted text cannot hold (say `contains` of it), and on a cluster it holds the agent's own lines too"}
	kPath          = &kind{"path", "an absolute path in the container: the kubelet reads the file of the container's `terminationMessagePath` (`/dev/termination-log` unless its spec says otherwise), no other"}
	kResizeRes     = &kind{"resized resource", "`cpu` or `memory`: the resources a running pod's containers resize in place"}
	kResizeBound   = &kind{"resized bound", "`request`, `limit`, or (resizing) `request and limit`: the container's `resources.requests`, its `resources.limits`, or both"}
	kSpecFields    = &kind{"spec fields", "`<field> <value>` joined by `and`: a field of the object's spec (its JSON name, exactly) whose value is a single one, or of a workload's pod template's spec, and its value as the API reads that field (an integer, `true` or `false`, a word or a quoted string; seconds as a number); `<N> replicas` or `1 replica` for a deployment, a replica set or a stateful set"}
	kSpecKind      = &kind{"kind", "`job`, `deployment`, `replica set`, `stateful set`, `daemon set`, or the kind's name (`Job`, `ReplicaSet`, `replicaset`, …)"}
	kSpecName      = &kind{"declared name", "the workload's name in the scenario, which later steps name it by (its pods are named after it)"}
	kDrainWords    = &kind{"drain options", "`with grace period D` (whole seconds), `with timeout D`, `ignoring DaemonSets`, `forcing bare pods`, `deleting emptyDir data`, joined by `and` or commas: kubectl drain's `--grace-period`, `--timeout`, `--ignore-daemonsets`, `--force`, `--delete-emptydir-data`"}
	kPodOrder      = &kind{"pod order", "`first`, `second`, … (`2nd`, `3rd`), `old` or `new` (of a workload that runs one pod at a time), or nothing: `the pod of deployment \"x\"`, its one pod (a job's first)"}
	kModifiers     = &kind{"pod modifiers", "two or more of the modifiers a pod takes alone, joined by `and`, in any order, each at most once: `with terminationGracePeriodSeconds N`, `with restartPolicy P`, `with priority N` or `with priority class \"c\"` (one of the two), `with QoS class \"Q\"`, `on node \"n\"` (`on the node`); the `with` after `and` may be left out"}
)

// kindOrder is the order of the reference's Slots table.
var kindOrder = []*kind{kPod, kStaticPod, kContainer, kNode, kDuration, kSeconds, kCount, kExitCode, kQuantity, kInteger,
	kPriority, kPreempt, kState, kBecome, kStay, kPhase, kStatus, kQoS, kProbe, kPassProbe, kSignal, kPressure, kReason, kEvent, kPodCond, kNodeCond,
	kText, kNames, kFile, kKubelet, kUpgrade, kName, kClass, kTaint, kNodeLabel, kLabelKey, kNodeLabels, kThreshold, kReclaim, kColumn, kKubectl, kReady, kVolume, kResource, kNodeStatus,
	kReplicaSet, kOrdinal, kBudget, kBudgetKey, kBudgetVal, kSelector, kUnhealthy, kBudgetStat, kAPIError, kHTTPCode, kAnswerCode, kProbePath, kDrainFlags, kTimes, kBound, kRestart, kStart, kPodPriority,
	kDeployment, kJob, kDaemonSet, kQuota, kWorkload, kWorkName, kWorkloadPod, kMessage, kExitNth, kPodNth, kJobPodNth, kImage, kQuotaRes, kDeployCond, kJobCond, kDeployField, kJobField, kJobState, kJobPodState, kJobDeletion, kHookMoment, kSchedule, kCutWhen, kCtrRes, kCtrResBound, kResizeRes, kResizeBound, kPodOrder, kDrainWords, kModifiers, kSpecFields, kSpecKind, kSpecName, kLogLine, kTermMessage, kPath, kNever, kActivity}

// rule names a capture from the text around it.
type rule struct {
	before *regexp.Regexp // matched against the text before the capture
	after  *regexp.Regexp // matched against the literal text after it (nil: any)
	quoted *bool          // the capture is a quoted name (nil: either)
	// capture, if set, is matched against the capture's own pattern (its
	// alternatives), for two captures in the same words (`is Complete`,
	// `is deleted`).
	capture *regexp.Regexp
	name    string
	kind    *kind
}

var (
	yes = true
	no  = false
)

func r(before, after string, quoted *bool, name string, k *kind) rule {
	ru := rule{before: regexp.MustCompile(before + `$`), quoted: quoted, name: name, kind: k}
	if after != "" {
		ru.after = regexp.MustCompile(`^` + after)
	}
	return ru
}

// rc is r for a capture told by its own pattern (capture), unquoted.
func rc(before, capture, name string, k *kind) rule {
	ru := r(before, ``, &no, name, k)
	ru.capture = regexp.MustCompile(capture)
	return ru
}

// rules are tried in order; the first whose contexts match names the
// capture. A phrase added to the registry with a capture no rule names
// fails TestEveryPhraseRenders, which points here.
var rules = []rule{
	// An expectation timed from a container's exit or start
	// (steps/anchored_words.go).
	rc(`^$`, `a node `, "node declaration", kNodeDecl),
	rc(`^$`, `\.\)?\+\?`, "expectation", kAnchored),
	rc(`after its $`, `^\[\^`, "exit ordinal", kAnchorNth),
	rc(`<exit ordinal> $`, `exit\|start`, "exit or start", kAnchorKind),
	rc(`>it $`, `exits\|starts`, "its event", kAnchorVerb),
	rc(`" $`, `exits\|starts`, "the other's event", kAnchorVerb),
	// A pod's phase said to become (steps/respelled_words.go).
	r(`(phase|pod "<pod>") becomes "`, ``, &yes, "phase", kStay),
	// One pod's moment against another's (steps/podorder_words.go).
	rc(`<other pod>" is $`, `(?i)marked for deletion`, "other moment", kMoment),
	rc(`is (not )?$`, `(?i)marked for deletion`, "moment", kMoment),
	rc(`(<moment>|is (not )?created) $`, `before\|after`, "order", kMomentOrder),
	r(`<order> the pod "`, ``, &yes, "other pod", kPod),
	// Several pods said at once (steps/plural_words.go), each capture
	// told by its own pattern.
	rc(`pods $`, `^"\[\^"\]\*"\(\?:\(\?:, \| and`, "pods", kPodList),
	rc(`pods <pods> $`, `\(\?:are\|were\) `, "expectation", kPluralRest),
	rc(`^$`, `\.\* \(\?:for\|of`, "start", kPluralHead),
	r(`pods are (all )?$`, ``, &no, "state", kEveryPodState),
	r(`pods? and $`, ` `, &no, "other count", kCount),
	r(`pods? and <other count> $`, ` pod`, &no, "other field", kJobCountField),
	r(`" creates $`, ` new pod`, &no, "count", kNewCount),
	rc(`<start> pods <pods>$`, `^\(\?-s:\.\*\)$|^\.\*$`, "end", kPluralTail),
	// A workload's pods counted, `all N pods of …` too (held-out batch
	// 14: steps/expect_wordings46.go, onnode_words.go).
	r(`^all $`, ` pods? of`, &no, "count", kCount),
	// A workload's new pods (steps/new_pods.go).
	r(`^$`, ` new pods?`, &no, "count", kCount),
	r(`new pods? offor $`, ` "`, &no, "workload", kWorkload),
	r(`(replacementnew|replacement|new) pod offor $`, ` "`, &no, "workload", kWorkload),
	r(`pods? offor <workload> "$`, ``, &yes, "name", kWorkName),
	r(`created within $`, ``, &no, "duration", kDuration),
	r(`created between $`, ``, &no, "from", kDuration),
	r(`created between <from> and $`, ``, &no, "to", kDuration),
	// A container's answers by status code (steps/probe_codes.go),
	// before the general rules that would name both codes alike.
	r(`(answers|answersrespondsturns) $`, ` with`, &no, "path", kProbePath),
	r(`(answers|answersrespondsturns)( <path>)? with (HTTP status code )?$`, ``, &no, "code", kAnswerCode),
	r(`<code> for $`, ``, &no, "duration", kDuration),
	r(`<code> for <duration>.*$`, ``, &no, "then code", kAnswerCode),
	// The postStart hook's moments, a pod's modifiers together (issue
	// 38's eighth held-out set).
	r(`postStart hook of .*" `, ``, &no, "moment", kHookMoment),
	r(`^a pod "<pod>" with `, `:?$`, &no, "fields", kSpecFields),
	r(`^a <kind> "<[a-z ]*>" with `, `:?$`, &no, "fields", kSpecFields),
	rc(`^a `, `job`, "kind", kSpecKind),
	r(`^a <kind> "`, ``, &yes, "name", kSpecName),
	r(`^a pod "<pod>" `, ``, &no, "modifiers", kModifiers),
	// A pod's one container given a resource (issue 38's seventeenth
	// held-out set).
	r(`^a pod "<pod>" with (an? )?`, ` $`, &no, "resource", kCtrRes),
	r(`^a pod "<pod>" with (an? )?<resource> `, ``, &no, "bound", kCtrResBound),
	r(`^a pod "<pod>" with (an? )?<resource> <bound> (of )?`, ``, &no, "quantity", kQuantity),
	// In-place resize (held-out set 36).
	r(`^the `, ` $`, &no, "resource", kResizeRes),
	r(`^the <resource> `, ` of `, &no, "bound", kResizeBound),
	r(`is (resized|resizedsetchangedupdated) to `, ``, &no, "quantity", kQuantity),
	r(`container "<container>"( of pod "<pod>")? has `, ` $`, &no, "resource", kResizeRes),
	r(`container "<container>"( of pod "<pod>")? has <resource> `, ``, &no, "bound", kResizeBound),
	r(`container "<container>"( of pod "<pod>")? has <resource> <bound> `, ``, &no, "quantity", kQuantity),
	// A container's log and termination message (issue 38's sixteenth
	// held-out set).
	r(`(logs|prints|outputs)+ "`, ``, &yes, "line", kLogLine),
	r(`writes "`, `" to its logs`, &yes, "line", kLogLine),
	r(`(writes "|termination message "|termination message of .* is ")`, ``, &yes, "message", kTermMessage),
	r(`termination message of .* (contains|includes)+ "`, ``, &yes, "text", kText),
	r(`terminated with message "`, ``, &yes, "message", kTermMessage),
	r(`writes "<message>" to `, ``, &no, "path", kPath),
	// Workloads (issue 36), before the general rules they would match.
	r(`daemon set "`, ``, &yes, "daemon set", kDaemonSet),
	r(`daemon set "<daemon set>" (still )?has `, ``, &no, "count", kCount),
	r(`stateful set "`, ``, &yes, "stateful set", kStatefulSet),
	r(`stateful set "<stateful set>" (of|has|has created|is scaled to) `, ``, &no, "count", kCount),
	r(`recorded for `, ``, &no, "workload", kWorkload),
	// A scale (`kubectl scale`), of a ReplicaSet or a Deployment.
	r(`"<(deployment|replica set)>" is scaled to `, ``, &no, "replicas", kCount),
	// An event by reason and message, in authors' words (fifth drafts).
	r(`^the `, ` "`, &no, "workload", kWorkload),
	r(`^the <workload> "`, ``, &yes, "name", kWorkName),
	// A workload's active pods, a node's schedulability (issue 38's
	// twelfth held-out set).
	r(`^the <workload> "<name>" has `, ``, &no, "count", kCount),
	r(`node "<node>" is `, ``, &no, "schedulability", kSchedule),
	r(`preStop hook of .* is cut short\S* `, ``, &no, "when", kCutWhen),
	r(`preStop hook of .* is cut short.* `, ``, &no, "duration", kDuration),
	r(`(an |no )$`, ` event`, &no, "type", kEventType),
	r(`(has an?|^an?) "`, `" event`, &yes, "reason", kEvent),
	r(`^no "`, `" event`, &yes, "reason", kEvent),
	r(`message startingbeginning( with)? "`, ``, &yes, "message", kMessage),
	r(`has condition "<condition>".* with message "`, ``, &yes, "message", kMessage),
	r(`event( is recorded.*)? with message "`, ``, &yes, "message", kMessage),
	r(`^an event "<reason>" with message "`, ``, &yes, "message", kMessage),
	r(`^an event "<reason>" is recorded.* with message "`, ``, &yes, "message", kMessage),
	r(`(of|after) its `, ` exit`, &no, "exit", kExitNth),
	r(`(is restarted|restarts) `, ` after its`, &no, "duration", kDuration),
	r(`never creates an? `, ``, &no, "pod ordinal", kPodNth),
	r(`^the `, ` pod of job`, &no, "pod ordinal", kJobPodNth),
	r(`^the `, ` pod of `, &no, "pod order", kPodOrder),
	r(`after the `, ` pod failed`, &no, "failed pod ordinal", kJobPodNth),
	r(`is created `, ` after the`, &no, "duration", kDuration),
	r(`has status failed `, ``, &no, "failed", kCount),
	r(`and succeeded `, ``, &no, "succeeded", kCount),
	r(`(never has (more|fewer) than|never creates more than) `, ``, &no, "count", kCount),
	r(`recorded for <workload> "`, ``, &yes, "name", kWorkName),
	r(`^(the eviction of )?pod `, ` of $`, &no, "ordinal", kWorkloadPod),
	r(`^(the eviction of )?pod <ordinal> of `, ``, &no, "workload", kWorkload),
	r(`^onea pod of $`, ``, &no, "workload", kWorkload),
	r(`^the <pod order> pod of `, ``, &no, "workload", kWorkload),
	r(`is drained $`, ``, &no, "drain options", kDrainWords),
	r(`<count> pods? of $`, ` "`, &no, "workload", kWorkload),
	r(`of <workload> "`, ``, &yes, "name", kWorkName),
	r(`deployment "<deployment>" has condition "`, ``, &yes, "condition", kDeployCond),
	r(`job "<job>" has condition "`, ``, &yes, "condition", kJobCond),
	r(`deployment "<deployment>" has (created )?`, ``, &no, "count", kCount),
	r(`deployment "<deployment>" has <count> `, ``, &no, "field", kDeployField),
	r(`job "<job>" has (created )?`, ``, &no, "count", kCount),
	r(`job "<job>" has <count> `, ``, &no, "field", kJobField),
	r(`deployment "<deployment>" is (set|setchangedupdated) to "`, ``, &yes, "image", kImage),
	r(`^the image of .*container "<container>"( of pod "<pod>")? is (set|setchangedupdated) to "`, ``, &yes, "image", kImage),
	r(`deployment "<deployment>" of `, ``, &no, "count", kCount),
	r(`^at (least|most) `, ` pods? of deployment`, &no, "count", kCount),
	r(`^at most `, ` pods? of job`, &no, "count", kCount),
	r(`^`, ` pods? of job`, &no, "count", kCount),
	r(`pods? of job "<job>" (is|are|isare) `, ``, &no, "state", kJobPodState),
	r(`deployment "`, ``, &yes, "deployment", kDeployment),
	rc(`job "<job>" is (not )?`, `Complete\|Failed`, "state", kJobState),
	r(`job "<job>" is (not |never )?`, ``, &no, "deleted or gone", kJobDeletion),
	r(`job "`, ``, &yes, "job", kJob),
	r(`resource quota "`, ``, &yes, "quota", kQuota),
	r(`"<quota>" shows "`, ``, &yes, "resource", kQuotaRes),
	r(`"<quota>" shows "<resource>" used `, ``, &no, "amount", kQuantity),

	// A node's labels (issue 38's held-out set 25), before the budgets'
	// `labelled "` selector.
	r(`with labels? "`, ``, &yes, "labels", kNodeLabels),
	r(`is unlabel+ed "`, ``, &yes, "label key", kLabelKey),
	r(`^the label "`, `^" is removed`, &yes, "label key", kLabelKey),
	r(`is label+ed "`, ``, &yes, "label", kNodeLabel),
	r(`^the label "`, ``, &yes, "label", kNodeLabel),

	// Disruptions (issue 17), before the general rules they would match.
	r(`replica set "`, ``, &yes, "replica set", kReplicaSet),
	r(`(budget|PodDisruptionBudget|PDB) "`, ``, &yes, "budget", kBudget),
	r(`labelled "`, ``, &yes, "selector", kSelector),
	r(`is refused with "`, ``, &yes, "error", kAPIError),
	r(`^the eviction is refusedjectedfails with "`, ``, &yes, "error", kAPIError),
	r(`^the eviction's error message contains "`, ``, &yes, "text", kText),
	// Held-out batch 19's one-step respellings (steps/batch19_words.go).
	r(`429 and (a )?message "`, ``, &yes, "text", kText),
	r(`running with restart count `, ``, &no, "count", kCount),
	rc(`an event "<reason>" $`, `is recorded`, "event's words", kEventWords),
	r(`ends with phase "`, ``, &yes, "phase", kStay),
	r(`^the pod "<pod>" has (a )?(status )?message ((starting|beginning) with |containing )?"`, ``, &yes, "message", kStatusMsg),
	rc(`and (a )?(status )?message $`, `starting with`, "message said", kStatusMsgSaid),
	r(`^the drain fails with .*"`, ``, &yes, "text", kText),
	r(`is drained with "`, ``, &yes, "flags", kDrainFlags),
	r(`^(the eviction of )?pod `, ` of replica set`, &no, "ordinal", kOrdinal),
	r(`^(at least )?`, ` pods? of replica set`, &no, "count", kCount),
	r(`^`, ` pods? of deployment`, &no, "count", kCount),
	r(`shows RESTARTS `, ``, &no, "count", kCount),
	r(`throughout `, ``, &no, "activity", kActivity),
	r(`replica set "<replica set>" of `, ``, &no, "count", kCount),
	r(`replica set "<replica set>" has `, ` ready replicas?`, &no, "count", kCount),
	r(`refused `, ` times?`, &no, "count", kCount),
	r(`"<budget>" with `, ``, &no, "field", kBudgetKey),
	r(`"<budget>" is changed to `, ``, &no, "field", kBudgetKey),
	r(`"<budget>" is changed to <field> `, ``, &no, "value", kBudgetVal),
	r(`"<budget>" with <field> `, ``, &no, "value", kBudgetVal),
	r(`selecting `, ``, &no, "selector", kSelector),
	r(`unhealthyPodEvictionPolicy `, ``, &no, "policy", kUnhealthy),
	r(`"<budget>" has `, ``, &no, "status field", kBudgetStat),
	r(`"<budget>" has <status field> `, ``, &no, "count", kCount),
	r(`allows `, ``, &no, "count", kCount),
	r(`has created `, ``, &no, "count", kCount),
	r(`is refused with `, ``, &no, "code", kHTTPCode),
	r(`^the eviction is refusedjectedfails with .*`, ``, &no, "code", kHTTPCode),
	r(`^the eviction is acceptedsucceedsis allowed at `, ``, &no, "duration", kDuration),
	r(`are accepted at `, ``, &no, "times", kTimes),
	r(`completes `, ``, &no, "bound", kBound),
	r(`and reason "<reason>" `, ` `, &no, "bound", kBound),
	r(`completes <bound> `, ``, &no, "duration", kDuration),
	r(`beforewithinin the first $`, ``, &no, "duration", kDuration),
	r(`healthy afterfrom $`, ``, &no, "duration", kDuration),
	r(`and reason "<reason>" <bound> `, ``, &no, "duration", kDuration),
	r(`requested with grace period `, ``, &no, "seconds", kSeconds),

	// Quoted names.
	r(`readiness gate "`, ``, &yes, "gate", kGate),
	r(`finalizer "`, ``, &yes, "finalizer", kFinalizer),
	r(`is set to "`, ``, &yes, "status", kStatus),
	r(`after (init )?container "`, ``, &yes, "other container", kContainer),
	r(`before (init )?container "`, ``, &yes, "later container", kContainer),
	r(`container "`, ``, &yes, "container", kContainer),
	r(`before the pod "`, ``, &yes, "other pod", kPod),
	r(`kubectl `, `"$`, nil, "command", kKubectl),
	r(`evicted after the pod "`, ``, &yes, "earlier pod", kPod),
	r(`(after|before) the pod "`, `" is `, &yes, "other pod", kPod),
	r(`static pod "`, ``, &yes, "static pod", kStaticPod),
	r(`static pod manifest of "`, ``, &yes, "static pod", kStaticPod),
	r(`pod "`, ``, &yes, "pod", kPod),
	r(`node "<node>" has (no )?taint "`, ``, &yes, "taint", kTaint),
	r(`node "<node>" has condition "`, ``, &yes, "condition", kNodeCond),
	r(`node "<node>" reports `, ``, &no, "condition", kNodeCond),
	r(`node "`, ``, &yes, "node", kNode),
	r(`event "`, ``, &yes, "reason", kEvent),
	r(`condition "<condition>" "`, ``, &yes, "status", kStatus),
	r(`condition "<condition>" with status "`, ``, &yes, "status", kStatus),
	r(`condition "<condition>" is "`, ``, &yes, "status", kStatus),
	r(`condition "`, ``, &yes, "condition", kPodCond),
	r(`QoS class "`, ``, &yes, "QoS class", kQoS),
	r(`priority class "`, ``, &yes, "class", kClass),
	r(`upgraded to version "`, ``, &yes, "version", kUpgrade),
	r(`version "`, ``, &yes, "version", kKubelet),
	r(`from "`, ``, &yes, "file", kFile),
	r(`(tainted|taint) "`, ``, &yes, "taint", kTaint),
	r(`(phase is|stays in phase) "`, ``, &yes, "phase", kPhase),
	r(`(reachesenters|reaches|enters) phase "`, ``, &yes, "phase", kStay),
	r(`has deletionGracePeriodSeconds `, ``, &no, "grace", kSeconds),
	r(`has a deletion grace period of `, ``, &no, "grace", kSeconds),
	r(`has toleration "`, ``, &yes, "taint", kTaint),
	r(`has toleration "<taint>" for `, ``, &no, "seconds", kSeconds),
	r(`shows (status|STATUS) "`, ``, &yes, "status", kColumn),
	r(`is still showing status "`, ``, &yes, "status", kColumn),
	r(`shows ready "`, ``, &yes, "ready", kReady),
	r(`(containing|says|mentioning) "`, ``, &yes, "text", kText),
	r(`threshold is "`, ``, &yes, "threshold", kThreshold),
	r(`minimum reclaim is "`, ``, &yes, "reclaim", kReclaim),
	r(`volume "`, ``, &yes, "volume", kVolume),
	r(`(config map|secret) "`, ``, &yes, "name", kName),
	r(`reason "`, ``, &yes, "reason", kReason),

	// Lists of quoted names.
	r(`(: |keys? )`, ``, &no, "names", kNames),
	r(`nodes `, ``, &no, "nodes", kNames),
	r(`^the pods $`, ` are created`, &no, "pods", kNames),
	r(`^the pods $`, ` are `, &no, "pods", kNames),
	r(`^the pods <pods> are `, ``, &no, "state", kState),

	// Unquoted values.
	// Issue 38's third held-out set: a state holding over a window, the
	// columns at an instant, authors' bare values.
	r(`the pod "<pod>" stays `, ` with`, &no, "phase", kStay),
	r(`the pod "<pod>" stays `, ``, &no, "state", kHold),
	r(`container "<container>"( of pod "<pod>")? stays `, ``, &no, "state", kCtrHold),
	r(`stays (in phase "<phase>"|<[^>]*>) `, ``, &no, "bound", kHoldBound),
	r(`stays (in phase "<phase>"|<[^>]*>) <bound> `, ``, &no, "duration", kDuration),
	// Holds over a window (drafts 72): `is|stays|remains S throughout A to B`.
	r(`the pod "<pod>" (isstaysremains|staysremains|remains|isphase is) `, ``, &no, "state", kHold),
	r(`container "<container>"( of pod "<pod>")? (isstaysremains|staysremains|is|keeps) `, ``, &no, "state", kCtrHold),
	r(`keeps <state> `, ``, &no, "bound", kHoldBound),
	r(`node "<node>" STATUS is.*"`, ``, nil, "node STATUS", kNodeStatus),
	r(`keeps <state> <bound> `, ``, &no, "duration", kDuration),
	r(`remains <[^>]*> `, ``, &no, "bound", kHoldBound),
	r(`remains <[^>]*> <bound> `, ``, &no, "duration", kDuration),
	r(`<from> (to|until|and|tountiland|toanduntil) `, ``, &no, "to", kDuration),
	r(`(throughout (from )?|frombetween |throughoutforduring the first |"<status>"? throughout.* |<state> from )`, ``, &no, "from", kDuration),
	r(`"<status>"? `, ` `, &no, "bound", kHoldBound),
	r(`"<status>"? <bound> `, ``, &no, "duration", kDuration),
	r(`(STATUS|STATUSstatus) (staysremainsis) "?`, ``, nil, "status", kColumn),
	r(`^after `, ``, &no, "duration", kDuration),
	r(`^after <duration> the pod "<pod>" is `, ``, &no, "state", kState),
	r(`(STATUS is|shows) "`, ``, &yes, "status", kColumn),
	r(`status is "`, ``, &yes, "status", kColumn),
	r(`with STATUS "`, ``, &yes, "status", kColumn),
	r(`and STATUS "`, ``, &yes, "status", kColumn),
	r(`STATUS columnkubectl STATUS of the pod "<pod>" is "`, ``, &yes, "status", kColumn),
	r(`READY column of the pod "<pod>" is "`, ``, &yes, "ready", kReady),
	r(`READY "`, ``, &yes, "ready", kReady),
	r(`RESTARTS "`, ``, &yes, "restarts", kCount),
	r(`(READY|READY is|shows ready) "`, ``, &yes, "ready", kReady),
	// A restart count bounded (issue 38's fourteenth held-out set).
	r(`(restart count is|has restart count|restartCount is|has restartCount|restarted|shows|has) at (least|most) `, ``, &no, "count", kCount),
	r(`(restart count is|has restart count|restartCount is|has restartCount) `, ``, &no, "count", kCount),
	// `has (?:restartCount|restart count) N and …`, whose words the parser
	// factors (restart(?:Count| count)).
	r(`has restartCount count `, ``, &no, "count", kCount),
	r(`has phase "`, ``, &yes, "phase", kPhase),
	r(`(status reason is|has status reason) "`, ``, &yes, "reason", kReason),
	r(`with `, ` (CPUs?|cpus?|cores?)`, &no, "cpu", kQuantity),
	r(`with `, ` (of )?memory`, &no, "memory", kQuantity),
	r(`a node "<node>" with `, ` `, &no, "size", kQuantity),
	r(`with <size> `, ``, &no, "unit", kNodeUnit),
	r(`^`, ` pass`, &no, "duration", kDuration),
	r(`^`, ` `, &no, "number", kNumber),
	r(`^<number> `, ` pass`, &no, "unit", kUnit),
	r(`terminationGracePeriodSeconds `, ``, &no, "seconds", kSeconds),
	r(`is deleted with grace period `, ``, &no, "seconds", kSeconds),
	r(`between `, ``, &no, "from", kDuration),
	r(`between <from> and `, ``, &no, "to", kDuration),
	// Graceful node shutdown: the kubelet's two fields.
	r(`shutdown grace period is <duration> with `, ` for critical pods`, &no, "critical pods' part", kDuration),
	r(`(shutdownGracePeriod|shutdownGracePeriodCriticalPods) is `, ``, &no, "duration", kDuration),
	r(`(within|at|after|before|until|takes|period|period is) `, ``, &no, "duration", kDuration),
	r(`receives? SIGKILL (\[?less than.*\]? )?`, ` after SIGTERM`, &no, "duration", kDuration),
	r(`reboots for `, ``, &no, "duration", kDuration),
	r(`fails (for|during|forduring) the first `, ``, &no, "duration", kDuration),
	r(`never Terminating for `, ``, &no, "duration", kDuration),
	r(`code `, ``, &no, "code", kExitCode),
	r(` the `, ` time`, &no, "start", kStart),
	r(``, ` times?`, &no, "count", kCount),
	// Held-out set 44: `on its first 2 runs` (`starts`), the first N times.
	r(`on its first `, ``, &no, "count", kCount),
	r(`shows `, ` restart`, &no, "count", kCount),
	r(`has `, ` restart`, &no, "count", kCount),
	r(`<node>" has `, ` of `, &no, "available", kQuantity),
	r(`<available> of `, ` available`, &no, "resource", kResource),
	r(`^the available $`, ``, &no, "resource", kResource),
	r(`^the available <resource> .* to $`, ``, &no, "available", kQuantity),
	r(`memory and .*eviction.* threshold.* "`, `"`, nil, "threshold", kThreshold),
	r(`^a node "<node>" (with|whose kubelet has|where the kubelet has).*eviction.* threshold.* "`, `"`, nil, "threshold", kThreshold),
	r(`(with|has) `, ` disk`, &no, "disk", kQuantity),
	r(`a PID limit of `, ``, &no, "limit", kPIDLimit),
	r(`(with|has) `, ` CPU and`, &no, "cpu", kQuantity),
	r(`CPU and `, ` memory reserved`, &no, "memory", kQuantity),
	r(`CPUs? and `, ` memory$`, &no, "memory", kQuantity),
	r(`with `, ` CPU`, &no, "cpu", kQuantity),
	r(`CPU, `, ` memory`, &no, "memory", kQuantity),
	r(`memory and `, ` pods`, &no, "pods", kQuantity),
	r(`(uses|writes|reaches) `, ``, &no, "amount", kQuantity),
	r(`with value <value> and preemptionPolicy `, ``, &no, "policy", kPreempt),
	r(`with value `, ``, &no, "value", kPriority),
	r(`has priority `, ``, &no, "priority", kInteger),
	r(`with restartPolicy `, ``, &no, "policy", kRestart),
	r(`a pod "<pod>" with priority `, ``, &no, "priority", kPodPriority),
	r(`kubectl shows the pod "<pod>" as `, ``, &no, "status", kColumn),
	r(`the pod "<pod>" is still `, ``, &no, "state", kState),
	r(`the pod "<pod>" is (not )?`, ``, &no, "state", kState),
	r(`the pod "<pod>" (is never|never becomes) `, ``, &no, "state", kNever),
	r(`the pod "<pod>" becomes `, ``, &no, "state", kBecome),
	r(`the pod "<pod>" stays `, ``, &no, "phase", kStay),
	r(`fails its `, ` probe`, &no, "probe", kProbe),
	r(`passes its `, ` probe`, &no, "probe", kPassProbe),
	rc(`^the `, `readiness\|liveness\|startup`, "probe", kPassProbe),
	r(`^the `, ` probe of`, &no, "probe", kProbe),
	r(`probe (from )?`, ` after it starts`, &no, "duration", kDuration),
	r(`comes under `, ` pressure`, &no, "pressure", kPressure),
	r(`(receives|does not receive) `, ``, &no, "signal", kSignal),
	r(`node "<node>" `, ` usage`, &no, "resource", kResource),
}

// ruleFor finds the rule for a capture.
func ruleFor(before, after string, sub *syntax.Regexp) (rule, bool) {
	quoted := strings.HasSuffix(before, `"`) && strings.HasPrefix(after, `"`)
	for _, ru := range rules {
		if ru.quoted != nil && *ru.quoted != quoted {
			continue
		}
		if !ru.before.MatchString(before) {
			continue
		}
		if ru.after != nil && !ru.after.MatchString(after) {
			continue
		}
		if ru.capture != nil && (sub == nil || !ru.capture.MatchString(sub.String())) {
			continue
		}
		return ru, true
	}
	return rule{}, false
}
