package sim

import (
	"fmt"
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/podlife/podlife/pkg/kubelet/periods"
)

// DefaultTerminationGracePeriodSeconds is v1.DefaultTerminationGracePeriodSeconds.
const DefaultTerminationGracePeriodSeconds = 30

// DefaultTolerationSeconds is the value the DefaultTolerationSeconds
// admission plugin gives the not-ready and unreachable tolerations
// (plugin/pkg/admission/defaulttolerationseconds).
const DefaultTolerationSeconds = 300

// builtinPriorityClasses are the classes the API server creates at start
// (pkg/registry/scheduling/rest/storage_scheduling.go, SystemPriorityClasses).
func builtinPriorityClasses() []*schedulingv1.PriorityClass {
	return []*schedulingv1.PriorityClass{
		{ObjectMeta: metav1.ObjectMeta{Name: "system-node-critical"}, Value: SystemCriticalPriority + 1000,
			Description: "Used for system critical pods that must not be moved from their current node."},
		{ObjectMeta: metav1.ObjectMeta{Name: "system-cluster-critical"}, Value: SystemCriticalPriority,
			Description: "Used for system critical pods that must run in the cluster, but can be moved to another node if necessary."},
	}
}

// defaultTolerations is what admitDefaultTolerationSeconds gives a pod
// without tolerations, for an API server to share.
func defaultTolerations() []corev1.Toleration {
	secs := new(int64(DefaultTolerationSeconds))
	return slices.Clip([]corev1.Toleration{
		{Key: corev1.TaintNodeNotReady, Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoExecute, TolerationSeconds: secs},
		{Key: corev1.TaintNodeUnreachable, Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoExecute, TolerationSeconds: secs},
	})
}

// admitDefaultTolerationSeconds adds the not-ready and unreachable NoExecute
// tolerations with 300 s to a pod that does not have one for them already
// (plugin/pkg/admission/defaulttolerationseconds/admission.go, Admit; read
// at v1.36.3). A pod without tolerations of its own gets shared, the list
// every such pod gets (API objects are never modified in place; the list
// is full, so an append copies it).
func admitDefaultTolerationSeconds(p *corev1.Pod, shared []corev1.Toleration) {
	if len(p.Spec.Tolerations) == 0 {
		p.Spec.Tolerations = shared
		return
	}
	var notReady, unreachable bool
	for i := range p.Spec.Tolerations {
		t := &p.Spec.Tolerations[i]
		notReady = notReady || coversDefaultToleration(t, corev1.TaintNodeNotReady)
		unreachable = unreachable || coversDefaultToleration(t, corev1.TaintNodeUnreachable)
	}
	// Room for both, and one value for both to point at: API objects are
	// never modified in place.
	p.Spec.Tolerations = slices.Grow(p.Spec.Tolerations, 2)
	secs := new(int64(DefaultTolerationSeconds))
	if !notReady {
		p.Spec.Tolerations = append(p.Spec.Tolerations, corev1.Toleration{
			Key: corev1.TaintNodeNotReady, Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoExecute, TolerationSeconds: secs,
		})
	}
	if !unreachable {
		p.Spec.Tolerations = append(p.Spec.Tolerations, corev1.Toleration{
			Key: corev1.TaintNodeUnreachable, Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoExecute, TolerationSeconds: secs,
		})
	}
}

// coversDefaultToleration is Admit's test of "already tolerates" (v1.36.3):
// the toleration's key is the taint's or empty, and its effect NoExecute or
// empty. Operator, value and tolerationSeconds are not looked at, so this is
// not toleration semantics (Toleration.ToleratesTaint): a toleration
// `key: node.kubernetes.io/unreachable, operator: Equal, value: "x"` keeps
// the default away although it does not tolerate the controller's taint,
// whose value is empty, and the taint-eviction controller then deletes the
// pod at once.
func coversDefaultToleration(t *corev1.Toleration, key string) bool {
	return (t.Key == key || t.Key == "") && (t.Effect == corev1.TaintEffectNoExecute || t.Effect == "")
}

// setDefaultsPod applies the defaulting of pkg/apis/core/v1/defaults.go
// (SetDefaults_Pod, SetDefaults_PodSpec, SetDefaults_Container,
// SetDefaults_Probe) that the lifecycle depends on.
func setDefaultsPod(p *corev1.Pod) {
	s := &p.Spec
	if s.RestartPolicy == "" {
		s.RestartPolicy = corev1.RestartPolicyAlways
	}
	if s.TerminationGracePeriodSeconds == nil {
		g := int64(DefaultTerminationGracePeriodSeconds)
		s.TerminationGracePeriodSeconds = &g
	} else if *s.TerminationGracePeriodSeconds < 0 {
		// pkg/apis/core/v1/conversion.go: a negative value is coerced to 1
		// (and pkg/api/pod/warnings.go warns about it).
		g := int64(1)
		s.TerminationGracePeriodSeconds = &g
	}
	if s.DNSPolicy == "" {
		s.DNSPolicy = corev1.DNSClusterFirst
	}
	if s.SchedulerName == "" {
		s.SchedulerName = corev1.DefaultSchedulerName
	}
	for i := range s.InitContainers {
		setDefaultsContainer(&s.InitContainers[i])
	}
	for i := range s.Containers {
		setDefaultsContainer(&s.Containers[i])
	}
	defaultPodRequests(s)
	if s.HostNetwork {
		s.InitContainers = defaultHostNetworkPorts(s.InitContainers)
		s.Containers = defaultHostNetworkPorts(s.Containers)
	}
}

// defaultHostNetworkPorts is SetDefaults_Pod's defaultHostNetworkPorts
// (pkg/apis/core/v1/defaults.go, v1.36.3): in a hostNetwork pod a port
// without a hostPort takes its containerPort on the host. The list may be
// shared with pods that are not on the host's network (podcopy.go): one
// that needs the default is copied first.
func defaultHostNetworkPorts(list []corev1.Container) []corev1.Container {
	copied := false
	for i := range list {
		for j := range list[i].Ports {
			if list[i].Ports[j].HostPort != 0 {
				continue
			}
			if !copied {
				list, copied = copyContainers(list), true
			}
			list[i].Ports[j].HostPort = list[i].Ports[j].ContainerPort
		}
	}
	return list
}

// defaultPodRequests is defaultPodRequests (pkg/apis/core/v1/defaults.go,
// v1.36.3, after the containers' defaults, PodLevelResources beta and on
// from 1.34; before it the API server drops spec.resources): with
// pod-level limits set, a cpu or memory request the pod does not state
// defaults to the containers' aggregated request, and any request still
// missing to the pod-level limit. So limits alone make the requests equal
// to them, and the pod Guaranteed.
func defaultPodRequests(s *corev1.PodSpec) {
	r := s.Resources
	if r == nil || len(r.Limits) == 0 {
		return
	}
	reqs := r.Requests.DeepCopy()
	if reqs == nil {
		reqs = corev1.ResourceList{}
	}
	for n, q := range containerRequests(s) {
		if _, ok := reqs[n]; !ok && (n == corev1.ResourceCPU || n == corev1.ResourceMemory) {
			reqs[n] = q.DeepCopy()
		}
	}
	for n, q := range r.Limits {
		if _, ok := reqs[n]; !ok && podLevelResource(n) {
			reqs[n] = q.DeepCopy()
		}
	}
	if len(reqs) > 0 {
		r.Requests = reqs
	}
}

// podLevelResource is IsSupportedPodLevelResource: cpu, memory and huge
// pages.
func podLevelResource(n corev1.ResourceName) bool {
	return n == corev1.ResourceCPU || n == corev1.ResourceMemory || strings.HasPrefix(string(n), corev1.ResourceHugePagesPrefix)
}

func setDefaultsContainer(c *corev1.Container) {
	if c.ImagePullPolicy == "" {
		c.ImagePullPolicy = defaultPullPolicy(c.Image)
	}
	if c.TerminationMessagePath == "" {
		c.TerminationMessagePath = corev1.TerminationMessagePathDefault
	}
	if c.TerminationMessagePolicy == "" {
		c.TerminationMessagePolicy = corev1.TerminationMessageReadFile
	}
	// SetDefaults_Pod (zz_generated.defaults.go): a port's protocol is TCP.
	for j := range c.Ports {
		if c.Ports[j].Protocol == "" {
			c.Ports[j].Protocol = corev1.ProtocolTCP
		}
	}
	// SetDefaults_Pod: limits without requests become the requests.
	for name, q := range c.Resources.Limits {
		if _, ok := c.Resources.Requests[name]; !ok {
			if c.Resources.Requests == nil {
				c.Resources.Requests = corev1.ResourceList{}
			}
			c.Resources.Requests[name] = q.DeepCopy()
		}
	}
	for _, pr := range []*corev1.Probe{c.LivenessProbe, c.ReadinessProbe, c.StartupProbe} {
		setDefaultsProbe(pr)
	}
	if c.Lifecycle != nil {
		setDefaultsHandler(c.Lifecycle.PostStart)
		setDefaultsHandler(c.Lifecycle.PreStop)
	}
}

// setDefaultsProbe is SetDefaults_Probe: 1 s timeout, 10 s period,
// thresholds 1 and 3.
func setDefaultsProbe(pr *corev1.Probe) {
	if pr == nil {
		return
	}
	if pr.TimeoutSeconds == 0 {
		pr.TimeoutSeconds = 1
	}
	if pr.PeriodSeconds == 0 {
		pr.PeriodSeconds = periods.ProbePeriodSeconds
	}
	if pr.SuccessThreshold == 0 {
		pr.SuccessThreshold = 1
	}
	if pr.FailureThreshold == 0 {
		pr.FailureThreshold = 3
	}
	if pr.HTTPGet != nil {
		setDefaultsHTTPGet(pr.HTTPGet)
	}
}

func setDefaultsHandler(h *corev1.LifecycleHandler) {
	if h != nil && h.HTTPGet != nil {
		setDefaultsHTTPGet(h.HTTPGet)
	}
}

func setDefaultsHTTPGet(g *corev1.HTTPGetAction) {
	if g.Path == "" {
		g.Path = "/"
	}
	if g.Scheme == "" {
		g.Scheme = corev1.URISchemeHTTP
	}
}

// defaultPullPolicy is SetDefaults_Container's rule: Always for a :latest
// tag or no tag and no digest, IfNotPresent otherwise.
func defaultPullPolicy(image string) corev1.PullPolicy {
	ref := image
	if i := strings.LastIndex(ref, "/"); i >= 0 {
		ref = ref[i+1:]
	}
	if strings.Contains(ref, "@") {
		return corev1.PullIfNotPresent
	}
	if _, tag, ok := strings.Cut(ref, ":"); !ok || tag == "latest" {
		return corev1.PullAlways
	}
	return corev1.PullIfNotPresent
}

// validatePod checks what pkg/apis/core/validation (ValidatePodCreate,
// ValidatePodSpec and the container, probe and handler validators) rejects
// among the fields the lifecycle reads.
func validatePod(p *corev1.Pod) field.ErrorList {
	var errs field.ErrorList
	// Paths are made for the errors that name them only: a valid pod
	// (nearly every one) needs none.
	spec := func() *field.Path { return field.NewPath("spec") }
	if p.Name == "" {
		errs = append(errs, field.Required(field.NewPath("metadata", "name"), "name or generateName is required"))
	}
	errs = append(errs, validateFinalizers(p)...) // finalizers.go
	if len(p.Spec.Containers) == 0 {
		errs = append(errs, field.Required(spec().Child("containers"), ""))
	}
	switch p.Spec.RestartPolicy {
	case corev1.RestartPolicyAlways, corev1.RestartPolicyOnFailure, corev1.RestartPolicyNever:
	default:
		errs = append(errs, field.NotSupported(spec().Child("restartPolicy"), p.Spec.RestartPolicy, []string{"Always", "OnFailure", "Never"}))
	}
	if d := p.Spec.ActiveDeadlineSeconds; d != nil && *d <= 0 {
		errs = append(errs, fieldErr(spec().Child("activeDeadlineSeconds"), *d, "must be between 1 and 2147483647, inclusive"))
	}
	grace := *p.Spec.TerminationGracePeriodSeconds
	names := sets.New[string]()
	for i := range p.Spec.InitContainers {
		c := &p.Spec.InitContainers[i]
		path := func() *field.Path { return spec().Child("initContainers").Index(i) }
		errs = append(errs, validateContainer(c, path, names, grace)...)
		// validateInitContainers: init containers run one by one, so each
		// is checked for host port conflicts alone (and named as the
		// list's first, as upstream's call does).
		errs = append(errs, checkHostPortConflicts(p.Spec.InitContainers[i:i+1], func() *field.Path { return spec().Child("initContainers") })...)
		sidecar := c.RestartPolicy != nil && *c.RestartPolicy == corev1.ContainerRestartPolicyAlways
		if !sidecar {
			// validateInitContainers: probes and hooks belong to sidecars only.
			if c.Lifecycle != nil {
				errs = append(errs, field.Forbidden(path().Child("lifecycle"), "may not be set for init containers without restartPolicy=Always"))
			}
			for _, pr := range probesOf(c) {
				errs = append(errs, field.Forbidden(path().Child(pr.field), "may not be set for init containers without restartPolicy=Always"))
			}
		}
	}
	for i := range p.Spec.Containers {
		c := &p.Spec.Containers[i]
		path := func() *field.Path { return spec().Child("containers").Index(i) }
		errs = append(errs, validateContainer(c, path, names, grace)...)
	}
	// validateContainers: host port conflicts across the containers.
	errs = append(errs, checkHostPortConflicts(p.Spec.Containers, func() *field.Path { return spec().Child("containers") })...)
	if p.Spec.HostNetwork {
		// validatePodHostNetworkDeps: in a Pod on the host's network a
		// container's hostPort is its containerPort.
		for i := range p.Spec.Containers {
			for j, cp := range p.Spec.Containers[i].Ports {
				if cp.HostPort != cp.ContainerPort {
					errs = append(errs, fieldErr(spec().Child("containers").Index(i).Child("ports").Index(j).Child("hostPort"), cp.HostPort, "must match `containerPort` when `hostNetwork` is true"))
				}
			}
		}
	}
	for i, t := range p.Spec.Tolerations {
		// validateTolerations: only a NoExecute toleration has seconds.
		if t.TolerationSeconds != nil && t.Effect != corev1.TaintEffectNoExecute {
			errs = append(errs, fieldErr(spec().Child("tolerations").Index(i).Child("effect"), string(t.Effect), "effect must be 'NoExecute' when `tolerationSeconds` is set"))
		}
	}
	return errs
}

// validateContainer checks a container; path makes its field path.
func validateContainer(c *corev1.Container, path func() *field.Path, names sets.Set[string], grace int64) field.ErrorList {
	var errs field.ErrorList
	if c.Name == "" {
		errs = append(errs, field.Required(path().Child("name"), ""))
	} else {
		for _, msg := range validation.IsDNS1123Label(c.Name) {
			errs = append(errs, fieldErr(path().Child("name"), c.Name, msg))
		}
		if names.Has(c.Name) {
			errs = append(errs, field.Duplicate(path().Child("name"), c.Name))
		}
		names.Insert(c.Name)
	}
	if c.Image == "" {
		errs = append(errs, field.Required(path().Child("image"), ""))
	}
	if rp := c.RestartPolicy; rp != nil {
		switch *rp {
		case corev1.ContainerRestartPolicyAlways, corev1.ContainerRestartPolicyOnFailure, corev1.ContainerRestartPolicyNever:
		default:
			errs = append(errs, field.NotSupported(path().Child("restartPolicy"), *rp, []string{"Always", "OnFailure", "Never"}))
		}
	} else if len(c.RestartPolicyRules) > 0 {
		// validateContainerRestartPolicy (pkg/apis/core/validation).
		errs = append(errs, field.Required(path().Child("restartPolicy"), "must specify restartPolicy when restart rules are used"))
	}
	for name, limit := range c.Resources.Limits {
		if req, ok := c.Resources.Requests[name]; ok && req.Cmp(limit) > 0 {
			errs = append(errs, fieldErr(path().Child("resources", "requests").Key(string(name)), req.String(), fmt.Sprintf("must be less than or equal to %s limit of %s", name, limit.String())))
		}
	}
	errs = append(errs, validateContainerPorts(c.Ports, path)...)
	errs = append(errs, validateProbe(c.LivenessProbe, path, "livenessProbe", true)...)
	errs = append(errs, validateProbe(c.StartupProbe, path, "startupProbe", true)...)
	errs = append(errs, validateProbe(c.ReadinessProbe, path, "readinessProbe", false)...)
	if pr := c.ReadinessProbe; pr != nil && pr.TerminationGracePeriodSeconds != nil {
		errs = append(errs, field.Invalid(path().Child("readinessProbe", "terminationGracePeriodSeconds"), *pr.TerminationGracePeriodSeconds, "must not be set for readinessProbes"))
	}
	if lc := c.Lifecycle; lc != nil {
		errs = append(errs, validateHandler(lc.PostStart, path, "postStart", grace)...)
		errs = append(errs, validateHandler(lc.PreStop, path, "preStop", grace)...)
	}
	return errs
}

// validateContainerPorts is validateContainerPorts (pkg/apis/core/
// validation/validation.go, v1.36.3): a valid name unique in the
// container, a containerPort (1-65535), a hostPort 0 or 1-65535, a
// protocol of TCP, UDP or SCTP.
func validateContainerPorts(ports []corev1.ContainerPort, container func() *field.Path) field.ErrorList {
	var errs field.ErrorList
	names := sets.New[string]()
	for i, port := range ports {
		path := func() *field.Path { return container().Child("ports").Index(i) }
		if port.Name != "" {
			if msgs := validation.IsValidPortName(port.Name); len(msgs) > 0 {
				for _, msg := range msgs {
					errs = append(errs, fieldErr(path().Child("name"), port.Name, msg))
				}
			} else if names.Has(port.Name) {
				errs = append(errs, field.Duplicate(path().Child("name"), port.Name))
			} else {
				names.Insert(port.Name)
			}
		}
		if port.ContainerPort == 0 {
			errs = append(errs, field.Required(path().Child("containerPort"), ""))
		} else {
			for _, msg := range validation.IsValidPortNum(int(port.ContainerPort)) {
				errs = append(errs, fieldErr(path().Child("containerPort"), port.ContainerPort, msg))
			}
		}
		if port.HostPort != 0 {
			for _, msg := range validation.IsValidPortNum(int(port.HostPort)) {
				errs = append(errs, fieldErr(path().Child("hostPort"), port.HostPort, msg))
			}
		}
		switch port.Protocol {
		case "":
			errs = append(errs, field.Required(path().Child("protocol"), ""))
		case corev1.ProtocolTCP, corev1.ProtocolUDP, corev1.ProtocolSCTP:
		default:
			errs = append(errs, field.NotSupported(path().Child("protocol"), port.Protocol, []string{"SCTP", "TCP", "UDP"}))
		}
	}
	return errs
}

// checkHostPortConflicts is checkHostPortConflicts
// (AccumulateUniqueHostPorts): one hostPort of a protocol and hostIP,
// as written (an empty hostIP is not 0.0.0.0 here), at most once among
// the containers. list makes the containers' list's path.
func checkHostPortConflicts(containers []corev1.Container, list func() *field.Path) field.ErrorList {
	var errs field.ErrorList
	var seen sets.Set[string]
	for ci := range containers {
		for pi, cp := range containers[ci].Ports {
			if cp.HostPort == 0 {
				continue
			}
			if seen == nil {
				seen = sets.New[string]()
			}
			key := fmt.Sprintf("%s/%s/%d", cp.Protocol, cp.HostIP, cp.HostPort)
			if seen.Has(key) {
				errs = append(errs, field.Duplicate(list().Index(ci).Child("ports").Index(pi).Child("hostPort"), key))
			}
			seen.Insert(key)
		}
	}
	return errs
}

// validateProbe mirrors validateProbe/validateLivenessProbe: non-negative
// fields, exactly one handler, successThreshold 1 for liveness and startup,
// a probe-level grace period above 0. The probe is the container's field
// of that name.
func validateProbe(pr *corev1.Probe, container func() *field.Path, name string, mustSucceedOnce bool) field.ErrorList {
	if pr == nil {
		return nil
	}
	path := func() *field.Path { return container().Child(name) }
	var errs field.ErrorList
	for _, f := range []struct {
		name string
		v    int32
	}{{"initialDelaySeconds", pr.InitialDelaySeconds}, {"timeoutSeconds", pr.TimeoutSeconds}, {"periodSeconds", pr.PeriodSeconds},
		{"successThreshold", pr.SuccessThreshold}, {"failureThreshold", pr.FailureThreshold}} {
		if f.v < 0 {
			errs = append(errs, fieldErr(path().Child(f.name), f.v, "must be greater than or equal to 0"))
		}
	}
	if mustSucceedOnce && pr.SuccessThreshold != 1 {
		errs = append(errs, fieldErr(path().Child("successThreshold"), pr.SuccessThreshold, "must be 1"))
	}
	if g := pr.TerminationGracePeriodSeconds; g != nil && *g <= 0 {
		errs = append(errs, fieldErr(path().Child("terminationGracePeriodSeconds"), *g, "must be greater than 0"))
	}
	n := 0
	for _, set := range []bool{pr.Exec != nil, pr.HTTPGet != nil, pr.TCPSocket != nil, pr.GRPC != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		errs = append(errs, field.Required(path(), "must specify exactly one handler type (exec, httpGet, tcpSocket or grpc)"))
	}
	return errs
}

// validateHandler mirrors validateLifecycleHandler, with the sleep action's
// bound (validateSleepAction, zero allowed since 1.34). The handler is
// the container's lifecycle.<name>.
func validateHandler(h *corev1.LifecycleHandler, container func() *field.Path, name string, grace int64) field.ErrorList {
	if h == nil {
		return nil
	}
	path := func() *field.Path { return container().Child("lifecycle", name) }
	var errs field.ErrorList
	n := 0
	for _, set := range []bool{h.Exec != nil, h.HTTPGet != nil, h.TCPSocket != nil, h.Sleep != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		errs = append(errs, field.Required(path(), "must specify exactly one handler type (exec, httpGet or sleep)"))
	}
	if h.Exec != nil && len(h.Exec.Command) == 0 {
		errs = append(errs, field.Required(path().Child("exec", "command"), ""))
	}
	if h.Sleep != nil && (h.Sleep.Seconds < 0 || h.Sleep.Seconds > grace) {
		errs = append(errs, fieldErr(path().Child("sleep", "seconds"), h.Sleep.Seconds,
			fmt.Sprintf("must be non-negative and less than terminationGracePeriodSeconds (%d)", grace)))
	}
	return errs
}

// namedProbe is a container's probe with its field name.
type namedProbe struct {
	field string
	probe *corev1.Probe
}

// probesOf lists a container's probes in a fixed order.
func probesOf(c *corev1.Container) []namedProbe {
	return probesIn(c, &[3]namedProbe{})
}

// probesIn is probesOf in buf: a caller that checks every pod's
// containers keeps the list on its stack.
func probesIn(c *corev1.Container, buf *[3]namedProbe) []namedProbe {
	out := buf[:0]
	for _, p := range [...]namedProbe{{"startupProbe", c.StartupProbe}, {"livenessProbe", c.LivenessProbe}, {"readinessProbe", c.ReadinessProbe}} {
		if p.probe != nil {
			out = append(out, p)
		}
	}
	return out
}

// dropContainerRestartRules is what the API server does to a new pod
// while the ContainerRestartRules gate is off (alpha and off in 1.34,
// beta and on from 1.35): a regular container's restartPolicy and rules
// and an init container's policy other than Always are dropped
// (pkg/api/pod/util.go, dropDisabledFields and dropContainerRestartRules).
// dropSidecarRestartPolicy is what an API server without sidecars does
// with an init container's restartPolicy: before 1.28 the field is unknown
// and dropped as the pod is decoded (a warning, as fieldValidation Warn
// gives); in 1.28, with SidecarContainers off by default, dropDisabledFields
// (pkg/api/pod/util.go, v1.28.15) drops it. The sidecar is then a regular
// init container, which must exit before the next one starts.
func dropSidecarRestartPolicy(spec *corev1.PodSpec) {
	for i := range spec.InitContainers {
		spec.InitContainers[i].RestartPolicy = nil
	}
}

func dropContainerRestartRules(spec *corev1.PodSpec) {
	for i, c := range spec.InitContainers {
		if c.RestartPolicy != nil && *c.RestartPolicy != corev1.ContainerRestartPolicyAlways {
			spec.InitContainers[i].RestartPolicy = nil
		}
		spec.InitContainers[i].RestartPolicyRules = nil
	}
	for i := range spec.Containers {
		spec.Containers[i].RestartPolicy = nil
		spec.Containers[i].RestartPolicyRules = nil
	}
}

// fieldErr is a short helper for validation errors.
func fieldErr(path *field.Path, value any, msg string) *field.Error {
	return field.Invalid(path, value, msg)
}
