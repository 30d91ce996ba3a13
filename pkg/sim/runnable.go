package sim

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
)

// CheckPod reports what in a pod the simulator cannot run: it runs agent
// containers (the agent image with podlife-agent arguments) and image
// containers whose command is one it understands (`sleep N`, `sh -c "sleep
// N"`), and exec hooks and probes of the same kinds. CreatePod applies it
// before the API server sees the pod.
func CheckPod(p *corev1.Pod) error {
	all := append(append([]corev1.Container{}, p.Spec.InitContainers...), p.Spec.Containers...)
	for i := range all {
		c := &all[i]
		if err := checkContainer(c); err != nil {
			return fmt.Errorf("container %q: %w", c.Name, err)
		}
	}
	return nil
}

func checkContainer(c *corev1.Container) error {
	if c.Image == behavior.Image {
		if len(c.Command) > 0 {
			return fmt.Errorf("an agent container takes behaviour arguments, not a command")
		}
		if _, err := behavior.Parse(c.Args); err != nil {
			return fmt.Errorf("agent arguments: %w", err)
		}
	} else if _, err := behavior.ParseCommand(append(append([]string{}, c.Command...), c.Args...)); err != nil {
		return fmt.Errorf("image %s: the simulator runs only agent containers and `sleep N`: %w", c.Image, err)
	}
	if lc := c.Lifecycle; lc != nil {
		for name, h := range map[string]*corev1.LifecycleHandler{"postStart": lc.PostStart, "preStop": lc.PreStop} {
			if h != nil && h.Exec != nil {
				if _, err := behavior.ParseCommand(h.Exec.Command); err != nil {
					return fmt.Errorf("%s hook: %w", name, err)
				}
			}
		}
	}
	for name, pr := range map[string]*corev1.Probe{"livenessProbe": c.LivenessProbe, "readinessProbe": c.ReadinessProbe, "startupProbe": c.StartupProbe} {
		if pr != nil && pr.Exec != nil {
			if _, err := behavior.ParseCommand(pr.Exec.Command); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
	}
	return nil
}
