package steps_test

import (
	"strings"
	"testing"
)

// The phrases of issue 38's fifteenth held-out set
// (features/language/fifteenth-drafts.feature): a static pod's manifest
// removed from its node. Each scenario there passes on the simulator; a
// copy with one step made false fails at that step.

const fifteenthDrafts = "../features/language/fifteenth-drafts.feature"

var fifteenthFalseCopies = []falseCopy{
	{"SIGKILL said to come before the grace", 13,
		`container "app" receives SIGKILL at 5s`, `container "app" receives SIGKILL at 4s`, `at 4s`, nil},
	// The kill's grace is the spec's.
	{"a longer grace in the manifest", 13,
		`terminationGracePeriodSeconds: 5`, `terminationGracePeriodSeconds: 8`, `SIGKILL`, []int{24}},
	// The mirror pod goes after the containers ended, not with the removal.
	{"the mirror pod said gone while the pod terminates", 13,
		`the pod "agent" is not gone after 4s`, `the pod "agent" is gone within 4s`, `within 4s`, nil},
	// The mirror pod's deletion is not the manifest's removal: nothing is
	// killed, the kubelet makes the mirror pod again.
	{"the removal written as the mirror pod's deletion", 13,
		`the manifest of static pod "agent" is removed from the node`, `the pod "agent" is deleted`, `SIGTERM`, []int{23, 24, 25}},
	{"the preStop hook said to finish sooner", 30,
		`the preStop hook of container "app" finishes at 3s`, `the preStop hook of container "app" finishes at 2s`, `at 2s`, nil},
	{"SIGTERM said to come with the removal, before the hook ended", 30,
		`container "app" receives SIGTERM at 3s`, `container "app" receives SIGTERM at 0s`, `at 0s`, nil},
	// A hook longer than the grace: cut at 10s, SIGTERM then.
	{"a preStop hook longer than the grace", 30,
		`command: ["sleep", "3"]`, `command: ["sleep", "30"]`, `at 3s`, []int{44, 45, 47}},
	{"a mirror pod deleted said never recreated", 50,
		`the pod "agent" is never recreated`, `the pod "etcd" is never recreated`, `PodCreated of pod "etcd" at 0s`, nil},
	{"the removal written as the mirror pod's deletion: it comes back", 50,
		`the static pod manifest of "agent" is removed`, `the pod "agent" is deleted`, `PodCreated of pod "agent"`, []int{66}},
	{"the mirror pod said gone before the containers ended", 73,
		`the pod "agent" is not gone after 5s`, `the pod "agent" is gone within 5s`, `within 5s`, nil},
	{"the mirror pod said to go later than the next housekeeping", 73,
		`the pod "agent" is gone between 5s and 7s`, `the pod "agent" is gone between 7s and 9s`, `between 7s and 9s`, nil},
}

func TestFifteenthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, fifteenthDrafts, fifteenthFalseCopies)
}

// TestFifteenthDraftScenariosPass: the scenarios as written pass.
func TestFifteenthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, fifteenthDrafts, 4)
}

// TestManifestRemovalLint: a removal names a static pod, on its own node.
func TestManifestRemovalLint(t *testing.T) {
	const head = `Feature: f
  Scenario: s
    Given a static pod "agent" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    And a pod "web"
`
	for _, tc := range []struct{ step, want string }{
		{`the manifest of static pod "agent" is removed from node "worker-1"`, ""},
		{`the static pod "agent" is removed from its node`, ""},
		{`the manifest of static pod "web" is removed`, `pod "web" is not a static pod`},
		{`the static pod "agent" is removed from node "worker-2"`, `static pod "agent"'s manifest is on node "worker-1", not on node "worker-2"`},
		{`the static pod manifest of "nothing" is removed`, `"nothing"`},
	} {
		t.Run(tc.step, func(t *testing.T) {
			got := lintErrors(t, "removal.feature", head+"    When "+tc.step+"\n", "note:", "warning:")
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("lint: %v, want nothing", got)
			case tc.want != "" && (len(got) != 1 || !strings.Contains(got[0], tc.want)):
				t.Errorf("lint: %v, want one error with %q", got, tc.want)
			}
		})
	}
}
