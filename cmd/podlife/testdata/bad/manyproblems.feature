# want: manyproblems.feature:13: unknown field "spec.containers[0].colour"
# want: manyproblems.feature:16: quantity "1e999999": exponent 999999 is out of range
# want: manyproblems.feature:17: bad quantity "2cores"
# want: manyproblems.feature:18: unknown field "spec.containers[0].shape"
Feature: every problem of a manifest at once

  Scenario: four problems in one pod
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          colour: blue
          resources:
            limits:
              memory: 1e999999
              cpu: 2cores
          shape: round
      """
    When the pod "web" is deleted
    Then container "app" receives SIGTERM
