# want: kubelet.feature:5: tag @kubelet:1.99: Kubernetes has no release 1.99
Feature: an unknown kubelet version

  @kubelet:1.99
  Scenario: a kubelet from the future
    Given a pod "web"
