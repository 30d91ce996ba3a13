package steps

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/cucumber/godog"
	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// Phrases in the words of issue 38's eighth held-out set (first drafts
// written from the README and docs/language.md alone).
//
// The postStart hook timed as the preStop hook is (`the postStart hook of
// container "app" finishes at 5s`, `starts within 1s`, `finishes between
// 4s and 6s`); a readiness probe said to fail until a time (`container
// "app" fails its readiness probe until 10s`: `becomes ready after 10s`);
// a pod's Given modifiers joined by `and` (`a pod "batch" with priority
// class "low" and terminationGracePeriodSeconds 5:`). The job's counters
// with a time (draftNineWorkloads), a job's pod by its order where a pod
// is named (rspods.go) and a workload's containers shaped `of job "x"`
// (workloadOfPhrase) are with their kin.
func draftNineWordings() []Def {
	const hook = `^the postStart hook of container "([^"]*)"(?: of pod "([^"]*)")? (starts|finishes) `
	moment := func() Slot { return slot("hook moment", "finishes", "starts", "finishes") }
	return []Def{
		phrase("signals and hooks", hook+`at (\S+)$`, `Then the postStart hook of container "app" finishes at 5s`,
			s4(func(c, p, when, at string) Step {
				return &postStartIn{ctr: ctrOfPod{c, p}, starts: when == "starts", lo: at, hi: at}
			})).with(moment()),
		phrase("signals and hooks", `^container "([^"]*)"(?: of pod "([^"]*)")? runs its postStart hook at (\S+)$`, `Then container "app" runs its postStart hook at 0s`,
			s3(func(c, p, at string) Step { return &postStartIn{ctr: ctrOfPod{c, p}, starts: true, lo: at, hi: at} })),
		phrase("signals and hooks", hook+`within (\S+)$`, `Then the postStart hook of container "app" starts within 1s`,
			s4(func(c, p, when, d string) Step {
				return &postStartIn{ctr: ctrOfPod{c, p}, starts: when == "starts", lo: "0s", hi: d}
			})).with(slot("hook moment", "starts", "starts", "finishes")),
		phrase("signals and hooks", hook+`between (\S+) and (\S+)$`, `Then the postStart hook of container "app" finishes between 4s and 6s`,
			s5(func(c, p, when, a, b string) Step {
				return &postStartIn{ctr: ctrOfPod{c, p}, starts: when == "starts", lo: a, hi: b}
			})).with(moment()),
		phrase("behaviour", `^container "([^"]*)"(?: of pod "([^"]*)")? fails its (readiness|liveness|startup) probe until (\S+)$`, `Given container "app" of pod "web" fails its readiness probe until 10s`,
			s4(passesProbeFrom)).with(slot("probe", "readiness", "readiness", "liveness", "startup")),
		phrase("pods", `^a pod "([^"]*)" (`+podModifiers+`)$`, `Given a pod "batch" with priority class "low" and terminationGracePeriodSeconds 5`,
			func(c []string, _ Arg) (Step, error) { return parseModifiedPod(c[0], c[1], nil) }),
		phrase("pods", `^a pod "([^"]*)" (`+podModifiers+`):$`, "Given a pod \"batch\" with priority class \"low\" and terminationGracePeriodSeconds 5:\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) { return parseModifiedPod(c[0], c[1], doc) })),
	}
}

// draftNineWorkloads: a job's counters (`the job "x" has N active pods`)
// with the time shapes a state takes: `within D`, `at T`, `between A and
// B`.
func draftNineWorkloads() []Def {
	const has = `^the job "([^"]*)" has (\S+) (active|ready|terminating|succeeded|failed) pods? `
	counter := func(ex string) Slot { return slot("pod count", ex, jobFields...) }
	return []Def{
		phrase("workloads", has+`within (\S+)$`, `Then the job "slow" has 0 active pods within 45s`,
			s4(func(name string, n podsCount, field string, d writtenSpan) Step {
				return jobHasIn{jobHas{name: name, field: field, want: Count(n)}, writtenSpan{0, "0s"}, d, "within " + d.text}
			})).with(counter("active")),
		phrase("workloads", has+`at (\S+)$`, `Then the job "batch" has 1 active pod at 5s`,
			s4(func(name string, n podsCount, field string, at writtenSpan) Step {
				return jobHasIn{jobHas{name: name, field: field, want: Count(n)}, at, at, "at " + at.text}
			})).with(counter("active")),
		phrase("workloads", has+`between (\S+) and (\S+)$`, `Then the job "batch" has 1 failed pod between 2s and 6s`,
			s5(func(name string, n podsCount, field string, a, b writtenSpan) Step {
				return jobHasIn{jobHas{name: name, field: field, want: Count(n)}, a, b, "between " + a.text + " and " + b.text}
			})).with(counter("failed")),
	}
}

// Then the postStart hook of container "app" finishes at 5s, starts
// within 1s, finishes between 4s and 6s: `finishes` is the hook's return
// (PostStartDone, as `the preStop hook … finishes` is PreStopDone);
// `starts` is the container's start, which the hook follows at once (the
// kubelet runs it right after the runtime started the container, before
// it reports it running: kuberuntime_container.go startContainer,
// v1.36.3). The container must have a postStart hook. On a cluster the
// end of a hook is seen where the agent runs it (an exec hook of an agent
// container); elsewhere the step is unobserved there, the scenario
// skipped with the reason.
type postStartIn struct {
	ctr    ctrOfPod
	starts bool
	lo, hi string
	ctrEventIn
}

func (s *postStartIn) Declare(pl *Plan) error {
	_, c, err := pl.mustContainer(s.ctr.name, s.ctr.pod)
	if err != nil {
		return err
	}
	if c.Lifecycle == nil || c.Lifecycle.PostStart == nil {
		return inputErr("container %q has no postStart hook: give it one in the pod's YAML (lifecycle.postStart)", c.Name)
	}
	kind := timeline.PostStartDone
	if s.starts {
		kind = timeline.Started
	}
	s.ctrEventIn = ctrEventIn{ctr: s.ctr, kind: kind, lo: s.lo, hi: s.hi}
	return s.ctrEventIn.Declare(pl)
}

// podModifiers are two or more of a pod's Given modifiers, each of which
// a phrase takes alone, joined by `and`: `with priority class "low" and
// terminationGracePeriodSeconds 5`, `on node "worker-1" and with
// restartPolicy Never`.
const podModifiers = podModifier1 + `(?: and (?:with )?` + podModifier + `| and ` + podOnNode + `)+`

const (
	podModifier  = `(?:terminationGracePeriodSeconds [^\s:]+|restartPolicy [^\s:]+|priority class "[^"]*"|priority [^\s:"]+|QoS class "[^"]*")`
	podOnNode    = `on (?:the node|(?:the )?node "[^"]*")`
	podModifier1 = `(?:with ` + podModifier + `|` + podOnNode + `)`
)

// podModifierItem reads one modifier of podModifiers.
var podModifierItem = regexp.MustCompile(`(?:^| and )(?:with )?(?:terminationGracePeriodSeconds ([^\s:]+)|restartPolicy ([^\s:]+)|priority class "([^"]*)"|priority ([^\s:"]+)|QoS class "([^"]*)"|on (?:(the node)|(?:the )?node "([^"]*)"))`)

// parseModifiedPod reads `a pod "x" with M and M…`: each modifier as its
// own phrase reads it; one given twice (priority and priority class set
// the same field) is an error.
func parseModifiedPod(name, mods string, doc *godog.DocString) (Step, error) {
	s := &modifiedPod{aPod: aPod{name: name, doc: doc}}
	seen := map[string]bool{}
	once := func(what string) error {
		if seen[what] {
			return inputErr("a pod %q: %s is given twice", name, what)
		}
		seen[what] = true
		return nil
	}
	for _, ix := range podModifierItem.FindAllStringSubmatchIndex(mods, -1) {
		// m[i] is the i-th capture, given: which modifier it is goes by
		// the capture that took part (a name may be empty).
		m, given := make([]string, len(ix)/2), make([]bool, len(ix)/2)
		for i := range m {
			if ix[2*i] >= 0 {
				m[i], given[i] = mods[ix[2*i]:ix[2*i+1]], true
			}
		}
		var err error
		switch {
		case given[1]:
			if err = once("terminationGracePeriodSeconds"); err == nil {
				var g GraceSeconds
				if g, err = slotValue[GraceSeconds](m[1]); err == nil {
					s.grace = podGracePtr(g)
				}
			}
		case given[2]:
			if err = once("restartPolicy"); err == nil {
				s.restartPolicy = corev1.RestartPolicy(m[2])
			}
		case given[3] || given[4]:
			// A priority and a priority class both give the pod's
			// spec.priorityClassName.
			if err = once("priority"); err == nil {
				s.priorityClass, s.priority = m[3], m[4]
				if given[3] && m[3] == "" {
					err = inputErr("a pod %q: a priority class needs a name", name)
				}
			}
		case given[5]:
			if err = once("QoS class"); err == nil {
				var q qosClass
				if q, err = slotValue[qosClass](m[5]); err == nil {
					s.res = &q.res
				}
			}
		default:
			if err = once("the node"); err == nil {
				s.node, s.theNode = m[7], given[6]
				if !given[6] && m[7] == "" {
					err = inputErr("a pod %q: a node needs a name", name)
				}
			}
		}
		if err != nil {
			return nil, err
		}
	}
	return s, nil
}

// modifiedPod is a pod of several Given modifiers; `on the node` is the
// scenario's one node.
type modifiedPod struct {
	aPod
	theNode bool
}

func (s *modifiedPod) Declare(pl *Plan) error {
	if s.theNode {
		n, err := pl.onlyNode()
		if err != nil {
			return err
		}
		s.node = n
	}
	return s.aPod.Declare(pl)
}

// Then the job "slow" has 0 active pods within 45s, at 5s, between 2s and
// 6s: that counter of the Job's status held at some instant from t0+A to
// t0+B (`within D`: from t=0, the state at t=0 counting, as `has created N
// pods within D`; `at T`: at t0+T), in the window of a time podlife's
// client reads on a cluster.
type jobHasIn struct {
	jobHas
	lo, hi writtenSpan
	shape  string
}

func (s jobHasIn) Run(ctx context.Context, st *State) error {
	if _, err := readyWorkload(ctx, st, "job", s.name); err != nil {
		return err
	}
	holds := func(d driver.Session) (bool, string) {
		j := d.Job(s.name)
		return j != nil && jobCounter(j.Status, s.field) == int32(s.want), describeJob(j)
	}
	expected := fmt.Sprintf("job %q with %s %s", s.name, times(int(s.want), s.field+" pod"), s.shape)
	sel := workloadSel("job", s.name)
	what := s.field + " pods"
	return heldIn(ctx, st, sel, what, expected, s.lo.d, s.hi.d, holds, driver.ActionCreate)
}

// heldIn: the state held at some instant of [t0+lo, t0+hi] (on the
// simulator from t0+lo, gone back to; on a cluster from where it stands,
// for it cannot read the past); from t=0 (lo 0, `within D`), the state at
// t=0 stands for the time before it (heldFromT0).
func heldIn(ctx context.Context, st *State, sel timeline.Selector, what, expected string, lo, hi time.Duration, holds func(driver.Session) (bool, string), waits ...driver.Action) error {
	w := disruptionWindow(st, lo, hi, waits...)
	from := max(w.From, st.clock.t0.At)
	if lo == 0 {
		w.From = 0
	}
	sess, err := st.clk().sessionFrom(ctx, from)
	if err != nil {
		return err
	}
	if sess.Now() < from {
		if _, _, err := sess.RunUntil(ctx, from, func(driver.View) bool { return false }); err != nil {
			return err
		}
	}
	at, ok, err := sess.RunUntil(ctx, w.To, func(driver.View) bool { ok, _ := holds(sess); return ok })
	if err != nil {
		return err
	}
	if !ok || at > w.To {
		_, now := holds(sess)
		return st.keepWindowCheck(sel, what, w, nil, &timeline.Verdict{Kind: timeline.Missing, Window: &w,
			Expected: expected + w.Note(),
			Observed: fmt.Sprintf("at %s: %s", timeline.FormatOffset(sess.Now()-st.clock.t0.At), now)})
	}
	return st.keepWindowCheck(sel, what, w, &timeline.Event{At: at}, nil)
}

// A workload's containers shaped `of job "x"` (issue 38's eighth held-out
// set: `container "app" of job "batch" exits with code 1 after 2s`): a
// behaviour step's `of pod "x"` shapes the pod template of the replica
// set, deployment or job "x" (templateNamed); `of job "x"`, `of deployment
// "x"`, `of replica set "x"` say the same, the workload of that kind
// required.

// workloadOfPhrase lets a behaviour phrase name a workload where it names
// a pod; the reference shows the phrase as before (its conventions say
// it once).
func workloadOfPhrase(d Def) Def {
	if d.Family != "behaviour" {
		return d
	}
	src := d.Pattern.String()
	out := strings.ReplaceAll(src, ` of pod "([^"]*)"`, ` of (?:pod|job|deployment|replica set|stateful set) "([^"]*)"`)
	if out == src {
		return d
	}
	if d.shown == nil {
		d.shown = d.Pattern
	}
	d.Pattern = regexp.MustCompile(out)
	d.workloadOf = true
	return d
}

// workloadOfInText is a workload named where a behaviour phrase names a
// pod.
var workloadOfInText = regexp.MustCompile(` of (job|deployment|replica set|stateful set) "([^"]*)"`)

// workloadNamed is the workload text names in a behaviour phrase, if it
// names one (outside quotes).
func (d Def) workloadNamed(text string) (kind, name string, ok bool) {
	if !d.workloadOf {
		return "", "", false
	}
	for _, m := range workloadOfInText.FindAllStringSubmatchIndex(text, -1) {
		if strings.Count(text[:m[0]], `"`)%2 == 0 {
			return text[m[2]:m[3]], text[m[4]:m[5]], true
		}
	}
	return "", "", false
}

// workloadShaped is a behaviour step that names a workload: the step of
// `of pod "x"`, once x is known to be a workload of that kind.
type workloadShaped struct {
	Step
	kind, name string
}

func (s workloadShaped) Declare(pl *Plan) error {
	if _, err := pl.workload(s.kind, s.name); err != nil {
		return err
	}
	if pl.pod(s.name) != nil {
		return inputErr("%q is a pod, not a %s: say `of pod %q`", s.name, s.kind, s.name)
	}
	return s.Step.Declare(pl)
}
