package sim

import (
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
)

// The limits of a termination message: pkg/kubelet/container/runtime.go
// (v1.36.3), MaxContainerTerminationMessageLength (the file's last bytes
// read), MaxContainerTerminationMessageLogLength and
// MaxContainerTerminationMessageLogLines (the log's tail), and
// MaxPodTerminationMessageLogLength (the pod's budget, shared evenly by
// its containers).
const (
	maxContainerTerminationMessageLength    = 1024 * 4
	maxContainerTerminationMessageLogLength = 1024 * 2
	maxContainerTerminationMessageLogLines  = 80
	maxPodTerminationMessageLogLength       = 1024 * 12
)

// exitedProcess is what the kubelet knows of an exited container when it
// makes its terminated state's message: its spec's policy and path, how
// it ended, what its process wrote (its behaviour), and how many
// containers its pod has.
type exitedProcess struct {
	policy     corev1.TerminationMessagePolicy
	path       string // the spec's terminationMessagePath
	exitCode   int
	reason     string
	beh        *behavior.Behavior
	containers int
}

// terminationMessage is the message of the terminated state the API
// shows, by the kubelet's rule (v1.36.3):
//
//   - convertToKubeContainerStatus (pkg/kubelet/kuberuntime/kuberuntime_container.go):
//     the logs are a fallback only with terminationMessagePolicy
//     FallbackToLogsOnError, an exit code other than 0, and a reason other
//     than ContainerCannotRun; the message is the runtime's own (none
//     here: containerd gives none for an exit) joined by ": " to what was
//     read, when that is not empty.
//   - getTerminationMessage: the file mounted at terminationMessagePath
//     (a new, empty file per container instance, makeMounts), its last
//     MaxContainerTerminationMessageLength bytes (pkg/util/tail
//     ReadAtMost), as they are; the logs are read when the fallback
//     applies and the file is empty. A process that wrote another path
//     wrote nothing the kubelet reads.
//   - readLastStringFromContainerLogs: the log's last
//     MaxContainerTerminationMessageLogLines lines (PodLogOptions
//     TailLines), each full line with its newline (k8s.io/cri-client
//     pkg/logs parseCRILog), of which a ring buffer keeps the last
//     MaxContainerTerminationMessageLogLength bytes.
//   - normalizeStatus (pkg/kubelet/status/status_manager.go): a message
//     longer than MaxPodTerminationMessageLogLength divided by the
//     number of the pod's containers (init, regular, ephemeral) is cut
//     to its first that many bytes before the status is sent.
func terminationMessage(e exitedProcess) string {
	fallback := e.policy == corev1.TerminationMessageFallbackToLogsOnError && e.exitCode != 0 && e.reason != "ContainerCannotRun"
	var msg string
	if t := e.beh.TerminationLog; t != nil && t.Path == e.path {
		msg = t.Text
		if len(msg) > maxContainerTerminationMessageLength {
			msg = msg[len(msg)-maxContainerTerminationMessageLength:]
		}
	}
	if msg == "" && fallback {
		msg = logTail(e.beh.Logs)
	}
	if budget := maxPodTerminationMessageLogLength / max(e.containers, 1); len(msg) > budget {
		msg = msg[:budget]
	}
	return msg
}

// logTail is readLastStringFromContainerLogs over the lines a process
// printed: the last lines, each with its newline, then the last bytes.
func logTail(lines []string) string {
	if len(lines) > maxContainerTerminationMessageLogLines {
		lines = lines[len(lines)-maxContainerTerminationMessageLogLines:]
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	s := b.String()
	if len(s) > maxContainerTerminationMessageLogLength {
		s = s[len(s)-maxContainerTerminationMessageLogLength:]
	}
	return s
}

// terminationMessage is the message of the instance's terminated state.
func (p *runtimePod) terminationMessage(c *ctr, inst *instance) string {
	if c.beh.TerminationLog == nil && (len(c.beh.Logs) == 0 || c.spec.TerminationMessagePolicy != corev1.TerminationMessageFallbackToLogsOnError) {
		return "" // nothing written that the kubelet reads
	}
	spec := &p.pod.Spec
	return terminationMessage(exitedProcess{
		policy: c.spec.TerminationMessagePolicy, path: c.spec.TerminationMessagePath,
		exitCode: inst.exitCode, reason: inst.reason, beh: c.beh,
		containers: len(spec.InitContainers) + len(spec.Containers) + len(spec.EphemeralContainers),
	})
}
