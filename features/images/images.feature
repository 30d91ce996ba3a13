@images
Feature: Image pulls and their back-off
  A present image is used unless the pull policy is Always. A pull that
  fails is ErrImagePull and starts a back-off of its own (10 s doubling to
  300 s, per pod and image), shown as ImagePullBackOff; the pod stays
  Pending. Policy Never without the image is ErrImageNeverPull; a name
  that does not parse is InvalidImageName (lifecycle-facts §13).

  @behavior:image-present @seed:000
  Scenario: A present image with IfNotPresent is not pulled again
    Given a pod "web"
    When the pod "web" is created
    Then an event "Pulled" with message containing "already present on machine" is recorded for container "app" of pod "web"
    And no event "Pulling" is recorded

  @behavior:image-pull-always
  Scenario: imagePullPolicy Always asks the registry at every container start
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          image: registry.example/tools:v1
          imagePullPolicy: Always
          command: ["sleep", "3600"]
        - name: helper
          image: registry.example/tools:v1
          imagePullPolicy: Always
          command: ["sleep", "3600"]
      """
    When the pod "web" is created
    Then an event "Pulling" is recorded for container "app" of pod "web" 1 time
    And an event "Pulling" is recorded for container "helper" of pod "web" 1 time
    And an event "Pulled" with message containing "Successfully pulled image" is recorded for container "helper" of pod "web"

  @behavior:image-pull-backoff @seed:001 @upstream:image-pull-invalid-registry
  Scenario: An image that cannot be pulled: ErrImagePull, then ImagePullBackOff, and the pod stays Pending
    e2e: Container Runtime, when running a container with a new image, should
    not be able to pull image from invalid registry. The first back-off shows
    when the pod worker comes back, 10 to 15 s later.

    Given a pod "web"
    And the image of container "app" cannot be pulled
    When the pod "web" is created
    Then the pod "web" shows status "ErrImagePull" within 1s
    And the pod "web" shows status "ImagePullBackOff" within 20s
    And the pod "web" phase is "Pending"
    And the pod "web" shows ready "0/1"
    And an event "Failed" with message containing "Error: ErrImagePull" is recorded for container "app" of pod "web"
    And an event "BackOff" with message containing "Back-off pulling image" is recorded for container "app" of pod "web"

  @behavior:image-never-pull
  Scenario: Pull policy Never and no image on the node: ErrImageNeverPull
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          image: registry.example/app:v2
          imagePullPolicy: Never
          command: ["sleep", "3600"]
      """
    When the pod "web" is created
    Then the pod "web" shows status "ErrImageNeverPull" within 1s
    And an event "ErrImageNeverPull" with message containing "is not present with pull policy of Never" is recorded for pod "web"
    And no event "Pulling" is recorded

  @behavior:image-invalid-name @seed:001
  Scenario: An image name that does not parse: InvalidImageName, no back-off
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          image: "Registry.Example/App:v2"
          command: ["sleep", "3600"]
      """
    When the pod "web" is created
    Then the pod "web" shows status "InvalidImageName" within 1s
    And an event "InspectFailed" is recorded for container "app" of pod "web"
    And no event "Pulling" is recorded

  @behavior:image-default-policy
  Scenario: An image without a tag is pulled at every start (policy Always by default)
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          image: registry.example/tools
          command: ["sleep", "3600"]
      """
    When the pod "web" is created
    Then an event "Pulling" is recorded for container "app" of pod "web" 1 time
    And the pod "web" is Running within 0s
