package steps

import (
	"context"

	"github.com/cucumber/godog"
	k8slabels "k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/yaml"

	"github.com/podlife/podlife/pkg/manifest"
	"github.com/podlife/podlife/pkg/timeline"
)

// Workloads and budgets declared by their YAML alone, and a container's
// signals denied together (issue 38's
// thirteenth blind batch, held-out sets 91-95, 2026-12-02): `Given a
// Deployment "checkout":` with a whole Deployment whose spec.replicas is
// 4 was hinted `of <count> pods:` eleven times, and `Given a
// PodDisruptionBudget "search-pdb":` with its manifest was hinted a pod
// thirteen times. The count is the YAML's spec.replicas, or 1 when it has
// none, as the API server defaults it (pkg/apis/apps/v1/defaults.go
// SetDefaults_Deployment, SetDefaults_ReplicaSet, SetDefaults_StatefulSet);
// a budget is its manifest's minAvailable or maxUnavailable, its
// selector's matchLabels and its unhealthyPodEvictionPolicy, declared as
// the phrases of a budget declare it.
func yamlDeclarations() []Def {
	return []Def{
		phrase("workloads", `^a deployment "([^"]*)":$`, "Given a deployment \"web\":\n  \"\"\"yaml\n  spec:\n    replicas: 3\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) {
				return deploymentStep{name: c[0], n: replicasOf(doc), doc: doc}, nil
			})),
		phrase("disruptions", `^a replica set "([^"]*)":$`, "Given a replica set \"web\":\n  \"\"\"yaml\n  spec:\n    replicas: 3\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) {
				return replicaSet{name: c[0], n: replicasOf(doc), doc: doc}, nil
			})),
		phrase("workloads", `^a stateful set "([^"]*)":$`, "Given a stateful set \"quorum\":\n  \"\"\"yaml\n  spec:\n    replicas: 3\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) {
				return statefulSetStep{name: c[0], n: replicasOf(doc), doc: doc}, nil
			})),
		// A container's signals denied together (the thirteenth batch's
		// `container "envoy" receives no signal before 12s`, five times,
		// was hinted SIGTERM's alone): neither SIGTERM nor SIGKILL before D.
		phrase("signals and hooks", `^container "([^"]*)"(?: of pod "([^"]*)")? (?:receives no signal|is not signall?ed) (?:before|within) (\S+)$`, `Then container "proxy" receives no signal before 4s`,
			s3(func(c, p, d string) Step {
				return allOf{
					&ctrEventNotBefore{ctr: ctrOfPod{c, p}, kind: timeline.SIGTERM, d: d},
					&ctrEventNotBefore{ctr: ctrOfPod{c, p}, kind: timeline.SIGKILL, d: d},
				}
			})),
		phrase("disruptions", `^a (?:pod disruption budget|PodDisruptionBudget) "([^"]*)":$`, "Given a pod disruption budget \"web\":\n  \"\"\"yaml\n  spec:\n    minAvailable: 2\n    selector:\n      matchLabels: {app: web}\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) { return pdbDoc{name: c[0], doc: doc}, nil })),
	}
}

// replicasOf is a workload manifest's spec.replicas (of whichever kind),
// 1 when it has none; a manifest that does not decode counts 1 here, and
// its declaration, which decodes it strictly, says what is wrong with it
// at its lines.
func replicasOf(doc *godog.DocString) Count {
	var m struct {
		Spec struct {
			Replicas *int32 `json:"replicas"`
		} `json:"spec"`
	}
	if doc == nil || yaml.Unmarshal([]byte(doc.Content), &m) != nil || m.Spec.Replicas == nil || *m.Spec.Replicas < 0 {
		return 1
	}
	return Count(*m.Spec.Replicas)
}

// pdbDoc is `a pod disruption budget "x":` and its manifest: the budget
// phrases' declaration (pdb), read off it.
type pdbDoc struct {
	name string
	doc  *godog.DocString
}

func (s pdbDoc) Run(ctx context.Context, st *State) error { return pdb{name: s.name}.Run(ctx, st) }

func (s pdbDoc) Declare(pl *Plan) error {
	b, err := manifest.DecodePodDisruptionBudget([]byte(s.doc.Content))
	if err != nil {
		return decodeErrors(err)
	}
	if b.Name != "" && b.Name != s.name {
		return atField(s.doc, "metadata.name", inputErr("the step names the budget %q but its metadata.name is %q", s.name, b.Name))
	}
	p := pdb{name: s.name}
	switch min, max := b.Spec.MinAvailable, b.Spec.MaxUnavailable; {
	case min != nil && max != nil:
		return atField(s.doc, "spec.maxUnavailable", inputErr("a budget has minAvailable or maxUnavailable, not both (the API server refuses it)"))
	case min != nil:
		p.field, p.value = "minAvailable", min.String()
	case max != nil:
		p.field, p.value = "maxUnavailable", max.String()
	default:
		return atField(s.doc, "spec", inputErr("the budget has neither minAvailable nor maxUnavailable"))
	}
	sel := b.Spec.Selector
	switch {
	case sel == nil || len(sel.MatchLabels) == 0:
		return atField(s.doc, "spec.selector", inputErr("the budget selects its pods by spec.selector.matchLabels, which it does not have"))
	case len(sel.MatchExpressions) > 0:
		return atField(s.doc, "spec.selector.matchExpressions", inputErr("a budget's selector is its matchLabels here; matchExpressions are not modelled"))
	}
	p.selector = k8slabels.Set(sel.MatchLabels).String()
	if b.Spec.UnhealthyPodEvictionPolicy != nil {
		p.policy = string(*b.Spec.UnhealthyPodEvictionPolicy)
		if err := oneOf("unhealthyPodEvictionPolicy", p.policy, unhealthyPolicies...); err != nil {
			return atField(s.doc, "spec.unhealthyPodEvictionPolicy", err)
		}
	}
	return p.Declare(pl)
}
