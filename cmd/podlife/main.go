// Command podlife runs pod-lifecycle scenarios written in Gherkin against
// a driver (the built-in simulator by default), checks them without
// running them, lists the step vocabulary, shows one scenario's timeline
// and compares two runs.
//
//	podlife run [--driver sim] [--seed N] [--seeds N] [--tags EXPR] [--report DIR] [--kubelet-version V] [--timeout D]
//	            [--format progress|pretty|junit|cucumber] [--fail-fast] [-v] [PATH...]
//	podlife lint [--driver sim] PATH...
//	podlife steps [--markdown]
//	podlife timeline [--seed N] [--all] [--svg OUT] FILE:LINE
//	podlife report --diff [--tolerance D] [--out FILE] [--explained FILE] DIR_A DIR_B
//	podlife cleanup --run ID [--kubeconfig F] [--delete-cluster NAME]
//	podlife version [--json]
//	podlife init [DIR]
//
// Exit codes: 0 all passed (no divergence but explained ones), 1 a
// scenario failed (the runs diverged), 2 bad input (nothing ran, or
// compared), 3 no expectation failed but the cluster broke under a
// scenario (infrastructure errors only). An interrupted run exits 130 on SIGINT, 143 on SIGTERM and
// 124 when its --timeout passed: the scenarios it cut off are reported
// interrupted, not failed, and its last lines say so (interrupt.go).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	livedriver "github.com/podlife/podlife/pkg/driver/live"
	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/kubelet/releases"
	"github.com/podlife/podlife/pkg/language"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/pkg/shard"
	"github.com/podlife/podlife/pkg/version"
	"github.com/podlife/podlife/steps"
)

const usage = `podlife: a conformance suite and scenario language for the Kubernetes pod lifecycle.

Usage:
  podlife run [flags] [PATH...]   run the scenarios of feature files or folders
                                  (default: features/)
  podlife lint [flags] [PATH...]  check scenarios without running them
  podlife steps [--markdown]      list every step phrase with an example
                                  (--markdown: the language reference, docs/language.md)
  podlife timeline [flags] FILE:LINE
                                  run one scenario on the simulator and print its
                                  timeline (--svg OUT writes the chart)
  podlife report --diff A B       compare two runs' report folders (reports/sim
                                  reports/live) and write a page of what differs;
                                  docs/divergences.yaml lists what is explained
  podlife cleanup --run ID        delete what a live run left on a cluster (only
                                  what carries its label)
  podlife version [--json]        podlife's version (its git revision), the Kubernetes
                                  version the simulator models and its default kubelet profile
  podlife init [DIR]              write a starter: a feature file with two scenarios
                                  that pass, and a CI workflow that runs them

Run 'podlife <command> -h' for the flags.
Exit codes: 0 all passed, 1 a scenario failed (report: the runs diverged,
unexplained), 2 bad input (nothing ran; report: nothing compared), 3 no
expectation failed but the cluster broke under a scenario; an
interrupted run: 130 on SIGINT, 143 on SIGTERM, 124 when --timeout passed.
`

// errBadInput marks problems with what the user gave: exit code 2.
var errBadInput = errors.New("bad input")

// errBroke ends a run whose only failures are infrastructure errors (the
// cluster broke under them; no expectation was found false): exit code 3,
// its lines printed already.
var errBroke = errors.New("infrastructure errors only")

// errHelp is -h or --help given to a command: its usage was printed, exit 0.
var errHelp = errors.New("help")

// parseInterleaved parses flags that may come before, between or after
// the positional arguments (`run features --seed 3`, `timeline FILE:LINE
// --svg out.svg`), which the flag package alone does not; after `--`
// every argument is positional. -h and --help give errHelp; a bad flag
// (the flag package printed it) errBadInput.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, errBadInput
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "run":
		var failed bool
		failed, err = cmdRun(args[1:], stdout, stderr)
		if err == nil && failed {
			return 1
		}
	case "lint":
		err = cmdLint(args[1:], stdout, stderr)
	case "steps":
		err = stepsCommand(args[1:], stdout, stderr)
	case "cleanup":
		err = cmdCleanup(args[1:], stdout, stderr)
	case "version":
		err = cmdVersion(args[1:], stdout, stderr)
	case "init":
		err = cmdInit(args[1:], stdout, stderr)
	case "timeline":
		var failed bool
		failed, err = cmdTimeline(args[1:], stdout, stderr)
		if err == nil && failed {
			return 1
		}
	case "report":
		var diverged bool
		diverged, err = cmdReport(args[1:], stdout, stderr)
		if err == nil && diverged {
			return 1
		}
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
	default:
		fmt.Fprintf(stderr, "podlife: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	if err == errHelp {
		return 0
	}
	if err == errBroke {
		return 3
	}
	var in *interruption
	if errors.As(err, &in) {
		// An interrupted run: its last lines said so.
		return in.exitCode()
	}
	if err != nil {
		// The bare errBadInput means its problems were printed already.
		if err != errBadInput {
			fmt.Fprintf(stderr, "podlife: %v\n", err)
		}
		return 2
	}
	return 0
}

func newDriver(name string, live *liveFlags, stderr io.Writer) (driver.Driver, error) {
	switch name {
	case "sim":
		return simdriver.New(), nil
	case "live":
		return live.driver(stderr), nil
	}
	return nil, fmt.Errorf("unknown driver %q (drivers: sim, live)", name)
}

// place is a FILE:LINE argument: one scenario or one example row.
type place struct {
	file string
	line int
}

// asPlace reads "path:line" when path is a file and the argument itself is
// not (a folder named "x:1" stays a folder). A file with a line that is
// not one (FILE:0, FILE:x) is an error, not a path that does not exist.
func asPlace(arg string) (place, bool, error) {
	if _, err := os.Stat(arg); err == nil {
		return place{}, false, nil
	}
	i := strings.LastIndexByte(arg, ':')
	if i <= 0 {
		return place{}, false, nil
	}
	if fi, err := os.Stat(arg[:i]); err != nil || fi.IsDir() {
		return place{}, false, nil
	}
	file, line, err := splitPlace(arg)
	if err != nil {
		return place{}, false, err
	}
	return place{file, line}, true, nil
}

// pickPlaces keeps the scenarios of whole paths and the one each place
// names; a place in a file also given whole adds nothing.
func pickPlaces(scs []*runner.Scenario, paths []string, places []place) ([]*runner.Scenario, error) {
	wanted := map[string]bool{}
	for _, pl := range places {
		var in []*runner.Scenario
		for _, sc := range scs {
			if filepath.Clean(sc.Feature.Path) == filepath.Clean(pl.file) {
				in = append(in, sc)
			}
		}
		sc, err := pick(in, pl.file, pl.line)
		if err != nil {
			return nil, err
		}
		wanted[sc.ID()] = true
	}
	whole := func(sc *runner.Scenario) bool {
		for _, p := range paths {
			if _, ok, _ := asPlace(p); ok {
				continue
			}
			rel, err := filepath.Rel(filepath.Clean(p), filepath.Clean(sc.Feature.Path))
			if err == nil && !strings.HasPrefix(rel, "..") {
				return true
			}
		}
		return false
	}
	var out []*runner.Scenario
	seen := map[string]bool{}
	for _, sc := range scs {
		if (wanted[sc.ID()] || whole(sc)) && !seen[sc.ID()] {
			seen[sc.ID()] = true
			out = append(out, sc)
		}
	}
	return out, nil
}

// unique drops a scenario loaded twice (a folder and a file in it both given).
func unique(scs []*runner.Scenario) []*runner.Scenario {
	seen := map[string]bool{}
	out := scs[:0:0]
	for _, sc := range scs {
		if !seen[sc.ID()] {
			seen[sc.ID()] = true
			out = append(out, sc)
		}
	}
	return out
}

// loadNoted parses, selects and lints (every problem printed as
// file:line), and returns lint's notes (runner.Check).
func loadNoted(paths []string, tags string, d driver.Driver, stderr io.Writer) ([]*runner.Scenario, []runner.Note, error) {
	if len(paths) == 0 {
		// godog's default, and where podlife init puts them.
		if fi, err := os.Stat("features"); err != nil || !fi.IsDir() {
			return nil, nil, fmt.Errorf("no feature files or folders given, and no features/ folder here")
		}
		paths = []string{"features"}
	}
	filter, err := runner.ParseFilter(tags)
	if err != nil {
		return nil, nil, err
	}
	var files []string
	var places []place
	for _, p := range paths {
		pl, ok, err := asPlace(p)
		if err != nil {
			return nil, nil, err
		}
		if ok {
			places = append(places, pl)
			files = append(files, pl.file)
			continue
		}
		files = append(files, p)
	}
	_, scs, problems := runner.Load(files)
	scs = unique(scs)
	if len(places) > 0 && len(problems) == 0 {
		if scs, err = pickPlaces(scs, paths, places); err != nil {
			return nil, nil, err
		}
	}
	selected := runner.Select(scs, filter)
	lintProblems, notes := runner.Check(selected, d)
	problems = append(problems, lintProblems...)
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintln(stderr, p.Error())
		}
		// A warning is on the text the author is about to mend, so it is
		// said with the problems (an action written under Then).
		for _, n := range notes {
			if n.Warning {
				fmt.Fprintln(stderr, n)
			}
		}
		fmt.Fprintf(stderr, "%d problem(s); nothing was run\n", len(problems))
		return nil, nil, errBadInput
	}
	if len(selected) == 0 {
		if tags != "" {
			return nil, nil, fmt.Errorf("--tags %q selects no scenario (of %d)", tags, len(scs))
		}
		return nil, nil, fmt.Errorf("no scenario found in %s", strings.Join(paths, ", "))
	}
	return selected, notes, nil
}

func cmdRun(args []string, stdout, stderr io.Writer) (bool, error) {
	fs := flag.NewFlagSet("podlife run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	drvName := fs.String("driver", "sim", "where scenarios run: sim (the built-in simulator) or live (a cluster; see the live flags)")
	live := addLiveFlags(fs)
	seed := fs.Int64("seed", 1, "run seed; each scenario's seed derives from it and the scenario's place")
	seeds := fs.Int("seeds", 1, "run each scenario over `N` run seeds (--seed and the N-1 after it; simulator only): a scenario fails if it fails on any, and says on which and how to run the first again")
	tags := fs.String("tags", "", "tag expression selecting scenarios (Ginkgo label syntax: 'termination && !slow')")
	dir := fs.String("report", "", "report folder (default reports/<driver>)")
	kubelet := fs.String("kubelet-version", "", "kubelet version to model (default 1.36; @kubelet: tags win)")
	parallel := fs.Int("parallel", runtime.GOMAXPROCS(0), "scenarios run at once (live: 4 unless given)")
	allowSkipped := fs.Bool("allow-all-skipped", false, "exit 0 when every selected scenario was skipped (by default a run that ran nothing fails, exit 1)")
	part := fs.String("shard", "", "run only part `i/n` of the selection (2/3: the second of three), the parts balanced by recorded wall times (--walls); podlife report --merge joins the parts' reports")
	wallsFile := fs.String("walls", shard.DefaultFile, "recorded wall times (`FILE`, podlife report --walls writes one) that balance --shard's parts and, on a cluster, start the longest scenarios first")
	timeout := fs.Duration("timeout", 0, "stop the scenarios `D` after they start (0: never): those running are cut off, the others not run; cleanup and the reports follow; exit 124")
	format := fs.String("format", formatProgress, "how the run prints: progress (a line per scenario), pretty (each scenario with every step and its outcome), junit or cucumber (that report on stdout, the run's lines on stderr); the report folder is written either way")
	failFastOn := fs.Bool("fail-fast", false, "stop after the first scenario that fails: those after it are not run, and are counted as skipped")
	var verbose bool
	fs.BoolVar(&verbose, "v", false, "verbose: what lint noted of the scenarios before they run, and under each scenario the kubelet it ran on, where its clock ended and its notes; each failure with its whole timeline (the bookkeeping events too)")
	fs.BoolVar(&verbose, "verbose", false, "the same as -v")
	fs.Usage = runUsage(fs)
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		return false, err
	}
	// From here a signal interrupts the run rather than killing it: even
	// one that comes while the scenarios load ends with the run's lines.
	intr := watchInterrupts(stderr)
	defer intr.stop()
	if *timeout < 0 {
		return false, fmt.Errorf("--timeout %s: a duration of 0 (none) or more", *timeout)
	}
	if err := checkFormat(*format); err != nil {
		return false, err
	}
	// A machine format owns stdout: everything a person reads goes to
	// stderr, so that `podlife run --format junit > junit.xml` holds only
	// the document.
	out := stdout
	if machineFormat(*format) {
		out = stderr
	}
	con := &console{out: out, pretty: *format == formatPretty, verbose: verbose}
	stop := newFailFast(*failFastOn)
	if *drvName == "live" && !flagGiven(fs, "parallel") {
		*parallel = 4
	}
	live.parallel = *parallel
	d, err := newDriver(*drvName, live, stderr)
	if err != nil {
		return false, err
	}
	if err := checkKubeletVersion(*kubelet, d); err != nil {
		return false, err
	}
	if err := checkSeeds(*seed, *seeds, d.Name()); err != nil {
		return false, err
	}
	if *dir == "" {
		*dir = "reports/" + d.Name()
	}
	if err := checkWritable(*dir); err != nil {
		return false, fmt.Errorf("--report %s: %v", *dir, err)
	}
	spec, err := shard.Parse(*part)
	if err != nil {
		return false, fmt.Errorf("--shard: %w", err)
	}
	walls, err := shard.Load(*wallsFile, !flagGiven(fs, "walls"))
	if err != nil {
		return false, fmt.Errorf("--walls: %w", err)
	}
	scs, notes, err := loadNoted(paths, *tags, d, stderr)
	if err != nil {
		return false, err
	}
	for _, n := range notes {
		// A warning is said on every run, not only with -v: a step that
		// does not do what its keyword says (an action under Then, which
		// checks nothing of what it names) is read by its author as a
		// check that passed (issue 38's twenty-eighth held-out set).
		if verbose || n.Warning {
			fmt.Fprintln(out, n)
		}
	}
	if spec.N > 1 {
		all := len(scs)
		scs = runner.Shard(scs, spec, walls)
		fmt.Fprintf(out, "shard %s: %d of the %d selected scenario(s)\n", spec, len(scs), all)
	}
	if d.Name() != "sim" {
		// Workers take the next scenario as they free up: the long ones
		// first, so that none starts last and holds the run's end.
		scs = runner.Longest(scs, walls)
	}
	ctx, endRun := intr.runContext(*timeout)
	opt := runner.Options{Driver: d, Seed: *seed, KubeletVersion: *kubelet}
	fmt.Fprintf(out, "running %d scenario(s) on %s (%s)\n", len(scs), d.Name(), seedsText(*seed, *seeds))
	var results []report.Result
	if *seeds > 1 {
		results = runSeeds(ctx, scs, opt, *seed, *seeds, *parallel, con, stderr, stop)
	} else {
		results = runAll(ctx, scs, opt, *parallel, con, stop)
	}
	interrupted := interruptedBy(ctx) // what cut the scenarios short
	endRun()
	var stuck error // namespaces that did not go after their scenarios
	if ld, ok := d.(*livedriver.Driver); ok {
		// Whatever happened (a failure, an interrupt), nothing of this
		// run stays on the cluster.
		intr.setStage(fmt.Sprintf("cleaning up run %s on the cluster (within 3m; if podlife is killed, `podlife cleanup --run %s` deletes what is left)", ld.RunID(), ld.RunID()))
		stuck = finishLive(ld, out, stderr)
	}
	intr.setStage("writing the reports")
	listed, notRun, stopped := stop.split(results)
	report.Summary(out, listed, verbose)
	if notRun > 0 {
		fmt.Fprintf(out, "\n%s\n", stopped)
	}
	if *seeds > 1 {
		printSeedFailures(out, results, *seed, *seeds)
	} else {
		fmt.Fprint(out, report.Reproduce(results, *seed, d.Name(), *kubelet))
	}
	if err := report.Write(*dir, results); err != nil {
		return false, err
	}
	if err := writeDocument(stdout, *format, results); err != nil {
		return false, err
	}
	c := report.Count(results)
	fmt.Fprintf(out, "\nreports: %s (%s)\n", *dir, report.Files)
	if interrupted == nil {
		// A signal after the scenarios ended: the results are complete,
		// but the run was asked to stop, and says so.
		interrupted = interruptedBy(intr.ctx)
	}
	if interrupted != nil {
		fmt.Fprintf(out, "%s\n%s\n", interruptedLine(interrupted, results), c.Line())
		return false, interrupted
	}
	if l := report.ErrorLine(results); l != "" {
		fmt.Fprintln(out, l)
	}
	if stuck != nil {
		fmt.Fprintf(out, "the cluster did not delete or restore what scenarios left: %v\n", stuck)
	}
	fmt.Fprintln(out, c.Line())
	if c.Skipped == len(results) && !*allowSkipped {
		// As Ginkgo's --fail-on-empty: a run that checked nothing is not
		// a pass.
		fmt.Fprintf(out, "every scenario was skipped: nothing was checked (the reasons are above); --allow-all-skipped makes this a pass\n")
		return true, nil
	}
	if c.Failed > 0 && c.Failed == c.Errors {
		return false, errBroke
	}
	if stuck != nil && c.Failed == 0 {
		// Every verdict stands, but the cluster kept what a scenario
		// left: as a cleanup that failed, not a pass.
		return false, errBroke
	}
	return c.Failed > 0, nil
}

// checkKubeletVersion refuses a --kubelet-version that would skip every
// scenario: not 1.N, not a Kubernetes release, or (on the simulator) not
// a kubelet it models.
func checkKubeletVersion(v string, d driver.Driver) error {
	if v == "" {
		return nil
	}
	// 1.27, v1.27 and v1.27.3 name 1.27, as in releases.Minor.
	minor := strings.TrimPrefix(v, "v")
	if parts := strings.Split(minor, "."); len(parts) == 3 {
		if _, err := strconv.Atoi(parts[2]); err == nil {
			minor = parts[0] + "." + parts[1]
		}
	}
	if _, err := runner.ReadTags([]string{"kubelet:" + minor}); err != nil {
		return fmt.Errorf("--kubelet-version %s: the kubelet version is 1.N, 1.1 to 1.%d (e.g. 1.27)", v, runner.LatestMinor)
	}
	if d.Name() == "sim" {
		if _, err := releases.Minor(v); err != nil {
			return fmt.Errorf("--kubelet-version: %v", err)
		}
	}
	return nil
}

// checkWritable makes the folder (and its parents) and writes a file in
// it, before anything runs: a report folder that cannot be written is
// found now, not after every scenario ran.
func checkWritable(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return fmt.Errorf("cannot create it: %v", pe.Err)
		}
		return err
	}
	f, err := os.CreateTemp(dir, ".podlife-write-check-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return fmt.Errorf("cannot write in it: %v", pe.Err)
		}
		return err
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// runAll runs scenarios on a pool of workers, each with its own session,
// and prints each scenario as it ends (con): on the simulator in
// catalogue order (its output is the same from run to run), on a cluster
// as each finishes, so that a long scenario does not hold back the lines
// of those that ended after it started. stop is --fail-fast.
func runAll(ctx context.Context, scs []*runner.Scenario, opt runner.Options, parallel int, con *console, stop *failFast) []report.Result {
	if parallel < 1 {
		parallel = 1
	}
	results := make([]report.Result, len(scs))
	done := make([]chan struct{}, len(scs))
	for i := range done {
		done[i] = make(chan struct{})
	}
	finished := make(chan int, len(scs))
	inOrder := opt.Driver.Name() == "sim"
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				switch {
				case ctx.Err() != nil:
					results[i] = report.Result{Driver: opt.Driver.Name(), Feature: scs[i].Feature.Path, Line: scs[i].Line, Name: scs[i].Name,
						Status: report.Skipped, Reason: report.NotRunReason}
				case stop.stops(i):
					results[i] = stop.skipped(scs[i], opt.Driver.Name())
				default:
					results[i] = runner.Run(ctx, scs[i], opt)
					stop.failed(i, &results[i])
				}
				close(done[i])
				finished <- i
			}
		}()
	}
	go func() {
		for i := range scs {
			work <- i
		}
		close(work)
	}()
	for n := range scs {
		i := n
		if inOrder {
			<-done[i]
			if stop.stops(i) {
				// Run by a worker before the failure was known.
				results[i] = stop.skipped(scs[i], opt.Driver.Name())
			}
		} else {
			i = <-finished
		}
		r := &results[i]
		con.scenario(r, fmt.Sprintf("%s %s %s (%s)", progressMark(r.Status), r.ID(), r.Name, r.Wall.Round(time.Microsecond)))
	}
	wg.Wait()
	return results
}

func cmdLint(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("podlife lint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	drvName := fs.String("driver", "sim", "the driver the scenarios are meant for")
	tags := fs.String("tags", "", "tag expression selecting scenarios")
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	d, err := newDriver(*drvName, &liveFlags{}, stderr)
	if err != nil {
		return err
	}
	scs, notes, err := loadNoted(paths, *tags, d, stderr)
	if err != nil {
		return err
	}
	warnings := 0
	for _, n := range notes {
		fmt.Fprintln(stdout, n)
		if n.Warning {
			warnings++
		}
	}
	var said []string
	if warnings > 0 {
		said = append(said, fmt.Sprintf("%d warning(s)", warnings))
	}
	if k := len(notes) - warnings; k > 0 {
		said = append(said, fmt.Sprintf("%d note(s) on what the %s driver assumed", k, d.Name()))
	}
	if len(said) > 0 {
		fmt.Fprintf(stdout, "%d scenario(s), no problems; %s\n", len(scs), strings.Join(said, "; "))
		return nil
	}
	fmt.Fprintf(stdout, "%d scenario(s), no problems\n", len(scs))
	return nil
}

// cmdVersion prints the module's version (from the build information),
// the Kubernetes version the simulator models and its kubelet profiles.
func cmdVersion(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("podlife version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print it as JSON")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("%w: podlife version takes no arguments", errBadInput)
	}
	info := version.Get()
	if !*asJSON {
		_, err := io.WriteString(stdout, info.String())
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(info)
}

// stepsCommand lists the phrases, or with --markdown prints the language
// reference (docs/language.md is its output).
func stepsCommand(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("podlife steps", flag.ContinueOnError)
	fs.SetOutput(stderr)
	markdown := fs.Bool("markdown", false, "print the language reference in Markdown: docs/language.md ("+language.Command+")")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("%w: podlife steps takes no arguments", errBadInput)
	}
	if !*markdown {
		cmdSteps(stdout)
		return nil
	}
	md, err := language.Markdown()
	if err != nil {
		return err
	}
	_, err = stdout.Write(md)
	return err
}

func cmdSteps(out io.Writer) {
	fmt.Fprint(out, `
SLOTS (the parts of a phrase that vary)
  "web", "app"  a name, double-quoted: a pod, container or node of the scenario
  10s           a Go duration: 500ms, 3s, 2m, 1m30s (never negative)
  7.6Gi         a Kubernetes quantity: 500m, 2, 256Mi, 4Gi
  3             a count; an exit code is 0 to 255
  Below a phrase, the values its other slots take.
`)
	family := ""
	for _, d := range steps.Definitions() {
		if d.Family != family {
			family = d.Family
			fmt.Fprintf(out, "\n%s\n", strings.ToUpper(family))
		}
		fmt.Fprintf(out, "  %s\n", strings.ReplaceAll(d.Example, "\n", "\n    "))
		for _, s := range d.Slots {
			fmt.Fprintf(out, "      %s\n", s.Describe())
		}
	}
	fmt.Fprintf(out, "\nTIMELINE EVENTS (the event column of `the timeline of pod ... is:`)\n  %s\n", strings.Join(steps.Vocabulary, ", "))
	fmt.Fprintf(out, "\nTAGS\n  @sim @live @needs:<capability> @kubelet:<1.N> @slow @disruptive @serial @seed:<id> @upstream:<slug> @behavior:<id>\n  capabilities: ")
	var caps []string
	for _, c := range driver.AllCapabilities() {
		caps = append(caps, string(c))
	}
	fmt.Fprintln(out, strings.Join(caps, ", "))
}
