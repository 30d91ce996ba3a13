package steps_test

import "testing"

// features/language/ninety-third-drafts.feature: a bound pod said on
// the node the scheduler would have chosen; a pod under a size-less
// threshold said kept; a probe's failing code said a success, or the kill
// it brings said a second early; a readiness path said to fail for good.
var ninetyThirdFalseCopies = []falseCopy{
	{"the pod bound to one node said on the other, where an unbound pod goes", 10,
		`is scheduled on node "edge-1"`, `is scheduled on node "edge-2"`, `edge-2`, nil},
	{"the pod under the threshold said kept", 23,
		`Then the pod "ledger" is evicted within 20s`, `Then the pod "ledger" is never evicted`, `evicted`, nil},
	{"the liveness path's 500 said a redirect", 31,
		`then with HTTP 500`, `then with HTTP 302`, `SIGTERM`, []int{47, 48}},
	{"the liveness kill said a second early", 31,
		`receives SIGTERM at 50s`, `receives SIGTERM at 49s`, `SIGTERM`, []int{47, 48}},
	{"the readiness path said to fail for good", 51,
		`then HTTP 200`, `then HTTP 404`, `Ready`, []int{66}},
}

func TestNinetyThirdDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/ninety-third-drafts.feature", ninetyThirdFalseCopies)
}
