@language
Feature: The phrases an eighteenth trial's first drafts reach for
  Issues 38's held-out sets 19 to 22 (first drafts written from the
  README and the language reference alone): kubectl's STATUS read at an
  instant, where `shows status "S" at T` is the STATUS's coming.

  @behavior:poststart-blocks
  Scenario: A pod shows ContainerCreating while its container's postStart hook runs
    The kubelet runs the hook inside the pod's sync, after the runtime
    started the container and before it reports it (startContainer,
    kuberuntime_container.go, v1.36.3): the status it writes meanwhile is
    the one from before the start.

    Given a pod "hooked":
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            postStart:
              exec:
                command: ["sh", "-c", "sleep 10"]
      """
    When the pod "hooked" is created
    Then the pod "hooked" shows status "ContainerCreating" at 0s
    And the pod "hooked" still shows status "ContainerCreating" at 5s
    And the pod "hooked" is still showing status "ContainerCreating" at 9s
    And the pod "hooked" still shows status "Running" at 10s

  @behavior:readiness-failure
  Scenario: A pod whose readiness probe always fails is never Ready
    Given a pod "web" with restartPolicy Never:
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
      """
    And container "app" fails its readiness probe after 0s
    And container "app" exits with code 1 after 20s
    When the pod "web" is created
    Then the pod "web" is never Ready
    And the pod "web" never becomes Succeeded
    And an event "BackOff" is not recorded for container "app"

  @behavior:scheduling-over-allocatable
  Scenario: A pod no node fits is never scheduled and never Running
    Given a node "worker-1" with 1 CPU, 1Gi memory and 10 pods
    And a pod "big":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "8"
      """
    When the pod "big" is created
    Then the pod "big" is never scheduled
    And the pod "big" is never Running
