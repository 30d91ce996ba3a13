package report

import (
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// runBuilder writes a run's timeline for the identity tests, each event
// at its time, in the order written.
type runBuilder struct {
	tl []timeline.Event
}

func (b *runBuilder) add(at time.Duration, pod, container string, kind timeline.Kind, code int) {
	b.tl = append(b.tl, timeline.Event{At: at, Seq: uint64(len(b.tl)), Pod: pod, Container: container, Kind: kind, Code: code})
}

// created is a pod's creation and its app's start, its ReplicaSet's
// event first (as both drivers record a SuccessfulCreate).
func (b *runBuilder) created(at time.Duration, rs, pod string, start time.Duration) {
	b.tl = append(b.tl, timeline.Event{At: at, Seq: uint64(len(b.tl)), Pod: "replicaset/" + rs, Kind: timeline.KubeEvent, Reason: "SuccessfulCreate", Message: "Created pod: " + pod})
	b.add(at, pod, "", timeline.PodCreated, 0)
	b.add(at+start, pod, "app", timeline.Started, 0)
}

// stopped is a pod's app stopped by a delete: SIGTERM, then its exit.
func (b *runBuilder) stopped(at time.Duration, pod string, exit time.Duration, code int) {
	b.add(at, pod, "", timeline.DeleteRequested, 30)
	b.add(at, pod, "app", timeline.SIGTERM, 0)
	b.add(at+exit, pod, "app", timeline.Exited, code)
}

func (b *runBuilder) result(driver string, steps ...string) Result {
	r := result(driver, 22, Passed, b.tl)
	r.Feature = "features/workloads/deployments.feature"
	r.T0 = 0
	for i, s := range steps {
		r.Steps = append(r.Steps, Step{Keyword: "When", Text: s, Line: 30 + i, Status: "passed"})
	}
	return r
}

// wantDifferences checks the kinds of the differences of a and b, in
// order, and that one of them says text (when given).
func wantDifferences(t *testing.T, a, b Result, want []string, text string) {
	t.Helper()
	kinds, texts := diffKinds(a, b)
	if strings.Join(kinds, ",") != strings.Join(want, ",") {
		t.Errorf("differences %q, want kinds %v", texts, want)
	}
	if text != "" && !strings.Contains(strings.Join(texts, "\n"), text) {
		t.Errorf("differences %q lack %q", texts, text)
	}
}

// restartedDeployment is a Deployment "web" of 3 pods restarted at t=0
// with maxSurge 1, maxUnavailable 0, as a run names it: old and new are
// its ReplicaSets' pod-template-hashes, pods the five characters of each
// pod's name (3 old, 3 new, in creation order). Each new pod starts
// start after its create and is Ready 2 s later; an old pod then gets
// SIGTERM and exits after oldExit with code 143 (code, for the second).
func restartedDeployment(driver, old, nu string, pods []string, start, oldExit time.Duration, code int) Result {
	var b runBuilder
	b.tl = append(b.tl, timeline.Event{At: -20 * s, Pod: "deployment/web", Kind: timeline.KubeEvent, Reason: "ScalingReplicaSet", Message: "Scaled up replica set web-" + old + " from 0 to 3"})
	for i := 0; i < 3; i++ {
		b.created(-20*s, "web-"+old, "web-"+old+"-"+pods[i], start)
	}
	b.tl = append(b.tl, timeline.Event{At: 0, Seq: uint64(len(b.tl)), Pod: "deployment/web", Kind: timeline.KubeEvent, Reason: "ScalingReplicaSet", Message: "Scaled up replica set web-" + nu + " from 0 to 1"})
	for i := 0; i < 3; i++ {
		at := time.Duration(i) * 3 * s
		b.created(at, "web-"+nu, "web-"+nu+"-"+pods[3+i], start)
		c := 143
		if i == 1 {
			c = code
		}
		b.stopped(at+start+2*s, "web-"+old+"-"+pods[i], oldExit, c)
	}
	return b.result(driver, `the deployment "web" is restarted`)
}

// TestDiffDeploymentPodsByRevision: a Deployment's pods are compared by
// the Deployment, their ReplicaSet's revision and their creation order
// in it, not by the pod-template-hash of their names, which a cluster
// and the simulator never share (8 of the 15 divergences of the
// 2026-11-29 diff on kind); a real difference of behaviour is still
// reported, named so.
func TestDiffDeploymentPodsByRevision(t *testing.T) {
	simPods := []string{"4n9vb", "l6tkn", "hr24h", "w9266", "7q56l", "t459q"}
	livePods := []string{"x2b7k", "5q8zd", "mm4tt", "g7h2c", "r8wkd", "b5n2j"}
	sim := restartedDeployment("sim", "5cbddfcc94", "768679677", simPods, 0, 0, 143)
	for _, tc := range []struct {
		name  string
		live  Result
		kinds []string
		text  string
	}{
		{name: "the same rollout under other hashes and pod names agrees",
			live: restartedDeployment("live", "6d4f8c7b9", "57b9f6d4c8", livePods, 800*ms, 300*ms, 143)},
		{name: "an old pod that exits 137 is an events difference, named by revision and order",
			live:  restartedDeployment("live", "6d4f8c7b9", "57b9f6d4c8", livePods, 800*ms, 300*ms, 137),
			kinds: []string{"events", "events"}, text: "web-rev1-#2/app Exited(137) at 6.1s on live, never on sim"},
		{name: "an old pod that takes 4 s to exit is a timing difference",
			live:  restartedDeployment("live", "6d4f8c7b9", "57b9f6d4c8", livePods, 0, 4*s, 143),
			kinds: []string{"order", "timing", "timing", "timing"}, text: "web-rev1-#1/app Exited(143) at 2s on sim, 6s on live"},
	} {
		t.Run(tc.name, func(t *testing.T) { wantDifferences(t, sim, tc.live, tc.kinds, tc.text) })
	}
}

// drained is a ReplicaSet "web" of 3 pods (the five characters of their
// names in pods, 3 then 2 replacements) whose node is drained at t=0:
// the pods of victims (indexes into pods) are evicted at the times of
// evictAt, in that order, each replaced at once; a victim exits exit
// after its SIGTERM (codes[i] for the i-th eviction).
func drained(driver string, pods []string, victims []int, evictAt []time.Duration, exit time.Duration, codes ...int) Result {
	var b runBuilder
	for i := 0; i < 3; i++ {
		b.created(-20*s, "web", "web-"+pods[i], 0)
	}
	b.tl = append(b.tl, timeline.Event{At: 0, Seq: uint64(len(b.tl)), Pod: "node/worker-1", Kind: timeline.Taint, Reason: "node.kubernetes.io/unschedulable", Status: "True", Message: "NoSchedule"})
	for i, v := range victims {
		pod := "web-" + pods[v]
		b.tl = append(b.tl, timeline.Event{At: evictAt[i], Seq: uint64(len(b.tl)), Pod: pod, Kind: timeline.Condition, Reason: "DisruptionTarget", Status: "True", Message: "EvictionByEvictionAPI: Eviction API: evicting"})
		b.stopped(evictAt[i], pod, exit, codes[i])
		b.created(evictAt[i], "web", "web-"+pods[3+i], 0)
	}
	return b.result(driver, `node "worker-1" is drained`)
}

// TestDiffDrainVictimsAsASet: the pods a drain evicts are compared as a
// set, each with its events, whatever their creation order and the
// order kubectl's goroutines got them through (5 of the 15 divergences
// of the 2026-11-29 diff on kind); a victim that behaves otherwise, or
// another set of victims, is still reported.
func TestDiffDrainVictimsAsASet(t *testing.T) {
	simPods := []string{"tcrpr", "6zt7k", "fzh2r", "lshcg", "wvhzd"}
	livePods := []string{"q5k8t", "mm2rr", "b2c4d", "zz9x7", "kk4dn"}
	// On the simulator the third and the first pod sat on the drained
	// node, evicted at 0 s and 10 s (drain.feature:13).
	sim := drained("sim", simPods, []int{2, 0}, []time.Duration{0, 10 * s}, 0, 143, 143)
	for _, tc := range []struct {
		name  string
		live  Result
		kinds []string
		text  string
	}{
		{name: "other pods of the same ReplicaSet on the node, evicted in the same course, agree",
			live: drained("live", livePods, []int{0, 1}, []time.Duration{300 * ms, 10*s + 200*ms}, 100*ms, 143, 143)},
		{name: "the same pods evicted in the other order agree",
			live: drained("live", livePods, []int{0, 2}, []time.Duration{300 * ms, 10*s + 200*ms}, 100*ms, 143, 143)},
		{name: "a victim killed with 137 is still an events difference",
			live:  drained("live", livePods, []int{0, 1}, []time.Duration{300 * ms, 10*s + 200*ms}, 100*ms, 143, 137),
			kinds: []string{"events", "events"}, text: "web-#1/app Exited(137) at 10.3s on live, never on sim"},
		{name: "a victim that takes 5 s to exit is still a timing difference",
			live:  drained("live", livePods, []int{0, 1}, []time.Duration{300 * ms, 10*s + 200*ms}, 5*s, 143, 143),
			kinds: []string{"timing", "timing"}, text: "web-#3/app Exited(143) at 0s on sim, 5.3s on live"},
		{name: "one victim fewer is a difference of the set",
			live:  drained("live", livePods, []int{1}, []time.Duration{300 * ms}, 100*ms, 143),
			kinds: []string{"events", "events", "events", "events"}, text: "the drain evicted web-#1, web-#3 on sim, web-#3 on live"},
	} {
		t.Run(tc.name, func(t *testing.T) { wantDifferences(t, sim, tc.live, tc.kinds, tc.text) })
	}
	// Without a drain, evictions keep their pods' order: a scenario that
	// evicts `pod 1 of replica set "web"` states which.
	noDrain := func(r Result) Result { r.Steps = nil; return r }
	if kinds, texts := diffKinds(noDrain(sim), noDrain(drained("live", livePods, []int{0, 1}, []time.Duration{300 * ms, 10*s + 200*ms}, 100*ms, 143, 143))); len(kinds) == 0 {
		t.Errorf("other pods evicted, with no drain, agree: %q", texts)
	}
}
