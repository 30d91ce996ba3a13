package runner

import (
	"strings"
	"testing"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
)

// TestLintSaysACountUnquoted: a count written in quotes, which a phrase's
// count slot takes whole and refuses, is told with the step written
// without them (held-out set 51: `shows RESTARTS "1" within 35s` was told
// `"\"1\"" is not a count` and nothing more).
func TestLintSaysACountUnquoted(t *testing.T) {
	t.Parallel()
	problems := Lint(load(t, "testdata/quoted-count.feature"), simdriver.New())
	want := []string{
		`testdata/quoted-count.feature:6: "\"1\"" is not a count; a count is written without quotes: Then the pod "worker" shows RESTARTS 1 within 35s`,
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.Error())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}
