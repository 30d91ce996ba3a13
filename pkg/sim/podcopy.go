package sim

import (
	"reflect"
	"unsafe"

	corev1 "k8s.io/api/core/v1"
)

// The API server keeps its own copy of every pod created. A large cluster
// is mostly pods stamped from a few templates, and a pod's containers are
// most of its spec (probes, hooks, commands, resources: 4 KB for issue 7's
// pod), so the copies share their container lists with an earlier pod's
// when the caller's lists are equal to that pod's. A shared list is never
// modified: defaulting (setDefaultsContainer) only fills what is unset, so
// it changes nothing in a list it has defaulted already, and nothing else
// writes to a stored pod's spec.

// containerLists remembers the container lists of recent pods: what the
// caller gave (a private copy, for comparing) and the copy the API server
// was given, defaulted since.
type containerLists struct {
	recent [8]sharedList
	next   int // the entry to replace next
	// container compares two containers (equalplan.go), made at the
	// first comparison.
	container *eqPlan
}

type sharedList struct {
	in, stored []corev1.Container
}

// copyPod is p.DeepCopy(), but for the container lists, which are shared
// with an earlier pod's when they are equal.
func (cl *containerLists) copyPod(p *corev1.Pod) *corev1.Pod {
	shallow := *p
	shallow.Spec.InitContainers, shallow.Spec.Containers = nil, nil
	out := shallow.DeepCopy()
	out.Spec.InitContainers = cl.share(p.Spec.InitContainers)
	out.Spec.Containers = cl.share(p.Spec.Containers)
	return out
}

// share returns a stored list equal to what list was when it was given,
// or a new copy of list, remembered for the pods to come.
func (cl *containerLists) share(list []corev1.Container) []corev1.Container {
	if list == nil {
		return nil
	}
	for _, e := range cl.recent {
		if e.in != nil && cl.equal(e.in, list) {
			return e.stored
		}
	}
	e := sharedList{in: copyContainers(list), stored: copyContainers(list)}
	cl.recent[cl.next] = e
	cl.next = (cl.next + 1) % len(cl.recent)
	return e.stored
}

// equal is equalTree for two container lists, by the compiled plan.
func (cl *containerLists) equal(a, b []corev1.Container) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	if cl.container == nil {
		cl.container = eqPlans{}.of(reflect.TypeFor[corev1.Container]())
	}
	for i := range a {
		if !cl.container.equal(unsafe.Pointer(&a[i]), unsafe.Pointer(&b[i])) {
			return false
		}
	}
	return true
}

func copyContainers(list []corev1.Container) []corev1.Container {
	out := make([]corev1.Container, len(list))
	for i := range list {
		list[i].DeepCopyInto(&out[i])
	}
	return out
}
