package manifest

import (
	"errors"
	"strings"
	"testing"
)

// TestDecodeErrors pins the line and message of each kind of bad manifest.
func TestDecodeErrors(t *testing.T) {
	cases := []struct {
		name, doc string
		line      int
		msg       string
	}{
		{"unknown field", "spec:\n  containers:\n  - name: app\n    colour: blue\n", 4, `unknown field "spec.containers[0].colour"`},
		{"wrong type", "spec:\n  terminationGracePeriodSeconds: five\n  containers:\n  - name: app\n", 2, "a string where a whole number belongs"},
		{"bad quantity", "spec:\n  containers:\n  - name: app\n    resources:\n      limits:\n        memory: 12XB\n", 6, `bad quantity "12XB"`},
		{"not a pod", "kind: Deployment\nspec: {}\n", 1, `kind "Deployment" is not a Pod`},
		{"no spec", "metadata:\n  name: web\n", 1, "no spec:"},
		{"duplicate key", "spec:\n  containers: []\n  containers: []\n", 3, "already set"},
		{"a list", "- a\n- b\n", 1, "a mapping"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodePod([]byte(tc.doc))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want a manifest Error", err)
			}
			if e.Line != tc.line || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("line %d %q, want line %d containing %q", e.Line, e.Msg, tc.line, tc.msg)
			}
		})
	}
}

func TestDecodeAccepts(t *testing.T) {
	for _, doc := range []string{
		"spec:\n  containers:\n  - name: app\n",
		"apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: app\n    image: busybox:1.36\n",
	} {
		p, err := DecodePod([]byte(doc))
		if err != nil || len(p.Spec.Containers) != 1 {
			t.Errorf("DecodePod(%q) = %v, %v", doc, p, err)
		}
	}
}
