# Written by `podlife init`. Change these scenarios into your own: the pods
# your team runs, the shutdown and restarts they must survive. `podlife
# steps` lists every phrase; `podlife lint` checks a file without running
# it; `podlife run` runs the scenarios under features/ on the simulator.
Feature: How our pods stop and restart

  Scenario: The preStop hook runs first, and its time comes out of the grace period
    The kubelet runs the preStop hook, then sends SIGTERM with what is left
    of the 10 s grace period, then SIGKILL when it has passed.

    Given a pod "web" with terminationGracePeriodSeconds 10:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 3"]
      """
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" runs its preStop hook at 0s
    And the preStop hook of container "app" finishes at 3s
    And container "app" receives SIGTERM at 3s
    And container "app" receives SIGKILL at 10s
    And the pod "web" is gone within 11s

  Scenario: A crashing container is restarted at once, then after a back-off
    The kubelet restarts a container that exited at once the first time;
    from the second exit on it waits a back-off (10 s, doubling), and the
    pod shows CrashLoopBackOff.

    Given a pod "worker"
    And container "app" exits with code 1 after 2s
    When the pod "worker" is created
    Then container "app" of pod "worker" exits at 2s with code 1
    And the pod "worker" shows status "CrashLoopBackOff" within 30s
    And container "app" of pod "worker" has restarted 2 times
    And the pod "worker" phase is "Running"
