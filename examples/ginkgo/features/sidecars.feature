Feature: our batch pods' log shipper

  The log shipper runs as a sidecar (an init container with
  restartPolicy: Always): it must start before the job and stop after it,
  so that it ships the job's last lines.

  Scenario: the shipper starts first and stops last
    Given a pod "job" with terminationGracePeriodSeconds 10:
      """yaml
      spec:
        initContainers:
        - name: shipper
          restartPolicy: Always
        containers:
        - name: job
      """
    And container "shipper" of pod "job" takes 2s to exit after SIGTERM
    When the pod "job" is created
    Then the containers of pod "job" start in this order: "shipper", "job"
    When the pod "job" is deleted
    Then container "shipper" receives SIGTERM after container "job" has exited
    And the containers of pod "job" stop in this order: "job", "shipper"
    And the pod "job" is gone within 3s

  Scenario Outline: a job that fails is not restarted, whatever the shipper does
    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        initContainers:
        - name: shipper
          restartPolicy: Always
        containers:
        - name: job
      """
    And container "job" exits with code <code> after 5s
    When the pod "job" becomes Running
    Then container "shipper" receives SIGTERM within 10s
    And the pod "job" is <phase> within 10s
    And container "job" has restarted 0 times

    Examples:
      | code | phase     |
      | 0    | Succeeded |
      | 1    | Failed    |
