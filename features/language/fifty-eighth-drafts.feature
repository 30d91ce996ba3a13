@language
Feature: The phrases the fifty-fifth to sixtieth trials' first drafts reach for
  Issue 38's held-out sets 55 to 60 (first drafts written from the README
  alone) wrote, undefined then: several nodes declared in one step, a
  probe's answer said of the probe (`the startup probe of container "c"
  succeeds after 6s`), a Job's condition that never comes said as a
  condition (`never has condition "Complete"`), and a container not
  running at an instant, while its postStart hook runs. Each means what
  the phrase it restates means; `is not running at T` is the negation of
  `is running at T`, which counts a container with a postStart hook as
  running from the hook's return, as the API reports it.

  @behavior:scheduling-node-selector
  Scenario: Two nodes declared at once, and a pod that selects one of them
    Given nodes "edge" and "core"
    And a pod "pinned":
      """yaml
      spec:
        nodeSelector:
          kubernetes.io/hostname: core
        containers:
        - name: app
      """
    When the pod "pinned" is created
    Then the pod "pinned" is scheduled on node "core"
    And the pod "pinned" is Running within 5s

  @behavior:poststart-blocks
  Scenario: A container is not running while its postStart hook runs, and runs once it returns
    Given a pod "slowstart":
      """yaml
      spec:
        containers:
        - name: api
          lifecycle:
            postStart:
              exec:
                command: ["sleep", "5"]
      """
    When the pod "slowstart" is created
    Then container "api" is not running at 3s
    And container "api" is running at 6s
    And the pod "slowstart" has STATUS "ContainerCreating" at 3s
    And the pod "slowstart" status is "Running" within 7s

  @behavior:readiness-after-startup
  Scenario: A startup probe said to succeed after 5s holds the container's readiness until then
    Given a pod "slow":
      """yaml
      spec:
        containers:
        - name: app
          startupProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
            failureThreshold: 30
      """
    And the startup probe of container "app" succeeds after 5s
    When the pod "slow" is created
    Then the pod "slow" is not Ready before 5s
    And the pod "slow" becomes Ready within 7s

  @behavior:liveness-restart
  Scenario: A liveness probe said to fail after 25s restarts the container after failureThreshold periods
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          livenessProbe:
            exec:
              command: ["true"]
      """
    And the liveness probe of container "app" fails after 25s
    When the pod "web" is created
    Then container "app" receives SIGTERM at 50s

  @behavior:job-backoff-limit
  Scenario: A Job whose pods fail never has the Complete condition; one that succeeds never has Failed
    Given a job "render":
      """yaml
      spec:
        backoffLimit: 1
      """
    And container "app" of pod "render" exits with code 1 after 1s
    And a job "report"
    And container "app" of pod "report" runs to completion after 2s
    When the job "render" is created
    And the job "report" is created
    Then the job "render" is Failed within 1m
    And the job "render" never has condition "Complete"
    And the job "report" never has condition "Failed"

  @behavior:restart-policy
  Scenario: A container that exits terminates with its exit code, and a pod created on a named node runs there
    Given nodes "edge" and "core"
    And a pod "oneshot" on node "core":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" of pod "oneshot" exits with code 3 after 2s
    When the pod "oneshot" is created
    Then container "app" is terminated within 3s
    And container "app" terminated with exit code 3
    And the pod "oneshot" is Failed within 5s
    When a pod "late" is created on node "edge":
      """yaml
      spec:
        containers:
        - name: web
      """
    Then the pod "late" is scheduled on node "edge"
    And the pod "late" is Running within 3s

  @behavior:crashloop-display
  Scenario: A pod's row of kubectl get pods, said whole, through a crash and its restart
    Given a pod "greeter"
    And container "app" exits with code 1 after 2s
    When the pod "greeter" is created
    Then kubectl get pods shows "greeter" with STATUS "Running" READY "1/1" RESTARTS 0 at 1s
    And kubectl get pods shows "greeter" with STATUS "Running" READY "1/1" RESTARTS 1 at 3s
    And kubectl get pods shows "greeter" with STATUS "Error" READY "0/1" RESTARTS 1 within 10s
    And kubectl get pods shows "greeter" with STATUS "Error"

  @behavior:poststart-blocks @behavior:crashloop-backoff
  Scenario: A container's waiting reason and the RESTARTS column read at an instant
    Given a pod "hooked":
      """yaml
      spec:
        containers:
        - name: api
          lifecycle:
            postStart:
              exec:
                command: ["sleep", "5"]
      """
    And a pod "crasher"
    And container "app" of pod "crasher" exits with code 1 after 2s
    When the pods are created
    Then container "api" of pod "hooked" is waiting with reason "ContainerCreating" at 3s
    And the pod "crasher" shows 0 restarts at 1s
    And the pod "crasher" shows RESTARTS 1 at 3s
