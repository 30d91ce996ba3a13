Feature: a count written in quotes

  Scenario: the RESTARTS column with its count quoted
    Given a pod "worker"
    When the pod "worker" is created
    Then the pod "worker" shows RESTARTS "1" within 35s
