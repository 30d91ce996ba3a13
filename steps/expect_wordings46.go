package steps

import (
	"context"
	"errors"
	"time"

	k8slabels "k8s.io/apimachinery/pkg/labels"

	"github.com/podlife/podlife/pkg/timeline"
)

// draftFortySixWordings are the phrases issue 38's held-out sets 46 to
// 48 reached for, each undefined then, each an alias of what the
// language says, meaning what it means: an exit's code by a deadline
// (`container "filler" exits with code 137 within 5s`), a container's
// last termination's reason without its code (`terminated with reason
// "OOMKilled"`), kubectl's column names as kubectl prints them (`shows
// STATUS "Error"`, `shows RESTARTS 1`), a deployment's Ready pods (`2
// pods of deployment "billing" are Ready`), a budget over a deployment's
// pods (`a PodDisruptionBudget "cart-pdb" with minAvailable 2 for
// deployment "cart"`), a pod marked for deletion (its deletionTimestamp
// set: `is Terminating`, the DeleteRequested event), a deployment rolled
// out (`is restarted`) and `throughout …` for `at all times`.
func draftFortySixWordings() []Def {
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	const status = `^the pod "([^"]*)" shows STATUS "([^"]*)"`
	const restarts = `^the pod "([^"]*)" shows RESTARTS (\S+)`
	const marked = `^the pod "([^"]*)" is marked for deletion `
	// throughout is `at all times`, whatever words follow it (`throughout
	// the rollout`, `throughout the drain`): to the end of the activity.
	const throughout = `throughout(?: (.+))?$`
	const deploy = `pods? of deployment "([^"]*)" `
	// owned: a stateful set's and a job's Ready pods as a deployment's
	// (held-out batch 14: `all 3 pods of statefulset "ledger" are ready
	// within 24s`, three times); a replica set's have their own phrase.
	const owned = `pods? of (deployment|stateful set|job) "([^"]*)" `
	terminating, _ := parsePodState("Terminating")
	return []Def{
		phrase("signals and hooks", ctr+`exits with code (\S+) within (\S+)$`, `Then container "filler" exits with code 137 within 5s`,
			s4(func(c, p string, code afterNames[ExitCode], d afterNames[time.Duration]) Step {
				return &exitsCodeWithin{exitsAt: exitsAt{ctr: ctrOfPod{c, p}, code: code}, d: d}
			})),
		phrase("pod expectations", ctr+`terminated with reason "([^"]*)"$`, `Then container "app" of pod "web" terminated with reason "OOMKilled"`,
			s3(func(c, pod, reason string) Step { return containerTerminatedWith{containerNamed{c, pod}, reason, nil} })),
		phrase("kubectl columns", status+`$`, `Then the pod "web" shows STATUS "Completed"`,
			s2(func(pod, status string) Step { return thePodShowsStatus{podNamed{pod}, status} })).respelling(),
		phrase("kubectl columns", status+` within (\S+)$`, `Then the pod "web" shows STATUS "OOMKilled" within 5s`,
			s3(func(pod, status string, d writtenSpan) Step { return thePodShowsStatusWithin{podNamed{pod}, status, d} })).respelling(),
		phrase("kubectl columns", status+` at (\S+)$`, `Then the pod "web" shows STATUS "Terminating" at 0s`,
			s3(func(pod, status string, at writtenSpan) Step {
				return thePodShowsStatusIn{podWindow{podNamed{pod}, at, at}, status}
			})).respelling(),
		phrase("kubectl columns", status+` between (\S+) and (\S+)$`, `Then the pod "web" shows STATUS "CrashLoopBackOff" between 10s and 20s`,
			s4(func(pod, status string, a, b writtenSpan) Step {
				return thePodShowsStatusIn{podWindow{podNamed{pod}, a, b}, status}
			})).respelling(),
		phrase("kubectl columns", restarts+`$`, `Then the pod "web" shows RESTARTS 1`,
			s2(func(pod string, n Count) Step { return thePodShowsRestarts{podNamed{pod}, n} })).respelling(),
		phrase("kubectl columns", restarts+` within (\S+)$`, `Then the pod "web" shows RESTARTS 2 within 1m`,
			s3(func(pod string, n Count, d writtenSpan) Step { return &podRestartsWithin{pod: pod, n: n, d: d} })).respelling(),
		phrase("workloads", `^(?:all )?(\d+|no|zero) `+owned+`(?:is|are) Ready$`, `Then 2 pods of deployment "web" are Ready`,
			s3(func(n podsCount, kind, name string) Step {
				return workloadPods{kind: kind, name: name, want: Count(n), ready: true}
			})).respelling(),
		phrase("workloads", `^(?:all )?(\d+|no|zero) `+owned+`(?:is|are) Ready within (\S+)$`, `Then 2 pods of deployment "web" are Ready within 1m`,
			s4(func(n podsCount, kind, name string, d writtenSpan) Step {
				return workloadPodsIn{workloadPods{kind: kind, name: name, want: Count(n), ready: true}, writtenSpan{0, "0s"}, d, "within " + d.text}
			})).respelling(),
		phrase("disruptions", `^a (?:pod disruption budget|PodDisruptionBudget) "([^"]*)" with (minAvailable|maxUnavailable) (\S+) for deployment "([^"]*)"$`, `Given a pod disruption budget "web" with minAvailable 2 for deployment "web"`,
			func(c []string, _ Arg) (Step, error) {
				return deploymentPDB{pdb: pdb{name: c[0], field: c[1], value: c[2]}, deployment: c[3]}, nil
			}).with(slot("budget field", "minAvailable", "minAvailable", "maxUnavailable")),
		phrase("pod expectations", marked+`within (\S+)$`, `Then the pod "web" is marked for deletion within 5s`,
			s2(func(pod string, d writtenSpan) Step { return markedForDeletion{podNamed{pod}, writtenSpan{0, "0s"}, d} })),
		phrase("pod expectations", marked+`between (\S+) and (\S+)$`, `Then the pod "web" is marked for deletion between 75s and 90s`,
			s3(func(pod string, a, b writtenSpan) Step { return markedForDeletion{podNamed{pod}, a, b} })),
		phrase("pod expectations", marked+`at (\S+)$`, `Then the pod "web" is marked for deletion at 20s`,
			s2(func(pod string, at writtenSpan) Step { return markedForDeletion{podNamed{pod}, at, at} })),
		phrase("pod expectations", `^the pod "([^"]*)" is not (?:yet )?marked for deletion at (\S+)$`, `Then the pod "web" is not marked for deletion at 300s`,
			s2(func(pod string, at writtenSpan) Step { return thePodIsNotBefore{podNamed{pod}, terminating, at} })).respelling(),
		phrase("pod expectations", `^the pod "([^"]*)" is never marked for deletion$`, `Then the pod "web" is never marked for deletion`,
			s1(func(pod string) Step { return podNeverDeleted{pod: pod} })).respelling(),
		phrase("pod expectations", `^the pod "([^"]*)" is never marked for deletion within (\S+)$`, `Then the pod "web" is never marked for deletion within 120s`,
			s2(func(pod string, d writtenSpan) Step { return thePodIsNotBefore{podNamed{pod}, terminating, d} })).respelling(),
		phrase("workloads", `^the deployment "([^"]*)" is rolled out$`, `When the deployment "web" is rolled out`,
			s1(func(name string) Step { return &rollout{deployment: name, restart: true} })).respelling(),
		phrase("workloads", `^at least (\S+) `+deploy+`(?:is|are) Ready `+throughout, `Then at least 3 pods of deployment "web" are Ready throughout the rollout`,
			s2(func(n Count, name string) Step {
				return deploymentAlways{bound: n, name: name, count: countReady, least: true}
			})).respelling(),
		phrase("workloads", `^at most (\S+) `+deploy+`(?:is|are) unavailable `+throughout, `Then at most 1 pod of deployment "web" is unavailable throughout the rollout`,
			s2(func(n Count, name string) Step {
				return deploymentAlways{bound: n, name: name, count: countUnavailable}
			})).respelling(),
		phrase("workloads", `^at most (\S+) `+deploy+`(?:is|are) active `+throughout, `Then at most 4 pods of deployment "web" are active throughout the rollout`,
			s2(func(n Count, name string) Step { return deploymentAlways{bound: n, name: name, count: countActive} })).respelling(),
		phrase("workloads", `^at most (\S+) `+deploy+`(?:(?:is|are) alive|exists?) `+throughout, `Then at most 4 pods of deployment "web" exist throughout the rollout`,
			s2(func(n Count, name string) Step { return deploymentAlways{bound: n, name: name, count: countAlive} })).respelling(),
		phrase("workloads", `^at most (\S+) `+deploy+`exists? at all times$`, `Then at most 4 pods of deployment "web" exist at all times`,
			s2(func(n Count, name string) Step { return deploymentAlways{bound: n, name: name, count: countAlive} })).respelling(),
		phrase("disruptions", `^at least (\S+) pods? of replica set "([^"]*)" (?:is|are) Ready `+throughout, `Then at least 2 pods of replica set "web" are Ready throughout the drain`,
			s2(func(n Count, rs string) Step { return rsReadyAlways{least: n, rs: rs} })).respelling(),
	}
}

// Then container "filler" exits with code 137 within 5s (between A and
// B, lo given): the container's first exit at or after t=0 comes by t0+D
// (from t0+A to t0+B; as `exits within D` and `exits between A and B`,
// in its live window on a cluster), and that exit's code is C (as `exits
// at T with code C` reads the code of the exit it timed).
type exitsCodeWithin struct {
	exitsAt
	lo, d afterNames[time.Duration]
}

func (s *exitsCodeWithin) Declare(pl *Plan) error {
	if err := s.exitsAt.Declare(pl); err != nil {
		return err
	}
	return errors.Join(s.lo.err, s.d.err)
}

func (s *exitsCodeWithin) Run(ctx context.Context, st *State) error {
	if err := st.expectIn(ctx, s.sel, s.lo.v, s.d.v); err != nil {
		return err
	}
	when := "within " + s.d.text
	if s.lo.given() {
		when = "between " + s.lo.text + " and " + s.d.text
	}
	return s.checkCode(st, when)
}

// Given a PodDisruptionBudget "cart-pdb" with minAvailable 2 for
// deployment "cart": `… for pods labelled "<selector>"` whose selector is
// the deployment's pod template's labels (its spec.selector), declared
// before it.
type deploymentPDB struct {
	pdb
	deployment string
}

func (s deploymentPDB) Declare(pl *Plan) error {
	d, err := pl.deploymentDecl(s.deployment)
	if err != nil {
		return err
	}
	s.selector = k8slabels.Set(d.initial.pod.Labels).String()
	return s.pdb.Declare(pl)
}

// Then the pod "quick" is marked for deletion between 75s and 90s
// (`within D`, `at T`): its deletionTimestamp set (the DeleteRequested
// event: it shows Terminating), the first time at or after t=0, in the
// window, as any event's `between A and B` (on a cluster in its live
// window). `is not marked for deletion at T` is `is not Terminating
// before T`, `is never marked for deletion` `is never deleted`.
type markedForDeletion struct {
	podNamed
	lo, hi writtenSpan
}

func (s markedForDeletion) Run(ctx context.Context, st *State) error {
	p, _ := st.Plan.mustPod(s.pod) // checked by Declare
	return st.expectIn(ctx, timeline.Selector{Pod: p.name, Kind: timeline.DeleteRequested}, s.lo.d, s.hi.d)
}

// respelling marks a phrase that says another phrase in other words and
// parses to its step (`shows STATUS "S"`, `throughout the rollout`): a
// step is defined by it, but the nearest-phrase hint shows the phrase it
// restates (pkg/runner/nearest.go candidates), so that a draft near both
// is hinted in the reference's words (`restarted 1 time`: `has 1
// restart`, not `shows RESTARTS 1`).
func (d Def) respelling() Def {
	d.respells = true
	return d
}

// Respells tells whether the phrase restates another, the one hints show.
func (d Def) Respells() bool { return d.respells }
