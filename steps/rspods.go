package steps

import (
	"context"
	"fmt"
	"regexp"
	"strings"
)

// A replica set's pods by their order (issue 36, 7.7): wherever an
// expectation names a pod with `pod "x"` (`the pod "x" is Running`,
// `container "app" of pod "x" receives SIGTERM`, `the timeline of pod
// "x"`, an event `for pod "x"`), it may name the n-th pod a replica set
// created instead: `the first pod of replica set "web"`, `container "app"
// of the second pod of replica set "web"`, `the timeline of the 3rd pod
// of replica set "web"`. The order is the creation order, the ordinal's
// of `pod 2 of replica set "web"`: 1 for the first pod the replica set
// created, replacements following in the order they were created (on a
// cluster the order in which the API server stored them, which its watch
// delivers). The phrase means what it means with the pod's API name,
// resolved when the step runs; its containers are the template's.

// rsPodFamilies are the families whose phrases take a replica set's pod
// by its order: the expectations about one pod.
var rsPodFamilies = map[string]bool{"pod expectations": true, "kubectl columns": true, "signals and hooks": true, "events": true, "timeline": true, "eviction expectations": true}

// podNameInPattern is where a pattern names a pod, with the word before
// it: `the pod "…"`, `of pod "…"`, `for pod "…"` (also as an alternative,
// after `|`, and with an optional `the`); not a declaration (`a pod "…"`).
var podNameInPattern = regexp.MustCompile(`(the |of |for |\||\(\?:the \)\?)pod "\(\[\^"\]\*\)"`)

// rsPodInText is a replica set's pod by its order, in a step's text; a
// job's or a deployment's where the phrase names a container's pod (`of
// pod "x"`: `container "app" of the first pod of job "slow"`).
// A daemon set's pod is named by the daemon set, and by its node when
// the daemon set runs on several: `the daemon set pod of "x"`, `the pod
// of daemon set "x" on node "n"` (daemonsets.go).
// `the daemon set "x" pod` is the first, as held-out set 30 wrote it.
var rsPodInText = regexp.MustCompile(`the (\S+) pod of (replica set|job|deployment) "([^"]*)"|the daemon set pod of "([^"]*)"|the pod of daemon set "([^"]*)" on node "([^"]*)"|the daemon set "([^"]*)" pod\b`)

// dsPodAlt is a daemon set's pod in a pattern, as rsPodInText reads it.
const dsPodAlt = `the daemon set pod of "[^"]*"|the pod of daemon set "[^"]*" on node "[^"]*"|the daemon set "[^"]*" pod`

// rsPodPhrase lets each pod a phrase names be named by its replica set
// and order; the captures stay the phrase's.
func rsPodPhrase(d Def) Def {
	if !rsPodFamilies[d.Family] {
		return d
	}
	src := d.Pattern.String()
	// A job's or a deployment's pod by its order, as a replica set's
	// (issue 38's eighth held-out set: `container "app" of the first pod
	// of job "slow" receives SIGTERM`; its eleventh: `the first pod of job
	// "migrate" has 0 restarts`), but for a phrase a job's pod has its own
	// of (`the first pod of job "j" has phase "Failed" within D`, which
	// waits for the job to create it: workloads_jobpods.go).
	const workloadAlt = `the \S+ pod of (?:replica set|job|deployment) "[^"]*"|` + dsPodAlt
	alt := workloadAlt
	if d.ownJobPod {
		alt = `the \S+ pod of (?:replica set|deployment) "[^"]*"|` + dsPodAlt
	}
	out := podNameInPattern.ReplaceAllStringFunc(src, func(m string) string {
		word := m[:strings.Index(m, "pod ")]
		if word == "of " {
			return word + `(?:pod "([^"]*)"|` + workloadAlt + `)`
		}
		switch word {
		case "the ":
			return `(?:the pod "([^"]*)"|` + alt + `)`
		case "(?:the )?":
			// `for the pod "x"` or `for pod "x"` (the wordings of the
			// event phrases since the third hint round).
			return `(?:(?:the )?pod "([^"]*)"|` + alt + `)`
		}
		return word + `(?:pod "([^"]*)"|` + alt + `)`
	})
	if out == src {
		return d
	}
	d.shown = d.Pattern
	d.Pattern = regexp.MustCompile(out)
	d.rsPods = true
	return d
}

// Shown is the phrase's pattern as the reference shows it: a pod named by
// its replica set and order, which every phrase about one pod's state,
// containers, events and timeline takes, is said once in its conventions.
func (d Def) Shown() *regexp.Regexp {
	if d.shown != nil {
		return d.shown
	}
	return d.Pattern
}

// rsPodsIn are the replica sets' pods text names by their order.
func (d Def) rsPodsIn(text string) [][]int {
	if !d.rsPods {
		return nil
	}
	return rsPodInText.FindAllStringSubmatchIndex(text, -1)
}

// rsPodStep is a phrase that names replica sets' pods by their order: at
// declaration the phrase with a stand-in of each pod (the template, so
// that its containers are checked); when it runs, with each pod's API
// name.
type rsPodStep struct {
	def  Def
	text string
	refs [][]int
	arg  Arg
}

// rsPodRef reads the i-th reference of the step's text.
func (s *rsPodStep) ref(i int) (podRef, error) {
	m := s.refs[i]
	switch {
	case m[8] >= 0:
		return podRef{rs: s.text[m[8]:m[9]], n: 1, owner: "daemon set"}, nil
	case m[10] >= 0:
		return podRef{rs: s.text[m[10]:m[11]], n: 1, owner: "daemon set", node: s.text[m[12]:m[13]]}, nil
	case m[14] >= 0:
		return podRef{rs: s.text[m[14]:m[15]], n: 1, owner: "daemon set"}, nil
	}
	n, err := parseOrdinal(s.text[m[2]:m[3]])
	if err != nil {
		return podRef{}, err
	}
	owner := s.text[m[4]:m[5]]
	if owner == "replica set" {
		owner = ""
	}
	return podRef{rs: s.text[m[6]:m[7]], n: n, owner: owner}, nil
}

// named is the step's text with each reference replaced by `pod "x"` (or
// `the pod "x"` where the phrase says `the pod`), x the name name gives.
func (s *rsPodStep) named(name func(podRef) (string, error)) (string, error) {
	var out strings.Builder
	last := 0
	for i, m := range s.refs {
		r, err := s.ref(i)
		if err != nil {
			return "", err
		}
		n, err := name(r)
		if err != nil {
			return "", err
		}
		before := s.text[last:m[0]]
		out.WriteString(before)
		if strings.HasSuffix(before, "of ") || strings.HasSuffix(before, "for ") {
			out.WriteString(`pod "` + n + `"`)
		} else {
			out.WriteString(`the pod "` + n + `"`)
		}
		last = m[1]
	}
	out.WriteString(s.text[last:])
	return out.String(), nil
}

// alias makes name a pod of the plan that stands for the replica set's
// pod: its template under that name.
func aliasPod(pl *Plan, name string, r podRef) error {
	kind := r.owner
	if kind == "" {
		kind = "replica set"
	}
	tpl, err := pl.workload(kind, r.rs)
	if err != nil {
		return err
	}
	if pl.aliases == nil {
		pl.aliases = map[string]*podDecl{}
	}
	p := *tpl
	p.name, p.created = name, true
	pl.aliases[name] = &p
	return nil
}

func (s *rsPodStep) Declare(pl *Plan) error {
	text, err := s.named(func(r podRef) (string, error) {
		kind := r.owner
		if kind == "" {
			kind = "replica set"
		}
		stand := fmt.Sprintf("%s of %s %s", ordinals[min(r.n, len(ordinals))-1]+" pod", kind, r.rs)
		if r.n > len(ordinals) {
			stand = fmt.Sprintf("pod %d of %s %s", r.n, kind, r.rs)
		}
		if kind == "daemon set" {
			if err := dsPodDeclared(pl, r); err != nil {
				return "", err
			}
			stand = "daemon set pod of " + r.rs
			if r.node != "" {
				stand = fmt.Sprintf("pod of daemon set %s on node %s", r.rs, r.node)
			}
		}
		return stand, aliasPod(pl, stand, r)
	})
	if err != nil {
		return err
	}
	step, err := s.def.Parse(text, s.arg)
	if err != nil {
		return err
	}
	return step.Declare(pl)
}

func (s *rsPodStep) Run(ctx context.Context, st *State) error {
	d, err := readyDisruptions(ctx, st)
	if err != nil {
		return err
	}
	text, err := s.named(func(r podRef) (string, error) {
		resolve := func() (string, error) {
			if r.owner == "daemon set" {
				return dsPodOf(st.Plan, d, r)
			}
			return r.resolve(d)
		}
		name, err := resolve()
		if err != nil {
			// Not created yet (`the third pod of job "j" exited with
			// code 1` while its first runs): the scenario runs on until
			// the workload has created it, to the end of the activity
			// (as a job's pod by its order is awaited, jobPod.await).
			if err := awaitDisruption(ctx, st, func() bool { _, err := resolve(); return err == nil }); err != nil {
				return "", err
			}
			if name, err = resolve(); err != nil {
				return "", err
			}
		}
		return name, aliasPod(st.Plan, name, r)
	})
	if err != nil {
		return err
	}
	step, err := s.def.Parse(text, s.arg)
	if err != nil {
		return err
	}
	if err := step.Declare(st.Plan); err != nil {
		return err
	}
	return step.Run(ctx, st)
}
