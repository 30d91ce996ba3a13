package steps

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
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
// pod "x"`: `container "app" of the first pod of job "slow"`). The order
// may be a number after `pod`, with or without `the` (`pod 1 of
// replicaset "queue"`, `the pod 2 of job "j"`), and a job's first pod is
// `the pod of job "x"` (issue 38's fifty-sixth held-out set: 30 of its 60
// undefined steps named a pod so). Each kind in every spelling the
// language takes (kindSpellings: `replicaset`, `ReplicaSet`, `Job`).
// A daemon set's pod is named by the daemon set, and by its node when
// the daemon set runs on several: `the daemon set pod of "x"`, `the pod
// of daemon set "x" on node "n"` (daemonsets.go).
// `the daemon set "x" pod` is the first, as held-out set 30 wrote it.
// A Deployment's pod by its revision (revisionPod) and a workload's pod said
// old or new (agedPod) come last (rspods_aged.go).
var rsPodInText = regexp.MustCompile(`the (\S+) pod of (` + ownerKinds + `) "([^"]*)"|the daemon set pod of "([^"]*)"|the pod of daemon set "([^"]*)" on node "([^"]*)"|the daemon set "([^"]*)" pod\b|` + podByNumber + `|` + revisionPod + `|` + agedPod + `|the (evicted|deleted) pod\b`)

// ownerKinds are the kinds whose pods a step names by their order, in
// every spelling (kindAlt).
var ownerKinds = kindAlt("replica set", "job", "deployment")

// kindAlt is an alternation of kinds' words and their other spellings
// (kindSpellings), none captured.
func kindAlt(words ...string) string {
	var alts []string
	for _, w := range words {
		alts = append(append(alts, w), kindSpellings(w)...)
	}
	return strings.Join(alts, "|")
}

// podOrderAlt is a workload's pod by its order in a pattern, as
// rsPodInText reads it, of the kinds given (kindAlt): `the first pod of
// K "x"`, `[the] pod N of K "x"`, and with job among them `the pod of
// job "x"`.
func podOrderAlt(kinds ...string) string {
	k := kindAlt(kinds...)
	out := `the \S+ pod of (?:` + k + `) "[^"]*"|(?:the )?pod \S+ of (?:` + k + `) "[^"]*"|the pod of (?:` + k + `) "[^"]*"`
	if slices.Contains(kinds, "deployment") {
		out += `|` + revisionPodAlt
	}
	return out + `|` + agedPodAlt + `|the (?:evicted|deleted) pod`
}

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
	workloadAlt := podOrderAlt("replica set", "job", "deployment") + `|` + dsPodAlt
	alt := workloadAlt
	if d.ownJobPod {
		alt = podOrderAlt("replica set", "deployment") + `|` + dsPodAlt
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
	// bound are the references read at declaration that the scenario's
	// steps before this one give (`the evicted pod`: evictedPod), by
	// index; nil where the text says the pod itself.
	bound []*podRef
}

// rsPodRef reads the i-th reference of the step's text.
func (s *rsPodStep) ref(i int) (podRef, error) {
	if i < len(s.bound) && s.bound[i] != nil {
		return *s.bound[i], nil
	}
	m := s.refs[i]
	if m[38] >= 0 {
		deleted := s.text[m[38]:m[39]] == "deleted"
		return podRef{evicted: !deleted, deleted: deleted}, nil
	}
	if m[32] >= 0 {
		r := podRef{n: agedWords[s.text[m[32]:m[33]]], aged: true}
		if m[34] >= 0 {
			w := workloadRef(s.text[m[34]:m[35]], s.text[m[36]:m[37]], r.n)
			w.aged = true
			return w, nil
		}
		return r, nil
	}
	if m[28] >= 0 {
		rev, err := strconv.Atoi(s.text[m[28]:m[29]])
		if err != nil || rev < 1 {
			return podRef{}, inputErr("%q is not a revision: 1 for the Deployment's first ReplicaSet", s.text[m[28]:m[29]])
		}
		n := 1
		if m[26] >= 0 {
			if n, err = parseOrdinal(s.text[m[26]:m[27]]); err != nil {
				return podRef{}, err
			}
		}
		name := ""
		if m[30] >= 0 {
			name = s.text[m[30]:m[31]]
		}
		return podRef{rs: name, n: n, owner: "deployment", revision: rev}, nil
	}
	switch {
	case m[8] >= 0:
		return podRef{rs: s.text[m[8]:m[9]], n: 1, owner: "daemon set"}, nil
	case m[10] >= 0:
		return podRef{rs: s.text[m[10]:m[11]], n: 1, owner: "daemon set", node: s.text[m[12]:m[13]]}, nil
	case m[14] >= 0:
		return podRef{rs: s.text[m[14]:m[15]], n: 1, owner: "daemon set"}, nil
	}
	switch {
	case m[16] >= 0:
		n, err := podNumber(s.text[m[16]:m[17]])
		if err != nil {
			return podRef{}, err
		}
		return workloadRef(s.text[m[18]:m[19]], s.text[m[20]:m[21]], n), nil
	case m[22] >= 0:
		w := workloadRef(s.text[m[22]:m[23]], s.text[m[24]:m[25]], 1)
		// A deployment's or a replica set's pod said without its order
		// is its only pod (onlyPod); a job's is its first, whatever its
		// parallelism, as before.
		w.only = w.owner != "job"
		return w, nil
	}
	if n, ok := agedWords[s.text[m[2]:m[3]]]; ok {
		// `the new pod of deployment "x"`: the first form reads the word
		// where an ordinal stands.
		w := workloadRef(s.text[m[4]:m[5]], s.text[m[6]:m[7]], n)
		w.aged = true
		return w, nil
	}
	n, err := parseOrdinal(s.text[m[2]:m[3]])
	if err != nil {
		return podRef{}, err
	}
	return workloadRef(s.text[m[4]:m[5]], s.text[m[6]:m[7]], n), nil
}

// workloadRef is the n-th pod of the workload of that kind (as written:
// `replicaset`, `Job`) and name.
func workloadRef(kind, name string, n int) podRef {
	owner := kindWords(kind)
	if owner == "replica set" {
		owner = ""
	}
	return podRef{rs: name, n: n, owner: owner}
}

// podNumber reads the N of `pod N of K "x"`: a number from 1, written
// bare or as `#3` (issue 38's thirteenth blind batch wrote `pod #3 of
// deployment "feed"` fourteen times), or an ordinal as parseOrdinal reads
// it (`pod 2nd of …` is rare, but means the same).
func podNumber(s string) (int, error) {
	s = strings.TrimPrefix(s, "#")
	if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= 1000 {
		return n, nil
	}
	if n, err := parseOrdinal(s); err == nil {
		return n, nil
	}
	return 0, inputErr("%q is not a pod's number: 1 for the first pod the workload created, 2 for the second (or first, second, …)", s)
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
	if err := s.bindEvicted(pl); err != nil {
		return err
	}
	text, err := s.named(func(r podRef) (string, error) {
		r, err := r.namedOwner(pl)
		if err != nil {
			return "", err
		}
		if r.rs == "" {
			return r.name, nil // the evicted pod, a bare pod
		}
		kind := r.owner
		if kind == "" {
			kind = "replica set"
		}
		stand := fmt.Sprintf("%s of %s %s", ordinals[min(r.n, len(ordinals))-1]+" pod", kind, r.rs)
		if r.n > len(ordinals) {
			stand = fmt.Sprintf("pod %d of %s %s", r.n, kind, r.rs)
		}
		if r.revision > 0 {
			stand = fmt.Sprintf("%s of revision %d of deployment %s", ordinals[min(r.n, len(ordinals))-1]+" pod", r.revision, r.rs)
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
		r, err := r.namedOwner(st.Plan)
		if err != nil {
			return "", err
		}
		resolve := func() (string, error) {
			if r.owner == "daemon set" {
				return dsPodOf(st.Plan, d, r)
			}
			return r.resolve(d)
		}
		if r.rs == "" {
			return r.name, nil // the evicted pod, a bare pod
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

// podByNumberInText is a workload's pod named by a number or as a job's
// pod, in a step's text (rsPodInText's forms of issue 38's fifty-sixth
// held-out set).
var podByNumberInText = regexp.MustCompile(podByNumber)

// podByNumber is the pattern of podByNumberInText, the last alternatives
// of rsPodInText.
var podByNumber = `(?:the )?pod (\S+) of (` + ownerKinds + `) "([^"]*)"|the pod of (` + ownerKinds + `) "([^"]*)"`

// PodsByOrder is text with each workload pod it names by a number (`pod
// 1 of replicaset "queue"`, `the pod 2 of Job "j"`) or as a job's pod
// (`the pod of job "x"`) named by its ordinal in its kind's words (`the
// first pod of replica set "queue"`), the form the hints read a pod by
// its order in (pkg/runner, ordinalPodHint); a number that is none, and
// an eviction's pod (`the eviction of pod 2 of …`, whose phrases take a
// number), are left as they are.
func PodsByOrder(text string) string {
	var out strings.Builder
	last := 0
	for _, g := range podByNumberInText.FindAllStringSubmatchIndex(text, -1) {
		if strings.HasSuffix(text[:g[0]], "eviction of ") {
			continue
		}
		at := func(i int) string { return text[g[2*i]:g[2*i+1]] }
		n, kind, name := 1, "", ""
		if g[2] >= 0 {
			var err error
			if n, err = podNumber(at(1)); err != nil {
				continue
			}
			kind, name = at(2), at(3)
		} else {
			kind, name = at(4), at(5)
		}
		out.WriteString(text[last:g[0]])
		out.WriteString("the " + ordinalWord(n) + " pod of " + kindWords(kind) + ` "` + name + `"`)
		last = g[1]
	}
	out.WriteString(text[last:])
	return out.String()
}
