// Package language renders the reference of podlife's scenario language,
// docs/language.md: the hand-written prose of reference.md.tmpl (the
// conventions, the time rules, the defaults, the tags) around what the
// step registry says (every phrase with its template, its example and its
// slots; the timeline events; the capabilities; the kubelet versions).
//
// `podlife steps --markdown` prints it; TestDocIsGenerated fails when
// docs/language.md is not what Markdown makes, so the reference cannot
// drift from the registry.
package language

import (
	"bytes"
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"text/template"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/kubelet/releases"
	"github.com/podlife/podlife/steps"
)

// Command regenerates docs/language.md from the module root.
const Command = "go run ./cmd/podlife steps --markdown > docs/language.md"

//go:embed reference.md.tmpl
var reference string

// Family is a group of phrases, in the registry's order.
type Family struct {
	Key     string
	Title   string
	Anchor  string
	Note    string
	Phrases []Phrase
}

// families gives the registry's families their titles and notes; a family
// not listed here is titled by its key.
var families = map[string]struct{ title, note string }{
	"cluster": {"Cluster and node setup", "Before the first pod. A scenario that declares no node gets `worker-1` (4 CPU, 8Gi memory, 110 pods, a 100Gi disk, a PID limit of 4194304, nothing reserved for the system). A node's disk is what nodefs.available is measured against, its PID limit what pid.available is; what it reserves for the system is out of its allocatable, which the scheduler and the kubelet's admission fit pods into (its capacity, and memory.available, stay). On a cluster the declared node is a pool node configured so (its disk and PID thresholds translated from the declared figures, what it reserves added to the kubelet's reservations)."},
	"pods":    {"Pods", "A pod given without YAML has one agent container named `app`. A value given both in the step and in the YAML, differently, is an error. `a pod \"p\" with a memory limit of 256Mi` (`with an ephemeral-storage limit of 500Mi`, `with cpu request 100m`: memory, cpu or ephemeral-storage, a limit or a request, `of` optional) gives that one container the resource; a limit alone, the API server defaults the request to it. `a pod \"p\" with an image that does not exist` (`that cannot be pulled`) is `a pod \"p\"` whose container `app` has an image no registry serves, as `the image tag of container \"app\" of pod \"p\" does not exist` makes it."},
	"behaviour": {"Container behaviour",
		"Behaviour steps set what an agent container (one without `image:`) does; delays count from the container's start and restart with each new instance. `container \"c\" answers /healthz with HTTP 200 for 30s, then with HTTP 500` (`responds`, `returns`; one code alone for the whole run) is what its httpGet probes on that path (every httpGet probe of it with no path) get: the kubelet counts 200 to 399 a success and any other code a failure (pkg/probe/http/http.go DoHTTPProbe), so it is `fails its <probe> probe after 30s` (`from 0s after it starts` for a failing code alone, `until D` for a failing one first) for each such probe; a container with no such probe is bad input. A workload's pods share its template, which a behaviour step shapes (`container \"app\" of deployment \"api\"`): it applies to every pod of it, and naming one pod by its order (`of the second pod of deployment \"api\"`) is an error that says so; a behaviour of its own is a bare pod's. A behaviour of one start (`the first time`, `the second time`) is that start's exit; the other starts behave as the container's other steps say (by default they run until signalled). `exits with code C after D the first N times` (`on its first N runs`, `on its first N starts`) gives starts 1 to N that exit, as N steps `the first time` … `the Nth time` would: beside `exits with code 0 after 2s`, `exits with code 1 after 2s on its first 2 runs` is two failures and then a success; N below 1, or a start another step gives as well, is an error at the step's line. `runs forever` (`never exits on its own`) says that default: it changes nothing, and is an error beside a step that gives the same container an exit of its own (`exits with code C after D`, `runs to completion after D`, an exit of one start, an image command that ends, `sleep 10`); what it does on a signal is left as it is. The agent counts its starts in a volume that outlives its restarts (an `emptyDir` named `podlife-attempts`, mounted at `/podlife/attempts`, added to the pod for it)."},
	"actions": {"Actions",
		"An action step (a `When`, or an `And`/`But` after one) moves t=0. `becomes …` and `is restarted N times` wait up to {{wait}} and fail the scenario with the pod's last status if it never happens. `the image of container \"c\" of pod \"p\" is set to \"img\"` (`changed`, `updated`) updates the pod's spec with that image (`kubectl set image pod/…`); the kubelet kills the running container, with the pod's grace period and its preStop hook, and starts it again with the new image, a restart (docs/fidelity.md, pod-image-change); t=0 is the update. The container must run an image (an agent container's behaviour is in its arguments); on a cluster an image it does not have skips the scenario with the reason. `the finalizer \"f\" is removed from the pod \"p\"` (`from pod \"p\"`) patches the pod's metadata.finalizers without f, as the controller that put it there does once its clean-up is done: the API server keeps a deleted pod while a finalizer is left, after its containers stopped, its terminal phase and the kubelet's final delete (its deletionTimestamp set; as a pod in a terminal phase it is not `Terminating`, and its STATUS is its phase's, `Error` after an exit 143), and removes it with its last finalizer; a pod still in its grace period goes at the kubelet's final delete, one not being deleted only loses the finalizer (docs/fidelity.md, pod-finalizer-holds-deletion). t=0 is the patch. f must be a finalizer the pod's YAML declares (`metadata.finalizers`) that no earlier step removed, else the step is an error. On a cluster, cleanup removes the finalizers of the scenario's pods it deletes, so that none keeps its namespace."},
	"pod expectations": {"Pod expectations",
		"State checks (phase, condition, QoS, restarts) read the current time; `within`, `between` and `not … after` are windows counted from t=0. A pod's condition timed (`has condition \"Initialized\" \"True\" within 3s`, `at T`, `between A and B`) is a pod's state: `within D`, true at some instant up to t0+D, before t=0 included; `at T` and `between A and B`, the first time it took that status (and reason) at or after t=0; read on its changes of status, which the timeline records (`Condition(Type=Status)`). `the pod \"p\" phase is \"P\" with reason \"R\"` (`has phase`) is `phase is \"P\"` and `has reason \"R\"` at once, at the current time: the pod's phase is P and its status reason R (an evicted pod's `Failed` and `Evicted`); a failure says which of the two did not hold. A container's restart count may be written as the API names it, `restartCount` (`has restartCount 2 within 20s`). A restart count bounded (`the pod \"p\" shows at least N restarts`, `has at most N restarts`; `container \"c\" has restarted at least N times`, `restart count is at most N`) is the exact form's state at the current time (the RESTARTS column, the container's restartCount), at least (at most) N. `the pod \"p\" is never recreated`: no pod of that name is created after the scenario's first deletion of it (a static pod's mirror pod, deleted, comes back; a bare pod does not), to the end of the activity, as `never` waits; before any deletion of it, trivially true. `the pod \"p\" shows at least N restarts within D` (`has at least N restarts within D`): the RESTARTS column counts N or more at some time up to t0+D, read as `shows N restarts within D` reads it (on a cluster by the end of the pod's live window). A pod `is marked for deletion` when its deletionTimestamp is set: its deletion requested, by a step, the kubelet or a controller (the taint-eviction controller's for a NoExecute taint it no longer tolerates), the DeleteRequested event on the timeline, from which it shows Terminating; `within D`, `between A and B` and `at T` are that event's, its first at or after t=0 in the window (on a cluster in its live window); `is not marked for deletion at T` is `is not Terminating before T` (not yet marked at T), `is never marked for deletion` is `is never deleted`, and `is never marked for deletion within D` is `is not Terminating before D`. `the pod \"p\" is deleted within D` is `is marked for deletion within D`, and `is not deleted` is `is never deleted` (as `the job \"x\" is not deleted` is the job's). `the pod \"p\" reaches phase \"P\"` (`enters phase`) is untimed, as an event is: the pod was in phase P at some time of the scenario, the first such time at or after t=0 chosen (a pod that was Running before t=0 has reached Running); with a time it is `is P` (`within D`, `between A and B`, `at T`). `the pod \"p\" has deletionGracePeriodSeconds N` (`has a deletion grace period of N`): the grace period the API server stored with the pod's deletion (metadata.deletionGracePeriodSeconds), read at the current time: a delete's own, else the spec's; a later, shorter delete lowers it, a longer one leaves it. `the pod \"p\" has toleration \"key[=value]:Effect\"` (`for D`): one of the pod's tolerations as the API server stored them tolerates that taint (for D, its tolerationSeconds, when said), read at the current time; the DefaultTolerationSeconds admission plugin gives a pod without its own the not-ready and unreachable NoExecute ones for 300 s. Several pods in one expectation (`the pods \"a\" and \"b\" are Running`, `pods \"a\", \"b\" and \"c\" receive SIGTERM within 5s`, `kubectl shows STATUS \"Evicted\" for pods \"a\" and \"b\"`, `container \"app\" of pods \"a\" and \"b\" does not receive SIGKILL`) is the expectation of one pod said of each in turn, in the order written, its verb made singular (`are` is `is`, `receive` `receives`; `all`, `both`, `each` dropped): it holds when each holds, and it is a phrase only where the one-pod text is an expectation of the language (an action of several pods is written once per pod, or `the pods … are created`). `container \"c\" starts N times` counts the container's starts, its first and each restart, in the whole scenario, once its activity has ended. `Given the pod:` over a whole Pod declares the pod its metadata.name names."},
	"kubectl columns":       {"kubectl columns and container readiness", "What `kubectl get pods` prints, computed as the API server's table printer does. `the pod \"p\" is never Terminating` (`never shows status \"S\"`): the STATUS column never showed it in the whole scenario, run to the end of its activity as `never` is, read off every version of the pod the API held (the timeline's `Status(…)`). A pod being deleted shows Terminating only while its phase is not terminal: a force delete of a running pod shows it, in the version the API server stores before it removes the pod; a pod deleted once it has completed does not. `the pod \"p\" is never Terminating for D`: no stretch of STATUS Terminating (from the version that shows it to the next that does not, or the pod gone, or the end of the activity) lasted D, in the whole scenario run as `never` is; on a cluster a stretch's end is judged by the window of an event D after its start (a force delete's instant of Terminating holds, a graceful delete's 30 s fails). `shows STATUS \"S\"` and `shows RESTARTS N`, the columns named as kubectl prints them, are `shows status \"S\"` and `shows N restarts`, with the same time bounds (`within D`, `at T`, `between A and B`; RESTARTS untimed and `within D`). `kubectl shows STATUS \"S\" for pod \"p\"` (`within D`, `at T`), `the STATUS column of pod \"p\" is \"S\" at T`, `kubectl shows READY \"1/2\" for pod \"p\"` and `the READY column of pod \"p\" is \"1/2\"` (`at T`) are `the pod \"p\" STATUS is S` and `kubectl shows pod \"p\" READY \"1/2\"` with the same bounds: `at T` reads what kubectl prints at t0+T, whenever it began (where `shows status \"S\" at T` is the status's coming at T). `the pod \"p\" condition \"C\" is \"S\" at T` (`still has condition \"C\" \"S\" at T`) reads the condition at t0+T in the same way, where `has condition \"C\" \"S\" at T` is its coming. `container \"c\" has restart count N at T` reads the container's restartCount at t0+T in the same way (`between A and B` is its coming). `node \"n\" still has condition \"C\" \"S\" at T` reads the node's condition at t0+T, where `has condition \"C\" \"S\" between A and B` is its coming. `container \"c\" is waiting with reason \"R\" and message containing \"M\"` (`is waiting with message containing \"M\"`, any reason; untimed, `at T`, `within D`) reads the container's waiting state as `is waiting with reason \"R\"` does, its message too: in a crash loop the kubelet's \"back-off 20s restarting failed container=c pod=p\", the back-off's current step (kuberuntime_manager.go doBackOff, v1.36.3), shown from the sync that finds the back-off over (docs/fidelity.md, crashloop-display). `the STATUS column of pod \"p\" is \"S\"` (`within D`) is `the pod \"p\" STATUS is S` with the same bounds."},
	"signals and hooks":     {"Signals, hooks and timing", "`at`, `within` and `between` count from t=0; the other phrases follow the untimed rule. `no container receives SIGKILL` (of the scenario's pods, a workload's included), `no container of pod \"p\" receives SIGKILL` and `the pod \"p\" never receives SIGTERM` are `never receives` of every container of the scenario or of the pod: to the end of the activity, the whole scenario; `the pod \"p\" does not receive SIGTERM before D` (`no container of pod \"p\" receives SIGKILL before D`) is `does not receive … before D` of the pod's first signal. `container \"c\" does not receive SIGKILL D after SIGTERM` is the negation of `receives SIGKILL D after SIGTERM`, on its judgement and window: it holds when no SIGKILL came in that window after the SIGTERM chosen (an earlier one, as a force delete's at the 2 s floor, or none), and when there was no SIGTERM; `receives SIGKILL less than D after SIGTERM` (`under D`) holds for a SIGKILL after the SIGTERM before D (on a cluster by the end of that instant's window). `container \"c\" does not run its preStop hook` (`never runs its preStop hook`; `the preStop hook of container \"c\" never runs`, `is never run`, `is not run`, `does not run`): the hook never started in the whole scenario, as `never` waits; the container must have the hook. The kubelet runs it whenever it kills the running container, a force delete included (the grace is never below 1 s: pod_workers.go calculateEffectiveGracePeriod, kuberuntime_container.go killContainer, v1.36.3); not for a container that has already exited. A postStart hook `fails` (`failed`; untimed, `within D`, `at T`, `between A and B`) when it ended with an error: the kubelet records the container's Warning event `FailedPostStartHook` and kills the container (reason `PostStartHookError`; kuberuntime_container.go startContainer, v1.36.3), the event read on both drivers as `an event \"FailedPostStartHook\" is recorded for container \"c\"` reads it; the container must have the hook. A preStop hook `fails` (`failed`, timed the same) when it ended with an error: the kubelet records the container's Warning event `FailedPreStopHook` and goes on killing the container (kuberuntime_container.go executePreStopHook, v1.36.3), read as the postStart hook's failure is; the container must have the hook. A pod's exit (`the pod \"p\" exits with code C`, `exited`; of a workload's pod by its order, `the third pod of job \"j\" exited with code 1`) is its container's where the pod has one (init containers aside), as `container \"c\" of pod \"p\" exits with code C`; a pod of several containers is an error naming them. A postStart hook `starts` as its container starts (the kubelet runs it right after the runtime started the container, before it reports the container running: kuberuntime_container.go startContainer, v1.36.3), so its start is the container's `Started` event, and `finishes` at its return (`PostStartDone`); the container must have the hook. On a cluster a hook's end is seen where podlife's agent runs it (an exec hook of an agent container); elsewhere the step is unobserved there, and the scenario skipped with the reason. A preStop hook `is cut short` (`is interrupted`) `at D` (`after D`: the same) or `within D` when the kubelet stopped waiting for it before it returned, at the grace period's end (pkg/kubelet/kuberuntime/kuberuntime_container.go executePreStopHook, v1.36.3), and then stopped its container: the container's `PreStopDone` is at t0+D, judged as `finishes at`, and the timeline says the hook had not returned (a hook that returned, completed or failed, at that time fails the step); the container must have the hook, and on a cluster, as for `finishes`, the hook must be an exec hook of an agent container. `container \"c\" exits with code C within D` is `exits within D` (its first exit at or after t=0 comes by t0+D) whose exit has code C, as `exits at T with code C`; `terminated with reason \"R\"` is `terminated with reason \"R\" and exit code C` without the code (the container's last termination, its current state's, else its last state's). `container \"c\" is OOMKilled within D` (`between A and B`, `at T`) is `exits` timed so, of its exits that the runtime reports as OOMKilled: the first such exit at or after t=0 lies in the window. `container \"c\" receives no signal before D` (`is not signalled within D`) is `does not receive SIGTERM before D` and `does not receive SIGKILL before D` together. `container \"a\" receives SIGTERM before container \"b\"` (SIGKILL too) is `the containers of pod \"p\" … in this order: \"a\", \"b\"` of that signal: both receive it, a's first before b's. `container \"c\" exits with code C between A and B` (`terminates with exit code C`) is `exits between A and B` whose exit has code C."},
	"events":                {"Kubernetes Events", "Counts include aggregated counts; `N times` is exact, `at least N times` N or more (without `within D` waited for as the untimed rule waits, until there are N, to the end of the activity at most). `an event \"R\" with message containing \"M\" is recorded [for …] within D`: the first event of that reason and object whose message contains M (anywhere in it) at or after t=0 comes by t0+D, judged as `an event \"R\" is recorded within D` (on a cluster in its live window). `no \"R\" event is recorded …` is `no event \"R\" is recorded …`. `a Warning event \"R\" …` (`Normal`; `no Warning event`, `the pod \"p\" gets a Warning event \"R\"`) is the phrase without the type whose events also have that type (the Event's `type`, as `kubectl describe` lists it: the kubelet's failures, BackOff, Unhealthy, Evicted, FailedPreStopHook, are Warning; Scheduled, Pulled, Created, Started, Killing are Normal). `an event with message containing \"M\" is recorded …` (`no event with message containing …`) is the phrase with a reason, of an event of any reason."},
	"timeline":              {"The whole timeline", "Rows are matched in order; `at` as above (a column headed `time`, `t` or `when` is read as `at`); other events may come in between unless the step says `is exactly`: then no event of the vocabulary's lifecycle (Scheduled to Deleted) comes between two rows unless a row names it, and the kinds the table names (a `Status(…)`, a `Condition(…)`, an `Event(…)`) come nowhere from t=0 on but as rows. Rows run the scenario at least to their latest time. The `event` column takes the timeline events below."},
	"resize":                {"In-place resize", "A running pod's containers' cpu and memory resized in place through the pod's resize subresource (InPlacePodVerticalScaling, GA in 1.35), as `kubectl patch pod p --subresource resize` does: `the cpu limit of container \"c\" of pod \"p\" is resized to 1` (`request`, `limit`, or `request and limit`; `cpu` or `memory`) sets that value, the container's other resources kept; `the pod \"p\" is resized:` takes the patch's `spec.containers[]` (each a `name` and its `resources`) as a YAML doc string. t=0 is the API server's acceptance. The API server rejects a resize that would change the pod's QoS class (a Guaranteed container's memory limit raised alone makes it Burstable), a request above its limit, another resource than cpu and memory, a static pod's: the step fails with the API's message, unless a step of the scenario says `the resize of pod \"p\" is rejected with message containing \"…\"`, which then judges it. The kubelet allocates a resize the node's allocatable holds beside the other pods' allocated requests (the pod has condition `PodResizeInProgress` until it is applied); one it does not hold, even beyond the whole node, is `PodResizePending` with reason `Deferred` (Infeasible is for swap, static cpu or memory manager policies and pod-level resources), the containers unchanged. A container whose `resizePolicy` for the resource is `RestartContainer` is killed (`Container c resize requires restart`) and started again with the new resources, its restart count one more; `NotRequired` (the default) changes them in place, the same container running on (`keeps its container ID`, `is never restarted`). `container \"c\" has cpu limit 1` (`request`; `memory`) reads the container's status (`status.containerStatuses[].resources`: what the kubelet applied, not the spec's desired value) at the current time; `within D`, at some time up to t0+D (docs/fidelity.md, resize-in-place)."},
	"kubelet configuration": {"Kubelet configuration", "Before the first pod. A driver that cannot set them skips the scenario with the reason."},
	"static pods":           {"Static pods", "A static pod is named in steps by its manifest name, lives in the scenario's namespace and starts at its Given step. Deleting it deletes the mirror pod, which the kubelet recreates. Removing its manifest from the node stops it: the kubelet kills the pod with its spec's grace period (preStop hooks, SIGTERM, SIGKILL at the grace), then deletes the mirror pod at its next housekeeping (every 2 s), for good; t=0 is the removal. `the mirror pod of static pod \"p\" exists` (`the mirror pod \"p\" exists`): the kubelet has made the static pod's mirror pod in the API, at the current time; `within D`, at some time up to t0+D, before t=0 included, as a pod's state `within D`. The simulator's kubelet makes it in the instant it reads the manifest; on a cluster a static pod's `PodCreated` is its manifest's writing, and its mirror pod is in the API from its first version seen. `the mirror pod \"p\" is deleted` (`of static pod \"p\"`; `is force deleted`) is `the pod \"p\" is deleted` (`is force deleted`) of a static pod: the kubelet deletes a mirror pod being deleted gracefully at once and makes a new one in the same sync; one force deleted, it makes again at the pod's next periodic sync (a minute, stretched by up to half). The pod must be a static pod."},
	"container usage": {"Container resource usage",
		"What an agent container uses, counted from its start. Two or more `uses … of memory` steps on one container are points of a step function: `uses 200Mi of memory after 5s` then `uses 900Mi of memory after 30s` is 200Mi from 5s and 900Mi from 30s (a later point may be less: the agent frees the rest). Write the points in the order of their times: a step at the time of one before it, or earlier, is an error at its line. On a cluster the agent faults each rise in, paced to be in use at its time. `writes … to its writable layer` writes a file in the container's own filesystem (under `/tmp` of the agent's image): the container's ephemeral storage (with its logs), its pod's, and the node's disk (nodefs), which the kubelet's local-storage checks and disk pressure read."},
	"node actions":             {"Node actions", "Actions: each moves t=0. `the kubelet on node \"x\" stops` (`is stopped`, `of node`) is `node \"x\" becomes NotReady`: the node stops posting its status, and t=0 moves where the node-lifecycle controller marks it. `node \"x\" comes back` (`is back`, `becomes Ready again`, `recovers`, `the kubelet on node \"x\" starts again`) ends it: the kubelet runs again, the containers that kept running kept, and t=0 moves where the node shows Ready again; the unreachable NoExecute taint goes at the controller's next pass (5 s), a pod deleted meanwhile is killed then. `comes under … pressure` and `… usage reaches …` change the node's usage at t=0; the kubelet's eviction manager sees it at its next pass (every 10 s): the pressure condition, its taint and the evictions come then, so check them with `within` (`Then node \"worker-1\" has condition \"MemoryPressure\" \"True\" within 10s`), or let 10s pass first. A state check right after the action reads the node before the kubelet has noticed. `gets taint \"T\"` acts on nothing: it waits until the node has the taint (a controller's, the eviction manager's, or one a step gave) and moves t=0 to when it was put on, which may lie in the past, as `the pod \"web\" becomes Ready` does."},
	"node labels":              {"Node labels", "A node's labels, declared with the node or, as an action (t=0 the write), changed while the scenario runs, as `kubectl label node` does (an existing value is overwritten). The scheduler retries at once a pod the node's labels kept off it when its new labels match the pod's nodeSelector and required node affinity and its old ones did not (within its backoff too, 1 s after its first failure doubling to at most 10 s, when no other pod waits: the scheduler pops the backoff queue when its active queue is empty); any other change leaves the pod unschedulable, not tried again. A running pod stays whatever its node's labels become (`requiredDuringSchedulingIgnoredDuringExecution`). On a cluster a scenario that labels a node leases a pool node of its own, and the node's labels are restored at the scenario's end."},
	"node expectations":        {"Node expectations", "A node's state is read at the current time, as a pod's is (on a cluster from the API server, for up to the tolerance). `node \"x\" is unschedulable` (or `schedulable`) reads the node's `spec.unschedulable`, which a cordon or a drain sets: `node \"x\" is cordoned` is the action, which under Then cordons the node and checks nothing (lint warns, naming `is unschedulable`). `node \"x\" does not have condition \"C\" \"S\"` (`has no condition`) holds when the condition's status is not S at the current time (a node without the condition has no status for it). `the pod \"p\" is deleted by the taint eviction controller within D`: the pod's deletion was requested (it shows Terminating) at or after t=0 and by t0+D, judged as an event `within D` (on a cluster in its live window), and the taint-eviction controller's `TaintManagerEviction` event \"Marking for deletion Pod …\" was recorded for it (as the untimed rule reads an event): the deletion is that controller's, once the pod's NoExecute toleration ran out, not a step's."},
	"eviction expectations":    {"Eviction", "`is evicted`: the kubelet's eviction manager evicted the pod (its `Evicted` event) and, for a pod that is not static, the API shows phase Failed with reason `Evicted`. An admission rejection is not an eviction. `the pod \"b\" is evicted after the pod \"a\"` is `the pods are evicted in this order: \"a\", \"b\"`: both are evicted, a first (where `a is evicted before b` also holds when b never is)."},
	"admission and scheduling": {"Admission and scheduling", ""},
	"disruptions":              {"Disruptions", "ReplicaSets, PodDisruptionBudgets, the eviction subresource, cordon and drain. `the eviction is accepted` (`is refused with 429`, `with \"TooManyRequests\"`, `with message containing \"…\"`, `the eviction's message contains \"…\"`) answers the last eviction requested before the step, and `the evicted pod` names its pod wherever a phrase names one pod (`the evicted pod is gone within 5s`, `container \"app\" of the evicted pod receives SIGTERM`); a step that says either before any eviction is bad input. `node \"x\" is drained` is `kubectl drain --ignore-daemonsets`, nothing more: each pod's own grace period, no timeout, no `--force`, no `--delete-emptydir-data` (`is drained with \"…\"` adds flags); so a DaemonSet's pods are skipped, not evicted, and do not stop the drain (k8s.io/kubectl/pkg/drain filters.go daemonSetFilter), while a pod no controller manages, or one with an emptyDir volume, stops it before any eviction. A replica set's YAML is its pods' (a Pod, or its `spec:`) or the ReplicaSet's (a whole ReplicaSet, or its `spec:` with `template:`, as a Deployment is written); its selector is the template's labels (`app=<name>` when it has none). Changing a budget (`is changed to minAvailable 1`: the other field is cleared) or deleting it is an action (t=0 is the request): the API server stores the new spec with its generation one more and the disruption controller recomputes the status at its next sync (until then the eviction subresource refuses what the budget guards, as still being processed); a deleted budget guards nothing, so an eviction, or a drain's next retry, that it refused goes through. A Deployment's pods are evicted as a replica set's (`an eviction of a pod of deployment \"web\" is refused with message containing \"…\"`, `evictions of pods of deployment \"web\" are refused N times`, `the eviction of pod 2 of deployment \"web\" is refused with 429`): its pods across its ReplicaSets, as its other pod phrases count them. `a pod disruption budget \"b\" with minAvailable N for deployment \"d\"` (`maxUnavailable`; `a PodDisruptionBudget`) is `… for pods labelled` the deployment's pod template's labels (its selector); the deployment is declared before it. `a replica set \"x\":` with a manifest takes its count from spec.replicas, 1 when it has none, as the API server defaults it; `a pod disruption budget \"x\":` (`a PodDisruptionBudget \"x\":`) with a manifest (a whole PodDisruptionBudget, or its `spec:`) declares the budget the other budget phrases declare: one of minAvailable and maxUnavailable, the pods its spec.selector.matchLabels select (matchExpressions are refused), and its unhealthyPodEvictionPolicy. A workload's pod by its number is also written `pod #2 of replica set \"web\"`. A drain's options may be said in words, each the kubectl flag of the same name: `node \"x\" is drained with grace period 5s` (`--grace-period=5`, whole seconds), `with timeout 30s` (`--timeout=30s`), `ignoring DaemonSets` (the default), `forcing bare pods` (`--force`), `deleting emptyDir data` (`--delete-emptydir-data`), joined by `and` or commas. `node \"x\" is unschedulable within D` (`schedulable`) is its spec.unschedulable so at some instant from t=0 to t0+D. `N pods of deployment \"x\" are on node \"n\"` counts a deployment's pods there as a replica set's are counted (bound to the node, not being deleted), and `N pods of deployment \"x\" are Ready on node \"n\"` (of a replica set too) those of them whose Ready condition is True, at the current time; a count may be said `all N pods`. `When I run \"kubectl …\"` takes the kubectl commands whose effect a step has, read as kubectl reads their arguments: `drain NODE` with its flags (`is drained with \"…\"`), `cordon NODE`, `uncordon NODE`, `delete pod NAME` with `--grace-period=N`, `--now` (1 s) and `--force` (0 s alone; `--grace-period=0` without it is 1 s, as kubectl makes it); any other command is bad input at its line. podlife runs no kubectl. `the deleted pod` (where a phrase names a workload's pod: `container \"app\" of the deleted pod receives SIGKILL at 30s`, `the deleted pod is gone within 32s`) is the pod of the last delete of a pod before the step (`the pod \"p\" is deleted`, `pod 2 of replica set \"web\" is deleted`, `one pod of replica set \"web\" is deleted`, which is its first), as `the evicted pod` is the last eviction's; before any delete it is bad input."},
	"workloads":                {"Workloads", "Deployments, ResourceQuotas, Jobs and DaemonSets, created with the cluster (the quotas first, their usage computed before anything else is created); a Deployment's first rollout is waited for before the first action, and a DaemonSet's pods started. `a stateful set \"x\" of N pods` is a StatefulSet (its YAML the StatefulSet's, a whole one or its `spec:` with `podManagementPolicy` and `template:`, or its pods'): with `podManagementPolicy` OrderedReady, the default, its controller creates ordinal i only once ordinals 0 to i-1 are Running and Ready, and a scale down (`the stateful set \"x\" is scaled to N`) deletes the highest ordinal first, one pod at a time, each once the one before it is gone; with Parallel it creates and deletes them all at once; a pod deleted comes back under its name once the old one is gone (with `minReadySeconds`, each pod counts once it has been Ready that long; volume claims, start ordinals and updates are not modelled: a declaration with them is refused). Its pods have the API's names, `<set>-<ordinal>`, and are named so wherever a phrase names a pod (`the pod \"x-0\"`); `When the pods are created` creates it at t=0 and waits for none of its pods (without that step it is created with the cluster and its replicas started before the first action); its container behaviour is written `container \"c\" of stateful set \"x\" …` (or `of pod \"x\"`); `has N pods`, `has N ready pods` (untimed, `within D`, `at T`) count as a replica set's do, and `has created N pods` counts every pod it created, one made again under a name counted again; on a cluster its spec.serviceName names a Service podlife does not create (the API does not need one). `a daemon set \"x\"` runs one pod on each node of the scenario that should run it (the DaemonSet controller's NodeShouldRunDaemonPod: its node selector and required node affinity match the node, and its tolerations, with those the controller adds to its pods, tolerate the node's NoSchedule and NoExecute taints: not-ready and unreachable NoExecute without tolerationSeconds, disk, memory and PID pressure and unschedulable NoSchedule, network-unavailable for a pod on the host's network), `on node \"n\"` on that node only (a node selector `kubernetes.io/hostname: n`); its controller puts back a pod deleted or finished, once the old one is gone; on a cluster the DaemonSet is kept by a node affinity on the scenario's nodes and never runs on another node. Its YAML is its pods' (a Pod, or its `spec:`) or the DaemonSet's (a whole DaemonSet, or its `spec:` with `template:`). Its pod is named, wherever a phrase names one pod, `the daemon set pod of \"x\"` or `the daemon set \"x\" pod` (the first pod it created: for a daemon set of one node) or `the pod of daemon set \"x\" on node \"n\"` (the first it created on that node, even once it is gone); `the daemon set \"x\" has N pods on node \"n\"` counts its pods there (bound to the node, or made for it by the controller and not bound yet; on a cluster bound only), at the current time, that are neither finished nor being deleted, and `still has` also wants each of them created before t=0 (so a pod a drain evicted and the controller put back is not counted). A workload's pod template is declared as a pod is: the behaviour steps shape it (`container \"app\" of pod \"batch\"` shapes the pods of the job \"batch\"; with no `of pod` when the scenario has one workload and no pod). Its pods are named by the workload and their creation order (`pod 2 of job \"batch\"`; a Deployment's across its ReplicaSets), and a Deployment's by its revision too: `the pod of revision 2` (of the scenario's one Deployment, or `of deployment \"x\"`; `the second pod of revision 2`) is the first (n-th) pod the Deployment's revision-th ReplicaSet created, as the deployment controller numbers them, each new one one more (a rollback, which no step makes, would renumber an old one); and of a workload that runs one pod at a time (a replica set's or a Deployment's one replica, a Job's parallelism of 1), `the old pod` (`original`) is its first pod and `the new pod` (`replacement`) its second, the one it made once the first was evicted, deleted, rolled over or failed (of the scenario's one workload, or `the new pod of deployment \"x\"`); its events and condition changes go on the timeline as `deployment/<name>`, `replicaset/<name>`, `job/<name>` (a condition taken out of the status as a change with no status). State checks read the workload's status at the current time; `within` is counted from t=0, and a condition `within D` is judged on the recorded condition changes, the same on both drivers: it held at some instant from t=0 (the state at t=0 counts) to t0+D, whatever the object shows when the step runs (`not complete after T`, on a cluster, reads the Deployment when the step runs: it comes before the steps that wait longer). The counts `at all times` run to the end of the activity, as `never` does. A Job's counters (`the job \"x\" has N active pods`, `no` or `zero` for 0: `has no active pods`) take `within D`, `at T` and `between A and B` as a workload's state: the count held at some instant from t=0 to t0+D (the state at t=0 counts), at t0+T, or at some instant from t0+A to t0+B; on a cluster, which cannot read the past, from where the cluster stands when the step runs, in the window of a time podlife's client reads. A workload's pods (`the deployment \"x\" has N pods`, of a replica set or a job too; `no` or `zero` for 0) are its active pods as its controller counts them (k8s.io/kubernetes pkg/controller/controller_utils.go IsPodActive: not Succeeded nor Failed, no deletionTimestamp; what a ReplicaSet's and a Deployment's `.status.replicas` and a Job's `.status.active` count once synced), read off the pods at the current time, and with `within D`, `at T` and `between A and B` as a Job's counters (`replicas` says `pods`), but counted along the pods' timeline as `at all times` counts them: a count the API showed within one instant holds, as a watch sees it (a surge pod created, started and Ready in the instant its old pod is deleted made 3 pods of 2 replicas: `never has more than 2 pods` fails there, and `has 3 pods within 5s` holds). A Deployment's or a ReplicaSet's ready pods (`has N ready pods`, `ready replicas`) are those of its active pods whose `Ready` condition is True, as its controller counts `.status.readyReplicas` (pkg/controller/replicaset/replica_set_utils.go calculateStatus), timed as its pods are; untimed, `the deployment \"x\" has N ready replicas` reads the Deployment's status field (the same count once its controller has synced). `the deployment \"x\" becomes available` waits, as a pod's `becomes` does, up to 2 min for the Deployment's `Available` condition True with its rollout complete (its spec's generation observed, `updatedReplicas` at `spec.replicas`, no old replica left, every updated replica available); t=0 moves to the first instant that held from the last t=0 on (it stays there when it held then already); a Deployment that never gets there fails the scenario with its last status. A Job with `ttlSecondsAfterFinished` is deleted that long after it finished (the TTL-after-finished controller, counting from its Complete or Failed condition's time in whole seconds), in the foreground: its pods first (a finished Job's are terminal: removed at once), then the Job; `the job \"x\" is deleted` is that delete accepted and `is gone` the Job no longer in the API (`job/<name>`'s DeleteRequested and Deleted on the timeline), untimed, `within D`, `between A and B`, `is never …`, `is not … before T`; a Job's pods are still named by their order once it is gone (`the first pod of job \"x\" is gone within 20s`). `throughout …` (`throughout the rollout`, `throughout the drain`, `throughout the scenario`) is `at all times`, whatever words follow it: from t=0 to the end of the activity; a Deployment's pods that `exist` are those `alive` (created, not terminal, not gone: terminating ones too). `N pods of deployment \"x\" are Ready` (`within D`; `all N pods`; of a stateful set, of a job too) is `the deployment \"x\" has N ready pods`. `the pod of deployment \"x\"` (of a replica set) names its one pod wherever a phrase names a pod (`the pod of deployment \"x\" is deleted`, `container \"c\" of the pod of deployment \"x\" receives SIGTERM`): its first, for a workload that runs one pod at a time; said of one that runs several it is bad input, which asks for `the first pod of …`; `the pod of job \"x\"` is a job's first pod, whatever its parallelism. `When the first pod of deployment \"x\" is deleted` (`the second`, `the old`, `the new`, `the pod of`) deletes that pod, as `pod 1 of deployment \"x\" is deleted` does. `the deployment \"x\" is rolled out` is `is restarted`: what `kubectl rollout restart` does, a new value of the annotation kubectl.kubernetes.io/restartedAt on the pod template, so a new template, a new revision (ReplicaSet) that the strategy rolls out. `a deployment \"x\":` and `a stateful set \"x\":` with a manifest take their count from spec.replicas, 1 when it has none, as the API server defaults it. `N new pods of deployment \"x\" are created within D` (`between A and B`; of a replica set, of a job; `a replacement pod of deployment \"x\" is created within D` is one) counts the pods its controller created after t=0's action, by their creation on the timeline: N of them by t0+D at some instant (between A and B: none before t0+A); a pod created before the last action is not new."},
}

// Kind is what a slot takes, described once in the reference's Slots
// table when several phrases take it.
type Kind struct {
	Label, Accepts string
}

// Families renders the registry, family by family in the order they
// first appear, and the kinds of slot several phrases share.
func Families() ([]Family, []Kind, error) {
	var out []Family
	index := map[string]int{}
	for _, d := range steps.Definitions() {
		p, err := phraseOf(d)
		if err != nil {
			return nil, nil, err
		}
		i, ok := index[d.Family]
		if !ok {
			f := Family{Key: d.Family, Title: strings.ToUpper(d.Family[:1]) + d.Family[1:]}
			if t, ok := families[d.Family]; ok {
				f.Title, f.Note = t.title, t.note
			}
			f.Anchor = anchor(f.Title)
			f.Note = strings.ReplaceAll(f.Note, "{{wait}}", fmtDuration(steps.WaitLimit))
			i = len(out)
			index[d.Family] = i
			out = append(out, f)
		}
		out[i].Phrases = append(out[i].Phrases, p)
	}
	// A kind that more than one phrase takes is described once.
	uses := map[*kind]int{}
	var order []*kind
	for _, f := range out {
		for _, p := range f.Phrases {
			for _, s := range p.Slots {
				if s.kind == nil {
					continue
				}
				if uses[s.kind] == 0 {
					order = append(order, s.kind)
				}
				uses[s.kind]++
			}
		}
	}
	for _, f := range out {
		for _, p := range f.Phrases {
			for i := range p.Slots {
				p.Slots[i].Shared = p.Slots[i].kind != nil && uses[p.Slots[i].kind] > 1
			}
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return rank(order[i]) < rank(order[j]) })
	var kinds []Kind
	for _, k := range order {
		if uses[k] > 1 {
			kinds = append(kinds, Kind{Label: k.label, Accepts: k.accepts})
		}
	}
	return out, kinds, nil
}

// rank is a kind's place in the Slots table.
func rank(k *kind) int {
	for i, o := range kindOrder {
		if o == k {
			return i
		}
	}
	return len(kindOrder)
}

// data is what the template reads.
type data struct {
	Command         string
	Families        []Family
	Kinds           []Kind
	Vocabulary      []string
	Capabilities    []string
	KubeletVersions []string
	DefaultKubelet  string
	WaitLimit       string
	SettleLimit     string
	LiveCap         string
}

// Markdown is docs/language.md.
func Markdown() ([]byte, error) {
	fams, kinds, err := Families()
	if err != nil {
		return nil, err
	}
	d := data{
		Command:         Command,
		Families:        fams,
		Kinds:           kinds,
		Vocabulary:      steps.Vocabulary,
		KubeletVersions: releases.Modelled(),
		DefaultKubelet:  releases.Default,
		WaitLimit:       fmtDuration(steps.WaitLimit),
		SettleLimit:     fmtDuration(steps.SettleLimit),
		LiveCap:         fmtDuration(2 * time.Minute),
	}
	for _, c := range driver.AllCapabilities() {
		d.Capabilities = append(d.Capabilities, string(c))
	}
	t, err := template.New("language.md").Funcs(template.FuncMap{
		"code":    func(s string) string { return "`" + s + "`" },
		"codes":   codeList,
		"indent":  func(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") },
		"example": func(s string) string { return exampleValue(s) },
		"tags":    func(xs []string) string { return tagList(xs) },
	}).Parse(reference)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// exampleValue shows a slot's value in the example, or says that the
// example leaves it out.
func exampleValue(s string) string {
	if s == "" {
		return "left out in the example"
	}
	return "`" + s + "` in the example"
}

func tagList(xs []string) string {
	var out []string
	for _, x := range xs {
		out = append(out, "`"+x+"`")
	}
	return strings.Join(out, ", ")
}

// fmtDuration writes 2m0s as 2 min and 10m0s as 10 min.
func fmtDuration(d time.Duration) string {
	if d%time.Minute == 0 {
		return fmt.Sprintf("%d min", d/time.Minute)
	}
	return d.String()
}

// anchor is the id GitHub gives a heading.
func anchor(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}
