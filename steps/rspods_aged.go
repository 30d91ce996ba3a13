package steps

import (
	"fmt"
	"strings"
)

// A workload's pod said by its revision or its age (issue 38's sets 80
// and 72-76), as rsPodInText reads them after its other forms.

// revisionPod is a Deployment's pod by its revision (issue 38's set 80,
// on rollouts, wrote `the pod of revision 1 is deleted between 10s and
// 13s` for about 45 of its 73 undefined steps): the first pod (or the
// n-th, `the second pod of revision 2`) the revision's ReplicaSet
// created, of the deployment named, or of the scenario's one Deployment.
// Revision N is the N-th ReplicaSet the Deployment created (the
// deployment controller numbers each new ReplicaSet one more than the
// highest so far, pkg/controller/deployment/sync.go getNewReplicaSet and
// util.MaxRevision; only a rollback, which the language has no step
// for, gives an old one a new number).
var revisionPod = `the (?:(\S+) )?pod of revision (\d+)(?: of (?:` + kindAlt("deployment") + `) "([^"]*)")?`

// revisionPodAlt is revisionPod in a phrase's pattern, nothing captured.
var revisionPodAlt = `the (?:\S+ )?pod of revision \d+(?: of (?:` + kindAlt("deployment") + `) "[^"]*")?`

// agedPod is a workload's pod said old or new (issue 38's batch 10, on
// drains: `the old pod is deleted within 7s`, `the new pod is Running on
// node "b"`): of a workload of one pod (a replica set's or a
// Deployment's one replica, a Job's one at a time), the old (original)
// pod is the first it created and the new (replacement) one the second:
// the one it made once the first was evicted, deleted, rolled over or
// failed. Of the workload named, or of the scenario's one workload.
var agedPod = `the (old|original|new|replacement) pod(?: of (` + ownerKinds + `) "([^"]*)")?\b`

// agedWords are agedPod's words and the pod each names.
var agedWords = map[string]int{"old": 1, "original": 1, "new": 2, "replacement": 2}

// agedPodAlt is agedPod in a phrase's pattern, nothing captured.
var agedPodAlt = `the (?:old|original|new|replacement) pod(?: of (?:` + ownerKinds + `) "[^"]*")?`

// namedOwner fills in the workload a reference leaves unnamed: for a pod by
// its revision, the scenario's one Deployment; for a pod said old or
// new, the scenario's one workload, which must run one pod at a time.
func (r podRef) namedOwner(pl *Plan) (podRef, error) {
	if r.aged || r.only {
		return r.ofTheWorkload(pl)
	}
	if r.revision == 0 || r.rs != "" {
		return r, nil
	}
	var names []string
	for _, d := range pl.work.deployments {
		names = append(names, d.d.Name)
	}
	switch len(names) {
	case 0:
		return r, inputErr("a pod of revision %d is a Deployment's, and the scenario declares none", r.revision)
	case 1:
	default:
		return r, inputErr("a pod of revision %d names no deployment, and the scenario declares %d (%s): say `of deployment \"x\"`", r.revision, len(names), strings.Join(names, ", "))
	}
	r.rs = names[0]
	return r, nil
}

// ofTheWorkload is an old or new pod's workload and its check: one pod at
// a time, or old and new would not say which.
func (r podRef) ofTheWorkload(pl *Plan) (podRef, error) {
	type one struct {
		kind, name string
		pods       int32
	}
	var all []one
	for _, rs := range pl.disr.sets {
		all = append(all, one{"", rs.name, rs.replicas})
	}
	for _, d := range pl.work.deployments {
		all = append(all, one{"deployment", d.d.Name, ptrOr(d.d.Spec.Replicas, 1)})
	}
	for _, j := range pl.work.jobs {
		all = append(all, one{"job", j.j.Name, ptrOr(j.j.Spec.Parallelism, 1)})
	}
	word := map[int]string{1: "old", 2: "new"}[r.n]
	var w *one
	if r.rs != "" {
		for i := range all {
			if all[i].kind == r.owner && all[i].name == r.rs {
				w = &all[i]
			}
		}
		if w == nil {
			return r, nil // the workload's own check says it is not declared
		}
	} else {
		if len(all) != 1 {
			var names []string
			for _, o := range all {
				names = append(names, fmt.Sprintf("%q", o.name))
			}
			return r, inputErr("the %s pod names no workload, and the scenario declares %d (%s): say `the %s pod of deployment \"x\"` (or of replica set, of job)", word, len(all), strings.Join(names, ", "), word)
		}
		w = &all[0]
	}
	if w.pods != 1 && r.only {
		return r, inputErr("the pod of %s %q: it runs %d pods at a time, so `the pod` does not say which; say `the first pod of …` (the second, the third: in the order they were created)", kindOrRS(w.kind), w.name, w.pods)
	}
	if w.pods != 1 {
		return r, inputErr("the %s pod of %q: it runs %d pods at a time, so old and new do not say which; say `the first pod of …` (the second, the third: in the order they were created)", word, w.name, w.pods)
	}
	r.rs, r.owner = w.name, w.kind
	return r, nil
}

// kindOrRS is a workload's kind as podRef.owner gives it, a replica
// set's being "".
func kindOrRS(owner string) string {
	if owner == "" {
		return "replica set"
	}
	return owner
}

// ptrOr is *p, or def when p is nil.
func ptrOr(p *int32, def int32) int32 {
	if p == nil {
		return def
	}
	return *p
}
