package steps

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	"sigs.k8s.io/yaml"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// resizePhrases are in-place pod resize (InPlacePodVerticalScaling, GA in
// 1.35): the resize of a container's cpu or memory through the pod's
// resize subresource, the API server's rejection of one, and the
// resources a container's status reports (what the kubelet applied).
// Held-out set 36 wrote `When the cpu limit of container "worker" of pod
// "tuner" is resized to 1`.
func resizePhrases() []Def {
	const ctrOf = `container "([^"]*)"(?: of pod "([^"]*)")?`
	one := func(c []string, _ Arg) (Step, error) {
		q, err := parseQuantity(c[4])
		if err != nil {
			return nil, err
		}
		return resizeOne{ctr: ctrOfPod{c[2], c[3]}, res: corev1.ResourceName(c[0]), which: c[1], q: q, text: c[4]}, nil
	}
	has := func(within bool) parser {
		return func(c []string, _ Arg) (Step, error) {
			q, err := parseQuantity(c[4])
			if err != nil {
				return nil, err
			}
			s := &containerHasResource{containerNamed: containerNamed{c[0], c[1]}, res: corev1.ResourceName(c[2]), which: c[3], q: q, text: c[4]}
			if within {
				if err := s.d.set(c[5]); err != nil {
					return nil, err
				}
				s.within = true
			}
			return s, nil
		}
	}
	return []Def{
		phrase("resize", `^the (cpu|memory) (request|limit|request and limit) of `+ctrOf+` is (?:resized|set|changed|updated) to (\S+)$`, `When the cpu limit of container "app" of pod "web" is resized to 1`, one),
		phrase("resize", `^the pod "([^"]*)" is resized:$`, "When the pod \"web\" is resized:\n  \"\"\"yaml\n  spec:\n    containers:\n    - name: app\n      resources:\n        limits:\n          cpu: \"1\"\n  \"\"\"", parseResizeDoc),
		phrase("resize", resizeRejectedPattern, `Then the resize of pod "web" is rejected with message containing "Pod QOS Class may not change"`,
			s2(func(pod, text string) Step { return resizeRejected{podNamed{pod}, text} })),
		phrase("resize", `^`+ctrOf+` has (cpu|memory) (request|limit) (\S+)$`, `Then container "app" of pod "web" has cpu limit 1`, has(false)),
		phrase("resize", `^`+ctrOf+` has (cpu|memory) (request|limit) (\S+) within (\S+)$`, `Then container "app" of pod "web" has memory limit 512Mi within 10s`, has(true)),
	}
}

const resizeRejectedPattern = `^the resize of pod "([^"]*)" is rejected with message containing "([^"]*)"$`

// resizeRejectedStep finds, before the scenario runs, the pods whose
// resize a step expects rejected (NewPlan): their resize's rejection is
// then that step's to judge, not a failure of the resize itself.
var resizeRejectedStep = regexp.MustCompile(resizeRejectedPattern)

// When the cpu limit of container "app" of pod "web" is resized to 1
// (request, limit, or request and limit; cpu or memory): a patch of the
// pod's resize subresource (`kubectl patch pod web --subresource resize`)
// setting that value for the container, its other resources kept. t=0 is
// the API server's acceptance of it. The API server validates the resize
// (ValidatePodResize, v1.36.3): the pod's QoS class may not change (a
// Guaranteed pod's memory limit raised alone makes it Burstable: rejected),
// a request may not exceed its limit, only cpu and memory change, a
// static pod is not resized. A rejected resize fails the step with the
// API's message, unless a step of the scenario expects it (`the resize
// of pod "web" is rejected with message containing "…"`). The kubelet
// then allocates the resize if the node's allocatable holds it beside
// the other pods' allocated requests (PodResizeInProgress until it is
// applied), else the pod has PodResizePending with reason Deferred and
// keeps its resources; a container whose resizePolicy for the resource is
// RestartContainer is killed and started again with the new resources
// (its restart count one more), otherwise (NotRequired, the default) its
// resources change in place and it keeps running.
type resizeOne struct {
	ctr   ctrOfPod
	res   corev1.ResourceName
	which string // request, limit, or "request and limit"
	q     resource.Quantity
	text  string
}

func (s resizeOne) Declare(pl *Plan) error {
	_, _, err := pl.mustContainer(s.ctr.name, s.ctr.pod)
	return err
}

func (s resizeOne) Run(ctx context.Context, st *State) error {
	p, c, err := st.Plan.mustContainer(s.ctr.name, s.ctr.pod)
	if err != nil {
		return err
	}
	r := corev1.ResourceRequirements{}
	if strings.Contains(s.which, "request") {
		r.Requests = corev1.ResourceList{s.res: s.q.DeepCopy()}
	}
	if strings.Contains(s.which, "limit") {
		r.Limits = corev1.ResourceList{s.res: s.q.DeepCopy()}
	}
	what := fmt.Sprintf("the %s %s of container %q of pod %q to %s", s.res, s.which, c.Name, p.name, s.text)
	return resize(ctx, st, p.name, map[string]corev1.ResourceRequirements{c.Name: r}, what)
}

// When the pod "web" is resized: with a YAML doc string of the resize
// patch (spec.containers[], each a name and its resources): the
// containers named get those requests and limits, their others kept.
type resizeDoc struct {
	pod     string
	patch   map[string]corev1.ResourceRequirements
	summary string
}

func parseResizeDoc(c []string, a Arg) (Step, error) {
	if a.Doc == nil {
		return nil, inputErr("`the pod %q is resized:` needs a YAML doc string: spec.containers[], each with its name and resources", c[0])
	}
	var body struct {
		Spec struct {
			Containers []struct {
				Name      string                      `json:"name"`
				Resources corev1.ResourceRequirements `json:"resources"`
			} `json:"containers"`
		} `json:"spec"`
	}
	if err := yaml.UnmarshalStrict([]byte(a.Doc.Content), &body); err != nil {
		return nil, inputErr("the resize of pod %q: %v (the patch is spec.containers[], each a name and resources)", c[0], err)
	}
	if len(body.Spec.Containers) == 0 {
		return nil, inputErr("the resize of pod %q names no container (spec.containers[], each a name and resources)", c[0])
	}
	s := resizeDoc{pod: c[0], patch: map[string]corev1.ResourceRequirements{}}
	var names []string
	for _, ct := range body.Spec.Containers {
		if ct.Name == "" {
			return nil, inputErr("the resize of pod %q has a container without a name", c[0])
		}
		s.patch[ct.Name] = ct.Resources
		names = append(names, fmt.Sprintf("%q", ct.Name))
	}
	sort.Strings(names)
	s.summary = fmt.Sprintf("the resources of container %s of pod %q", strings.Join(names, ", "), c[0])
	return s, nil
}

func (s resizeDoc) Declare(pl *Plan) error {
	for name := range s.patch {
		if _, _, err := pl.mustContainer(name, s.pod); err != nil {
			return err
		}
	}
	return nil
}

func (s resizeDoc) Run(ctx context.Context, st *State) error {
	p, err := st.Plan.mustPod(s.pod)
	if err != nil {
		return err
	}
	patch := make(map[string]corev1.ResourceRequirements, len(s.patch))
	for n, r := range s.patch {
		patch[n] = *r.DeepCopy()
	}
	return resize(ctx, st, p.name, patch, s.summary)
}

// resize sends the patch at the current time, which becomes t=0; the API
// server's rejection is kept for `is rejected` (resizeRejected) when a
// step expects it, and fails the step otherwise.
func resize(ctx context.Context, st *State, pod string, patch map[string]corev1.ResourceRequirements, what string) error {
	p, err := st.Plan.mustPod(pod) // checked by Declare
	if err != nil {
		return err
	}
	if err := actOnCreatedPod(ctx, st, p, what+": the pod is resized"); err != nil {
		return err
	}
	// What follows a resize counts from t=0, the windows absorbing the
	// kubelet's reaction: an in-place resize, a deferred one or a
	// rejected one has no kill to anchor on, and a delete's reaction
	// awaited there failed every in-place resize on kind (2026-11-30,
	// "expected the kubelet's reaction to the delete … within 4.6s").
	st.judge().Forget(pod)
	// Every session answers (driver.Session embeds PodSpecUpdater); one
	// that cannot resize says so with driver.ErrUnsupported.
	err = st.Session.ResizePod(ctx, pod, patch)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, driver.ErrUnsupported):
		return st.unsupported(fmt.Errorf("resizing %s: %w", what, err))
	case apiRejection(err) && st.Plan.resizeRejected[pod]:
		if st.resizeAnswers == nil {
			st.resizeAnswers = map[string]string{}
		}
		st.resizeAnswers[pod] = err.Error()
		return nil
	case apiRejection(err):
		return fmt.Errorf("the API server rejected the resize of %s: %v", what, err)
	}
	return fmt.Errorf("resizing %s: %w", what, err)
}

// apiRejection: the API server refused the request (an Invalid, a
// Forbidden, a BadRequest), as opposed to failing to answer it.
func apiRejection(err error) bool {
	return apierrors.IsInvalid(err) || apierrors.IsForbidden(err) || apierrors.IsBadRequest(err)
}

// Then the resize of pod "web" is rejected with message containing "Pod
// QOS Class may not change": the scenario's last resize of the pod that
// the API server rejected was rejected with a message containing the
// text (the resize subresource's validation, ValidatePodResize); none
// rejected fails.
type resizeRejected struct {
	podNamed
	text string
}

func (s resizeRejected) Run(ctx context.Context, st *State) error {
	exp := fmt.Sprintf("the resize of pod %q rejected with message containing %q", s.pod, s.text)
	msg, ok := st.resizeAnswers[s.pod]
	switch {
	case !ok:
		return &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Observed: "the API server accepted every resize of the pod (or none was made)"}
	case !strings.Contains(msg, s.text):
		return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp, Observed: "rejected with: " + msg}
	}
	return nil
}

// Then container "app" of pod "web" has cpu limit 1 (request; memory): the
// container's status reports that value (status.containerStatuses[]
// .resources: what the kubelet applied to the running container, not the
// spec's desired value), read at the current time; `within D`, at some
// time up to t0+D (polled). A container whose status has no such
// resource fails.
type containerHasResource struct {
	containerNamed
	res    corev1.ResourceName
	which  string
	q      resource.Quantity
	text   string
	within bool
	d      writtenSpan
}

func (s *containerHasResource) Run(ctx context.Context, st *State) error {
	p, c, _ := st.Plan.mustContainer(s.container, s.pod) // checked by Declare
	holds := func(pod *corev1.Pod) (bool, string) {
		if pod == nil {
			return false, "the pod gone"
		}
		for _, cs := range append(pod.Status.ContainerStatuses[:len(pod.Status.ContainerStatuses):len(pod.Status.ContainerStatuses)], pod.Status.InitContainerStatuses...) {
			if cs.Name != c.Name {
				continue
			}
			if cs.Resources == nil {
				return false, fmt.Sprintf("container %q with no resources in its status", c.Name)
			}
			list := cs.Resources.Limits
			if s.which == "request" {
				list = cs.Resources.Requests
			}
			got, ok := list[s.res]
			if !ok {
				return false, fmt.Sprintf("container %q with no %s %s in its status", c.Name, s.res, s.which)
			}
			return got.Cmp(s.q) == 0, fmt.Sprintf("%s %s %s", s.res, s.which, got.String())
		}
		return false, fmt.Sprintf("no status of container %q", c.Name)
	}
	what := fmt.Sprintf("container %q with %s %s %s", c.Name, s.res, s.which, s.text)
	if s.within {
		return polledWithin(ctx, st, p.name, s.d, "with "+what, func(v driver.View) (bool, string) { return holds(v.Pod(p.name)) })
	}
	return st.check(ctx, p.name, func(pod *corev1.Pod) error {
		if ok, seen := holds(pod); !ok {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: what, Observed: seen}
		}
		return nil
	})
}
