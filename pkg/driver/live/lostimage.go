package live

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
)

// A node that lost an image no registry here has (its kubelet deleted
// it to relieve disk pressure: pkg/kubelet/eviction/eviction_manager.go
// reclaimNodeLevelResources, pkg/kubelet/images/image_gc_manager.go
// DeleteUnusedImages) starts none of the pods that need it: their
// sandbox or container is never created, and every timed expectation of
// the scenario fails for a reason that is not the lifecycle's (the run
// of 2026-11-30 12:05: the control plane lost pause:3.10 and the run's
// images at 12:33 and the rest of the catalogue stalled in
// ContainerCreating). Such a scenario is an infrastructure error, and the
// node gets its images back.

// lostImage is the first sign, among a scenario's pod Events, that its
// node lacks an image it cannot pull.
type lostImage struct {
	node, message string
}

// pullFailure is the kubelet's Event for a failed pull
// (pkg/kubelet/images/image_manager.go, EnsureImageExists).
var pullFailure = regexp.MustCompile(`^Failed to pull image "([^"]+)"`)

// lostImageOf says whether an Event shows that its node lacks an image
// the run loaded or the sandbox image: the sandbox's pull failed
// (FailedCreatePodSandBox, "failed to get sandbox image"), or a pull of
// one of loaded. A pull of any other image is the scenario's (an image
// that does not exist is a scenario of its own: features/images).
func lostImageOf(e *corev1.Event, loaded []string) (lostImage, bool) {
	node := e.Source.Host
	switch e.Reason {
	case "FailedCreatePodSandBox":
		if strings.Contains(e.Message, "failed to get sandbox image") {
			return lostImage{node, e.Message}, true
		}
	case "Failed":
		m := pullFailure.FindStringSubmatch(e.Message)
		if m == nil {
			return lostImage{}, false
		}
		for _, img := range append([]string{behavior.Image}, loaded...) {
			if normImage(img) == normImage(m[1]) {
				return lostImage{node, e.Message}, true
			}
		}
	}
	return lostImage{}, false
}

// noteLostImage keeps the first lost image the scenario's Events show.
// Called under s.mu.
func (s *observers) noteLostImage(e *corev1.Event) {
	if s.lost != nil {
		return
	}
	if l, ok := lostImageOf(e, s.d.opt.Images); ok {
		s.lost = &l
	}
}

// lostImageFault is the infrastructure error of a scenario whose node
// lost an image, nil for the others; on a cluster podlife reaches the
// nodes of, the node's kept images are imported again first
// (cluster.RestoreImagesSh).
func (s *scene) lostImageFault(ctx context.Context) error {
	s.mu.Lock()
	l := s.lost
	s.mu.Unlock()
	if l == nil {
		return nil
	}
	restored := "podlife cannot reach the node to import them again"
	if reachesNodes(s.d) && l.node != "" {
		b, err := shellOf(s.d).Exec(ctx, l.node, nil, "sh", "-c", cluster.RestoreImagesSh)
		switch {
		case err != nil:
			restored = fmt.Sprintf("importing them again failed: %v: %s", err, strings.TrimSpace(string(b)))
		case strings.Contains(string(b), cluster.ImagesRestored):
			restored = "imported again from " + cluster.KeptImages
			s.d.logf("%s: node %s had lost images no registry here has: imported again from %s", s.ns, l.node, cluster.KeptImages)
		default:
			restored = "they were back when the scenario ended"
		}
	}
	return driver.Infrastructure("node %s lacks an image no registry here has (its kubelet deleted it to free disk), so the scenario's pods could not start: %s; %s", l.node, l.message, restored)
}
