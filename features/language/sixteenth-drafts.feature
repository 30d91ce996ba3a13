@language
Feature: The phrases a sixteenth trial's first drafts reach for
  Issue 38's sixteenth held-out set (first drafts written from the
  README and the language reference alone): what a container prints to
  its log and writes to its termination log, and the message of its
  terminated state, which the kubelet takes from the file at
  terminationMessagePath, else, with terminationMessagePolicy
  FallbackToLogsOnError and an exit with an error, from the log's tail.
  On a cluster the log also holds the agent's own lines: a message from
  the log is said with `contains`.

  @behavior:termination-message-fallback-to-logs
  Scenario: A container that fails without a termination message is known by its log's tail
    Given a pod "web":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
          terminationMessagePolicy: FallbackToLogsOnError
      """
    And container "app" exits with code 1 after 2s
    And container "app" logs "connection refused: db:5432"
    When the pod "web" is created
    Then the termination message of container "app" contains "connection refused: db:5432"
    And container "app" terminated with message containing "connection refused"
    And container "app" exits with code 1

  @behavior:termination-message-fallback-to-logs
  Scenario: A container that succeeds has no message from its log
    Given a pod "web":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
          terminationMessagePolicy: FallbackToLogsOnError
      """
    And container "app" runs to completion after 2s
    And container "app" prints "connection refused: db:5432"
    When the pod "web" is created
    Then the termination message of container "app" is empty
    And container "app" exits with code 0

  @behavior:termination-message-from-file
  Scenario: The termination log wins over the log's tail
    Given a pod "web":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
          terminationMessagePolicy: FallbackToLogsOnError
      """
    And container "app" exits with code 1 after 2s
    And container "app" logs "connection refused: db:5432"
    And container "app" writes "schema version mismatch" to its termination log
    When the pod "web" is created
    Then the termination message of container "app" is "schema version mismatch"
    And container "app" terminated with message "schema version mismatch"

  @behavior:termination-message-fallback-to-logs
  Scenario: With the default policy (File) the log is never the message
    Given a pod "web":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" exits with code 1 after 2s
    And container "app" logs "connection refused: db:5432"
    When the pod "web" is created
    Then the termination message of container "app" is not set
    And container "app" has no termination message
    And container "app" exits with code 1

  @behavior:termination-message-from-file
  Scenario: A message written to another file than terminationMessagePath is not read
    Given a pod "web":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
          terminationMessagePath: /tmp/termination-log
      """
    And container "app" exits with code 1 after 2s
    And container "app" writes "schema version mismatch" to /dev/termination-log
    When the pod "web" is created
    Then the termination message of container "app" is empty
