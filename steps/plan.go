package steps

import (
	"slices"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
)

// Plan is what a scenario's steps declare: the cluster, the pods, replica
// sets and budgets, the capabilities they need and the time they wait.
// Each step declares into it before it runs (Step.Declare); lint declares
// every step of a scenario into a Plan and runs none, so a Plan never
// touches a session. The run marks what it has made of the plan (a pod
// created, the cluster configured) on the declarations themselves.
type Plan struct {
	// Driver is the driver the scenario is meant for: its pod linter and
	// its assumptions about pods speak at declaration.
	Driver driver.Driver
	// FeatureDir is the feature file's folder: manifests named by path are
	// relative to it.
	FeatureDir string

	// line and kind are the line and the type of the step declaring.
	line  int
	kind  StepType
	setup driver.Setup
	// configured: the run has sent the cluster to the driver; nodes and
	// kubelet settings can no longer be declared.
	configured bool
	// joining are the nodes steps add while the scenario runs (`When a
	// node "n" joins the cluster`): named like the others, never sent
	// with the cluster.
	joining []*corev1.Node
	pods    []*podDecl
	// disr are the replica sets and budgets declared (disruptions.go).
	disr disruptionDecls
	// lastEvicted is the pod of the last eviction request declared so
	// far: what `the eviction` and `the evicted pod` name (evicted.go).
	lastEvicted *podRef
	// lastDeleted is the pod of the last delete of a pod declared so
	// far: what `the deleted pod` names (evicted.go).
	lastDeleted *podRef
	// aliases are replica sets' pods a step named by their order, each
	// standing as its template under its name (rspods.go).
	aliases map[string]*podDecl
	// dsPodNodes is the node of each daemon set's pod seen (daemonsets.go).
	dsPodNodes map[string]string
	// work are the Deployments, quotas and Jobs declared (workloads.go).
	work workloadDecls
	// explicit names the pods some step of the scenario creates explicitly;
	// the others are created when first needed.
	explicit    map[string]bool
	explicitAll bool
	// broken names pods whose declaration failed, so that lint does not
	// repeat the problem at every later step.
	broken map[string]bool
	// needs are the capabilities the steps needed, waits what their
	// `N pass` steps wait (needs.go).
	needs []Need
	waits time.Duration
	// resizeRejected names the pods whose resize a step expects the API
	// server to reject (`the resize of pod "x" is rejected …`, resize.go).
	resizeRejected map[string]bool
	// finalizersRemoved are the finalizers steps removed, by pod
	// (`the finalizer "f" is removed from pod "x"`, finalizers.go).
	finalizersRemoved map[string][]string
}

// NewPlan is an empty plan for a scenario of the given steps' texts (in
// feature dir): the pods an explicit step creates are left to it.
func NewPlan(d driver.Driver, featureDir string, stepTexts []string) *Plan {
	pl := &Plan{Driver: d, FeatureDir: featureDir, explicit: map[string]bool{}}
	for _, text := range stepTexts {
		if m := createOne.FindStringSubmatch(text); m != nil {
			pl.explicit[m[1]] = true
		}
		if m := createDeclared.FindStringSubmatch(text); m != nil {
			pl.explicit[m[1]] = true
		}
		if m := createSome.FindStringSubmatch(text); m != nil {
			names, _ := quoted(m[1])
			for _, n := range names {
				pl.explicit[n] = true
			}
		}
		if createAll.MatchString(text) {
			pl.explicitAll = true
		}
		if m := resizeRejectedStep.FindStringSubmatch(text); m != nil {
			if pl.resizeRejected == nil {
				pl.resizeRejected = map[string]bool{}
			}
			pl.resizeRejected[m[1]] = true
		}
		if relabelStep.MatchString(text) {
			pl.setup.Relabels = true
		}
		if retaintStep.MatchString(text) {
			pl.setup.Retaints = true
		}
		if m := underPressure.FindStringSubmatch(text); m != nil && !slices.Contains(pl.setup.Pressures, driver.Pressure(m[2])) {
			pl.setup.Pressures = append(pl.setup.Pressures, driver.Pressure(m[2]))
		}
	}
	return pl
}

// At places the declarations that follow at a step's line; t is the
// step's type (some phrases declare as a Given and act as a When).
func (pl *Plan) At(line int, t StepType) { pl.line, pl.kind = line, t }
