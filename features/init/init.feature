@init
Feature: Init containers run to completion, one at a time, before the pod's containers
  Regular init containers start in spec order, each after the previous has
  exited 0; the main containers wait with reason PodInitializing. A failed
  init container restarts with the crash-loop back-off unless the pod's
  restartPolicy is Never, which fails the pod (lifecycle-facts §3).

  Background:
    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: init-a
        - name: init-b
        containers:
        - name: app
      """

  @behavior:init-sequential @upstream:init-container-serial-launch
  Scenario: Init containers run one after the other, then the app
    e2e: Containers Lifecycle, should launch init container serially before a
    regular container.

    Given container "init-a" runs to completion after 3s
    And container "init-b" runs to completion after 2s
    When the pod "web" is created
    Then the containers of pod "web" start in this order: "init-a", "init-b", "app"
    And container "init-b" starts after container "init-a" is ready
    And the timeline of pod "web" is:
      | at | container | event     |
      | 0s | init-a    | Started   |
      | 3s | init-a    | Exited(0) |
      | 3s | init-b    | Started   |
      | 5s | init-b    | Exited(0) |
      | 5s | app       | Started   |

  @behavior:init-status @seed:001
  Scenario: While init containers run the pod is Pending and shows Init:N/M
    Given container "init-a" runs to completion after 3s
    And container "init-b" runs to completion after 2s
    When the pod "web" is created
    Then the pod "web" phase is "Pending"
    And the pod "web" shows status "Init:0/2"
    And container "app" is waiting with reason "PodInitializing"
    And the pod "web" has condition "Initialized" "False" with reason "ContainersNotInitialized"
    When 3s pass
    Then the pod "web" shows status "Init:1/2"
    When 2s pass
    Then the pod "web" shows status "Running"
    And the pod "web" has condition "Initialized" "True"

  @behavior:init-failure-never @seed:001 @upstream:init-container-fail-restart-never
  Scenario: A failed init container fails a pod whose restartPolicy is Never
    e2e: InitContainer, should not start app containers and fail the pod if
    init containers fail on a RestartNever pod.

    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        initContainers:
        - name: setup
        containers:
        - name: app
      """
    And container "setup" of pod "job" exits with code 1 after 2s
    When the pod "job" is created
    Then the pod "job" is Failed within 2s
    And the pod "job" shows status "Init:Error"
    And container "app" of pod "job" never receives SIGTERM
    And the timeline of pod "job" is:
      | at | container | event         |
      | 0s | setup     | Started       |
      | 2s | setup     | Exited(1)     |
      | 2s | -         | Phase(Failed) |

  @behavior:init-failure-restart @seed:001 @upstream:init-container-fail-restart-always
  Scenario: A failed init container restarts with back-off and the pod stays Pending
    e2e: InitContainer, should not start app containers if init containers
    fail on a RestartAlways pod.

    Given container "init-a" exits with code 1 after 1s
    When the pod "web" is created
    Then the pod "web" shows status "Init:Error" within 2s
    And the pod "web" shows status "Init:CrashLoopBackOff" within 30s
    And container "app" does not start before 60s
    And the pod "web" phase is "Pending"
    And container "init-b" is waiting with reason "PodInitializing"
    And container "init-a" has restarted at least 3 times
    And an event "BackOff" is recorded for container "init-a" of pod "web"

  @behavior:init-not-rerun @upstream:init-not-restarted-on-regular-restart
  Scenario: A restart of the main container does not run the init containers again
    e2e: Containers Lifecycle, shouldn't restart init containers upon regular
    container restart.

    Given container "init-a" runs to completion after 1s
    And container "init-b" runs to completion after 1s
    And container "app" exits with code 1 after 5s
    When the pod "web" is created
    And container "app" of pod "web" is restarted 2 times
    Then container "init-a" of pod "web" has restarted 0 times
    And an event "Started" is recorded for container "init-a" of pod "web" 1 time within 20s
    And an event "Started" is recorded for container "init-b" of pod "web" 1 time within 20s

  @behavior:init-rerun-new-sandbox
  Scenario: A new sandbox runs the init containers again from the first
    Given container "init-a" runs to completion after 1s
    And container "init-b" runs to completion after 1s
    When the pod "web" becomes Running
    And the sandbox of pod "web" is lost
    Then an event "SandboxChanged" is recorded for pod "web"
    And the containers of pod "web" start in this order: "init-a", "init-b", "app"
    And container "app" of pod "web" is restarted between 2s and 2s
    And container "app" of pod "web" has restarted 1 time
    And an event "Started" is recorded for container "init-a" of pod "web" 2 times
  @behavior:init-image-pull-backoff @seed:001
  Scenario: An init container whose image cannot be pulled shows Init:ErrImagePull, then Init:ImagePullBackOff
    Given the image of container "init-a" cannot be pulled
    When the pod "web" is created
    Then the pod "web" shows status "Init:ErrImagePull" within 1s
    And the pod "web" shows status "Init:ImagePullBackOff" within 20s
    And the pod "web" phase is "Pending"

  @behavior:init-failure-never-containers-waiting @upstream:init-container-fail-restart-never
  Scenario: A pod failed by its init container keeps its containers waiting
    e2e: InitContainer, should not start app containers and fail the pod if
    init containers fail on a RestartNever pod (the app container's state is
    Waiting at the end). The status manager's TerminatePod marks a container
    without a terminated state ContainerStatusUnknown only once the pod has
    initialized (hasPodInitialized), which a failed last init container
    means it has not.

    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        initContainers:
        - name: fetch
        - name: setup
        containers:
        - name: app
      """
    And container "fetch" of pod "job" runs to completion after 1s
    And container "setup" of pod "job" exits with code 1 after 1s
    When the pod "job" is created
    Then the pod "job" phase is "Failed" within 5s
    When 10s pass
    Then container "app" of pod "job" is waiting with reason "PodInitializing"
    And container "setup" of pod "job" terminated with reason "Error" and exit code 1
    And the pod "job" has condition "Initialized" "False" with reason "ContainersNotInitialized"
    And the pod "job" shows status "Init:Error"

  @behavior:crashloop-display
  Scenario: An init container restarted after its back-off is shown waiting in CrashLoopBackOff
    The sync that restarts it writes the status first (SyncPod:
    generateAPIPodStatus, then the runtime's SyncPod), with the reason the
    back-off's own sync left in the reason cache: the container waits in
    CrashLoopBackOff until the next sync, a PLEG relist later
    (convertToAPIContainerStatuses, v1.36.3). Held-out set 39 wrote it
    and it held on kind; the simulator, whose relist takes no time, never
    showed it until its `within` forms counted every status written.

    Given a pod "bootstrap":
      """yaml
      spec:
        initContainers:
        - name: fetch-config
        containers:
        - name: daemon
      """
    And container "fetch-config" of pod "bootstrap" exits with code 1 after 2s
    When the pod "bootstrap" is created
    Then init container "fetch-config" of pod "bootstrap" has restarted 1 time within 5s
    And init container "fetch-config" of pod "bootstrap" is waiting with reason "CrashLoopBackOff" within 30s
    And the pod "bootstrap" phase is "Pending"
