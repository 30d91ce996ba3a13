@language
Feature: The phrases an eleventh trial's first drafts reach for
  Issue 38's eleventh held-out set (first drafts written from the README
  and the language reference alone): a Job's pod by its order as the
  subject of a pod's phrases, a pod's condition by a deadline, an init
  container that runs forever, an image tag that does not exist, a
  container never OOMKilled, and a Job with no active pods.

  @behavior:job-backoff-limit
  Scenario: A Job's first pod by its order: its restarts, its phase and its condition
    Given a job "migrate":
      """yaml
      spec:
        backoffLimit: 0
      """
    And container "app" of job "migrate" runs to completion after 3s
    When the job "migrate" is created
    Then the job "migrate" has 1 active pod within 30s
    And the first pod of job "migrate" is Running within 30s
    And the first pod of job "migrate" has 0 restarts
    And the first pod of job "migrate" shows 0 restarts
    And the first pod of job "migrate" has condition "Ready" "True" within 30s
    And the job "migrate" has no active pods within 1m
    And the job "migrate" has no failed pods
    And the first pod of job "migrate" has phase "Succeeded" within 1m
    And container "app" of the first pod of job "migrate" is not OOMKilled

  @behavior:crashloop-backoff
  Scenario: A Job's crashing pod restarted in place shows its restarts, and was never OOMKilled
    Given a job "migrate":
      """yaml
      spec:
        backoffLimit: 3
        template:
          spec:
            restartPolicy: OnFailure
            containers:
            - name: app
      """
    And container "app" of job "migrate" exits with code 1 after 1s
    When the job "migrate" is created
    Then the first pod of job "migrate" shows 2 restarts within 1m
    And container "app" of the first pod of job "migrate" was never OOMKilled

  @behavior:init-sequential
  Scenario: A pod's conditions by a deadline, at a time and in a window
    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: wait-for-db
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 2
      """
    And init container "wait-for-db" runs to completion after 2.5s
    And container "app" becomes ready after 5s
    When the pod "web" is created
    Then the pod "web" has condition "PodScheduled" "True" at 0s
    And the pod "web" has condition "Ready" "False" with reason "ContainersNotReady" within 5s
    And the pod "web" has condition "Initialized" "True" within 10s
    And the pod "web" has condition "Initialized" "True" between 2s and 3s
    And the pod "web" has condition "ContainersReady" "True" within 30s

  @behavior:init-sequential
  Scenario: An init container that runs forever keeps the pod initializing until it is deleted
    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: wait-for-db
        containers:
        - name: app
      """
    And init container "wait-for-db" runs forever
    When the pod "web" is created
    Then the pod "web" shows status "Init:0/1" within 10s
    And the pod "web" has condition "Initialized" "False" with reason "ContainersNotInitialized" within 10s
    When 10s pass
    Then the pod "web" shows status "Init:0/1"
    When the pod "web" is deleted
    Then the pod "web" is gone within 40s
    And container "app" never starts
    And init container "wait-for-db" is never OOMKilled

  @behavior:image-pull-backoff
  Scenario: An image tag that does not exist cannot be pulled
    Given a pod "web"
    And the image tag of container "app" does not exist
    When the pod "web" is created
    Then the pod "web" shows status "ErrImagePull" within 10s
    And the pod "web" shows status "ImagePullBackOff" within 30s
    And the pod "web" phase is "Pending"

  @behavior:deployment-rolling-fenceposts
  Scenario: A Deployment's first pod by its order: its readiness, its restarts and its condition
    Given a deployment "api" of 2 pods
    When the deployment "api" is scaled to 3 replicas
    Then the rollout of deployment "api" completes within 1m
    And the first pod of deployment "api" is Ready
    And the first pod of deployment "api" has 0 restarts
    And the third pod of deployment "api" has condition "ContainersReady" "True" within 1m
