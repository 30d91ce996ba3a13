Feature: three kinds of bad input

  Scenario: bad input
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          colour: blue
      """
    When the pod "web" is deleted with grace period 5x
    Then the pod "web" dances
