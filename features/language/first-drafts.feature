@language
Feature: The phrases first drafts reach for
  Issue 38's trial: a pod state `at T`, a container that `never starts`,
  `init container "x" …`, "at all times" and "1 time". Each reads as a
  phrase the language already had: `is gone at T` is `is gone between T
  and T`; `never starts` is `never receives`'s rule for the container's
  start; `init container "x" …` is `container "x" …` for one of the pod's
  init containers; `at all times` is `never`'s run to the end of the
  activity, holding throughout; `1 time` is `N times`.

  Scenario: A pod state at a time: the pod is gone at the end of a slow shutdown
    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" takes 4s to exit after SIGTERM
    When the pod "web" is deleted
    Then container "app" exits at 4s with code 143
    And the pod "web" is gone at 4s

  Scenario: A failed init container: the app container never starts
    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        initContainers:
        - name: setup
        containers:
        - name: app
      """
    And init container "setup" of pod "job" exits with code 1 after 2s
    When the pod "job" is created
    Then the pod "job" is Failed within 2s
    And init container "setup" exits at 2s with code 1
    And init container "setup" of pod "job" never receives SIGTERM
    And container "app" of pod "job" never starts

  Scenario: Init containers named as such run one after the other
    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: init-a
        - name: init-b
        containers:
        - name: app
      """
    And init container "init-a" runs to completion after 3s
    And init container "init-b" runs to completion after 2s
    When the pod "web" is created
    Then init container "init-a" exits at 3s with code 0
    And init container "init-b" exits with code 0
    And init container "init-b" starts after init container "init-a" is ready
    And init container "init-a" of pod "web" has restarted 0 times
    And init container "init-b" of pod "web" never receives SIGTERM
    And an event "Started" is recorded for init container "init-a" of pod "web" 1 time

  Scenario: One restart is 1 time
    Given a pod "web"
    And container "app" exits with code 1 after 2s
    When container "app" of pod "web" is restarted 1 time
    Then container "app" of pod "web" has restarted 1 time
    And the pod "web" shows 1 restart
    And the pod "web" has 1 restart

  @needs:node-lifecycle
  Scenario: A drain under a budget keeps two of three replicas Ready at all times
    The drain of features/disruptions/drain.feature: the budget refuses
    the second eviction until the first pod's replacement is Ready, so
    the replica set never has fewer than two Ready pods.

    Given a node "worker-1" with 8 CPU, 16Gi memory and 2 pods
    And a node "worker-2" with 4 CPU, 8Gi memory and 110 pods
    And a replica set "web" of 3 pods:
      """yaml
      metadata:
        labels:
          app: web
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 8
            periodSeconds: 1
      """
    And a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"
    When 20 seconds pass
    Then 3 pods of replica set "web" are Ready
    When node "worker-1" is drained
    Then the drain of node "worker-1" completes at 11s
    And at least 2 pods of replica set "web" are Ready at all times
    And 3 pods of replica set "web" are Ready within 1m
