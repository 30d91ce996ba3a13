package cluster

import (
	"os"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestSuiteConfigRenders fills suites/live/kind-config.yaml and checks
// what the live suite depends on: the node label, the thresholds, and
// failCgroupV1 only on cgroup v1.
func TestSuiteConfigRenders(t *testing.T) {
	tmpl, err := os.ReadFile("../../../../suites/live/kind-config.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, v1 := range []bool{true, false} {
		c := Config{Name: "podlife-abc", MemoryAvailableHard: "19000Mi", MemoryBudget: "4096Mi", HostMemory: "23000Mi", CgroupV1: v1}
		out, err := c.Render(tmpl)
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := yaml.Unmarshal(out, &doc); err != nil {
			t.Fatalf("not YAML: %v\n%s", err, out)
		}
		s := string(out)
		for _, want := range []string{`podlife.io/cluster: "podlife-abc"`, `memory.available: "19000Mi"`, "evictionPressureTransitionPeriod: 5s"} {
			if !strings.Contains(s, want) {
				t.Errorf("config lacks %q:\n%s", want, s)
			}
		}
		if strings.Contains(s, "failCgroupV1: false") != v1 {
			t.Errorf("failCgroupV1 with cgroup v1=%v:\n%s", v1, s)
		}
	}
}

func TestNewConfigLeavesTheBudget(t *testing.T) {
	c, err := NewConfig("podlife-x", 4<<30)
	if err != nil {
		t.Fatal(err)
	}
	if c.MemoryBudget != "4096Mi" || c.MemoryAvailableHard == "" {
		t.Errorf("%+v", c)
	}
	if _, err := NewConfig("podlife-x", 1<<62); err == nil {
		t.Error("a budget above the host's memory is accepted")
	}
}
