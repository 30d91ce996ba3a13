package agent

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNodeServeStartsOnlyWhatARunStopped: node-serve starts the kubelet
// only for the run whose stop is recorded on the node, removes the record
// then, and serves nothing but the kubelet's state and that start.
func TestNodeServeStartsOnlyWhatARunStopped(t *testing.T) {
	root := t.TempDir()
	var ran []string
	k := &kubeletServer{root: root, run: func(_ context.Context, argv ...string) ([]byte, error) {
		ran = append(ran, strings.Join(argv, " "))
		if argv[1] == "show" {
			return []byte("MainPID=0\nExecMainStartTimestamp=@1795971075\n"), nil
		}
		return nil, nil
	}}
	marker := filepath.Join(root, KubeletStoppedFile)
	do := func(method, target string) (int, string) {
		rec := httptest.NewRecorder()
		k.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
		return rec.Code, rec.Body.String()
	}
	started := func() bool {
		for _, r := range ran {
			if r == "systemctl start kubelet" {
				return true
			}
		}
		return false
	}

	// No record: nothing started.
	if code, body := do(http.MethodPost, "/kubelet/start?run=run-1"); code != 200 || !strings.HasPrefix(body, "none\n") || started() {
		t.Errorf("no record: %d %q, ran %v", code, body, ran)
	}
	// Another run's record: not this run's to undo.
	if err := os.MkdirAll(filepath.Dir(marker), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(marker, []byte("run-2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, body := do(http.MethodGet, "/kubelet"); code != 200 || !strings.Contains(body, "MainPID=0\n") || !strings.Contains(body, "StoppedBy=run-2\n") {
		t.Errorf("state: %d %q", code, body)
	}
	if code, body := do(http.MethodPost, "/kubelet/start?run=run-1"); code != 200 || !strings.HasPrefix(body, "none\n") || started() {
		t.Errorf("another run's record: %d %q, ran %v", code, body, ran)
	}
	if code, _ := do(http.MethodPost, "/kubelet/start"); code != http.StatusBadRequest || started() {
		t.Errorf("no run: %d, ran %v", code, ran)
	}
	// Nothing else is served: no stop, no command.
	for _, r := range [][2]string{{http.MethodPost, "/kubelet/stop?run=run-2"}, {http.MethodGet, "/kubelet/start?run=run-2"}, {http.MethodPost, "/exec?cmd=sh"}} {
		if code, _ := do(r[0], r[1]); code != http.StatusNotFound {
			t.Errorf("%s %s: %d, want 404", r[0], r[1], code)
		}
	}
	if started() {
		t.Fatalf("started for a request that was not the recorded run's start: %v", ran)
	}
	// The recorded run: started, and the record goes.
	code, body := do(http.MethodPost, "/kubelet/start?run=run-2")
	if code != 200 || !strings.HasPrefix(body, "started\n") || !started() {
		t.Errorf("the run's start: %d %q, ran %v", code, body, ran)
	}
	if _, err := os.Stat(marker); !os.IsNotExist(err) {
		t.Errorf("the record is left after the start: %v", err)
	}
}
