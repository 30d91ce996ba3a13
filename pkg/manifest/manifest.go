// Package manifest decodes the pod manifests of scenarios strictly: an
// unknown field, a duplicate key, a wrong type or a bad quantity is an
// error that names the line of the YAML it is on, so that a step can point
// at the feature file's line.
package manifest

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	kjson "sigs.k8s.io/json"
	sigsyaml "sigs.k8s.io/yaml"
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
	pod, err := decode(doc)
	// The YAML parser reports the end of the stream on the line after the
	// last, and counts a lone CR as a line break, which a feature file
	// does not: keep the line within the document.
	var e *Error
	if errors.As(err, &e) {
		e.Line = min(e.Line, bytes.Count(doc, []byte("\n"))+1)
	}
	return pod, err
}

func decode(doc []byte) (*corev1.Pod, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(doc, &root); err != nil {
		return nil, yamlError(err)
	}
	if len(root.Content) == 0 {
		return nil, &Error{Msg: "the manifest is empty"}
	}
	top := root.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, &Error{Line: top.Line, Msg: "a pod manifest is a mapping with a spec: (or a whole Pod)"}
	}
	hasSpec := false
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		switch k.Value {
		case "apiVersion":
			if v.Value != "v1" {
				return nil, &Error{Line: v.Line, Msg: fmt.Sprintf("apiVersion %q: a Pod is v1", v.Value)}
			}
		case "kind":
			if v.Value != "Pod" {
				return nil, &Error{Line: v.Line, Msg: fmt.Sprintf("kind %q is not a Pod", v.Value)}
			}
		case "spec":
			hasSpec = true
		}
	}
	if !hasSpec {
		return nil, &Error{Line: top.Line, Msg: "the manifest has no spec:"}
	}
	js, err := sigsyaml.YAMLToJSONStrict(doc)
	if err != nil {
		return nil, yamlError(err)
	}
	pod := &corev1.Pod{}
	strictErrs, err := kjson.UnmarshalStrict(js, pod, kjson.DisallowDuplicateFields, kjson.DisallowUnknownFields)
	if err != nil {
		return nil, locate(top, err.Error())
	}
	if len(strictErrs) > 0 {
		return nil, locate(top, strictErrs[0].Error())
	}
	pod.Kind, pod.APIVersion = "", ""
	return pod, nil
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
	if strings.Contains(msg, "quantities must match") || strings.Contains(msg, "unable to parse quantity") {
		line, value := badQuantity(top)
		return &Error{Line: line, Msg: fmt.Sprintf("bad quantity %q (examples: 500m, 2, 256Mi, 4Gi)", value)}
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

// badQuantity finds the first quantity-valued scalar that does not parse:
// the values under requests, limits, sizeLimit, and pod-level resources.
func badQuantity(n *yaml.Node) (int, string) {
	var walk func(n *yaml.Node, inQuantities bool) (int, string, bool)
	walk = func(n *yaml.Node, inQuantities bool) (int, string, bool) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				q := k.Value == "requests" || k.Value == "limits"
				if k.Value == "sizeLimit" && v.Kind == yaml.ScalarNode {
					if _, err := resource.ParseQuantity(v.Value); err != nil {
						return v.Line, v.Value, true
					}
				}
				if inQuantities && v.Kind == yaml.ScalarNode {
					if _, err := resource.ParseQuantity(v.Value); err != nil {
						return v.Line, v.Value, true
					}
				}
				if l, val, ok := walk(v, q); ok {
					return l, val, true
				}
			}
		case yaml.SequenceNode:
			for _, e := range n.Content {
				if l, val, ok := walk(e, false); ok {
					return l, val, true
				}
			}
		}
		return 0, "", false
	}
	l, v, _ := walk(n, false)
	return l, v
}

// IsError reports whether err is a manifest Error.
func IsError(err error) bool {
	var e *Error
	return errors.As(err, &e)
}
