package live

import (
	"bytes"
	"strings"
	"testing"

	"k8s.io/klog/v2"
)

// TestClientLogsGoToTheLog: client-go's lines go where the driver's log
// goes, not to standard error.
func TestClientLogsGoToTheLog(t *testing.T) {
	var buf bytes.Buffer
	ClientLogsTo(&buf)
	defer ClientLogsTo(nil)
	klog.ErrorS(nil, "Copying stdout failed")
	klog.Flush()
	if !strings.Contains(buf.String(), "Copying stdout failed") {
		t.Errorf("client-go's line did not reach the log: %q", buf.String())
	}
}
