Feature: the phrases people write
  The phrases of dsl.md's "Phrases people write", as a new user writes a
  first scenario: times in words, states with no time, events with no
  time, a readiness gate set by a step. Only the pods' declarations, two
  behaviours (an exit, a memory use) and a deletion use older phrases; the
  pods are created by the first step that needs them. State checks come
  before the untimed expectations of their block: those may run the
  scenario further, and the state checks read the current time.

  Scenario: A pod runs, is deleted, takes two seconds to stop and goes
    Given a pod "web" with terminationGracePeriodSeconds 5
    And container "app" of pod "web" exits with code 0 on SIGTERM after 2s
    When 30 seconds pass
    Then the pod "web" is Running
    And the pod "web" is scheduled
    And the pod "web" is Ready
    And container "app" of pod "web" is ready
    And the pod "web" has 0 restarts
    And the pod "web" is not Terminating
    When the pod "web" is deleted
    Then the pod "web" is Terminating
    And container "app" receives SIGTERM
    And container "app" exits with code 0
    When 1 minute passes
    Then the pod "web" is gone

  Scenario: A container that crashes restarts, the RESTARTS column counts it
    Given a pod "batch"
    And container "app" of pod "batch" exits with code 1 after 5s
    When 90 seconds pass
    Then the pod "batch" has 3 restarts
    And the pod "batch" phase is "Running" within 5s
    And container "app" exits with code 1

  Scenario: A container past its memory limit is OOMKilled
    Given a pod "hog":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
          resources:
            limits:
              memory: 128Mi
      """
    And container "app" of pod "hog" uses 256Mi of memory after 5s
    When 2 minutes pass
    Then container "app" is OOMKilled
    And container "app" exits with code 137
    And the pod "hog" is Failed
    And the pod "hog" phase is "Failed" within 5s

  Scenario: A pod too big for the node stays Pending, not scheduled
    Given a pod "big":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "8"
      """
    When 30 seconds pass
    Then the pod "big" is Pending
    And the pod "big" is not scheduled
    And the pod "big" is not Running

  Scenario: A readiness gate holds the pod not Ready until its controller sets it
    Given a pod "lb":
      """yaml
      spec:
        readinessGates:
        - conditionType: example.com/lb
        containers:
        - name: app
      """
    When 30 seconds pass
    Then the pod "lb" is Running
    And container "app" of pod "lb" is ready
    And the pod "lb" is not Ready
    When the readiness gate "example.com/lb" of pod "lb" is set to "True"
    Then the pod "lb" is Ready
    When the readiness gate "example.com/lb" of pod "lb" is set to "False"
    Then the pod "lb" is not Ready
    And container "app" of pod "lb" is ready

  Scenario: A readiness probe that fails is reported Unhealthy at every period
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["false"]
            periodSeconds: 10
      """
    When 1 second passes
    Then an event "Unhealthy" is recorded for container "app" of pod "web" 4 times within 35s
    And container "app" of pod "web" is not ready
    And the pod "web" is Running
