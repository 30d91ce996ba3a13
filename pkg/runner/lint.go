package runner

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cucumber/godog"
	messages "github.com/cucumber/messages/go/v21"
	"sigs.k8s.io/yaml"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/steps"
)

// Lint checks scenarios without running them: tags, every step matched to
// exactly one phrase, every argument parsed and every manifest decoded, as
// the driver would need them. Each problem carries its file and line. A
// scenario's steps are all checked, whatever the earlier ones found.
func Lint(scs []*Scenario, d driver.Driver) []Problem {
	problems, _ := Check(scs, d)
	return problems
}

// Check is Lint, and the notes: what the driver assumed about the
// scenarios' pods that they did not state (driver.Assumer; the simulator
// running an image it does not know as a generic process), each at the
// line of the step that declared the pod. Notes are not problems.
func Check(scs []*Scenario, d driver.Driver) (problems []Problem, notes []Note) {
	return checkWith(scs, d, steps.Definitions())
}

// Note is a remark of lint that is not a problem, at a file and line.
type Note struct {
	File string
	Line int
	Msg  string
	// Warning marks a remark on the scenario's text rather than on what
	// the driver assumed: a tag the steps need and the scenario lacks.
	Warning bool
}

// String is "file:line: note: msg", or "file:line: warning: msg".
func (n Note) String() string {
	level := "note"
	if n.Warning {
		level = "warning"
	}
	return fmt.Sprintf("%s:%d: %s: %s", n.File, n.Line, level, n.Msg)
}

// SlowWait is what a scenario tagged @slow takes at least on a real
// kubelet (dsl.md, Tags).
const SlowWait = 60 * time.Second

// runsToRE is where an expectation's words make a scenario run to a time
// that no early observation settles: a window's start (`between 300s and
// …`, `at 300s`), the end of what must not happen first (`is not … before
// 300s`, `never … within 600s`, `not … after 2m`), a state held (`for
// 5m`, `until 5m`). held-out set 48's words, kept in the catalogue
// (forty-sixth-drafts.feature:119), ran 10 min on kind untagged.
var runsToRE = regexp.MustCompile(`(?:\bbetween (\S+) and \S+|\bat (\S+)|\bbefore (\S+)|\bnever\b.*\bwithin (\S+)|\b(?:for|until) (\S+)|\bnot\b.*\bafter (\S+))$`)

var tolerationForRE = regexp.MustCompile(`\btoleration "[^"]*" for \S+$`)

// runsTo is how far an expectation runs its scenario at least, by its
// words (runsToRE); false for an action, a declaration or no such words.
func runsTo(s *messages.PickleStep) (time.Duration, bool) {
	if s.Type != messages.PickleStepType_OUTCOME {
		return 0, false
	}
	if tolerationForRE.MatchString(s.Text) {
		// A toleration's seconds (`has toleration "…" for 300s`) are a
		// field of the pod's spec, not a time the scenario waits for.
		return 0, false
	}
	m := runsToRE.FindStringSubmatch(s.Text)
	if m == nil {
		return 0, false
	}
	for _, g := range m[1:] {
		if d, err := time.ParseDuration(g); err == nil && g != "" {
			return d, true
		}
	}
	return 0, false
}

// missingNeeds are the warnings for the capabilities sc's steps needed
// that its tags do not name: a driver without one skips the scenario
// (dsl.md, Defaults). A scenario for the simulator only needs none; a
// kubelet version is named by @kubelet:1.N as well.
func missingNeeds(sc *Scenario, needs []steps.Need) []Note {
	meta, _ := ReadTags(sc.Tags)
	if meta.Only == "sim" {
		return nil
	}
	var out []Note
	for _, n := range needs {
		if slices.Contains(meta.Needs, n.Cap) || (n.Cap == driver.KubeletProfiles && meta.KubeletVersion != "") {
			continue
		}
		msg := fmt.Sprintf("this step %s, which a driver without %s cannot do: the scenario is skipped there; tag it @needs:%s", n.What, n.Cap, n.Cap)
		if n.Cap == driver.KubeletProfiles {
			msg += " or with its version (@kubelet:1.N)"
		}
		out = append(out, Note{File: sc.Feature.Path, Line: n.Line, Msg: msg, Warning: true})
	}
	return out
}

// lint checks against a vocabulary (a test adds a clashing phrase).
func lint(scs []*Scenario, d driver.Driver, defs []steps.Def) []Problem {
	problems, _ := checkWith(scs, d, defs)
	return problems
}

func checkWith(scs []*Scenario, d driver.Driver, defs []steps.Def) (problems []Problem, notes []Note) {
	seen := map[string]bool{}
	add := func(p Problem) {
		if k := p.Error(); !seen[k] {
			seen[k] = true
			problems = append(problems, p)
		}
	}
	noted := map[Note]bool{}
	var vocab *vocabulary // built for the first undefined step
	for _, sc := range scs {
		if _, err := ReadTags(sc.Tags); err != nil {
			add(Problem{File: sc.Feature.Path, Line: sc.ScenarioLine, Msg: err.Error()})
		}
		var texts []string
		for _, s := range sc.Pickle.Steps {
			texts = append(texts, s.Text)
		}
		plan := steps.NewPlan(d, filepath.Dir(sc.Feature.Path), texts)
		undefined := false
		var reaches time.Duration // the furthest an expectation runs the scenario (runsTo)
		var named [][]sceneName   // each step's names, read for the first undefined step
		for i, s := range sc.Pickle.Steps {
			line := sc.StepLines[i]
			var matches []steps.Def
			for _, def := range defs {
				if def.Matches(s.Text) {
					matches = append(matches, def)
				}
			}
			switch len(matches) {
			case 0:
				undefined = true
				if vocab == nil {
					vocab = newVocabulary(defs)
				}
				if named == nil {
					named = namesOfSteps(sc.Pickle.Steps)
				}
				kind, known := hintKind(s)
				if kind == steps.Action && !strings.EqualFold(strings.TrimSpace(sc.Keywords[i]), "When") && expectsRE.MatchString(s.Text) {
					// An And after a When is an action by godog's
					// reckoning, but first drafts go on from the action
					// to what they expect without a Then (issue 38's
					// twelfth held-out set: `And the deployment "api"
					// has 2 pods within 35s` hinted with an action): a
					// time bound or a `never` says it expects, and the
					// hint may be of either kind.
					known = false
				}
				wait, h, lost := vocab.hintSteps(s.Text, kind, known, slices.Concat(named[:i]...))
				msg := undefinedMessage(sc.Keywords[i], s.Text, h, lost...)
				if wait != "" {
					msg = waitFirstMessage(sc.Keywords[i], s.Text, wait, h, lost...)
				} else if known && kind == steps.Action && givenPhrase(h, defs) {
					msg = givenForActionMessage(sc.Keywords[i], s.Text, h, lost...)
				}
				if why := perPodBehaviour(s.Text, defs); why != "" {
					msg = why + "; " + msg
				}
				if strings.Contains(s.Text, `\"`) {
					msg = `a quoted value cannot hold a quote (\" is not an escape: take a part of the text without it); ` + msg
				}
				add(Problem{File: sc.Feature.Path, Line: line, Msg: msg})
				continue
			case 1:
			default:
				var pats []string
				for _, m := range matches {
					pats = append(pats, m.Pattern.String())
				}
				undefined = true
				add(Problem{File: sc.Feature.Path, Line: line, Msg: fmt.Sprintf("ambiguous step %q matches %s", s.Text, strings.Join(pats, " and "))})
				continue
			}
			if n, ok := actionUnderThen(sc.Feature.Path, line, s, matches[0]); ok && !noted[n] {
				noted[n] = true
				notes = append(notes, n)
			}
			if n, ok := evictedUnderWhen(sc.Feature.Path, line, s); ok && !noted[n] {
				noted[n] = true
				notes = append(notes, n)
			}
			if d, ok := runsTo(s); ok && d > reaches {
				reaches = d
			}
			// Lint is parse and declare: no session.
			plan.At(line, dryType(s))
			step, err := matches[0].Parse(s.Text, steps.ArgOf(s.Argument))
			if err == nil {
				err = declare(step, plan)
			}
			if undefined && steps.IsUndeclared(err) {
				continue // the undefined step was likely the declaration
			}
			if err != nil && !errors.Is(err, godog.ErrSkip) && !errors.Is(err, steps.ErrDeclaredBadly) {
				// A step may report several problems (a manifest's).
				for _, e := range split(err) {
					l, msg := errorPlace(sc, i, e)
					if fix := unquotedCount(s, defs); fix != "" && l == line {
						msg += "; a count is written without quotes: " + strings.TrimSpace(sc.Keywords[i]) + " " + fix
					}
					add(Problem{File: sc.Feature.Path, Line: l, Msg: msg})
				}
			}
		}
		for _, a := range plan.Assumptions() {
			n := Note{File: sc.Feature.Path, Line: a.Line, Msg: a.Msg}
			if !noted[n] {
				noted[n] = true
				notes = append(notes, n)
			}
		}
		if reaches > SlowWait && plan.Waits() <= SlowWait && !slices.Contains(sc.Tags, "slow") && !slices.Contains(sc.Tags, "sim") {
			n := Note{File: sc.Feature.Path, Line: sc.ScenarioLine, Warning: true,
				Msg: fmt.Sprintf("the scenario's expectations run it to %s at least: tag it @slow (over %s on a real kubelet), which CI's live subset leaves out", reaches, SlowWait)}
			if !noted[n] {
				noted[n] = true
				notes = append(notes, n)
			}
		}
		if w := plan.Waits(); w > SlowWait && !slices.Contains(sc.Tags, "slow") && !slices.Contains(sc.Tags, "sim") {
			n := Note{File: sc.Feature.Path, Line: sc.ScenarioLine, Warning: true,
				Msg: fmt.Sprintf("the scenario waits %s in its `N pass` steps alone: tag it @slow (over %s on a real kubelet), which CI's live subset leaves out", w, SlowWait)}
			if !noted[n] {
				noted[n] = true
				notes = append(notes, n)
			}
		}
		for _, n := range missingNeeds(sc, plan.Needs()) {
			if !noted[n] {
				noted[n] = true
				notes = append(notes, n)
			}
		}
	}
	return problems, notes
}

// actionUnderThen is the warning for a step written as an expectation
// (under Then, or an And after one) whose phrase is an action: Gherkin's
// keywords do not change what a step does, so `Then node "worker-1" is
// cordoned` cordons the node and checks nothing, where its author most
// likely meant a check (a first draft did, 2026-11-29).
func actionUnderThen(file string, line int, s *messages.PickleStep, def steps.Def) (Note, bool) {
	if dryType(s) != steps.Outcome {
		return Note{}, false
	}
	if kw, _ := exampleLine(def.Example); kw != "When" {
		return Note{}, false
	}
	state := "say the state to check (`podlife steps` lists the expectations)"
	for _, a := range actionStates {
		if m := a.action.FindStringSubmatchIndex(s.Text); m != nil {
			// The state the action brings about, said with the step's own
			// names: what a Then meant (issue 38's twelfth held-out set).
			state = "to check the state it brings about, write `" + string(a.action.ExpandString(nil, a.state, s.Text, m)) + "`"
			break
		}
	}
	return Note{File: file, Line: line, Warning: true, Msg: fmt.Sprintf(
		"`%s` is an action, written under Then: it does what it says and checks nothing; write it under When, or %s", s.Text, state)}, true
}

// evictedUnderWhen is the warning for `… is evicted` written as an
// action: the phrase is the kubelet's eviction (node pressure), an
// expectation that waits for it, and asks the API server for nothing;
// first drafts mean the Eviction they post (issue 38's fourteenth blind
// batch: `When the first pod of deployment "checkout" is evicted`, then
// `Then the eviction is accepted`, nine times).
func evictedUnderWhen(file string, line int, s *messages.PickleStep) (Note, bool) {
	if dryType(s) != steps.Action {
		return Note{}, false
	}
	m := evictedActionRE.FindStringSubmatch(s.Text)
	if m == nil {
		return Note{}, false
	}
	return Note{File: file, Line: line, Warning: true, Msg: fmt.Sprintf(
		"`%s` is the kubelet's eviction under node pressure, an expectation, written under When: it waits for that eviction and asks for none; to post an Eviction to the API server, write `the eviction of %s is requested` (a workload's pod by its number: `pod 1 of deployment \"x\"`)", s.Text, evictionSubject(m[1]))}, true
}

// evictedActionRE is a pod said evicted: its subject.
var evictedActionRE = regexp.MustCompile(`^(?:the )?(.*?pod.*?) (?:is|gets) evicted$`)

// evictionSubject is the pod of `the eviction of … is requested` for a
// subject said `the pod "x"`, `the first pod of deployment "x"`.
func evictionSubject(subject string) string {
	if m := evictedOrdinalRE.FindStringSubmatch(subject); m != nil {
		if n, ok := steps.Ordinal(strings.ToLower(m[1])); ok {
			return fmt.Sprintf("pod %d of %s", n, m[2])
		}
	}
	return strings.TrimPrefix(subject, "the ")
}

var evictedOrdinalRE = regexp.MustCompile(`^(\S+) pod of (.+)$`)

// actionStates are actions whose state has a phrase of its own: `node "x"
// is cordoned` (the action: spec.unschedulable set) is checked by `node
// "x" is unschedulable`.
var actionStates = []struct {
	action *regexp.Regexp
	state  string
}{
	{regexp.MustCompile(`^(.*node(?: "[^"]*")?) is cordoned$`), "$1 is unschedulable"},
}

// split lists the errors joined in err (errors.Join), or err.
func split(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func dryType(s *messages.PickleStep) steps.StepType {
	switch s.Type {
	case messages.PickleStepType_ACTION:
		return steps.Action
	case messages.PickleStepType_OUTCOME:
		return steps.Outcome
	}
	return steps.Context
}

// declare declares a step, a panic being a problem of its own rather
// than the end of lint.
func declare(step steps.Step, plan *steps.Plan) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the step panicked: %v", r)
		}
	}()
	return step.Declare(plan)
}

// namesOfSteps are the names each step gives, in their order: in its
// text (`pod "web"`, `container "app"`) and, for a pod's manifest, its
// containers'.
func namesOfSteps(all []*messages.PickleStep) [][]sceneName {
	out := make([][]sceneName, len(all))
	for i, s := range all {
		out[i] = namesIn([]string{s.Text})
		if s.Argument == nil || s.Argument.DocString == nil {
			continue
		}
		var m struct {
			Spec         *podSpecNames `json:"spec"`
			podSpecNames               // a manifest of only the spec's fields
		}
		if yaml.Unmarshal([]byte(s.Argument.DocString.Content), &m) != nil {
			continue
		}
		spec := m.podSpecNames
		if m.Spec != nil {
			spec = *m.Spec
		}
		for _, c := range append(spec.InitContainers, spec.Containers...) {
			if c.Name != "" {
				out[i] = append(out[i], sceneName{"container", c.Name})
			}
			if c.Name != "" && c.StartupProbe != nil {
				// What a probe said without its kind means (answersProbes).
				out[i] = append(out[i], sceneName{startupProbeRole, c.Name})
			}
		}
	}
	return out
}

type podSpecNames struct {
	InitContainers []containerNames `json:"initContainers"`
	Containers     []containerNames `json:"containers"`
}

type containerNames struct {
	Name         string `json:"name"`
	StartupProbe any    `json:"startupProbe"`
}

// workloadPodInText is a workload's pod named by its order in a step's
// text: `the second pod of deployment "api"`, `pod 2 of job "batch"`.
var workloadPodInText = regexp.MustCompile(`(?:the \S+ pod|pod \S+) of (deployment|replica set|job) "([^"]*)"`)

// perPodBehaviour says, of an undefined step that gives a behaviour to
// one pod of a workload by its order (issue 38's thirteenth held-out set:
// `container "app" of the second pod of deployment "api" fails its
// readiness probe after 5s`), why it cannot be: a workload's pods share
// its template, and a behaviour step shapes the template, so every pod
// of it. "" when the step is not of that shape (its text, the pod said
// of the workload, is no behaviour phrase).
func perPodBehaviour(text string, defs []steps.Def) string {
	m := workloadPodInText.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	whole := workloadPodInText.ReplaceAllString(text, `$1 "$2"`)
	for _, d := range defs {
		if d.Family == "behaviour" && d.Matches(whole) {
			return fmt.Sprintf("a behaviour step names a pod of %s %q by its order: the %s's pods share one template, and a behaviour applies to every pod of it (no behaviour is one pod's); say it of the %s, as below, or give a bare pod a behaviour of its own (or one start of the container, `… the first time`, where the phrase has that form)", m[1], m[2], m[1], m[1])
		}
	}
	return ""
}

// undefinedMessage says which step is undefined and the phrase meant, each
// as it is written in a feature file with the step's own keyword, last on
// the line: it is pasted back as it is, so nothing in it is escaped.
// What of the step the phrase does not say (`at least`, `within 20s`) is
// named before it, so that the author sees the phrase means less.
func undefinedMessage(keyword, text, phrase string, unsaid ...string) string {
	if len(unsaid) == 0 {
		return fmt.Sprintf("undefined step: %s %s; nearest phrase: %s %s", keyword, text, keyword, phrase)
	}
	return fmt.Sprintf("undefined step: %s %s; nearest phrase, which does not say %s: %s %s", keyword, text, quoteAll(unsaid), keyword, phrase)
}

// givenPhrase says whether h is a Given phrase (a declaration or a
// behaviour) and no other kind's.
func givenPhrase(h string, defs []steps.Def) bool {
	given := false
	for _, d := range defs {
		if d.Matches(h) {
			kw, _ := exampleLine(d.Example)
			if kw != "Given" {
				return false
			}
			given = true
		}
	}
	return given
}

// givenForActionMessage is undefinedMessage of an action whose nearest
// phrase is a Given, no action saying it (held-out set 45: `When
// container "api" starts failing its liveness probe`, a probe's answers
// being the container's behaviour from its start): written as a Given,
// for a behaviour under When fails the run (it must come before the
// pod's creation).
func givenForActionMessage(keyword, text, phrase string, unsaid ...string) string {
	which := "nearest phrase"
	if len(unsaid) > 0 {
		which += ", which does not say " + quoteAll(unsaid)
	}
	if probeAnswerRE.MatchString(phrase) {
		// Why no action says it (held-out sets 45 and 51: `starts failing
		// its liveness probe` written as an action, in five drafts).
		which += " (a probe's answers are given before the pod is created, timed from the container's start)"
	}
	return fmt.Sprintf("undefined step: %s %s; no action says it: the %s is a Given, before the action: Given %s", keyword, text, which, phrase)
}

// waitFirstMessage is undefinedMessage of a step that is two phrases, a
// wait and then an action: one step each.
func waitFirstMessage(keyword, text, wait, phrase string, unsaid ...string) string {
	if len(unsaid) == 0 {
		return fmt.Sprintf("undefined step: %s %s; nearest phrases, a step each: %s %s, then And %s", keyword, text, keyword, wait, phrase)
	}
	return fmt.Sprintf("undefined step: %s %s; nearest phrases, a step each, which do not say %s: %s %s, then And %s", keyword, text, quoteAll(unsaid), keyword, wait, phrase)
}

// quoteAll lists parts of a step in backquotes: `at least` and `within 20s`.
func quoteAll(parts []string) string {
	q := make([]string, len(parts))
	for i, p := range parts {
		q[i] = "`" + p + "`"
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// expectsRE is what only an expectation says: a time bound by a duration
// (`within 35s`, `at 15s`, `between 2s and 4s`), `never`, `should`.
var expectsRE = regexp.MustCompile(`\b(?:within|at|between) \d|\bnever\b|\bshould\b`)

// hintKind is the kind of the step the hint looks for: its keyword's,
// an And or a But taking the one before it (Gherkin's pickles do), and
// none for a `*`.
func hintKind(s *messages.PickleStep) (steps.StepType, bool) {
	return dryType(s), s.Type != messages.PickleStepType_UNKNOWN
}
