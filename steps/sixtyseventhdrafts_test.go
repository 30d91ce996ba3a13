package steps_test

import (
	"strings"
	"testing"
)

// The phrases of issue 38's held-out sets 67 to 71
// (features/language/sixty-seventh-drafts.feature): memory said as what
// is left, a node declared with its threshold, a pod running on a named
// node, several pods in one state. The scenarios pass on the simulator;
// a copy with one step made false fails at that step.

const sixtySeventhDrafts = "../features/language/sixty-seventh-drafts.feature"

var sixtySeventhFalseCopies = []falseCopy{
	{"enough memory left that there is no pressure", 11,
		`node "worker-1" has 24Mi of memory available`, `node "worker-1" has 200Mi of memory available`, `MemoryPressure`, []int{29}},
	{"a threshold below what is left", 11,
		`eviction hard threshold memory.available<100Mi`, `eviction hard threshold memory.available<10Mi`, `MemoryPressure`, []int{29}},
	{"memory dropped to above the flag's threshold", 46,
		`available memory on node "worker-1" drops to 80Mi`, `available memory on node "worker-1" drops to 120Mi`, `MemoryPressure`, []int{53}},
	{"the flag's threshold below what is left", 46,
		`eviction-hard "memory.available<100Mi"`, `eviction-hard "memory.available<50Mi"`, `MemoryPressure`, []int{53}},
	{"the pod said to run on the other node", 35,
		`the pod "web" is running on node "worker-1"`, `the pod "web" is running on node "worker-2"`, `worker-1`, nil},
	{"the pods said to be Pending", 35,
		`the pods "web" and "db" are Running`, `the pods "web" and "db" are Pending`, `Running`, nil},
	{"a list of three said Succeeded", 35,
		`the pods "web" and "db" are Running`, `pods "web", "db" and "web" are Succeeded`, `Running`, nil},
}

func TestSixtySeventhDraftsPass(t *testing.T) { checkScenariosPass(t, sixtySeventhDrafts, 3) }

func TestSixtySeventhDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, sixtySeventhDrafts, sixtySeventhFalseCopies)
}

// TestNodesWithThresholdsShareOne: a scenario's kubelets share one
// configuration, so a second node declared with the same threshold says
// it again and one with another value is refused at its line.
func TestNodesWithThresholdsShareOne(t *testing.T) {
	const src = `Feature: f
  Scenario: s
    Given a node "a" with 1Gi memory and eviction hard threshold memory.available<100Mi
    And a node "b" with 1Gi memory and eviction hard threshold memory.available<%s
    And a pod "p"
    When the pod "p" is created
    Then the pod "p" is Running
`
	if got := lintErrors(t, "same.feature", strings.Replace(src, "%s", "100Mi", 1), "note:", "warning:"); len(got) != 0 {
		t.Errorf("the same threshold twice: %q, want no problem", got)
	}
	got := lintErrors(t, "other.feature", strings.Replace(src, "%s", "200Mi", 1), "note:", "warning:")
	if len(got) != 1 || !strings.Contains(got[0], "other.feature:4") || !strings.Contains(got[0], "another value") {
		t.Errorf("another threshold: %q, want one problem at other.feature:4 saying it has another value", got)
	}
}
