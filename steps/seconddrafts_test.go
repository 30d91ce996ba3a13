package steps_test

import (
	"strings"
	"testing"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/runner"
)

// The phrases of issue 38's second trial (features/language/second-drafts.feature):
// each scenario there passes on the simulator; a copy with one step made
// false fails at that step (or, for a declaration or an action, at the
// expectations it leads to), and only there.

const secondDrafts = "../features/language/second-drafts.feature"

var secondFalseCopies = []falseCopy{
	// kubectl's STATUS, said as kubectl prints it.
	{"kubectl shows another STATUS now", 15,
		`kubectl shows the pod "shop" as Terminating`, `kubectl shows the pod "shop" as Running`, `showing STATUS Running`, nil},
	{"kubectl shows a STATUS coming later than it did", 15,
		`kubectl shows the pod "shop" as Terminating between 0s and 500ms`, `kubectl shows the pod "shop" as Terminating between 1s and 2s`,
		`Status(Terminating) of pod "shop" between 1s and 2s`, nil},
	{"kubectl shows a STATUS the pod never had by the deadline", 38,
		`kubectl shows the pod "crasher" as CrashLoopBackOff within 1m`, `kubectl shows the pod "crasher" as Init:Error within 1m`, `STATUS Init:Error within 1m`, nil},
	{"kubectl shows a STATUS at another time", 48,
		`kubectl shows the pod "migrate" as Init:Error at 2s`, `kubectl shows the pod "migrate" as Init:Error at 3s`, `Status(Init:Error) of pod "migrate" at 3s`, nil},
	{"shows status at another time", 38,
		`the pod "crasher" shows status "Error" at 1s`, `the pod "crasher" shows status "Error" at 2s`, `Status(Error) of pod "crasher" at 2s`, nil},
	{"shows status in a window it did not come in", 38,
		`the pod "crasher" shows status "Error" between 1s and 1500ms`, `the pod "crasher" shows status "Error" between 2s and 3s`, `between 2s and 3s`, nil},

	// A container running.
	{"still running after it exited", 15,
		`container "log-shipper" is still running at 6s`, `container "log-shipper" is still running at 8s`, `exited at 7s`, nil},
	{"running now, when it runs not yet", 48,
		`container "app" is not running`, `container "app" is running`, `expected container "app" running`, nil},
	{"not running now, when it runs", 73,
		`container "nginx" is running`, `container "nginx" is not running`, `expected container "nginx" not running`, nil},
	{"running within a deadline before its start", 48,
		`container "app" is running within 5s`, `container "app" is running within 4s`, `Started of container "app" within 4s`, nil},

	// Exits and their order.
	{"an exit by a deadline before it", 15,
		`container "log-shipper" exits within 8s`, `container "log-shipper" exits within 6s`, `exit of container "log-shipper" within 6s`, nil},
	{"an exit in a window after it", 38,
		`container "app" exits between 1s and 1500ms`, `container "app" exits between 2s and 3s`, `exit of container "app" between 2s and 3s`, nil},
	{"an exit at another time", 15,
		`container "app" exits at 7s`, `container "app" exits at 6s`, `exit of container "app" at 6s`, nil},
	{"a stop order the wrong way round", 15,
		`container "log-shipper" stops after container "app"`, `container "app" stops after container "log-shipper"`, `log-shipper`, nil},

	// A pod's state over an interval.
	{"not Ready before a time it was Ready by", 73,
		`the pod "nginx" is not Ready before 5s`, `the pod "nginx" is not Ready before 6s`, `it became Ready at 5s`, nil},

	// Events and evictions.
	{"an event the pod did not have", 38,
		`the pod "crasher" has an event "BackOff"`, `the pod "crasher" has an event "Unhealthy"`, `"Unhealthy"`, nil},
	{"an eviction order the wrong way round", 91,
		`the pod "batch" is evicted before the pod "important"`, `the pod "important" is evicted before the pod "batch"`, `Evicted of pod "important" at 11s, Evicted of pod "batch" at 10s`, nil},
	// Past its 500Mi limit from the start, the container is OOM-killed
	// before the pass and the eviction's message names no usage of it
	// (the message step no longer states the figure, which a real node's
	// runtime overhead changes).
	{"a memory use from the start past the limit", 91,
		`container "worker" of pod "batch" uses 400Mi of memory`, `container "worker" of pod "batch" uses 600Mi of memory`, `Container worker was using`, []int{122}},

	// A restart policy given in the step.
	{"Always, where the container must not restart", 66,
		`a pod "job" with restartPolicy Never`, `a pod "job" with restartPolicy Always`, `pod "job" Failed within 3s`, []int{70, 71}},
	{"Never, where the init container must restart", 48,
		`a pod "migrate" with restartPolicy OnFailure:`, `a pod "migrate" with restartPolicy Never:`, `Started of container "app" within 5s`, []int{62, 63, 64}},

	// A priority given in the step.
	{"a priority other than the one the pod shows", 192,
		`a pod "batch" with priority 100`, `a pod "batch" with priority 200`, `priority 100`, []int{201}},

	// A behaviour of one start.
	{"the first start's exit given to the third", 48,
		`init container "db-migrate" exits with code 1 after 2s the first time`, `init container "db-migrate" exits with code 1 after 2s the third time`,
		`Status(Init:Error) of pod "migrate" at 2s`, []int{61, 62, 63, 64}},
	{"the second start's exit given to the third", 48,
		`init container "db-migrate" runs to completion after 3s the second time`, `init container "db-migrate" runs to completion after 3s the third time`,
		`Started of container "app" within 5s`, []int{62, 63}},

	// A pod declared where it is created.
	{"a pod declared where it is created, with another probe", 143,
		`initialDelaySeconds: 3`, `initialDelaySeconds: 5`, `pod "web" Ready within 3s`, []int{165}},

	// A replica set after a drain.
	{"a replacement Ready by a deadline before its readiness", 168,
		`a replacement pod of replica set "web" is Ready within 10s`, `a replacement pod of replica set "web" is Ready within 7s`, `created at or after t=0 Ready within 7s`, nil},
	{"a node left without the pods by a deadline before the drain ended", 168,
		`node "worker-1" has no pods of replica set "web" within 1m`, `node "worker-1" has no pods of replica set "web" within 9s`, `0 pods of replica set "web" on node "worker-1" within 9s`, []int{189, 190}},
	{"a node that has the pods", 168,
		`node "worker-1" has no pods of replica set "web"`, `node "worker-2" has no pods of replica set "web"`, `0 pods of replica set "web" on node "worker-2"`, nil},
}

func TestSecondDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, secondDrafts, secondFalseCopies)
}

// TestSecondDraftScenariosPass: the scenarios as written pass (the
// catalogue's run says so too; here next to their false copies).
func TestSecondDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, secondDrafts, 10)
}

// TestTheNodeOfSeveral: `the node` names the scenario's one node (the
// default one included); with two, it is an error at the step's line that
// names them, as is a static pod given without its node.
func TestTheNodeOfSeveral(t *testing.T) {
	const feature = `Feature: the node
  Scenario: two nodes
    Given a node "worker-1"
    And a node "worker-2"
    And a static pod "agent":
      """yaml
      spec:
        containers:
        - name: app
      """
    When the node comes under memory pressure
    Then the node has condition "MemoryPressure" "True" within 10s

  Scenario: the default node
    Given a pod "web"
    When the node comes under memory pressure
    Then node "worker-1" has condition "MemoryPressure" "True" within 10s
    And the node has no taint "dedicated=infra:NoSchedule"
`
	_, scs, problems := runner.ParseFeature("node.feature", []byte(feature))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	var got []string
	for _, p := range runner.Lint(scs, simdriver.New()) {
		got = append(got, p.Error())
	}
	several := `the scenario has 2 nodes ("worker-1", "worker-2"): say which, with node "name"`
	want := []string{"node.feature:5: " + several, "node.feature:11: " + several, "node.feature:12: " + several}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lint says\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}
