package steps

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/evictionapi"
)

// TestThresholdStepsParseOnce: the threshold phrases leave the typed
// configuration the drivers take, in the kubelet's terms (a hard
// threshold step replaces the defaults even when the kubelet ignores all
// it says), and refuse what the kubelet refuses as input errors.
func TestThresholdStepsParseOnce(t *testing.T) {
	type step struct{ hard, soft, grace string }
	cases := []struct {
		name      string
		steps     []step
		hard      string // the thresholds rendered; "nil" for none set (hard: the defaults)
		soft      string
		wantErr   string
		wantInput bool
	}{
		{name: "a hard threshold replaces the defaults", steps: []step{{hard: "memory.available<500Mi"}},
			hard: "memory.available<500Mi/0s", soft: "nil"},
		{name: "steps add to each other", steps: []step{{hard: "memory.available<500Mi"}, {hard: "nodefs.available<10.5%"}},
			hard: "memory.available<500Mi/0s nodefs.available<10.5%/0s", soft: "nil"},
		{name: "a soft threshold alone keeps the default hard ones, and carries its grace period", steps: []step{{soft: "memory.available<1Gi", grace: "30s"}},
			hard: "nil", soft: "memory.available<1Gi/30s"},
		{name: "0% is ignored, but the hard thresholds are still replaced (none left)", steps: []step{{hard: "memory.available<0%"}},
			hard: "", soft: "nil"},
		{name: "the kubelet's message for a negative quantity", steps: []step{{hard: "memory.available<-5Mi"}},
			wantErr: `eviction threshold "memory.available<-5Mi": eviction threshold memory.available must be positive: -5Mi`, wantInput: true},
		{name: "an unknown signal", steps: []step{{soft: "mem.available<1Gi", grace: "30s"}},
			wantErr: "unsupported eviction signal mem.available", wantInput: true},
		{name: "a hard threshold declared twice across steps", steps: []step{{hard: "memory.available<500Mi"}, {hard: "nodefs.available<10%,memory.available<1Gi"}},
			wantErr: "a hard eviction threshold for memory.available is declared twice", wantInput: true},
		{name: "a soft threshold declared twice across steps", steps: []step{{soft: "memory.available<1Gi", grace: "30s"}, {soft: "memory.available<2Gi", grace: "1m"}},
			wantErr: "a soft eviction threshold for memory.available is declared twice", wantInput: true},
	}
	render := func(ts []evictionapi.Threshold) string {
		if ts == nil {
			return "nil"
		}
		var out []string
		for _, t := range ts {
			out = append(out, t.String()+"/"+t.GracePeriod.String())
		}
		return strings.Join(out, " ")
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pl := &Plan{}
			var err error
			for _, s := range tc.steps {
				text := fmt.Sprintf("the kubelet hard eviction threshold is %q", s.hard)
				if s.hard == "" {
					text = fmt.Sprintf("the kubelet soft eviction threshold is %q with grace period %s", s.soft, s.grace)
				}
				if err = declareText(pl, text); err != nil {
					break
				}
			}
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || IsInputError(err) != tc.wantInput {
					t.Fatalf("error %v, want an input error containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			e := pl.setup.Eviction
			if e == nil {
				t.Fatal("no eviction configuration")
			}
			if got := render(e.Hard); got != tc.hard {
				t.Errorf("hard %q, want %q", got, tc.hard)
			}
			if got := render(e.Soft); got != tc.soft {
				t.Errorf("soft %q, want %q", got, tc.soft)
			}
			if err := e.Validate(); err != nil {
				t.Errorf("the drivers refuse what the steps took: %v", err)
			}
		})
	}
}

// declareText parses a step's text by the registry's phrase for it and
// declares it into pl, as lint does.
func declareText(pl *Plan, text string) error {
	for _, d := range Definitions() {
		if d.Pattern.MatchString(text) {
			s, err := d.Parse(text, Arg{})
			if err != nil {
				return err
			}
			return s.Declare(pl)
		}
	}
	return fmt.Errorf("no phrase matches %q", text)
}

// TestPlanNamesThePressuresToCome: the setup a driver configures from
// lists the kinds of pressure the scenario's steps will bring, each once,
// so that a real node is configured for them before the first pod.
func TestPlanNamesThePressuresToCome(t *testing.T) {
	pl := NewPlan(nil, ".", []string{
		`a pod "web"`,
		`node "worker-1" comes under disk pressure`,
		`node "worker-2" comes under PID pressure`,
		`node "worker-1" comes under disk pressure`,
		`node "worker-1" memory usage reaches 7.6Gi`,
		`the node comes under memory pressure`,
	})
	want := []driver.Pressure{driver.DiskPressure, driver.PIDPressure, driver.MemoryPressure}
	if !reflect.DeepEqual(pl.setup.Pressures, want) {
		t.Errorf("pressures %v; want %v", pl.setup.Pressures, want)
	}
	if pl := NewPlan(nil, ".", []string{`a pod "web"`}); pl.setup.Pressures != nil {
		t.Errorf("a scenario without pressure: %v", pl.setup.Pressures)
	}
}

// TestPlanSaysItRelabels: a scenario whose steps change a node's labels
// says so in its setup (a cluster whose nodes others share then leases it
// one of its own); declaring a node with labels, or tainting it, does
// not.
func TestPlanSaysItRelabels(t *testing.T) {
	for _, text := range []string{
		`node "worker-1" is labelled "disktype=ssd"`,
		`the node "worker-1" is labeled "disktype=ssd"`,
		`the node is labelled "disktype=ssd"`,
		`the label "disktype=ssd" is added to node "worker-1"`,
		`the label "disktype" is removed from the node`,
		`node "worker-1" is unlabelled "disktype"`,
	} {
		if pl := NewPlan(nil, ".", []string{`a pod "web"`, text}); !pl.setup.Relabels {
			t.Errorf("%s: the setup does not say the scenario relabels", text)
		}
	}
	for _, text := range []string{`a node "worker-1" with label "disktype=ssd"`, `node "worker-1" is tainted "a=b:NoSchedule"`, `a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"`} {
		if pl := NewPlan(nil, ".", []string{text}); pl.setup.Relabels {
			t.Errorf("%s: the setup says the scenario relabels", text)
		}
	}
}

// TestNodeDeclaredWithLabels: the Given forms put the labels on the
// declared node, beside its own; a bad label is the step's error.
func TestNodeDeclaredWithLabels(t *testing.T) {
	pl := NewPlan(nil, ".", nil)
	pl.At(1, Context)
	if err := declareText(pl, `a node "worker-1" with labels "disktype=ssd, example.com/tier=gold"`); err != nil {
		t.Fatal(err)
	}
	if err := declareText(pl, `node "worker-1" is labelled "zone=a"`); err != nil {
		t.Fatal(err)
	}
	n := pl.findNode("worker-1")
	want := map[string]string{"kubernetes.io/hostname": "worker-1", "kubernetes.io/os": "linux", "disktype": "ssd", "example.com/tier": "gold", "zone": "a"}
	if !reflect.DeepEqual(n.Labels, want) {
		t.Errorf("labels %v; want %v", n.Labels, want)
	}
	for _, text := range []string{`a node "worker-2" with label "disktype"`, `a node "worker-2" with label "bad key=x"`, `node "worker-1" is labelled "disktype=a b"`} {
		if err := declareText(NewPlan(nil, ".", nil), text); err == nil {
			t.Errorf("%s: declared", text)
		}
	}
}

// TestPlanSaysItRetaints: a scenario whose steps taint a node or take a
// taint off says so in its setup, so that a cluster whose nodes others
// share leases it one of its own (held-out set 38 tainted worker-1 with
// no tag and was skipped on kind); a label or a budget does not.
func TestPlanSaysItRetaints(t *testing.T) {
	for _, text := range []string{
		`node "worker-1" is tainted "maintenance=window:NoExecute"`,
		`a node "worker-1" is tainted "maintenance=true:NoSchedule"`,
		`the taint "maintenance=window:NoExecute" is removed from node "worker-1"`,
	} {
		if pl := NewPlan(nil, ".", []string{`a pod "web"`, text}); !pl.setup.Retaints {
			t.Errorf("%s: the setup does not say the scenario taints a node", text)
		}
	}
	for _, text := range []string{`node "worker-1" is labelled "disktype=ssd"`, `a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"`} {
		if pl := NewPlan(nil, ".", []string{text}); pl.setup.Retaints {
			t.Errorf("%s: the setup says the scenario taints a node", text)
		}
	}
}
