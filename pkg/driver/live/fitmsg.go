package live

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// A scenario's declared nodes are pool nodes it leases, on a cluster of
// more nodes. Its pods are kept on them by a required node affinity on
// the nodes' names (keepOn: metadata.name In [...]), which the scheduler
// turns in PreFilter into the only nodes it evaluates (NodeAffinity
// PreFilter returns a PreFilterResult for matchFields on metadata.name).
// Every other node is then "absent" from the cycle's diagnosis, with one
// status: findNodesThatFitPod sets AbsentNodesStatus "node(s) didn't
// satisfy plugin(s) [...]", and the preemption's FitError sets it to
// "Preemption is not helpful for scheduling"; FitError.Error counts them
// among NumAllNodes, every node of the cluster (pkg/scheduler
// schedule_one.go schedulePod and findNodesThatFitPod,
// framework/preemption/preemption.go Preempt, framework/types.go
// FitError.Error; v1.36.3). So the message a scenario's nodes alone
// would give is the cluster's with those absent nodes taken out: the
// total becomes the nodes kept on, and the absent count leaves the one
// reason that carries it. Nothing else in the message depends on the
// other nodes, which the scheduler never looked at.

// fitMessage matches one FitError's text: "0/N nodes are available:"
// and its histogram up to the sentence's end.
var fitMessage = regexp.MustCompile(`0/(\d+) nodes are available: ([^.]*)\.`)

// absentReasons are the reasons a FitError gives the nodes a PreFilter
// result left out.
var absentReasons = []string{"node(s) didn't satisfy plugin", "Preemption is not helpful for scheduling"}

// scenarioFitMessage rewrites a FailedScheduling message of a pod kept on
// kept nodes as if those were the cluster's only nodes; a message it
// cannot account for exactly is returned as it is.
func scenarioFitMessage(msg string, kept int) string {
	if kept <= 0 {
		return msg
	}
	return fitMessage.ReplaceAllStringFunc(msg, func(m string) string {
		sub := fitMessage.FindStringSubmatch(m)
		all, err := strconv.Atoi(sub[1])
		if err != nil || all <= kept {
			return m
		}
		absent := all - kept
		var out []string
		found := false
		for _, part := range strings.Split(sub[2], ", ") {
			n, reason, ok := strings.Cut(part, " ")
			count, err := strconv.Atoi(n)
			if !ok || err != nil {
				return m
			}
			if !found && isAbsentReason(reason) && count >= absent {
				found = true
				count -= absent
				if count == 0 {
					continue
				}
			}
			out = append(out, strconv.Itoa(count)+" "+reason)
		}
		if !found {
			return m
		}
		// FitError.Error sorts the histogram's "N reason" strings.
		sort.Strings(out)
		if len(out) == 0 {
			return "0/" + strconv.Itoa(kept) + " nodes are available."
		}
		return "0/" + strconv.Itoa(kept) + " nodes are available: " + strings.Join(out, ", ") + "."
	})
}

func isAbsentReason(r string) bool {
	for _, a := range absentReasons {
		if strings.HasPrefix(r, a) {
			return true
		}
	}
	return false
}

// keptOn is how many nodes the scenario's pods are kept on by name: its
// leased nodes, or the skewed node of its kubelet (placeOnSkewed); 0
// when the scheduler may place them on any node of the cluster.
func (s *observers) keptOn() int {
	switch {
	case len(s.leases) > 0:
		return len(s.leases)
	case s.d != nil && s.home.name != "" && s.home.name != s.d.info.Node:
		return 1
	}
	return 0
}
