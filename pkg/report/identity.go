package report

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// Which pod of one run is which of the other's. A declared pod keeps its
// name. A pod a controller made has a name the API server generated, which
// two runs never share: the diff names it by its controller and its
// creation order, as the steps do (`pod 2 of replica set "web"`). A
// Deployment's pods are named by the Deployment, their ReplicaSet's
// revision and their creation order in it ("web-rev2-#1"), never by the
// ReplicaSet's pod-template-hash, which differs between a cluster and the
// simulator (the template a cluster gets carries podlife's labels). The
// pods a drain evicts are a set: which of a controller's pods sat on the
// drained node, and which eviction kubectl's goroutines got through first,
// is not what a drain scenario states, so a drain's victims are paired
// across the runs by their events, not by their order.

// generated is the end of a name the API server made from a
// generateName: five characters of utilrand.String's alphabet
// (k8s.io/apimachinery/pkg/util/rand, SimpleNameGenerator), which the
// simulator's ReplicaSet controller draws from too.
var generated = regexp.MustCompile(`^(.+-)[bcdfghjklmnpqrstvwxz2456789]{5}$`)

// templateHash is a ReplicaSet's pod-template-hash as the Deployment
// controller makes it: the decimal FNV-32a of the template, in
// rand.SafeEncodeString's alphabet (pkg/controller/controller_utils.go
// ComputeHash, v1.36.3): up to 10 characters.
var templateHash = regexp.MustCompile(`^[bcdfghjklmnpqrstvwxz2456789]{1,10}$`)

// drainStep is the text of a drain's step (`node "worker-1" is drained`,
// `… is drained with "--force"`).
var drainStep = regexp.MustCompile(`\bis drained(?: with "[^"]*")?$`)

// madePod is a pod a controller made, in the diff's names: group is its
// controller's ("web-" for the ReplicaSet or Job "web", "web-rev2-" for
// the second ReplicaSet of the Deployment "web"), ordinal its creation
// order in it, from 1; victim says a drain evicted it.
type madePod struct {
	name, group string
	ordinal     int
	victim      bool
	// created is when the pod was created, relative to t=0.
	created time.Duration
}

func (m madePod) alias() string { return m.group + "#" + fmt.Sprint(m.ordinal) }

// madePods are the pods controllers made in a run (in the timeline,
// created, not among the scenario's declared pods, their names
// generated), in creation order; events are in time order.
func madePods(r *Result, events []timeline.Event) []madePod {
	own := map[string]bool{}
	for _, m := range r.Pods {
		own[m.Name] = true
	}
	deployments := map[string]bool{}
	for _, e := range events {
		if d, ok := strings.CutPrefix(e.Pod, "deployment/"); ok {
			deployments[d] = true
		}
	}
	// A Deployment's ReplicaSets in the order they first appear (their
	// events, their pods): the order of their creation, each the
	// revision the controller gave it then (maxOldRevision+1,
	// pkg/controller/deployment/sync.go getNewReplicaSet, v1.36.3). A
	// rollback gives an old ReplicaSet a new revision; it keeps its
	// place here, the same on both runs.
	revision := map[string]int{}
	revisions := map[string]int{}
	noteRS := func(rs string) {
		i := strings.LastIndexByte(rs, '-')
		if i <= 0 || !deployments[rs[:i]] || !templateHash.MatchString(rs[i+1:]) {
			return
		}
		if _, ok := revision[rs]; !ok {
			revisions[rs[:i]]++
			revision[rs] = revisions[rs[:i]]
		}
	}
	var out []madePod
	seen := map[string]bool{}
	n := map[string]int{}
	for _, e := range events {
		if rs, ok := strings.CutPrefix(e.Pod, "replicaset/"); ok {
			noteRS(rs)
			continue
		}
		if e.Kind != timeline.PodCreated || own[e.Pod] || seen[e.Pod] {
			continue
		}
		m := generated.FindStringSubmatch(e.Pod)
		if m == nil {
			continue
		}
		seen[e.Pod] = true
		group := m[1]
		rs := strings.TrimSuffix(group, "-")
		noteRS(rs)
		if v, ok := revision[rs]; ok {
			group = fmt.Sprintf("%s-rev%d-", rs[:strings.LastIndexByte(rs, '-')], v)
		}
		n[group]++
		out = append(out, madePod{name: e.Pod, group: group, ordinal: n[group], created: e.At - r.T0})
	}
	if drains(r) {
		for i := range out {
			_, out[i].victim = timeline.EvictedThroughAPI(events, out[i].name)
		}
	}
	return out
}

// drains tells whether the scenario drains a node.
func drains(r *Result) bool {
	for _, s := range r.Steps {
		if drainStep.MatchString(s.Text) {
			return true
		}
	}
	return false
}

// controllerPods names one run's pods a controller made by their group
// and creation order ("web-#2", "web-rev1-#3").
func controllerPods(r *Result, events []timeline.Event) map[string]string {
	out := map[string]string{}
	for _, m := range madePods(r, events) {
		out[m.name] = m.alias()
	}
	return out
}

// identities are the names the diff gives two runs' pods: a's as
// controllerPods names them, b's those of the pods of a they stand for.
// A controller's pods are paired in creation order, but in a scenario
// that drains a node: there its victims are paired with the other run's
// victims by their events (pairByEvents), then its other pods (survivors,
// replacements, victims one run has more of) the same way, whose order
// of creation followed the evictions'; ties go to creation order. b's
// pods left without a partner get ordinals past a's. evictedA and
// evictedB are each run's drain victims, by those names.
func identities(a, b *Result, eventsA, eventsB []timeline.Event) (namesA, namesB map[string]string, evictedA, evictedB []string) {
	ma, mb := madePods(a, eventsA), madePods(b, eventsB)
	namesA, namesB = map[string]string{}, map[string]string{}
	var groups []string
	byGroup := func(ms []madePod) map[string][]madePod {
		out := map[string][]madePod{}
		for _, m := range ms {
			if out[m.group] == nil && !slices.Contains(groups, m.group) {
				groups = append(groups, m.group)
			}
			out[m.group] = append(out[m.group], m)
		}
		return out
	}
	ga, gb := byGroup(ma), byGroup(mb)
	costA, costB := podEvents(a, eventsA), podEvents(b, eventsB)
	cost := func(x, y madePod) time.Duration { return eventCost(costA[x.name], costB[y.name]) }
	for _, g := range groups {
		pa, pb := ga[g], gb[g]
		for _, m := range pa {
			namesA[m.name] = m.alias()
		}
		var pairs [][2]madePod
		var rest []madePod
		if drains(a) || drains(b) {
			pairs, rest = pairDrained(pa, pb, cost)
		} else {
			pairs, _, rest = zipPods(pa, pb)
		}
		for _, p := range pairs {
			namesB[p[1].name] = p[0].alias()
		}
		for i, m := range rest {
			m.ordinal = len(pa) + i + 1
			namesB[m.name] = m.alias()
		}
		for _, m := range pa {
			if m.victim {
				evictedA = append(evictedA, namesA[m.name])
			}
		}
		for _, m := range pb {
			if m.victim {
				evictedB = append(evictedB, namesB[m.name])
			}
		}
	}
	sort.Strings(evictedA)
	sort.Strings(evictedB)
	return namesA, namesB, evictedA, evictedB
}

// pairDrained pairs a group's pods of a drain scenario: the victims
// with the other run's victims, then the pods created before t=0 (the
// survivors, and victims one run has more of) among themselves and those
// created after (the replacements, created as the evictions went
// through), then what is left of either, each step by their events
// (pairByEvents). rest are b's pods left without a partner.
func pairDrained(a, b []madePod, cost func(x, y madePod) time.Duration) (pairs [][2]madePod, rest []madePod) {
	split := func(ms []madePod, f func(madePod) bool) (in, out []madePod) {
		for _, m := range ms {
			if f(m) {
				in = append(in, m)
			} else {
				out = append(out, m)
			}
		}
		return in, out
	}
	victim := func(m madePod) bool { return m.victim }
	before := func(m madePod) bool { return m.created < 0 }
	va, oa := split(a, victim)
	vb, ob := split(b, victim)
	pairs, la, lb := pairByEvents(va, vb, cost)
	// A victim one run has more of stands among the pods created when
	// it was: a survivor of the other run, most likely.
	ba, aa := split(byOrdinal(slices.Concat(la, oa)), before)
	bb, ab := split(byOrdinal(slices.Concat(lb, ob)), before)
	p1, ra1, rb1 := pairByEvents(ba, bb, cost)
	p2, ra2, rb2 := pairByEvents(aa, ab, cost)
	// What is left of either, across the parts.
	p3, _, rest := pairByEvents(byOrdinal(slices.Concat(ra1, ra2)), byOrdinal(slices.Concat(rb1, rb2)), cost)
	return slices.Concat(pairs, p1, p2, p3), rest
}

// zipPods pairs two lists in order; what is left of either is returned.
func zipPods(a, b []madePod) (pairs [][2]madePod, restA, restB []madePod) {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		pairs = append(pairs, [2]madePod{a[i], b[i]})
	}
	return pairs, a[n:], b[n:]
}

// byOrdinal sorts pods by their creation order.
func byOrdinal(ms []madePod) []madePod {
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].ordinal < ms[j].ordinal })
	return ms
}

// exhaustivePairing is the most victims whose every pairing is tried;
// past it they are paired greedily, the cheapest pair first.
const exhaustivePairing = 8

// pairByEvents pairs two runs' pods of one group so that their events
// differ least (cost), ties going to the order given (creation order);
// the pods one run has more of are left over.
func pairByEvents(a, b []madePod, cost func(x, y madePod) time.Duration) (pairs [][2]madePod, restA, restB []madePod) {
	if len(a) == 0 || len(b) == 0 {
		return nil, a, b
	}
	swap := len(a) > len(b)
	small, large := a, b
	c := func(i, j int) time.Duration { return cost(small[i], large[j]) }
	if swap {
		small, large = b, a
		c = func(i, j int) time.Duration { return cost(large[j], small[i]) }
	}
	var match []int
	if len(large) <= exhaustivePairing {
		match = bestMatch(len(small), len(large), c)
	} else {
		match = greedyMatch(len(small), len(large), c)
	}
	used := make([]bool, len(large))
	for i, j := range match {
		used[j] = true
		if swap {
			pairs = append(pairs, [2]madePod{large[j], small[i]})
		} else {
			pairs = append(pairs, [2]madePod{small[i], large[j]})
		}
	}
	var left []madePod
	for j, u := range used {
		if !u {
			left = append(left, large[j])
		}
	}
	if swap {
		return pairs, left, nil
	}
	return pairs, nil, left
}

// bestMatch gives each of n items one of m ≥ n partners, distinct, at
// the least total cost; of equal totals the first in lexicographic
// order (creation order).
func bestMatch(n, m int, cost func(i, j int) time.Duration) []int {
	best, bestCost := []int(nil), time.Duration(0)
	cur := make([]int, n)
	used := make([]bool, m)
	var try func(i int, total time.Duration)
	try = func(i int, total time.Duration) {
		if best != nil && total >= bestCost {
			return
		}
		if i == n {
			best, bestCost = append([]int(nil), cur...), total
			return
		}
		for j := 0; j < m; j++ {
			if !used[j] {
				used[j], cur[i] = true, j
				try(i+1, total+cost(i, j))
				used[j] = false
			}
		}
	}
	try(0, 0)
	return best
}

// greedyMatch pairs the cheapest pair first, then the next among the
// rest.
func greedyMatch(n, m int, cost func(i, j int) time.Duration) []int {
	match := make([]int, n)
	doneI, doneJ := make([]bool, n), make([]bool, m)
	for k := 0; k < n; k++ {
		bi, bj := -1, -1
		var bc time.Duration
		for i := 0; i < n; i++ {
			for j := 0; j < m; j++ {
				if doneI[i] || doneJ[j] {
					continue
				}
				if c := cost(i, j); bi < 0 || c < bc {
					bi, bj, bc = i, j, c
				}
			}
		}
		match[bi], doneI[bi], doneJ[bj] = bj, true, true
	}
	return match
}

// podEvents are, for each pod, its containers' lifecycle events: by
// "container label" (numbered from the second occurrence), their time
// after t=0.
func podEvents(r *Result, events []timeline.Event) map[string]map[string]time.Duration {
	out := map[string]map[string]time.Duration{}
	seen := map[string]int{}
	for _, e := range events {
		if e.Container == "" || !lifecycleKind(e.Kind) {
			continue
		}
		k := e.Container + " " + e.Label()
		seen[e.Pod+"/"+k]++
		if n := seen[e.Pod+"/"+k]; n > 1 {
			k = fmt.Sprintf("%s #%d", k, n)
		}
		if out[e.Pod] == nil {
			out[e.Pod] = map[string]time.Duration{}
		}
		out[e.Pod][k] = e.At - r.T0
	}
	return out
}

// unpaired is what an event one of two pods has and the other lacks costs
// a pairing: more than any difference of time a scenario sees.
const unpaired = time.Hour

// eventCost is how far two pods' events are from each other's: the time
// between the events both have, and unpaired for each only one has.
func eventCost(a, b map[string]time.Duration) time.Duration {
	var c time.Duration
	for k, x := range a {
		if y, ok := b[k]; ok {
			c += abs(x - y)
		} else {
			c += unpaired
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			c += unpaired
		}
	}
	return c
}
