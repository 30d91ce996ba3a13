package steps_test

import "testing"

// A Job's ttlSecondsAfterFinished (held-out set 40,
// features/workloads/job-ttl.feature): a Job that completed, and one
// that failed, deleted that long after they finished, their pods gone
// first (the TTL-after-finished controller's foreground delete); a Job
// without the field never deleted. Each scenario there passes on the
// simulator; a copy with one step made false fails at that step.

const jobTTLDrafts = "../features/workloads/job-ttl.feature"

var jobTTLFalseCopies = []falseCopy{
	// The Job completes at 3 s (whole seconds): deleted and gone at 13 s,
	// its pod first.
	{"the Job said not deleted until after its TTL ran out", 15,
		`the job "report" is not deleted before 13s`, `the job "report" is not deleted before 14s`, `not deleted before 14s`, nil},
	{"the Job's deletion said to come before the TTL ran out", 15,
		`the job "report" is deleted at 13s`, `the job "report" is deleted at 12s`, `DeleteRequested`, nil},
	{"the Job said gone after it went", 15,
		`the job "report" is gone between 13s and 13s`, `the job "report" is gone between 14s and 16s`, `Deleted`, nil},
	{"the Job said gone before the TTL ran out", 15,
		`the job "report" is gone within 20s`, `the job "report" is gone within 10s`, `Deleted`, nil},
	{"the Job that is deleted said never deleted", 15,
		`the job "report" is gone within 20s`, `the job "report" is never deleted`, `never deleted`, nil},
	{"the Job that goes said never gone", 15,
		`the job "report" is gone within 20s`, `the job "report" is not gone`, `never gone`, nil},
	{"the Job's pod said gone before the TTL", 15,
		`the first pod of job "report" is gone at 13s`, `the first pod of job "report" is gone at 3s`, `Deleted`, nil},
	{"the failed Job said deleted at the TTL counted from its creation", 43,
		`the job "flaky" is deleted at 7s`, `the job "flaky" is deleted at 6s`, `DeleteRequested`, nil},
	{"the failed Job said gone at its deletion a second late", 43,
		`the job "flaky" is not gone before 7s`, `the job "flaky" is gone at 8s`, `Deleted`, nil},
	{"the failed Job said not deleted before it was", 43,
		`the job "flaky" never creates a second pod`, `the job "flaky" is not gone before 9s`, `not gone before 9s`, nil},
	// A Job without the field stays, and its pod with it.
	{"the Job without a TTL said gone", 70,
		`the job "keep" is never deleted`, `the job "keep" is gone`, `gone`, nil},
	{"the Job without a TTL said deleted within a minute", 70,
		`the job "keep" is never deleted`, `the job "keep" is deleted within 60s`, `DeleteRequested`, nil},
	{"the pod of a Job without a TTL said gone before its Job", 70,
		`the job "keep" is never deleted`, `the first pod of job "keep" is gone before the job "keep" is gone`, `gone`, nil},
}

func TestJobTTLPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, jobTTLDrafts, jobTTLFalseCopies)
}

// TestJobTTLScenariosPass: the scenarios as written pass.
func TestJobTTLScenariosPass(t *testing.T) {
	checkScenariosPass(t, jobTTLDrafts, 3)
}
