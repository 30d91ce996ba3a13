# want: quantity.feature:12: bad quantity "64furlongs"
Feature: a bad quantity

  Scenario: memory in furlongs
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            limits:
              memory: 64furlongs
      """
