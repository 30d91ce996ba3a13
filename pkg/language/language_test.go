package language

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/steps"
)

// TestDocIsGenerated: docs/language.md is what the registry and the
// template make, so the reference cannot drift from the phrases.
func TestDocIsGenerated(t *testing.T) {
	want, err := Markdown()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../docs/language.md")
	if err != nil {
		t.Fatalf("%v: run `%s` from the module root", err, Command)
	}
	if bytes.Contains(want, []byte("\n\n\n")) {
		t.Errorf("the reference has two blank lines in a row: pkg/language/reference.md.tmpl")
	}
	if !bytes.Equal(got, want) {
		t.Errorf("docs/language.md is not what the step registry and pkg/language/reference.md.tmpl make (%s); regenerate it from the module root with\n\n\t%s", firstDifference(got, want), Command)
	}
}

// firstDifference names the first line where two texts differ.
func firstDifference(got, want []byte) string {
	g, w := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl []byte
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if !bytes.Equal(gl, wl) {
			return fmt.Sprintf("first difference at line %d: it has %s, the generator makes %s", i+1, line(gl, i < len(g)), line(wl, i < len(w)))
		}
	}
	return "they differ"
}

func line(l []byte, ok bool) string {
	if !ok {
		return "no line"
	}
	return fmt.Sprintf("%q", l)
}

// TestEveryPhraseRenders: every phrase of the registry gets a template
// and each of its captures a named slot that says what it takes; a
// phrase with a capture no rule names fails here (add a rule to
// slots.go).
func TestEveryPhraseRenders(t *testing.T) {
	fams, kinds, err := Families()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range fams {
		for _, p := range f.Phrases {
			n++
			if strings.ContainsAny(p.Template, `\^$`) {
				t.Errorf("%s: the template %q shows pattern syntax", f.Key, p.Template)
			}
			for _, s := range p.Slots {
				if s.Accepts == "" || s.Name == "" {
					t.Errorf("%s: slot %+v says nothing", p.Template, s)
				}
			}
		}
	}
	if n != len(steps.Definitions()) {
		t.Errorf("%d phrases rendered, the registry has %d", n, len(steps.Definitions()))
	}
	labels := map[string]bool{}
	for _, k := range kinds {
		if labels[k.Label] {
			t.Errorf("two kinds of slot are labelled %q in the Slots table", k.Label)
		}
		labels[k.Label] = true
	}
}

// TestTemplates pins how patterns are shown.
func TestTemplates(t *testing.T) {
	for _, tc := range []struct {
		pattern, example, template string
		slots                      []string
	}{
		{`^container "([^"]*)"(?: of pod "([^"]*)")? exits with code (\S+) after (\S+)$`, `Given container "app" exits with code 1 after 5s`,
			`container "<container>" [of pod "<pod>"] exits with code <code> after <duration>`, []string{"container=app", "pod=", "code=1", "duration=5s"}},
		{`^the timeline of pod "([^"]*)" is( exactly)?:$`, `Then the timeline of pod "web" is exactly:`,
			`the timeline of pod "<pod>" is [exactly]:`, []string{"pod=web"}},
		{`^(\S+) pass(?:es)?$`, `When 30s pass`, `<duration> pass[es]`, []string{"duration=30s"}},
		{`^node "([^"]*)" (memory|disk) usage reaches (\S+)$`, `When node "worker-1" disk usage reaches 7Gi`,
			`node "<node>" <resource> usage reaches <amount>`, []string{"node=worker-1", "resource=disk", "amount=7Gi"}},
		{`^the pod "([^"]*)" is (\S+) between (\S+) and (\S+)$`, `Then the pod "web" is gone between 6s and 8s`,
			`the pod "<pod>" is <state> between <from> and <to>`, []string{"pod=web", "state=gone", "from=6s", "to=8s"}},
		{`^an event "([^"]*)" is recorded(?: for (?:container "([^"]*)"(?: of pod "([^"]*)")?|pod "([^"]*)"))?(?: (\S+) times?)?$`, `Then an event "Killing" is recorded for pod "web"`,
			`an event "<reason>" is recorded [for (container "<container>" [of pod "<pod>"]|pod "<pod>")] [<count> time[s]]`,
			[]string{"reason=Killing", "container=", "pod=web", "count="}},
		// Two pods the rules do not name apart: an error, not a reference
		// that shows <pod> twice.
		{`^the pod "([^"]*)" is older than the pod "([^"]*)"$`, `Then the pod "a" is older than the pod "b"`, ``, nil},
		// The other pod of an order is named apart.
		{`^the pod "([^"]*)" is evicted before the pod "([^"]*)"$`, `Then the pod "a" is evicted before the pod "b"`,
			`the pod "<pod>" is evicted before the pod "<other pod>"`, []string{"pod=a", "other pod=b"}},
		// A capture no rule names.
		{`^the pod "([^"]*)" smells of (\S+)$`, `Then the pod "a" smells of roses`, ``, nil},
	} {
		p, err := phraseOf(steps.Def{Family: "test", Pattern: regexp.MustCompile(tc.pattern), Example: tc.example})
		if tc.template == "" {
			if err == nil {
				t.Errorf("%s: rendered as %q, want an error", tc.pattern, p.Template)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.pattern, err)
			continue
		}
		if p.Template != tc.template {
			t.Errorf("%s:\n got  %s\n want %s", tc.pattern, p.Template, tc.template)
		}
		var slots []string
		for _, s := range p.Slots {
			slots = append(slots, s.Name+"="+s.Example)
		}
		if strings.Join(slots, " ") != strings.Join(tc.slots, " ") {
			t.Errorf("%s: slots %v, want %v", tc.pattern, slots, tc.slots)
		}
	}
}

// TestListedValuesAreAccepted lints a scenario with each value the
// reference lists for a slot, and with a value it does not list: the
// steps accept the first and refuse the second, so the lists in slots.go
// say what the steps check.
func TestListedValuesAreAccepted(t *testing.T) {
	const pod = `    Given a node "worker-1"
    And the kubelet hard eviction threshold is "memory.available<100Mi"
    And the kubelet hard eviction threshold is "pid.available<10%"
    And a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          livenessProbe:
            exec:
              command: ["true"]
          readinessProbe:
            exec:
              command: ["true"]
      """
`
	for _, tc := range []struct {
		step   string
		values []string
	}{
		{`Then the pod "web" is %s within 10s`, podStates},
		{`Then the pod "web" is not %s after 10s`, podStates},
		{`When the pod "web" becomes %s`, becomeStates},
		{`Then the pod "web" stays %s with reason "Unschedulable"`, stayPhases},
		{`Then the pod "web" phase is "%s"`, phases},
		{`Then the pod "web" has condition "Ready" "%s"`, statuses},
		{`Then the pod "web" has QoS class "%s"`, qosClasses},
		{`Given container "app" fails its %s probe after 30s`, probeKinds},
		{`Then container "app" receives %s within 1s`, signals},
		{`When node "worker-1" comes under %s pressure`, pressures},
		{`Given the kubelet soft eviction threshold is "%s<1Gi" with grace period 30s`, evictionSignals},
	} {
		for _, v := range append(append([]string(nil), tc.values...), "Bogus") {
			step := fmt.Sprintf(tc.step, v)
			body := pod
			if strings.HasPrefix(step, "Given the kubelet") {
				body = "    Given " + strings.TrimPrefix(step, "Given ") + "\n" + pod
				step = `Then the pod "web" is Running within 1s`
			}
			problems := lintOne(t, "Feature: f\n  Scenario: s\n"+body+"    "+step+"\n")
			switch {
			case v == "Bogus" && len(problems) == 0:
				t.Errorf("%q: lint accepts a value the reference does not list", fmt.Sprintf(tc.step, v))
			case v != "Bogus" && len(problems) > 0:
				t.Errorf("%q: the reference lists %q, which lint refuses: %v", fmt.Sprintf(tc.step, v), v, problems)
			}
		}
	}
}

func lintOne(t *testing.T, feature string) []runner.Problem {
	t.Helper()
	path := filepath.Join(t.TempDir(), "values.feature")
	if err := os.WriteFile(path, []byte(feature), 0o644); err != nil {
		t.Fatal(err)
	}
	_, scs, problems := runner.Load([]string{path})
	if len(problems) > 0 {
		t.Fatalf("%v", problems)
	}
	return runner.Lint(scs, simdriver.New())
}
