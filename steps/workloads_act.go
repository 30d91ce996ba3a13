package steps

import (
	"context"
	"fmt"

	"github.com/cucumber/godog"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/manifest"
)

// Rollouts, and the actions on the pods of a workload named by their
// order.

func workloadActions() []Def {
	const f = "workloads"
	return []Def{
		phrase(f, `^the deployment "([^"]*)" is restarted$`, `When the deployment "web" is restarted`,
			s1(func(name string) Step { return &rollout{deployment: name, restart: true} })),
		phrase(f, `^the image of container "([^"]*)" of deployment "([^"]*)" is (?:set|changed|updated) to "([^"]*)"$`, `When the image of container "app" of deployment "web" is set to "busybox:1.37"`,
			s3(func(ctr, name, image string) Step { return &rollout{deployment: name, container: ctr, image: image} })),
		phrase(f, `^the pod template of deployment "([^"]*)" becomes:$`, "When the pod template of deployment \"web\" becomes:\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) { return &rollout{deployment: c[0], doc: doc}, nil })),
		phrase(f, `^the eviction of `+workloadPod+` is requested$`, `When the eviction of pod 1 of job "batch" is requested`, parseWorkloadPodRef(newEvictionRequested)),
		phrase(f, `^the eviction of `+workloadPod+` is accepted$`, `Then the eviction of pod 1 of job "batch" is accepted`, parseWorkloadPodRef(newEvictionAccepted)),
		// A replica set's pod too (held-out set 56: `When pod 1 of
		// replicaset "queue" is deleted`).
		phrase(f, `^pod (\S+) of (deployment|job|replica set) "([^"]*)" is deleted$`, `When pod 1 of job "batch" is deleted`, parseWorkloadPodRef(func(r podRef) Step { return &workloadPodDeleted{pod: r} })),
		// Held-out batch 16: `When one pod of replicaset "web" is
		// deleted`: the first it created.
		phrase(f, `^(?:one|a) pod of (deployment|job|replica set) "([^"]*)" is deleted$`, `When one pod of replica set "web" is deleted`,
			s2(func(kind, name string) Step { return &workloadPodDeleted{pod: workloadRef(kind, name, 1)} })),
		// By its ordinal, and a deployment's or replica set's one pod
		// without it (held-out batch 14: `When the pod of deployment
		// "gateway" is deleted`, `the first pod of deployment "billing"`).
		phrase(f, `^the (?:(\S+) )?pod of (deployment|job|replica set) "([^"]*)" is deleted$`, `When the first pod of deployment "web" is deleted`,
			func(c []string, _ Arg) (Step, error) {
				r := workloadRef(c[1], c[2], 1)
				switch n, aged := agedWords[c[0]]; {
				case c[0] == "":
					r.only = r.owner != "job"
				case aged:
					r.n, r.aged = n, true
				default:
					i, err := parseOrdinal(c[0])
					if err != nil {
						return nil, err
					}
					r.n = i
				}
				return &workloadPodDeleted{pod: r}, nil
			}),
	}
}

// parseWorkloadPodRef reads `pod N of deployment|job|replica set
// "name"` (a replica set's pod has no owner: podRef).
func parseWorkloadPodRef(build func(podRef) Step) parser {
	return func(c []string, _ Arg) (Step, error) {
		i, err := podNumber(c[0])
		if err != nil || i < 1 {
			return nil, inputErr("%q is not an ordinal (1 for the first pod the %s created)", c[0], c[1])
		}
		return build(workloadRef(c[1], c[2], i)), nil
	}
}

// When the deployment "web" is restarted (`kubectl rollout restart`: the
// annotation kubectl.kubernetes.io/restartedAt on the pod template, a new
// value each time); When the image of container "app" of deployment
// "web" is set to "busybox:1.37" (`kubectl set image`); When the pod
// template of deployment "web" becomes: (a whole Pod or its spec, as a
// pod's YAML; labels, when written, keep the selector's). Each changes
// the pod template, which starts a rollout; t=0 is the update.
type rollout struct {
	deployment string
	restart    bool
	container  string
	image      string
	doc        *godog.DocString
	// next is the template the update sends, made at Declare.
	next *podDecl
}

// restartedAt is `kubectl rollout restart`'s annotation; its value here
// counts the Deployment's restarts.
const restartedAt = "kubectl.kubernetes.io/restartedAt"

func (s *rollout) Declare(pl *Plan) error {
	d, err := pl.deploymentDecl(s.deployment)
	if err != nil {
		return err
	}
	cur := d.tpl
	switch {
	case s.restart:
		next := *cur
		next.pod = cur.pod.DeepCopy()
		if next.pod.Annotations == nil {
			next.pod.Annotations = map[string]string{}
		}
		d.restarts++
		next.pod.Annotations[restartedAt] = fmt.Sprintf("restart %d", d.restarts)
		s.next = &next
	case s.container != "":
		c := cur.container(s.container)
		if c == nil {
			return inputErr("the pods of deployment %q have no container %q", s.deployment, s.container)
		}
		if _, agent := cur.beh[s.container]; agent {
			return inputErr("container %q of deployment %q is an agent container (no image): restart the deployment, or give its pod template another behaviour", s.container, s.deployment)
		}
		if s.image == "" {
			return inputErr("an image needs a name")
		}
		next := *cur
		next.pod = cur.pod.DeepCopy()
		next.container(s.container).Image = s.image
		s.next = &next
	default:
		pod, err := manifest.DecodePod([]byte(s.doc.Content))
		if err != nil {
			return decodeErrors(err)
		}
		if pod.Name != "" {
			return atField(s.doc, "metadata.name", inputErr("a pod template has no name: its pods are named after %q", s.deployment))
		}
		if len(pod.Labels) == 0 {
			pod.Labels = cur.pod.Labels
		}
		for k, v := range cur.pod.Labels {
			if pod.Labels[k] != v {
				return atField(s.doc, "metadata.labels", inputErr("the template's labels must keep the selector's %s=%s", k, v))
			}
		}
		pod.Name = s.deployment
		next, err := pl.newPodDecl(s.deployment, pod, s.doc, "")
		if err != nil {
			return err
		}
		s.next = next
	}
	d.tpl = s.next
	return nil
}

func (s *rollout) Run(ctx context.Context, st *State) error {
	return disruptionAction(ctx, st, func(d driver.Session) error {
		if err := d.UpdateDeployment(ctx, s.deployment, s.next.build()); err != nil {
			return st.unsupported(fmt.Errorf("deployment %q: %w", s.deployment, err))
		}
		return nil
	})
}

// When pod 1 of job "batch" is deleted: the pod's delete with its own
// grace, at the current time (as `the pod "web" is deleted`).
type workloadPodDeleted struct {
	pod podRef
}

func (s *workloadPodDeleted) Declare(pl *Plan) error {
	if _, err := s.pod.namedOwner(pl); err != nil {
		return err
	}
	if err := pl.declared(s.pod); err != nil {
		return err
	}
	r := s.pod
	pl.lastDeleted = &r
	return nil
}

func (s *workloadPodDeleted) Run(ctx context.Context, st *State) error {
	return disruptionAction(ctx, st, func(d driver.Session) error {
		name, err := s.pod.resolve(d)
		if err != nil {
			return err
		}
		at := st.Session.Now()
		if err := d.Delete(ctx, name, metav1.DeleteOptions{}); err != nil {
			return err
		}
		st.judge().Acted(driver.ActionDelete, name, at)
		return nil
	})
}
