package runner

import (
	"context"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/report"
)

// recorder is a Session that keeps every pod the steps send to the driver,
// rendered as YAML, for the report: the pod as the driver received it
// (defaults from the steps and the agent's arguments included) is what a
// reader needs to follow the timeline. It sits between the steps and the
// driver, so neither has to know about reports.
type recorder struct {
	driver.Session
	pods []report.Manifest
}

var _ driver.Session = (*recorder)(nil)

// Apply records the pod, then hands it on.
func (r *recorder) Apply(ctx context.Context, pod *corev1.Pod) error {
	r.pods = append(r.pods, manifestOf(pod))
	return r.Session.Apply(ctx, pod)
}

// Unwrap gives the optional interfaces of the driver's session (killing a
// sandbox, node actions) to the steps that look for them.
func (r *recorder) Unwrap() driver.Session { return r.Session }
