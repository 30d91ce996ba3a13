@language
Feature: The phrases a tenth trial's first drafts reach for
  Issue 38's ninth held-out set (first drafts written from the README and
  the language reference alone): a container not ready yet at a time, as
  the pod's `is not Ready after T` says it, kubectl's RESTARTS by a
  deadline, and a drain a budget holds.

  @behavior:readiness-initial-failure
  Scenario: A container whose readiness probe passes late is not ready before it
    Given a pod "legacy":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 2
      """
    And container "app" becomes ready after 12s
    When the pod "legacy" is created
    Then container "app" is not ready after 6s
    And container "app" is ready within 30s
    And container "app" is never restarted

  @behavior:crashloop-backoff
  Scenario: kubectl's RESTARTS column counts a crash loop's restarts by a deadline
    Given a pod "crasher" with restartPolicy Always
    And container "app" exits with code 1 after 1s
    When the pod "crasher" is created
    Then the pod "crasher" shows 2 restarts within 1m
    And kubectl shows the pod "crasher" as CrashLoopBackOff within 1m
