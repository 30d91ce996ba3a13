package steps

import (
	"strings"
	"testing"

	"github.com/cucumber/godog"
)

// TestReplicaSetWrittenAsAReplicaSet: a replica set's YAML may be the
// ReplicaSet's (spec.template, as a Deployment is written: a blind first
// draft wrote it so, 2026-11-29, and lint refused `spec.template`) as
// well as its pods'; both give the same template, and what the step
// already says (the count, the selector) may not be contradicted.
func TestReplicaSetWrittenAsAReplicaSet(t *testing.T) {
	podForm := "spec:\n  terminationGracePeriodSeconds: 5\n  containers:\n  - name: app\n"
	rsForm := "spec:\n  template:\n    metadata:\n      labels:\n        tier: web\n    spec:\n      terminationGracePeriodSeconds: 5\n      containers:\n      - name: app\n"
	whole := "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata:\n  name: web\nspec:\n  replicas: 3\n  template:\n    spec:\n      terminationGracePeriodSeconds: 5\n      containers:\n      - name: app\n"
	for _, tc := range []struct {
		name, doc, wantErr, wantLabel string
	}{
		{"its pods' spec", podForm, "", "app=web"},
		{"its spec, with a template", rsForm, "", "tier=web"},
		{"a whole ReplicaSet", whole, "", "app=web"},
		{"replicas not the step's", strings.Replace(whole, "replicas: 3", "replicas: 2", 1), "the step gives 3 pods but spec.replicas is 2", ""},
		// A manifest's selector, the template's labels again, is taken
		// (blind set 19 wrote one as kubectl's manifests do); one that
		// does not select them the API server refuses, a narrower one
		// would select pods the controller does not adopt.
		{"a selector that is the template's labels", strings.Replace(rsForm, "  template:", "  selector:\n    matchLabels:\n      tier: web\n  template:", 1), "", "tier=web"},
		{"a selector that is the default labels", strings.Replace(whole, "  template:", "  selector:\n    matchLabels:\n      app: web\n  template:", 1), "", "app=web"},
		{"a selector of other labels", strings.Replace(rsForm, "  template:", "  selector:\n    matchLabels:\n      tier: db\n  template:", 1), "does not select the template's labels tier=web", ""},
		{"a selector narrower than the labels", strings.Replace(strings.Replace(rsForm, "        tier: web\n", "        tier: web\n        track: stable\n", 1), "  template:", "  selector:\n    matchLabels:\n      tier: web\n  template:", 1), "spec.selector is the template's labels (tier=web,track=stable)", ""},
		{"another name", strings.Replace(whole, "name: web", "name: api", 1), `names the replica set "web" but its metadata.name is "api"`, ""},
		{"a field a ReplicaSet has not", strings.Replace(rsForm, "  template:", "  strategy: {}\n  template:", 1), `unknown field "spec.strategy"`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pl := NewPlan(nil, ".", nil)
			err := replicaSet{name: "web", n: 3, doc: &godog.DocString{Content: tc.doc}}.Declare(pl)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(pl.disr.sets) != 1 || len(pl.pods) != 0 {
				t.Fatalf("%d replica sets, %d pods declared; want 1 and none", len(pl.disr.sets), len(pl.pods))
			}
			tpl := pl.disr.sets[0].tpl.pod
			if g := tpl.Spec.TerminationGracePeriodSeconds; g == nil || *g != 5 {
				t.Errorf("template's grace %v, want 5", g)
			}
			if got := labelsText(tpl.Labels); got != tc.wantLabel {
				t.Errorf("template's labels %s, want %s", got, tc.wantLabel)
			}
		})
	}
}

func labelsText(l map[string]string) string {
	var out []string
	for k, v := range l {
		out = append(out, k+"="+v)
	}
	return strings.Join(out, ",")
}
