package steps

import (
	"fmt"
	"testing"

	"github.com/cucumber/godog"
	messages "github.com/cucumber/messages/go/v21"

	"github.com/podlife/podlife/internal/deadline"
	"github.com/podlife/podlife/pkg/evictionapi"
)

// FuzzArguments feeds the same strings to every argument parser of the
// vocabulary: each returns a value that keeps its promise (durations and
// quantities not negative, a window not reversed, names not empty) or an
// input error, never a panic. The corpus is under testdata/fuzz.
func FuzzArguments(f *testing.F) {
	for _, seed := range [][2]string{
		{"3s", "5s"}, {"1m30s", "500ms"}, {"30", "-1s"}, {"256Mi", "500m"}, {"137", "2"},
		{`"app", "proxy" and "logger"`, "SIGTERM"}, {"dedicated=db:NoSchedule", "Running"},
		{"9223372036854775807s", "1e400"}, {`"`, `""`},
		{"memory.available<500Mi,nodefs.available<10.5%", "pid.available<0%"},
	} {
		f.Add(seed[0], seed[1])
	}
	pl := &Plan{}
	if err := pl.declare("web", nil, podFields{}); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		deadline.Run(t, deadline.PerInput, fmt.Sprintf("the argument parsers on %q, %q", a, b), func() {
			check := func(what string, err error) {
				if err != nil && !IsInputError(err) {
					t.Errorf("%s(%q): %v is not an input error", what, a, err)
				}
			}
			if d, err := parseDuration(a); err == nil && d < 0 {
				t.Errorf("parseDuration(%q) = %v", a, d)
			} else {
				check("parseDuration", err)
			}
			if n, err := parseSeconds(a); err == nil && n < 0 {
				t.Errorf("parseSeconds(%q) = %d", a, n)
			} else {
				check("parseSeconds", err)
			}
			if q, err := parseQuantity(a); err == nil && q.Sign() < 0 {
				t.Errorf("parseQuantity(%q) = %s", a, q.String())
			} else {
				check("parseQuantity", err)
			}
			if n, err := parseExitCode(a); err == nil && (n < 0 || n > 255) {
				t.Errorf("parseExitCode(%q) = %d", a, n)
			} else {
				check("parseExitCode", err)
			}
			if n, err := parseCount(a); err == nil && n < 0 {
				t.Errorf("parseCount(%q) = %d", a, n)
			} else {
				check("parseCount", err)
			}
			if lo, hi, err := window(a, b); err == nil && hi < lo {
				t.Errorf("window(%q, %q) = %v..%v", a, b, lo, hi)
			}
			if names, err := quoted(a); err == nil {
				for _, n := range names {
					if n == "" || len(names) == 0 {
						t.Errorf("quoted(%q) = %q", a, names)
					}
				}
			} else {
				check("quoted", err)
			}
			if ts, err := parseThresholds(a); err == nil {
				// What the steps parsed, the simulator and the live
				// driver take as it is.
				if verr := (evictionapi.Config{Hard: ts}).Validate(); verr != nil {
					t.Errorf("parseThresholds(%q) = %v, which the configuration refuses: %v", a, ts, verr)
				}
			} else {
				check("parseThresholds", err)
			}
			_, err := parseSignal(a)
			check("parseSignal", err)
			_, err = parsePodState(a)
			check("parsePodState", err)
			_, err = parseTaint(a)
			check("parseTaint", err)
			table := &godog.Table{Rows: []*messages.PickleTableRow{
				{Cells: []*messages.PickleTableCell{{Value: "at"}, {Value: "container"}, {Value: "event"}}},
				{Cells: []*messages.PickleTableCell{{Value: a}, {Value: "app"}, {Value: b}}},
			}}
			_, err = pl.timelineRows("web", table)
			check("timelineRows", err)
		})
	})
}
