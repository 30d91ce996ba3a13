# want: overflow.feature:5: quantity 99999999999999999999Gi is out of range: at most 8Pi
Feature: a quantity past int64

  Scenario: a node with more memory than the kubelet can count
    Given a node "worker-1" with 4 CPU, 99999999999999999999Gi memory and 110 pods
