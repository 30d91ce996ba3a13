package timeline

import (
	"fmt"
	"strings"
)

// The untimed rule (docs/language.md, the Time table's "untimed
// expectations"): an expectation with no absolute time bound covers the
// whole scenario, before t=0 included. Of each event it names it uses the
// first occurrence at or after t=0, else the first in the scenario; a
// relative phrase chooses its reference so and takes the first occurrence
// of the other event after it. The matchers below decide on a timeline;
// waiting for it to be complete enough is the steps' business.

// Chosen is the occurrence of s an untimed expectation uses: the first at
// or after t0, else the first in the scenario.
func Chosen(events []Event, t0 Mark, s Selector) (Event, bool) {
	if e, ok := First(events, t0, s); ok {
		return e, true
	}
	return First(events, Beginning, s)
}

// FirstAfter is the first occurrence of s after ref, as a relative phrase
// takes it: later in (time, sequence), or simultaneous by ord.
// Where both are events of one container, only that container's instance
// of ref counts: a restart (its next Started) ends the search.
func FirstAfter(events []Event, ref Event, ord Order, s Selector) (Event, bool) {
	sameContainer := ref.Container != "" && ref.Pod == s.Pod && ref.Container == s.Container && !s.AnyContainer
	for _, e := range events {
		if e.At == ref.At && e.Seq == ref.Seq {
			continue
		}
		if !ord.before(ref, e) {
			continue
		}
		if sameContainer && s.Kind != Started && e.Kind == Started && e.Pod == ref.Pod && e.Container == ref.Container {
			return Event{}, false
		}
		if s.Matches(e) {
			return e, true
		}
	}
	return Event{}, false
}

// Occurrence renders when e happened for a failure message: "at 3s",
// "at -25s, before t=0".
func Occurrence(e Event, t0 Mark) string {
	s := "at " + rel(e.At, t0)
	if !t0.Precedes(e) {
		s += ", before t=0"
	}
	return s
}

// Others lists the occurrences of s other than the one used, for a failure
// message: "at -25s, before t=0; at 4s".
func Others(events []Event, t0 Mark, s Selector, used Event) string {
	var out []string
	for _, e := range events {
		if !s.Matches(e) || (e.At == used.At && e.Seq == used.Seq) {
			continue
		}
		out = append(out, Occurrence(e, t0))
	}
	return strings.Join(out, "; ")
}

// describeChosen says which occurrence of s was used and lists the others.
func describeChosen(events []Event, t0 Mark, s Selector, e Event) string {
	d := s.Describe() + " " + Occurrence(e, t0)
	if others := Others(events, t0, s, e); others != "" {
		d += " (others: " + others + ")"
	}
	return d
}

// ExpectOrderUntimed checks that the chosen occurrences of the selected
// events come in the given order.
func ExpectOrderUntimed(events []Event, t0 Mark, ord Order, sels []Selector) error {
	var names []string
	for _, s := range sels {
		names = append(names, s.Describe())
	}
	exp := strings.Join(names, ", then ")
	found := make([]Event, len(sels))
	var observed []string
	missing := false
	for i, s := range sels {
		e, ok := Chosen(events, t0, s)
		if !ok {
			observed = append(observed, "no "+s.Describe()+" in the whole scenario")
			missing = true
			continue
		}
		found[i] = e
		observed = append(observed, describeChosen(events, t0, s, e))
	}
	if missing {
		return &Verdict{Kind: Missing, Expected: exp, Observed: strings.Join(observed, ", ")}
	}
	for i := 1; i < len(found); i++ {
		if !ord.before(found[i-1], found[i]) {
			return &Verdict{Kind: WrongOrder, Expected: exp, Observed: strings.Join(observed, ", ")}
		}
	}
	return nil
}

// ExpectAfterUntimed checks a relative order: the reference (earlier) is
// chosen, and later must have an occurrence after it.
func ExpectAfterUntimed(events []Event, t0 Mark, ord Order, later, earlier Selector) error {
	exp := fmt.Sprintf("%s after %s", later.Describe(), earlier.Describe())
	ref, ok := Chosen(events, t0, earlier)
	if !ok {
		obs := "no " + earlier.Describe() + " in the whole scenario"
		if l, ok := Chosen(events, t0, later); ok {
			obs = fmt.Sprintf("%s %s, but %s", later.Describe(), Occurrence(l, t0), obs)
		}
		return &Verdict{Kind: Missing, Expected: exp, Observed: obs}
	}
	if _, ok := FirstAfter(events, ref, ord, later); ok {
		return nil
	}
	obs := fmt.Sprintf("%s %s, and no %s after it", earlier.Describe(), Occurrence(ref, t0), later.Describe())
	var all []string
	for _, e := range events {
		if later.Matches(e) {
			all = append(all, Occurrence(e, t0))
		}
	}
	if len(all) > 0 {
		obs += "; " + later.Describe() + " " + strings.Join(all, "; ")
	}
	return &Verdict{Kind: WrongOrder, Expected: exp, Observed: obs}
}
