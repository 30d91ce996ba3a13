@language
Feature: The phrases a twenty-second trial's first drafts reach for
  Issue 38's held-out set 28 (first drafts written from the README and
  the language reference alone): restarts counted from below by a
  deadline, a probe's event by its message, a static pod's mirror pod,
  a pod the taint-eviction controller deletes.

  @behavior:crashloop-backoff
  Scenario: A container that keeps failing shows its restarts by a deadline
    The first restart is immediate, the next after the back-off's 10 s
    (the pod worker's requeue up to half later): the RESTARTS column
    reaches 1 at 5 s and 2 by 25 s; the third waits 20 s more.

    Given a pod "web"
    And container "app" of pod "web" exits with code 1 after 5s
    When the pod "web" is created
    Then the pod "web" shows at least 1 restart within 30s
    And the pod "web" has at least 2 restarts within 1m

  @behavior:probe-handlers
  Scenario: An exec liveness probe that outlives its timeout is recorded as timed out
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          livenessProbe:
            exec:
              command: ["sh", "-c", "sleep 10"]
            timeoutSeconds: 1
      """
    When the pod "web" is created
    Then an event "Unhealthy" with message containing "timed out" is recorded for container "app" within 20s
    And an event "Unhealthy" with message containing "timed out" is recorded for pod "web" within 20s

  @behavior:mirror-recreated @needs:static-pods
  Scenario: The mirror pod of a static pod, deleted, is made again at once
    The kubelet makes the mirror pod through the API server, whose
    Priority admission resolves its class; it deletes a mirror pod being
    deleted gracefully and makes a new one in the same sync; the
    containers run on. It is named <name>-<node> in the API, and steps
    may name it so.

    Given a static pod "agent" on node "worker-1":
      """yaml
      spec:
        priorityClassName: system-node-critical
        containers:
        - name: app
      """
    Then the mirror pod of static pod "agent" exists within 10s
    When the mirror pod "agent" is deleted
    Then the mirror pod "agent" exists
    And the mirror pod "agent-worker-1" exists

  @behavior:mirror-recreated-after-force-delete @needs:static-pods @slow
  Scenario: A force-deleted mirror pod is gone until the static pod's next resync
    Given a static pod "agent" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    When the mirror pod of static pod "agent" is force deleted
    Then the pod "agent" is gone within 1s
    When 2m pass
    Then the mirror pod of static pod "agent" exists

  @behavior:taint-eviction-toleration-seconds @needs:node-lifecycle @slow
  Scenario: A pod whose toleration of a lost node runs out is deleted by the taint-eviction controller
    Given a pod "web":
      """yaml
      spec:
        tolerations:
        - key: node.kubernetes.io/unreachable
          operator: Exists
          effect: NoExecute
          tolerationSeconds: 60
        containers:
        - name: app
      """
    When node "worker-1" becomes NotReady
    Then the pod "web" is not Terminating after 50s
    And the pod "web" is deleted by the taint eviction controller within 1m30s

  @behavior:sigterm-handled
  Scenario: A container that exits on SIGTERM does not receive SIGKILL
    Set 30's `does not receive SIGKILL`, said of the container and of the
    pod: untimed, as `never receives`.
    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" of pod "web" takes 2s to exit after SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGTERM
    And container "app" does not receive SIGKILL
    And the pod "web" does not receive SIGKILL
