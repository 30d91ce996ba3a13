# want: budget.feature:8: minAvailable -1 is negative
# want: budget.feature:15: pod disruption budget "web" is deleted at line 14
Feature: changes to a budget that cannot be made

  Scenario: a negative minAvailable
    Given a replica set "web" of 2 pods
    And a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"
    When the pod disruption budget "web" is changed to minAvailable -1

  Scenario: a change after the budget is deleted
    Given a replica set "web" of 2 pods
    And a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"
    When 5 seconds pass
    And the pod disruption budget "web" is deleted
    And the pod disruption budget "web" is changed to maxUnavailable 1
