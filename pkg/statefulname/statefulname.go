// Package statefulname is a StatefulSet's pod identity as its controller
// names it (pkg/controller/statefulset/stateful_set_utils.go getPodName,
// getParentNameAndOrdinal, v1.36.3): the simulator's controller makes the
// names, and the steps read a pod named by one.
package statefulname

import (
	"strconv"
	"strings"
)

// Pod is getPodName: <set>-<ordinal>.
func Pod(set string, ordinal int) string { return set + "-" + strconv.Itoa(ordinal) }

// Ordinal is getParentNameAndOrdinal's ordinal: the number after the
// set's name and a dash, -1 when the name is not one of the set's.
func Ordinal(set, pod string) int {
	rest, ok := strings.CutPrefix(pod, set+"-")
	if !ok {
		return -1
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 0 || strconv.Itoa(n) != rest {
		return -1
	}
	return n
}
