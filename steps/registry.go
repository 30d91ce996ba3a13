package steps

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/cucumber/godog"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/quantity"
)

// Def is one phrase of the vocabulary: its pattern, the function godog
// calls with the captures, and an example for `podlife steps`.
type Def struct {
	Family  string
	Pattern *regexp.Regexp
	// parse reads the phrase's captures into its step.
	parse   parser
	Example string
	// Slots are the parts of the phrase that take one of a list of values
	// (a pod state, a signal, a unit): `podlife steps` lists them, and the
	// nearest-phrase hint tries each value in the example.
	Slots []Slot
	// inits are where the phrase names containers, each of which may be
	// written `init container` (init.go).
	inits []initRef
	// nodeCapture is the capture of the node the phrase names, which may
	// be written `the node` (thenode.go); 0: none.
	nodeCapture int
	// rsPods: the phrase may name a replica set's pod by its order where
	// it names a pod (rspods.go); shown is its pattern without that form,
	// as the reference shows it (nil: Pattern).
	rsPods bool
	shown  *regexp.Regexp
	// ownJobPod: a job's pod by its order has a phrase of its own in
	// this phrase's words (workloads_jobpods.go), which this one leaves
	// to it.
	ownJobPod bool
	// workloadOf: a behaviour phrase that may name a workload where it
	// names a pod (`of job "x"`, expect_wordings9.go).
	workloadOf bool
	// states are the captures that take a pod state, read in any case
	// (statecase.go).
	states []stateCapture
	// kinds are the captures that name a workload's kind, which a kind's
	// name (`DaemonSet`) may fill for its words (kindnames.go).
	kinds []int
	// respells: the phrase says another phrase in other words, the same
	// step (expect_wordings46.go): a hint shows that one instead.
	respells bool
	// expand: the phrase says others, one for each text it gives
	// (plural_words.go); nil for a phrase of its own.
	expand func(text string) []string
	// fallback: the phrase says what no other phrase says, and is a step
	// only there (anchored_words.go): its pattern is matched after every
	// other's.
	fallback bool
	// Defaults are what a step means by a slot it leaves out, by the
	// example's value in that slot: a node's size, a condition's status
	// ("True": `has the MemoryPressure condition`). The nearest-phrase
	// hint fills them in; another slot left out it shows as a slot.
	Defaults map[string]string
}

// Slot is a part of a phrase that takes one of a list of values.
type Slot struct {
	// Name says what the slot holds: "pod state", "signal", "unit".
	Name string
	// Example is the value the phrase's example shows in the slot.
	Example string
	// Values are the accepted values. With Open, any value is accepted
	// and Values are the usual ones (event reasons, condition types).
	Values []string
	Open   bool
}

// registry is built once; it is never modified afterwards.
var registry = buildRegistry()

func buildRegistry() []Def {
	var defs []Def
	for _, family := range [][]Def{clusterSteps(), nodeResourceSteps(), configSteps(), podSteps(), behaviorSteps(), probeBehaviorSteps(), actionSteps(), podExpectations(), instantExpectations(), holdExpectations(), wordingExpectations(), statusExpectations(), instantReadExpectations(), runningExpectations(), signalExpectations(), podSignalExpectations(), eventExpectations(), nodeEventExpectations(), eventSaidExpectations(), draftFourWordings(), draftSixWordings(), draftSevenWordings(), draftEightWordings(), draftNineWordings(), draftSixtySevenWordings(), draftSixtySevenRestatements(), holdWindowExpectations(), draftSeventyTwoWordings(), timelineExpectations()} {
		defs = append(defs, family...)
	}
	defs = append(defs, nodeStepFamilies()...)   // nodes.go: nodes, eviction, static pods, admission, scheduling
	defs = append(defs, disruptionSteps()...)    // disruptions.go: replica sets, budgets, evictions, drains
	defs = append(defs, budgetChangeSteps()...)  // disruptions_budget.go: a budget changed or deleted
	defs = append(defs, workloadPhrases()...)    // workloads.go: deployments, quotas, jobs
	defs = append(defs, daemonSetPhrases()...)   // daemonsets.go: daemon sets
	defs = append(defs, statefulSetPhrases()...) // statefulsets.go: stateful sets
	defs = append(defs, workloadDraftPhrases()...)
	defs = append(defs, jobPodPhrases()...)
	defs = append(defs, draftSevenAliases()...)
	defs = append(defs, draftEightWorkloads()...)
	defs = append(defs, draftNineWorkloads()...)
	defs = append(defs, draftTenWordings()...)
	defs = append(defs, draftElevenWordings()...)
	defs = append(defs, draftTwelveWordings()...)
	defs = append(defs, draftThirteenWordings()...)
	defs = append(defs, draftFourteenWordings()...)
	defs = append(defs, draftSeventeenWordings()...)
	defs = append(defs, terminationMessageSteps()...)
	defs = append(defs, draftEighteenWordings()...)
	defs = append(defs, draftNineteenWordings()...)
	defs = append(defs, jobDeletionPhrases()...) // jobttl.go: a Job deleted (ttlSecondsAfterFinished)
	defs = append(defs, draftTwentyOneWordings()...)
	defs = append(defs, draftTwentyTwoWordings()...)
	defs = append(defs, resizePhrases()...)
	defs = append(defs, finalizerPhrases()...) // finalizers.go: a pod's finalizer removed
	defs = append(defs, draftFortyThreeWordings()...)
	defs = append(defs, draftFortySixWordings()...)
	defs = append(defs, draftFortyNineWordings()...)
	defs = append(defs, draftFiftyEightWordings()...)
	defs = append(defs, kubectlRowPhrases()...)
	defs = append(defs, draftSixtyOneWordings()...)
	defs = append(defs, exceedsPhrases()...)
	defs = append(defs, specFieldPhrases()...)       // specfields.go: spec fields in a declaration
	defs = append(defs, draftFiftySixWordings()...)  // expect_wordings56.go
	defs = append(defs, draftEightySixWordings()...) // expect_wordings86.go
	defs = append(defs, yamlDeclarations()...)       // declare_yaml.go
	defs = append(defs, evictionPhrases()...)        // evicted.go
	defs = append(defs, probeCodePhrases()...)       // probe_codes.go
	defs = append(defs, newPodPhrases()...)          // new_pods.go
	defs = append(defs, drainWordPhrases()...)       // drain_words.go
	defs = append(defs, onNodePhrases()...)          // onnode_words.go
	defs = append(defs, batchFifteenWords()...)      // batch15_words.go
	defs = append(defs, batchSixteenWords()...)      // batch16_words.go
	defs = append(defs, kubectlPhrases()...)         // kubectl_words.go
	defs = append(defs, waitingWords()...)           // waiting_words.go
	defs = append(defs, eventTypeWords()...)         // eventtype_words.go
	defs = append(defs, pluralPhrases()...)          // plural_words.go
	defs = append(defs, countedWords()...)           // counted_words.go
	defs = append(defs, respelledPhrases()...)       // respelled_words.go
	defs = append(defs, podOrderWords()...)          // podorder_words.go
	defs = append(defs, batch18Words()...)           // batch18_words.go
	defs = append(defs, batch19Words()...)           // batch19_words.go
	defs = append(defs, statusMessageWords()...)     // statusmessage_words.go
	defs = append(defs, runningPodWords()...)        // running_words.go
	defs = append(defs, nodeConditionWords()...)     // nodecondition_words.go
	defs = append(defs, kubeletConfigWords()...)     // kubeletconfig_words.go
	defs = append(defs, anchoredWords()...)          // anchored_words.go: last, a fallback
	for i := range defs {
		defs[i] = messageStartingPhrase(kindNamePhrase(anyCaseStates(bareNounPhrase(workloadOfPhrase(roleNounPhrase(rsPodPhrase(theNodePhrase(initContainerPhrase(defs[i])))))))))
	}
	return defs
}

// Definitions returns every phrase, in the order of docs/language.md.
func Definitions() []Def { return registry }

// Register binds every phrase to godog, without keyword filtering: the
// keyword never changes which step matches; your own steps may sit
// beside them (pkg/podlife). A phrase that says only what no other says
// (Def.fallback: an expectation timed from an exit) is left out: godog
// matches every pattern it holds, with no order among them, and would
// find it ambiguous with the phrase that does say a text; `podlife run`
// has it (RegisterAll).
func Register(sc *godog.ScenarioContext) {
	pickStep(sc)
	for _, d := range registry {
		if d.fallback {
			continue
		}
		// godog passes a handler the captures it takes and drops the
		// rest: the step is read from the pickle step, by the registry.
		sc.Step(d.Pattern, func(ctx context.Context) error { return From(ctx).dispatch(ctx, d) })
	}
}

// RegisterAll binds the whole language to godog as one step definition,
// every text, the registry saying which phrase a text is (stepDef), the
// fallbacks included: for a suite with no steps of its own (podlife
// run's).
func RegisterAll(sc *godog.ScenarioContext) {
	pickStep(sc)
	sc.Step(anyStep, func(ctx context.Context) error {
		st := From(ctx)
		if st.pickle == nil {
			return fmt.Errorf("internal: a step ran outside a scenario's hooks")
		}
		d, err := stepDef(st.pickle.Text)
		if err != nil {
			return err
		}
		return st.dispatch(ctx, d)
	})
}

// pickStep keeps the step godog is at in the scenario's state.
func pickStep(sc *godog.ScenarioContext) {
	sc.StepContext().Before(func(ctx context.Context, s *godog.Step) (context.Context, error) {
		if st, ok := ctx.Value(ctxKey{}).(*State); ok {
			st.pickle = s
		}
		return ctx, nil
	})
}

// anyStep is every step's text.
var anyStep = regexp.MustCompile(`^.*$`)

// stepDef is the phrase a step's text is: the one phrase whose pattern
// matches it, else a fallback whose pattern does; godog's own errors
// where there are several or none, so that it reports the step ambiguous
// or undefined as it would have.
func stepDef(text string) (Def, error) {
	var found, fallback []Def
	for _, d := range registry {
		if !d.Pattern.MatchString(text) {
			continue
		}
		if d.fallback {
			fallback = append(fallback, d)
		} else {
			found = append(found, d)
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		var pats []string
		for _, d := range found {
			pats = append(pats, d.Pattern.String())
		}
		return Def{}, fmt.Errorf("%w, step text: %s\n    matches:\n        %s", godog.ErrAmbiguous, text, strings.Join(pats, "\n        "))
	case len(fallback) > 0:
		return fallback[0], nil
	}
	return Def{}, godog.ErrUndefined
}

// Describe lists the values the slot accepts: "pod state: Running,
// Pending, …", "event reason: any; the usual ones: Killing, …".
func (s Slot) Describe() string {
	if s.Open {
		return s.Name + ": any; the usual ones: " + strings.Join(s.Values, ", ")
	}
	return s.Name + ": " + strings.Join(s.Values, ", ")
}

// phrase is a typed phrase: its pattern, an example and its parser.
func phrase(family, pattern, example string, p parser) Def {
	return Def{Family: family, Pattern: regexp.MustCompile(pattern), parse: p, Example: example}
}

// repatterned is d matching out where it matched src, the reference
// still showing the pattern it had before any such change (a phrase's
// other words, taken wherever they are said, are said once in the
// conventions).
func (d Def) repatterned(src, out string) Def {
	if out == src {
		return d
	}
	if d.shown == nil {
		d.shown = d.Pattern
	}
	d.Pattern = regexp.MustCompile(out)
	return d
}

// withDefault says what a step that leaves out the slot that the example
// fills with ex means: def.
func (d Def) withDefault(ex, def string) Def {
	m := map[string]string{ex: def}
	for k, v := range d.Defaults {
		m[k] = v
	}
	d.Defaults = m
	return d
}

// with gives the phrase its slots.
func (d Def) with(slots ...Slot) Def {
	d.Slots = append(append([]Slot(nil), d.Slots...), slots...)
	return d
}

// jobPodApart marks a phrase whose words a job's pod by its order has a
// phrase of its own in (ownJobPod).
func (d Def) jobPodApart() Def {
	d.ownJobPod = true
	return d
}

// Captures are taken loosely (\S+) and parsed here, so that a bad value is
// a file:line error rather than an undefined step.

// parseDuration reads a Go duration that must not be negative.
func parseDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, inputErr("%q is not a duration (examples: 500ms, 3s, 2m, 1m30s)", s)
	}
	if d < 0 {
		return 0, inputErr("duration %s is negative", s)
	}
	return d, nil
}

// parseAmount reads `30 seconds`, `1.5 minutes`, `a minute`: a number
// that must not be negative, and a unit of timeUnits.
func parseAmount(n, unit string) (time.Duration, error) {
	var per time.Duration
	switch strings.TrimSuffix(unit, "s") {
	case "millisecond":
		per = time.Millisecond
	case "second":
		per = time.Second
	case "minute":
		per = time.Minute
	case "hour":
		per = time.Hour
	default:
		return 0, inputErr("unit %q is not one of %s", unit, strings.Join(timeUnits, ", "))
	}
	if n == "a" || n == "an" || n == "one" {
		return per, nil
	}
	f, err := strconv.ParseFloat(n, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, inputErr("%q is not a number of %s", n, unit)
	}
	if f < 0 {
		return 0, inputErr("%s %s is negative", n, unit)
	}
	if f*float64(per) > math.MaxInt64/2 {
		return 0, inputErr("%s %s is too long", n, unit)
	}
	return time.Duration(math.Round(f * float64(per))), nil
}

// parseSeconds reads a duration that must be a whole number of seconds, as
// API grace periods are.
func parseSeconds(s string) (int64, error) {
	d, err := parseDuration(s)
	if err != nil {
		// A bare number is taken as seconds, as in the pod spec.
		if n, nerr := strconv.ParseInt(s, 10, 64); nerr == nil && n >= 0 {
			return n, nil
		}
		return 0, err
	}
	if d%time.Second != 0 {
		return 0, inputErr("%s is not a whole number of seconds, which grace periods are", s)
	}
	return int64(d / time.Second), nil
}

func parseQuantity(s string) (resource.Quantity, error) {
	q, err := quantity.Parse(s)
	if err != nil {
		return q, inputErr("%v", err)
	}
	if q.Sign() < 0 {
		return q, inputErr("quantity %s is negative", s)
	}
	return q, nil
}

func parseExitCode(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 255 {
		return 0, inputErr("%q is not an exit code (0 to 255)", s)
	}
	return n, nil
}

func parseCount(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > math.MaxInt32 {
		return 0, inputErr("%q is not a count", s)
	}
	return n, nil
}

func oneOf(what, s string, allowed ...string) error {
	for _, a := range allowed {
		if s == a {
			return nil
		}
	}
	return inputErr("%s %q is not one of %s", what, s, strings.Join(allowed, ", "))
}

// between checks a window's bounds.
func window(a, b string) (time.Duration, time.Duration, error) {
	lo, err := parseDuration(a)
	if err != nil {
		return 0, 0, err
	}
	hi, err := parseDuration(b)
	if err != nil {
		return 0, 0, err
	}
	if hi < lo {
		return 0, 0, inputErr("the window %s to %s ends before it begins", a, b)
	}
	return lo, hi, nil
}

// times writes a count of things as a phrase does: `1 time`, `2 times`,
// `0 restarts`.
func times(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + one + "s"
}
