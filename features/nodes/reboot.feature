@nodes @needs:node-reboot
Feature: A node reboots
  Seed 001's "node OS upgrade / manual reboot": the node's power goes and
  comes back. Everything on it stops at once, with no SIGTERM and no
  preStop hook (a power cut; the kubelet's graceful node shutdown, off by
  default, is not in play). While it is away its kubelet posts nothing:
  after node-monitor-grace-period (50 s since 1.32; 40 s before) the
  node-lifecycle controller sets its conditions Unknown, taints it
  unreachable and marks its pods Ready=False. When it returns, containerd
  reports each container that was running as exited with code 255 and
  reason Unknown; a new kubelet finds every sandbox dead and re-creates
  it (SandboxChanged), runs the init containers again from the first, and
  restarts the containers, each restartCount one more than before. A pod
  deleted meanwhile by the taint-eviction controller stayed Terminating
  (nobody ran its kill) and goes once the kubelet is back.

  On kind the reboot is the pool node's container killed and started
  again (docker kill, docker start).

  @behavior:node-reboot-restarts-pods @seed:001 @upstream:reboot-unclean
  Scenario: A short reboot re-creates the sandbox, runs the init container again and restarts the container
    e2e: [sig-cloud-provider-gcp] Reboot [Disruptive] [Feature:Reboot], each
    node by ordering unclean reboot and ensure they function upon restart
    (test/e2e/cloud/gcp/reboot.go: the node's pods Running and Ready
    again after a sysrq reboot).
    30 s is within the node-monitor grace period: the node is never marked
    NotReady, and the pod's only sign is its restarted containers. The
    container that the reboot ended shows it as its last state: 255,
    reason Unknown (containerd's restart.go; seen on kind v1.36.1 with
    docker restart). The RESTARTS column counts the regular containers
    alone once the pod is initialized (kubectl's printPod): 1.

    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: init
        containers:
        - name: app
      """
    And init container "init" of pod "web" runs to completion after 1s
    When the pod "web" becomes Ready
    And node "worker-1" reboots for 30s
    And container "app" of pod "web" is restarted 1 time
    Then the pod "web" is Ready
    And an event "SandboxChanged" is recorded for pod "web"
    And an event "Started" is recorded for init container "init" of pod "web" 2 times
    And init container "init" of pod "web" has restarted 1 time
    And container "app" of pod "web" exits with code 255
    And the pod "web" has 1 restart

  @behavior:node-reboot-not-ready @seed:001 @slow
  Scenario: During a longer reboot the node is Unknown and its pods not ready; after it, Ready and untainted
    Today's arithmetic: the last Lease renewal is at most 10 s old when
    the power goes, so the controller, passing every 5 s, marks the node
    between 40 and 55 s after, Ready=False on its pods in the same pass.
    The pods stay Running: no kubelet writes their phase.

    Given a pod "web"
    When node "worker-1" reboots for 2m
    Then node "worker-1" has condition "Ready" "Unknown" within 1m
    And the pod "web" has condition "Ready" "False"
    And the pod "web" phase is "Running"
    And node "worker-1" has taint "node.kubernetes.io/unreachable:NoExecute"
    And an event "NodeNotReady" is recorded for pod "web"
    When container "app" of pod "web" is restarted 1 time
    Then the pod "web" is Ready
    And node "worker-1" has condition "Ready" "True"
    When 10s pass
    Then node "worker-1" has no taint "node.kubernetes.io/unreachable:NoExecute"
    And node "worker-1" has no taint "node.kubernetes.io/unreachable:NoSchedule"

  # @sim: the kubelet records Rebooted when the node's boot id changed
  # since its last status (pkg/kubelet/nodestatus/setters.go MachineInfo,
  # v1.36.3); a kind node is a container on the host's kernel, whose boot
  # id a container restart keeps: on kind v1.36.3 (2026-11-29 10:06) the
  # restarted node recorded Starting and NodeReady, no Rebooted.
  @behavior:node-reboot-not-ready @seed:001 @sim
  Scenario: A rebooted node's kubelet records Rebooted, the boot id having changed
    Given a pod "web"
    When node "worker-1" reboots for 30s
    And container "app" of pod "web" is restarted 1 time
    Then an event "Rebooted" is recorded
    And the pod "web" is Ready

  @behavior:node-reboot-past-toleration @seed:001 @slow
  Scenario: A reboot longer than the pod's tolerationSeconds: deleted meanwhile, Terminating until the node returns, then gone
    Seed 001 advises a larger tolerationSeconds to ride out a NotReady
    node; here the pod's 60 s is too short for a 3-minute reboot. The
    taint-eviction controller deletes it 60 s after the unreachable taint
    (at 100 to 115 s); with no kubelet to kill it, it shows Terminating
    until the node returns at 180 s, whose new kubelet finds nothing
    running and deletes it at once.

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
    When node "worker-1" reboots for 3m
    Then the pod "web" is Terminating within 2m
    And the pod "web" has condition "DisruptionTarget" "True" with reason "DeletionByTaintManager"
    And the pod "web" is not gone after 170s
    And the pod "web" is gone within 4m

  @behavior:node-reboot-within-toleration @seed:001 @slow
  Scenario: A pod whose tolerationSeconds outlasts the reboot keeps its place and restarts
    The same 3-minute reboot; a tolerationSeconds of 600 rides it out, as
    seed 001 advises: no deletion, the pod restarts on its node.

    Given a pod "web":
      """yaml
      spec:
        tolerations:
        - key: node.kubernetes.io/unreachable
          operator: Exists
          effect: NoExecute
          tolerationSeconds: 600
        containers:
        - name: app
      """
    When node "worker-1" reboots for 3m
    Then the pod "web" is not Terminating after 4m
    And the pod "web" is Ready
    And container "app" of pod "web" has restarted 1 time
    And no event "TaintManagerEviction" with message containing "Marking for deletion" is recorded

  @behavior:node-reboot-past-default-toleration @behavior:lost-node-terminating @seed:001 @slow
  Scenario: A reboot past the default 300 s: the pod is deleted by the taint manager and goes when the node returns
    Every pod tolerates unreachable for 300 s (DefaultTolerationSeconds).
    The node is tainted 40 to 55 s after the power goes, the pod deleted
    300 s later (340 to 355 s), and gone when the node returns at 420 s.
    Seed 001 counts "about 10 minutes" for a reboot; with the pre-1.13
    defaults (pod-eviction-timeout 5 min after a 40 s grace) the deletion
    came at 5 min 40 s.

    Given a pod "web"
    When node "worker-1" reboots for 7m
    Then the pod "web" is not Terminating after 339s
    And the pod "web" is Terminating within 6m
    And the pod "web" is not gone after 410s
    And the pod "web" is gone within 8m

  @behavior:node-reboot-static-pod @needs:static-pods @seed:001 @slow
  Scenario: A static pod comes back after a reboot with its container restarted
    The new kubelet reads the manifest again and runs the pod in a new
    sandbox; its mirror pod was never deleted (a static pod tolerates
    every NoExecute taint), and shows the restart.

    Given a static pod "etcd" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    When node "worker-1" reboots for 2m
    Then node "worker-1" has condition "Ready" "Unknown" within 1m
    And the pod "etcd" has condition "Ready" "False"
    When container "app" of pod "etcd" is restarted 1 time
    Then the pod "etcd" is Ready within 15s
    And the pod "etcd" is not Terminating after 3m

  @behavior:node-reboot-never-fails @seed:001
  Scenario: A restartPolicy Never pod whose container the reboot ended is Failed
    computePodActions (kuberuntime_manager.go): a sandbox changed for a
    pod with restartPolicy Never that has run containers gets no new
    sandbox; the container's 255 from containerd makes the phase Failed
    (getPhase). Seen on kind v1.36.1: phase Failed, each container
    terminated 255 Unknown, 0 restarts.

    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    When node "worker-1" reboots for 30s
    Then the pod "job" phase is "Failed" within 1m
    And container "app" of pod "job" terminated with reason "Unknown" and exit code 255
    And container "app" of pod "job" has restarted 0 times
    And no event "SandboxChanged" is recorded for pod "job"
