package live

import (
	"errors"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/util/retry"
)

// A pod refused because its namespace's default ServiceAccount is not
// there yet is created again; any other refusal is the scenario's
// (a quota, a policy) and is not.
func TestCreateWaitsForTheNamespacesServiceAccount(t *testing.T) {
	pods := schema.GroupResource{Resource: "pods"}
	noSA := apierrors.NewForbidden(pods, "web", errors.New(`error looking up service account podlife-critical-34-cc5d49/default: serviceaccount "default" not found`))
	quota := apierrors.NewForbidden(pods, "web", errors.New(`exceeded quota: compute, requested: cpu=2, used: cpu=1, limited: cpu=2`))
	for _, c := range []struct {
		name  string
		err   error
		retry bool
	}{
		{"the account not made yet", noSA, true},
		{"a quota's refusal", quota, false},
		{"the namespace gone", apierrors.NewNotFound(schema.GroupResource{Resource: "namespaces"}, "x"), false},
	} {
		if got := noServiceAccountYet(c.err); got != c.retry {
			t.Errorf("%s: retried %v, want %v", c.name, got, c.retry)
		}
	}
	calls := 0
	err := retry.OnError(saBackoff, noServiceAccountYet, func() error {
		if calls++; calls < 3 {
			return noSA
		}
		return nil
	})
	if err != nil || calls != 3 {
		t.Errorf("two refusals for the account, then created: %d calls, %v", calls, err)
	}
	calls = 0
	if err := retry.OnError(saBackoff, noServiceAccountYet, func() error { calls++; return quota }); err == nil || calls != 1 {
		t.Errorf("a quota's refusal: %d calls, %v; want 1 call and the refusal", calls, err)
	}
}
