package mutation

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/kubelet/periods"
	"github.com/podlife/podlife/pkg/timeline"
)

// Rule lets a mutant survive legitimately: the change it made is one the
// kubelet's own rules, or the language's, allow. Explains recognises the
// mutants the rule covers from the mutated step's phrase and the facts of
// the original run (its timeline read by the oracle of state.go, its
// checks, its pods), never from a list of places; it says why in detail.
type Rule struct {
	Name     string
	Source   string
	Explains func(f *Facts, o Outcome) (string, bool)
}

// rules are the rules, in the order they are tried (never modified).
var rules = []Rule{
	{
		Name: "`not … after T` reads one instant",
		Source: "the language's rule: `not … after T` says the state did not hold at t0+T (docs/language.md, Time); " +
			"a shift to an instant where the original's timeline shows the state not holding either cannot fail",
		Explains: notAtShiftedInstant,
	},
	{
		Name: "`not … before T` claims less for an earlier T",
		Source: "the language's rule: `not … before T` says the state held at no time from t=0 to t0+T (docs/language.md, Time); " +
			"where the original's timeline shows the state first holding at or after the shifted T, a shift to an earlier T cannot fail",
		Explains: notBeforeShiftedEarlier,
	},
	{
		Name: "an event `not before T` claims less for an earlier T",
		Source: "the language's rule: `does not receive SIGTERM before T`, `is not restarted before T`, `does not start before T`, " +
			"`does not exit before T` say the event's first occurrence at or after t=0 is not before t0+T (docs/language.md, signals and hooks); " +
			"where the original's timeline shows that occurrence at or after the shifted T, or none, a shift to an earlier T cannot fail",
		Explains: eventNotBeforeShiftedEarlier,
	},
	{
		Name: "no event `before T` claims less for an earlier T",
		Source: "the language's rule: `no event \"R\" is recorded for pod \"p\" before T` says no such event came from t=0 to t0+T (docs/language.md, events); " +
			"where the original's timeline shows its first occurrence at or after the shifted T, or none, a shift to an earlier T cannot fail",
		Explains: noEventBeforeShiftedEarlier,
	},
	{
		Name: "a pod's signal `not before T` claims less for an earlier T",
		Source: "the language's rule: `the pod \"p\" does not receive SIGTERM before T` and `no container of pod \"p\" receives SIGKILL before T` say the first signal to any of its containers at or after t=0 is not before t0+T (docs/language.md, signals and hooks); " +
			"where the original's timeline shows that occurrence at or after the shifted T, or none, a shift to that T cannot fail",
		Explains: podSignalNotBeforeShifted,
	},
	{
		Name: "a Job's deletion `not before T` claims less for an earlier T",
		Source: "the language's rule: `the job \"x\" is not deleted before T` (`not gone`) says the Job's first deletion (its delete accepted; its removal) at or after t=0 is not before t0+T (docs/language.md, workloads); " +
			"where the original's timeline shows that occurrence at or after the shifted T, or none, a shift to an earlier T cannot fail",
		Explains: jobDeletionNotBeforeShifted,
	},
	{
		Name: "a Job's condition `not before T` claims less for an earlier T",
		Source: "the language's rule: `the job \"x\" is not Complete before T` (`not Failed`) says the Job's condition Complete=True (Failed=True) held at no time from t=0 to t0+T (docs/language.md, workloads); " +
			"where the original's timeline shows it first holding at or after the shifted T, or never, a shift to an earlier T cannot fail",
		Explains: jobConditionNotBeforeShifted,
	},
	{
		Name: "a drain `does not complete within T` claims less for an earlier T",
		Source: "the language's rule: `the drain of node \"n\" does not complete within T` says the drain had not completed by t0+T (docs/language.md, disruptions); " +
			"where the original's checks saw the drain complete after the shifted T (a `completes` step of the same scenario), a shift to an earlier T cannot fail",
		Explains: drainNotDoneShiftedEarlier,
	},
	{
		Name: "a container's `not ready after T` reads one instant",
		Source: "the language's rule: `container \"c\" is not ready after T` says the container was not ready at t0+T (docs/language.md, Time: `not … after T`); " +
			"a shift to an instant where the original's timeline shows the container not ready either cannot fail",
		Explains: containerNotReadyAtShiftedInstant,
	},
	{
		Name: "`within D` admits the past",
		Source: "the language's rule: a state predicate `within D` holds if the state is true at some time up to the deadline, " +
			"before t=0 included (docs/language.md, Time: within); the original's timeline shows the mutated state held by the mutated deadline",
		Explains: heldByDeadline,
	},
	{
		Name: "a drawn time's range",
		Source: "the kubelet's jittered requeue: a pod worker waits its back-off or resync period stretched by up to half " +
			"(pkg/kubelet/pod_workers.go: workerBackOffPeriodJitterFactor, workerResyncIntervalJitterFactor 0.5, wait.Jitter); " +
			"a window written over the draw's range still holds this run's draw when shifted by a second",
		Explains: drawnInShiftedWindow,
	},
	{
		Name: "an eviction pass's phase",
		Source: "the eviction manager looks at the node's signals every monitoring interval (10 s) from its kubelet's start " +
			"(pkg/kubelet/eviction/eviction_manager.go Start, evictionMonitoringPeriod, v1.36.3), a phase each real node has its own of, " +
			"and sets a pressure condition at a pass (synchronize): a condition's window written over a whole pass period, " +
			"which a real node can be judged by, still holds the simulator's pass when shifted by a second",
		Explains: passInShiftedWindow,
	},
	{
		Name: "concurrent kills are unordered",
		Source: "the kubelet stops a pod's containers concurrently, one goroutine each (killContainersWithSyncResult, " +
			"pkg/kubelet/kuberuntime/kuberuntime_container.go): an order between them holds either way (docs/language.md, Time: order)",
		Explains: killedTogether,
	},
	{
		Name: "a sidecar stopped at the grace's end is unordered",
		Source: "a sidecar's wait for its turn is bounded by the grace (waitForTurn, pkg/kubelet/kuberuntime/kuberuntime_termination_order.go) " +
			"and skipped when its preStop spent it (killContainer, kuberuntime_container.go): its stop then runs in its own goroutine " +
			"with the main containers' kill at that moment, and an order between them holds either way (docs/language.md, Time: order)",
		Explains: sidecarWithoutTurn,
	},
}

// Explain finds the rule that lets a survivor survive, and why.
func Explain(f *Facts, o Outcome) (Rule, string, bool) {
	for _, r := range rules {
		if why, ok := r.Explains(f, o); ok {
			return r, why, true
		}
	}
	return Rule{}, "", false
}

// stepText is the mutated step's text without its keyword.
func stepText(m Mutant) string {
	_, rest, _ := strings.Cut(m.Now, " ")
	return rest
}

var notAfterRe = regexp.MustCompile(`^the pod "([^"]*)" is not (\S+) after (\S+)$`)

// notAtRe is `is not S at T` (drafts 72), read as `is not S after T`.
var notAtRe = regexp.MustCompile(`^the pod "([^"]*)" is not (\S+) at (\S+)$`)

func notAtShiftedInstant(f *Facts, o Outcome) (string, bool) {
	m := o.Mutant
	text := stepText(m)
	if g := notAtRe.FindStringSubmatch(text); g != nil {
		text = `the pod "` + g[1] + `" is not ` + g[2] + ` after ` + g[3]
	}
	if m.Class != Shift || !notAfterRe.MatchString(text) {
		return "", false
	}
	q, at, ok := stateOf(text, f.onlyPod(), f.onlyNode())
	if !ok {
		return "", false
	}
	t0, err := f.T0(m.StepLine)
	if err != nil {
		return "", false
	}
	if heldAt(f.Original.Timeline, q, t0+at) {
		return "", false
	}
	if first, ok := firstHeldFrom(f.Original.Timeline, q, t0); ok {
		return fmt.Sprintf("%s first holds at %s, after %s", q.name, offset(first-t0), offset(at)), true
	}
	return fmt.Sprintf("%s never holds from t=0 on", q.name), true
}

// shiftedBound reads a shifted mutant of a phrase re matches: its
// captures, the time its group bound says, and the mutated step's t=0.
func shiftedBound(f *Facts, o Outcome, re *regexp.Regexp, bound int) (g []string, at, t0 time.Duration, ok bool) {
	m := o.Mutant
	if g = re.FindStringSubmatch(stepText(m)); m.Class != Shift || g == nil {
		return nil, 0, 0, false
	}
	at, err := time.ParseDuration(g[bound])
	if err != nil {
		return nil, 0, 0, false
	}
	if t0, err = f.T0(m.StepLine); err != nil {
		return nil, 0, 0, false
	}
	return g, at, t0, true
}

var ctrNotReadyAfterRe = regexp.MustCompile(`^(?:init )?container "([^"]*)"(?: of pod "([^"]*)")? is not ready after (\S+)$`)

func containerNotReadyAtShiftedInstant(f *Facts, o Outcome) (string, bool) {
	g, at, t0, ok := shiftedBound(f, o, ctrNotReadyAfterRe, 3)
	if !ok {
		return "", false
	}
	pod := g[2]
	if pod == "" {
		pod = f.onlyPod()
	}
	if heldAt(f.Original.Timeline, query{kind: "ready", pod: pod, container: g[1]}, t0+at) {
		return "", false
	}
	return fmt.Sprintf("container %q is not ready at %s either", g[1], offset(at)), true
}

var notBeforeRe = regexp.MustCompile(`^the pod "([^"]*)" is not (\S+) before (\S+)$`)

func notBeforeShiftedEarlier(f *Facts, o Outcome) (string, bool) {
	m := o.Mutant
	g := notBeforeRe.FindStringSubmatch(stepText(m))
	if m.Class != Shift || g == nil {
		return "", false
	}
	at, err := time.ParseDuration(g[3])
	if err != nil {
		return "", false
	}
	t0, err := f.T0(m.StepLine)
	if err != nil {
		return "", false
	}
	q := query{kind: "pod", pod: g[1], name: g[2]}
	first, ok := firstHeldFrom(f.Original.Timeline, q, t0)
	switch {
	case !ok:
		return fmt.Sprintf("%s never holds from t=0 on", q.name), true
	case first >= t0+at:
		return fmt.Sprintf("%s first holds at %s, not before %s", q.name, offset(first-t0), offset(at)), true
	}
	return "", false
}

// (`receives no signal before T`, steps/declare_yaml.go, is SIGTERM's and
// SIGKILL's together: its first signal of either.)
var eventNotBeforeRe = regexp.MustCompile(`^(?:(?:the )?(?:init |sidecar |app |main )container |(?:the )?sidecar |container )"([^"]*)"(?: of pod "([^"]*)")? (?:does not receive (SIG\S+) before|(is not restarted|does not restart) before|(does not start|is not started) before|(does not exit) before|(receives no signal|is not signall?ed) (?:before|within)) (\S+)$`)

func eventNotBeforeShiftedEarlier(f *Facts, o Outcome) (string, bool) {
	g, at, t0, ok := shiftedBound(f, o, eventNotBeforeRe, 8)
	if !ok {
		return "", false
	}
	pod := g[2]
	if pod == "" {
		pod = f.onlyPod()
	}
	var kind timeline.Kind
	either := g[7] != "" // SIGTERM or SIGKILL
	switch {
	case either:
		kind = timeline.SIGTERM
	case g[3] != "":
		kind = timeline.Kind(g[3])
	case g[4] != "":
		kind = timeline.Restarted
	case g[5] != "":
		kind = timeline.Started
	default:
		kind = timeline.Exited
	}
	for _, e := range f.Original.Timeline {
		if e.At < t0 || e.Pod != pod || e.Container != g[1] || e.Kind != kind && !(either && e.Kind == timeline.SIGKILL) {
			continue
		}
		if e.At >= t0+at {
			return fmt.Sprintf("%s of container %q first comes at %s, not before %s", e.Kind, g[1], offset(e.At-t0), offset(at)), true
		}
		return "", false
	}
	if either {
		return fmt.Sprintf("no signal to container %q from t=0 on", g[1]), true
	}
	return fmt.Sprintf("no %s of container %q from t=0 on", kind, g[1]), true
}

// noEventBeforeRe is `no event "R" [with message [containing] "M"] is
// recorded [for …] before T` (drafts 72).
var noEventBeforeRe = regexp.MustCompile(`^no event "([^"]*)"(?: with message (containing )?"([^"]*)")? is recorded(?: for (?:(?:init )?container "([^"]*)"(?: of (?:the )?pod "([^"]*)")?|(?:the )?pod "([^"]*)"))? (?:before|within|in the first) (\S+)$`)

// noEventBeforeShiftedEarlier: as eventNotBeforeShiftedEarlier, of a
// Kubernetes Event by its reason (and message), for its object.
func noEventBeforeShiftedEarlier(f *Facts, o Outcome) (string, bool) {
	g, at, t0, ok := shiftedBound(f, o, noEventBeforeRe, 7)
	if !ok {
		return "", false
	}
	// The step's own selector (steps' eventSelector): its object, and its
	// message as a beginning or, with `containing`, a part.
	sel := timeline.Selector{Kind: timeline.KubeEvent, Reason: g[1], Pod: g[5] + g[6], Container: g[4], AnyContainer: g[4] == ""}
	if g[2] != "" {
		sel.Contains = g[3]
	} else {
		sel.Message = g[3]
	}
	for _, e := range f.Original.Timeline {
		if e.At < t0 || !sel.Matches(e) {
			continue
		}
		if e.At >= t0+at {
			return fmt.Sprintf("event %s first comes at %s, not before %s", g[1], offset(e.At-t0), offset(at)), true
		}
		return "", false
	}
	return fmt.Sprintf("no event %s from t=0 on", g[1]), true
}

var jobDeletionNotBeforeRe = regexp.MustCompile(`^the job "([^"]*)" is not (deleted|gone) before (\S+)$`)

func jobDeletionNotBeforeShifted(f *Facts, o Outcome) (string, bool) {
	g, at, t0, ok := shiftedBound(f, o, jobDeletionNotBeforeRe, 3)
	if !ok {
		return "", false
	}
	obj, kind := timeline.ObjectName("Job", g[1]), timeline.DeleteRequested
	if g[2] == "gone" {
		kind = timeline.Deleted
	}
	for _, e := range f.Original.Timeline {
		if e.At < t0 || e.Pod != obj || e.Kind != kind {
			continue
		}
		if e.At >= t0+at {
			return fmt.Sprintf("job %q is first %s at %s, not before %s", g[1], g[2], offset(e.At-t0), offset(at)), true
		}
		return "", false
	}
	return fmt.Sprintf("job %q is never %s from t=0 on", g[1], g[2]), true
}

var jobConditionNotBeforeRe = regexp.MustCompile(`^the job "([^"]*)" is not (Complete|Failed) before (\S+)$`)

func jobConditionNotBeforeShifted(f *Facts, o Outcome) (string, bool) {
	g, at, t0, ok := shiftedBound(f, o, jobConditionNotBeforeRe, 3)
	if !ok {
		return "", false
	}
	obj := timeline.ObjectName("Job", g[1])
	for _, e := range f.Original.Timeline {
		if e.At < t0 || e.Pod != obj || e.Kind != timeline.Condition || e.Reason != g[2] || e.Status != "True" {
			continue
		}
		if e.At >= t0+at {
			return fmt.Sprintf("job %q is first %s at %s, not before %s", g[1], g[2], offset(e.At-t0), offset(at)), true
		}
		return "", false
	}
	return fmt.Sprintf("job %q is never %s from t=0 on", g[1], g[2]), true
}

var podSignalNotBeforeRe = regexp.MustCompile(`^(?:the pod "([^"]*)" does not receive|no container of pod "([^"]*)" receives) (SIG\S+) before (\S+)$`)

func podSignalNotBeforeShifted(f *Facts, o Outcome) (string, bool) {
	g, at, t0, ok := shiftedBound(f, o, podSignalNotBeforeRe, 4)
	if !ok {
		return "", false
	}
	pod := g[1] + g[2]
	kind := timeline.Kind(g[3])
	for _, e := range f.Original.Timeline {
		if e.At < t0 || e.Pod != pod || e.Container == "" || e.Kind != kind {
			continue
		}
		if e.At >= t0+at {
			return fmt.Sprintf("%s of pod %q first comes at %s, not before %s", kind, pod, offset(e.At-t0), offset(at)), true
		}
		return "", false
	}
	return fmt.Sprintf("no %s of pod %q from t=0 on", kind, pod), true
}

var drainNotDoneRe = regexp.MustCompile(`^the drain of (?:the node|(?:the )?node "([^"]*)") does not complete within (\S+)$`)

func drainNotDoneShiftedEarlier(f *Facts, o Outcome) (string, bool) {
	g, at, t0, ok := shiftedBound(f, o, drainNotDoneRe, 2)
	if !ok {
		return "", false
	}
	for _, c := range f.Original.Checks {
		// The drain's end as a `completes` step saw it.
		if c.What != "the drain's end" || !c.Seen || !strings.HasPrefix(c.Pod, "node/") || (g[1] != "" && c.Pod != "node/"+g[1]) {
			continue
		}
		if c.Observed > t0+at {
			return fmt.Sprintf("the drain completed at %s, after %s", offset(c.Observed-t0), offset(at)), true
		}
		return "", false
	}
	return "", false
}

var withinRe = regexp.MustCompile(` within (\S+)$`)

func heldByDeadline(f *Facts, o Outcome) (string, bool) {
	m := o.Mutant
	text := stepText(m)
	if !withinRe.MatchString(text) {
		return "", false
	}
	q, d, ok := stateOf(text, f.onlyPod(), f.onlyNode())
	if !ok || (q.kind == "pod" && q.name == "evicted") {
		return "", false // an eviction is an event: only occurrences from t=0 count
	}
	t0, err := f.T0(m.StepLine)
	if err != nil {
		return "", false
	}
	at, ok := heldBy(f.Original.Timeline, q, t0+d)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("the state held at %s, by the deadline %s", offset(at-t0), offset(d)), true
}

var betweenRe = regexp.MustCompile(` between (\S+) and (\S+)$`)

func drawnInShiftedWindow(f *Facts, o Outcome) (string, bool) {
	m := o.Mutant
	b := betweenRe.FindStringSubmatch(stepText(m))
	if m.Class != Shift || b == nil {
		return "", false
	}
	c, ok := checkAt(f.Original.Checks, m.StepLine)
	if !ok || !c.Seen {
		return "", false
	}
	lo, err1 := time.ParseDuration(b[1])
	hi, err2 := time.ParseDuration(b[2])
	if err1 != nil || err2 != nil {
		return "", false
	}
	// The event the check observed, or another of its instant that the
	// same draw timed.
	var drawn *timeline.Event
	for i, e := range f.Original.Timeline {
		if e.At != c.Observed || e.Pod != c.Pod || (c.Container != "" && e.Container != c.Container) || e.Latest <= e.Earliest {
			continue
		}
		if drawn == nil || e.Label() == c.What {
			drawn = &f.Original.Timeline[i]
		}
	}
	obs := c.Observed - c.Ref
	if drawn == nil || obs < lo || obs > hi {
		return "", false
	}
	return fmt.Sprintf("%s drawn in [%s, %s]; this run's draw at %s lies in the shifted window", drawn.Label(), offset(drawn.Earliest-c.Ref), offset(drawn.Latest-c.Ref), offset(obs)), true
}

var pressureBetweenRe = regexp.MustCompile(`^node "[^"]*" has condition "[A-Za-z]+Pressure" "(?:True|False)" between (\S+) and (\S+)$`)

// passInShiftedWindow: a pressure condition's window at least a pass
// period wide, the original's pass in the shifted window.
func passInShiftedWindow(f *Facts, o Outcome) (string, bool) {
	m := o.Mutant
	_, was, _ := strings.Cut(m.Was, " ")
	w := pressureBetweenRe.FindStringSubmatch(was)
	b := pressureBetweenRe.FindStringSubmatch(stepText(m))
	if m.Class != Shift || w == nil || b == nil {
		return "", false
	}
	wlo, err1 := time.ParseDuration(w[1])
	whi, err2 := time.ParseDuration(w[2])
	lo, err3 := time.ParseDuration(b[1])
	hi, err4 := time.ParseDuration(b[2])
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil || whi-wlo < periods.EvictionMonitoring {
		return "", false
	}
	c, ok := checkAt(f.Original.Checks, m.StepLine)
	if !ok || !c.Seen {
		return "", false
	}
	obs := c.Observed - c.Ref
	if obs < lo || obs > hi {
		return "", false
	}
	return fmt.Sprintf("the window [%s, %s] spans a pass period (%s); the simulator's pass at %s lies in the shifted window", w[1], w[2], periods.EvictionMonitoring, offset(obs)), true
}

var (
	swapExitedRe = regexp.MustCompile(`^container "([^"]*)"(?: of pod "([^"]*)")? receives SIGTERM after container "([^"]*)" has exited$`)
	stopOrderRe  = regexp.MustCompile(`^the containers of pod "([^"]*)" stop in this order: (.+)$`)
)

// orderedContainers reads an order mutant's step: the pod (the only one
// when the step names none), the containers it orders and the kind of
// event it orders each by (a SIGTERM after an exit, or exits).
func orderedContainers(f *Facts, m Mutant) (pod string, names []string, kinds []timeline.Kind, p *corev1.Pod, ok bool) {
	text := stepText(m)
	switch {
	case swapExitedRe.MatchString(text):
		s := swapExitedRe.FindStringSubmatch(text)
		pod, names, kinds = s[2], []string{s[1], s[3]}, []timeline.Kind{timeline.SIGTERM, timeline.Exited}
	case stopOrderRe.MatchString(text):
		s := stopOrderRe.FindStringSubmatch(text)
		pod = s[1]
		for _, q := range quoted.FindAllString(s[2], -1) {
			names = append(names, strings.Trim(q, `"`))
			kinds = append(kinds, timeline.Exited)
		}
	default:
		return "", nil, nil, nil, false
	}
	if pod == "" {
		pod = f.onlyPod()
	}
	p = f.Pod(pod)
	return pod, names, kinds, p, p != nil
}

// killedTogether: the order mutant names only regular containers of one
// pod that the original's timeline shows signalled in one instant (one
// kill of the pod).
func killedTogether(f *Facts, o Outcome) (string, bool) {
	m := o.Mutant
	if m.Class != Order {
		return "", false
	}
	pod, names, _, p, ok := orderedContainers(f, m)
	if !ok {
		return "", false
	}
	var regular []string
	for _, c := range p.Spec.Containers {
		regular = append(regular, c.Name)
	}
	var at []time.Duration
	for _, n := range names {
		if !slices.Contains(regular, n) {
			return "", false
		}
		t, ok := firstSignal(f.Original.Timeline, pod, n)
		if !ok {
			return "", false
		}
		at = append(at, t)
	}
	for _, t := range at {
		if t != at[0] {
			return "", false
		}
	}
	return fmt.Sprintf("%s: regular containers of pod %q, signalled in one kill at %s", strings.Join(names, ", "), pod, offset(at[0]-f.Original.T0)), true
}

// sidecarWithoutTurn: the order mutant names containers of one pod whose
// events it orders came in one instant of the original's timeline, and of
// each two of them one is a sidecar whose SIGTERM there is marked
// timeline.WithoutTurn, or both are regular containers.
func sidecarWithoutTurn(f *Facts, o Outcome) (string, bool) {
	m := o.Mutant
	if m.Class != Order {
		return "", false
	}
	pod, names, kinds, p, ok := orderedContainers(f, m)
	if !ok {
		return "", false
	}
	regular := func(n string) bool {
		return slices.ContainsFunc(p.Spec.Containers, func(c corev1.Container) bool { return c.Name == n })
	}
	t0, err := f.T0(m.StepLine)
	if err != nil {
		return "", false
	}
	var at time.Duration
	var marked []string
	for i, n := range names {
		e, ok := firstOf(f.Original.Timeline, pod, n, kinds[i], t0)
		if !ok || (i > 0 && e.At != at) {
			return "", false
		}
		at = e.At
		if withoutTurnAt(f.Original.Timeline, pod, n, at) {
			marked = append(marked, n)
		}
	}
	if len(marked) == 0 {
		return "", false
	}
	for i, x := range names {
		for _, y := range names[i+1:] {
			if !slices.Contains(marked, x) && !slices.Contains(marked, y) && !(regular(x) && regular(y)) {
				return "", false
			}
		}
	}
	return fmt.Sprintf("%s of pod %q at %s: %s stopped at the grace's end, without its turn", strings.Join(names, ", "), pod, offset(at-t0), strings.Join(marked, ", ")), true
}

// firstOf is the first event of kind of the container at or after t0.
func firstOf(events []timeline.Event, pod, container string, kind timeline.Kind, t0 time.Duration) (timeline.Event, bool) {
	for _, e := range events {
		if e.Pod == pod && e.Container == container && e.Kind == kind && e.At >= t0 {
			return e, true
		}
	}
	return timeline.Event{}, false
}

// withoutTurnAt tells whether the container's SIGTERM at at is marked
// timeline.WithoutTurn.
func withoutTurnAt(events []timeline.Event, pod, container string, at time.Duration) bool {
	return slices.ContainsFunc(events, func(e timeline.Event) bool {
		return e.Pod == pod && e.Container == container && e.Kind == timeline.SIGTERM && e.At == at && e.Message == timeline.WithoutTurn
	})
}

func firstSignal(events []timeline.Event, pod, container string) (time.Duration, bool) {
	for _, e := range events {
		if e.Pod == pod && e.Container == container && (e.Kind == timeline.SIGTERM || e.Kind == timeline.SIGKILL) {
			return e.At, true
		}
	}
	return 0, false
}

func offset(d time.Duration) string { return timeline.FormatOffset(d) }
