package runner_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/podlife/podlife/pkg/driver"
	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/kubelet/releases"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
)

// underControlPlane runs every scenario of a kubelet version under
// control plane cp: the simulator then models a skewed cluster, as a live
// run's skewed node is.
type underControlPlane struct {
	driver.Driver
	cp string
}

func (u underControlPlane) Start(ctx context.Context, sc driver.Scenario) (driver.Session, error) {
	if sc.ControlPlaneVersion == "" {
		sc.ControlPlaneVersion = u.cp
	}
	return u.Driver.Start(ctx, sc)
}

// TestKubeletScenariosHoldUnderTheNewestControlPlane: a live run puts a
// @kubelet:1.N scenario on a node of that kubelet under the cluster's
// control plane (1.36: a skewed node). The simulator models the whole
// cluster at 1.N, so a scenario whose outcome depends on the API server's,
// scheduler's or printer's version would fail there for a reason that is
// not its kubelet's. Every such scenario of the catalogue within the skew
// policy must pass under the newest control plane too, or say that it
// depends on its control plane (@control-plane:1.N, which a skewed node
// does not run).
func TestKubeletScenariosHoldUnderTheNewestControlPlane(t *testing.T) {
	t.Chdir("../..")
	_, scs, problems := runner.Load([]string{"features"})
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	newest, _ := strconv.Atoi(strings.TrimPrefix(releases.Default, "1."))
	d := underControlPlane{Driver: simdriver.New(), cp: releases.Default}
	checked := 0
	for _, sc := range scs {
		meta, err := runner.ReadTags(sc.Tags)
		if err != nil {
			t.Fatalf("%s: %v", sc.ID(), err)
		}
		m, _ := strconv.Atoi(strings.TrimPrefix(meta.KubeletVersion, "1."))
		if meta.KubeletVersion == "" || meta.ControlPlaneVersion != "" || meta.Only == "sim" || m >= newest || newest-m > 3 {
			continue
		}
		checked++
		alone := runner.Run(context.Background(), sc, runner.Options{Driver: simdriver.New()})
		skewed := runner.Run(context.Background(), sc, runner.Options{Driver: d})
		if alone.Status == report.Passed && skewed.Status != report.Passed {
			msg := skewed.Reason
			if skewed.Failure != nil {
				msg = skewed.Failure.Message
			}
			t.Errorf("%s (@kubelet:%s) passes on a %s cluster and fails under a %s control plane: tag it @control-plane:%s, or make it not depend on the API server's version:\n%s",
				sc.ID(), meta.KubeletVersion, meta.KubeletVersion, releases.Default, meta.KubeletVersion, msg)
		}
	}
	if checked == 0 {
		t.Fatal("no @kubelet scenario within the skew policy was checked")
	}
	t.Logf("%d @kubelet scenarios checked under control plane %s", checked, releases.Default)
}
