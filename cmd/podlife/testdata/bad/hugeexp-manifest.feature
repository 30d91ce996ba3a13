# want: hugeexp-manifest.feature:12: quantity "1e7203685477": exponent 7203685477 is out of range
Feature: a quantity with a huge exponent in a manifest

  Scenario: memory that would hang the quantity parser
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            limits:
              memory: 1e7203685477
      """
