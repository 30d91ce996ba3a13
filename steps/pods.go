package steps

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cucumber/godog"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	utilerrors "k8s.io/apimachinery/pkg/util/errors"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/bounded"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/manifest"
)

// podDecl is a pod as the scenario declared it: agent containers have no
// image yet, and their behaviour is kept aside until the pod is created.
type podDecl struct {
	name    string
	pod     *corev1.Pod
	beh     map[string]*behavior.Behavior
	created bool
	static  bool
	// unpullable and cannotStart name containers shaped by "the image of
	// container … cannot be pulled" and "container … fails to start".
	unpullable  map[string]bool
	cannotStart map[string]bool
	// imageBeh is the behaviour behaviour steps gave image containers
	// (containers with their own image), sent as an annotation.
	imageBeh map[string]*behavior.Behavior
	// forever names the containers a step said run forever (runsForever):
	// no step may give them an exit of their own.
	forever map[string]bool
	// line is the line of the step that declared the pod.
	line int
}

// build is the pod sent to the driver.
func (p *podDecl) build() *corev1.Pod {
	out := p.pod.DeepCopy()
	fill := func(cs []corev1.Container) {
		for i := range cs {
			if b, ok := p.beh[cs[i].Name]; ok {
				cs[i].Image = behavior.Image
				cs[i].Args = b.Args()
			}
			if p.cannotStart[cs[i].Name] {
				cs[i].Command = []string{behavior.MissingBinary}
				cs[i].Args = nil
			}
			if p.unpullable[cs[i].Name] {
				cs[i].Image = unpullable(p.container(cs[i].Name).Image)
			}
		}
	}
	fill(out.Spec.InitContainers)
	fill(out.Spec.Containers)
	countStarts(out, p.beh)
	for name, b := range p.imageBeh {
		if out.Annotations == nil {
			out.Annotations = map[string]string{}
		}
		out.Annotations[behavior.Annotation(name)] = behavior.EncodeAnnotation(*b)
	}
	return out
}

// countStarts gives each agent container whose behaviour differs from
// one start to another a directory that outlives its restarts, where the
// agent counts its starts (behavior.AttemptsDir): a subPath of one
// emptyDir volume of the pod, named after the container.
func countStarts(pod *corev1.Pod, beh map[string]*behavior.Behavior) {
	added := false
	mount := func(cs []corev1.Container) {
		for i := range cs {
			if b, ok := beh[cs[i].Name]; !ok || len(b.Attempts) == 0 {
				continue
			}
			cs[i].VolumeMounts = append(cs[i].VolumeMounts, corev1.VolumeMount{Name: behavior.AttemptsVolume, MountPath: behavior.AttemptsDir, SubPath: cs[i].Name})
			if !added {
				added = true
				pod.Spec.Volumes = append(pod.Spec.Volumes, corev1.Volume{Name: behavior.AttemptsVolume,
					VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{}}})
			}
		}
	}
	mount(pod.Spec.InitContainers)
	mount(pod.Spec.Containers)
}

// container finds a container of the pod (init containers included).
func (p *podDecl) container(name string) *corev1.Container {
	for _, list := range [][]corev1.Container{p.pod.Spec.InitContainers, p.pod.Spec.Containers} {
		for i := range list {
			if list[i].Name == name {
				return &list[i]
			}
		}
	}
	return nil
}

var (
	// createOne is createOnePhrase, `the` left out or not (article.go).
	createOne = bareNounPhrase(Def{Pattern: regexp.MustCompile(createOnePhrase)}).Pattern
	createAll = regexp.MustCompile(`^the pods are created$`)
	// createSome names the pods it creates: `the pods "a" and "b" are
	// created`, `the pods "a", "b" and "c" are created`.
	createSome = regexp.MustCompile(`^the pods ("[^"]*"(?:, "[^"]*")* and "[^"]*") are created$`)
	// underPressure is the pressure action's phrase (nodes_actions.go),
	// for the plan's list of pressures to come, `the node` included.
	underPressure = theNodePhrase(Def{Pattern: regexp.MustCompile(pressurePhrase)}).Pattern
	// createDeclared is the action that declares its pod (actions.go).
	createDeclared = regexp.MustCompile(`^a pod "([^"]*)" is created(?: on node "[^"]*")?:?$`)
)

func podSteps() []Def {
	const f = "pods"
	return []Def{
		phrase(f, `^a pod "([^"]*)":$`, "Given a pod \"web\":\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) { return aPod{name: c[0], doc: doc}, nil })),
		phrase(f, `^a pod "([^"]*)" from "([^"]*)"$`, `Given a pod "web" from "testdata/web.yaml"`,
			s2(func(name, path string) Step { return aPod{name: name, file: &path} })),
		phrase(f, `^a pod "([^"]*)"$`, `Given a pod "web"`, s1(func(name string) Step { return aPod{name: name} })),
		phrase(f, `^a pod "([^"]*)" with terminationGracePeriodSeconds ([^\s:]+)$`, `Given a pod "web" with terminationGracePeriodSeconds 5`,
			s2(func(name string, g GraceSeconds) Step {
				return aPod{name: name, podFields: podFields{grace: podGracePtr(g)}}
			})),
		phrase(f, `^a pod "([^"]*)" with terminationGracePeriodSeconds (\S+):$`, "Given a pod \"web\" with terminationGracePeriodSeconds 5:\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) {
				g, err := slotValue[GraceSeconds](c[1])
				if err != nil {
					return nil, err
				}
				return aPod{name: c[0], podFields: podFields{grace: podGracePtr(g)}, doc: doc}, nil
			})),
		phrase(f, `^a pod "([^"]*)" with restartPolicy ([^\s:]+)$`, `Given a pod "job" with restartPolicy OnFailure`,
			s2(func(name, policy string) Step {
				return aPod{name: name, podFields: podFields{restartPolicy: corev1.RestartPolicy(policy)}}
			})).with(slot("restart policy", "OnFailure", restartPolicies...)),
		phrase(f, `^a pod "([^"]*)" with restartPolicy (\S+):$`, "Given a pod \"job\" with restartPolicy OnFailure:\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) {
				return aPod{name: c[0], podFields: podFields{restartPolicy: corev1.RestartPolicy(c[1])}, doc: doc}, nil
			})).with(slot("restart policy", "OnFailure", restartPolicies...)),
		// A pod's priority, which the API server sets from its class
		// only: the step declares the class `priority-N` of value N.
		phrase(f, `^a pod "([^"]*)" with priority ([^\s:]+)$`, `Given a pod "batch" with priority 100`,
			s2(func(name, v string) Step { return aPod{name: name, podFields: podFields{priority: v}} })),
		phrase(f, `^a pod "([^"]*)" with priority (\S+):$`, "Given a pod \"batch\" with priority 100:\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) {
				return aPod{name: c[0], podFields: podFields{priority: c[1]}, doc: doc}, nil
			})),
		// `bound to`, `running on`, `scheduled on` are the same place
		// (issue 38's fourteenth blind batch: 28 pods declared so).
		phrase(f, `^a pod "([^"]*)" `+placedOn+` node "([^"]*)":$`, "Given a pod \"web\" on node \"worker-1\":\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) {
				return aPod{name: c[0], podFields: podFields{node: c[1]}, doc: doc}, nil
			})),
		phrase(f, `^a pod "([^"]*)" with QoS class "([^"]*)"(?: on node "([^"]*)")?$`, `Given a pod "web" with QoS class "Burstable" on node "worker-1"`,
			s3(func(name string, q qosClass, node string) Step {
				return aPod{name: name, podFields: podFields{res: &q.res, node: node}}
			})).
			with(slot("QoS class", "Burstable", qosClasses...)),
	}
}

// placedOn are the words that place a declared pod on its node.
const placedOn = `(?:on|bound to|running on|scheduled on|scheduled to|placed on|pinned to)`

// Given a pod "web" (with YAML after a colon, or from "testdata/web.yaml"),
// optionally with terminationGracePeriodSeconds 5, with restartPolicy
// OnFailure, on node "worker-1" or with QoS class "Burstable".
type aPod struct {
	declaration
	name string
	doc  *godog.DocString
	// file is the manifest's path, relative to the feature's folder.
	file *string
	podFields
}

func (s aPod) Declare(pl *Plan) error {
	if s.file == nil {
		return pl.declare(s.name, s.doc, s.podFields)
	}
	path := *s.file
	full := path
	if !filepath.IsAbs(path) {
		full = filepath.Join(pl.FeatureDir, path)
	}
	data, err := bounded.ReadFile(full, bounded.MaxFile)
	if err != nil {
		return inputErr("reading the manifest %s: %v", path, err)
	}
	err = pl.declare(s.name, &godog.DocString{Content: string(data)}, s.podFields)
	for _, ie := range InputErrors(err) {
		if ie.DocLine > 0 {
			ie.File, ie.FileLine, ie.DocLine = full, ie.DocLine, 0
		}
	}
	return err
}

// qosClass is a QoS class as the resources of a pod's one container that
// give it.
type qosClass struct{ res corev1.ResourceRequirements }

func (q *qosClass) set(s string) error {
	small := corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("100m"), corev1.ResourceMemory: resource.MustParse("128Mi")}
	switch corev1.PodQOSClass(s) {
	case corev1.PodQOSBestEffort:
	case corev1.PodQOSBurstable:
		q.res.Requests = small
	case corev1.PodQOSGuaranteed:
		q.res.Requests, q.res.Limits = small, small.DeepCopy()
	default:
		return inputErr("QoS class %q is not BestEffort, Burstable or Guaranteed", s)
	}
	return nil
}

// declare records a pod: decoded strictly from YAML (or the one-container
// default), with the step's values checked against the YAML's.
func (pl *Plan) declare(name string, doc *godog.DocString, f podFields) (err error) {
	grace, node, res := f.grace, f.node, f.res
	defer func() {
		if err != nil && name != "" {
			if pl.broken == nil {
				pl.broken = map[string]bool{}
			}
			pl.broken[name] = true
		}
	}()
	if name == "" {
		return inputErr("a pod needs a name")
	}
	// The API server's rule for pod names (ValidatePodName).
	if msgs := apivalidation.NameIsDNSSubdomain(name, false); len(msgs) > 0 {
		return inputErr("pod name %q is not valid: %s", name, strings.Join(msgs, "; "))
	}
	if pl.pod(name) != nil {
		return inputErr("pod %q is declared twice", name)
	}
	var pod *corev1.Pod
	if doc != nil {
		p, err := manifest.DecodePod([]byte(doc.Content))
		if err != nil {
			return decodeErrors(err)
		}
		pod = p
	} else {
		pod = &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app"}}}}
	}
	if pod.Name != "" && pod.Name != name {
		return atField(doc, "metadata.name", inputErr("the step names the pod %q but its metadata.name is %q", name, pod.Name))
	}
	pod.Name = name
	if err := (specFields{tpl: f.spec}).applyTpl(doc, &pod.Spec, "spec."); err != nil {
		return err
	}
	if grace != nil {
		if g := pod.Spec.TerminationGracePeriodSeconds; g != nil && *g != *grace {
			return atField(doc, "spec.terminationGracePeriodSeconds", inputErr("the step gives terminationGracePeriodSeconds %d but the YAML gives %d", *grace, *g))
		}
		pod.Spec.TerminationGracePeriodSeconds = grace
	}
	if node != "" {
		if pod.Spec.NodeName != "" && pod.Spec.NodeName != node {
			return atField(doc, "spec.nodeName", inputErr("the step puts the pod on node %q but its spec.nodeName is %q", node, pod.Spec.NodeName))
		}
		if _, err := pl.node(node); err != nil {
			return err
		}
		pod.Spec.NodeName = node
	}
	if res != nil {
		pod.Spec.Containers[0].Resources = *res
	}
	if f.priority != "" {
		if c := pod.Spec.PriorityClassName; c != "" {
			return atField(doc, "spec.priorityClassName", inputErr("the step gives the pod priority %s but the YAML gives priorityClassName %s: give one of them", f.priority, c))
		}
		name, err := pl.priorityClassOf(f.priority)
		if err != nil {
			return err
		}
		pod.Spec.PriorityClassName = name
	}
	if f.priorityClass != "" {
		if c := pod.Spec.PriorityClassName; c != "" && c != f.priorityClass {
			return atField(doc, "spec.priorityClassName", inputErr("the step gives the pod priority class %s but the YAML gives priorityClassName %s: give one of them", f.priorityClass, c))
		}
		pod.Spec.PriorityClassName = f.priorityClass
	}
	if f.restartPolicy != "" {
		if err := oneOf("restartPolicy", string(f.restartPolicy), restartPolicies...); err != nil {
			return err
		}
		if r := pod.Spec.RestartPolicy; r != "" && r != f.restartPolicy {
			return atField(doc, "spec.restartPolicy", inputErr("the step gives restartPolicy %s but the YAML gives %s", f.restartPolicy, r))
		}
		pod.Spec.RestartPolicy = f.restartPolicy
	}
	d, err := pl.newPodDecl(name, pod, doc, "")
	if err != nil {
		return err
	}
	pl.pods = append(pl.pods, d)
	return nil
}

// newPodDecl is the declaration of a decoded pod: its agent containers
// (no image) take their behaviour from steps, and the driver's linter
// has its say. Problems point at the YAML's lines, the pod's fields
// found under prefix ("spec.template." for a workload's template).
func (pl *Plan) newPodDecl(name string, pod *corev1.Pod, doc *godog.DocString, prefix string) (*podDecl, error) {
	d := &podDecl{name: name, pod: pod, beh: map[string]*behavior.Behavior{}, unpullable: map[string]bool{}, cannotStart: map[string]bool{},
		imageBeh: map[string]*behavior.Behavior{}, line: pl.line}
	for k, list := range [][]corev1.Container{pod.Spec.InitContainers, pod.Spec.Containers} {
		for i := range list {
			c := &list[i]
			if c.Image != "" {
				continue
			}
			if len(c.Command) > 0 || len(c.Args) > 0 {
				field := "command"
				if len(c.Command) == 0 {
					field = "args"
				}
				path := fmt.Sprintf("%sspec.%s[%d].%s", prefix, []string{"initContainers", "containers"}[k], i, field)
				return nil, atField(doc, path, inputErr("container %q has no image, so it is an agent container: its behaviour comes from steps, and command/args are not allowed", c.Name))
			}
			b := behavior.Default()
			d.beh[c.Name] = &b
		}
	}
	if l, ok := pl.Driver.(driver.Linter); ok {
		if err := l.LintPod(d.build()); err != nil {
			return nil, lintErrors(doc, prefix, name, err)
		}
	}
	return d, nil
}

// pod returns a declared pod, or nil.
func (pl *Plan) pod(name string) *podDecl {
	for _, p := range pl.pods {
		if p.name == name {
			return p
		}
	}
	if p := pl.aliases[name]; p != nil {
		return p
	}
	return statefulSetPod(pl, name) // statefulsets.go
}

// livePod checks that a step's pod is declared and brings the cluster up
// to the step. It reports false when the step has nothing more to do.
func (st *State) livePod(ctx context.Context, name string) (bool, error) {
	if _, err := st.Plan.mustPod(name); err != nil {
		return false, err
	}
	if err := st.ready(ctx); err != nil {
		return false, err
	}
	return true, nil
}

// mustPod returns a declared pod; an empty name means the scenario's only
// pod.
func (pl *Plan) mustPod(name string) (*podDecl, error) {
	if name == "" {
		switch len(pl.pods) {
		case 0:
			if len(pl.broken) > 0 {
				// The declaration failed: its problem was reported.
				return nil, fmt.Errorf("the pod: %w", ErrDeclaredBadly)
			}
			return nil, undeclaredErr("no pod is declared")
		case 1:
			return pl.pods[0], nil
		}
		return nil, inputErr("several pods are declared: say which, with `of pod \"name\"`")
	}
	if p := pl.pod(name); p != nil {
		return p, nil
	}
	if pl.broken[name] {
		return nil, fmt.Errorf("pod %q: %w", name, ErrDeclaredBadly)
	}
	if _, err := pl.workload("daemon set", name); err == nil {
		return nil, undeclaredErr("pod %q is not declared; daemon set %q is, and its pod is named `the daemon set pod of %q` (or, by its node, `the pod of daemon set %q on node \"worker-1\"`) where a phrase takes a pod", name, name, name, name)
	}
	if pl.work.statefulSet(name) != nil {
		return nil, undeclaredErr("pod %q is not declared; stateful set %q is, and its pods have the API's names, <set>-<ordinal>: `the pod %q` is its first", name, name, name+"-0")
	}
	for _, kind := range []string{"replica set", "deployment", "job"} {
		if _, err := pl.workload(kind, name); err == nil {
			// A first draft's `the pod "db" is not evicted` of a replica
			// set "db" (issue 38's ninth held-out set).
			return nil, undeclaredErr("pod %q is not declared; %s %q is, and its pods are named by their order where a phrase takes them (`the first pod of %s %q`; `podlife steps` lists the phrases)", name, kind, name, kind, name)
		}
	}
	return nil, undeclaredErr("pod %q is not declared", name)
}

// mustContainer resolves `container "c" [of pod "p"]`.
func (pl *Plan) mustContainer(cname, pname string) (*podDecl, *corev1.Container, error) {
	p, err := pl.mustPod(pname)
	if err != nil {
		return nil, nil, err
	}
	c := p.container(cname)
	if c == nil {
		var names []string
		for _, list := range [][]corev1.Container{p.pod.Spec.InitContainers, p.pod.Spec.Containers} {
			for _, x := range list {
				names = append(names, x.Name)
			}
		}
		return nil, nil, inputErr("pod %q has no container %q (it has %v)", p.name, cname, names)
	}
	return p, c, nil
}

// atField places err at the line of a field of the pod's YAML, when the
// YAML writes it; else err stays at the step's line.
func atField(doc *godog.DocString, path string, err error) error {
	var ie *InputError
	if doc == nil || !errors.As(err, &ie) {
		return err
	}
	if l, ok := manifest.Line([]byte(doc.Content), path); ok {
		ie.DocLine = l
	}
	return err
}

// fieldPath is the field path an API validation error starts with
// (field.Error: "spec.containers[0].readinessProbe.successThreshold:
// Invalid value: …").
var fieldPath = regexp.MustCompile(`^((?:spec|metadata)(?:\.[A-Za-z0-9]+(?:\[\d+\])?)*): `)

// lintErrors are the driver's objections to a pod, one each, at the line
// of the field each names.
func lintErrors(doc *godog.DocString, fieldPrefix, name string, err error) error {
	prefix, inner := "", err
	if u := errors.Unwrap(err); u != nil {
		prefix = strings.TrimSuffix(err.Error(), u.Error())
		inner = u
	}
	var agg utilerrors.Aggregate
	if !errors.As(inner, &agg) {
		return inputErr("pod %q: %v", name, err)
	}
	var out []error
	for _, e := range agg.Errors() {
		one := inputErr("pod %q: %s%v", name, prefix, e)
		if m := fieldPath.FindStringSubmatch(e.Error()); m != nil {
			one = atField(doc, fieldPrefix+m[1], one)
		}
		out = append(out, one)
	}
	return errors.Join(out...)
}

// unpullable is an image reference no registry serves (the .invalid
// domain is reserved) that still reads as the manifest's image, so that
// the pull's events name it: "nginx:1.27" becomes
// "podlife.invalid/nginx:1.27". An agent container has none of its own.
func unpullable(image string) string {
	if image == "" {
		return behavior.UnpullableImage
	}
	return "podlife.invalid/" + image
}
