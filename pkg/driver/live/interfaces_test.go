package live

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"testing"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/judge"
)

// driverInterfaces checks a value against every interface pkg/driver
// declares, by name; TestSessionInterfaces keeps it complete.
var driverInterfaces = map[string]func(any) bool{
	"Driver":              is[driver.Driver],
	"Nodes":               is[driver.Nodes],
	"NodePower":           is[driver.NodePower],
	"Session":             is[driver.Session],
	"View":                is[driver.View],
	"PodPrinter":          is[driver.PodPrinter],
	"UntilSettler":        is[driver.UntilSettler],
	"SandboxKiller":       is[driver.SandboxKiller],
	"PodConditionSetter":  is[driver.PodConditionSetter],
	"PodSpecUpdater":      is[driver.PodSpecUpdater],
	"PodFinalizerRemover": is[driver.PodFinalizerRemover],
	"Linter":              is[driver.Linter],
	"Assumer":             is[driver.Assumer],
	"Explainer":           is[driver.Explainer],
	"Wrapper":             is[driver.Wrapper],
	"Judge":               is[driver.Judge],
	"Flusher":             is[driver.Flusher],
	"Versioned":           is[driver.Versioned],
	"Rewinder":            is[driver.Rewinder],
	"Past":                is[driver.Past],
	"Reacher":             is[driver.Reacher],
	"History":             is[driver.History],
	"Dated":               is[driver.Dated],
	"Disruptions":         is[driver.Disruptions],
	"Workloads":           is[driver.Workloads],
}

func is[T any](v any) bool { _, ok := v.(T); return ok }

// sessionInterfaces are the driver interfaces the session the live driver
// starts implements: the steps find them by type assertion
// (driver.SessionAs), so a session split into parts must keep every one.
// Those the seam folds into Session (SandboxKiller among them, refused)
// every session has.
var sessionInterfaces = []string{
	"Disruptions", "Flusher", "History", "NodePower", "Nodes", "PodConditionSetter", "PodFinalizerRemover", "PodSpecUpdater",
	"SandboxKiller", "Session", "UntilSettler", "Versioned", "Workloads",
}

// TestSessionInterfaces pins the interfaces of the value Driver.Start
// returns (*session) to sessionInterfaces, and the checks above to the
// interfaces pkg/driver declares.
func TestSessionInterfaces(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join("..", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				ts := s.(*ast.TypeSpec)
				if _, ok := ts.Type.(*ast.InterfaceType); ok && ts.Name.IsExported() && ts.TypeParams == nil {
					declared = append(declared, ts.Name.Name)
				}
			}
		}
	}
	for _, name := range declared {
		if driverInterfaces[name] == nil {
			t.Errorf("pkg/driver declares interface %s: add it to driverInterfaces", name)
		}
	}
	var s driver.Session = (*session)(nil)
	var got []string
	for name, implements := range driverInterfaces {
		if implements(s) {
			got = append(got, name)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, sessionInterfaces) {
		t.Errorf("the live session implements %q, want %q", got, sessionInterfaces)
	}
	// Its Judge is the cluster's timing policy over the window policy's
	// observations, one per session: the steps' windows are its answers.
	sess := assemble(&scene{})
	if j, ok := sess.Judge().(*judge.Judge); !ok || j == nil || sess.Judge() != driver.Judge(j) {
		t.Errorf("the live session's judge is %T, want the session's own *judge.Judge", sess.Judge())
	}
}
