# want: reclaim.feature:6: eviction minimum reclaim "memory.available=-500Mi": negative eviction minimum reclaim specified for memory.available
# want: reclaim.feature:10: eviction minimum reclaim "memory.available<500Mi": malformed pair, expect signal=value
Feature: eviction minimum reclaims the kubelet would refuse

  Scenario: a negative amount
    Given the kubelet eviction minimum reclaim is "memory.available=-500Mi"
    And a pod "web"

  Scenario: a threshold's syntax
    Given the kubelet eviction minimum reclaim is "memory.available<500Mi"
    And a pod "web"
