@restarts
Feature: Restart policy and CrashLoopBackOff
  An exited container is restarted by restart policy. The first restart is
  immediate; each later one waits a back-off counted from the container's
  finishedAt: 10 s, doubling to 300 s, reset by a run of over 600 s. The pod
  worker only comes back when the back-off expires, up to 50 % later
  (lifecycle-facts §4).

  @behavior:restart-policy @upstream:container-runtime-restart-policy
  Scenario Outline: restartPolicy <policy> and a container that exits <code>
    e2e: Container Runtime, blackbox test, when starting a container that
    exits, should run with the expected status (Conformance).

    Given a pod "job":
      """yaml
      spec:
        restartPolicy: <policy>
        containers:
        - name: app
      """
    And container "app" exits with code <code> after 2s
    When the pod "job" is created
    And 30s pass
    Then container "app" of pod "job" has restarted <restarts> times
    And the pod "job" phase is "<phase>"
    And the pod "job" shows status "<status>"

    Examples:
      | policy    | code | restarts | phase     | status           |
      | Always    | 0    | 2        | Running   | Completed        |
      | Always    | 1    | 2        | Running   | Error            |
      | OnFailure | 0    | 0        | Succeeded | Completed        |
      | OnFailure | 1    | 2        | Running   | Error            |
      | Never     | 0    | 0        | Succeeded | Completed        |
      | Never     | 1    | 0        | Failed    | Error            |

  @behavior:crashloop-backoff @seed:001
  Scenario: The first restart is immediate, the next waits the 10 s back-off
    Given a pod "web"
    And container "app" exits with code 1 after 2s
    When the pod "web" is created
    Then the timeline of pod "web" is:
      | at | container | event     |
      | 2s | app       | Exited(1) |
      | 2s | app       | Restarted |
      | 4s | app       | Exited(1) |
      | 4s | app       | BackOff   |
    And an event "BackOff" with message containing "Back-off restarting failed container app in pod web" is recorded
    And the pod "web" phase is "Running"

  @behavior:crashloop-backoff
  Scenario: The second restart comes between 10 s and 15 s after the exit
    The back-off has no jitter, but the pod worker's requeue stretches the
    wait by up to half.

    Given a pod "web"
    And container "app" exits with code 1 after 2s
    When container "app" of pod "web" is restarted 1 time
    Then container "app" exits at 2s with code 1
    When 2s pass
    Then the pod "web" shows status "Error"
    And container "app" of pod "web" has restarted 1 time

  @behavior:crashloop-backoff @seed:001
  Scenario: A crash-looping pod passes through CrashLoopBackOff and stays Running
    The status shows CrashLoopBackOff once the pod worker comes back to a
    container still in back-off; until then it shows the exit's Error.

    Given a pod "web"
    And container "app" exits with code 1 after 1s
    When the pod "web" is created
    Then the pod "web" shows status "Error" within 3s
    And the pod "web" shows status "CrashLoopBackOff" within 30s
    And the pod "web" phase is "Running"

  @behavior:crashloop-backoff-doubles
  Scenario: The back-off doubles at each crash: 10 s, 20 s, 40 s
    Each restart comes when the back-off has passed since the exit, and up
    to half as long again (the pod worker's requeue).

    Given a pod "web"
    And container "app" exits with code 1 after 1s
    When container "app" of pod "web" is restarted 1 time
    And 1s pass
    Then container "app" of pod "web" is restarted between 10s and 15s
    When container "app" of pod "web" is restarted 2 times
    And 1s pass
    Then container "app" of pod "web" is restarted between 20s and 30s
    When container "app" of pod "web" is restarted 3 times
    And 1s pass
    Then container "app" of pod "web" is restarted between 40s and 60s

  @behavior:crashloop-backoff-cap @slow
  Scenario: The back-off stops doubling at 5 minutes
    Given a pod "web"
    And container "app" exits with code 1 after 1s
    When 10m pass
    And container "app" of pod "web" is restarted 7 times
    And 1s pass
    Then container "app" of pod "web" is restarted between 300s and 330s

  @behavior:crashloop-backoff-reset @slow
  Scenario: Runs of over 10 minutes reset the back-off: every restart is immediate
    The back-off entry expires when an exit comes more than 600 s after the
    last restart.

    Given a pod "web"
    And container "app" exits with code 1 after 11m
    And 23m pass
    Then the timeline of pod "web" is:
      | at    | container | event     |
      | 660s  | app       | Exited(1) |
      | 660s  | app       | Restarted |
      | 1320s | app       | Exited(1) |
      | 1320s | app       | Restarted |

  @behavior:crashloop-backoff-reset @slow
  Scenario: Runs of 9 minutes keep the back-off: the second restart waits
    Given a pod "web"
    And container "app" exits with code 1 after 9m
    And 19m pass
    Then the timeline of pod "web" is:
      | at    | container | event     |
      | 540s  | app       | Exited(1) |
      | 540s  | app       | Restarted |
      | 1080s | app       | Exited(1) |
      | 1080s | app       | BackOff   |

  @behavior:last-state
  Scenario: The previous instance stays in lastState; restartCount counts instances
    Given a pod "web"
    And container "app" exits with code 3 after 5s
    When container "app" of pod "web" is restarted 1 time
    Then container "app" of pod "web" terminated with reason "Error" and exit code 3
    And container "app" of pod "web" has restarted 1 time
    And the pod "web" shows 1 restart

  @behavior:container-restart-policy @upstream:container-level-restart-policy
  Scenario: A container's own restartPolicy Never wins over the pod's Always (1.35+)
    e2e: Pod Extended (container restart policy), container-level Never.

    Given a pod "web":
      """yaml
      spec:
        restartPolicy: Always
        containers:
        - name: app
          restartPolicy: Never
        - name: worker
      """
    And container "app" exits with code 1 after 2s
    When 30s pass
    Then container "app" of pod "web" has restarted 0 times
    And container "app" of pod "web" terminated with reason "Error" and exit code 1
    And the pod "web" phase is "Running"

  @behavior:container-restart-rules @upstream:restart-on-rule-match
  Scenario: A restart rule on exit codes restarts a container whose policy is Never
    e2e: Pod Extended (container restart policy), should restart container on
    rule match.

    Given a pod "web":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
          restartPolicy: Never
          restartPolicyRules:
          - action: Restart
            exitCodes:
              operator: In
              values: [42]
      """
    And container "app" exits with code 42 after 2s
    When container "app" of pod "web" is restarted 1 time
    Then container "app" of pod "web" has restarted 1 time
    And the pod "web" phase is "Running"

  @behavior:crashloop-display @kubelet:1.34
  Scenario: Up to 1.34 a long back-off shows CrashLoopBackOff from the worker's first requeue
    Up to 1.34 a sync that failed on a back-off was requeued after the
    pod worker's 10 s period (× [1, 1.5)) whatever the back-off, and each
    such sync shows the container waiting in CrashLoopBackOff
    (lifecycle-facts §4.2; PR #133066 changed it in 1.35).

    Given a pod "web"
    And container "app" exits with code 1 after 2s
    When container "app" of pod "web" is restarted 3 times
    And 25s pass
    Then the pod "web" shows status "CrashLoopBackOff"
    And container "app" of pod "web" has restarted 3 times

  @behavior:crashloop-display
  Scenario: From 1.35 a long back-off shows the exit's Error until the restart
    The sync is requeued at the back-off's expiry (PR #133066): during a
    40 s wait no sync fails on it, and STATUS keeps the terminated
    container's reason (seen on v1.36.3: Error for the whole 10, 20 and
    40 s waits).

    Given a pod "web"
    And container "app" exits with code 1 after 2s
    When container "app" of pod "web" is restarted 3 times
    And 25s pass
    Then the pod "web" shows status "Error"
    And container "app" of pod "web" has restarted 3 times

  @behavior:container-restart-policy @kubelet:1.34
  Scenario: Before 1.35 the API server drops a container's own restartPolicy and the pod's applies
    ContainerRestartRules was alpha and off in 1.34 (beta and on from
    1.35): the API server drops a regular container's restartPolicy from a
    new pod (pkg/api/pod/util.go, dropContainerRestartRules), so the pod's
    Never decides.

    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: worker
          restartPolicy: OnFailure
      """
    And container "worker" of pod "job" exits with code 1 after 2s
    When the pod "job" is created
    And 5s pass
    Then container "worker" of pod "job" has restarted 0 times
    And the pod "job" phase is "Failed"

  @behavior:crashloop-display @kubelet:1.35
  Scenario: On 1.35, the first kubelet with the requeue at the back-off's expiry, a long back-off shows Error
    The other side of the 1.34 scenario above: PR #133066 shipped in 1.35,
    so a 1.35 kubelet keeps the exit's reason during the back-off as 1.36
    does.

    Given a pod "web"
    And container "app" exits with code 1 after 2s
    When container "app" of pod "web" is restarted 3 times
    And 25s pass
    Then the pod "web" shows status "Error"
    And container "app" of pod "web" has restarted 3 times
