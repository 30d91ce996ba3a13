@language
Feature: The phrases a twenty-first trial's first drafts reach for
  Issue 38's held-out set 27 (first drafts written from the README and
  the language reference alone): a force delete that does not wait the
  grace period, a pod whose image does not exist, a tainted node.

  @behavior:force-delete
  Scenario: A force delete does not wait the grace period for its SIGKILL
    Since 1.31 the kubelet takes deletionGracePeriodSeconds 0 as an
    override, clamped to 1 and floored to 2 s: a container that ignores
    SIGTERM is killed 2 s after it, not 30 s, and the API showed the pod
    Terminating only in the version it stored before it removed it.

    Given a pod "stubborn" with terminationGracePeriodSeconds 30
    And container "app" of pod "stubborn" ignores SIGTERM
    When the pod "stubborn" becomes Running
    And the pod "stubborn" is deleted with grace period 0s
    Then container "app" does not receive SIGKILL 30s after SIGTERM
    And container "app" receives SIGKILL less than 30s after SIGTERM
    And the pod "stubborn" is never Terminating for 30s

  @behavior:image-pull-backoff
  Scenario: A pod whose image does not exist is pulled again and again
    The pull fails (ErrImagePull), the kubelet backs off (ImagePullBackOff)
    and tries again when the back-off is over: 10 s, then 20 s, doubling.

    Given a pod "broken" with an image that does not exist
    When the pod "broken" is created
    Then an event "Pulling" is recorded for pod "broken" at least 3 times within 1m
    And the pod "broken" phase is "Pending"

  @behavior:image-pull-backoff
  Scenario: A pod whose image cannot be pulled never runs
    Given a pod "broken" with an image that cannot be pulled
    When the pod "broken" is created
    Then an event "Pulling" is recorded for pod "broken" at least 2 times
    And the pod "broken" is never Running

  @behavior:scheduling-taints
  Scenario: A pod that tolerates a node's taint is scheduled there, another is not
    Given a node "worker-1" is tainted "maintenance=true:NoSchedule"
    And a pod "ops":
      """yaml
      spec:
        tolerations:
        - key: maintenance
          operator: Equal
          value: "true"
          effect: NoSchedule
        containers:
        - name: app
      """
    And a pod "web"
    When the pods are created
    Then the pod "ops" is Running within 10s
    And the pod "web" stays Pending with reason "Unschedulable"

  @behavior:evicted-status-after-stop @needs:node-pressure
  Scenario: An evicted pod is Failed with reason Evicted, whatever kubectl shows
    Set 27 wrote `kubectl shows the pod "scratch" as Evicted`. The pod's
    reason is Evicted, but printPod lets a container's reason take the
    STATUS column's place (pkg/printers/internalversion/printers.go
    printPod, v1.36.3): Error for the SIGTERM's exit, ContainerStatusUnknown
    when TerminatePod wrote first, or Evicted for the 0.4 s a status came
    with no container reason (all three seen on kind, 2026-11-25 to
    11-30; docs/fidelity.md, "An evicted pod's STATUS"). Which one is a
    race, so the scenario checks what holds every time.

    Given a pod "scratch"
    When node "worker-1" comes under memory pressure
    Then the pod "scratch" is evicted
    And the pod "scratch" is Failed within 30s
    And the pod "scratch" has condition "DisruptionTarget" "True" with reason "TerminationByKubelet"
    And the pod "scratch" has reason "Evicted"
