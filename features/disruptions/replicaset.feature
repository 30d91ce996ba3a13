@disruptions
Feature: A ReplicaSet replaces the pods evictions take
  The ReplicaSet controller (pkg/controller/replicaset/replica_set.go,
  manageReplicas) counts its active pods (controller.FilterActivePods:
  not Succeeded, not Failed, not being deleted) and creates the missing
  ones from its template, named "<replica set>-" and five random
  characters. A pod being deleted is no longer active: its replacement is
  created when the deletion starts, and runs next to it while it
  terminates.

  @behavior:replicaset-replaces-evicted-pod
  Scenario: The replacement is created the moment the eviction is accepted
    The template's preStop hook keeps an evicted pod Terminating 10 s;
    the replacement is created, scheduled and Ready at once (the
    simulator's start-up latencies are 0), so three replicas are Ready
    all along.

    Given a replica set "web" of 3 pods:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 10"]
      """
    When the eviction of pod 1 of replica set "web" is requested
    Then the eviction of pod 1 of replica set "web" is accepted
    And the replica set "web" has created 4 pods
    And 3 pods of replica set "web" are Ready
    And pod 1 of replica set "web" has condition "DisruptionTarget" "True" with reason "EvictionByEvictionAPI"
    And pod 1 of replica set "web" is gone within 11s

  @behavior:eviction-grace-period
  Scenario: An eviction's deleteOptions shorten the pod's grace period
    The Eviction carries deleteOptions; gracePeriodSeconds 5 replaces the
    pod's 30 s, and a container that ignores SIGTERM (sleep as PID 1) is
    killed at 5 s.

    Given a replica set "web" of 1 pod:
      """yaml
      spec:
        containers:
        - name: app
          image: busybox:1.36
          command: ["sleep", "3600"]
      """
    When the eviction of pod 1 of replica set "web" is requested with grace period 5s
    Then the eviction of pod 1 of replica set "web" is accepted
    And pod 1 of replica set "web" is gone within 5s
    And 1 pod of replica set "web" is Ready
