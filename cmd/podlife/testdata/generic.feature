Feature: Generic processes for images the simulator does not know
  dsl.md, "Phrases people write": a container with an image the simulator
  does not know and no command it understands runs on the simulator as a
  generic process. It starts at once, runs until signalled and exits with
  143 on SIGTERM, unless behaviour steps say otherwise. An exec probe or
  hook whose command the simulator does not understand succeeds at once.
  `podlife lint` notes each assumption. On a cluster the image runs as
  written; a behaviour step on an image container skips the scenario there.

  Scenario: An nginx pod with an exec readiness probe and a preStop hook is deleted
    Given a pod "web":
      """yaml
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
        labels:
          app: web
      spec:
        terminationGracePeriodSeconds: 30
        containers:
        - name: nginx
          image: nginx:1.27
          ports:
          - containerPort: 80
          readinessProbe:
            exec:
              command: ["cat", "/tmp/healthy"]
            periodSeconds: 5
          lifecycle:
            preStop:
              exec:
                command: ["nginx", "-s", "quit"]
          resources:
            requests:
              cpu: 100m
              memory: 64Mi
      """
    When the pod "web" is created
    Then the pod "web" is Running within 5s
    And the pod "web" is Ready within 5s
    When the pod "web" is deleted with grace period 10s
    Then container "nginx" runs its preStop hook at 0s
    And the preStop hook of container "nginx" finishes at 0s
    And container "nginx" receives SIGTERM at 0s
    And container "nginx" exits at 0s with code 143
    And container "nginx" never receives SIGKILL
    And the pod "web" is gone within 5s

  Scenario: Behaviour steps shape an image container on the simulator
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          resources:
            limits:
              memory: 512Mi
      """
    And container "nginx" of pod "web" exits with code 0 on SIGTERM after 2s
    When the pod "web" becomes Running
    And the pod "web" is deleted
    Then container "nginx" receives SIGTERM at 0s
    And container "nginx" exits at 2s with code 0
    And the pod "web" is gone within 3s

  Scenario: An image container uses more memory than its limit
    Given a pod "web":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: nginx
          image: nginx:1.27
          resources:
            limits:
              memory: 512Mi
      """
    And container "nginx" of pod "web" uses 900Mi of memory after 10s
    When the pod "web" is created
    Then the pod "web" phase is "Failed" within 15s
    And container "nginx" of pod "web" terminated with reason "OOMKilled" and exit code 137
    And container "nginx" exits at 10s with code 137

  Scenario: A sleep command keeps its meaning under a behaviour step
    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
          image: busybox:1.36
          command: ["sleep", "20"]
      """
    And container "app" of pod "job" takes 4s to exit after SIGTERM
    When the pod "job" is created
    Then the pod "job" phase is "Succeeded" within 21s
    And container "app" exits at 20s with code 0
