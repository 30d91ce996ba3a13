@language
Feature: The phrases forty-third to forty-fifth trials' first drafts reach for
  Issue 38's held-out sets 43 to 45 (first drafts written from the
  README alone): of their 67 undefined steps, 18 named a pod `pod "x"`
  where the phrase says `the pod "x"`, and 5 wrote a pod's state in lower
  case (`the pod "node-agent" is running`). Both mean what the phrase
  means: the article may be left out wherever a phrase names a pod, a job,
  a deployment, a replica set, a daemon set or a stateful set, and a pod's
  state or phase may be written in any case.

  @behavior:liveness-restart
  Scenario: A failing liveness probe restarts the container and RESTARTS counts it
    Given a pod "catalog":
      """yaml
      spec:
        containers:
        - name: api
          livenessProbe:
            exec:
              command: ["true"]
      """
    And container "api" fails its liveness probe after 25s
    When pod "catalog" is created
    Then pod "catalog" is running within 5s
    And pod "catalog" shows 0 restarts
    And container "api" receives SIGTERM at 50s
    And pod "catalog" shows 1 restart within 60s
    And pod "catalog" is still running at 60s
    And pod "catalog" is never failed

  @behavior:scheduling-preemption
  Scenario: A higher-priority pod preempts a running lower-priority one
    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a priority class "checkout-critical" with value 100000
    And a pod "report-builder" with terminationGracePeriodSeconds 20:
      """yaml
      spec:
        containers:
        - name: builder
          resources:
            requests:
              cpu: 1500m
      """
    And container "builder" of pod "report-builder" takes 5s to exit after SIGTERM
    And a pod "checkout":
      """yaml
      spec:
        priorityClassName: checkout-critical
        containers:
        - name: web
          resources:
            requests:
              cpu: 1500m
      """
    When pod "report-builder" is created
    And pod "report-builder" becomes running
    And pod "checkout" is created
    Then pod "checkout" is pending
    And container "builder" of pod "report-builder" receives SIGTERM within 2s
    And container "builder" of pod "report-builder" never receives SIGKILL
    And pod "report-builder" is gone at 5s
    And pod "checkout" is running within 15s
    And pod "checkout" is scheduled on node "worker-1"

  @behavior:critical-priority-not-evicted @behavior:eviction-rank-usage @needs:node-pressure
  Scenario: Under memory pressure the larger consumer goes first and a node-critical agent stays
    Given the kubelet hard eviction threshold is "memory.available<100Mi"
    And a node "worker-1" with 2 CPU, 1Gi memory and 110 pods
    And a pod "node-agent":
      """yaml
      spec:
        priorityClassName: system-node-critical
        containers:
        - name: agent
      """
    And container "agent" of pod "node-agent" uses 256Mi of memory after 1s
    And a pod "scratch"
    And container "app" of pod "scratch" uses 300Mi of memory after 1s
    And a pod "cache"
    And container "app" of pod "cache" uses 100Mi of memory after 1s
    When 30s pass
    And node "worker-1" comes under memory pressure
    Then pod "scratch" is evicted within 10s
    And pod "scratch" is evicted before pod "cache"
    And pod "cache" is evicted within 40s
    And pod "node-agent" is never evicted
    And pod "node-agent" is running

  @behavior:job-backoff-limit
  Scenario: Past its backoff limit a Job fails, every pod it created failed
    Given a job "nightly":
      """yaml
      spec:
        backoffLimit: 1
      """
    And container "app" of job "nightly" exits with code 1 after 1s
    Then job "nightly" fails with reason "BackoffLimitExceeded" within 1m
    And job "nightly" has created 2 pods
    And job "nightly" has 2 failed pods
    And the first pod of job "nightly" is failed
    And the second pod of job "nightly" is failed
