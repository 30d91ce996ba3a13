package sim

import (
	"fmt"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
)

// TestTerminationMessage: the message of a terminated state, case by case
// of the kubelet's rule (terminationMessage): the file first, the log's
// tail only with FallbackToLogsOnError and an error exit, and the limits
// of each.
func TestTerminationMessage(t *testing.T) {
	t.Parallel()
	const (
		file     = corev1.TerminationMessageReadFile
		fallback = corev1.TerminationMessageFallbackToLogsOnError
		path     = "/dev/termination-log"
	)
	written := func(text string) *behavior.TerminationLog { return &behavior.TerminationLog{Path: path, Text: text} }
	numbered := func(n, width int) []string {
		var out []string
		for i := 1; i <= n; i++ {
			out = append(out, fmt.Sprintf("%0*d", width, i))
		}
		return out
	}
	lines := func(from, to, width int) string {
		var b strings.Builder
		for i := from; i <= to; i++ {
			fmt.Fprintf(&b, "%0*d\n", width, i)
		}
		return b.String()
	}
	long := strings.Repeat("a", 100) + strings.Repeat("b", 4096)
	cases := []struct {
		name       string
		policy     corev1.TerminationMessagePolicy
		code       int
		reason     string
		beh        behavior.Behavior
		containers int
		want       string
	}{
		{"the file written: its text, as written", file, 0, "Completed",
			behavior.Behavior{TerminationLog: written("schema version mismatch")}, 1, "schema version mismatch"},
		{"the file written wins over the log, error exit and fallback", fallback, 1, "Error",
			behavior.Behavior{Logs: []string{"connection refused: db:5432"}, TerminationLog: written("schema version mismatch")}, 1, "schema version mismatch"},
		{"no file, fallback, exit 1: the log's tail, each line with its newline", fallback, 1, "Error",
			behavior.Behavior{Logs: []string{"connecting", "connection refused: db:5432"}}, 1, "connecting\nconnection refused: db:5432\n"},
		{"no file, fallback, exit 0: empty (no error, no fallback)", fallback, 0, "Completed",
			behavior.Behavior{Logs: []string{"connection refused: db:5432"}}, 1, ""},
		{"no file, fallback, killed (137): the log's tail", fallback, 137, "Error",
			behavior.Behavior{Logs: []string{"bye"}}, 1, "bye\n"},
		{"no file, File policy (the default), exit 1: empty (the log is not read)", file, 1, "Error",
			behavior.Behavior{Logs: []string{"connection refused: db:5432"}}, 1, ""},
		{"an empty file is no message: the log's tail", fallback, 1, "Error",
			behavior.Behavior{Logs: []string{"x"}, TerminationLog: written("")}, 1, "x\n"},
		{"a file other than terminationMessagePath is not read: the log's tail", fallback, 2, "Error",
			behavior.Behavior{Logs: []string{"x"}, TerminationLog: &behavior.TerminationLog{Path: "/tmp/termination-log", Text: "not read"}}, 1, "x\n"},
		{"a container that could not run has no log to fall back to", fallback, 128, "ContainerCannotRun",
			behavior.Behavior{Logs: []string{"x"}}, 1, ""},
		{"the log's last 80 lines", fallback, 1, "Error",
			behavior.Behavior{Logs: numbered(100, 3)}, 1, lines(21, 100, 3)},
		{"the log's last 2048 bytes of its last 80 lines", fallback, 1, "Error",
			behavior.Behavior{Logs: numbered(80, 49)}, 1, lines(80-2048/50, 80, 49)[50-2048%50:]},
		{"the file's last 4096 bytes", file, 1, "Error",
			behavior.Behavior{TerminationLog: written(long)}, 1, strings.Repeat("b", 4096)},
		{"four containers share the pod's 12 KiB: the message's first 3072 bytes", file, 1, "Error",
			behavior.Behavior{TerminationLog: written(strings.Repeat("c", 3000) + strings.Repeat("d", 1096))}, 4, strings.Repeat("c", 3000) + strings.Repeat("d", 72)},
		{"three containers: 4096 bytes each, the file's whole", file, 1, "Error",
			behavior.Behavior{TerminationLog: written(strings.Repeat("c", 4096))}, 3, strings.Repeat("c", 4096)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := terminationMessage(exitedProcess{policy: tc.policy, path: path, exitCode: tc.code, reason: tc.reason, beh: &tc.beh, containers: tc.containers})
			if got != tc.want {
				t.Errorf("message %q (%d bytes), want %q (%d bytes)", clip(got), len(got), clip(tc.want), len(tc.want))
			}
		})
	}
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:30] + "…" + s[len(s)-30:]
	}
	return s
}
