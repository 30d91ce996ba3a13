@language
Feature: The phrases the forty-ninth to fifty-first trials' first drafts reach for
  Issue 38's held-out sets 49 to 51 (first drafts written from the README
  alone) wrote, each undefined then, what the language says in other
  words: a Job's Complete and Failed conditions said as states (`the job
  "j" is Complete within 10s`, `is not Complete before 19s`, `is never
  Failed`), a bound on a Job's pods running at once, a stateful set's
  creation and the order its pods are created in, a container that keeps
  running, and an event of a pod with a message containing some words.
  Each means what the phrase it restates means.

  @behavior:job-completions
  Scenario: A Job of three completions two at a time completes with its third pod
    Given a job "crunch":
      """yaml
      spec:
        completions: 3
        parallelism: 2
      """
    And container "app" of pod "crunch" runs to completion after 10s
    When the job "crunch" is created
    Then at most 2 pods of job "crunch" are running at any time
    And the job "crunch" is not Complete before 22s
    And the job "crunch" is Complete between 22s and 22s
    And the job "crunch" is Complete at 22s
    And the job "crunch" is Complete within 25s
    And the job "crunch" is Complete
    And the job "crunch" is never Failed
    And the job "crunch" has 3 succeeded pods

  @behavior:job-backoff-limit
  Scenario: A Job whose pods fail is Failed at its backoff limit, never Complete
    Given a job "render":
      """yaml
      spec:
        backoffLimit: 1
      """
    And container "app" of pod "render" exits with code 1 after 1s
    When the job "render" is created
    Then the job "render" is not Failed before 13s
    And the job "render" is Failed within 1m
    And the job "render" is never Complete
    And at most 1 pod of job "render" is running at all times

  @behavior:statefulset-ordered-ready
  Scenario: A stateful set creates each pod once the one before is Ready, in ordinal order
    Given a stateful set "store" of 3 pods
    And container "app" of stateful set "store" becomes ready after 3s
    When the stateful set "store" is created
    Then the pod "store-1" is not created before the pod "store-0" is Ready
    And the pod "store-1" is created after the pod "store-0" is Ready
    And the pod "store-2" is created after the pod "store-1" is Ready
    And the pods are created in this order: "store-0", "store-1", "store-2"
    And the stateful set "store" has 3 ready pods within 20s

  @behavior:statefulset-ordered-ready
  Scenario: A pod that never becomes Ready holds back the next ordinal
    Given a stateful set "ledger" of 3 pods:
      """yaml
      spec:
        containers:
        - name: book
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 2
      """
    And container "book" keeps running
    And container "book" fails its readiness probe from 0s after it starts
    When the stateful set "ledger" is created
    Then the pod "ledger-0" is never Ready
    And the pod "ledger-1" is not created before the pod "ledger-0" is Ready
    And the pod "ledger-1" is never created
    And the pod "ledger-2" is never created

  @behavior:liveness-restart
  Scenario: A failing liveness probe's Killing and Unhealthy events, said of the pod
    Given a pod "worker":
      """yaml
      spec:
        containers:
        - name: app
          livenessProbe:
            exec:
              command: ["true"]
      """
    And container "app" keeps running
    And container "app" fails its liveness probe after 25s
    When the pod "worker" is created
    Then container "app" receives SIGTERM at 50s
    And the pod "worker" has event "Killing" with message containing "failed liveness probe, will be restarted"
    And the pod "worker" has event "Unhealthy" with message containing "Liveness probe failed"

  @behavior:job-backoff-limit
  Scenario: A Job's failed pods said of its pods
    Given a job "render":
      """yaml
      spec:
        backoffLimit: 1
      """
    And container "app" of pod "render" exits with code 1 after 1s
    When the job "render" is created
    Then 1 pod of job "render" is Failed within 3s
    And 2 pods of job "render" are Failed within 13s
    And 2 pods of job "render" are Failed
    And 0 pods of job "render" are Succeeded

  @behavior:daemonset-one-pod-per-node
  Scenario: A daemon set and a deployment said to be created
    Given a daemon set "node-exporter" on node "worker-1"
    And a deployment "web" of 1 pod
    When the daemon set "node-exporter" is created
    And the deployment "web" is created
    Then the daemon set "node-exporter" has 1 pod on node "worker-1"
    And the deployment "web" has 1 pod
