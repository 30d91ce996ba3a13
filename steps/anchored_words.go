package steps

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// An expectation timed from a container's exit or start (issue 38's
// eighteenth held-out batch: nineteen steps of one probes draft, thirteen
// of a sidecars draft, such as `kubectl shows pod "web" with STATUS
// "Running", READY "1/1" and RESTARTS "1" within 3s of its 1st exit`,
// `container "init-b" starts within 2s after container "init-a" exits`,
// `container "proxy" receives SIGTERM between 2s and 4s after it
// starts`): any timed expectation of the language, said with `within D of
// its Nth exit` (`after`), `between A and B after …`, `D after …` (`at`),
// or with no time, `after …`; the anchor `its Nth exit` (`start`), the
// container's n-th Exited (Started) event of the scenario, `container "c"
// exits` (`starts`, `has exited`), that container's, or `it starts`, the
// expectation's own container's, each the first at or after t=0, else
// the first in the scenario. The expectation's container is the one it
// names (`container "c" [of pod "p"]`), else its pod's one container.
//
// The expectation is judged as written with t=0 at the anchor, waited
// for as an untimed event is. `within D of` is `between 0s and D`, so
// that a state counts only where it came after the exit (a container
// ready before its first exit does not say it is ready again after it);
// an event's `within D` (anchoredWithin) where it has no `between`; a
// state without that form is not timed from an exit (its `within D`
// counts a state held before t=0). `D after` is `at D`; with no time it
// is `between 0s and E`, E the time to the anchor container's next start
// after an exit (its next exit after a start), or the end of the
// activity when none comes. On a cluster each window counts from the
// observed anchor, as the judge counts an interval (State.question).
// Where a phrase of its own says the text, that phrase is the step: this
// one is a fallback (Def.fallback), matched after every other.
func anchoredWords() []Def {
	// Its parse is Def.Parse's (parseAnchored), which reads the registry.
	d := phrase("signals and hooks", anchoredPattern.String(),
		`Then the pod "web" shows STATUS "Running" within 3s of its 1st exit`, nil)
	d.fallback = true
	// It restates the expectation it times: hints show that one.
	return []Def{d.respelling()}
}

var anchoredPattern = regexp.MustCompile(`^(.+?) (?:within (\d[\w.]*) (?:of|after)|between (\d[\w.]*) and (\d[\w.]*) after|(?:at )?(\d[\w.]*) after|(after)) (?:its (\S+) (exit|start)|container "([^"]*)"(?: of pod "([^"]*)")? (exits|starts|has exited|has started|exited|started)|it (exits|starts|has exited|has started|exited|started))$`)

// anchoredInner is the expectation an anchored text says (its captures
// c), in the forms to try, in order (the first the language has is the
// step). `within D` is one only of an event (anchoredWithin): a state
// `within D` holds where it held before t=0 too, so `READY "1/1" within
// 3s of its 1st exit` would hold of a container ready before it exited;
// a state is timed from an exit by a phrase that says its coming in a
// window (`between A and B`) or at an instant (`at T`).
func anchoredInner(c []string) []anchoredForm {
	// `restarts` is `is restarted`, which every time of the language
	// takes (held-out set 4: `restarts within 2s of its first exit`).
	inner := c[0]
	if s, ok := strings.CutSuffix(inner, " restarts"); ok {
		inner = s + " is restarted"
	}
	switch {
	case c[1] != "":
		return []anchoredForm{{inner + " between 0s and " + c[1], false}, {inner + " within " + c[1], true}}
	case c[2] != "":
		return []anchoredForm{{inner + " between " + c[2] + " and " + c[3], false}}
	case c[4] != "":
		return []anchoredForm{{inner + " at " + c[4], false}}
	}
	// No time: to the container's next start or exit, said when it is
	// known (anchorSpan stands in for it here).
	return []anchoredForm{{inner + " between 0s and " + anchorSpan, false}, {inner + " within " + anchorSpan, true}}
}

// saidOnce is what a phrase that says one other says of text (a
// respelling's text, steps/respelled_words.go: `the phase of pod "p"
// becomes "Failed" within 3s` is `the pod "p" becomes Failed within 3s`),
// or text.
func saidOnce(text string) string {
	for _, d := range registry {
		if d.expand == nil || !d.Pattern.MatchString(text) {
			continue
		}
		if said := d.expand(text); len(said) == 1 && !strings.Contains(said[0], eachDeclaredPod) {
			return said[0]
		}
	}
	return text
}

// anchoredForm is an expectation's text with its time, and whether that
// time is `within D`.
type anchoredForm struct {
	text   string
	within bool
}

// anchorSpan stands for the time to the container's next start or exit
// until it is known.
const anchorSpan = "1s"

// anchoredWithin are the families whose `within D` counts only what came
// at or after t=0 (docs/language.md, Time: an event predicate): a
// Kubernetes Event, a signal, a hook, an exit, a restart.
var anchoredWithin = map[string]bool{"events": true, "signals and hooks": true}

// saysOnly: a fallback phrase is a step where no other phrase says text
// and what it says is an expectation of the language.
func (d Def) saysOnly(text string) bool {
	for _, o := range registry {
		if !o.fallback && o.Matches(text) {
			return false
		}
	}
	_, _, err := anchoredDef(d.Pattern.FindStringSubmatch(text)[1:])
	return err == nil
}

// anchoredDef is the phrase an anchored text's expectation is, and its text.
func anchoredDef(c []string) (Def, string, error) {
	forms := anchoredInner(c)
	for _, f := range forms {
		f.text = saidOnce(f.text)
		d, err := definedPhrase(f.text)
		if err != nil || f.within && !anchoredWithin[d.Family] {
			continue
		}
		if !strings.HasPrefix(d.Example, "Then ") {
			return Def{}, "", inputErr("`%s` is not an expectation: only an expectation is timed from an exit or a start", f.text)
		}
		return d, f.text, nil
	}
	return Def{}, "", inputErr("this step says `%s`, which is not a phrase of the language", forms[0].text)
}

func parseAnchored(c []string, a Arg) (Step, error) {
	d, text, err := anchoredDef(c)
	if err != nil {
		return nil, err
	}
	inner, err := d.Parse(text, a)
	if err != nil {
		return nil, err
	}
	s := &anchored{def: d, text: text, untimed: c[5] != "", arg: a, inner: inner}
	verb := c[7] + c[10] + c[11]
	s.kind = timeline.Exited
	if strings.Contains(verb, "start") {
		s.kind = timeline.Started
	}
	switch {
	case c[6] != "":
		if s.nth, err = parseOrdinal(c[6]); err != nil {
			return nil, err
		}
		s.said = fmt.Sprintf("its %s %s", ordinalWord(s.nth), c[7])
	case c[8] != "":
		s.other = &ctrOfPod{c[8], c[9]}
		s.said = fmt.Sprintf("container %q %s", c[8], verbOf(s.kind))
	default:
		s.said = "its " + verbOf(s.kind)
	}
	return s, nil
}

// verbOf says an exit or a start.
func verbOf(k timeline.Kind) string {
	if k == timeline.Started {
		return "start"
	}
	return "exit"
}

// anchored is an expectation judged with t=0 at a container's n-th exit
// or start.
type anchored struct {
	def     Def
	text    string // the expectation, with its time
	untimed bool   // its time is the span to the next start or exit
	arg     Arg
	inner   Step
	// nth: the container's n-th exit (start) of the scenario; 0 for the
	// one the untimed rule chooses (its first at or after t=0, else its
	// first), of other where the step names another container (`after
	// container "init-a" exits`), else of its own (`after it starts`).
	nth   int
	other *ctrOfPod
	kind  timeline.Kind
	said  string
	// Declare's: the container's exits (starts), and the event that ends
	// the span of an untimed expectation.
	sel, next timeline.Selector
}

// containerNamedIn finds the container an expectation names: `container
// "c" [of pod "p"]`, else the pod's one container.
var (
	containerNamedIn = regexp.MustCompile(`container "([^"]*)"(?: of (?:the )?pod "([^"]*)")?`)
	podNamedIn       = regexp.MustCompile(`pod "([^"]*)"`)
)

func (s *anchored) Declare(pl *Plan) error {
	cname, pname := "", ""
	if s.other != nil {
		cname, pname = s.other.name, s.other.pod
	} else if m := containerNamedIn.FindStringSubmatch(s.text); m != nil {
		cname, pname = m[1], m[2]
	} else {
		if m := podNamedIn.FindStringSubmatch(s.text); m != nil {
			pname = m[1]
		}
		p, err := pl.mustPod(pname)
		if err != nil {
			return err
		}
		cs := p.pod.Spec.Containers
		if len(cs) != 1 {
			return inputErr("pod %q has %d containers: say whose %s it is timed from, with `container \"c\"` in the expectation", p.name, len(cs), s.said)
		}
		cname = cs[0].Name
	}
	var err error
	if s.sel, err = pl.containerEvent(cname, pname, s.kind); err != nil {
		return err
	}
	s.next = s.sel
	s.next.Kind = timeline.Started
	if s.kind == timeline.Started {
		s.next.Kind = timeline.Exited
	}
	return s.inner.Declare(pl)
}

// exitOrdinal is `first` … `tenth` or `1st`, `2nd`: which exit (pod).
type exitOrdinal int

func (o *exitOrdinal) set(v string) error {
	n, err := parseOrdinal(v)
	*o = exitOrdinal(n)
	return err
}

// ordinalWord is `first` … `tenth`, then `11th`.
func ordinalWord(n int) string {
	if n >= 1 && n <= len(ordinals) {
		return ordinals[n-1]
	}
	return fmt.Sprintf("%dth", n)
}

// nthOf is the n-th event sel selects in events, if it came.
func nthOf(events []timeline.Event, sel timeline.Selector, n int) (timeline.Event, bool) {
	k := 0
	for _, e := range events {
		if sel.Matches(e) {
			if k++; k == n {
				return e, true
			}
		}
	}
	return timeline.Event{}, false
}

// anchor is the exit (start) the expectation is timed from, if it came.
func (s *anchored) anchor(events []timeline.Event, t0 timeline.Mark) (timeline.Event, bool) {
	if s.nth == 0 {
		return timeline.Chosen(events, t0, s.sel)
	}
	return nthOf(events, s.sel, s.nth)
}

func (s *anchored) Run(ctx context.Context, st *State) error {
	came := func(events []timeline.Event) bool {
		x, ok := s.anchor(events, st.clock.t0)
		if !ok || !s.untimed {
			return ok
		}
		// The span of an untimed expectation ends at the next start (or
		// exit), waited for too.
		_, ok = nextAfter(events, x, s.next)
		return ok
	}
	if err := st.awaitUntimedFor(ctx, came, s.sel); err != nil {
		return err
	}
	events := st.clk().events()
	x, ok := s.anchor(events, st.clock.t0)
	if !ok {
		return &timeline.Verdict{Kind: timeline.Missing, Expected: fmt.Sprintf("%s, then %s", s.said, s.text),
			Observed: fmt.Sprintf("%s in the whole scenario", times(timeline.Count(events, s.sel), string(s.kind)+" of container "+fmt.Sprintf("%q", s.sel.Container)))}
	}
	inner := s.inner
	if s.untimed {
		span := st.clk().limit
		if e, ok := nextAfter(events, x, s.next); ok {
			span = e.At - x.At
		}
		text := strings.TrimSuffix(s.text, anchorSpan) + spanText(span)
		var err error
		if inner, err = s.def.Parse(text, s.arg); err != nil {
			return err
		}
		if err := inner.Declare(st.Plan); err != nil {
			return err
		}
	}
	// The expectation with t=0 at the exit (start); the scenario's own
	// t=0 and its live bookkeeping come back after it, the current time
	// staying where the expectation decided.
	c := &st.clock
	t0, liveCur, held, anchor := c.t0, c.liveCur, c.held, c.anchor
	c.t0, c.anchor = timeline.Mark{At: x.At, Seq: x.Seq}, &x
	err := inner.Run(ctx, st)
	c.t0, c.liveCur, c.held, c.anchor = t0, liveCur, held, anchor
	if v, ok := err.(*timeline.Verdict); ok {
		v.Expected = fmt.Sprintf("%s (%s), then %s", s.said, timeline.Occurrence(x, t0), v.Expected)
	}
	return err
}

// spanText is a span as a step writes a duration, to the millisecond up
// (so that the event that ends it is in it).
func spanText(d time.Duration) string {
	if r := d % time.Millisecond; r != 0 {
		d += time.Millisecond - r
	}
	return d.String()
}

// nextAfter is the first event sel selects after x.
func nextAfter(events []timeline.Event, x timeline.Event, sel timeline.Selector) (timeline.Event, bool) {
	m := timeline.Mark{At: x.At, Seq: x.Seq}
	for _, e := range events {
		if m.Precedes(e) && sel.Matches(e) {
			return e, true
		}
	}
	return timeline.Event{}, false
}
