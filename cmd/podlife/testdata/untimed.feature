Feature: Untimed expectations cover the whole scenario
  dsl.md, the Time table's "untimed expectations": an expectation with no
  time bound looks before t=0 too. Of each event it names it uses the
  first occurrence at or after t=0, else the first in the scenario.

  Scenario: An eviction during the time that passed
    Given a pod "batch":
      """yaml
      spec:
        containers:
        - name: app
          volumeMounts:
          - name: scratch
            mountPath: /scratch
        volumes:
        - name: scratch
          emptyDir:
            sizeLimit: 1Gi
      """
    And container "app" of pod "batch" writes 2Gi to volume "scratch" after 5s
    When the pod "batch" is created
    And 60s pass
    Then the pod "batch" is evicted
    And the pod "batch" is evicted with message containing "scratch"
    And container "app" of pod "batch" receives SIGTERM

  Scenario: The first starts, checked once the pod is Running
    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: istio
          restartPolicy: Always
        containers:
        - name: app
      """
    When the pod "web" becomes Running
    Then the containers of pod "web" start in this order: "istio", "app"
    And container "app" of pod "web" starts after container "istio" is ready

  Scenario: A kill after the time that passed
    Given a pod "web" with terminationGracePeriodSeconds 2
    And container "app" of pod "web" ignores SIGTERM
    When the pod "web" is created
    And the pod "web" is deleted
    And 10s pass
    Then container "app" receives SIGKILL 2s after SIGTERM
    And container "app" exits with code 137

  Scenario: An untimed expectation does not move the current time
    Given a pod "web":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" of pod "web" exits with code 1 after 5s
    When the pod "web" becomes Running
    Then container "app" exits with code 1
    And the pod "web" is Running
    And the pod "web" shows status "Running"
    And container "app" never receives SIGKILL
    And the pod "web" phase is "Running"

  Scenario: What happened in the instant of a transition is at t=0
    dsl.md, Time: for `becomes …` t=0 is the moment the transition
    happened; the exit that made the pod Succeeded is at that moment.
    Given a pod "batch":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" of pod "batch" exits with code 0 after 3s
    When the pod "batch" is created
    And the pod "batch" becomes Succeeded
    Then container "app" exits at 0s with code 0
    And the timeline of pod "batch" is:
      | at | container | event     |
      | 0s | app       | Exited(0) |

  Scenario: A transition already in the past, its state since left
    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" of pod "job" exits with code 1 after 2s
    When the pod "job" is created
    Then the pod "job" is Failed within 5s
    When the pod "job" becomes Running
    Then container "app" exits at 2s with code 1
