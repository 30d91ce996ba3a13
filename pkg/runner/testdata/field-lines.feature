Feature: lines
  Scenario: validation at the field
    Given a pod "web" with terminationGracePeriodSeconds 10:
      """yaml
      spec:
        terminationGracePeriodSeconds: 20
        containers:
        - name: app
      """

  Scenario: agent command
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          command: ["sleep", "10"]
      """

  Scenario: probe
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            successThreshold: 0
        - name: b
          livenessProbe:
            exec:
              command: ["true"]
            successThreshold: 2
      """
