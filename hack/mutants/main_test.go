package main

import (
	"strings"
	"testing"
	"time"
)

const feature = `@termination
Feature: f

  Scenario: other
    When the pod "web" is deleted
    Then container "app" receives SIGKILL at 5s

  @behavior:x
  Scenario: this one
    Given a pod "web" with terminationGracePeriodSeconds 1:
      """yaml
      spec:
        containers:
        - name: app  # at 3s in a doc string is not a step
      """
    When the pod "web" is deleted
    Then container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL 2s after SIGTERM
    And the pod "web" is gone between 2s and 2.5s
    And the pod "web" is gone within 3s
    And the timeline of pod "web" is:
      | at | container | event   |
      | 0s | app       | SIGTERM |
`

// TestMutate: every absolute time of the scenario is shifted each way
// (a bound at 0 only later), within-windows and doc strings are left
// alone, the copy keeps the scenario's line numbers and runs it alone.
func TestMutate(t *testing.T) {
	ms, err := mutate("f.feature", feature, 9, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.Now)
		lines := strings.Split(m.text, "\n")
		if !strings.HasPrefix(strings.TrimSpace(lines[8]), "Scenario: this one") || strings.Contains(m.text, "Scenario: other") || !strings.Contains(m.text, "Feature: f") {
			t.Errorf("the copy should keep the feature and this scenario at its line, and only it:\n%s", m.text)
		}
	}
	want := []string{
		`Then container "app" receives SIGTERM at 1s`,
		`And container "app" receives SIGKILL 1s after SIGTERM`,
		`And container "app" receives SIGKILL 3s after SIGTERM`,
		`And the pod "web" is gone between 1s and 1.5s`,
		`And the pod "web" is gone between 3s and 3.5s`,
		`| 1s | app       | SIGTERM |`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("mutants:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if ms[5].StepLine != 21 {
		t.Errorf("a row's shift fails at its table's step (line 21), got %d", ms[5].StepLine)
	}
	if _, err := mutate("f.feature", feature, 10, time.Second); err == nil {
		t.Error("a line that is not a Scenario's should be refused")
	}
}
