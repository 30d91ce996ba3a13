package steps

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// kindWordsInText is a workload's words before its quoted name, in a
// step's text.
var kindWordsInText = regexp.MustCompile(`\b(job|deployment|replica set|daemon set|stateful set|pod disruption budget) "`)

// TestKindNamesMayStandForTheirWords: every phrase that names a workload
// with its words (`job "x"`, `daemon set "x"`) takes its example with the
// kind's name in their place (`Job "x"`, `DaemonSet "x"`), each one and
// all of them, as the same step and no other phrase.
func TestKindNamesMayStandForTheirWords(t *testing.T) {
	for _, one := range []bool{false, true} {
		checked := checkRespelled(t, kindWordsInPattern, kindWordsInText, func(m string) string {
			spellings := kindSpellings(strings.TrimSuffix(m, ` "`))
			if one && len(spellings) > 1 {
				return spellings[1] + ` "` // kubectl's one word: replicaset
			}
			return spellings[0] + ` "`
		})
		if checked < 100 {
			t.Errorf("%d examples with a kind's name checked: fewer phrases name a workload than the registry has", checked)
		}
	}
}

// TestKindNamesOfTheFiftiethDrafts: held-out set 50's steps that named a
// workload by its kind are the phrases their words make.
func TestKindNamesOfTheFiftiethDrafts(t *testing.T) {
	for _, c := range []struct{ draft, words string }{
		{`a DaemonSet "shipper":`, `a daemon set "shipper":`},
		{`the Job "render" is created`, `the job "render" is created`},
		{`the StatefulSet "queue" has 3 ready pods`, `the stateful set "queue" has 3 ready pods`},
		{`the StatefulSet "queue" is scaled to 1`, `the stateful set "queue" is scaled to 1`},
		{`the Job "crunch" has 3 succeeded pods within 10s`, `the job "crunch" has 3 succeeded pods within 10s`},
		{`the Job "render" never fails`, `the job "render" never fails`},
		{`a PodDisruptionBudget "pdb" with minAvailable 2 for pods labelled "app=web"`, `a pod disruption budget "pdb" with minAvailable 2 for pods labelled "app=web"`},
		{`the ReplicaSet "web" has 2 pods within 10s`, `the replica set "web" has 2 pods within 10s`},
		// Set 56's one word, as kubectl's resource names.
		{`a replicaset "queue" of 3 pods:`, `a replica set "queue" of 3 pods:`},
		{`the replicaset "shop" has 3 pods within 35s`, `the replica set "shop" has 3 pods within 35s`},
		{`the daemonset "shipper" has 1 pod on node "worker-1"`, `the daemon set "shipper" has 1 pod on node "worker-1"`},
		{`the statefulset "queue" is scaled to 1`, `the stateful set "queue" is scaled to 1`},
		// Sets 52 and 57.
		{`a PriorityClass "critical-batch" with value 100000`, `a priority class "critical-batch" with value 100000`},
		{`a pod "a" with PriorityClass "critical-batch"`, `a pod "a" with priority class "critical-batch"`},
		{`a priorityclass "low" with value 10 and preemptionPolicy Never`, `a priority class "low" with value 10 and preemptionPolicy Never`},
	} {
		hits := matching(Definitions(), c.draft)
		want := matching(Definitions(), c.words)
		if len(want) != 1 || !slices.Equal(hits, want) {
			t.Errorf("%q matches phrases %v, want those of %q: %v", c.draft, hits, c.words, want)
			continue
		}
		if err := sameStep(Definitions()[want[0]], c.words, c.draft); err != nil {
			t.Errorf("%q: %v", c.draft, err)
		}
	}
}
