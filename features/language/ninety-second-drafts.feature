@language
Feature: An eviction said without its pod
  Issue 38's fourteenth held-out batch wrote the answer to an eviction
  without naming its pod again (`Then the eviction is accepted`, `the
  eviction is refused with status 429`) and named the pod by its
  eviction (`the evicted pod is gone within 5s`, `container "app" of the
  evicted pod receives SIGTERM`): the pod of the last eviction requested
  before the step.

  @behavior:eviction-grace-period
  Scenario: The evicted pod of a replica set is killed with the eviction's grace
    Given a replica set "thumbs" of 1 pod:
      """yaml
      spec:
        containers:
        - name: app
          image: busybox:1.36
          command: ["sleep", "3600"]
      """
    When the eviction of pod 1 of replica set "thumbs" is requested with grace period 5s
    Then the eviction is accepted
    And the evicted pod has condition "DisruptionTarget" "True" with reason "EvictionByEvictionAPI"
    And container "app" of the evicted pod receives SIGTERM within 1s
    And the evicted pod has deletionGracePeriodSeconds 5
    And container "app" of the evicted pod receives SIGKILL at 5s
    And 1 pod of replica set "thumbs" is Ready

  @behavior:pdb-min-available-absolute
  Scenario: An eviction a budget refuses leaves the evicted pod running
    Given a replica set "ledger" of 2 pods
    And a pod disruption budget "ledger-pdb" with minAvailable 2 for pods labelled "app=ledger"
    When the eviction of pod 2 of replica set "ledger" is requested
    Then the eviction is refused with status 429
    And the eviction's message contains "Cannot evict pod as it would violate the pod's disruption budget"
    And the evicted pod is Running
    And container "app" of the evicted pod never receives SIGTERM

  @behavior:eviction-without-budget
  Scenario: The last eviction names the pod from there on
    Given a pod "solo"
    And a pod "pair"
    When the eviction of pod "solo" is requested
    Then the eviction is accepted
    And the evicted pod is gone within 2s
    When 5s pass
    And the eviction of pod "pair" is requested
    Then the eviction is accepted
    And container "app" of the evicted pod receives SIGTERM within 1s
    And the pod "solo" is gone

  @behavior:replicaset-pods-by-order
  Scenario: An evicted pod's replacement is the workload's one new pod
    Given a deployment "gateway" of 2 pods
    When the eviction of pod 1 of deployment "gateway" is requested
    Then the eviction is accepted
    And a replacement pod of deployment "gateway" is created within 2s
    And 1 new pod of deployment "gateway" is created between 0s and 2s
    When 10s pass
    And the eviction of pod 2 of deployment "gateway" is requested
    Then 1 new pod of deployment "gateway" is created within 2s
    And the deployment "gateway" has created 4 pods
