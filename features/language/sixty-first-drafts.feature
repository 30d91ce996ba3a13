@language
Feature: The phrases the sixty-first to sixty-third trials' first drafts reach for
  Issue 38's held-out sets 54 and 61 to 63 (first drafts written from the
  README alone) counted a crash loop's restarts and starts in windows:
  `container "boom" restarts for the 3rd time between 72s and 77s` (its
  third restart comes in the window, not its restart count passing
  through 3 there), `container "worker" starts 3 times between 11s and
  14s` (its third start, its second restart), `starts 2 times within 3s`.

  @behavior:crashloop-backoff @behavior:crashloop-backoff-doubles
  Scenario: A crash loop's starts and restarts, each in its window
    The first restart is immediate, the second waits 10 s and the third
    20 s from the exit before, each requeued up to 50 % later
    (crashloop-backoff), so the windows are as wide as that jitter.

    Given a pod "flaky"
    And container "app" exits with code 1 after 1s
    When the pod "flaky" is created
    Then container "app" starts 2 times within 3s
    And container "app" restarts for the first time at 1s
    And container "app" starts 3 times between 12s and 17s
    And container "app" restarts for the 2nd time between 12s and 17s
    And container "app" restarts for the 3rd time between 33s and 48s
    And container "app" has started 4 times within 48s
