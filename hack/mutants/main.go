// Command mutants is the proof that verdicts can fail.
//
//	go run ./hack/mutants gen --out DIR [--shift 1s] FILE:LINE...
//	go run ./hack/mutants check --out DIR REPORT_DIR/results.json
//	go run ./hack/mutants sim [--seed N] [PATH...]
//
// gen and check are the live proof: gen writes copies of scenarios with
// one timed expectation shifted by a second (each expectation, each way),
// each copy holding that scenario alone; after they ran on a live cluster
// check says whether every copy failed, at the step that was shifted.
// `make test-live-mutants` runs both around the live suite
// (hack/test-live.sh with PODLIFE_MUTANTS set). The expectations shifted
// are those with a bound on both sides, which a live window widened by
// the driver's measured precision must still reject: `at T`, `between A
// and B`, `N after SIGTERM`, the `at` column of timeline tables
// (internal/mutation's LiveShift); a bound at 0 is shifted later only
// (durations are never negative). `within D` and `not … after T` are not
// shifted: a window that starts at t=0, or a state that must not hold,
// would pass a shift one way by design.
//
// sim is the whole proof on the simulator, every class of mutation of
// internal/mutation over the scenarios (features/ by default), as the
// test of internal/mutation runs it under `go test ./...`: it prints the
// killed, the survivors each rule explains and the unexplained ones, and
// exits 1 when a mutant is neither killed nor explained.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	messages "github.com/cucumber/messages/go/v21"

	"github.com/podlife/podlife/internal/mutation"
	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/runner"
)

// Mutant is one shifted copy of a scenario, as gen writes it in the
// manifest for check.
type Mutant struct {
	// File and Line are the copy's feature file and its scenario's line
	// (an outline's example row).
	File string `json:"file"`
	Line int    `json:"line"`
	// Source is the original scenario (FILE:LINE), StepLine the shifted
	// step's line (a timeline table's step line for a row), Was and Now
	// its text before and after.
	Source   string `json:"source"`
	StepLine int    `json:"stepLine"`
	Was      string `json:"was"`
	Now      string `json:"now"`
}

const manifestName = "mutants.json"

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: mutants gen --out DIR [--shift 1s] FILE:LINE... | mutants check --out DIR RESULTS.json | mutants sim [--seed N] [PATH...]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = gen(os.Args[2:])
	case "check":
		err = check(os.Args[2:])
	case "sim":
		err = sim(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (gen, check, sim)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutants:", err)
		var f failed
		if errors.As(err, &f) {
			os.Exit(1)
		}
		os.Exit(2)
	}
}

type failed struct{ msg string }

func (f failed) Error() string { return f.msg }

func gen(args []string) error {
	fs := flag.NewFlagSet("mutants gen", flag.ContinueOnError)
	out := fs.String("out", "", "the folder to write the mutants into")
	shift := fs.Duration("shift", time.Second, "how far each expectation is shifted, each way")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return fmt.Errorf("gen needs --out and at least one FILE:LINE")
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", *out, err)
	}
	var all []Mutant
	for _, arg := range fs.Args() {
		file, line, err := splitFileLine(arg)
		if err != nil {
			return err
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			return fmt.Errorf("reading %s: %w", arg, err)
		}
		ms, err := mutate(file, string(raw), line, *shift)
		if err != nil {
			return fmt.Errorf("%s: %w", arg, err)
		}
		if len(ms) == 0 {
			return fmt.Errorf("%s: no timed expectation to shift", arg)
		}
		for _, m := range ms {
			n := len(all) + 1
			dir := filepath.Join(*out, fmt.Sprintf("m%03d", n))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return fmt.Errorf("creating %s: %w", dir, err)
			}
			m.File = filepath.Join(dir, filepath.Base(file))
			m.Source = arg
			if err := os.WriteFile(m.File, []byte(m.text), 0o644); err != nil {
				return fmt.Errorf("writing the mutant of %s: %w", arg, err)
			}
			all = append(all, m.Mutant)
		}
	}
	b, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(*out, manifestName), b, 0o644); err != nil {
		return fmt.Errorf("writing the manifest: %w", err)
	}
	for _, m := range all {
		fmt.Printf("%s:%d\n", m.File, m.Line)
	}
	return nil
}

func splitFileLine(arg string) (string, int, error) {
	i := strings.LastIndexByte(arg, ':')
	if i < 0 {
		return "", 0, fmt.Errorf("%q is not FILE:LINE", arg)
	}
	n, err := strconv.Atoi(arg[i+1:])
	if err != nil || n < 1 {
		return "", 0, fmt.Errorf("%q is not FILE:LINE", arg)
	}
	return arg[:i], n, nil
}

type mutant struct {
	Mutant
	text string
}

// mutate returns the shifted copies of the scenario at line (its
// Scenario line: every example row of an outline; or one example row),
// each holding that scenario (that row) alone.
func mutate(path, text string, line int, shift time.Duration) ([]mutant, error) {
	_, scs, probs := runner.ParseFeature(path, []byte(text))
	if len(probs) > 0 {
		return nil, probs[0]
	}
	var out []mutant
	found := false
	for _, sc := range scs {
		if sc.Line != line && sc.ScenarioLine != line {
			continue
		}
		found = true
		ms, _, err := mutation.Generate(sc, nil, mutation.Options{Classes: []mutation.Class{mutation.Shift}, Only: mutation.LiveShift, By: shift})
		if err != nil {
			return nil, err
		}
		for _, m := range ms {
			out = append(out, mutant{
				Mutant: Mutant{Line: sc.Line, StepLine: m.StepLine, Was: m.Was, Now: m.Now},
				text:   alone(string(m.Content), sc),
			})
		}
	}
	if !found {
		return nil, fmt.Errorf("line %d is not a Scenario line or an example row", line)
	}
	return out, nil
}

// alone keeps the feature's header (its Background included) and this
// scenario, each on its own line numbers; the other scenarios are blanked
// and the outline's other example rows commented out, so that a run of
// the copy runs this scenario alone.
func alone(text string, sc *runner.Scenario) string {
	lines := strings.Split(text, "\n")
	doc := sc.Feature.Doc
	var starts []int // 0-based: each scenario's or rule's first line (its tags')
	this, end := -1, len(lines)
	start := func(line int64, tags []int64) int {
		s := int(line) - 1
		for _, t := range tags {
			s = min(s, int(t)-1)
		}
		return s
	}
	var keepRows map[int]bool
	for _, c := range doc.Feature.Children {
		switch {
		case c.Scenario != nil:
			s := start(c.Scenario.Location.Line, tagLines(c.Scenario.Tags))
			starts = append(starts, s)
			if c.Scenario.Id == sc.Pickle.AstNodeIds[0] {
				this = s
				keepRows = map[int]bool{}
				for _, ex := range c.Scenario.Examples {
					for _, row := range ex.TableBody {
						keepRows[int(row.Location.Line)-1] = len(sc.Pickle.AstNodeIds) < 2 || row.Id == sc.Pickle.AstNodeIds[1]
					}
				}
			}
		case c.Rule != nil:
			starts = append(starts, start(c.Rule.Location.Line, tagLines(c.Rule.Tags)))
		}
	}
	sort.Ints(starts)
	for _, s := range starts {
		if s > this {
			end = s
			break
		}
	}
	header := len(lines)
	if len(starts) > 0 {
		header = starts[0]
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		switch {
		case i < header:
			out[i] = l
		case i >= this && i < end:
			out[i] = l
			if keep, ok := keepRows[i]; ok && !keep {
				out[i] = "#" + l
			}
		}
	}
	return strings.Join(out, "\n")
}

func tagLines(tags []*messages.Tag) []int64 {
	var out []int64
	for _, t := range tags {
		out = append(out, t.Location.Line)
	}
	return out
}

// result is what check reads of a results.json entry.
type result struct {
	Feature string `json:"feature"`
	Line    int    `json:"line"`
	Status  string `json:"status"`
	Steps   []struct {
		Line   int    `json:"line"`
		Status string `json:"status"`
		Error  string `json:"error"`
	} `json:"steps"`
	Message string `json:"message"`
}

func check(args []string) error {
	fs := flag.NewFlagSet("mutants check", flag.ContinueOnError)
	out := fs.String("out", "", "the folder gen wrote the mutants into")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() != 1 {
		return fmt.Errorf("check needs --out and the run's results.json")
	}
	var ms []Mutant
	b, err := os.ReadFile(filepath.Join(*out, manifestName))
	if err != nil {
		return fmt.Errorf("reading the manifest: %w", err)
	}
	if err := json.Unmarshal(b, &ms); err != nil {
		return fmt.Errorf("reading the manifest: %w", err)
	}
	b, err = os.ReadFile(fs.Arg(0))
	if err != nil {
		return fmt.Errorf("reading the results: %w", err)
	}
	var rs []result
	if err := json.Unmarshal(b, &rs); err != nil {
		return fmt.Errorf("%s: %w", fs.Arg(0), err)
	}
	byKey := map[string]result{}
	for _, r := range rs {
		byKey[fmt.Sprintf("%s:%d", filepath.Clean(r.Feature), r.Line)] = r
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].File < ms[j].File })
	bad := 0
	for _, m := range ms {
		key := fmt.Sprintf("%s:%d", filepath.Clean(m.File), m.Line)
		r, ok := byKey[key]
		verdict := ""
		if !ok {
			rel, _ := filepath.Rel(".", m.File)
			if r2, ok2 := byKey[fmt.Sprintf("%s:%d", rel, m.Line)]; ok2 {
				r, ok = r2, true
			}
		}
		switch {
		case !ok:
			verdict = "NOT RUN"
		case r.Status == "passed":
			verdict = "PASSED: the shifted expectation was not rejected"
		case r.Status == "skipped":
			verdict = "SKIPPED: " + r.Message
		case r.Status == "interrupted":
			// Cut off by an interrupt: neither rejected nor passed.
			verdict = "INTERRUPTED: " + r.Message
		default:
			at := 0
			for _, s := range r.Steps {
				if s.Status == "failed" {
					at = s.Line
					break
				}
			}
			if at == m.StepLine {
				verdict = "rejected"
			} else {
				verdict = fmt.Sprintf("FAILED ELSEWHERE: at line %d, not the shifted line %d", at, m.StepLine)
			}
		}
		if verdict != "rejected" {
			bad++
		}
		fmt.Printf("%-10s %s  %s  (was: %s)\n", verdict, m.Source, m.Now, m.Was)
	}
	fmt.Printf("%d of %d shifted expectations rejected\n", len(ms)-bad, len(ms))
	if bad > 0 {
		return failed{fmt.Sprintf("%d shifted expectations were not rejected", bad)}
	}
	return nil
}

func sim(args []string) error {
	fs := flag.NewFlagSet("mutants sim", flag.ContinueOnError)
	seed := fs.Int64("seed", 1, "run seed, as `podlife run --seed`")
	if err := fs.Parse(args); err != nil {
		return err
	}
	paths := fs.Args()
	if len(paths) == 0 {
		paths = []string{"features"}
	}
	_, scs, probs := runner.Load(paths)
	if len(probs) > 0 {
		return fmt.Errorf("loading %s: %v", strings.Join(paths, ", "), probs[0])
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	run, err := mutation.Catalogue(ctx, scs, runner.Options{Driver: simdriver.New(), Seed: *seed}, mutation.Options{}, 0)
	if err != nil {
		return fmt.Errorf("running the mutants: %w", err)
	}
	run.Write(os.Stdout)
	if n := len(run.Failing()); n > 0 {
		return failed{fmt.Sprintf("%d mutants neither killed nor explained by a rule", n)}
	}
	return nil
}
