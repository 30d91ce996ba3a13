@scheduling
Feature: Host ports
  A container port with a hostPort takes the triple (protocol, hostIP,
  hostPort) on its node; an unset hostIP is 0.0.0.0, which takes the port
  on every IP of the node, and an unset protocol is TCP. The scheduler's
  NodePorts filter keeps a pod off a node where a pod it counts already
  takes one of its triples ("node(s) didn't have free ports for the
  requested pod ports"), and tries it again when such a pod leaves. The
  kubelet checks the same at admission (predicate.go generalFilter, through
  nodeports.Fits) against the pods it runs, and rejects a pod bound by
  spec.nodeName that conflicts with reason NodePorts. Each scenario uses
  ports of its own: on a cluster the node's ports are shared by every
  namespace.

  @behavior:scheduling-hostports
  Scenario: A second pod asking a hostPort already taken on the node stays Pending
    Given a node "worker-1"
    And a pod "first":
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54330
      """
    And a pod "second":
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54330
      """
    And a pod "other-port":
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54331
      """
    When the pod "first" is created
    And the pod "first" becomes Running
    And the pod "second" is created
    And the pod "other-port" is created
    Then the pod "second" stays Pending with reason "Unschedulable"
    And the pod "second" has condition "PodScheduled" "False" with reason "Unschedulable"
    And an event "FailedScheduling" for pod "second" says "1 node(s) didn't have free ports for the requested pod ports"
    And the pod "other-port" is Running within 5s
    And the pod "other-port" is scheduled on node "worker-1"

  @behavior:scheduling-hostports
  @upstream:validates-hostport-no-conflict-different-hostip-protocol
  Scenario: Pods asking one hostPort share a node when the hostIP or protocol differs, not with 0.0.0.0
    e2e: [sig-scheduling] SchedulerPredicates [Serial] validates that there
    is no conflict between pods with same hostPort but different hostIP and
    protocol. Upstream's second hostIP is the node's address; any other
    address than the first does, 127.0.0.2 here. The last pod, with no
    hostIP (0.0.0.0), conflicts with all three (HostPortInfo.CheckConflict).

    Given a node "worker-1"
    And a pod "pod1":
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54321
            hostIP: 127.0.0.1
            protocol: TCP
      """
    And a pod "pod2":
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54321
            hostIP: 127.0.0.2
            protocol: TCP
      """
    And a pod "pod3":
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54321
            hostIP: 127.0.0.2
            protocol: UDP
      """
    And a pod "all-ips":
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54321
      """
    When the pod "pod1" is created
    And the pod "pod2" is created
    And the pod "pod3" is created
    And the pod "pod3" becomes Running
    And the pod "all-ips" is created
    Then the pod "pod1" is Running
    And the pod "pod2" is Running
    And the pod "pod3" is Running
    And the pod "all-ips" stays Pending with reason "Unschedulable"
    And an event "FailedScheduling" for pod "all-ips" says "1 node(s) didn't have free ports for the requested pod ports"

  @behavior:scheduling-hostports
  @upstream:validates-hostport-conflict-default-hostip
  Scenario: A pod asking a hostPort on one IP does not fit where a pod takes it on 0.0.0.0
    e2e: [sig-scheduling] SchedulerPredicates [Serial] [Conformance]
    validates that there exists conflict between pods with same hostPort
    and protocol but one using 0.0.0.0 hostIP. Upstream's second hostIP is
    the node's address; any address does, 127.0.0.1 here.

    Given a node "worker-1"
    And a pod "pod4":
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54322
            protocol: TCP
      """
    And a pod "pod5":
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54322
            hostIP: 127.0.0.1
            protocol: TCP
      """
    When the pod "pod4" is created
    And the pod "pod4" becomes Running
    And the pod "pod5" is created
    Then the pod "pod5" stays Pending with reason "Unschedulable"
    And an event "FailedScheduling" for pod "pod5" says "1 node(s) didn't have free ports for the requested pod ports"

  @behavior:scheduling-hostports-requeue
  Scenario: A pod waiting for a hostPort is scheduled once the pod taking it is gone
    The NodePorts plugin asks to be told of deleted pods: one that took a
    port the waiting pod asks for sends it back to the active queue
    (isSchedulableAfterPodDeleted); without that it would wait for the
    5-minute flush of unschedulable pods.

    Given a node "worker-1"
    And a pod "first" with terminationGracePeriodSeconds 5:
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54324
      """
    And a pod "second":
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54324
      """
    When the pod "first" is created
    And the pod "first" becomes Running
    And the pod "second" is created
    Then the pod "second" stays Pending with reason "Unschedulable"
    When the pod "first" is deleted
    Then the pod "first" is gone within 5s
    And the pod "second" is Running within 10s
    And the pod "second" is scheduled on node "worker-1"

  @behavior:scheduling-hostports-preemption
  Scenario: A higher-priority pod asking a taken hostPort preempts the pod taking it
    NodePorts' failure is Unschedulable, not UnschedulableAndUnresolvable:
    DefaultPreemption looks for victims whose removal frees the port.

    Given a node "worker-1"
    And a priority class "high" with value 1000
    And a pod "low" with terminationGracePeriodSeconds 5:
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54325
      """
    And container "app" of pod "low" ignores SIGTERM
    And a pod "high":
      """yaml
      spec:
        priorityClassName: high
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54325
      """
    When the pod "low" is created
    And the pod "low" becomes Running
    And the pod "high" is created
    Then the pod "high" is nominated to node "worker-1"
    And the pod "low" has condition "DisruptionTarget" "True" with reason "PreemptionByScheduler"
    And an event "Preempted" is recorded for pod "low"
    And the pod "low" is gone between 5s and 5s
    And the pod "high" is Running within 10s
    And the pod "high" is scheduled on node "worker-1"

  @behavior:admission-hostports
  Scenario: A pod bound by nodeName where its hostPort is taken is rejected with NodePorts
    spec.nodeName bypasses the scheduler; the kubelet's predicates
    (AdmissionCheck) find the port taken by a pod it runs.

    Given a node "worker-1"
    And a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54323
      """
    And a pod "direct" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
            hostPort: 54323
      """
    When the pod "web" is created
    And the pod "web" becomes Running
    And the pod "direct" is created
    Then the pod "direct" is rejected with reason "NodePorts"
    And the pod "direct" phase is "Failed"
    And the pod "direct" shows status "NodePorts"
    And an event "NodePorts" with message containing "Predicate NodePorts failed: node(s) didn't have free ports for the requested pod ports" is recorded for pod "direct"
    And no event "Started" is recorded for pod "direct"
    And the pod "web" is Running
