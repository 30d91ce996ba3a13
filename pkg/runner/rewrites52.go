package runner

import (
	"regexp"
	"strings"

	"github.com/podlife/podlife/steps"
)

// Readings of held-out sets 52-54's first drafts (written from the
// README alone), each a class of wording the vocabulary says otherwise.
var (
	// nthRestartRE is a container's N-th restart in a window, said as the
	// phrase says it since the sixty-first drafts (`restarts for the 5th
	// time between 313s and 325s`; set 54's words were hinted `is
	// restarted between …`, the first restart of the window, whichever it
	// is, and then `has restart count 5 between …`, which holds as well
	// when the count only passes through 5 there).
	nthRestartRE = regexp.MustCompile(`(?i)^((?:the )?(?:init |sidecar )?container "[^"]*"(?: of pod "[^"]*")?) (?:restarts|is restarted|gets restarted|has restarted|was restarted) (?:for )?the (\S+) time ((?:between|within|at) .*)$`)

	// termBeforeRE is a container's SIGTERM said before another's: the
	// other's SIGTERM after it (set 53: `container "logger" receives
	// SIGTERM before container "proxy"` was hinted `container "logger"
	// receives SIGTERM after container "proxy" has exited`, the opposite
	// order). The phrase that orders two containers' signals counts the
	// later one from the earlier one's exit, a little more than said.
	termBeforeRE = regexp.MustCompile(`(?i)^((?:the )?(?:init |sidecar |app |main )?container "[^"]*") (?:receives|gets|is sent) SIGTERM before ((?:the )?(?:init |sidecar |app |main )?container "[^"]*")(?: (?:does|is|receives it|gets it))?$`)
)

// readOutcomes52 reads an expectation's words as its phrase.
func readOutcomes52(out string) string {
	if m := nthRestartRE.FindStringSubmatch(out); m != nil {
		if _, ok := steps.Ordinal(strings.ToLower(m[2])); ok {
			return m[1] + " restarts for the " + strings.ToLower(m[2]) + " time " + m[3]
		}
	}
	if m := termBeforeRE.FindStringSubmatch(out); m != nil {
		return m[2] + " receives SIGTERM after " + m[1] + " has exited"
	}
	return out
}
