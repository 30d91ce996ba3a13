package manifest

import (
	"bytes"
	"testing"

	"github.com/podlife/podlife/internal/deadline"
)

// FuzzDecodePod: any bytes give a pod or a manifest Error whose line lies
// within the document (each, when there are several); never a panic
// or a hang (deadline.PerInput). The corpus under
// testdata/fuzz/FuzzDecodePod holds every manifest of the catalogue.
func FuzzDecodePod(f *testing.F) {
	f.Add([]byte("spec:\n  containers:\n  - name: app\n"))
	f.Add([]byte("apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: app\n    resources:\n      limits:\n        memory: 64Mi\n"))
	f.Add([]byte("spec: &a\n  x: *a\n"))
	f.Fuzz(func(t *testing.T, doc []byte) {
		deadline.Run(t, deadline.PerInput, "decoding the manifest", func() {
			pod, err := DecodePod(doc)
			if err == nil {
				if pod == nil {
					t.Error("no error and no pod")
				}
				return
			}
			errs := Errors(err)
			if len(errs) == 0 {
				t.Errorf("%T %v is not a manifest Error", err, err)
			}
			for _, e := range errs {
				if lines := bytes.Count(doc, []byte("\n")) + 1; e.Line < 0 || e.Line > lines {
					t.Errorf("error at line %d of a %d-line document: %v", e.Line, lines, err)
				}
			}
		})
	})
}
