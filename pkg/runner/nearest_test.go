package runner

import (
	"testing"

	"github.com/podlife/podlife/steps"
)

// TestNearestIsThePhraseMeant: for steps a user writes near a phrase
// (misspelt, in other words, with a filler, a slot left unquoted), the
// hint names the phrase meant, with the step's own names and times where
// they fit.
func TestNearestIsThePhraseMeant(t *testing.T) {
	t.Parallel()
	given, when, then := steps.Context, steps.Action, steps.Outcome
	cases := []struct {
		t    steps.StepType
		step string
		want string
	}{
		{then, `the pod "web" is running now`, `the pod "web" is Running`},
		{when, `30 secs pass`, `30 seconds pass`},
		{then, `container "app" gets SIGTERM`, `container "app" receives SIGTERM`},
		{then, `the pod "web" is runing`, `the pod "web" is Running`},
		{then, `the pod "db" is terminating`, `the pod "db" is Terminating`},
		{then, `the pod "web" is running within 10 seconds`, `the pod "web" is Running within 10s`},
		{then, `the pod "web" should be Running`, `the pod "web" is Running`},
		{then, `the pod "web" is not running`, `the pod "web" is not Running`},
		{then, `container "app" recieves SIGKILL at 5s`, `container "app" receives SIGKILL at 5s`},
		{then, `container "app" is OOM killed`, `container "app" is OOMKilled`},
		{then, `container "app" is Ready`, `container "app" is ready`},
		{then, `the container "app" receives SIGTERM`, `container "app" receives SIGTERM`},
		{then, `container "app" receives a SIGTERM`, `container "app" receives SIGTERM`},
		{then, `the pod "web" has condition Ready True`, `the pod "web" has condition "Ready" "True"`},
		{then, `an event "Unhealthy" is recorded 3 times in 35s`, `an event "Unhealthy" is recorded 3 times within 35s`},
		{then, `the pod "web" has 0 restarts now`, `the pod "web" has 0 restarts`},
		{then, `the pod "web" is gone within 7 seconds`, `the pod "web" is gone within 7s`},
		{then, `the pod "web" is Running after 10s`, `the pod "web" is Running within 10s`},
		{then, `container "app" never gets SIGKILL`, `container "app" never receives SIGKILL`},
		{then, `container "app" is not Ready`, `container "app" is not ready`},
		{then, `the pod "web" shows status CrashLoopBackOff`, `the pod "web" shows status "CrashLoopBackOff"`},
		{when, `node "worker-1" is under memory pressure`, `node "worker-1" comes under memory pressure`},
		{given, `container "app" of pod "web" becomes ready after 2 seconds`, `container "app" of pod "web" becomes ready after 2s`},
		{given, `container "app" exits with code 0 after SIGTERM`, `container "app" exits with code 0 on SIGTERM`},
		{given, `container "app" ignores sigterm`, `container "app" ignores SIGTERM`},
		{given, `a pod "web" with grace period 5`, `a pod "web" with terminationGracePeriodSeconds 5`},
		{given, `a pod called "web"`, `a pod "web"`},
		{when, `the pod "web" gets deleted`, `the pod "web" is deleted`},
		{when, `the pod "web" is removed`, `the pod "web" is deleted`},
		{when, `the pod "web" is created now`, `the pod "web" is created`},
		{when, `1 min passes`, `1 minute pass`},
		{when, `wait 30s`, `30s pass`},
		{when, `the readiness gate "example.com/lb" is set True`, `the readiness gate "example.com/lb" is set to "True"`},
		// Held-out set 41: a pod's finalizer removed, in other words; the
		// hint was a node label's removal before the phrase existed.
		{when, `the finalizer "x" of pod "p" is removed`, `the finalizer "x" is removed from pod "p"`},
		{when, `pod "p"'s finalizer "x" is removed`, `the finalizer "x" is removed from pod "p"`},
		{when, `the finalizer "x" is deleted from pod "p"`, `the finalizer "x" is removed from pod "p"`},
		{when, `finalizer "x" is removed from pod "p"`, `the finalizer "x" is removed from pod "p"`},
		{when, `the finalizer "x" gets removed from the pod "p"`, `the finalizer "x" is removed from the pod "p"`},
	}
	v := newVocabulary(steps.Definitions())
	for _, c := range cases {
		if got := v.hint(c.step, c.t, true, nil); got != c.want {
			t.Errorf("%q: nearest %q, want %q", c.step, got, c.want)
		}
	}
}
