// Package manifest decodes the pod manifests of scenarios strictly: an
// unknown field, a duplicate key, a wrong type or a bad quantity is an
// error that names the line of the YAML it is on, so that a step can point
// at the feature file's line.
package manifest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kjson "sigs.k8s.io/json"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/podlife/podlife/internal/errlist"
	"github.com/podlife/podlife/pkg/quantity"
)

// Error is a problem at a line of the document (1-based; 0 when the line
// is not known).
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// DecodePod decodes a whole Pod, or a document holding only a Pod's
// `spec:` (and optionally `metadata:`).
func DecodePod(doc []byte) (*corev1.Pod, error) {
	pod := &corev1.Pod{}
	if err := decodeKind(doc, pod, podKind); err != nil {
		return nil, err
	}
	return pod, nil
}

// DecodeDeployment decodes a whole Deployment (apps/v1), or a document
// holding only its `spec:` (and optionally `metadata:`).
func DecodeDeployment(doc []byte) (*appsv1.Deployment, error) {
	d := &appsv1.Deployment{}
	if err := decodeKind(doc, d, kind{"apps/v1", "Deployment", "a Deployment", "a deployment"}); err != nil {
		return nil, err
	}
	return d, nil
}

// DecodeReplicaSet decodes a whole ReplicaSet (apps/v1), or a document
// holding only its `spec:` (and optionally `metadata:`).
func DecodeReplicaSet(doc []byte) (*appsv1.ReplicaSet, error) {
	rs := &appsv1.ReplicaSet{}
	if err := decodeKind(doc, rs, kind{"apps/v1", "ReplicaSet", "a ReplicaSet", "a replica set"}); err != nil {
		return nil, err
	}
	return rs, nil
}

// DecodeDaemonSet decodes a whole DaemonSet (apps/v1), or a document
// holding only its `spec:` (and optionally `metadata:`).
func DecodeDaemonSet(doc []byte) (*appsv1.DaemonSet, error) {
	d := &appsv1.DaemonSet{}
	if err := decodeKind(doc, d, kind{"apps/v1", "DaemonSet", "a DaemonSet", "a daemon set"}); err != nil {
		return nil, err
	}
	return d, nil
}

// DecodeStatefulSet decodes a whole StatefulSet (apps/v1), or its
// `spec:`.
func DecodeStatefulSet(doc []byte) (*appsv1.StatefulSet, error) {
	s := &appsv1.StatefulSet{}
	if err := decodeKind(doc, s, kind{"apps/v1", "StatefulSet", "a StatefulSet", "a stateful set"}); err != nil {
		return nil, err
	}
	return s, nil
}

// DecodeJob decodes a whole Job (batch/v1), or its `spec:`.
func DecodeJob(doc []byte) (*batchv1.Job, error) {
	j := &batchv1.Job{}
	if err := decodeKind(doc, j, kind{"batch/v1", "Job", "a Job", "a job"}); err != nil {
		return nil, err
	}
	return j, nil
}

// DecodePodDisruptionBudget decodes a whole PodDisruptionBudget
// (policy/v1), or its `spec:`.
func DecodePodDisruptionBudget(doc []byte) (*policyv1.PodDisruptionBudget, error) {
	b := &policyv1.PodDisruptionBudget{}
	if err := decodeKind(doc, b, kind{"policy/v1", "PodDisruptionBudget", "a PodDisruptionBudget", "a pod disruption budget"}); err != nil {
		return nil, err
	}
	return b, nil
}

// DecodeResourceQuota decodes a whole ResourceQuota (v1), or its `spec:`.
func DecodeResourceQuota(doc []byte) (*corev1.ResourceQuota, error) {
	q := &corev1.ResourceQuota{}
	if err := decodeKind(doc, q, kind{"v1", "ResourceQuota", "a ResourceQuota", "a resource quota"}); err != nil {
		return nil, err
	}
	return q, nil
}

// kind is the object a manifest holds: its apiVersion and kind, and how
// messages name it ("a Pod") and what a step declares ("a pod").
type kind struct{ apiVersion, kind, article, step string }

var podKind = kind{"v1", "Pod", "a Pod", "a pod"}

// one is what a second document is told: one object a manifest.
func (k kind) one() string {
	return fmt.Sprintf("a manifest holds one %s; declare each %s in its own step", strings.TrimPrefix(k.step, "a "), strings.TrimPrefix(k.step, "a "))
}

// decodeKind decodes doc into out, an object of kind k, and gives its
// problems at the document's lines.
func decodeKind(doc []byte, out any, k kind) error {
	err := decode(doc, out, k)
	// The YAML parser reports the end of the stream on the line after the
	// last, and counts a lone CR as a line break, which a feature file
	// does not: keep the line within the document.
	lines := bytes.Count(doc, []byte("\n")) + 1
	errs := Errors(err)
	for _, e := range errs {
		e.Line = min(e.Line, lines)
	}
	if len(errs) > 1 {
		// In the order of the document.
		sort.SliceStable(errs, func(i, j int) bool { return errs[i].Line < errs[j].Line })
		joined := make([]error, len(errs))
		for i, e := range errs {
			joined[i] = e
		}
		err = errors.Join(joined...)
	}
	return err
}

// Errors lists the manifest Errors in err: DecodePod reports every
// problem it finds at once (errors.Join), the first first.
func Errors(err error) []*Error { return errlist.All[*Error](err) }

func decode(doc []byte, out any, k kind) (err error) {
	dec := yaml.NewDecoder(bytes.NewReader(doc))
	var root yaml.Node
	if err = dec.Decode(&root); err != nil {
		if err == io.EOF {
			return &Error{Msg: "the manifest is empty"}
		}
		return yamlError(err)
	}
	if len(root.Content) == 0 {
		return &Error{Msg: "the manifest is empty"}
	}
	var errs []error
	var next yaml.Node
	if err := dec.Decode(&next); err != io.EOF {
		line := next.Line
		if err != nil {
			line = 0
		}
		errs = append(errs, &Error{Line: line, Msg: "a second YAML document (after ---): " + k.one()})
	}
	top := root.Content[0]
	if top.Kind != yaml.MappingNode {
		return errors.Join(append(errs, &Error{Line: top.Line, Msg: fmt.Sprintf("%s manifest is a mapping with a spec: (or a whole %s)", k.step, k.kind)})...)
	}
	hasSpec := false
	for i := 0; i+1 < len(top.Content); i += 2 {
		key, v := top.Content[i], top.Content[i+1]
		switch key.Value {
		case "apiVersion":
			if v.Value != k.apiVersion {
				errs = append(errs, &Error{Line: v.Line, Msg: fmt.Sprintf("apiVersion %q: %s is %s", v.Value, k.article, k.apiVersion)})
			}
		case "kind":
			if v.Value != k.kind {
				errs = append(errs, &Error{Line: v.Line, Msg: fmt.Sprintf("kind %q is not %s", v.Value, k.article)})
			}
		case "spec":
			hasSpec = true
		}
	}
	if !hasSpec {
		errs = append(errs, &Error{Line: top.Line, Msg: "the manifest has no spec:"})
	}
	if len(errs) > 0 {
		// Not the object: its fields would be noise.
		return errors.Join(errs...)
	}
	// Quantities are checked before the decoder parses them: it has no
	// bound (quantity.Parse). A bad one is replaced by 0 in the tree, which
	// is decoded instead of the text, so that the rest is checked too.
	qerrs := checkQuantities(top, reflect.TypeOf(out).Elem())
	errs = append(errs, qerrs...)
	if len(qerrs) > 0 {
		if doc, err = yaml.Marshal(top); err != nil {
			return errors.Join(errs...)
		}
	}
	js, err := sigsyaml.YAMLToJSONStrict(doc)
	if err != nil {
		return errors.Join(append(errs, yamlError(err))...)
	}
	strictErrs, err := kjson.UnmarshalStrict(js, out, kjson.DisallowDuplicateFields, kjson.DisallowUnknownFields)
	if err != nil {
		errs = append(errs, locate(top, err.Error()))
	}
	for _, e := range strictErrs {
		errs = append(errs, locate(top, e.Error()))
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	if o, ok := out.(interface{ GetObjectKind() schema.ObjectKind }); ok {
		o.GetObjectKind().SetGroupVersionKind(schema.GroupVersionKind{})
	}
	return nil
}

// checkQuantities finds every quantity of the document (the fields of a
// Pod whose Go type is resource.Quantity, found by reflection, so none is
// missed) and checks it with quantity.Parse.
func checkQuantities(top *yaml.Node, of reflect.Type) []error {
	type visit struct {
		n *yaml.Node
		t reflect.Type
	}
	quantityType := reflect.TypeOf(resource.Quantity{})
	seen := map[visit]bool{}
	var errs []error
	var walk func(n *yaml.Node, t reflect.Type)
	walk = func(n *yaml.Node, t reflect.Type) {
		if n.Kind == yaml.AliasNode {
			if n = n.Alias; n == nil {
				return
			}
		}
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if seen[visit{n, t}] {
			return
		}
		seen[visit{n, t}] = true
		switch {
		case t == quantityType:
			if n.Kind != yaml.ScalarNode {
				return // the decoder reports the type
			}
			if _, err := quantity.Parse(n.Value); err != nil {
				msg := err.Error()
				if strings.Contains(msg, "is not a quantity") {
					msg = fmt.Sprintf("bad quantity %q (examples: 500m, 2, 256Mi, 4Gi)", n.Value)
				}
				errs = append(errs, &Error{Line: n.Line, Msg: msg})
				n.Value, n.Tag, n.Style = "0", "!!str", 0
			}
		case t.Kind() == reflect.Struct && n.Kind == yaml.MappingNode:
			fields := jsonFields(t)
			for i := 0; i+1 < len(n.Content); i += 2 {
				if ft, ok := fields[n.Content[i].Value]; ok {
					walk(n.Content[i+1], ft)
				}
			}
		case t.Kind() == reflect.Map && n.Kind == yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				walk(n.Content[i+1], t.Elem())
			}
		case t.Kind() == reflect.Slice && n.Kind == yaml.SequenceNode:
			for _, e := range n.Content {
				walk(e, t.Elem())
			}
		}
	}
	walk(top, of)
	return errs
}

// jsonFields maps a struct's JSON field names to their types, the
// fields of inlined structs (TypeMeta) included.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-":
		case f.Anonymous && name == "":
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range jsonFields(ft) {
					out[k] = v
				}
			}
		case name != "":
			out[name] = f.Type
		default:
			out[f.Name] = f.Type
		}
	}
	return out
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

func yamlError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	msg = strings.TrimSpace(strings.TrimPrefix(msg, "unmarshal errors:"))
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		msg = strings.TrimSpace(strings.Replace(msg, m[0]+":", "", 1))
		return &Error{Line: n, Msg: "invalid YAML: " + msg}
	}
	return &Error{Msg: "invalid YAML: " + msg}
}

var (
	unknownField = regexp.MustCompile(`(?:unknown|duplicate) field "([^"]+)"`)
	typeError    = regexp.MustCompile(`cannot unmarshal (\S+) into Go struct field [A-Za-z0-9_]+\.(\S+) of type (\S+)`)
)

// locate turns a decoding error into an Error at the line of the field it
// names.
func locate(top *yaml.Node, msg string) error {
	if m := unknownField.FindStringSubmatch(msg); m != nil {
		kind := "unknown"
		if strings.Contains(msg, "duplicate field") {
			kind = "duplicate"
		}
		return &Error{Line: lineOf(top, m[1]), Msg: fmt.Sprintf("%s field %q", kind, m[1])}
	}
	if m := typeError.FindStringSubmatch(msg); m != nil {
		return &Error{Line: lineOf(top, m[2]), Msg: fmt.Sprintf("%s: a %s where a %s belongs", m[2], m[1], goTypeName(m[3]))}
	}
	return &Error{Msg: strings.TrimPrefix(msg, "json: ")}
}

func goTypeName(t string) string {
	switch t {
	case "int32", "int64", "int":
		return "whole number"
	case "bool":
		return "true/false"
	case "string":
		return "string"
	}
	if strings.HasPrefix(t, "[]") {
		return "list"
	}
	return "mapping (" + t + ")"
}

// Line is the line of a field path ("spec.containers[1].command") in a
// manifest, for a problem found after decoding (the API server's
// validation, a step's value against the YAML's); ok is false when the
// manifest does not write that field.
func Line(doc []byte, path string) (line int, ok bool) {
	var root yaml.Node
	if yaml.Unmarshal(doc, &root) != nil || len(root.Content) == 0 {
		return 0, false
	}
	node := root.Content[0]
	for _, part := range strings.Split(path, ".") {
		name, idx := part, -1
		if i := strings.IndexByte(part, '['); i >= 0 && strings.HasSuffix(part, "]") {
			name = part[:i]
			idx, _ = strconv.Atoi(part[i+1 : len(part)-1])
		}
		if node.Kind != yaml.MappingNode {
			return 0, false
		}
		var next *yaml.Node
		for i := 0; i+1 < len(node.Content); i += 2 {
			if node.Content[i].Value == name {
				next, line = node.Content[i+1], node.Content[i].Line
			}
		}
		if next == nil {
			return 0, false
		}
		node = next
		if idx >= 0 {
			if node.Kind != yaml.SequenceNode || idx >= len(node.Content) {
				return 0, false
			}
			node, line = node.Content[idx], node.Content[idx].Line
		}
	}
	return line, true
}

// lineOf finds the line of a field path such as "spec.containers[0].foo"
// or "spec.containers.ports" (type errors carry no indices: the first
// element that has the next key is taken).
func lineOf(top *yaml.Node, path string) int {
	node := top
	line := top.Line
	for _, part := range strings.Split(path, ".") {
		name, idx := part, -1
		if i := strings.IndexByte(part, '['); i >= 0 && strings.HasSuffix(part, "]") {
			name = part[:i]
			idx, _ = strconv.Atoi(part[i+1 : len(part)-1])
		}
		next, l := child(node, name)
		if next == nil {
			return line
		}
		node, line = next, l
		if node.Kind == yaml.SequenceNode {
			if idx >= 0 && idx < len(node.Content) {
				node, line = node.Content[idx], node.Content[idx].Line
			}
		}
	}
	return line
}

// child returns the value of key in a mapping (or, for a sequence, in the
// first element that has it) and the key's line.
func child(n *yaml.Node, key string) (*yaml.Node, int) {
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == key {
				return n.Content[i+1], n.Content[i].Line
			}
		}
	case yaml.SequenceNode:
		for _, e := range n.Content {
			if v, l := child(e, key); v != nil {
				return v, l
			}
		}
	}
	return nil, 0
}

// IsError reports whether err is a manifest Error.
func IsError(err error) bool {
	var e *Error
	return errors.As(err, &e)
}
