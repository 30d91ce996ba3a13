@language @needs:static-pods
Feature: The phrases a fifteenth trial's first drafts reach for
  Issue 38's first drafts remove a static pod's manifest from its node
  (`When the manifest of static pod "agent" is removed from the node`),
  which no action meant: the hint offered was `the pod "agent" is
  deleted`, a deletion of the mirror pod only, which the kubelet makes
  again. The kubelet that sees a manifest gone kills the pod with its
  spec's grace period (preStop hooks, SIGTERM, SIGKILL at the grace) and,
  once the pod has stopped, deletes the mirror pod at its next
  housekeeping, for good (lifecycle-facts §11).

  @behavior:static-manifest-removed
  Scenario: A static pod's manifest removed: SIGTERM at once, SIGKILL at the grace, then the mirror pod goes
    Given a static pod "agent" on node "worker-1":
      """yaml
      spec:
        terminationGracePeriodSeconds: 5
        containers:
        - name: app
      """
    And container "app" of pod "agent" ignores SIGTERM
    When the manifest of static pod "agent" is removed from the node
    Then container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL at 5s
    And container "app" exits with code 137
    And the pod "agent" is not gone after 4s
    And the pod "agent" is gone within 10s

  @behavior:static-manifest-removed
  Scenario: A static pod removed from its node runs its preStop hook first
    Given a static pod "agent":
      """yaml
      spec:
        terminationGracePeriodSeconds: 10
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "3"]
      """
    When the static pod "agent" is removed from its node
    Then container "app" runs its preStop hook at 0s
    And the preStop hook of container "app" finishes at 3s
    And container "app" receives SIGTERM at 3s
    And container "app" never receives SIGKILL
    And the pod "agent" is gone within 10s

  @behavior:static-manifest-removed @behavior:mirror-recreated
  Scenario: A static pod removed from its node is not recreated; a mirror pod deleted is
    Given a static pod "agent" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    And a static pod "etcd" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    When the pod "etcd" is deleted
    And the static pod manifest of "agent" is removed
    Then the pod "agent" is gone within 10s
    And the pod "agent" is never recreated
    And the pod "etcd" is Running within 15s

  # Bounds at the container's end itself (the mirror pod there at 5s,
  # gone by the next housekeeping): an instant only the simulator's
  # exact clock decides; a cluster's reads straddle it.
  @sim @behavior:static-manifest-removed
  Scenario: The mirror pod goes at the first housekeeping after the pod has stopped
    Given a static pod "agent" on node "worker-1":
      """yaml
      spec:
        terminationGracePeriodSeconds: 5
        containers:
        - name: app
      """
    And container "app" of pod "agent" ignores SIGTERM
    When the manifest of static pod "agent" is removed
    Then the pod "agent" is not gone after 5s
    And the pod "agent" is gone between 5s and 7s
