@language
Feature: The phrases a seventeenth trial's first drafts reach for
  Issue 38's seventeenth held-out set (first drafts written from the
  README and the language reference alone): a signal no container
  receives; a pod kubectl never shows Terminating; a preStop hook that
  does not run; a pod's one container given a resource limit or request;
  a restart count at least N by a deadline; an eviction's message.

  @behavior:terminal-phase-before-delete @behavior:status-completed
  Scenario: A pod deleted after it completed is never Terminating, and its preStop hook does not run
    The container completes at 2 s; the pod is force deleted once it is
    Succeeded (a kubelet writes the phase once its pod worker terminated the
    pod: on kind 1.36.3 not yet 1.3 s after PodCompleted). The kubelet runs
    a preStop hook only when it kills a running container (a force delete of
    a running pod runs it for up to a second); Terminating shows only while the phase is not terminal.

    Given a pod "stuck":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "5"]
      """
    And container "app" of pod "stuck" runs to completion after 2s
    When the pod "stuck" is created
    And the pod "stuck" becomes Succeeded
    And the pod "stuck" is force deleted
    Then the pod "stuck" is gone within 5s
    And the pod "stuck" is never Terminating
    And container "app" does not run its preStop hook
    And the preStop hook of container "app" never runs

  @behavior:sidecar-stop-order
  Scenario: Two sidecars that end within the grace period: no container receives SIGKILL
    Given a pod "web" with terminationGracePeriodSeconds 30:
      """yaml
      spec:
        initContainers:
        - name: proxy
          restartPolicy: Always
        - name: logger
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "logger" of pod "web" takes 2s to exit after SIGTERM
    When the pod "web" becomes Running
    And the pod "web" is deleted
    Then the pod "web" receives SIGTERM at 0s
    And no container receives SIGKILL
    And no container of pod "web" receives SIGKILL
    And no container of pod "web" receives SIGKILL before 30s
    And the pod "web" never receives SIGKILL
    And the pod "web" is gone within 5s

  @behavior:scheduling-preemption-never
  Scenario: A low-priority pod that a polite pod does not preempt never receives SIGTERM
    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a pod "batch":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "2"
      """
    And a priority class "polite" with value 1000 and preemptionPolicy Never
    And a pod "polite":
      """yaml
      spec:
        priorityClassName: polite
        containers:
        - name: app
          resources:
            requests:
              cpu: "2"
      """
    When the pod "batch" is created
    And the pod "batch" becomes Running
    And the pod "polite" is created
    Then the pod "batch" never receives SIGTERM
    And the pod "batch" does not receive SIGTERM before 30s
    And no container of pod "batch" receives SIGTERM
    And the pod "polite" is Pending

  @behavior:eviction-pod-ephemeral-limit @behavior:writable-layer-usage @needs:node-pressure
  Scenario: A pod with an ephemeral-storage limit runs while it writes less than its limit
    A container's ephemeral storage is its writable layer (and its logs),
    and its pod's limit is the sum of its containers': the kubelet evicts
    the pod that writes past it.

    Given a pod "small-writer" with an ephemeral-storage limit of 500Mi
    And container "app" of pod "small-writer" writes 300Mi to its writable layer after 5s
    And a pod "big-writer" with ephemeral-storage limit 500Mi
    And container "app" of pod "big-writer" writes 1Gi to its writable layer after 5s
    When the pods are created
    Then the pod "big-writer" gets evicted with a message mentioning "ephemeral local storage usage exceeds the total limit of containers 500Mi"
    And the pod "small-writer" is not evicted
    And the pod "small-writer" has QoS class "BestEffort"

  @behavior:crashloop-backoff @behavior:qos-class
  Scenario: A crashing container restarts at least twice within a minute
    Given a pod "cache" with a memory limit of 256Mi
    And container "app" of pod "cache" exits with code 1 after 1s
    When the pod "cache" is created
    Then container "app" has restarted at least 2 times within 1m
    And the pod "cache" has QoS class "Burstable"
