package steps

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cucumber/godog"
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"github.com/podlife/podlife/internal/editdist"
)

// Spec fields in a declaration (issue 38, the phrases first drafts reach
// for: 16 of the last 40 misses of the hint measurement): a pod, a job, a
// deployment, a replica set, a stateful set or a daemon set declared
// with fields of its spec and their values in the step, with or without
// its YAML after a colon:
//
//	Given a job "cruncher" with backoffLimit 2:
//	Given a Job "render" with completions 3 and parallelism 2
//	Given a replicaset "queue" with 3 replicas
//
// It is the object its YAML (or its plain declaration's default)
// describes with spec.<field> set to the value. The fields are the JSON
// names of the kind's spec whose type is a scalar, read from the
// k8s.io/api types (their json tags); a workload's also its pod
// template's (`a job "x" with restartPolicy OnFailure` sets
// spec.template.spec.restartPolicy), its own spec's first where both
// have the name (a job's activeDeadlineSeconds). A value is read as the
// API reads that type; a field the YAML gives another value is an
// error, an unknown name an error naming the nearest. `with N replicas`
// is `of N pods`. A field is then what its YAML says it is: one the
// simulator does not model is refused as in the YAML.

// specKinds are the kinds the phrase declares, by their words, with their
// spec's type; a pod's has no template.
var specKinds = map[string]reflect.Type{
	"pod":          reflect.TypeFor[corev1.PodSpec](),
	"job":          reflect.TypeFor[batchv1.JobSpec](),
	"deployment":   reflect.TypeFor[appsv1.DeploymentSpec](),
	"replica set":  reflect.TypeFor[appsv1.ReplicaSetSpec](),
	"stateful set": reflect.TypeFor[appsv1.StatefulSetSpec](),
	"daemon set":   reflect.TypeFor[appsv1.DaemonSetSpec](),
}

// containerFields are a container's fields by json name, which a draft
// gives the pod (`a pod "nginx" with image "nginx:1.27"`).
var containerFields = func() map[string]*specField {
	m := map[string]*specField{}
	addSpecFields(m, reflect.TypeFor[corev1.Container](), false)
	return m
}()

// specField is a field of a kind's spec, or of its pod template's spec
// (tpl).
type specField struct {
	name  string
	index []int
	typ   reflect.Type // the field's type, a pointer's element
	tpl   bool
}

// path is the field's path in the manifest.
func (f specField) path() string {
	if f.tpl {
		return "spec.template.spec." + f.name
	}
	return "spec." + f.name
}

// specFieldTables are each kind's fields by name (scalar ones) and all
// its spec's json names (for the nearest names and "not a scalar").
var specFieldTables = func() map[string]map[string]*specField {
	out := map[string]map[string]*specField{}
	for kind, t := range specKinds {
		m := map[string]*specField{}
		addSpecFields(m, t, false)
		if kind != "pod" {
			addSpecFields(m, reflect.TypeFor[corev1.PodSpec](), true)
		}
		out[kind] = m
	}
	return out
}()

// addSpecFields adds t's fields by json name, a scalar with its place
// and type, another as nil; a name m has already is its.
func addSpecFields(m map[string]*specField, t reflect.Type, tpl bool) {
	for i := range t.NumField() {
		sf := t.Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		if _, ok := m[name]; ok {
			continue
		}
		ft := sf.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if !scalarKind(ft.Kind()) {
			m[name] = nil
			continue
		}
		m[name] = &specField{name: name, index: sf.Index, typ: ft, tpl: tpl}
	}
}

func scalarKind(k reflect.Kind) bool {
	switch k {
	case reflect.Bool, reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

// specValue is a field the step gives and its value, as the field's type.
type specValue struct {
	f    *specField
	text string
	v    reflect.Value
}

// specFields are the fields a declaration gives in its step: of the
// kind's spec and of its pod template's.
type specFields struct{ own, tpl []specValue }

// sets tells whether the step gives the template's field name.
func (s specFields) setsTpl(name string) bool {
	return slices.ContainsFunc(s.tpl, func(v specValue) bool { return v.f.name == name })
}

// applyOwn sets the step's fields of the kind's spec (a pointer to it).
func (s specFields) applyOwn(doc *godog.DocString, spec any) error {
	return applySpec(doc, "spec.", reflect.ValueOf(spec).Elem(), s.own)
}

// applyTpl sets the step's fields of the pod template's spec, written at
// prefix in the YAML ("spec.template.spec." or a pod's "spec.").
func (s specFields) applyTpl(doc *godog.DocString, spec *corev1.PodSpec, prefix string) error {
	return applySpec(doc, prefix, reflect.ValueOf(spec).Elem(), s.tpl)
}

// applySpec sets each value in spec, a struct; one the YAML gives
// another value is an error, at its line.
func applySpec(doc *godog.DocString, prefix string, spec reflect.Value, vals []specValue) error {
	for _, sv := range vals {
		fv := spec.FieldByIndex(sv.f.index)
		cur, set := fv, !fv.IsZero()
		if fv.Kind() == reflect.Pointer {
			set = !fv.IsNil()
			if set {
				cur = fv.Elem()
			}
		}
		if set && !cur.Equal(sv.v) {
			return atField(doc, prefix+sv.f.name, inputErr("the step gives %s %s but the YAML gives %v", sv.f.name, sv.text, cur.Interface()))
		}
		if fv.Kind() == reflect.Pointer {
			p := reflect.New(sv.f.typ)
			p.Elem().Set(sv.v)
			fv.Set(p)
		} else {
			fv.Set(sv.v)
		}
	}
	return nil
}

// specValueOf reads text as the API reads the field's type.
func specValueOf(f *specField, text string) (reflect.Value, error) {
	v := reflect.New(f.typ).Elem()
	switch k := f.typ.Kind(); {
	case k == reflect.String:
		if uq, err := strconv.Unquote(text); err == nil {
			text = uq
		}
		v.SetString(text)
	case k == reflect.Bool:
		b, err := strconv.ParseBool(text)
		if err != nil || (text != "true" && text != "false") {
			return v, inputErr("%s takes true or false, not %q", f.path(), text)
		}
		v.SetBool(b)
	case v.CanInt():
		n, err := strconv.ParseInt(text, 10, f.typ.Bits())
		if err != nil {
			return v, intValueErr(f, text)
		}
		v.SetInt(n)
	case v.CanUint():
		n, err := strconv.ParseUint(text, 10, f.typ.Bits())
		if err != nil {
			return v, intValueErr(f, text)
		}
		v.SetUint(n)
	default:
		x, err := strconv.ParseFloat(text, f.typ.Bits())
		if err != nil {
			return v, inputErr("%s takes a number, not %q", f.path(), text)
		}
		v.SetFloat(x)
	}
	return v, nil
}

func intValueErr(f *specField, text string) error {
	if d, err := time.ParseDuration(text); err == nil && strings.HasSuffix(f.name, "Seconds") {
		return inputErr("%s takes an integer (%s), the seconds, not %q: write %d", f.path(), f.typ.Kind(), text, int64(d/time.Second))
	}
	return inputErr("%s takes an integer (%s), not %q", f.path(), f.typ.Kind(), text)
}

// specFieldNamed is the kind's scalar field name, or an error that names
// the nearest.
func specFieldNamed(kind, name string) (*specField, error) {
	table := specFieldTables[kind]
	if f, ok := table[name]; ok {
		if f == nil {
			return nil, inputErr("spec.%s of a %s is not a single value: write it in the YAML", name, kind)
		}
		return f, nil
	}
	if _, ok := containerFields[name]; ok {
		return nil, inputErr("%s is a field of a container, not of a %s's spec: write it in the YAML's containers", name, kind)
	}
	var names []string
	for n, f := range table {
		if f != nil {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return nil, inputErr("a %s's spec has no field %s: it is %s (the API's field names are case-sensitive)", kind, name, n)
		}
	}
	slices.SortStableFunc(names, func(a, b string) int {
		return editdist.Strings(strings.ToLower(a), strings.ToLower(name)) - editdist.Strings(strings.ToLower(b), strings.ToLower(name))
	})
	return nil, inputErr("a %s's spec has no field %s; the nearest: %s", kind, name, strings.Join(names[:min(3, len(names))], ", "))
}

// specItem is one `<field> <value>` of the step, or `<n> replicas`.
var specItem = regexp.MustCompile(`(?:^| and )(?:(\S+) replicas?|([A-Za-z][A-Za-z0-9]*) ("[^"]*"|[^\s:"]+))`)

// readSpecItems reads the step's fields of the kind; replicas, which
// `with N replicas` and `with replicas N` give, apart.
func readSpecItems(kind, items string) (s specFields, replicas *Count, err error) {
	seen := map[string]bool{}
	for _, m := range specItem.FindAllStringSubmatch(items, -1) {
		name, text := m[2], m[3]
		if m[1] != "" {
			name, text = "replicas", m[1]
		}
		if seen[name] {
			return s, nil, inputErr("the step gives %s twice", name)
		}
		seen[name] = true
		f, err := specFieldNamed(kind, name)
		if name == "replicas" {
			if err != nil || f.tpl {
				return s, nil, inputErr("a %s has no replicas", kind)
			}
			n, err := slotValue[Count](text)
			if err != nil {
				return s, nil, err
			}
			replicas = &n
			continue
		}
		if err != nil {
			return s, nil, err
		}
		v, err := specValueOf(f, text)
		if err != nil {
			return s, nil, err
		}
		if f.tpl {
			s.tpl = append(s.tpl, specValue{f, text, v})
		} else {
			s.own = append(s.own, specValue{f, text, v})
		}
	}
	return s, replicas, nil
}

// yamlReplicas is the spec.replicas a workload's YAML gives, or 1, the
// API's default, for a step that gives none.
func yamlReplicas(doc *godog.DocString) Count {
	var top struct {
		Spec struct {
			Replicas *int32 `json:"replicas"`
		} `json:"spec"`
	}
	if doc != nil && yaml.Unmarshal([]byte(doc.Content), &top) == nil && top.Spec.Replicas != nil {
		return Count(*top.Spec.Replicas)
	}
	return 1
}

// parseSpecDecl is the declaration's step: the kind's own, with the
// step's fields.
func parseSpecDecl(kind, name, items string, doc *godog.DocString) (Step, error) {
	s, replicas, err := readSpecItems(kind, items)
	if err != nil {
		return badSpecDecl{name: name, err: err}, nil
	}
	n := yamlReplicas(doc)
	if replicas != nil {
		n = *replicas
	}
	switch kind {
	case "pod":
		return specPod(name, s, doc)
	case "job":
		return jobStep{name: name, doc: doc, spec: s}, nil
	case "deployment":
		return deploymentStep{name: name, n: n, doc: doc, spec: s}, nil
	case "replica set":
		return replicaSet{name: name, n: n, doc: doc, spec: s}, nil
	case "stateful set":
		return statefulSetStep{name: name, n: n, doc: doc, spec: s}, nil
	case "daemon set":
		return daemonSetStep{name: name, doc: doc, spec: s}, nil
	}
	return nil, fmt.Errorf("no declaration of a %s", kind)
}

// badSpecDecl is a declaration whose step gives a field wrong: its error
// comes when it is declared, which marks the object's name, so that the
// steps that name it do not say again that it is not declared.
type badSpecDecl struct {
	declaration
	name string
	err  error
}

func (s badSpecDecl) Declare(pl *Plan) error {
	err := s.err
	markBroken(pl, s.name, &err)
	return err
}

// specPod is a pod's declaration with fields: those a phrase of their
// own gives (`with priority 8`, through a class) as that phrase means.
func specPod(name string, s specFields, doc *godog.DocString) (Step, error) {
	p := aPod{name: name, doc: doc}
	for _, v := range s.own {
		switch v.f.name {
		case "terminationGracePeriodSeconds":
			g := v.v.Int()
			p.grace = &g
		case "restartPolicy":
			p.restartPolicy = corev1.RestartPolicy(v.v.String())
		case "priority":
			p.priority = v.text
		default:
			p.spec = append(p.spec, v)
		}
	}
	return p, nil
}

// The phrase's parts: a field's name, its value (a word or a quoted
// string), a field and its value.
const (
	specIdent = `[A-Za-z][A-Za-z0-9]*`
	specVal   = `(?:"[^"]*"|[^\s:"]+)`
	specPair  = specIdent + ` ` + specVal
)

// podOwnFields are a pod's fields with a phrase of their own (pods.go,
// expect_wordings9.go): the pod's phrase leaves a step that gives only
// those to it (Go's regexp has no lookahead: its first other field is
// a name outside them).
// `PriorityClass "c"` and `priorityclass "c"` are the kind's spellings
// of `with priority class "c"` (kindnames.go), no field of the spec.
var podOwnFields = []string{"priority", "restartPolicy", "terminationGracePeriodSeconds", "PriorityClass", "priorityclass"}

func specFieldPhrases() []Def {
	podItems := `((?:(?:` + strings.Join(podOwnFields, "|") + `) ` + specVal + ` and )*` + identOutside(podOwnFields) + ` ` + specVal + `(?: and ` + specPair + `)*)`
	item := `(?:\S+ replicas?|` + specPair + `)`
	items := `(` + item + `(?: and ` + item + `)*)`
	const kinds = `^a (job|deployment|replica set|stateful set|daemon set) "([^"]*)" with `
	pod := func(c []string, doc *godog.DocString) (Step, error) { return parseSpecDecl("pod", c[0], c[1], doc) }
	work := func(c []string, doc *godog.DocString) (Step, error) { return parseSpecDecl(c[0], c[1], c[2], doc) }
	shownPod := regexp.MustCompile(`^a pod "([^"]*)" with (` + specPair + `(?: and ` + specPair + `)*)`)
	return []Def{
		phrase("pods", `^a pod "([^"]*)" with `+podItems+`$`, `Given a pod "batchy" with activeDeadlineSeconds 8`,
			func(c []string, _ Arg) (Step, error) { return pod(c, nil) }).showing(shownPod, "$"),
		phrase("pods", `^a pod "([^"]*)" with `+podItems+`:$`, "Given a pod \"batchy\" with activeDeadlineSeconds 8 and restartPolicy Never:\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(pod)).showing(shownPod, ":$"),
		phrase("workloads", kinds+items+`$`, `Given a job "render" with completions 3 and parallelism 2`,
			func(c []string, _ Arg) (Step, error) { return work(c, nil) }),
		phrase("workloads", kinds+items+`:$`, "Given a job \"cruncher\" with backoffLimit 2:\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(work)),
	}
}

// showing is the phrase shown in the reference as shown followed by end
// (its pattern says the same in a form it cannot say plainly).
func (d Def) showing(shown *regexp.Regexp, end string) Def {
	d.shown = regexp.MustCompile(shown.String() + end)
	return d
}

// identOutside is a pattern of the names ([A-Za-z][A-Za-z0-9]*) that are
// not one of words.
func identOutside(words []string) string { return outsideFrom("", words) }

// outsideFrom is a pattern of the rests r of the names p+r that are not
// one of words, which all begin with p.
func outsideFrom(p string, words []string) string {
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	next := map[byte][]string{}
	var alts []string
	end := false
	for _, w := range words {
		if w == p {
			end = true
			continue
		}
		next[w[len(p)]] = append(next[w[len(p)]], w)
	}
	if p != "" && !end {
		alts = append(alts, "")
	}
	chars := letters
	if p != "" {
		chars += "0123456789"
	}
	other := strings.Map(func(r rune) rune {
		if _, ok := next[byte(r)]; ok {
			return -1
		}
		return r
	}, chars)
	alts = append(alts, "["+other+"][A-Za-z0-9]*")
	firsts := make([]byte, 0, len(next))
	for c := range next {
		firsts = append(firsts, c)
	}
	slices.Sort(firsts)
	for _, c := range firsts {
		alts = append(alts, string(c)+outsideFrom(p+string(c), next[c]))
	}
	return "(?:" + strings.Join(alts, "|") + ")"
}
