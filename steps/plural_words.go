package steps

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/podlife/podlife/pkg/timeline"
)

// Several pods in one expectation (issue 38's sixteenth held-out batch:
// `kubectl shows STATUS "Evicted" for pods "small" and "large"`, `pods
// "node-agent" and "dns" are Running at 2m`, each hinted with the first
// pod alone): the expectation said of each pod in turn, as the phrase of
// one pod says it, so that a plural says nothing the language does not
// already say of a pod. Only expectations: an action said of several
// pods (`the pods "a" and "b" are created`) is one action with one t=0,
// which its own phrase says.

// podList is two or more quoted pod names joined by commas and `and`.
const podList = `("[^"]*"(?:(?:, | and |, and )"[^"]*")+)`

// pluralVerbs are how an expectation goes on after its plural subject:
// a state (`are Running`, `are not Ready at 30s`, `are all gone within
// 40s`), or a verb the singular takes with an s. `are created` is not
// among them: it is an action's phrase of its own.
const pluralVerbs = `((?:are|were) (?:(?:not|never|still|all|both|also) )*(?:[A-Z]|gone |gone$|evicted|terminated|running|ready|scheduled|pending|killed|restarted|deleted|rejected|on |in )[^"]*(?:"[^"]*"[^"]*)*` +
	`|(?:all |both |each |also |still |never )*(?:have|show|receive|get|reach|stay|remain|become|exit|terminate|fail|pass|run|keep|start|do not|never) .*)`

func pluralPhrases() []Def {
	const f = "pod expectations"
	subject := regexp.MustCompile(`^(?:the )?pods ` + podList + ` ` + pluralVerbs + `$`)
	object := regexp.MustCompile(`^(.* (?:for|of|than|after|before|with)) pods ` + podList + `(.*)$`)
	return []Def{
		expanding(phrase(f, subject.String(), `Then the pods "web" and "db" receive SIGTERM within 5s`, nil), func(text string) []string {
			m := subject.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			return eachOf(m[1], "the pod %q "+singular(m[2]))
		}),
		expanding(phrase(f, object.String(), `Then kubectl shows STATUS "Evicted" for pods "small" and "large"`, nil), func(text string) []string {
			m := object.FindStringSubmatch(text)
			if m == nil {
				return nil
			}
			rest := m[3]
			// `container "app" of pods "a" and "b" receive SIGTERM`:
			// the containers' verb, one container's for each pod.
			if pluralVerb.MatchString(rest) {
				rest = " " + singular(rest[1:])
			}
			return eachOf(m[2], strings.ReplaceAll(m[1], "%", "%%")+" pod %q"+strings.ReplaceAll(rest, "%", "%%"))
		}),
	}
}

// eachOf is the text for each pod of a list, in the order written.
func eachOf(list, text string) []string {
	var out []string
	for _, n := range quotedNames.FindAllStringSubmatch(list, -1) {
		out = append(out, fmt.Sprintf(text, n[1]))
	}
	return out
}

// expanding makes d a phrase that says other phrases, one for each text
// expand gives: it matches a step only where each of them is an
// expectation of the language (Matches), and its step is theirs in turn.
func expanding(d Def, expand func(text string) []string) Def {
	d.expand = expand
	d.parse = nil
	return d
}

// Expands tells whether the phrase says others (expanding).
func (d Def) Expands() bool { return d.expand != nil }

// Matches tells whether the phrase says text: its pattern matches, and
// for a phrase that says others (expanding) each of those is an
// expectation the language has, so that a step it cannot say is an
// undefined step, with its hint, and not an error of declaration.
func (d Def) Matches(text string) bool {
	if !d.Pattern.MatchString(text) {
		return false
	}
	if d.fallback {
		return d.saysOnly(text)
	}
	if d.expand == nil {
		return true
	}
	// Each pod as two, as a scenario of several pods has them.
	var texts []string
	for _, t := range d.expand(text) {
		texts = append(texts, forEachPod(t, []string{"web", "db"})...)
	}
	_, err := sayable(texts)
	return err == nil
}

// sayable are the phrases of texts, which a step that says them says in
// turn: each defined, and, for several, each an expectation (one step
// said in other words may be of any kind; several steps, one for each
// pod, say nothing of when their actions come).
func sayable(texts []string) ([]Def, error) {
	if len(texts) == 0 {
		return nil, inputErr("the step names no pod: the scenario declares none")
	}
	var defs []Def
	for _, t := range texts {
		d, err := definedPhrase(t)
		if err != nil {
			return nil, inputErr("this step says `%s`, which is not a phrase of the language", t)
		}
		if len(texts) > 1 && !strings.HasPrefix(d.Example, "Then ") {
			return nil, inputErr("this step says `%s`, which is an action: an action of several pods is written once per pod, or `the pods … are created`", t)
		}
		defs = append(defs, d)
	}
	return defs, nil
}

// forEachPod is text for each of pods where it says eachDeclaredPod, or
// text alone.
func forEachPod(text string, pods []string) []string {
	if !strings.Contains(text, eachDeclaredPod) {
		return []string{text}
	}
	var out []string
	for _, p := range pods {
		out = append(out, strings.ReplaceAll(text, eachDeclaredPod, fmt.Sprintf("%q", p)))
	}
	return out
}

// pluralVerb is a plural verb beginning what follows a list.
var pluralVerb = regexp.MustCompile(`^ (?:(?:all|both|each|also|still|never) )*(?:are|were|have|do|show|receive|get|reach|stay|remain|become|exit|terminate|fail|pass|run|keep|start)\b`)

// singularVerb is the verb of a plural subject said of one: `are` is
// `is`, `have` `has`, `receive` `receives`; `all`, `both` and `each`
// go, the pods being said one at a time.
var singularVerb = regexp.MustCompile(`^((?:(?:all|both|each|also|still|never|not) )*)(are|were|have|do|\w+)\b`)

func singular(rest string) string {
	m := singularVerb.FindStringSubmatchIndex(rest)
	if m == nil {
		return rest
	}
	adverbs := rest[m[2]:m[3]]
	for _, w := range []string{"all ", "both ", "each "} {
		adverbs = strings.ReplaceAll(adverbs, w, "")
	}
	verb, tail := rest[m[4]:m[5]], rest[m[5]:]
	switch verb {
	case "are":
		verb = "is"
	case "were":
		verb = "was"
	case "have":
		verb = "has"
	case "do":
		verb = "does"
	default:
		if strings.HasSuffix(verb, "s") || strings.HasSuffix(verb, "sh") || strings.HasSuffix(verb, "ch") {
			verb += "es"
		} else {
			verb += "s"
		}
	}
	// `are all Running`: the adverb after the verb goes too.
	for _, w := range []string{" all", " both", " each"} {
		if strings.HasPrefix(tail, w+" ") {
			tail = tail[len(w):]
		}
	}
	return adverbs + verb + tail
}

// eachPod is a step that says others (expanding): an expectation said
// of several pods, the phrase of one pod for each, or one or two steps
// said in other words, run in the order written.
type eachPod struct {
	texts []string
	arg   Arg
	steps []Step
	// said are texts once the scenario's pods are put in (eachDeclaredPod).
	said []string
}

func (s *eachPod) Declare(pl *Plan) error {
	var pods []string
	for _, p := range pl.pods {
		pods = append(pods, p.name)
	}
	s.said, s.steps = nil, nil
	for _, t := range s.texts {
		s.said = append(s.said, forEachPod(t, pods)...)
	}
	defs, err := sayable(s.said)
	if err != nil {
		return err
	}
	for i, d := range defs {
		step, err := d.Parse(s.said[i], s.arg)
		if err != nil {
			return err
		}
		if err := step.Declare(pl); err != nil {
			return err
		}
		s.steps = append(s.steps, step)
	}
	return nil
}

func (s *eachPod) Run(ctx context.Context, st *State) error {
	for i, step := range s.steps {
		err := step.Run(ctx, st)
		var v *timeline.Verdict
		if errors.As(err, &v) {
			// Which of the pods it was.
			v.Expected += fmt.Sprintf(" (read as `%s`)", s.said[i])
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// definedPhrase is the one phrase that matches text (parseDefined's).
func definedPhrase(text string) (Def, error) {
	var found []Def
	for _, d := range registry {
		if d.expand == nil && !d.fallback && d.Pattern.MatchString(text) {
			found = append(found, d)
		}
	}
	if len(found) != 1 {
		return Def{}, fmt.Errorf("%d phrases match %q", len(found), text)
	}
	return found[0], nil
}
