package steps

import corev1 "k8s.io/api/core/v1"

// podFields are the pod's fields a step gives besides its YAML: a value
// given both ways, differently, is an error.
type podFields struct {
	grace *int64
	node  string
	// res are the resources of the first container (a QoS class).
	res           *corev1.ResourceRequirements
	restartPolicy corev1.RestartPolicy
	// priority is the pod's priority, given through a class of that value.
	priority string
	// priorityClass is the pod's spec.priorityClassName, given by name.
	priorityClass string
	// spec are the other fields of its spec the step gives (specfields.go).
	spec []specValue
}

// restartPolicies are the values of a pod's spec.restartPolicy.
var restartPolicies = []string{string(corev1.RestartPolicyAlways), string(corev1.RestartPolicyOnFailure), string(corev1.RestartPolicyNever)}

// podGracePtr is g as the pod spec and the delete options take it.
func podGracePtr(g GraceSeconds) *int64 {
	n := int64(g)
	return &n
}
