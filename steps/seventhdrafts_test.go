package steps_test

import (
	"reflect"
	"strings"
	"testing"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/runner"
)

// The phrases of issue 38's sixth held-out set
// (features/language/seventh-drafts.feature): each scenario there passes
// on the simulator; a copy with one step made false fails at that step.

const seventhDrafts = "../features/language/seventh-drafts.feature"

var seventhFalseCopies = []falseCopy{
	{"a sidecar's SIGTERM said not to come before a time it came before", 13,
		`the sidecar "log-shipper" does not receive SIGTERM before 5s`, `the sidecar "log-shipper" does not receive SIGTERM before 6s`, `at 5s`, nil},
	{"the app's SIGTERM said not to come before a time it came before", 13,
		`the sidecar "log-shipper" does not receive SIGTERM before 5s`, `the app container "app" does not receive SIGTERM before 1s`, `at 0s`, nil},
	{"a sidecar's SIGTERM ordered before the app's exit by role nouns", 13,
		`the sidecar "log-shipper" receives SIGTERM after the app container "app" has exited`, `the app container "app" receives SIGTERM after the sidecar "log-shipper" has exited`, `log-shipper`, nil},
	{"a start said not to come before a time it came before", 33,
		`the app container "app" does not start before 5s`, `the app container "app" does not start before 6s`, `at 5s`, nil},
	{"an exit said not to come before a time it came before", 33,
		`container "app" does not exit before 9s`, `container "app" does not exit before 10s`, `at 9s`, nil},
	{"a restart said not to come before a time it came before", 33,
		`container "app" is not restarted before 9s`, `container "app" is not restarted before 10s`, `at 9s`, nil},
	{"a pod's restart by a deadline before it", 33,
		`the pod "api" has 1 restart within 40s`, `the pod "api" has 1 restart within 8s`, `showing 1 restart within 8s`, nil},
	{"a pod's restarts counted more than it had", 33,
		`the pod "api" has 1 restart within 40s`, `the pod "api" has 4 restarts within 40s`, `showing 4 restarts within 40s`, nil},
	{"a hang that comes too late for the restart", 52,
		`container "app" hangs after 10s`, `container "app" hangs after 100s`, `no SIGTERM`, []int{72, 74}},
	{"a restart said not to come before a time after the hang", 52,
		`container "app" is not restarted before 12s`, `container "app" is not restarted before 13s`, `at 12s`, nil},
	{"a job's failure by a deadline before it", 77,
		`the job "report" fails with reason "BackoffLimitExceeded" within 2m`, `the job "report" fails with reason "BackoffLimitExceeded" within 5s`, `within 5s`, []int{85, 86}},
	{"a job's failure with another reason", 77,
		`the job "report" fails with reason "BackoffLimitExceeded" within 2m`, `the job "report" fails with reason "DeadlineExceeded" within 2m`, `DeadlineExceeded`, nil},
	{"a PDB said to allow more disruptions than it does", 89,
		`the PDB "foo-pdb" allows 1 disruption`, `the PDB "foo-pdb" allows 2 disruptions`, `disruptionsAllowed`, nil},
	{"a node condition it does not report", 89,
		`the node reports Ready within 5s`, `the node reports MemoryPressure within 5s`, `MemoryPressure`, nil},
}

func TestSeventhDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, seventhDrafts, seventhFalseCopies)
}

// TestSeventhDraftScenariosPass: the scenarios as written pass.
func TestSeventhDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, seventhDrafts, 5)
}

// TestRoleNounsMatchTheSpec: a container named by a role its pod's spec
// does not give it is refused at lint, at the step's line; the role the
// spec gives it is accepted.
func TestRoleNounsMatchTheSpec(t *testing.T) {
	const feature = `Feature: roles
  Scenario: containers named by their roles
    Given a pod "shop":
      """yaml
      spec:
        initContainers:
        - name: setup
        - name: log-shipper
          restartPolicy: Always
        containers:
        - name: app
      """
    And the sidecar "app" takes 2s to exit after SIGTERM
    And the sidecar "setup" runs to completion after 1s
    And the app container "log-shipper" takes 2s to exit after SIGTERM
    And the main container "setup" runs to completion after 1s
    And the init container "app" takes 2s to exit after SIGTERM
    And the sidecar "log-shipper" takes 2s to exit after SIGTERM
    And the sidecar container "log-shipper" takes 2s to exit after SIGTERM
    And the init container "setup" runs to completion after 1s
    And the main container "app" takes 2s to exit after SIGTERM
    When the pod "shop" is created
    Then the sidecar "log-shipper" receives SIGTERM after the app container "app" has exited
`
	_, scs, problems := runner.ParseFeature("roles.feature", []byte(feature))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	var got []string
	for _, p := range runner.Lint(scs, simdriver.New()) {
		got = append(got, p.Error())
	}
	want := []string{
		`roles.feature:13: container "app" of pod "shop" is not a sidecar: a sidecar is an init container with ` + "`restartPolicy: Always` (write `container \"app\"`)",
		`roles.feature:14: container "setup" of pod "shop" is not a sidecar: an init container without ` + "`restartPolicy: Always` (write `init container \"setup\"`)",
		`roles.feature:15: container "log-shipper" of pod "shop" is an init container, not one of its app containers (write ` + "`init container \"log-shipper\"`)",
		`roles.feature:16: container "setup" of pod "shop" is an init container, not one of its app containers (write ` + "`init container \"setup\"`)",
		`roles.feature:17: container "app" of pod "shop" is not an init container (its init containers: setup, log-shipper; write ` + "`container \"app\"`)",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("lint says\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}
