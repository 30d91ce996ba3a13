@nodes @needs:node-lifecycle
Feature: The default not-ready and unreachable tolerations
  The DefaultTolerationSeconds admission plugin adds the tolerations
  node.kubernetes.io/not-ready:NoExecute and
  node.kubernetes.io/unreachable:NoExecute, 300 s each, to a pod that has
  no toleration for them already. "Already" is decided by key and effect
  only (plugin/pkg/admission/defaulttolerationseconds/admission.go Admit,
  v1.36.3): a toleration whose key is the taint's or empty and whose effect
  is NoExecute or empty counts, whatever its operator and value. The
  taint-eviction controller takes, for each taint, the first of the pod's
  tolerations that tolerates it, waits the smallest tolerationSeconds of
  those, and deletes at once a pod with none for some taint
  (lifecycle-facts §14). A lost node has the unreachable taint.

  @behavior:default-toleration-already-tolerates
  Scenario: A toleration of the unreachable key for another value keeps the default away, and the pod goes at once
    The plugin looks at the key and the effect only: this toleration, for
    the value "maintenance", counts as one for the unreachable taint, so
    no default is added. The node-lifecycle controller's taint has no
    value, which the toleration does not match: the taint-eviction
    controller deletes the pod as soon as the taint is there, not 300 s
    later.

    Given a pod "web":
      """yaml
      spec:
        tolerations:
        - key: node.kubernetes.io/unreachable
          operator: Equal
          value: maintenance
          effect: NoExecute
        containers:
        - name: app
      """
    When node "worker-1" becomes NotReady
    Then the pod "web" is Terminating within 0s
    And an event "TaintManagerEviction" for pod "web" says "Marking for deletion Pod "
    And the pod "web" has condition "DisruptionTarget" "True" with reason "DeletionByTaintManager"

  @behavior:default-toleration-already-tolerates @slow
  Scenario: A key-only not-ready toleration without an effect still gets the unreachable default
    Its empty effect counts for the not-ready taint, so the plugin adds
    only the unreachable toleration of 300 s; that one is what keeps the
    pod on a lost node, for 300 s.

    Given a pod "web":
      """yaml
      spec:
        tolerations:
        - key: node.kubernetes.io/not-ready
          operator: Exists
        containers:
        - name: app
      """
    When node "worker-1" becomes NotReady
    Then the pod "web" is not Terminating after 299s
    And the pod "web" is Terminating between 300s and 300s

  @behavior:default-toleration-already-tolerates @slow
  Scenario: An unreachable toleration for another effect does not keep the default away
    A NoSchedule toleration is not one for the NoExecute taint: the plugin
    adds the unreachable default, so the pod stays 300 s on a lost node.

    Given a pod "web":
      """yaml
      spec:
        tolerations:
        - key: node.kubernetes.io/unreachable
          operator: Exists
          effect: NoSchedule
        containers:
        - name: app
      """
    When node "worker-1" becomes NotReady
    Then the pod "web" is not Terminating after 299s
    And the pod "web" is Terminating between 300s and 300s

  @behavior:taint-eviction-toleration-seconds
  Scenario: Of two pods on a lost node, the one with the shorter tolerationSeconds is deleted first
    A tenth trial's first draft (issue 38): the taint-eviction controller
    deletes "fast" once its 10 s are up; "patient" keeps the default 300 s.

    Given a pod "fast":
      """yaml
      spec:
        tolerations:
        - key: node.kubernetes.io/unreachable
          operator: Exists
          effect: NoExecute
          tolerationSeconds: 10
        containers:
        - name: app
      """
    And a pod "patient"
    When node "worker-1" becomes NotReady
    Then the pod "fast" is deleted before the pod "patient"
    And the pod "fast" is Terminating between 10s and 10s
