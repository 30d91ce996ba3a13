# want: notapod.feature:7: kind "Deployment" is not a Pod
Feature: YAML that is not a Pod

  Scenario: a Deployment
    Given a pod "web":
      """yaml
      kind: Deployment
      spec:
        replicas: 2
      """
    When the pod "web" is deleted
