# want: layer.feature:7: quantity -300Mi is negative
# want: layer.feature:11: duration -5s is negative
Feature: writes to a writable layer, written wrong

  Scenario: a negative amount
    Given a pod "web"
    And container "app" writes -300Mi to its writable layer after 5s

  Scenario: a negative time
    Given a pod "web"
    And container "app" writes 300Mi to its writable layer after -5s
