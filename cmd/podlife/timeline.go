package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
)

// cmdTimeline runs one scenario, named by FILE:LINE (the Scenario line, a
// line inside it, or an outline's example row), on the simulator and
// prints its timeline; --svg writes its chart. It reports whether the
// scenario failed.
func cmdTimeline(args []string, stdout, stderr io.Writer) (bool, error) {
	fs := flag.NewFlagSet("podlife timeline", flag.ContinueOnError)
	fs.SetOutput(stderr)
	// The flag package takes a back-quoted word of a usage text as the
	// value's name: quoting "podlife run" there printed "-seed podlife run".
	seed := fs.Int64("seed", 1, "run seed `N` (the scenario's seed derives from it and its place, as in podlife run)")
	kubelet := fs.String("kubelet-version", "", "kubelet version `V` to model (default 1.36; @kubelet: tags win)")
	all := fs.Bool("all", false, "print every event, the API's bookkeeping (conditions, Kubernetes Events) included")
	svg := fs.String("svg", "", "also write the timeline chart as SVG to `OUT`")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: podlife timeline [--seed N] [--kubelet-version V] [--all] [--svg OUT] FILE:LINE\n\n"+
			"Runs the scenario at FILE:LINE (its Scenario line, a line inside it, or an\n"+
			"outline's example row) on the simulator and prints its timeline.\n\n")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return false, err
	}
	if err := checkKubeletVersion(*kubelet, simdriver.New()); err != nil {
		return false, err
	}
	if len(pos) != 1 {
		fs.Usage()
		return false, fmt.Errorf("timeline: want one FILE:LINE")
	}
	file, line, err := splitPlace(pos[0])
	if err != nil {
		return false, err
	}
	_, scs, problems := runner.Load([]string{file})
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintln(stderr, p.Error())
		}
		return false, errBadInput
	}
	sc, err := pick(scs, file, line)
	if err != nil {
		return false, err
	}
	d := simdriver.New()
	if problems := runner.Lint([]*runner.Scenario{sc}, d); len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintln(stderr, p.Error())
		}
		fmt.Fprintf(stderr, "%d problem(s); nothing was run\n", len(problems))
		return false, errBadInput
	}
	intr := watchInterrupts(stderr)
	defer intr.stop()
	res := runner.Run(intr.ctx, sc, runner.Options{Driver: d, Seed: *seed, KubeletVersion: *kubelet})
	fmt.Fprint(stdout, res.Lifecycle(*all))
	if *svg != "" {
		f, err := os.Create(*svg)
		if err != nil {
			return false, err
		}
		if err := report.ChartSVG(f, res); err != nil {
			f.Close()
			return false, err
		}
		if err := f.Close(); err != nil {
			return false, err
		}
		fmt.Fprintf(stdout, "chart: %s\n", *svg)
	}
	if in := interruptedBy(intr.ctx); in != nil && res.Status == report.Interrupted {
		// Cut off: neither passed nor failed, as podlife run says.
		return false, in
	}
	return res.Status == report.Failed, nil
}

// splitPlace splits "path:line". A line that is not a number of 1 or
// more, after a path that is a file, says where the file's scenarios are:
// the reader wanted one of them.
func splitPlace(s string) (string, int, error) {
	i := strings.LastIndexByte(s, ':')
	if i <= 0 {
		return "", 0, fmt.Errorf("%q: want FILE:LINE, e.g. features/termination/sidecars.feature:128", s)
	}
	file, num := s[:i], s[i+1:]
	n, err := strconv.Atoi(num)
	if err == nil && n >= 1 {
		return file, n, nil
	}
	why := fmt.Sprintf("%q is not a line number", num)
	if err == nil {
		why = "line numbers start at 1"
	}
	switch lines := scenarioLines(file); {
	case len(lines) == 1:
		return "", 0, fmt.Errorf("%s: %s; the scenario of %s is at line %s", s, why, file, lines[0])
	case len(lines) > 1:
		return "", 0, fmt.Errorf("%s: %s; the scenarios of %s are at lines %s", s, why, file, strings.Join(lines, ", "))
	}
	return "", 0, fmt.Errorf("%s: %s", s, why)
}

// scenarioLines lists the lines a FILE:LINE can name in a feature file
// (each scenario's, each example row's); none when it does not load.
func scenarioLines(file string) []string {
	if fi, err := os.Stat(file); err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	_, scs, problems := runner.Load([]string{file})
	if len(problems) > 0 {
		return nil
	}
	var lines []string
	for _, sc := range scs {
		lines = append(lines, strconv.Itoa(sc.Line))
	}
	return lines
}

// pick finds the scenario at a line: a pickle's own line (a scenario or an
// example row), else the scenario whose text holds the line. An outline's
// other lines are ambiguous: the error lists its rows.
func pick(scs []*runner.Scenario, file string, line int) (*runner.Scenario, error) {
	if b, err := os.ReadFile(file); err == nil {
		if n := strings.Count(string(b), "\n") + 1; line > n {
			return nil, fmt.Errorf("%s:%d: the file has %d lines", file, line, n)
		}
	}
	for _, sc := range scs {
		if sc.Line == line {
			return sc, nil
		}
	}
	// The last scenario starting at or before the line.
	start := 0
	for _, sc := range scs {
		if sc.ScenarioLine <= line && sc.ScenarioLine > start {
			start = sc.ScenarioLine
		}
	}
	var in []*runner.Scenario
	for _, sc := range scs {
		if sc.ScenarioLine == start {
			in = append(in, sc)
		}
	}
	switch {
	case len(in) == 1 && in[0].Line == in[0].ScenarioLine:
		return in[0], nil
	case len(in) > 1 || (len(in) == 1 && in[0].Line != in[0].ScenarioLine):
		var rows []string
		for _, sc := range in {
			rows = append(rows, strconv.Itoa(sc.Line))
		}
		return nil, fmt.Errorf("%s:%d: this is a Scenario Outline; give the line of one example row: %s",
			file, line, strings.Join(rows, ", "))
	}
	var lines []string
	for _, sc := range scs {
		lines = append(lines, strconv.Itoa(sc.Line))
	}
	return nil, fmt.Errorf("%s:%d: no scenario here (scenarios at lines %s)", file, line, strings.Join(lines, ", "))
}
