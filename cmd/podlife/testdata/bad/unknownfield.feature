# want: unknownfield.feature:10: unknown field "spec.containers[0].imagePullPolicyy"
Feature: an unknown field

  Scenario: a misspelt field
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          imagePullPolicyy: Always
      """
