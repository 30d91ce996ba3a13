// Command mutants is the proof that live verdicts can fail: it writes
// copies of scenarios with one timed expectation shifted by a second
// (each expectation, each way), and after they ran on a live cluster
// checks that every copy failed, at the step that was shifted.
//
//	go run ./hack/mutants gen --out DIR [--shift 1s] FILE:LINE...
//	go run ./hack/mutants check --out DIR REPORT_DIR/results.json
//
// `make test-live-mutants` runs both around the live suite (hack/test-live.sh
// with PODLIFE_MUTANTS set). The expectations shifted are those with an
// absolute time: `at T`, `between A and B`, `N after SIGTERM`, and the
// `at` column of timeline tables; a bound at 0 is shifted later only
// (durations are never negative). `within D` and `not … after T` are not
// shifted: a window that starts at t=0, or a state that must not hold,
// would pass a shift one way by design.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Mutant is one shifted copy of a scenario.
type Mutant struct {
	// File and Line are the copy's feature file and its scenario's line.
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
		fmt.Fprintln(os.Stderr, "usage: mutants gen --out DIR [--shift 1s] FILE:LINE... | mutants check --out DIR RESULTS.json")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = gen(os.Args[2:])
	case "check":
		err = check(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (gen, check)", os.Args[1])
	}
	if err != nil {
		var f failed
		if errors.As(err, &f) {
			fmt.Fprintln(os.Stderr, "mutants:", err)
			os.Exit(1)
		}
		fmt.Fprintln(os.Stderr, "mutants:", err)
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
		return err
	}
	var all []Mutant
	for _, arg := range fs.Args() {
		file, line, err := splitFileLine(arg)
		if err != nil {
			return err
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		ms, err := mutate(string(raw), line, *shift)
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
				return err
			}
			m.File = filepath.Join(dir, filepath.Base(file))
			m.Source = arg
			if err := os.WriteFile(m.File, []byte(m.text), 0o644); err != nil {
				return err
			}
			all = append(all, m.Mutant)
		}
	}
	b, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(*out, manifestName), b, 0o644); err != nil {
		return err
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

var (
	durationRe = `(\d+(?:\.\d+)?(?:ms|s|m))`
	// The timed phrases of docs/language.md whose bounds are absolute.
	atRe          = regexp.MustCompile(`^(\s*(?:Then|And|But)\s.*\s(?:at|finishes at))\s` + durationRe + `((?:\swith code \S+)?)$`)
	betweenRe     = regexp.MustCompile(`^(\s*(?:Then|And|But)\s.*\sbetween\s)` + durationRe + `(\sand\s)` + durationRe + `$`)
	afterRe       = regexp.MustCompile(`^(\s*(?:Then|And|But)\s.*\sreceives SIGKILL\s)` + durationRe + `(\safter SIGTERM)$`)
	rowRe         = regexp.MustCompile(`^(\s*\|\s*)` + durationRe + `(\s*\|.*)$`)
	stepRe        = regexp.MustCompile(`^\s*(Given|When|Then|And|But)\s`)
	scenarioStart = regexp.MustCompile(`^\s*(@|Scenario|Example:|Rule:)`)
	headRe        = regexp.MustCompile(`^\s*(Scenario|Scenario Outline|Example|Background|Rule|Feature):|^\s*@`)
)

// mutate returns the shifted copies of the scenario at line.
func mutate(text string, line int, shift time.Duration) ([]mutant, error) {
	lines := strings.Split(text, "\n")
	if line > len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[line-1]), "Scenario") {
		return nil, fmt.Errorf("line %d is not a Scenario line", line)
	}
	end := len(lines)
	for i := line; i < len(lines); i++ {
		if headRe.MatchString(lines[i]) {
			end = i
			break
		}
	}
	// The copy keeps the feature's header (and background) and this
	// scenario, each on its own line numbers; other scenarios are blanked
	// so that the copy runs this one alone.
	start := line - 1
	for start > 0 && (strings.HasPrefix(strings.TrimSpace(lines[start-1]), "@") || strings.HasPrefix(strings.TrimSpace(lines[start-1]), "#")) {
		start--
	}
	header, feature := len(lines), false
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "Feature:") {
			feature = true
			continue
		}
		if feature && scenarioStart.MatchString(l) {
			header = i
			break
		}
	}
	kept := make([]string, len(lines))
	for i, l := range lines {
		if i < header || (i >= start && i < end) {
			kept[i] = l
		}
	}
	var out []mutant
	add := func(i, stepLine int, now string) {
		cp := append([]string(nil), kept...)
		cp[i] = now
		out = append(out, mutant{Mutant: Mutant{Line: line, StepLine: stepLine, Was: strings.TrimSpace(lines[i]), Now: strings.TrimSpace(now)}, text: strings.Join(cp, "\n")})
	}
	shifted := func(d string, by time.Duration) (string, bool) {
		v, err := time.ParseDuration(d)
		if err != nil || v+by < 0 {
			return "", false
		}
		return fmtDuration(v + by), true
	}
	stepLine := 0
	inDoc := false
	for i := line; i < end; i++ {
		l := lines[i]
		if t := strings.TrimSpace(l); strings.HasPrefix(t, `"""`) || strings.HasPrefix(t, "```") {
			inDoc = !inDoc
			continue
		}
		if inDoc {
			continue
		}
		if stepRe.MatchString(l) {
			stepLine = i + 1
		}
		for _, by := range []time.Duration{-shift, shift} {
			switch {
			case atRe.MatchString(l):
				m := atRe.FindStringSubmatch(l)
				if d, ok := shifted(m[2], by); ok {
					add(i, i+1, m[1]+" "+d+m[3])
				}
			case betweenRe.MatchString(l):
				m := betweenRe.FindStringSubmatch(l)
				a, ok1 := shifted(m[2], by)
				b, ok2 := shifted(m[4], by)
				if ok1 && ok2 {
					add(i, i+1, m[1]+a+m[3]+b)
				}
			case afterRe.MatchString(l):
				m := afterRe.FindStringSubmatch(l)
				if d, ok := shifted(m[2], by); ok {
					add(i, i+1, m[1]+d+m[3])
				}
			case rowRe.MatchString(l) && stepLine > 0:
				m := rowRe.FindStringSubmatch(l)
				if d, ok := shifted(m[2], by); ok {
					add(i, stepLine, m[1]+d+m[3])
				}
			}
		}
	}
	return out, nil
}

// fmtDuration writes a duration as a scenario would: 3s, 2.5s, 500ms.
func fmtDuration(d time.Duration) string {
	if d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	}
	if d < time.Second {
		return strconv.FormatInt(d.Milliseconds(), 10) + "ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
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
		return err
	}
	if err := json.Unmarshal(b, &ms); err != nil {
		return err
	}
	b, err = os.ReadFile(fs.Arg(0))
	if err != nil {
		return err
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
		switch {
		case !ok:
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
