@language
Feature: A node's threshold without its size, a pod placed on a node, Running and Ready
  Issue 38's fourteenth held-out batch declared a node's hard eviction
  threshold without the node's memory (`a node "ledger-node" with hard
  eviction threshold memory.available<500Mi`, ten times), placed its pods
  with other words than `on node` (`a pod "x" bound to node "n":`,
  `running on node`, 28 times) and wanted a pod Running and Ready in one
  step (five times).

  Scenario: A pod bound to its node is Running and Ready
    Given a node "edge-1"
    And a node "edge-2"
    And a pod "invoice" bound to node "edge-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    Then the pod "invoice" is Running and Ready
    And the pod "invoice" is scheduled on node "edge-1"

  @behavior:eviction-memory-hard @needs:node-pressure
  Scenario: A node's hard threshold said without its size evicts under pressure
    Given a node "ledger-node" with hard eviction threshold memory.available<500Mi
    And a pod "ledger" running on node "ledger-node"
    When node "ledger-node" comes under memory pressure
    Then the pod "ledger" is evicted within 20s
    And node "ledger-node" has condition "MemoryPressure" "True" within 20s

  @behavior:liveness-restart
  Scenario: A liveness probe's path answered 500 after 25 s restarts the container
    HTTP 200 to 399 is a probe's success, any other code its failure
    (pkg/probe/http/http.go DoHTTPProbe): the answers are the probe's.

    Given a pod "checkout":
      """yaml
      spec:
        containers:
        - name: server
          livenessProbe:
            httpGet:
              path: /healthz
              port: 8080
      """
    And container "server" answers /healthz with HTTP 200 for 25s, then with HTTP 500
    When the pod "checkout" is created
    Then container "server" receives SIGTERM at 50s
    And container "server" of pod "checkout" has restarted 1 time

  @behavior:readiness-failure
  Scenario: A readiness path answered 503 until 12 s keeps the pod not ready that long
    Given a pod "ledger":
      """yaml
      spec:
        containers:
        - name: api
          readinessProbe:
            httpGet:
              path: /ready
              port: 8080
            periodSeconds: 5
      """
    And container "api" answers /ready with HTTP 503 for 12s, then HTTP 200
    When the pod "ledger" is created
    Then the pod "ledger" is not Ready after 12s
    And the pod "ledger" is Ready within 16s
