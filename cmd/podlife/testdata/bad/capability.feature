# want: capability.feature:5: tag @needs:time-travel: unknown capability "time-travel"
Feature: an unknown capability

  @needs:time-travel
  Scenario: a capability no driver has heard of
    Given a pod "web"
