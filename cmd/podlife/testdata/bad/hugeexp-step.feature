# want: hugeexp-step.feature:5: quantity "9223E7203685477": exponent 7203685477 is out of range
Feature: a quantity with a huge exponent in a step

  Scenario: a node whose memory would hang the quantity parser
    Given a node "worker-1" with 4 CPU, 9223E7203685477 memory and 110 pods
