package steps_test

import "testing"

// The conventions of issue 38's held-out sets 43 to 45
// (features/language/forty-third-drafts.feature): `pod "x"` for `the pod
// "x"` (and a job's), a pod's state in lower case. The scenarios pass on
// the simulator; a copy with one step made false, written the same way,
// fails at that step.

const fortyThirdBareDrafts = "../features/language/forty-third-drafts.feature"

var fortyThirdBareFalseCopies = []falseCopy{
	{"a restart before the probe failed", 12,
		`pod "catalog" shows 0 restarts`, `pod "catalog" shows 1 restart`, `RESTARTS 0`, nil},
	{"pending at 60s, running since 0s", 12,
		`pod "catalog" is still running at 60s`, `pod "catalog" is still pending at 60s`, `got at 60s: phase Running`, nil},
	{"never running, running since 0s", 12,
		`pod "catalog" is never failed`, `pod "catalog" is never running`, `got Running at 0s`, nil},
	{"the preemptor running before its victim went", 32,
		`pod "checkout" is pending`, `pod "checkout" is running`, `phase Pending; it did from 5s`, nil},
	{"the victim gone before its 5s exit", 32,
		`pod "report-builder" is gone at 5s`, `pod "report-builder" is gone at 3s`, `got Deleted of pod "report-builder" at 5s`, nil},
	{"the preemptor succeeded", 32,
		`pod "checkout" is running within 15s`, `pod "checkout" is succeeded within 15s`, `expected pod "checkout" Succeeded within 15s`, nil},
	{"the smaller consumer evicted first", 66,
		`pod "scratch" is evicted before pod "cache"`, `pod "cache" is evicted before pod "scratch"`, `got Evicted of pod "cache" at 11s, Evicted of pod "scratch" at 10s`, nil},
	{"an evicted pod never evicted", 66,
		`pod "node-agent" is never evicted`, `pod "cache" is never evicted`, `got Evicted of pod "cache" at 11s`, nil},
	{"the critical agent not ready", 66,
		`pod "node-agent" is running`, `pod "node-agent" is notready`, `expected pod "node-agent" NotReady`, nil},
	{"a job that created 2 pods said to create 3", 90,
		`job "nightly" has created 2 pods`, `job "nightly" has created 3 pods`, `got 2: nightly-`, nil},
	{"a job with 2 failed pods said to have 1", 90,
		`job "nightly" has 2 failed pods`, `job "nightly" has 1 failed pod`, `failed 2`, nil},
	{"a job's failed pod said to succeed", 90,
		`the first pod of job "nightly" is failed`, `the first pod of job "nightly" is succeeded`, `phase Failed`, nil},
}

func TestFortyThirdBareDraftsPass(t *testing.T) { checkScenariosPass(t, fortyThirdBareDrafts, 4) }

func TestFortyThirdBareDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, fortyThirdBareDrafts, fortyThirdBareFalseCopies)
}
