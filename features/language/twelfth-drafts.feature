@language
Feature: The phrases a twelfth trial's first drafts reach for
  Issue 38's twelfth held-out set (first drafts written from the README
  and the language reference alone): a node's schedulability as a state
  (`is cordoned` is the action), a Deployment waited for until it is
  available, a workload's pods as its controller counts them, and a
  preStop hook the grace period cut short.

  @needs:node-lifecycle @behavior:drain-without-budget
  Scenario: A drained node is unschedulable, another schedulable
    Given a node "worker-1"
    And a node "worker-2"
    And a replica set "web" of 2 pods
    When node "worker-1" is drained
    Then node "worker-1" is unschedulable
    And node "worker-2" is schedulable
    And the replica set "web" has 2 pods within 1m

  @behavior:deployment-rolling-fenceposts
  Scenario: A Deployment scaled up becomes available, then scaled down has fewer pods
    Given a deployment "api" of 2 pods
    And container "app" of deployment "api" becomes ready after 5s
    When the deployment "api" is scaled to 4 replicas
    And the deployment "api" becomes available
    Then the deployment "api" has 4 pods
    And the deployment "api" has 4 available replicas
    When the deployment "api" is scaled to 2 replicas
    Then the deployment "api" has 2 pods within 35s
    And the deployment "api" has 2 pods at 10s

  @behavior:job-completions
  Scenario: A Job's pods while it runs and once it has completed
    Given a job "migrate"
    And container "app" of job "migrate" runs to completion after 5s
    When the job "migrate" is created
    Then the job "migrate" has 1 pod between 0s and 2s
    And the job "migrate" has no pods within 1m

  @behavior:prestop-cut-off
  Scenario: A preStop hook longer than the grace period is cut short
    Given a pod "web" with terminationGracePeriodSeconds 3:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "60"]
      """
    When the pod "web" is created
    And the pod "web" becomes Running
    And the pod "web" is deleted
    Then container "app" runs its preStop hook at 0s
    And the preStop hook of container "app" is cut short at 3s
    And the preStop hook of container "app" is interrupted within 5s

  @behavior:prestop-in-grace
  Scenario: A preStop hook that returns within the grace period is not cut short
    Given a pod "web" with terminationGracePeriodSeconds 5:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "1"]
      """
    When the pod "web" is created
    And the pod "web" becomes Running
    And the pod "web" is deleted
    Then the preStop hook of container "app" finishes at 1s

  @behavior:pod-image-change
  Scenario: A pod's image changed: the kubelet restarts its container with it
    Given a pod "web" with terminationGracePeriodSeconds 2:
      """yaml
      spec:
        containers:
        - name: app
          image: busybox:1.36
          command: ["sleep", "3600"]
      """
    When the pod "web" is created
    And the pod "web" becomes Running
    And the image of container "app" of pod "web" is changed to "docker.io/library/busybox:1.36"
    Then an event "Killing" with message containing "definition changed" is recorded for container "app" of pod "web"
    And container "app" is restarted within 30s
    And container "app" has restarted 1 time
    And the pod "web" shows 1 restart within 30s
