@language
Feature: The phrases a seventh trial's first drafts reach for
  Issue 38's sixth held-out set (first drafts written from the README and
  the language reference alone): an event that does not come before a time
  (`does not receive SIGTERM before 5s`, `is not restarted before 30s`,
  `does not start before 20s`), a container named by its role (`the
  sidecar "log-shipper"`, `the app container "app"`), a container that
  hangs (both its probes fail), a pod's restarts by a deadline, a job that
  fails with a reason, a node that reports a condition, a budget called a
  PDB, a node of two sizes and a pod given its priority class by name.

  @behavior:sidecar-stop-order
  Scenario: A sidecar named by its role does not receive SIGTERM before the app has exited
    Given a pod "shop" with terminationGracePeriodSeconds 30:
      """yaml
      spec:
        initContainers:
        - name: log-shipper
          restartPolicy: Always
        containers:
        - name: app
      """
    And the app container "app" takes 5s to exit after SIGTERM
    And the sidecar "log-shipper" takes 2s to exit after SIGTERM
    When the pod "shop" becomes Running
    And the pod "shop" is deleted
    Then container "app" receives SIGTERM within 1s
    And the sidecar "log-shipper" does not receive SIGTERM before 5s
    And the sidecar "log-shipper" receives SIGTERM after the app container "app" has exited
    And the pod "shop" is gone within 20s

  @behavior:init-sequential @behavior:crashloop-backoff
  Scenario: The app does not start before its init container completes, nor restart before its crash
    Given a pod "api":
      """yaml
      spec:
        initContainers:
        - name: wait-for-db
        containers:
        - name: app
      """
    And the init container "wait-for-db" runs to completion after 5s
    And the app container "app" exits with code 1 after 4s
    When the pod "api" is created
    Then the app container "app" does not start before 5s
    And container "app" starts after init container "wait-for-db" is ready
    And container "app" does not exit before 9s
    And container "app" is not restarted before 9s
    And the pod "api" has 1 restart within 40s

  @behavior:liveness-restart
  Scenario: A container that hangs fails both its probes: it is restarted, and not before the hang
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 2
            failureThreshold: 1
          livenessProbe:
            exec:
              command: ["true"]
            periodSeconds: 2
            failureThreshold: 2
      """
    And container "app" hangs after 10s
    When the pod "web" is created
    Then container "app" is not restarted before 12s
    And container "app" receives SIGTERM within 30s
    And an event "Unhealthy" with message containing "Readiness probe failed" is recorded for container "app"
    And the pod "web" has 1 restart within 40s

  @behavior:job-backoff-limit
  Scenario: A job that runs out of retries fails with reason BackoffLimitExceeded
    Given a job "report":
      """yaml
      spec:
        backoffLimit: 1
      """
    And container "app" of pod "report" exits with code 1 after 1s
    When the job "report" is created
    Then the job "report" fails with reason "BackoffLimitExceeded" within 2m
    And the job "report" has 2 failed pods

  @behavior:pdb-status
  Scenario: A PDB over three pods allows one disruption; the node reports Ready
    Given a pod "pod-0":
      """yaml
      metadata:
        labels:
          foo: bar
      spec:
        containers:
        - name: app
      """
    And a pod "pod-1":
      """yaml
      metadata:
        labels:
          foo: bar
      spec:
        containers:
        - name: app
      """
    And a pod "pod-2":
      """yaml
      metadata:
        labels:
          foo: bar
      spec:
        containers:
        - name: app
      """
    And a pod disruption budget "foo-pdb" with minAvailable 2 for pods labelled "foo=bar"
    When the pods are created
    Then the pod "pod-2" is Running within 30s
    And the PDB "foo-pdb" allows 1 disruption
    And the node reports Ready within 5s
