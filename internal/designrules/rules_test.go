package designrules

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const root = "../.."

// modulePath reads the module's path from go.mod.
func modulePath(t *testing.T) string {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m, ok := strings.CutPrefix(sc.Text(), "module "); ok {
			return strings.TrimSpace(m)
		}
	}
	t.Fatal("go.mod has no module line")
	return ""
}

// TestDesignRules checks the repository: the import boundaries of every
// package's non-test files, and pkg/sim's code (non-test files).
func TestDesignRules(t *testing.T) {
	module := modulePath(t)
	dirs, err := Packages(root)
	if err != nil {
		t.Fatal(err)
	}
	var vs []Violation
	checked := map[string]bool{}
	for _, dir := range dirs {
		fset := token.NewFileSet()
		files, err := ParseDir(fset, filepath.Join(root, dir), false)
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			continue
		}
		pkgPath := module
		if dir != "." {
			pkgPath += "/" + dir
		}
		vs = append(vs, CheckImports(module, pkgPath, fset, files, ImportRules)...)
		vs = append(vs, CheckSimImporters(module, pkgPath, fset, files)...)
		vs = append(vs, CheckVerdictKinds(fset, files, pkgPath == module+"/pkg/timeline")...)
		if match(module, "pkg/sim/...", pkgPath) {
			vs = append(vs, CheckSimCode(fset, files)...)
		}
		if pkgPath == module+"/pkg/sim" {
			vs = append(vs, CheckSimStore(fset, files)...)
			vs = append(vs, CheckSimWhole(fset, files)...)
			vs = append(vs, CheckSimSignals(fset, files)...)
			vs = append(vs, CheckPodWorker(fset, files)...)
		}
		if match(module, "pkg/driver/live/...", pkgPath) {
			vs = append(vs, CheckMethodCount(fset, files, MaxMethods)...)
		}
		if pkgPath == module+"/pkg/driver" {
			vs = append(vs, CheckOptionalInterfaces(fset, files, MaxOptional)...)
		}
		if pkgPath == module+"/steps" {
			vs = append(vs, CheckStepsDriverFree(fset, files)...)
			vs = append(vs, CheckMethodCount(fset, files, MaxMethods)...)
			// Test files too: a family's tests split as it does.
			all, err := ParseDir(fset, filepath.Join(root, dir), true)
			if err != nil {
				t.Fatal(err)
			}
			vs = append(vs, CheckFileLength(fset, all, MaxLines)...)
		}
		checked[dir] = true
	}
	// The rules are about these; a move that left them unchecked fails.
	for _, dir := range []string{"steps", "pkg/sim", "pkg/driver", "pkg/driver/sim", "pkg/driver/live", "pkg/behavior", "pkg/timeline", "pkg/evictionapi", "pkg/kubelet/periods", "pkg/kubelet/releases"} {
		if !checked[dir] {
			t.Errorf("%s: no Go files found; the design rules about it check nothing", dir)
		}
	}
	for _, v := range vs {
		v.Pos.Filename = strings.TrimPrefix(filepath.ToSlash(v.Pos.Filename), root+"/")
		t.Errorf("%s", v)
	}
}

// TestRulesCatchViolations shows each check failing on a small source
// that breaks its rule, and passing one that keeps it.
func TestRulesCatchViolations(t *testing.T) {
	const module = "example.com/m"
	simCases := []struct {
		name string
		src  string
		want []string // the rules broken, in order
	}{
		{"a goroutine", `func f() { go g() }; func g() {}`, []string{RuleThreads}},
		{"a channel made", `func f() { _ = make(chan int) }`, []string{RuleChans}},
		{"a channel field", `type s struct{ c chan<- int }`, []string{RuleChans}},
		{"a send and a receive", `func f(c chan int) { c <- 1; <-c }`, []string{RuleChans, RuleChans}},
		{"a select", `func f() { select {} }`, []string{RuleChans}},
		{"time.Now", `import "time"; func f() time.Time { return time.Now() }`, []string{RuleClock}},
		{"time.Sleep", `import "time"; func f() { time.Sleep(time.Second) }`, []string{RuleClock}},
		{"time.After", `import "time"; func f() any { return time.After(time.Second) }`, []string{RuleClock}},
		{"time.Tick", `import "time"; func f() any { return time.Tick(time.Second) }`, []string{RuleClock}},
		{"time.Since, renamed", `import wall "time"; var t0 wall.Time; func f() wall.Duration { return wall.Since(t0) }`, []string{RuleClock}},
		{"time.Now as a value", `import "time"; var now = time.Now`, []string{RuleClock}},
		{"the real clock of k8s.io/utils", `import "k8s.io/utils/clock"; var c clock.Clock = clock.RealClock{}`, []string{RuleClock}},
		{"a dot import of time", `import . "time"; func f() Time { return Now() }`, []string{RuleClock + "; " + RuleRandom}},
		{"math/rand's global source", `import "math/rand"; func f() int { return rand.Intn(3) }`, []string{RuleRandom}},
		{"math/rand.Seed", `import "math/rand"; func f() { rand.Seed(1) }`, []string{RuleRandom}},
		{"math/rand/v2's global source", `import "math/rand/v2"; func f() int { return rand.IntN(3) }`, []string{RuleRandom}},
		{"crypto/rand", `import "crypto/rand"; var _ = rand.Reader`, []string{RuleRandom}},
		// What the simulator does and may.
		{"a seeded source", `import "math/rand"; var r = rand.New(rand.NewSource(1)); func f() int { return r.Intn(3) }`, nil},
		{"a local named rand", `import "math/rand"; func f(rand *rand.Rand) int { return rand.Intn(3) }`, nil},
		{"durations and times", `import "time"; var d = 3 * time.Second; var t time.Time; func f() time.Time { return t.Add(d) }`, nil},
		{"a channel in a signature an interface requires", `import "time"; type c struct{}; func (c) After(time.Duration) <-chan time.Time { panic("no") }`, nil},
		{"a method named Now", `type clk struct{}; func (clk) Now() int { return 0 }; func f(c clk) int { return c.Now() }`, nil},
	}
	for _, c := range simCases {
		t.Run("sim/"+c.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "x.go", "package sim\n"+c.src+"\n", parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			got := CheckSimCode(fset, []*ast.File{f})
			var rules []string
			for _, v := range got {
				rules = append(rules, v.Rule)
				if v.Pos.Filename != "x.go" || v.Pos.Line != 2 {
					t.Errorf("%s: want x.go:2", v)
				}
			}
			if strings.Join(rules, "|") != strings.Join(c.want, "|") {
				t.Errorf("%s: got %v, want rules %q", c.src, got, c.want)
			}
		})
	}

	runFileCases(t, "store", RuleStore, CheckSimStore, []fileCase{
		{"a kubelet reading the store's map", "kubelet.go", `func (k *kubelet) f() { _ = k.s.api.pods["web"] }`, 1},
		{"a controller ranging over the store", "replicaset.go", `func (c *rs) f() { for range c.s.api.bound["n"] {} }`, 1},
		{"an apiServer method elsewhere", "scheduler.go", `func (a *apiServer) f() int { return len(a.secrets) }`, 1},
		{"the API server's own file", "api.go", `func (a *apiServer) f() int { return len(a.pods) + len(a.s.api.nodes) }`, 0},
		{"a read through a method", "kubelet.go", `func (k *kubelet) f() { _ = k.s.api.pod("web") }`, 0},
		{"another type's field named pods", "scheduler_cache.go", `func (ni *nodeInfo) f() int { return ni.pods }`, 0},
	})

	runFileCases(t, "whole", RuleWhole, CheckSimWhole, []fileCase{
		{"a component's field", "x.go", `type kubelet struct{ s *Simulator }`, 1},
		{"a parameter", "x.go", `func (d *drain) loop(s *Simulator, name string) {}`, 1},
		{"a constructor's parameter", "x.go", `func newScheduler(s *Simulator) *scheduler { return nil }`, 1},
		{"a function literal's parameter", "x.go", `var f = func(s *Simulator) {}`, 1},
		{"a result elsewhere", "x.go", `func (k *kubelet) sim() *Simulator { return nil }`, 1},
		{"the façade's method", "x.go", `func (s *Simulator) AddNode(n int) error { return nil }`, 0},
		{"New", "x.go", `func New(cfg Config) (*Simulator, error) { return nil, nil }`, 0},
		{"the runtime and a peer", "x.go", `type kubelet struct{ env *env; api *apiServer }`, 0},
	})

	importerCases := []struct {
		name, pkg string
		want      int
	}{
		{"the CLI", module + "/cmd/podlife", 1},
		{"the language reference", module + "/pkg/language", 1},
		{"the simulator's driver", module + "/pkg/driver/sim", 0},
		{"the simulator itself", module + "/pkg/sim", 0},
		{"the KWOK benchmark", module + "/hack/kwokbench", 0},
	}
	for _, c := range importerCases {
		t.Run("importers/"+c.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "x.go", "package x\nimport \""+module+"/pkg/sim\"\n", 0)
			if err != nil {
				t.Fatal(err)
			}
			got := CheckSimImporters(module, c.pkg, fset, []*ast.File{f})
			if len(got) != c.want {
				t.Errorf("got %v, want %d violations", got, c.want)
			}
			for _, v := range got {
				if v.Rule != RuleSimImporters || v.Pos.Line != 2 {
					t.Errorf("%s: want line 2 and the rule", v)
				}
			}
		})
	}

	runFileCases(t, "signals", RuleSignals, CheckSimSignals, []fileCase{
		{"a pod worker sending SIGTERM", "pod_workers.go", `func (w *podWorker) f(c *ctr) { w.rt.sigterm(c, c.inst, "") }`, 1},
		{"a pod worker declaring a kill of its own", "pod_workers.go", `func (w *podWorker) sigkill(c *ctr) {}`, 1},
		{"a prober recording a signal", "prober.go", `func (pw *probeWorker) f() { pw.m.env.record(timeline.Event{Kind: timeline.SIGKILL}) }`, 1},
		{"the eviction manager ending a process", "eviction.go", `func (m *evictionManager) f(c *ctr) { c.p.processExit(c, c.inst, 137, "") }`, 1},
		{"a status manager starting one", "statusmanager.go", `func (m *statusManager) f(c *ctr) { m.k.rt.runProcess(c, nil) }`, 1},
		{"the runtime's own file", "runtime.go", `func (p *runtimePod) f(c *ctr) { p.sigterm(c, c.inst, ""); p.runProcess(c, nil) }`, 0},
		{"the runtime's kill", "kill.go", `func (k *ctrKill) f() { k.p.sigkill(k.c, k.inst) }`, 0},
		{"a pod worker asking the runtime to kill", "pod_workers.go", `func (w *podWorker) f() { w.rt.killPod(podGrace{}, w.queueSync) }`, 0},
	})

	workerFields := func(n int) string {
		src := "type podWorker struct {\n"
		for i := 0; i < n; i++ {
			src += fmt.Sprintf("\tf%d int\n", i)
		}
		return src + "}"
	}
	workerMethods := func(n int) string {
		src := ""
		for i := 0; i < n; i++ {
			src += fmt.Sprintf("func (w *podWorker) m%d() {}\n", i)
		}
		return src
	}
	workerCases := []struct {
		name  string
		files map[string]string
		want  int
	}{
		{"15 fields", map[string]string{"pod_workers.go": workerFields(15)}, 0},
		{"16 fields", map[string]string{"pod_workers.go": workerFields(16)}, 1},
		{"an embedded runtime counts", map[string]string{"pod_workers.go": "type podWorker struct {\n\t*runtimePod\n\ta, b, c, d, e, f, g, h, i, j, k, l, m, n, o int\n}"}, 1},
		{"25 methods", map[string]string{"pod_workers.go": workerMethods(25)}, 0},
		{"26 methods", map[string]string{"pod_workers.go": workerMethods(26)}, 1},
		{"methods in two files", map[string]string{"a.go": workerMethods(1), "b.go": workerMethods(1)}, 0},
		{"methods in three files", map[string]string{"a.go": workerMethods(1), "b.go": workerMethods(1), "c.go": workerMethods(1)}, 1},
		{"another type's methods", map[string]string{"runtime.go": strings.ReplaceAll(workerMethods(30), "podWorker", "runtimePod")}, 0},
	}
	for _, c := range workerCases {
		t.Run("podworker/"+c.name, func(t *testing.T) {
			fset := token.NewFileSet()
			var files []*ast.File
			names := make([]string, 0, len(c.files))
			for name := range c.files {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				f, err := parser.ParseFile(fset, name, "package sim\n"+c.files[name]+"\n", 0)
				if err != nil {
					t.Fatal(err)
				}
				files = append(files, f)
			}
			got := CheckPodWorker(fset, files)
			if len(got) != c.want {
				t.Errorf("got %v, want %d violations", got, c.want)
			}
			for _, v := range got {
				if v.Rule != RulePodWorker {
					t.Errorf("%s: want the pod worker rule", v)
				}
			}
		})
	}

	methodCases := []struct {
		name string
		recv []string // one method on each
		want int
	}{
		{"forty methods", repeat("*s", 40), 0},
		{"forty-one methods", repeat("*s", 41), 1},
		{"forty-one, on the value and the pointer", append(repeat("s", 21), repeat("*s", 20)...), 1},
		{"forty-one, generic", repeat("*g[T]", 41), 1},
		{"forty each on two types", append(repeat("*s", 40), repeat("u", 40)...), 0},
	}
	for _, c := range methodCases {
		t.Run("methods/"+c.name, func(t *testing.T) {
			var b strings.Builder
			b.WriteString("package live\ntype s struct{}\ntype u struct{}\ntype g[T any] struct{}\n")
			for i, r := range c.recv {
				fmt.Fprintf(&b, "func (x %s) m%d() {}\n", r, i)
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "x.go", b.String(), 0)
			if err != nil {
				t.Fatal(err)
			}
			got := CheckMethodCount(fset, []*ast.File{f}, MaxMethods)
			if len(got) != c.want {
				t.Errorf("got %v, want %d violations", got, c.want)
			}
			for _, v := range got {
				if v.Rule != RuleMethods || v.Pos.Line != 4+MaxMethods+1 {
					t.Errorf("%s: want line %d (the method past the limit) and the rule", v, 4+MaxMethods+1)
				}
			}
		})
	}

	for _, c := range []struct {
		lines, want int
	}{{MaxLines, 0}, {MaxLines + 1, 1}} {
		t.Run(fmt.Sprintf("lines/%d", c.lines), func(t *testing.T) {
			src := "package steps\n" + strings.Repeat("\n", c.lines-2) + "var x = 1\n"
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "x.go", src, 0)
			if err != nil {
				t.Fatal(err)
			}
			got := CheckFileLength(fset, []*ast.File{f}, MaxLines)
			if len(got) != c.want {
				t.Errorf("%d lines: got %v, want %d violations", c.lines, got, c.want)
			}
			for _, v := range got {
				if v.Rule != RuleLines {
					t.Errorf("%s: want the rule", v)
				}
			}
		})
	}

	for _, c := range []struct {
		name, src  string
		inTimeline bool
		want       int
	}{
		{"a verdict with its kind", `var v = &timeline.Verdict{Kind: timeline.Late, Expected: "x"}`, false, 0},
		{"a verdict with none", `var v = &timeline.Verdict{Expected: "x", Observed: "y"}`, false, 1},
		{"inside the timeline", `var v = &Verdict{Expected: "x"}`, true, 1},
		{"another package's Verdict", `var v = &other.Verdict{Expected: "x"}`, false, 0},
	} {
		t.Run("verdicts/"+c.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "x.go", "package x\n"+c.src+"\n", 0)
			if err != nil {
				t.Fatal(err)
			}
			got := CheckVerdictKinds(fset, []*ast.File{f}, c.inTimeline)
			if len(got) != c.want {
				t.Errorf("got %v, want %d violations", got, c.want)
			}
		})
	}

	optionalCases := []struct {
		name string
		src  string
		want int
	}{
		{"eight optional", ifaces(8, ""), 0},
		{"nine optional", ifaces(9, ""), 1},
		{"nine, one folded into Session", ifaces(9, "I0"), 0},
		{"ten, one folded into Session", ifaces(10, "I0"), 1},
	}
	for _, c := range optionalCases {
		t.Run("optional/"+c.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "x.go", c.src, 0)
			if err != nil {
				t.Fatal(err)
			}
			got := CheckOptionalInterfaces(fset, []*ast.File{f}, MaxOptional)
			if len(got) != c.want {
				t.Errorf("got %v, want %d violations", got, c.want)
			}
			for _, v := range got {
				if v.Rule != RuleOptional {
					t.Errorf("%s: want the rule", v)
				}
			}
		})
	}

	stepsCases := []struct {
		name, src string
		want      int
	}{
		{"the exact-time capability", `import "example.com/m/pkg/driver"; func f(c driver.Capabilities) bool { return c.Has(driver.ExactTime) }`, 1},
		{"a driver's windows, by type", `import "example.com/m/pkg/driver"; func f(s driver.Session) bool { _, ok := driver.SessionAs[driver.Windows](s); return ok }`, 1},
		{"a liveWindows helper", `type State struct{}; func (st *State) liveWindows() bool { return false }; func (st *State) f() bool { return st.liveWindows() }`, 2},
		// Allowed.
		{"the session's judge", `import "example.com/m/pkg/driver"; func f(s driver.Session) driver.Judge { return s.Judge() }`, 0},
		{"a session that can go back in time", `import "example.com/m/pkg/driver"; func f(s driver.Session) bool { _, ok := driver.SessionAs[driver.Rewinder](s); return ok }`, 0},
		{"a comment naming them", "// ExactTime, Windows and liveWindows are gone.\nvar x int", 0},
	}
	for _, c := range stepsCases {
		t.Run("steps/"+c.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "x.go", "package steps\n"+c.src+"\n", parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			got := CheckStepsDriverFree(fset, []*ast.File{f})
			if len(got) != c.want {
				t.Errorf("got %v, want %d violations", got, c.want)
			}
			for _, v := range got {
				if v.Rule != RuleStepsDriverFree || v.Pos.Filename != "x.go" {
					t.Errorf("%s: want the rule at x.go", v)
				}
			}
		})
	}

	importCases := []struct {
		name, pkg, imp string
		want           string // the rule broken, "" for none
	}{
		{"steps importing the simulator", "steps", "pkg/sim", "steps never"},
		{"steps importing the simulator's driver", "steps", "pkg/driver/sim", "steps never"},
		{"steps importing the live driver's cluster", "steps", "pkg/driver/live/cluster", "steps never"},
		{"a driver importing the steps", "pkg/driver/sim", "steps", "drivers never know about Gherkin"},
		{"a driver importing godog", "pkg/driver/live", "github.com/cucumber/godog", "drivers never know about Gherkin"},
		{"the simulator importing a driver", "pkg/sim", "pkg/driver", "the simulator never knows about drivers"},
		{"the simulator importing the runner", "pkg/sim", "pkg/runner", "the simulator never knows about drivers"},
		{"the driver seam importing the simulator", "pkg/driver", "pkg/sim", "pkg/driver defines"},
		{"the live driver importing the simulator", "pkg/driver/live", "pkg/sim", "the live driver does not use the simulator"},
		{"the behaviour contract importing the agent", "pkg/behavior", "pkg/agent", "pkg/behavior is the contract"},
		{"the timeline importing a driver", "pkg/timeline", "pkg/driver/sim", "pkg/timeline is what both drivers produce"},
		{"the eviction configuration importing the driver seam", "pkg/evictionapi", "pkg/driver", "pkg/evictionapi is the kubelet's eviction configuration"},
		{"the eviction configuration importing a package of the module", "pkg/evictionapi", "pkg/manifest", "pkg/evictionapi is the kubelet's eviction configuration"},
		{"the eviction configuration importing core/v1", "pkg/evictionapi", "k8s.io/api/core/v1", "pkg/evictionapi is the kubelet's eviction configuration"},
		{"the kubelet's periods importing a package of the module", "pkg/kubelet/periods", "pkg/timeline", "pkg/kubelet/periods declares the kubelet's periods once"},
		{"the kubelet's periods importing apimachinery", "pkg/kubelet/periods", "k8s.io/apimachinery/pkg/util/wait", "pkg/kubelet/periods declares the kubelet's periods once"},
		// Allowed.
		{"steps importing the driver seam", "steps", "pkg/driver", ""},
		{"the simulator's driver importing the simulator", "pkg/driver/sim", "pkg/sim", ""},
		{"a package named like steps", "stepsx", "pkg/sim", ""},
		{"the simulator importing the timeline", "pkg/sim", "pkg/timeline", ""},
		{"the eviction configuration importing apimachinery", "pkg/evictionapi", "k8s.io/apimachinery/pkg/api/resource", ""},
		{"the eviction configuration importing the standard library", "pkg/evictionapi", "std:strconv", ""},
		{"the steps importing the eviction configuration", "steps", "pkg/evictionapi", ""},
		{"the simulator importing the eviction configuration", "pkg/sim", "pkg/evictionapi", ""},
		{"the driver seam importing the eviction configuration", "pkg/driver", "pkg/evictionapi", ""},
		{"the live driver importing the eviction configuration", "pkg/driver/live", "pkg/evictionapi", ""},
		{"the kubelet's periods importing the standard library", "pkg/kubelet/periods", "std:time", ""},
		{"the simulator importing the kubelet's periods", "pkg/sim", "pkg/kubelet/periods", ""},
		{"the live driver importing the kubelet's periods", "pkg/driver/live", "pkg/kubelet/periods", ""},
	}
	for _, c := range importCases {
		t.Run("imports/"+c.name, func(t *testing.T) {
			imp, std := strings.CutPrefix(c.imp, "std:") // a standard library path, as is
			if !std && !strings.Contains(strings.Split(imp, "/")[0], ".") {
				imp = module + "/" + imp
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "x.go", "package x\n\nimport _ \""+imp+"\"\n", 0)
			if err != nil {
				t.Fatal(err)
			}
			got := CheckImports(module, module+"/"+c.pkg, fset, []*ast.File{f}, ImportRules)
			switch {
			case c.want == "" && len(got) > 0:
				t.Errorf("%s importing %s: got %v, want none", c.pkg, imp, got)
			case c.want != "" && (len(got) != 1 || !strings.Contains(got[0].Rule, c.want)):
				t.Errorf("%s importing %s: got %v, want one violation of %q", c.pkg, imp, got, c.want)
			case c.want != "" && got[0].String() != "x.go:3: "+module+"/"+c.pkg+" imports "+imp+"; rule: "+got[0].Rule:
				t.Errorf("got %q: want file:line, what and rule", got[0])
			}
		})
	}
}

// repeat is n copies of recv.
func repeat(recv string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = recv
	}
	return out
}

// ifaces is a package of n exported interfaces I0, I1, ..., and a Session
// embedding folded (none when "").
func ifaces(n int, folded string) string {
	var b strings.Builder
	b.WriteString("package driver\ntype Session interface {\n\tNow() int\n")
	if folded != "" {
		b.WriteString("\t" + folded + "\n")
	}
	b.WriteString("}\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "type I%d interface{ M%d() }\n", i, i)
	}
	return b.String()
}

// fileCase is one file of pkg/sim (its name, a declaration or two) and
// how many violations a check finds in it, each on its line 2.
type fileCase struct {
	name, file, src string
	want            int
}

// runFileCases runs check on each case's file, as group/name.
func runFileCases(t *testing.T, group, rule string, check func(*token.FileSet, []*ast.File) []Violation, cases []fileCase) {
	for _, c := range cases {
		t.Run(group+"/"+c.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, c.file, "package sim\n"+c.src+"\n", 0)
			if err != nil {
				t.Fatal(err)
			}
			got := check(fset, []*ast.File{f})
			if len(got) != c.want {
				t.Errorf("got %v, want %d violations", got, c.want)
			}
			for _, v := range got {
				if v.Rule != rule || v.Pos.Line != 2 {
					t.Errorf("%s: want line 2 and the rule %q", v, rule)
				}
			}
		})
	}
}
