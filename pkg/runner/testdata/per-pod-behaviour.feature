Feature: a behaviour of one pod of a workload

  Scenario: only the second pod's probe fails
    Given a deployment "api" of 2 pods
    And container "app" of the second pod of deployment "api" fails its readiness probe after 5s
    When 10s pass
    Then container "app" of the second pod of deployment "api" gets SIGTERM within 5s
