@nodes @needs:node-shutdown
Feature: Graceful node shutdown
  The kubelet's shutdown manager (pkg/kubelet/nodeshutdown, v1.36.3):
  with shutdownGracePeriod set, the kubelet holds a logind inhibitor lock;
  when the machine shuts down it makes the node Ready=False ("node is
  shutting down"), refuses new pods (NodeShutdown) and kills its pods by
  priority group, lowest first: the pods below 2000000000 with
  shutdownGracePeriod less shutdownGracePeriodCriticalPods, then the
  critical pods with shutdownGracePeriodCriticalPods. Each pod gets the
  shorter of its group's time and its own grace period, its preStop hook
  included, and ends Failed (unless Succeeded) with reason Terminated and
  DisruptionTarget TerminationByKubelet. A group ends when its pods have
  all stopped or its time is up; the lock is released after the last
  group, and the power goes. With shutdownGracePeriod 0, the default,
  nothing graceful happens: the power goes at once.

  @behavior:node-shutdown-groups
  Scenario: The regular pods are killed first, with the period less the critical pods' part; the critical pods after them
    Given the kubelet shutdown grace period is 30s with 10s for critical pods
    And a pod "shopfront" with terminationGracePeriodSeconds 60
    And container "app" of pod "shopfront" ignores SIGTERM
    And a pod "netagent" with priority class "system-node-critical"
    And container "app" of pod "netagent" ignores SIGTERM
    When node "worker-1" shuts down
    Then container "app" of pod "shopfront" receives SIGTERM at 0s
    And container "app" of pod "shopfront" receives SIGKILL at 20s
    And container "app" of pod "netagent" receives SIGTERM at 20s
    And container "app" of pod "netagent" receives SIGKILL at 30s

  @behavior:node-shutdown-groups
  Scenario: A preStop hook runs within the pod's share of the shutdown
    Given the kubelet's shutdownGracePeriod is 30s
    And the kubelet's shutdownGracePeriodCriticalPods is 10s
    And a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              httpGet:
                path: /shutdown
                port: 8080
      """
    And the preStop hook of container "app" of pod "web" takes 5s
    And container "app" of pod "web" ignores SIGTERM
    When node "worker-1" shuts down
    Then container "app" of pod "web" runs its preStop hook at 0s
    And container "app" of pod "web" receives SIGTERM at 5s
    And container "app" of pod "web" receives SIGKILL at 20s

  @behavior:node-shutdown-pod-grace
  Scenario: A pod whose grace period is shorter than its group's is killed with its own, and the next group starts when it is done
    Given the kubelet shutdown grace period is 30s with 10s for critical pods
    And a pod "quick" with terminationGracePeriodSeconds 5
    And container "app" of pod "quick" ignores SIGTERM
    And a pod "netagent" with priority class "system-node-critical"
    When node "worker-1" shuts down
    Then container "app" of pod "quick" receives SIGKILL at 5s
    And container "app" of pod "netagent" receives SIGTERM at 5s

  @behavior:node-shutdown-off
  Scenario: With the default shutdownGracePeriod of 0 a shutdown is a power cut
    Given a pod "web"
    When node "worker-1" shuts down
    Then the pod "web" phase is "Running"
    And the pod "web" has no condition "DisruptionTarget"
    And node "worker-1" has condition "Ready" "Unknown" within 1m
    And container "app" of pod "web" never receives SIGTERM

  @behavior:node-shutdown-admission
  Scenario: A pod bound to the node while it shuts down is rejected with NodeShutdown
    Given the kubelet shutdown grace period is 30s with 10s for critical pods
    And a pod "web" with terminationGracePeriodSeconds 60
    And container "app" of pod "web" ignores SIGTERM
    When the node "worker-1" shuts down
    Then the node "worker-1" has condition "Ready" "False"
    When 5s pass
    And a pod "late" is created:
      """yaml
      spec:
        nodeName: worker-1
        containers:
        - name: app
      """
    Then the pod "late" is rejected with reason "NodeShutdown"
    And an event "NodeShutdown" is recorded for pod "late" with message containing "the node is shutting down"

  @behavior:node-shutdown-status
  Scenario: The pods killed end Failed with reason Terminated and DisruptionTarget TerminationByKubelet; one that succeeds stays Succeeded
    Given the kubelet shutdown grace period is 30s with 10s for critical pods
    And a pod "web"
    And a pod "batch" with restartPolicy Never
    And container "app" of pod "batch" exits with code 0 on SIGTERM
    When node "worker-1" shuts down
    Then the pod "web" has phase "Failed" within 5s
    And the pod "web" has status reason "Terminated"
    And the pod "web" has condition "DisruptionTarget" "True" with reason "TerminationByKubelet"
    And the pod "batch" phase is "Succeeded"
    And the pod "batch" has condition "DisruptionTarget" "True" with reason "TerminationByKubelet"
