// Package designrules checks the rules of design.md that the compiler
// does not: the import boundaries between the layers (steps, drivers,
// simulator) and, in the simulator, the absence of goroutines, channels,
// the wall clock and unseeded randomness. Its test runs the checks on the
// repository; each violation names its file:line and the rule.
package designrules

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Violation is one broken rule at a place.
type Violation struct {
	Pos  token.Position
	Rule string
	What string
}

func (v Violation) String() string {
	return fmt.Sprintf("%s:%d: %s; rule: %s", v.Pos.Filename, v.Pos.Line, v.What, v.Rule)
}

// ImportRule forbids packages matching From to import packages matching
// any of Forbidden or, when Only is set, any package but the standard
// library's and those matching Only; a Leaf imports the standard library
// alone. A pattern is an import path, or a path ending in "/..." for it
// and everything below it; a pattern whose first element has no dot is
// relative to the module (steps, pkg/sim/...).
type ImportRule struct {
	Rule      string // what design.md says
	From      string
	Forbidden []string
	Only      []string
	Leaf      bool
}

// ImportRules are design.md's boundaries ("One scenario, end to end",
// "Layout", "The seams").
var ImportRules = []ImportRule{
	{
		Rule:      "steps never reach into a driver's internals; steps/ has no driver-specific code",
		From:      "steps/...",
		Forbidden: []string{"pkg/sim/...", "pkg/driver/sim/...", "pkg/driver/live/..."},
	},
	{
		Rule: "drivers never know about Gherkin",
		From: "pkg/driver/...",
		Forbidden: []string{"steps/...", "pkg/runner/...", "pkg/suite/...", "pkg/podlife/...", "pkg/language/...",
			"suites/...", "github.com/cucumber/..."},
	},
	{
		Rule: "the simulator never knows about drivers (nor, data flowing one way, about Gherkin, steps or reports)",
		From: "pkg/sim/...",
		Forbidden: []string{"pkg/driver/...", "steps/...", "pkg/runner/...", "pkg/suite/...", "pkg/podlife/...",
			"pkg/report/...", "suites/...", "github.com/cucumber/..."},
	},
	{
		Rule:      "pkg/driver defines what a backend must do; the seam knows no backend",
		From:      "pkg/driver",
		Forbidden: []string{"pkg/driver/sim/...", "pkg/driver/live/...", "pkg/sim/..."},
	},
	{
		Rule:      "the two backends meet only at pkg/driver and pkg/timeline: the simulator's adapter does not use the live driver",
		From:      "pkg/driver/sim/...",
		Forbidden: []string{"pkg/driver/live/..."},
	},
	{
		Rule:      "the two backends meet only at pkg/driver and pkg/timeline: the live driver does not use the simulator",
		From:      "pkg/driver/live/...",
		Forbidden: []string{"pkg/driver/sim/...", "pkg/sim/..."},
	},
	{
		Rule:      "pkg/behavior is the contract shared by the simulator and the agent; it depends on neither side",
		From:      "pkg/behavior/...",
		Forbidden: []string{"pkg/sim/...", "pkg/driver/...", "pkg/agent/...", "steps/...", "pkg/runner/..."},
	},
	{
		Rule:      "pkg/timeline is what both drivers produce; it depends on no driver, nor the steps",
		From:      "pkg/timeline/...",
		Forbidden: []string{"pkg/sim/...", "pkg/driver/...", "steps/...", "pkg/runner/..."},
	},
	{
		Rule: "pkg/evictionapi is the kubelet's eviction configuration, typed from the steps to the simulator and the live driver: " +
			"every layer may import it, and it imports only the standard library, k8s.io/apimachinery and pkg/quantity",
		From: "pkg/evictionapi/...",
		Only: []string{"k8s.io/apimachinery/...", "pkg/quantity/..."},
	},
	{
		Rule: "pkg/quantity bounds the quantities every layer parses: it imports only the standard library and k8s.io/apimachinery",
		From: "pkg/quantity/...",
		Only: []string{"k8s.io/apimachinery/..."},
	},
	{
		Rule: "pkg/kubelet/periods declares the kubelet's periods once for the simulator and the live driver: " +
			"a leaf, it imports only the standard library",
		From: "pkg/kubelet/periods/...",
		Leaf: true,
	},
	{
		Rule: "pkg/kubelet/releases names the modelled kubelet releases for the CLI, the language reference and the simulator: " +
			"a leaf, it imports only the standard library",
		From: "pkg/kubelet/releases/...",
		Leaf: true,
	},
}

// RuleSimImporters: the simulator is reached through its driver.
const RuleSimImporters = "only pkg/driver/sim imports pkg/sim (and hack/kwokbench, which measures the simulator itself): " +
	"what else needs of it, the kubelet releases, is in pkg/kubelet/releases"

// SimImporters are the packages that may import pkg/sim.
var SimImporters = []string{"pkg/sim/...", "pkg/driver/sim/...", "hack/kwokbench"}

// CheckSimImporters reports an import of pkg/sim (or a package below it)
// in the files of a package that SimImporters does not list.
func CheckSimImporters(module, pkgPath string, fset *token.FileSet, files []*ast.File) []Violation {
	for _, p := range SimImporters {
		if match(module, p, pkgPath) {
			return nil
		}
	}
	var out []Violation
	for _, f := range files {
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err == nil && match(module, "pkg/sim/...", path) {
				out = append(out, Violation{fset.Position(spec.Pos()), RuleSimImporters, pkgPath + " imports " + path})
			}
		}
	}
	return out
}

// isStd reports whether an import path (not the module's) is the standard
// library's: its first element has no dot.
func isStd(module, path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".") && !match(module, module+"/...", path)
}

// allowed reports whether r lets its packages import path.
func (r ImportRule) allowed(module, path string) bool {
	for _, pat := range r.Forbidden {
		if match(module, pat, path) {
			return false
		}
	}
	if r.Leaf {
		return isStd(module, path)
	}
	if len(r.Only) == 0 || isStd(module, path) {
		return true
	}
	for _, pat := range r.Only {
		if match(module, pat, path) {
			return true
		}
	}
	return false
}

// match reports whether path matches pattern (see ImportRule).
func match(module, pattern, path string) bool {
	if first, _, _ := strings.Cut(pattern, "/"); !strings.Contains(first, ".") {
		pattern = module + "/" + pattern
	}
	if p, ok := strings.CutSuffix(pattern, "/..."); ok {
		return path == p || strings.HasPrefix(path, p+"/")
	}
	return path == pattern
}

// CheckImports checks the files of the package pkgPath (of module)
// against rules.
func CheckImports(module, pkgPath string, fset *token.FileSet, files []*ast.File, rules []ImportRule) []Violation {
	var out []Violation
	for _, r := range rules {
		if !match(module, r.From, pkgPath) {
			continue
		}
		for _, f := range files {
			for _, spec := range f.Imports {
				path, err := strconv.Unquote(spec.Path.Value)
				if err != nil {
					continue
				}
				if !r.allowed(module, path) {
					out = append(out, Violation{fset.Position(spec.Pos()), r.Rule,
						fmt.Sprintf("%s imports %s", pkgPath, path)})
				}
			}
		}
	}
	return out
}

// Rules of the simulator's code (design.md, "The simulator": a
// single-threaded discrete-event engine, a virtual clock, a seeded
// random source).
const (
	RuleThreads = "pkg/sim is single-threaded: no goroutines"
	RuleChans   = "pkg/sim is single-threaded: no channels (a type only in a signature an interface requires)"
	RuleClock   = "pkg/sim's time is its virtual clock: no wall clock"
	RuleRandom  = "pkg/sim's randomness is its seeded source (same seed, same timeline)"
)

// wallClock are the selectors that read or wait on the wall clock, by
// import path.
var wallClock = map[string]map[string]bool{
	"time": {"Now": true, "Since": true, "Until": true, "Sleep": true, "After": true, "AfterFunc": true,
		"Tick": true, "NewTimer": true, "NewTicker": true},
	"k8s.io/utils/clock":                {"RealClock": true},
	"k8s.io/client-go/util/flowcontrol": {"NewBackOff": true, "NewBackOffWithJitter": true},
}

// seededRand are what math/rand and math/rand/v2 may be used for: a
// source of one's own and its types. Everything else there (rand.Intn,
// rand.Seed, rand.Shuffle, rand.N, ...) is the global, unseeded source.
var seededRand = map[string]bool{
	"New": true, "NewSource": true, "NewZipf": true, "NewPCG": true, "NewChaCha8": true,
	"Rand": true, "Source": true, "Source64": true, "Zipf": true, "PCG": true, "ChaCha8": true,
}

// CheckSimCode checks the simulator's non-test files for goroutines,
// channels, the wall clock and the global random source.
func CheckSimCode(fset *token.FileSet, files []*ast.File) []Violation {
	var out []Violation
	add := func(n ast.Node, rule, what string) {
		out = append(out, Violation{fset.Position(n.Pos()), rule, what})
	}
	for _, f := range files {
		// The file's names for the packages the rules are about.
		names := map[string]string{} // local name -> import path
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				continue
			}
			watched := wallClock[path] != nil || path == "math/rand" || path == "math/rand/v2"
			name := path[strings.LastIndex(path, "/")+1:]
			if path == "math/rand/v2" {
				name = "rand"
			}
			if spec.Name != nil {
				name = spec.Name.Name
			}
			switch {
			case path == "crypto/rand":
				add(spec, RuleRandom, "imports crypto/rand")
			case watched && name == ".":
				add(spec, RuleClock+"; "+RuleRandom, "dot-imports "+path+", which hides its uses")
			case watched:
				names[name] = path
			}
		}
		// Function signatures may name a channel type an interface requires
		// (a virtual clock.Clock's After); their bodies may not make one.
		sigs := map[*ast.ChanType]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			if fd, ok := n.(*ast.FuncDecl); ok {
				ast.Inspect(fd.Type, func(m ast.Node) bool {
					if c, ok := m.(*ast.ChanType); ok {
						sigs[c] = true
					}
					return true
				})
			}
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				add(n, RuleThreads, "go statement")
			case *ast.ChanType:
				if !sigs[n] {
					add(n, RuleChans, "channel type")
				}
				return false
			case *ast.SendStmt:
				add(n, RuleChans, "channel send")
			case *ast.UnaryExpr:
				if n.Op == token.ARROW {
					add(n, RuleChans, "channel receive")
				}
			case *ast.SelectStmt:
				add(n, RuleChans, "select statement")
			case *ast.SelectorExpr:
				id, ok := n.X.(*ast.Ident)
				if !ok || id.Obj != nil { // a local variable, not a package
					return true
				}
				path, ok := names[id.Name]
				if !ok {
					return true
				}
				switch {
				case wallClock[path][n.Sel.Name]:
					add(n, RuleClock, fmt.Sprintf("%s.%s (%s)", id.Name, n.Sel.Name, path))
				case (path == "math/rand" || path == "math/rand/v2") && !seededRand[n.Sel.Name]:
					add(n, RuleRandom, fmt.Sprintf("%s.%s, the global source (%s)", id.Name, n.Sel.Name, path))
				}
			}
			return true
		})
	}
	return out
}

// ParseDir parses the .go files of dir, test files included or not, in
// name order, with comments.
func ParseDir(fset *token.FileSet, dir string, tests bool) ([]*ast.File, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || (!tests && strings.HasSuffix(name, "_test.go")) {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// Packages lists the module's package directories under root (relative
// to it, "." for the root): every directory with a .go file, but
// testdata, hidden and underscore directories and nested modules.
func Packages(root string) ([]string, error) {
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root {
				if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") {
			rel, err := filepath.Rel(root, filepath.Dir(path))
			if err != nil {
				return err
			}
			seen[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	var dirs []string
	for d := range seen {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	return dirs, err
}

// RuleStore: the API server's store is its own. The other components
// reach it through its methods (its reads are a component's GETs and
// LISTs, its writes go through admission, validation and the watch), so
// that what a component may see of the API is stated in one place.
const RuleStore = "pkg/sim's API store is the API server's: other files use its methods"

// APIServerFiles are the files of pkg/sim that make up the API server.
var APIServerFiles = map[string]bool{
	"api.go": true, "api_notify.go": true, "events.go": true, "defaults.go": true, "podcopy.go": true,
}

// filesOutside are the files whose names a component's set does not
// hold: where a component's rule looks for its privileges used.
func filesOutside(fset *token.FileSet, files []*ast.File, component map[string]bool) []*ast.File {
	var out []*ast.File
	for _, f := range files {
		if !component[filepath.Base(fset.Position(f.Pos()).Filename)] {
			out = append(out, f)
		}
	}
	return out
}

// storeFields are the apiServer fields that hold the store.
var storeFields = map[string]bool{
	"pods": true, "nodes": true, "priorityClasses": true, "configMaps": true,
	"secrets": true, "events": true, "bound": true, "rv": true,
	"nodeOrder": true, "leases": true, "podWatchers": true, "nodeWatchers": true, "kubeletWatch": true,
}

// CheckSimStore reports, in files of pkg/sim outside the API server, a
// store field reached through the API server: `x.api.pods`, or `a.pods`
// in a method whose receiver is an *apiServer. Without type information
// this is a syntactic check: it follows the field named api and the
// apiServer receiver, which is how the package reaches its API server.
func CheckSimStore(fset *token.FileSet, files []*ast.File) []Violation {
	var out []Violation
	for _, f := range filesOutside(fset, files, APIServerFiles) {
		ast.Inspect(f, func(n ast.Node) bool {
			fd, ok := n.(*ast.FuncDecl)
			if !ok {
				return true
			}
			recv := ""
			if fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
				if st, ok := fd.Recv.List[0].Type.(*ast.StarExpr); ok {
					if id, ok := st.X.(*ast.Ident); ok && id.Name == "apiServer" {
						recv = fd.Recv.List[0].Names[0].Name
					}
				}
			}
			ast.Inspect(fd, func(m ast.Node) bool {
				sel, ok := m.(*ast.SelectorExpr)
				if !ok || !storeFields[sel.Sel.Name] {
					return true
				}
				switch x := sel.X.(type) {
				case *ast.SelectorExpr:
					if x.Sel.Name == "api" {
						out = append(out, Violation{fset.Position(sel.Pos()), RuleStore, "reaches the store's " + sel.Sel.Name})
					}
				case *ast.Ident:
					if recv != "" && x.Name == recv {
						out = append(out, Violation{fset.Position(sel.Pos()), RuleStore, "an apiServer method outside the API server's files reaches " + sel.Sel.Name})
					}
				}
				return true
			})
			return false
		})
	}
	return out
}

// RuleWhole: a component of the simulator holds the runtime it shares
// (env: clock, queue, random source, recorder) and the peers it talks to,
// never the whole Simulator, so that what each may reach is stated in its
// fields. The Simulator's own methods are the scenario's façade.
const RuleWhole = "a pkg/sim component holds env and its peers, never the whole *Simulator"

// CheckSimWhole reports a *Simulator in pkg/sim outside the Simulator's
// methods and New: a struct field, a parameter or a result of another
// function or method.
func CheckSimWhole(fset *token.FileSet, files []*ast.File) []Violation {
	var out []Violation
	isWhole := func(e ast.Expr) bool {
		st, ok := e.(*ast.StarExpr)
		if !ok {
			return false
		}
		id, ok := st.X.(*ast.Ident)
		return ok && id.Name == "Simulator"
	}
	fields := func(fl *ast.FieldList, what string) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			if isWhole(f.Type) {
				out = append(out, Violation{fset.Position(f.Pos()), RuleWhole, what})
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.StructType:
				fields(x.Fields, "a struct field of type *Simulator")
			case *ast.FuncDecl:
				if x.Recv != nil && len(x.Recv.List) == 1 && isWhole(x.Recv.List[0].Type) {
					return true // the façade
				}
				fields(x.Type.Params, x.Name.Name+" takes the *Simulator")
				if x.Recv == nil && x.Name.Name == "New" {
					return true
				}
				fields(x.Type.Results, x.Name.Name+" returns the *Simulator")
			case *ast.FuncLit:
				fields(x.Type.Params, "a function literal takes the *Simulator")
			}
			return true
		})
	}
	return out
}

// MaxMethods is the most methods a type of the live driver or of the
// steps declares: a type that grows past it holds more than one idea
// (issue 34: the live session had grown to 112 methods, the steps' State
// to 123, and each was split into its parts).
const MaxMethods = 40

// RuleMethods: the live driver's types stay small.
const RuleMethods = "no type in pkg/driver/live (its packages too) or steps/ declares more than 40 methods: split it into its parts"

// CheckMethodCount reports each type whose methods (on T and *T) in files
// number more than max, at its method past the limit (in file order).
func CheckMethodCount(fset *token.FileSet, files []*ast.File, max int) []Violation {
	var out []Violation
	count := map[string]int{}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 {
				continue
			}
			t := fd.Recv.List[0].Type
			if st, ok := t.(*ast.StarExpr); ok {
				t = st.X
			}
			switch g := t.(type) { // a generic type's receiver: T[P]
			case *ast.IndexExpr:
				t = g.X
			case *ast.IndexListExpr:
				t = g.X
			}
			id, ok := t.(*ast.Ident)
			if !ok {
				continue
			}
			count[id.Name]++
			if count[id.Name] == max+1 {
				out = append(out, Violation{fset.Position(fd.Pos()), RuleMethods,
					fmt.Sprintf("type %s has more than %d methods", id.Name, max)})
			}
		}
	}
	return out
}

// MaxOptional is the most optional interfaces pkg/driver declares: what
// every driver can answer (if only "unsupported") belongs to the seam
// itself, so that a step asks the session rather than whether it can.
const MaxOptional = 8

// RuleOptional: the seam's optional interfaces stay few.
const RuleOptional = "pkg/driver declares at most 8 optional interfaces: what both drivers answer folds into Driver, Session or View, with a typed unsupported answer"

// seamInterfaces are the interfaces every driver implements; those they
// embed are not optional.
var seamInterfaces = map[string]bool{"Driver": true, "Session": true, "View": true}

// CheckOptionalInterfaces reports, at the interface past the limit, when
// the exported interfaces of files that Driver, Session and View do not
// embed number more than max.
func CheckOptionalInterfaces(fset *token.FileSet, files []*ast.File, max int) []Violation {
	embedded := map[string]bool{}
	type decl struct {
		name string
		pos  token.Pos
	}
	var ifaces []decl
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				ts := s.(*ast.TypeSpec)
				it, ok := ts.Type.(*ast.InterfaceType)
				if !ok || !ts.Name.IsExported() {
					continue
				}
				if seamInterfaces[ts.Name.Name] {
					for _, m := range it.Methods.List {
						if id, ok := m.Type.(*ast.Ident); ok && len(m.Names) == 0 {
							embedded[id.Name] = true
						}
					}
					continue
				}
				ifaces = append(ifaces, decl{ts.Name.Name, ts.Pos()})
			}
		}
	}
	var out []Violation
	n := 0
	for _, i := range ifaces {
		if embedded[i.name] {
			continue
		}
		if n++; n > max {
			out = append(out, Violation{fset.Position(i.pos), RuleOptional,
				fmt.Sprintf("interface %s is optional interface number %d", i.name, n)})
		}
	}
	return out
}

// MaxLines is the most lines a file of steps/ has: a family that grows
// past it splits into files by sub-family (issue 34: disruptions.go had
// grown to 1,388 lines).
const MaxLines = 500

// RuleLines: the steps' files stay readable.
const RuleLines = "no file in steps/ is over 500 lines: split the family by sub-family"

// CheckFileLength reports each file of files longer than max lines, at
// its last line.
func CheckFileLength(fset *token.FileSet, files []*ast.File, max int) []Violation {
	var out []Violation
	for _, f := range files {
		tf := fset.File(f.Pos())
		if tf == nil || tf.LineCount() <= max {
			continue
		}
		out = append(out, Violation{fset.Position(tf.LineStart(tf.LineCount())), RuleLines,
			fmt.Sprintf("the file has %d lines", tf.LineCount())})
	}
	return out
}

// RuleStepsDriverFree: the steps have no driver-specific code (design.md,
// "Layout"): where an expectation is judged is the session's answer (its
// Judge), and whether the session's clock is the rules' own is whether
// it can go back in time (driver.Rewinder), never the driver's name or
// its exact-time capability.
const RuleStepsDriverFree = "steps/ has no driver-specific code: it never asks for the exact-time capability or a driver's windows; the session's Judge answers the timing questions"

// driverSpecific are the names steps/ (its non-test files) may not use,
// and what each stands for.
var driverSpecific = map[string]string{
	"ExactTime":   "the exact-time capability",
	"Windows":     "a driver's windows",
	"liveWindows": "the live driver's windows",
}

// CheckStepsDriverFree reports each use or declaration of a name of
// driverSpecific in files.
func CheckStepsDriverFree(fset *token.FileSet, files []*ast.File) []Violation {
	var out []Violation
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if what, bad := driverSpecific[id.Name]; bad {
					out = append(out, Violation{fset.Position(id.Pos()), RuleStepsDriverFree,
						fmt.Sprintf("names %s (%s)", what, id.Name)})
				}
			}
			return true
		})
	}
	return out
}

// RuleVerdictKind: a verdict says how the expectation failed when it is
// made, so that nothing reads it back from its text.
const RuleVerdictKind = "a timeline.Verdict is made with its Kind: nothing classifies a verdict by its text"

// CheckVerdictKinds reports each composite literal of timeline.Verdict
// (Verdict inside pkg/timeline) that sets no Kind.
func CheckVerdictKinds(fset *token.FileSet, files []*ast.File, inTimeline bool) []Violation {
	var out []Violation
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			switch t := lit.Type.(type) {
			case *ast.SelectorExpr:
				if x, ok := t.X.(*ast.Ident); !ok || x.Name != "timeline" || t.Sel.Name != "Verdict" {
					return true
				}
			case *ast.Ident:
				if !inTimeline || t.Name != "Verdict" {
					return true
				}
			default:
				return true
			}
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Kind" {
						return true
					}
				}
			}
			out = append(out, Violation{fset.Position(lit.Pos()), RuleVerdictKind, "a Verdict with no Kind"})
			return true
		})
	}
	return out
}

// RuleSignals: in the simulated kubelet, the runtime alone (kuberuntime
// over CRI) starts and ends processes and signals them; the pod worker,
// the prober, the status manager and the eviction manager ask it.
const RuleSignals = "in pkg/sim only the runtime (its files: RuntimeFiles) sends a signal, starts or ends a process"

// RuntimeFiles are the files of pkg/sim that make up the container
// runtime.
var RuntimeFiles = map[string]bool{"runtime.go": true, "kill.go": true}

// processOps are the runtime's operations on a process, by the name of
// its method, and the timeline's signal events.
var processOps = map[string]bool{"sigterm": true, "sigkill": true, "runProcess": true, "processExit": true}
var signalEvents = map[string]bool{"SIGTERM": true, "SIGKILL": true}

// CheckSimSignals reports, in files of pkg/sim outside the runtime, a
// call of a method that signals, starts or ends a process (x.sigterm,
// x.sigkill, x.runProcess, x.processExit), a declaration of one, and a
// recording of a signal (timeline.SIGTERM, timeline.SIGKILL).
func CheckSimSignals(fset *token.FileSet, files []*ast.File) []Violation {
	var out []Violation
	for _, f := range filesOutside(fset, files, RuntimeFiles) {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncDecl:
				if x.Recv != nil && processOps[x.Name.Name] {
					out = append(out, Violation{fset.Position(x.Pos()), RuleSignals, "declares " + x.Name.Name + " outside the runtime"})
				}
			case *ast.SelectorExpr:
				id, ok := x.X.(*ast.Ident)
				switch {
				case ok && id.Name == "timeline" && signalEvents[x.Sel.Name]:
					out = append(out, Violation{fset.Position(x.Pos()), RuleSignals, "records timeline." + x.Sel.Name})
				case processOps[x.Sel.Name]:
					out = append(out, Violation{fset.Position(x.Pos()), RuleSignals, "calls " + x.Sel.Name})
				}
			}
			return true
		})
	}
	return out
}

// The pod worker's size (issue 37): pod_workers.go's job (state, grace,
// sync scheduling, requeue, deadline) and no more.
const (
	MaxWorkerFields  = 15
	MaxWorkerMethods = 25
	MaxWorkerFiles   = 2
)

// RulePodWorker: the simulated kubelet's pod worker stays a pod worker.
const RulePodWorker = "pkg/sim's podWorker has at most 15 fields and 25 methods, in at most 2 files: the other managers hold their own state"

// CheckPodWorker reports a podWorker struct of more than MaxWorkerFields
// fields (each name counts, an embedded type too), and methods of
// podWorker past MaxWorkerMethods or in more than MaxWorkerFiles files.
func CheckPodWorker(fset *token.FileSet, files []*ast.File) []Violation {
	var out []Violation
	methods := 0
	inFiles := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			switch x := d.(type) {
			case *ast.GenDecl:
				for _, s := range x.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok || ts.Name.Name != "podWorker" {
						continue
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					n := 0
					for _, fl := range st.Fields.List {
						n += max(1, len(fl.Names))
					}
					if n > MaxWorkerFields {
						out = append(out, Violation{fset.Position(ts.Pos()), RulePodWorker, fmt.Sprintf("podWorker has %d fields", n)})
					}
				}
			case *ast.FuncDecl:
				if x.Recv == nil || len(x.Recv.List) != 1 {
					continue
				}
				t := x.Recv.List[0].Type
				if st, ok := t.(*ast.StarExpr); ok {
					t = st.X
				}
				if id, ok := t.(*ast.Ident); !ok || id.Name != "podWorker" {
					continue
				}
				methods++
				file := filepath.Base(fset.Position(x.Pos()).Filename)
				if methods == MaxWorkerMethods+1 {
					out = append(out, Violation{fset.Position(x.Pos()), RulePodWorker, fmt.Sprintf("podWorker has more than %d methods", MaxWorkerMethods)})
				}
				if !inFiles[file] {
					inFiles[file] = true
					if len(inFiles) == MaxWorkerFiles+1 {
						out = append(out, Violation{fset.Position(x.Pos()), RulePodWorker, fmt.Sprintf("podWorker's methods are in more than %d files", MaxWorkerFiles)})
					}
				}
			}
		}
	}
	return out
}
