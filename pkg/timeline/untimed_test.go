package timeline

import (
	"strings"
	"testing"
	"time"
)

// crashLoop is a container that crashed before t=0 (at 20s) and, restarted,
// is deleted after it: t=0 is at 20s.
var crashLoop = []Event{
	{At: 0, Seq: 1, Pod: "web", Container: "istio", Kind: Started},
	{At: 0, Seq: 2, Pod: "web", Container: "app", Kind: Started},
	{At: 5 * s, Seq: 3, Pod: "web", Container: "app", Kind: SIGTERM},
	{At: 7 * s, Seq: 4, Pod: "web", Container: "app", Kind: SIGKILL},
	{At: 7 * s, Seq: 5, Pod: "web", Container: "app", Kind: Exited, Code: 137},
	{At: 10 * s, Seq: 6, Pod: "web", Kind: Evicted},
	{At: 12 * s, Seq: 7, Pod: "web", Container: "app", Kind: Started},
	{At: 12 * s, Seq: 8, Pod: "web", Container: "app", Kind: Restarted},
	{At: 20 * s, Seq: 9, Pod: "web", Container: "app", Kind: SIGTERM},
	{At: 30 * s, Seq: 10, Pod: "web", Container: "app", Kind: Exited, Code: 143},
	{At: 30 * s, Seq: 11, Pod: "web", Container: "istio", Kind: SIGTERM},
}

// TestChosen pins the untimed rule's choice of occurrence (docs/language.md,
// the Time table's "untimed expectations"), each case naming the sentence
// it checks.
func TestChosen(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		t0     Mark
		sel    Selector
		wantAt int // seconds; -1 for none
	}{
		{"the first occurrence at or after t=0 is used, not an earlier one", Mark{At: 15 * s}, sel("app", SIGTERM), 20},
		{"with none at or after t=0, the first in the scenario is used", Mark{At: 40 * s}, sel("app", SIGTERM), 5},
		{"an occurrence at t=0 itself counts as at or after t=0", Mark{At: 20 * s}, sel("app", SIGTERM), 20},
		{"an event of t=0's instant but before its sequence is before t=0", Mark{At: 20 * s, Seq: 9}, sel("app", SIGTERM), 5},
		{"a pod event before t=0 covers the whole scenario: `When 60s pass` / `is evicted`", Mark{At: 60 * s}, Selector{Pod: "web", Kind: Evicted}, 10},
		{"no occurrence in the whole scenario: none chosen", Mark{At: 0}, sel("proxy", SIGTERM), -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e, ok := Chosen(crashLoop, c.t0, c.sel)
			switch {
			case c.wantAt < 0 && ok:
				t.Fatalf("chose %v, want none", e)
			case c.wantAt >= 0 && !ok:
				t.Fatalf("chose none, want the one at %ds", c.wantAt)
			case ok && e.At != timeSeconds(c.wantAt):
				t.Fatalf("chose the one at %s, want %ds", FormatOffset(e.At), c.wantAt)
			}
		})
	}
}

func timeSeconds(n int) time.Duration { return time.Duration(n) * s }

// TestUntimedRelative pins the relative phrases of the untimed rule: the
// reference is chosen as above, then the other event's first occurrence
// after it, of the same container instance when both are one container's.
func TestUntimedRelative(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		ref    Selector
		t0     Mark
		other  Selector
		wantAt int // -1 for none
	}{
		{"SIGKILL after SIGTERM: the first after the chosen SIGTERM", sel("app", SIGTERM), Mark{At: 0}, sel("app", SIGKILL), 7},
		{"the reference chosen at or after t=0: SIGKILL after the second SIGTERM, of its instance, none", sel("app", SIGTERM), Mark{At: 15 * s}, sel("app", SIGKILL), -1},
		{"a restart of the container ends its instance: an exit after the restart is not the first instance's",
			sel("app", SIGKILL), Mark{At: 0}, Selector{Pod: "web", Container: "app", Kind: Exited, Code: 143, HasCode: true}, -1},
		{"of two containers, no instance boundary: istio's SIGTERM after app's chosen exit", Selector{Pod: "web", Container: "app", Kind: Exited}, Mark{At: 15 * s}, sel("istio", SIGTERM), 30},
		{"an event of the reference's instant with a later sequence comes after it", sel("app", SIGKILL), Mark{At: 0}, sel("app", Exited), 7},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ref, ok := Chosen(crashLoop, c.t0, c.ref)
			if !ok {
				t.Fatalf("no reference %s", c.ref.Describe())
			}
			e, ok := FirstAfter(crashLoop, ref, Order{}, c.other)
			switch {
			case c.wantAt < 0 && ok:
				t.Fatalf("took the one at %s, want none", FormatOffset(e.At))
			case c.wantAt >= 0 && !ok:
				t.Fatalf("took none, want the one at %ds", c.wantAt)
			case ok && e.At != timeSeconds(c.wantAt):
				t.Fatalf("took the one at %s, want %ds", FormatOffset(e.At), c.wantAt)
			}
		})
	}
}

// TestUntimedMatchers pins the orders of the untimed rule and their
// messages: a failure names the occurrences used and those outside the
// choice, rather than "got no …".
func TestUntimedMatchers(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		err  error
		fail []string // empty when the expectation holds
	}{
		{"start order: the first starts, before t=0, are checked after `becomes Running`",
			ExpectOrderUntimed(crashLoop, Mark{At: 12 * s, Seq: 8}, Order{}, []Selector{sel("istio", Started), sel("app", Started)}), nil},
		{"start order: a start at or after t=0 is chosen over an earlier one",
			ExpectOrderUntimed(crashLoop, Mark{At: 11 * s}, Order{}, []Selector{sel("app", Started), sel("istio", Started)}),
			[]string{"Started of container \"app\" at 1s (others: at -11s, before t=0)", "Started of container \"istio\" at -11s, before t=0"}},
		{"stop order: exits chosen at or after t=0, with the earlier ones named",
			ExpectOrderUntimed(crashLoop, Mark{At: 15 * s}, Order{}, []Selector{sel("istio", SIGTERM), sel("app", Exited)}),
			[]string{"at 15s", "others: at -8s, before t=0"}},
		{"an order with an event that never happened says so",
			ExpectOrderUntimed(crashLoop, Mark{At: 0}, Order{}, []Selector{sel("app", Started), sel("proxy", Started)}),
			[]string{"no Started of container \"proxy\" in the whole scenario"}},
		{"after: istio's SIGTERM after app's chosen exit holds",
			ExpectAfterUntimed(crashLoop, Mark{At: 15 * s}, Order{}, sel("istio", SIGTERM), Selector{Pod: "web", Container: "app", Kind: Exited}), nil},
		{"after: nothing after the reference names the occurrences before it",
			ExpectAfterUntimed(crashLoop, Mark{At: 0}, Order{}, sel("app", Started), sel("istio", SIGTERM)),
			[]string{"SIGTERM of container \"istio\" at 30s, and no Started of container \"app\" after it", "at 0s; at 12s"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if len(c.fail) == 0 {
				if c.err != nil {
					t.Fatalf("failed: %v", c.err)
				}
				return
			}
			if c.err == nil {
				t.Fatalf("held, want a failure saying %q", c.fail)
			}
			for _, f := range c.fail {
				if !strings.Contains(c.err.Error(), f) {
					t.Errorf("message %q\n does not say %q", c.err, f)
				}
			}
		})
	}
}
