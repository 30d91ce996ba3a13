@language
Feature: The phrases the forty-third to forty-fifth trials' first drafts reach for
  Issue 38's held-out sets 43 to 45 (first drafts written from the README
  alone) wrote, each undefined then, what the language says in other
  words: an exit's code before its time (`exits with code 137 at 8s`), a
  container `is running at 5s` (still running then), a start at an
  instant (`starts at 3s`), `restartCount` for `restart count`, several
  starts' exit in one step (`exits with code 1 after 2s on its first 2
  runs`) and a pod's phase with its reason. Each means what the phrase it
  restates means.

  @behavior:sigkill-at-grace
  Scenario: A container that ignores SIGTERM exits with code 137 at the grace period's end
    Given a pod "legacy-web" with terminationGracePeriodSeconds 8:
      """yaml
      spec:
        containers:
        - name: httpd
      """
    And container "httpd" ignores SIGTERM
    When the pod "legacy-web" is deleted
    Then container "httpd" receives SIGTERM at 0s
    And container "httpd" is running at 5s
    And container "httpd" exits with code 137 at 8s
    And the pod "legacy-web" is gone within 10s

  @behavior:prestop-in-grace
  Scenario: A container still runs while its preStop hook sleeps, and exits on the SIGTERM after it
    Given a pod "frontend" with terminationGracePeriodSeconds 20:
      """yaml
      spec:
        containers:
        - name: ui
      """
    And the preStop hook of container "ui" takes 6s
    And container "ui" takes 1s to exit after SIGTERM
    When the pod "frontend" is deleted
    Then container "ui" of pod "frontend" is running at 5s
    And container "ui" receives SIGTERM at 6s
    And container "ui" of pod "frontend" exits with code 143 at 7s

  @behavior:init-sequential
  Scenario: Two init containers start one after the other, then the app
    Given a pod "shop":
      """yaml
      spec:
        initContainers:
        - name: fetch-config
        - name: render-config
        containers:
        - name: server
      """
    And container "fetch-config" exits with code 0 after 3s
    And container "render-config" exits with code 0 after 1s
    When the pod "shop" is created
    Then container "fetch-config" starts at 0s
    And container "render-config" starts at 3s
    And container "server" of pod "shop" starts at 4s
    And the pod "shop" phase is Running within 5s

  @behavior:init-failure-restart
  Scenario: An init container that fails on its first two runs, then succeeds
    Given a pod "catalog":
      """yaml
      spec:
        initContainers:
        - name: download
        containers:
        - name: api
      """
    And container "download" exits with code 1 after 2s on its first 2 runs
    And container "download" exits with code 0 after 2s
    When the pod "catalog" is created
    Then container "download" has restartCount 2 within 25s
    And container "api" does not start before 14s
    And container "api" is running within 30s
    And container "download" of pod "catalog" restartCount is 2

  @behavior:restart-policy
  Scenario: A worker whose first two starts fail is restarted until it succeeds, under OnFailure
    Given a pod "crunch" with restartPolicy OnFailure
    And container "app" exits with code 1 after 2s on its first 2 starts
    And container "app" exits with code 0 after 2s
    When the pod "crunch" is created
    Then container "app" starts at 0s
    And container "app" has restartCount 2 between 14s and 21s
    And the pod "crunch" phase is Succeeded within 25s
    When 60s pass
    Then container "app" has restartCount at most 2

  @behavior:crashloop-backoff
  Scenario: The first two times said at once, and the third start said alone
    Given a pod "flaky" with restartPolicy OnFailure
    And container "app" exits with code 1 after 1s the first 2 times
    And container "app" exits with code 2 after 1s the third time
    And container "app" runs to completion after 1s
    When the pod "flaky" is created
    Then container "app" has restartCount 3 within 60s
    And the pod "flaky" phase is Succeeded within 60s
    And container "app" restartCount is 3

  @behavior:evicted-status-after-stop @needs:node-pressure
  Scenario: An evicted pod's phase is Failed with reason Evicted
    Given a pod "scratch"
    When node "worker-1" comes under memory pressure
    Then the pod "scratch" is evicted
    And the pod "scratch" is Failed within 30s
    And the pod "scratch" phase is "Failed" with reason "Evicted"
    And the pod "scratch" has phase Failed with reason Evicted
