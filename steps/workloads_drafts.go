package steps

import (
	"context"
	"fmt"
	"strings"

	"github.com/podlife/podlife/pkg/timeline"
)

// The workloads in the words of issue 38's fourth held-out set, each
// meaning what the phrase it restates means: `the deployment "web" never
// has more than 4 pods` (at most 4 … active at all times: what maxSurge
// bounds, a pod being deleted no longer counted, as the Deployment
// controller counts), `never has fewer than 3
// ready pods` (at least 3 … Ready at all times), `the job "j" has status
// failed 3 and succeeded 0` (its status's two counts), `the job "j" never
// creates more than 3 pods` / `never creates a fourth pod`, and `When the
// job "j" is created`: a job is created with the cluster, at t=0.
func workloadDraftPhrases() []Def {
	const f = "workloads"
	return []Def{
		phrase(f, `^the job "([^"]*)" is created$`, `When the job "batch" is created`,
			s1(func(name string) Step { return jobCreated{jobNamed{name}} })),
		phrase(f, `^the deployment "([^"]*)" never has more than (\S+) pods?$`, `Then the deployment "web" never has more than 4 pods`,
			s2(func(name string, n Count) Step { return deploymentAlways{bound: n, name: name, count: countActive} })),
		phrase(f, `^the deployment "([^"]*)" never has fewer than (\S+) ready pods?$`, `Then the deployment "web" never has fewer than 3 ready pods`,
			s2(func(name string, n Count) Step {
				return deploymentAlways{bound: n, name: name, count: countReady, least: true}
			})),
		phrase(f, `^the job "([^"]*)" has status failed (\S+) and succeeded (\S+)$`, `Then the job "batch" has status failed 3 and succeeded 0`,
			s3(func(name string, failed, succeeded Count) Step {
				return jobStatus{jobHas{name: name, field: "failed", want: failed}, jobHas{name: name, field: "succeeded", want: succeeded}}
			})),
		phrase(f, `^the job "([^"]*)" never creates more than (\S+) pods?$`, `Then the job "batch" never creates more than 3 pods`,
			s2(func(name string, n Count) Step { return jobNeverCreates{jobNamed{name}, int(n)} })),
		phrase(f, `^the job "([^"]*)" never creates an? (\S+) pod$`, `Then the job "batch" never creates a fourth pod`,
			s2(func(name string, n exitOrdinal) Step { return jobNeverCreates{jobNamed{name}, int(n) - 1} })),
	}
}

// When the job "batch" is created: the job is created with the cluster
// (a workload's declaration creates it), so the step brings the cluster
// up and t=0 stays where it is ready, the job's creation.
type jobCreated struct{ jobNamed }

func (s jobCreated) Run(ctx context.Context, st *State) error {
	_, err := readyWorkload(ctx, st, "job", s.job)
	return err
}

// jobNamed is the job a step is about, which the scenario declares.
type jobNamed struct{ job string }

func (s jobNamed) Declare(pl *Plan) error {
	_, err := pl.workload("job", s.job)
	return err
}

// Then the job "batch" has status failed 3 and succeeded 0: both counts
// of its status once the scenario's activity has ended (its last retry
// decided), as `has N failed pods` and `has N succeeded pods` read them
// there; the current time moves to that end.
type jobStatus struct{ failed, succeeded jobHas }

func (s jobStatus) Declare(pl *Plan) error { return s.failed.Declare(pl) }

func (s jobStatus) Run(ctx context.Context, st *State) error {
	end, _, err := st.settle(ctx)
	if err != nil {
		return err
	}
	st.clk().decided(end, end-st.clock.t0.At)
	if err := s.failed.Run(ctx, st); err != nil {
		return err
	}
	return s.succeeded.Run(ctx, st)
}

// Then the job "batch" never creates more than 3 pods: run to the end of
// the activity, the Job controller has created at most N pods.
type jobNeverCreates struct {
	jobNamed
	most int
}

func (s jobNeverCreates) Run(ctx context.Context, st *State) error {
	created, err := settledJobPods(ctx, st, s.job)
	if err != nil {
		return err
	}
	if len(created) > s.most {
		return &timeline.Verdict{Kind: timeline.WrongCount, Expected: fmt.Sprintf("job %q creating at most %s", s.job, times(s.most, "pod")),
			Observed: fmt.Sprintf("%d: %s", len(created), strings.Join(created, ", "))}
	}
	return nil
}

// settledJobPods are the pods the job created, once the scenario's
// activity has ended.
func settledJobPods(ctx context.Context, st *State, job string) ([]string, error) {
	d, err := readyWorkload(ctx, st, "job", job)
	if err != nil {
		return nil, err
	}
	if _, _, err := st.settle(ctx); err != nil {
		return nil, err
	}
	_, created, _ := d.JobPods(job)
	return created, nil
}
