package steps_test

import "testing"

// The DaemonSet phrases of issue 38's twenty-second trial
// (features/language/twenty-second-drafts-ds.feature): a drain that
// leaves a DaemonSet's pod where it is, a DaemonSet's pod on each node
// whose taints it tolerates, a DaemonSet's pod that stays on a lost node.
// Each scenario there passes on the simulator; a copy with one step made
// false fails at that step (or, for a declaration made another, at the
// expectations it falsifies).

const dsDrafts = "../features/language/twenty-second-drafts-ds.feature"

var dsFalseCopies = []falseCopy{
	// `When the pods are created` with workloads alone creates them.
	{"a deployment of one pod said to have two", 59,
		`the deployment "web" has 1 pod`, `the deployment "web" has 2 pods`, `2 active pods`, nil},
	{"a daemon set on one node said to have two pods there", 59,
		`the daemon set "node-exporter" has 1 pod on node "worker-1"`, `the daemon set "node-exporter" has 2 pods on node "worker-1"`, `2 pods`, nil},
	// Held-out set 30's name for the pod, `the daemon set "x" pod`.
	{"the DaemonSet's pod, named as set 30 names it, said evicted by the drain", 12,
		`the daemon set pod of "node-exporter" is not evicted`, `the daemon set "node-exporter" pod is evicted`, `evicted`, nil},
	// A drain's eviction is not `is evicted` (the kubelet's): the
	// failure says which eviction the pod had, and the phrase for it.
	{"the drained pod said evicted, as a drain's author reads it", 12,
		`the eviction of pod "web" is accepted`, `the pod "web" is evicted`, `evicted through the API at 0s`, nil},
	// The drain leaves the DaemonSet's pod: the same pod, Running.
	{"the DaemonSet's pod said gone after the drain", 12,
		`the daemon set pod of "node-exporter" is Running`, `the daemon set pod of "node-exporter" is gone`, `gone`, nil},
	{"the DaemonSet said to have no pod left on the drained node", 12,
		`the daemon set "node-exporter" still has 1 pod on node "worker-1"`, `the daemon set "node-exporter" still has 0 pods on node "worker-1"`, `still has 0 pods`, nil},
	{"the drain said to refuse the DaemonSet's pod (--ignore-daemonsets is implied)", 12,
		`the drain of node "worker-1" completes`, `the drain of node "worker-1" fails with message containing "DaemonSet-managed Pods"`, `DaemonSet-managed Pods`, nil},
	{"the DaemonSet's pod said evicted (the kubelet evicted nothing)", 12,
		`the daemon set pod of "node-exporter" is not evicted`, `the daemon set pod of "node-exporter" is evicted`, `evicted`, nil},
	// One pod on each node whose taints it tolerates.
	{"the tainted node said to run the DaemonSet's pod", 31,
		`the daemon set "node-exporter" has 0 pods on node "worker-2"`, `the daemon set "node-exporter" has 1 pod on node "worker-2"`, `has 1 pod on node "worker-2"`, nil},
	{"two pods said to run on one node", 31,
		`the daemon set "node-exporter" has 1 pod on node "worker-1"`, `the daemon set "node-exporter" has 2 pods on node "worker-1"`, `has 2 pods`, nil},
	{"an untainted node said to get no pod", 31,
		`node "worker-2" is tainted "dedicated=infra:NoSchedule"`, `node "worker-2" is tainted "dedicated=infra:PreferNoSchedule"`, `has 0 pods`, []int{42}},
	// The DaemonSet's tolerations of node problems have no seconds.
	{"the DaemonSet's pod said deleted from the lost node", 46,
		`the daemon set pod of "node-exporter" is never Terminating`, `the daemon set pod of "node-exporter" is Terminating within 600s`, `Terminating`, nil},
	{"a pod with the default tolerations said to stay on the lost node", 46,
		`the pod "web" is Terminating between 300s and 300s`, `the pod "web" is not Terminating after 600s`, `Terminating`, nil},
}

func TestDaemonSetDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, dsDrafts, dsFalseCopies)
}

// TestDaemonSetDraftScenariosPass: the scenarios as written pass.
func TestDaemonSetDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, dsDrafts, 4)
}
