Feature: Verdicts the engine must not give
  Scenarios that pass only if a check passes with what it observed
  outside its window: the catalogue test of internal/mutation runs them
  and checks every check's verdict against its own record (Windows). Each
  says which verdict it probes; none is in features/, since each is
  expected to fail.

  Scenario: A `within` read after an `at` that ran past its deadline
    The SIGKILL at 5 s runs the scenario to 5 s, and the pod goes at 5 s:
    `gone within 1s` must fail (its deadline is t0+1s), and its check,
    observed 5 s in a window [0 s, 1 s], must not say it held.

    Given a pod "web" with terminationGracePeriodSeconds 5
    And container "app" of pod "web" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGKILL at 5s
    And the pod "web" is gone within 1s
