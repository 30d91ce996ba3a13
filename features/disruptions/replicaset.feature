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

  @behavior:replicaset-pods-by-order
  Scenario: A replica set's pods are named by the order they were created
    The first pod the replica set created is its first, the second its
    second; the replacement of an evicted pod is the next (here the third,
    then the fourth). Each phrase about one pod takes them so: its signals,
    its containers, its timeline, its state.

    Given a replica set "web" of 2 pods
    When the eviction of pod 2 of replica set "web" is requested
    Then the second pod of replica set "web" receives SIGTERM at 0s
    And container "app" of the second pod of replica set "web" exits at 0s with code 143
    And the timeline of the second pod of replica set "web" is:
      | at | container | event       |
      | 0s | app       | SIGTERM     |
      | 0s | app       | Exited(143) |
    And the third pod of replica set "web" is Running within 30s
    And the first pod of replica set "web" is Running
    When 5 seconds pass
    And the eviction of pod 1 of replica set "web" is requested
    Then the first pod of replica set "web" receives SIGTERM at 0s
    And the second pod of replica set "web" receives SIGTERM before the first pod of replica set "web"
    And the fourth pod of replica set "web" is Running within 30s
    And an event "Killing" is recorded for the first pod of replica set "web"
