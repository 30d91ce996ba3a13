package steps_test

import (
	"strings"
	"testing"
)

// The phrases of issue 38's eleventh held-out set
// (features/language/eleventh-drafts.feature): each scenario there passes
// on the simulator; a copy with one step made false fails at that step.

const eleventhDrafts = "../features/language/eleventh-drafts.feature"

var eleventhFalseCopies = []falseCopy{
	{"a job's pod said restarted that was not", 10,
		`the first pod of job "migrate" has 0 restarts`, `the first pod of job "migrate" has 1 restart`, `1`, nil},
	{"a job's pod's RESTARTS said 2 that shows 0", 10,
		`the first pod of job "migrate" shows 0 restarts`, `the first pod of job "migrate" shows 2 restarts`, `2`, nil},
	{"a job's pod's condition it never had", 10,
		`the first pod of job "migrate" has condition "Ready" "True" within 30s`, `the first pod of job "migrate" has condition "Ready" "False" with reason "PodFailed" within 30s`, `within 30s`, nil},
	{"a job said to have no active pods before its pod ended", 10,
		`the job "migrate" has no active pods within 1m`, `the job "migrate" has no active pods within 2s`, `within 2s`, nil},
	{"a job said to have no succeeded pods once its pod succeeded", 10,
		`the job "migrate" has no failed pods`, `the job "migrate" has no succeeded pods`, `0`, nil},
	{"a job's crashing pod said to show its restarts too early", 29,
		`the first pod of job "migrate" shows 2 restarts within 1m`, `the first pod of job "migrate" shows 2 restarts within 10s`, `within 10s`, nil},
	{"a condition by a deadline before it came", 46,
		`the pod "web" has condition "Initialized" "True" within 10s`, `the pod "web" has condition "Initialized" "True" within 1s`, `not by 1s: condition Initialized=False with reason ContainersNotInitialized`, nil},
	{"a condition at a time it did not come", 46,
		`the pod "web" has condition "PodScheduled" "True" at 0s`, `the pod "web" has condition "PodScheduled" "True" at 1s`, `at 1s`, nil},
	{"a condition in a window after it came", 46,
		`the pod "web" has condition "Initialized" "True" between 2s and 3s`, `the pod "web" has condition "Initialized" "True" between 3s and 10s`, `between 3s and 10s`, nil},
	{"a condition with a reason it did not have", 46,
		`the pod "web" has condition "Ready" "False" with reason "ContainersNotReady" within 5s`, `the pod "web" has condition "Ready" "False" with reason "PodCompleted" within 5s`, `PodCompleted`, nil},
	{"a condition's status it never took", 46,
		`the pod "web" has condition "ContainersReady" "True" within 30s`, `the pod "web" has condition "ContainersReady" "Unknown" within 30s`, `Unknown`, nil},
	{"a deployment's pod said restarted that was not", 99,
		`the first pod of deployment "api" has 0 restarts`, `the first pod of deployment "api" has 1 restart`, `1`, nil},
	{"a deployment's pod said not Ready that was", 99,
		`the first pod of deployment "api" is Ready`, `the first pod of deployment "api" is NotReady`, `NotReady`, nil},
	// A Given that makes a difference: without the image step the pod
	// runs (the alias is not a no-op).
	{"the image tag step left out", 90,
		`the image tag of container "app" does not exist`, `container "app" runs forever`, `ErrImagePull`, []int{94, 95, 96}},
	// The init container running forever, made to complete: the pod
	// leaves Init:0/1.
	{"the init container made to complete", 69,
		`init container "wait-for-db" runs forever`, `init container "wait-for-db" runs to completion after 2s`, `Init:0/1`, []int{83}},
}

func TestEleventhDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, eleventhDrafts, eleventhFalseCopies)
	// Never OOMKilled, said of a container the kernel killed so
	// (restarts/oom.feature's first scenario).
	for _, say := range []string{`container "app" was never OOMKilled`, `container "app" is not OOMKilled`, `container "app" of pod "web" is never OOMKilled`} {
		checkFalseCopies(t, "../features/restarts/oom.feature", []falseCopy{
			{"never OOMKilled, said of an OOM kill: " + say, 10,
				`container "app" never receives SIGKILL`, say, `never OOMKilled`, nil},
		})
	}
}

// TestEleventhDraftScenariosPass: the scenarios as written pass.
func TestEleventhDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, eleventhDrafts, 6)
}

// TestRunsForeverContradictsAnExit: `runs forever` (a container's
// default, said) is an error beside a step that gives the same container
// an exit of its own, in either order; an exit on SIGTERM, another
// container's exit, or another pod's, is none.
func TestRunsForeverContradictsAnExit(t *testing.T) {
	const head = "Feature: forever\n  Scenario: s\n    Given a pod \"web\":\n      \"\"\"yaml\n      spec:\n        initContainers:\n        - name: setup\n        containers:\n        - name: app\n        - name: img\n          image: busybox\n          command: [\"sleep\", \"10\"]\n      \"\"\"\n    And a pod \"other\"\n"
	for _, tc := range []struct {
		name  string
		steps []string
		want  string // "" : no problem
	}{
		{"forever then an exit", []string{`init container "setup" of pod "web" runs forever`, `init container "setup" of pod "web" exits with code 1 after 2s`}, `forever.feature:16: container "setup" is said to run forever, and to exit on its own`},
		{"an exit then forever", []string{`container "app" of pod "web" runs to completion after 2s`, `container "app" of pod "web" never exits on its own`}, `forever.feature:16: container "app" is said to run forever, and to exit on its own`},
		{"an exit of one start", []string{`container "app" of pod "web" runs forever`, `container "app" of pod "web" exits with code 1 after 2s the first time`}, `forever.feature:16: container "app" is said to run forever`},
		{"an image's command that ends", []string{`container "img" of pod "web" runs forever`}, `forever.feature:15: container "img" is said to run forever`},
		{"an exit on SIGTERM", []string{`container "app" of pod "web" runs forever`, `container "app" of pod "web" exits with code 0 on SIGTERM`}, ""},
		{"another container's exit", []string{`container "app" of pod "web" runs forever`, `init container "setup" of pod "web" runs to completion after 2s`}, ""},
		{"another pod's exit", []string{`container "app" of pod "web" runs forever`, `container "app" of pod "other" exits with code 1 after 2s`}, ""},
		{"after the pod's creation", []string{`the pod "web" is created`, `container "app" of pod "web" runs forever`}, `forever.feature:16: pod "web" is created already`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := head
			for _, s := range tc.steps {
				text += "    And " + s + "\n"
			}
			got := lintErrors(t, "forever.feature", text, "note:")
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("lint says %q, want no problem", got)
			case tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.want)):
				t.Errorf("lint says %q, want %q", got, tc.want)
			}
		})
	}
}
