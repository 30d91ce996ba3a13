# want: shutdown.feature:9: the kubelet's shutdownGracePeriodCriticalPods 30s must be <= shutdownGracePeriod 10s (the kubelet's validation)
# want: shutdown.feature:13: the kubelet's shutdownGracePeriod must be either zero or otherwise >= 1 sec (the kubelet's validation): 500ms
# want: shutdown.feature:18: the kubelet's shutdownGracePeriod is declared twice
# want: shutdown.feature:23: the kubelet's shutdownGracePeriodCriticalPods 10s must be <= shutdownGracePeriod 5s (the kubelet's validation)
@needs:node-shutdown
Feature: shutdown grace periods the kubelet would refuse

  Scenario: more for the critical pods than in all
    Given the kubelet shutdown grace period is 10s with 30s for critical pods
    And a pod "web"

  Scenario: less than a second
    Given the kubelet's shutdownGracePeriod is 500ms
    And a pod "web"

  Scenario: declared twice
    Given the kubelet's shutdownGracePeriod is 30s
    And the kubelet's shutdownGracePeriod is 30s
    And a pod "web"

  Scenario: the critical pods' part first, then a whole that is less
    Given the kubelet's shutdownGracePeriodCriticalPods is 10s
    And the kubelet's shutdownGracePeriod is 5s
    And a pod "web"
