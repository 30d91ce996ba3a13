// Package podlife is podlife as a library: the scenario language of
// docs/language.md, run from your own Go tests on the simulator or on a
// live cluster.
//
// # In your own godog suite
//
// InitializeScenario (or ScenarioInitializer) registers every phrase of
// the language and gives each scenario a fresh state on the driver you
// choose: a new simulator, or a namespace of its own on a cluster, closed
// when the scenario ends. Your own step definitions can sit beside
// podlife's.
//
//	func TestFeatures(t *testing.T) {
//		suite := godog.TestSuite{
//			ScenarioInitializer: podlife.ScenarioInitializer(podlife.Options{Driver: podlife.Simulator()}),
//			Options:             &godog.Options{Format: "pretty", Paths: []string{"features"}, Strict: true, TestingT: t},
//		}
//		if suite.Run() != 0 {
//			t.Fatal("the scenarios failed")
//		}
//	}
//
// # As a Ginkgo suite
//
// DefineSuite declares one spec per scenario of your feature folder (one
// per example row of an outline), labelled with the scenario's tags, and
// writes podlife's reports (the page, JUnit, Cucumber JSON, summary.md)
// when the suite ends.
//
//	var _ = podlife.DefineSuite(podlife.SuiteOptions{Driver: podlife.Simulator(), Features: []string{"features"}})
//
//	func TestScenarios(t *testing.T) {
//		RegisterFailHandler(Fail)
//		RunSpecs(t, "our pods' lifecycle")
//	}
//
// examples/godog and examples/ginkgo in podlife's repository are two small
// modules that do each.
//
// # Drivers
//
// The simulator needs nothing. The live driver needs a cluster (a
// kubeconfig), podlife's agent image on its nodes for containers without
// an image (go run github.com/podlife/podlife/hack/agent-image agent.tar,
// then kind load image-archive agent.tar), and, for a cluster podlife did
// not create, LiveOptions.AllowAnyCluster: podlife then creates nothing
// there but namespaces labelled with its run id, and deletes each when
// its scenario ends.
//
// The package holds no state of its own: every scenario's state lives in
// its godog context or its Ginkgo spec.
package podlife

import (
	"io"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	livedriver "github.com/podlife/podlife/pkg/driver/live"
	simdriver "github.com/podlife/podlife/pkg/driver/sim"
)

// Driver is where scenarios run: Simulator() or Live(…). The zero Driver
// is the simulator.
type Driver struct {
	d driver.Driver
}

// Simulator is podlife's in-process simulator of the kubelet and the
// control plane (Kubernetes 1.36 unless a scenario asks for another
// kubelet): virtual time, exact, every capability; each scenario gets a
// simulator of its own.
func Simulator() Driver { return Driver{simdriver.New()} }

// LiveOptions configure the live driver.
type LiveOptions struct {
	// Kubeconfig is the kubeconfig file ("" for $KUBECONFIG, then
	// ~/.kube/config); Context a context in it ("" for its current one).
	Kubeconfig string
	Context    string
	// AllowAnyCluster lets podlife use a cluster that is not a kind
	// cluster podlife created. Without it such a cluster is refused, and
	// the scenarios fail saying why.
	AllowAnyCluster bool
	// RunID labels everything the run creates (podlife.io/run); "" for a
	// new one.
	RunID string
	// Tolerance, when set, replaces the tolerance podlife measures when
	// it connects (how long a state check polls, the live windows'
	// margins).
	Tolerance time.Duration
	// Parallel is how many scenarios will run at once; the pod-start
	// latency is measured with as many pods starting together (default 1).
	Parallel int
	// Log receives progress lines (connecting, calibrating); nil for none.
	Log io.Writer
}

// Live runs scenarios on a real kubelet: each scenario in a namespace of
// its own, its pods from the scenario's YAML, containers without an image
// running podlife's agent. It connects, and measures the cluster's
// latencies, when the first scenario starts.
func Live(opt LiveOptions) Driver {
	return Driver{livedriver.New(livedriver.Options{Kubeconfig: opt.Kubeconfig, Context: opt.Context, AllowAnyCluster: opt.AllowAnyCluster,
		RunID: opt.RunID, Tolerance: opt.Tolerance, Parallel: opt.Parallel, Log: opt.Log})}
}

// Name is "sim" or "live": the driver `@sim` and `@live` tags name.
func (d Driver) Name() string { return d.driver().Name() }

func (d Driver) driver() driver.Driver {
	if d.d == nil {
		return simdriver.New()
	}
	return d.d
}
