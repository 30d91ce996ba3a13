package steps

import (
	"fmt"
	"strings"
	"testing"

	"github.com/podlife/podlife/pkg/driver"
)

// TestJoinRequestsCutsADrainsRetries: a drain retrying every 5 s for ten
// minutes is described by its first and last requests and the counts
// between (blind set 19's failure listed 266 of them); a short list is
// whole.
func TestJoinRequestsCutsADrainsRetries(t *testing.T) {
	mk := func(n int) ([]string, []driver.EvictionRequest) {
		var parts []string
		var es []driver.EvictionRequest
		for i := range n {
			code := int32(429)
			if i == 0 || i == 9 {
				code = 201
			}
			es = append(es, driver.EvictionRequest{Code: code})
			parts = append(parts, fmt.Sprintf("r%d", i))
		}
		return parts, es
	}
	parts, es := mk(12)
	if got := joinRequests(parts, es); strings.Count(got, ";") != 11 || strings.Contains(got, "more") {
		t.Errorf("12 requests: want all, got %q", got)
	}
	parts, es = mk(40)
	got := joinRequests(parts, es)
	if !strings.HasPrefix(got, "r0; r1;") || !strings.HasSuffix(got, "r37; r38; r39") || !strings.Contains(got, "… 29 more (28 refused, 1 accepted) …") || strings.Contains(got, "r20") {
		t.Errorf("40 requests: want the first 8, the last 3 and the 29 between counted, got %q", got)
	}
}
