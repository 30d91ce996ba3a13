package steps_test

import "testing"

// The aliases of issue 38's held-out sets 43 to 45
// (features/language/forty-third-drafts-aliases.feature): an exit's code
// before its time, `is running at T`, `starts at T`, `restartCount`, the
// exit of a container's first N starts, a pod's phase with its reason.
// Each scenario there passes on the simulator; a copy with one step made
// false fails at that step (or, for a behaviour made another, at the
// expectations it falsifies).

const fortyThirdDrafts = "../features/language/forty-third-drafts-aliases.feature"

var fortyThirdFalseCopies = []falseCopy{
	// `exits with code N at T`: the code and the time each decide.
	{"the SIGKILLed container said to exit with 143", 13,
		`container "httpd" exits with code 137 at 8s`, `container "httpd" exits with code 143 at 8s`, `with code 137`, nil},
	{"the SIGKILLed container said to exit a second before the grace's end", 13,
		`container "httpd" exits with code 137 at 8s`, `container "httpd" exits with code 137 at 7s`, `at 7s`, nil},
	{"the container said to exit as its preStop hook ends", 28,
		`container "ui" of pod "frontend" exits with code 143 at 7s`, `container "ui" of pod "frontend" exits with code 143 at 6s`, `at 6s`, nil},
	// `is running at T`: still running then.
	{"the killed container said to run after its kill", 13,
		`container "httpd" is running at 5s`, `container "httpd" is running at 9s`, `exited at 8s with code 137`, nil},
	{"the container said to run after its exit", 28,
		`container "ui" of pod "frontend" is running at 5s`, `container "ui" of pod "frontend" is running at 8s`, `exited at 7s with code 143`, nil},
	// `starts at T`: its first start at or after t=0, at exactly T.
	{"the second init container said to start before the first ends", 43,
		`container "render-config" starts at 3s`, `container "render-config" starts at 2s`, `at 2s`, nil},
	{"the app said to start a second late", 43,
		`container "server" of pod "shop" starts at 4s`, `container "server" of pod "shop" starts at 5s`, `at 5s`, nil},
	// `restartCount` as `restart count`.
	{"a restartCount the init container does not reach by 25s", 62,
		`container "download" has restartCount 2 within 25s`, `container "download" has restartCount 3 within 25s`, `3`, nil},
	{"the init container's restartCount said one less", 62,
		`container "download" of pod "catalog" restartCount is 2`, `container "download" of pod "catalog" restartCount is 1`, `restartCount 1`, nil},
	{"a restartCount one more in the window", 80,
		`container "app" has restartCount 2 between 14s and 21s`, `container "app" has restartCount 3 between 14s and 21s`, `restart count 3`, nil},
	{"the worker's restartCount bounded under what it reached", 80,
		`container "app" has restartCount at most 2`, `container "app" has restartCount at most 1`, `at most 1`, nil},
	// `on its first N runs`: starts 1 to N exit so, the others as the
	// container's other steps say.
	{"one failed run where two were said", 62,
		`container "download" exits with code 1 after 2s on its first 2 runs`, `container "download" exits with code 1 after 2s on its first 1 run`, `restarted 2 times within 25s`, []int{74, 75, 77}},
	{"three failed starts where two were said", 80,
		`container "app" exits with code 1 after 2s on its first 2 starts`, `container "app" exits with code 1 after 2s on its first 3 starts`, `Succeeded within 25s`, []int{87}},
	{"the third start given twice", 92,
		`container "app" exits with code 1 after 1s the first 2 times`, `container "app" exits with code 1 after 1s the first 3 times`, `its third start is given twice`, []int{95}},
	// A phase with its reason: each of the two decides, and the failure
	// says which.
	{"the evicted pod said to have another reason", 103,
		`the pod "scratch" phase is "Failed" with reason "Evicted"`, `the pod "scratch" phase is "Failed" with reason "OutOfmemory"`, `reason Evicted, not OutOfmemory`, nil},
	{"the evicted pod said to have succeeded", 103,
		`the pod "scratch" phase is "Failed" with reason "Evicted"`, `the pod "scratch" phase is "Succeeded" with reason "Evicted"`, `phase Failed, not Succeeded`, nil},
	{"the evicted pod said to run, written bare", 103,
		`the pod "scratch" has phase Failed with reason Evicted`, `the pod "scratch" has phase Running with reason Evicted`, `phase Failed, not Running`, nil},
}

func TestFortyThirdDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, fortyThirdDrafts, fortyThirdFalseCopies)
}

// TestFortyThirdDraftScenariosPass: the scenarios as written pass.
func TestFortyThirdDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, fortyThirdDrafts, 7)
}
