package live

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/remotecommand"
)

// TestExecFallsBackWhenTheHandshakeIsRefused: the error client-go's
// WebSocket executor returns for a handshake answered 403 (as the 1.36
// API server answers an exec to a pod on an older kubelet) is one the
// agent's exec falls back to SPDY on. With apimachinery's
// httpstream.IsUpgradeFailure, which does not know k8s.io/streaming's
// error type, it did not.
func TestExecFallsBackWhenTheHandshakeIsRefused(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusForbidden)
		_, _ = io.WriteString(w, "forbidden")
	}))
	defer srv.Close()
	ws, err := remotecommand.NewWebSocketExecutor(&rest.Config{Host: srv.URL}, "GET", srv.URL+"/api/v1/namespaces/n/pods/p/exec")
	if err != nil {
		t.Fatal(err)
	}
	err = ws.StreamWithContext(context.Background(), remotecommand.StreamOptions{Stdout: io.Discard})
	if err == nil {
		t.Fatal("the refused handshake returned no error")
	}
	if !fallsBack(err) {
		t.Errorf("a handshake refused with 403 (%T: %v) does not fall back to SPDY", err, err)
	}
}
