# want: rsorder.feature:8: replica set "nope" is not declared
# want: rsorder.feature:9: pod "second pod of replica set web" has no container "sidecar" (it has [app])
# want: rsorder.feature:10: "zeroth" is not an ordinal: first, second, third … tenth, or 1st, 2nd, 3rd, 11th
Feature: a replica set's pods by their order, named wrong

  Scenario: an undeclared replica set, a container its pods lack, a bad ordinal
    Given a replica set "web" of 2 pods
    Then the first pod of replica set "nope" is Running
    And container "sidecar" of the second pod of replica set "web" receives SIGTERM
    And the zeroth pod of replica set "web" is Running
