package steps

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// finalizerPhrases: a pod's finalizer removed by the scenario (held-out
// set 41: pods declared with metadata.finalizers, deleted, then freed).
func finalizerPhrases() []Def {
	const f = "actions"
	return []Def{
		phrase(f, `^the finalizer "([^"]*)" is removed from (?:the )?pod "([^"]*)"$`, `When the finalizer "example.com/cleanup" is removed from the pod "web"`,
			s2(func(finalizer, pod string) Step { return finalizerRemoved{finalizer: finalizer, pod: pod} })),
	}
}

// When the finalizer "example.com/cleanup" is removed from the pod "web":
// a client patches the pod's metadata.finalizers to drop it, as the
// controller that put it there does once its clean-up is done. A pod
// whose deletion is over (its containers stopped, the kubelet's final
// delete made) goes with its last finalizer; one still in its grace
// period goes at the kubelet's final delete; one not being deleted only
// loses it. t=0 is the moment of the patch. The finalizer must be one the
// pod's YAML declares (metadata.finalizers) and no earlier step removed.
type finalizerRemoved struct{ finalizer, pod string }

func (s finalizerRemoved) Declare(pl *Plan) error {
	p, err := pl.mustPod(s.pod)
	if err != nil {
		return err
	}
	if s.finalizer == "" {
		return inputErr("a finalizer needs a name")
	}
	declared := p.pod.Finalizers
	removed := pl.finalizersRemoved[p.name]
	switch {
	case slices.Contains(removed, s.finalizer):
		return inputErr("the finalizer %q of pod %q is removed twice: an earlier step removed it", s.finalizer, p.name)
	case len(declared) == 0:
		return inputErr("pod %q carries no finalizer: declare it in the pod's YAML, `metadata.finalizers: [%s]`", p.name, s.finalizer)
	case !slices.Contains(declared, s.finalizer):
		return inputErr("pod %q does not carry the finalizer %q (its metadata.finalizers: %s)", p.name, s.finalizer, strings.Join(declared, ", "))
	}
	if pl.finalizersRemoved == nil {
		pl.finalizersRemoved = map[string][]string{}
	}
	pl.finalizersRemoved[p.name] = append(removed, s.finalizer)
	return nil
}

func (s finalizerRemoved) Run(ctx context.Context, st *State) error {
	p, err := st.Plan.mustPod(s.pod)
	if err != nil {
		return err
	}
	if err := actOnCreatedPod(ctx, st, p, fmt.Sprintf("the finalizer %q is removed from pod %q", s.finalizer, p.name)); err != nil {
		return err
	}
	// The patch brings no reaction of the kubelet's: the API server
	// removes the pod, or keeps it, in the update itself.
	st.judge().Forget(p.name)
	if err := st.Session.RemoveFinalizer(ctx, p.name, s.finalizer); err != nil {
		return st.unsupported(fmt.Errorf("removing the finalizer %q from pod %q: %w", s.finalizer, p.name, err))
	}
	return nil
}

// actOnCreatedPod brings the cluster to where a step acts on a pod it has
// created (what, for the error when it has not), and places t=0 at the
// action: after everything that has happened so far, this instant
// included.
func actOnCreatedPod(ctx context.Context, st *State, p *podDecl, what string) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if !p.created {
		return fmt.Errorf("%s before the pod was created", what)
	}
	if err := st.clk().instant(ctx); err != nil {
		return err
	}
	st.clk().moveT0Acting(st.clk().actionMark())
	return nil
}
