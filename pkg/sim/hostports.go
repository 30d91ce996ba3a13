package sim

import (
	corev1 "k8s.io/api/core/v1"
)

// Host ports, as Kubernetes v1.36.3 accounts for them (read in the
// k8s.io/kubernetes@v1.36.3 and k8s.io/kube-scheduler@v0.36.3 modules):
// a container port with a hostPort takes the triple (protocol, hostIP,
// hostPort) on its node. The scheduler's NodePorts plugin
// (pkg/scheduler/framework/plugins/nodeports/node_ports.go, Filter and
// fitsPorts) keeps a pod off a node where a pod it counts takes one of the
// pod's triples; the kubelet's admission asks the same of the pods it runs
// (pkg/scheduler/eventhandlers.go AdmissionCheck, nodeports.Fits, called
// by pkg/kubelet/lifecycle/predicate.go generalFilter).

const (
	pluginNodePorts = "NodePorts"
	// reasonNodePorts is nodeports.ErrReason.
	reasonNodePorts = "node(s) didn't have free ports for the requested pod ports"
	// bindAllHostIP is framework.DefaultBindAllHostIP: an unset hostIP,
	// every address of the node.
	bindAllHostIP = "0.0.0.0"
)

// hostPort is one (hostIP, protocol, hostPort) a pod takes, as
// HostPortInfo keeps it: an empty hostIP is 0.0.0.0 and an empty protocol
// TCP (HostPortInfo.sanitize, NewProtocolPort).
type hostPort struct {
	ip, protocol string
	port         int32
}

// podHostPorts is util.GetHostPorts (pkg/scheduler/util/utils.go): the
// ports with a hostPort above 0 of the pod's sidecars (init containers
// with restartPolicy Always, which run as long as the pod) and of its
// containers, in that order. Other init containers' ports are not counted.
func podHostPorts(p *corev1.Pod) []hostPort {
	var out []hostPort
	for i := range p.Spec.InitContainers {
		if c := &p.Spec.InitContainers[i]; isSidecar(c) {
			out = appendHostPorts(out, c)
		}
	}
	for i := range p.Spec.Containers {
		out = appendHostPorts(out, &p.Spec.Containers[i])
	}
	return out
}

func appendHostPorts(out []hostPort, c *corev1.Container) []hostPort {
	for _, cp := range c.Ports {
		if cp.HostPort <= 0 {
			continue
		}
		hp := hostPort{ip: cp.HostIP, protocol: string(cp.Protocol), port: cp.HostPort}
		if hp.ip == "" {
			hp.ip = bindAllHostIP
		}
		if hp.protocol == "" {
			hp.protocol = string(corev1.ProtocolTCP)
		}
		out = append(out, hp)
	}
	return out
}

// hasHostPorts: podHostPorts is not empty (without making it).
func hasHostPorts(p *corev1.Pod) bool {
	for i := range p.Spec.InitContainers {
		if c := &p.Spec.InitContainers[i]; isSidecar(c) && containerHasHostPort(c) {
			return true
		}
	}
	for i := range p.Spec.Containers {
		if containerHasHostPort(&p.Spec.Containers[i]) {
			return true
		}
	}
	return false
}

func containerHasHostPort(c *corev1.Container) bool {
	for _, cp := range c.Ports {
		if cp.HostPort > 0 {
			return true
		}
	}
	return false
}

// hostPortSet is framework.HostPortInfo, a NodeInfo's UsedPorts: a set,
// not a count. Two pods on a node taking one triple (possible only for
// pods the scheduler did not place: bound by spec.nodeName, or mirror
// pods) hold one entry, and the first of them removed takes it away
// (NodeInfo.RemovePod → updateUsedPorts).
type hostPortSet map[hostPort]struct{}

func (s hostPortSet) add(ports []hostPort) {
	for _, hp := range ports {
		s[hp] = struct{}{}
	}
}

func (s hostPortSet) remove(ports []hostPort) {
	for _, hp := range ports {
		delete(s, hp)
	}
}

// conflicts is HostPortInfo.CheckConflict: a wanted 0.0.0.0 conflicts
// with the protocol and port taken on any address; a wanted address with
// the same on that address or on 0.0.0.0.
func (s hostPortSet) conflicts(want hostPort) bool {
	if want.ip == bindAllHostIP {
		for hp := range s {
			if hp.protocol == want.protocol && hp.port == want.port {
				return true
			}
		}
		return false
	}
	if _, ok := s[want]; ok {
		return true
	}
	all := want
	all.ip = bindAllHostIP
	_, ok := s[all]
	return ok
}

// fits is fitsPorts: none of the wanted ports conflicts.
func (s hostPortSet) fits(wants []hostPort) bool {
	for _, hp := range wants {
		if s.conflicts(hp) {
			return false
		}
	}
	return true
}

// portsFreedBy is NodePorts' queueing hint for a deleted pod
// (isSchedulableAfterPodDeleted): the pod waiting may fit now if the one
// gone was assigned and took one of the ports it asks for.
func portsFreedBy(waiting, gone *corev1.Pod) bool {
	if gone == nil || (gone.Spec.NodeName == "" && gone.Status.NominatedNodeName == "") {
		return false
	}
	freed := podHostPorts(gone)
	if len(freed) == 0 {
		return false
	}
	set := make(hostPortSet, len(freed))
	set.add(freed)
	return !set.fits(podHostPorts(waiting))
}
