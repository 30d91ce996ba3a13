package live

import (
	"io"

	"k8s.io/klog/v2"
)

// ClientLogsTo sends client-go's own log lines (klog) to w, io.Discard
// when nil, instead of the process's standard error: an exec through the
// node agent ends each time its kubelet restarts, and client-go logs each
// end ("Copying stdout failed … websocket: close 1006", "Websocket Ping
// failed"), hundreds of lines in a run that the driver expects and
// handles. klog is the process's; a program calls this once.
func ClientLogsTo(w io.Writer) {
	if w == nil {
		w = io.Discard
	}
	klog.LogToStderr(false)
	klog.SetOutput(w)
}
