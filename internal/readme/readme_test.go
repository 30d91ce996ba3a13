// Package readme checks the README against what the project runs: every
// command in it is run by this test, by another test or by CI (.ci/run),
// every flag of its command-line synopsis exists, every CI command is in
// it, and it stays a front page (at most 2,500 words, the two commands in
// its first lines). Issue 38, acceptance 3.
package readme

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

const root = "../.."

// maxWords is the README's budget (issue 38: "a few screens").
const maxWords = 2500

// firstLines is how far into the README `make test-sim` and `make test`
// must come (non-negotiable: two commands set everything up).
const firstLines = 25

// ranElsewhere lists the README's commands that this test does not run,
// with where they are run: a file of the repository and what in it runs
// the command (for .ci/run, the command's own line; for a test, its
// function). The test checks the file still holds it.
var ranElsewhere = []struct {
	cmd, file, holds string
}{
	{"export LIVE_END=$(date -u -d '+58 min' +%Y-%m-%dT%H:%M:%SZ)", ".ci/run", "export LIVE_END=$(date -u -d '+58 min' +%Y-%m-%dT%H:%M:%SZ)"},
	{"make test", ".ci/run", "make test"},
	{"make test-sim", ".ci/run", "make test-sim"},
	{"make test-browser", ".ci/run", "make test-browser"},
	{"LIVE_BUDGET=40m LIVE_TIMEOUT=55m PODLIFE_TAGS='!slow' make test-live", ".ci/run", "LIVE_BUDGET=40m LIVE_TIMEOUT=55m PODLIFE_TAGS='!slow' make test-live"},
	// installPodlife runs `go install` of ./cmd/podlife into a folder of its own.
	{"go install ./cmd/podlife", "cmd/podlife/init_test.go", "func TestInitThenRun("},
	// make test runs it (the README names it as a part of make test).
	{"go vet", "Makefile", "$(GO) vet ./..."},
}

// dir is where a command runs: the repository (nothing written there),
// a sandbox with the repository's features/ and cmd/ (so that reports/
// is written in the sandbox), or a fresh empty folder.
type dir int

const (
	inRepo dir = iota
	inSandbox
	inEmpty
)

// ranHere lists the README's commands this test runs, with the podlife
// that `make install` put in a folder of its own first on PATH: where,
// the exit code, and what the output must hold.
var ranHere = []struct {
	cmd  string
	dir  dir
	exit int
	want string
}{
	{"make install", inRepo, 0, ""}, // run first, by install
	{"podlife init demo && cd demo && podlife run", inEmpty, 0, "2 passed, 0 failed, 0 skipped"},
	{"podlife lint features/", inSandbox, 0, "no problems"},
	{"podlife run features/termination/grace.feature:10", inSandbox, 0, "1 passed, 0 failed, 0 skipped"},
	{"podlife timeline features/termination/grace.feature:10", inSandbox, 0, "SIGKILL"},
	{"podlife run --format pretty --tags 'termination && !slow'", inSandbox, 0, " 0 failed"},
	{"podlife version", inSandbox, 0, "simulator: Kubernetes"},
	{"podlife steps", inSandbox, 0, "receives"},
	{"podlife run cmd/podlife/testdata/fail.feature", inSandbox, 1, "0 passed, 1 failed"},
	{"podlife run --seed 1 cmd/podlife/testdata/fail.feature:2", inSandbox, 1, "0 passed, 1 failed"},
	{"go doc ./pkg/podlife", inRepo, 0, "package podlife"},
}

// The podlife `make install` installed, once for the package's tests.
var (
	installOnce sync.Once
	installDir  string
	installErr  string
)

// install runs the README's `make install` with GOBIN a folder of its
// own, once, and returns the folder; the tests that run podlife run that
// one. It skips without go or make.
func install(t *testing.T) string {
	t.Helper()
	for _, c := range []string{"go", "make"} {
		if _, err := exec.LookPath(c); err != nil {
			t.Skipf("no %s command to install podlife with", c)
		}
	}
	installOnce.Do(func() {
		dir, err := os.MkdirTemp("", "podlife-readme-")
		if err != nil {
			installErr = err.Error()
			return
		}
		installDir = dir
		c := exec.Command("make", "--no-print-directory", "install")
		c.Dir = root
		c.Env = append(os.Environ(), "GOBIN="+dir)
		if out, err := c.CombinedOutput(); err != nil {
			installErr = "make install: " + err.Error() + "\n" + string(out)
			return
		}
		if _, err := os.Stat(filepath.Join(dir, "podlife")); err != nil {
			installErr = "make install did not put podlife in GOBIN: " + err.Error()
		}
	})
	if installErr != "" {
		t.Fatal(installErr)
	}
	return installDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if installDir != "" {
		os.RemoveAll(installDir)
	}
	os.Exit(code)
}

// block is a fenced code block of the README: its info string, its
// lines, and the line of the README it starts at.
type block struct {
	info  string
	lines []string
	at    int
}

// readme is the README parsed: its text, its fenced blocks, and the
// inline code spans of the text outside them.
type readme struct {
	text   string
	blocks []block
	inline []string
}

var spanRE = regexp.MustCompile("`([^`]+)`")

func parse(t *testing.T, text string) readme {
	t.Helper()
	r := readme{text: text}
	var cur *block
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			if cur == nil {
				cur = &block{info: strings.TrimSpace(strings.TrimPrefix(line, "```")), at: i + 1}
			} else {
				r.blocks = append(r.blocks, *cur)
				cur = nil
			}
			continue
		}
		if cur != nil {
			cur.lines = append(cur.lines, line)
			continue
		}
		for _, m := range spanRE.FindAllStringSubmatch(line, -1) {
			r.inline = append(r.inline, m[1])
		}
	}
	if cur != nil {
		t.Fatalf("README.md:%d: a code block is never closed", cur.at)
	}
	return r
}

// commentRE is a shell comment after a command.
var commentRE = regexp.MustCompile(`\s+#\s.*$`)

// commands are the README's commands: every line of its `sh` blocks
// (comments removed), and each inline span that starts as a command
// does, in order, each once.
func (r readme) commands() []string {
	var out []string
	seen := map[string]bool{}
	add := func(c string) {
		c = strings.TrimSpace(commentRE.ReplaceAllString(c, ""))
		if c != "" && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, b := range r.blocks {
		if b.info == "sh" {
			for _, l := range b.lines {
				add(l)
			}
		}
	}
	for _, s := range r.inline {
		if isCommand(s) {
			add(s)
		}
	}
	return out
}

// isCommand says whether an inline span is a command to run rather than
// a name: it starts with make, go or podlife and a word after it, or sets
// a variable before one.
func isCommand(s string) bool {
	f := strings.Fields(s)
	for len(f) > 0 && strings.Contains(f[0], "=") && !strings.HasPrefix(f[0], "-") {
		f = f[1:]
	}
	return len(f) >= 2 && (f[0] == "make" || f[0] == "go" || f[0] == "podlife")
}

func readREADME(t *testing.T) readme {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return parse(t, string(b))
}

// TestREADMEIsAFrontPage: at most 2,500 words, and the two commands
// (`make test-sim`, `make test`) in a code block of its first lines.
func TestREADMEIsAFrontPage(t *testing.T) {
	r := readREADME(t)
	if n := len(strings.Fields(r.text)); n > maxWords {
		t.Errorf("README.md has %d words, over %d: move the detail to a page under docs/ and link it", n, maxWords)
	}
	for _, want := range []string{"make test-sim", "make test"} {
		found := false
		for _, b := range r.blocks {
			if b.info != "sh" || b.at > firstLines {
				continue
			}
			for _, l := range b.lines {
				if strings.TrimSpace(commentRE.ReplaceAllString(l, "")) == want {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("README.md: %q is not a command of a code block in the first %d lines", want, firstLines)
		}
	}
}

// TestREADMEBlocksAreKnown: every fenced block says what it holds, so
// that no command hides in a block this test does not read.
func TestREADMEBlocksAreKnown(t *testing.T) {
	known := map[string]string{
		"sh":      "commands, each run by a test or CI",
		"usage":   "the command line's synopsis, each flag checked against -h",
		"text":    "a command's output, checked against the command of the sh block before it",
		"gherkin": "a scenario",
	}
	r := readREADME(t)
	for _, b := range r.blocks {
		if _, ok := known[b.info]; !ok {
			t.Errorf("README.md:%d: a code block of %q: give it one of %v", b.at, b.info, known)
		}
	}
	// An indented command would be a code block too.
	for i, l := range strings.Split(r.text, "\n") {
		if s := strings.TrimSpace(l); strings.HasPrefix(l, "    ") && isCommand(s) && !strings.HasPrefix(s, "-") {
			inBlock := false
			for _, b := range r.blocks {
				if i+1 > b.at && i+1 <= b.at+len(b.lines) {
					inBlock = true
				}
			}
			if !inBlock {
				t.Errorf("README.md:%d: an indented command %q: put it in a fenced sh block", i+1, s)
			}
		}
	}
}

// TestCICommandsAreInREADME: every command .ci/run runs is one the
// README tells a user, and each is listed in ranElsewhere.
func TestCICommandsAreInREADME(t *testing.T) {
	f, err := os.Open(filepath.Join(root, ".ci/run"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	readmeCmds := map[string]bool{}
	for _, c := range readREADME(t).commands() {
		readmeCmds[c] = true
	}
	listed := map[string]bool{}
	for _, e := range ranElsewhere {
		if e.file == ".ci/run" {
			listed[e.cmd] = true
		}
	}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "set ") || strings.HasPrefix(l, "cd ") {
			continue
		}
		n++
		if !readmeCmds[l] {
			t.Errorf(".ci/run runs %q, which the README does not tell a user", l)
		}
		if !listed[l] {
			t.Errorf(".ci/run runs %q: list it in ranElsewhere", l)
		}
	}
	if n == 0 {
		t.Error(".ci/run runs no command this test recognises")
	}
}

// TestREADMECommands: every command of the README is run by another test
// or by CI (ranElsewhere, whose file must still hold it) or run here
// (ranHere); a command in neither fails, as does an entry of either list
// the README no longer has.
func TestREADMECommands(t *testing.T) {
	r := readREADME(t)
	cmds := r.commands()
	inREADME := map[string]bool{}
	for _, c := range cmds {
		inREADME[c] = true
	}
	elsewhere := map[string]int{}
	for i, e := range ranElsewhere {
		elsewhere[e.cmd] = i
		if !inREADME[e.cmd] {
			t.Errorf("ranElsewhere lists %q, which the README no longer has: remove it", e.cmd)
		}
		b, err := os.ReadFile(filepath.Join(root, e.file))
		if err != nil {
			t.Errorf("%q is listed as run by %s: %v", e.cmd, e.file, err)
		} else if !strings.Contains(string(b), e.holds) {
			t.Errorf("%q is listed as run by %s, which no longer holds %q", e.cmd, e.file, e.holds)
		}
	}
	here := map[string]int{}
	for i, h := range ranHere {
		here[h.cmd] = i
		if !inREADME[h.cmd] {
			t.Errorf("ranHere lists %q, which the README no longer has: remove it", h.cmd)
		}
	}
	for _, c := range cmds {
		_, e := elsewhere[c]
		_, h := here[c]
		if !e && !h {
			t.Errorf("README command %q is run by no test and not by CI: run it in ranHere or name what runs it in ranElsewhere (internal/readme)", c)
		}
	}
	if t.Failed() {
		return
	}

	// The output a text block shows, by the command of the sh block
	// just before it.
	shows := map[string][]string{}
	for i, b := range r.blocks {
		if b.info != "text" {
			continue
		}
		if i == 0 || r.blocks[i-1].info != "sh" {
			t.Errorf("README.md:%d: a text block with no sh block before it", b.at)
			continue
		}
		prev := r.blocks[i-1].lines
		c := strings.TrimSpace(commentRE.ReplaceAllString(prev[len(prev)-1], ""))
		shows[c] = b.lines
	}

	gobin := install(t)
	env := append(os.Environ(), "PATH="+gobin+string(os.PathListSeparator)+os.Getenv("PATH"))
	repo, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	// The sandbox holds a copy of features/ (a symlinked folder is not
	// walked as one) and cmd/ linked.
	sandbox := t.TempDir()
	if err := os.CopyFS(filepath.Join(sandbox, "features"), os.DirFS(filepath.Join(repo, "features"))); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(repo, "cmd"), filepath.Join(sandbox, "cmd")); err != nil {
		t.Fatal(err)
	}
	run := func(t *testing.T, cmd string, where dir) (int, string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		c := exec.CommandContext(ctx, "sh", "-c", cmd)
		c.Env = env
		switch where {
		case inRepo:
			c.Dir = repo
		case inSandbox:
			c.Dir = sandbox
		case inEmpty:
			c.Dir = t.TempDir()
		}
		out, err := c.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		return code, string(out)
	}
	for _, h := range ranHere {
		if h.cmd == "make install" {
			continue
		}
		t.Run(h.cmd, func(t *testing.T) {
			code, out := run(t, h.cmd, h.dir)
			if code != h.exit {
				t.Fatalf("exit %d, want %d\n%s", code, h.exit, out)
			}
			if !strings.Contains(out, h.want) {
				t.Errorf("output lacks %q\n%s", h.want, out)
			}
			for _, l := range shows[h.cmd] {
				if l = strings.TrimRight(l, " "); l != "" && !strings.Contains(out, l) {
					t.Errorf("the README shows %q, which its output lacks:\n%s", l, out)
				}
			}
		})
	}
}

// usageFlagRE is a flag in the synopsis: --name or -n.
var usageFlagRE = regexp.MustCompile(`(?:^|[\s\[|])(--?[a-z][a-z-]*)`)

// TestREADMEUsage: each line of the README's synopsis names a podlife
// command, and each flag in it is one that `podlife CMD -h` lists.
func TestREADMEUsage(t *testing.T) {
	r := readREADME(t)
	var usage []string
	for _, b := range r.blocks {
		if b.info == "usage" {
			usage = append(usage, b.lines...)
		}
	}
	if len(usage) == 0 {
		t.Fatal("README.md has no usage block")
	}
	bin := filepath.Join(install(t), "podlife")
	help := map[string]string{}
	for _, l := range usage {
		f := strings.Fields(l)
		if len(f) < 2 || f[0] != "podlife" {
			t.Errorf("README usage line %q: not `podlife COMMAND ...`", l)
			continue
		}
		sub := f[1]
		h, ok := help[sub]
		if !ok {
			out, _ := exec.Command(bin, sub, "-h").CombinedOutput()
			h = string(out)
			help[sub] = h
		}
		for _, m := range usageFlagRE.FindAllStringSubmatch(strings.Join(f[2:], " "), -1) {
			name := strings.TrimLeft(m[1], "-")
			if !regexp.MustCompile(`(?m)^\s+-` + regexp.QuoteMeta(name) + `(\s|$)`).MatchString(h) {
				t.Errorf("README usage %q: podlife %s -h lists no -%s:\n%s", l, sub, name, h)
			}
		}
	}
}

// linkRE is a Markdown link: its target.
var linkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// slug is GitHub's anchor for a heading: lower case, spaces as dashes,
// punctuation but dashes and underscores dropped.
func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestREADMELinks: every relative link of the README and of the pages
// under docs/ names a file that exists and, with #anchor, a heading of it.
func TestREADMELinks(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range append([]string{filepath.Join(root, "README.md")}, pages...) {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range linkRE.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := page
			if file != "" {
				path = filepath.Join(filepath.Dir(page), file)
			}
			text, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%s: a link to %s: %v", page, target, err)
				continue
			}
			if anchor == "" {
				continue
			}
			found := false
			for _, l := range strings.Split(string(text), "\n") {
				if h, ok := strings.CutPrefix(strings.TrimLeft(l, "#"), " "); ok && strings.HasPrefix(l, "#") && slug(h) == anchor {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: a link to %s: %s has no such heading", page, target, file)
			}
		}
	}
}

// TestREADMEScenarios: each scenario the README shows passes on the
// simulator, run by the podlife `make install` installed.
func TestREADMEScenarios(t *testing.T) {
	r := readREADME(t)
	var features []block
	for _, b := range r.blocks {
		if b.info == "gherkin" {
			features = append(features, b)
		}
	}
	if len(features) == 0 {
		t.Fatal("README.md shows no scenario")
	}
	bin := filepath.Join(install(t), "podlife")
	for _, b := range features {
		dir := t.TempDir()
		f := filepath.Join(dir, "readme.feature")
		if err := os.WriteFile(f, []byte(strings.Join(b.lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		c := exec.Command(bin, "run", "--report", filepath.Join(dir, "reports"), f)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Errorf("README.md:%d: the scenario does not pass on the simulator: %v\n%s", b.at, err, out)
		}
	}
}
