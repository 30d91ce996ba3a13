Feature: a verdict that hangs on a draw
  The restart after the 10 s back-off comes when it has passed since the
  exit and up to half as long again (the pod worker's requeue jitter,
  lifecycle-facts §4.2). Pinned to the first 2 s of that range, this
  scenario passes on some run seeds and fails on others: what
  `podlife run --seeds N` is for.

  Scenario: The second restart within 2 s of the back-off's end
    Given a pod "web"
    And container "app" exits with code 1 after 1s
    When container "app" of pod "web" is restarted 1 time
    And 1s pass
    Then container "app" of pod "web" is restarted between 10s and 12s
