@language
Feature: The eighty-sixth drafts: an OOM kill in a window, a phase reached, the grace period a delete stored
  Issue 38's twelfth blind batch (held-out sets 86 to 90, first drafts
  written from the README alone, 2026-12-02) timed an OOM kill as an exit
  is timed (`container "redis" is OOMKilled between 3s and 5s`), said that
  a pod reached a phase (`the pod "checkout" reaches phase "Succeeded"`,
  `enters phase "Failed" between 4s and 6s`), and read the grace period
  the API server stored with a pod's deletion (`has
  deletionGracePeriodSeconds 5`): none of it was a phrase.

  @behavior:oom-killed
  Scenario: An OOM kill timed, and the phase the pod reaches after it
    The kernel kills the container when its charge passes limits.memory,
    at the moment its memory use rises (here 5 s after its start); the
    runtime reports the exit as OOMKilled, and with restartPolicy Never
    the pod's phase becomes Failed.

    Given a pod "cache":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: redis
          resources:
            limits:
              memory: 128Mi
      """
    And container "redis" uses 256Mi of memory after 5s
    When the pod "cache" is created
    Then container "redis" is OOMKilled at 5s
    And container "redis" is OOMKilled between 4.5s and 5.5s
    And container "redis" of pod "cache" is OOMKilled within 6s
    And the pod "cache" reaches phase "Failed"
    And the pod "cache" enters phase "Failed" within 7s

  @behavior:grace-override
  Scenario: The grace period a delete stored, and the phase of the pod it stopped
    A delete's gracePeriodSeconds replaces the spec's 60 in the pod's
    metadata.deletionGracePeriodSeconds (BeforeDelete); the container
    exits 0 a second after its SIGTERM, and the kubelet gives a pod deleted
    whose containers all succeeded the phase Succeeded.

    Given a pod "reports":
      """yaml
      spec:
        restartPolicy: Never
        terminationGracePeriodSeconds: 60
        containers:
        - name: renderer
      """
    And container "renderer" exits with code 0 on SIGTERM after 1s
    When the pod "reports" is deleted with grace period 5s
    Then the pod "reports" has deletionGracePeriodSeconds 5
    And the pod "reports" reaches phase "Succeeded"
    And the pod "reports" reaches phase "Succeeded" within 4s

  @behavior:default-toleration-already-tolerates
  Scenario: The tolerations the API server gives a pod that has its own
    The DefaultTolerationSeconds admission plugin adds a not-ready and an
    unreachable NoExecute toleration of 300 s each, unless the pod already
    has one for that taint: here it keeps its own 60 s for not-ready.

    Given a pod "ledger":
      """yaml
      spec:
        tolerations:
        - key: node.kubernetes.io/not-ready
          operator: Exists
          effect: NoExecute
          tolerationSeconds: 60
        containers:
        - name: app
      """
    When the pod "ledger" is created
    Then the pod "ledger" has toleration "node.kubernetes.io/unreachable:NoExecute" for 300s
    And the pod "ledger" has toleration "node.kubernetes.io/not-ready:NoExecute" for 60s
    And the pod "ledger" has toleration "node.kubernetes.io/unreachable:NoExecute"
