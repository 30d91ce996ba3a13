@language
Feature: The phrases a fourteenth trial's first drafts reach for
  Issue 38's fourteenth held-out set (first drafts written from the
  README and the language reference alone): a Job's active pods bounded
  at all times.

  @behavior:job-completions
  Scenario: A Job never runs more pods at once than its parallelism
    Given a job "batch":
      """yaml
      spec:
        completions: 6
        parallelism: 3
      """
    And container "app" of pod "batch" runs to completion after 5s
    Then the job "batch" has 3 active pods within 30s
    And the job "batch" never has more than 3 active pods
    And the job "batch" never has more than 3 pods
    And the job "batch" has 6 succeeded pods within 1m
