package steps_test

import "testing"

// features/language/ninety-third-drafts.feature: a pod under a size-less
// threshold said kept; a probe's failing code said a success, or the kill
// it brings said a second early; a readiness path said to fail for good.
var ninetyThirdFalseCopies = []falseCopy{
	{"the pod under the threshold said kept", 22,
		`Then the pod "ledger" is evicted within 20s`, `Then the pod "ledger" is never evicted`, `evicted`, nil},
	{"the liveness path's 500 said a redirect", 30,
		`then with HTTP 500`, `then with HTTP 302`, `SIGTERM`, []int{46, 47}},
	{"the liveness kill said a second early", 30,
		`receives SIGTERM at 50s`, `receives SIGTERM at 49s`, `SIGTERM`, []int{46, 47}},
	{"the readiness path said to fail for good", 50,
		`then HTTP 200`, `then HTTP 404`, `Ready`, []int{65}},
}

func TestNinetyThirdDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/ninety-third-drafts.feature", ninetyThirdFalseCopies)
}
