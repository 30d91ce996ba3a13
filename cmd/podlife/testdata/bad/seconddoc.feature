# want: seconddoc.feature:10: a second YAML document (after ---)
Feature: two pods in one doc string

  Scenario: the second document would be dropped
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
      ---
      spec:
        containers:
        - name: db
      """
