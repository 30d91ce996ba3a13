package cluster

import (
	"os"
	"strings"
	"testing"

	"sigs.k8s.io/kind/pkg/apis/config/v1alpha4"
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
		// The host's disk is every node's: no disk threshold and no image
		// collection short of a full disk, or a scenario's disk fill has
		// the other nodes' kubelets delete the images no registry here
		// has (the run of 2026-11-30 12:05).
		for _, want := range []string{`podlife.io/cluster: "podlife-abc"`, `memory.available: "19000Mi"`, "evictionPressureTransitionPeriod: 5s",
			`nodefs.available: "0%"`, `nodefs.inodesFree: "0%"`, `imagefs.available: "0%"`, "imageGCHighThresholdPercent: 100"} {
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

// TestPoolNodesRender checks the pool's workers: labelled as the
// cluster's and the pool's, and tainted so that only a scenario that
// leased one puts pods there.
func TestPoolNodesRender(t *testing.T) {
	tmpl, err := os.ReadFile("../../../../suites/live/kind-config.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 2} {
		out, err := Config{Name: "podlife-abc", Image: "img:base", MemoryAvailableHard: "1Mi", MemoryBudget: "1Mi", HostMemory: "2Mi", PoolNodes: n}.Render(tmpl)
		if err != nil {
			t.Fatal(err)
		}
		// kind's own types, strictly: a field kind does not know fails.
		var doc v1alpha4.Cluster
		if err := yaml.UnmarshalStrict(out, &doc); err != nil {
			t.Fatalf("not a kind config: %v\n%s", err, out)
		}
		if len(doc.Nodes) != n+1 {
			t.Fatalf("%d pool nodes: %d nodes in\n%s", n, len(doc.Nodes), out)
		}
		for _, node := range doc.Nodes {
			if node.Image != "img:base" {
				t.Errorf("node %s has image %q, not the cluster's", node.Role, node.Image)
			}
		}
		for _, node := range doc.Nodes[1:] {
			if node.Role != v1alpha4.WorkerRole || node.Labels[PoolLabel] != "true" || node.Labels[Label] != "podlife-abc" {
				t.Errorf("pool node %+v", node)
			}
			if len(node.KubeadmConfigPatches) != 1 || !strings.Contains(node.KubeadmConfigPatches[0], "key: "+PoolTaint) || !strings.Contains(node.KubeadmConfigPatches[0], "effect: NoSchedule") {
				t.Errorf("pool node not tainted: %v", node.KubeadmConfigPatches)
			}
		}
	}
}

// TestKubeletNodesRender checks the skewed workers: each of its own
// image, labelled with its kubelet's minor version and tainted with it, so
// that only a scenario of that version puts pods there.
func TestKubeletNodesRender(t *testing.T) {
	tmpl, err := os.ReadFile("../../../../suites/live/kind-config.yaml")
	if err != nil {
		t.Fatal(err)
	}
	kn, err := ParseKubeletNodes("1.34=podlife.local/kind-node:v1.36.3-kubelet-v1.34.4, 1.35=img:35")
	if err != nil {
		t.Fatal(err)
	}
	out, err := Config{Name: "podlife-abc", Image: "img:base", MemoryAvailableHard: "1Mi", MemoryBudget: "1Mi", HostMemory: "2Mi", PoolNodes: 1, KubeletNodes: kn}.Render(tmpl)
	if err != nil {
		t.Fatal(err)
	}
	var doc v1alpha4.Cluster
	if err := yaml.UnmarshalStrict(out, &doc); err != nil {
		t.Fatalf("not a kind config: %v\n%s", err, out)
	}
	if len(doc.Nodes) != 4 {
		t.Fatalf("%d nodes in\n%s", len(doc.Nodes), out)
	}
	for i, want := range []KubeletNode{{"1.34", "podlife.local/kind-node:v1.36.3-kubelet-v1.34.4"}, {"1.35", "img:35"}} {
		node := doc.Nodes[2+i]
		if node.Image != want.Image || node.Labels[KubeletLabel] != want.Minor || node.Labels[Label] != "podlife-abc" || node.Labels[PoolLabel] != "" {
			t.Errorf("kubelet node %d: %+v", i, node)
		}
		if len(node.KubeadmConfigPatches) != 1 || !strings.Contains(node.KubeadmConfigPatches[0], "key: "+KubeletTaint) ||
			!strings.Contains(node.KubeadmConfigPatches[0], `value: "`+want.Minor+`"`) {
			t.Errorf("kubelet node %d not tainted: %v", i, node.KubeadmConfigPatches)
		}
	}
}

func TestParseKubeletNodesRefuses(t *testing.T) {
	for _, in := range []string{"1.34", "1.34=", "v1.34=img", "1.34.4=img", "1=img", "1.34=a,1.34=b"} {
		if _, err := ParseKubeletNodes(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
	if kn, err := ParseKubeletNodes(""); err != nil || len(kn) != 0 {
		t.Errorf("empty: %v %v", kn, err)
	}
}
