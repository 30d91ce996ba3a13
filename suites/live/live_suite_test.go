package live

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	livedriver "github.com/podlife/podlife/pkg/driver/live"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
	"github.com/podlife/podlife/pkg/suite"
)

// The suite's settings, from the environment (the Makefile sets them):
//
//	PODLIFE_LIVE_CLUSTER    "create" (default): a kind cluster made for the run,
//	                        deleted after it; "existing": the kubeconfig's cluster
//	PODLIFE_NODE_IMAGE      the kind node image to create the cluster from
//	PODLIFE_ALLOW_ANY_CLUSTER=1  use a cluster podlife did not create
//	PODLIFE_RUN_ID          the run's id (labels, cluster name)
//	PODLIFE_NODE_ROUTE      how the pool reaches its nodes: docker (default) or
//	                        agent (the node agent DaemonSet, docs/node-agent.md)
//	PODLIFE_BUSYBOX         a static busybox for the busybox images scenarios name
//	PODLIFE_IMAGES          "existing": the images the nodes have besides the
//	                        agent, comma-separated (busybox:1.36): a scenario asking
//	                        for another, or pulling with policy Always, is skipped
//	PODLIFE_TOLERANCE       replaces the measured tolerance
//	PODLIFE_MEMORY_BUDGET   memory before the node reports pressure (default 4Gi)
//	PODLIFE_KEEP_CLUSTER=1  keep the created cluster (for debugging)
//	PODLIFE_KUBELET_NODES   skewed workers, "1.34=IMAGE,…": nodes whose kubelet is
//	                        older than the control plane, for @kubelet:1.N scenarios
func TestLive(t *testing.T) {
	if os.Getenv("PODLIFE_LIVE") != "1" {
		// `go test ./...` (make test) never touches a cluster, whatever
		// KUBECONFIG says: make test-live opts in.
		t.Skip("the live suite runs with make test-live (PODLIFE_LIVE=1)")
	}
	RegisterFailHandler(Fail)
	if err := suite.ChdirModuleRoot(); err != nil {
		t.Fatal(err)
	}
	RunSpecs(t, "podlife: the catalogue on a live cluster")
}

// setup is what process 1 prepares and every process uses.
type setup struct {
	Kubeconfig string        `json:"kubeconfig"`
	RunID      string        `json:"runID"`
	Cluster    string        `json:"cluster"`
	Created    bool          `json:"created"`
	Tolerance  time.Duration `json:"tolerance"`
	Latency    time.Duration `json:"latency"`
	Images     []string      `json:"images"`
	AllowAny   bool          `json:"allowAny"`
	Kubelet    string        `json:"kubelet"`
	// NodeRoute is how the drivers reach their nodes (docker or agent).
	NodeRoute string `json:"nodeRoute"`
	// NoDocker: the drivers use no docker (PODLIFE_NO_DOCKER=1, as
	// podlife run --no-docker; hack/test-live.sh forces the agent route
	// and --allow-any-cluster with it).
	NoDocker bool `json:"noDocker"`
	// Calibration is process 1's measure of the live windows.
	Calibration livedriver.Calibration `json:"calibration"`
}

var (
	shared setup
	drv    *livedriver.Driver
)

func progress(format string, args ...any) {
	fmt.Fprintf(GinkgoWriter, "%s podlife: %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
	// Progress goes to the terminal as it happens, not only on failure.
	fmt.Fprintf(os.Stderr, "%s podlife: %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
}

var _ = SynchronizedBeforeSuite(func(ctx SpecContext) []byte {
	st := setup{RunID: os.Getenv("PODLIFE_RUN_ID"), AllowAny: os.Getenv("PODLIFE_ALLOW_ANY_CLUSTER") == "1", NodeRoute: os.Getenv("PODLIFE_NODE_ROUTE"), NoDocker: os.Getenv("PODLIFE_NO_DOCKER") == "1"}
	if st.RunID == "" {
		st.RunID = livedriver.NewRunID()
	}
	mode := os.Getenv("PODLIFE_LIVE_CLUSTER")
	// hack/test-live.sh finds the kubeconfig here, to clean up after an
	// interrupt.
	dir := filepath.Join(os.TempDir(), "podlife-live-"+st.RunID)
	Expect(os.MkdirAll(dir, 0o700)).To(Succeed())
	switch mode {
	case "", "create":
		image := os.Getenv("PODLIFE_NODE_IMAGE")
		Expect(image).NotTo(BeEmpty(), "PODLIFE_NODE_IMAGE names the kind node image (make test-live sets it)")
		st.Cluster = cluster.NamePrefix + strings.ToLower(st.RunID[len(st.RunID)-6:])
		st.Kubeconfig = filepath.Join(dir, "kubeconfig")
		budget := resource.MustParse("4Gi")
		if v := os.Getenv("PODLIFE_MEMORY_BUDGET"); v != "" {
			budget = resource.MustParse(v)
		}
		cfg, err := cluster.NewConfig(st.Cluster, budget.Value())
		Expect(err).NotTo(HaveOccurred())
		// Four pool nodes by default, for the node-level quarter of the
		// catalogue beside the pod-level scenarios (6 at a time,
		// LIVE_PROCS), so that a scenario seldom waits for a node; those that
		// fill a node's memory take the host's memory in turn
		// (pkg/driver/live/hostpressure.go), two of the default 8Gi node
		// on a machine of 23Gi. An idle kind node costs about 250Mi.
		cfg.PoolNodes = 4
		if v := os.Getenv("PODLIFE_POOL_NODES"); v != "" {
			cfg.PoolNodes, err = strconv.Atoi(v)
			Expect(err).NotTo(HaveOccurred(), "PODLIFE_POOL_NODES=%q", v)
		}
		cfg.Image = image
		cfg.KubeletNodes, err = cluster.ParseKubeletNodes(os.Getenv("PODLIFE_KUBELET_NODES"))
		Expect(err).NotTo(HaveOccurred(), "PODLIFE_KUBELET_NODES")
		tmpl, err := os.ReadFile("suites/live/kind-config.yaml")
		Expect(err).NotTo(HaveOccurred())
		raw, err := cfg.Render(tmpl)
		Expect(err).NotTo(HaveOccurred())
		progress("creating kind cluster %s from %s (kubelet memory.available<%s: pods get %s of the host's %s; %d pool nodes for node-level scenarios; %d skewed nodes %v)", st.Cluster, image, cfg.MemoryAvailableHard, cfg.MemoryBudget, cfg.HostMemory, cfg.PoolNodes, len(cfg.KubeletNodes), cfg.KubeletNodes)
		t0 := time.Now()
		// From here on the cluster is ours to delete, even if creating it fails.
		st.Created = true
		shared = st
		err = cluster.Create(st.Cluster, raw, st.Kubeconfig, &cluster.Progress{W: os.Stderr})
		Expect(err).NotTo(HaveOccurred(), "creating the kind cluster")
		progress("cluster %s is up in %s", st.Cluster, time.Since(t0).Round(time.Second))
		t0 = time.Now()
		set, err := livedriver.BuildImages(ctx, dir, os.Getenv("PODLIFE_BUSYBOX"), busyboxTags())
		Expect(err).NotTo(HaveOccurred())
		Expect(cluster.LoadArchive(st.Cluster, set.Archive, append([]string{behavior.Image}, set.Refs...))).To(Succeed())
		st.Images = set.Refs
		progress("agent image and %v built and loaded in %s", set.Refs, time.Since(t0).Round(100*time.Millisecond))
	case "existing":
		st.Kubeconfig = os.Getenv("KUBECONFIG")
		st.Images = livedriver.ImageList(os.Getenv("PODLIFE_IMAGES"))
		progress("running on the cluster of KUBECONFIG=%s; podlife creates only namespaces labelled %s=%s there", st.Kubeconfig, livedriver.LabelRun, st.RunID)
	default:
		Fail("PODLIFE_LIVE_CLUSTER is create or existing, not " + mode)
	}
	shared = st
	sc, _ := GinkgoConfiguration()
	d := livedriver.New(livedriver.Options{Kubeconfig: st.Kubeconfig, AllowAnyCluster: st.AllowAny, RunID: st.RunID,
		Images: st.Images, Tolerance: envDuration("PODLIFE_TOLERANCE"), Parallel: sc.ParallelTotal, NodeRoute: st.NodeRoute, NoDocker: st.NoDocker, Log: os.Stderr})
	info, err := d.Info(ctx)
	Expect(err).NotTo(HaveOccurred())
	st.Tolerance, st.Latency, st.Kubelet, st.Calibration = d.Tolerance(), d.Latency(), info.KubeletVersion, d.Calibration()
	progress("cluster %s (control plane %s), node %s, kubelet %s; skewed nodes %v; run %s; tolerance ±%s", info.Server, info.ControlPlane, info.Node, info.KubeletVersion, info.Kubelets, st.RunID, st.Tolerance)
	shared = st
	b, err := json.Marshal(st)
	Expect(err).NotTo(HaveOccurred())
	return b
}, func(b []byte) {
	Expect(json.Unmarshal(b, &shared)).To(Succeed())
	cal := shared.Calibration
	// The drivers' own lines (pool leases and their waits, kubelet
	// restarts) go to a log beside the reports: Ginkgo shows a parallel
	// process's output only with a failed spec.
	var logw io.Writer
	dir := os.Getenv("PODLIFE_REPORT_DIR")
	if dir == "" {
		dir = "reports/live"
	}
	if err := os.MkdirAll(dir, 0o755); err == nil {
		if f, err := os.OpenFile(filepath.Join(dir, "driver.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
			logw = f
		}
	}
	livedriver.ClientLogsTo(logw)
	drv = livedriver.New(livedriver.Options{Kubeconfig: shared.Kubeconfig, AllowAnyCluster: shared.AllowAny, RunID: shared.RunID,
		Images: shared.Images, Tolerance: shared.Tolerance, Calibration: &cal, NodeRoute: shared.NodeRoute, NoDocker: shared.NoDocker, Log: logw})
	// The processes start their first scenarios a few seconds apart:
	// released together they created every first pod in one burst (load
	// 11 on 2 cores, 8 at a time, 2026-11-29), and the kubelet took 9 s
	// to start a container whose bound, calibrated on pods started as
	// many at once but without the pool's leases and the fill test
	// beside them, was 5.5 s.
	time.Sleep(time.Duration(GinkgoParallelProcess()-1) * startStagger)
}, NodeTimeout(15*time.Minute))

// startStagger is the delay between two processes' first scenarios.
const startStagger = 4 * time.Second

var _ = SynchronizedAfterSuite(func(ctx SpecContext) {
	// Each process's sessions left their namespaces' last wait, and the
	// return of their leased nodes, to the driver (its reaper): a
	// namespace stuck in Terminating or a node not given back fails the
	// suite here, naming the scenario, as it failed its scenario before.
	if drv != nil {
		Expect(drv.Reaped(ctx)).To(Succeed(), "the run's namespaces and leased nodes, given back after their scenarios")
	}
}, func(ctx SpecContext) {
	if shared.RunID == "" {
		return
	}
	d := livedriver.New(livedriver.Options{Kubeconfig: shared.Kubeconfig, AllowAnyCluster: true, RunID: shared.RunID, Tolerance: time.Second, NodeRoute: shared.NodeRoute, NoDocker: shared.NoDocker})
	if cs, err := d.Clientset(ctx); err == nil {
		if err := d.SweepRun(ctx); err != nil {
			progress("cleanup of run %s: %v", shared.RunID, err)
			// A pool node given back otherwise than the run found it (its
			// snapshot, pkg/driver/live/noderecord.go) fails the suite, as
			// it makes `podlife run` exit 3: what a scenario changed on a
			// node would otherwise go unseen into the next run.
			Expect(errors.Is(err, livedriver.ErrNodeChanged)).To(BeFalse(), "the pool's nodes after the run: %v", err)
		}
		left, err := livedriver.Leftovers(ctx, cs, shared.RunID)
		if err == nil {
			progress("namespaces labelled %s=%s left: %d %v", livedriver.LabelRun, shared.RunID, len(left), left)
		}
	}
	if shared.Created {
		if os.Getenv("PODLIFE_KEEP_CLUSTER") == "1" {
			progress("keeping cluster %s (PODLIFE_KEEP_CLUSTER=1); KUBECONFIG=%s; its nodes have the agent and %s (PODLIFE_IMAGES=%s for a run on it)",
				shared.Cluster, shared.Kubeconfig, strings.Join(shared.Images, ", "), strings.Join(shared.Images, ","))
			return
		}
		t0 := time.Now()
		if err := cluster.Delete(shared.Cluster, shared.Kubeconfig, nil); err != nil {
			progress("deleting cluster %s: %v", shared.Cluster, err)
			return
		}
		progress("cluster %s deleted in %s", shared.Cluster, time.Since(t0).Round(100*time.Millisecond))
	}
}, NodeTimeout(5*time.Minute))

func envDuration(name string) time.Duration {
	v := os.Getenv(name)
	if v == "" {
		return 0
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		panic(fmt.Sprintf("%s=%q: %v", name, v, err))
	}
	return d
}

var busyboxRef = regexp.MustCompile(`image:\s*["']?((?:docker\.io/)?(?:library/)?busybox(?::[\w.-]+)?)`)

// busyboxTags are the busybox images the catalogue names.
func busyboxTags() []string {
	seen := map[string]bool{}
	_ = filepath.Walk("features", func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		for _, m := range busyboxRef.FindAllStringSubmatch(string(b), -1) {
			seen[m[1]] = true
		}
		return nil
	})
	var out []string
	for t := range seen {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// currentDriver is the live driver once the suite is set up; before that
// (while Ginkgo builds the tree) an unconnected one that only has a name.
func currentDriver() driver.Driver {
	if drv != nil {
		return drv
	}
	return livedriver.New(livedriver.Options{})
}

var _ = suite.Define(suite.Config{
	Driver:    currentDriver,
	Features:  []string{"features"},
	ReportDir: "reports/live",
	Summary:   differential,
	Retries:   envInt("PODLIFE_RETRIES", 1),
	// CI passes only if at most 2 % of the scenarios run needed their
	// second attempt (issue 35): a green run is not a flaky one.
	RetryBudget: 2,
})

// envInt reads a count from the environment.
func envInt(name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		panic(fmt.Sprintf("%s=%q: not a count", name, v))
	}
	return n
}
