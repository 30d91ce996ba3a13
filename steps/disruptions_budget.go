package steps

import (
	"context"
	"fmt"

	policyv1 "k8s.io/api/policy/v1"

	"github.com/podlife/podlife/pkg/driver"
)

// Changes to a PodDisruptionBudget while the scenario runs (issue 36,
// 7.1): its minAvailable or maxUnavailable changed, or the budget
// deleted. The API server stores a changed spec with its generation one
// more, the disruption controller recomputes the status at its next sync
// (until then the eviction subresource refuses what the budget guards),
// and a deleted budget guards nothing: an eviction or a drain it refused
// goes through at its next attempt.

const budgetName = `^the (?:pod disruption budget|PodDisruptionBudget) "([^"]*)" `

func budgetChangeSteps() []Def {
	const f = "disruptions"
	return []Def{
		phrase(f, budgetName+`is changed to (minAvailable|maxUnavailable) (\S+)$`, `When the pod disruption budget "web" is changed to minAvailable 1`,
			s3(func(name, field, value string) Step { return &budgetChanged{name: name, field: field, value: value} })).
			with(slot("budget field", "minAvailable", "minAvailable", "maxUnavailable")),
		phrase(f, budgetName+`is deleted$`, `When the pod disruption budget "web" is deleted`,
			s1(func(name string) Step { return &budgetChanged{name: name, deleted: true} })),
	}
}

// When the pod disruption budget "web" is changed to minAvailable 1 (or
// maxUnavailable, a number or a percentage: the other field is cleared);
// When the pod disruption budget "web" is deleted. An action: t=0 is the
// request.
type budgetChanged struct {
	name, field, value string
	deleted            bool
	// next is the budget as the change leaves it, made at Declare.
	next *policyv1.PodDisruptionBudget
}

func (s *budgetChanged) Declare(pl *Plan) error {
	d, err := declaredBudget(pl, s.name)
	if err != nil {
		return err
	}
	if d.deletedAt > 0 {
		return inputErr("pod disruption budget %q is deleted at line %d", s.name, d.deletedAt)
	}
	if s.deleted {
		d.deletedAt = pl.line
		return nil
	}
	v, err := budgetValue(s.field, s.value)
	if err != nil {
		return err
	}
	cur := d.pdb
	if d.changed != nil {
		cur = d.changed
	}
	s.next = cur.DeepCopy()
	setBudget(&s.next.Spec, s.field, v)
	d.changed = s.next
	return nil
}

func (s *budgetChanged) Run(ctx context.Context, st *State) error {
	return disruptionAction(ctx, st, func(d driver.Session) error {
		var err error
		if s.deleted {
			err = d.DeletePodDisruptionBudget(ctx, s.name)
		} else {
			err = d.UpdatePodDisruptionBudget(ctx, s.next)
		}
		if err != nil {
			return st.unsupported(fmt.Errorf("pod disruption budget %q: %w", s.name, err))
		}
		return nil
	})
}
