package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/podlife/podlife/pkg/driver"
	livedriver "github.com/podlife/podlife/pkg/driver/live"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
)

// liveFlags are run's flags for the live driver.
type liveFlags struct {
	kubeconfig string
	context    string
	allowAny   bool
	tolerance  time.Duration
	runID      string
	parallel   int
	images     string
	nodeRoute  string
	noDocker   bool
	foreign    bool
}

func addLiveFlags(fs *flag.FlagSet) *liveFlags {
	l := &liveFlags{}
	fs.StringVar(&l.kubeconfig, "kubeconfig", "", "live: the kubeconfig (default $KUBECONFIG, then ~/.kube/config)")
	fs.StringVar(&l.context, "context", "", "live: the kubeconfig context (default its current one)")
	fs.BoolVar(&l.allowAny, "allow-any-cluster", os.Getenv("PODLIFE_ALLOW_ANY_CLUSTER") == "1",
		"live: run on a cluster that is not a kind cluster podlife created (podlife creates only namespaces labelled podlife.io/run there)")
	fs.DurationVar(&l.tolerance, "tolerance", 0, "live: the time tolerance (default 1.5s plus the measured pod-start latency)")
	fs.StringVar(&l.runID, "run-id", os.Getenv("PODLIFE_RUN_ID"), "live: the run's id, on every object it creates (default: a new one)")
	fs.StringVar(&l.nodeRoute, "node-route", os.Getenv("PODLIFE_NODE_ROUTE"),
		"live: how podlife reaches its nodes: docker (exec into a kind node's container, the default) or agent (a privileged node agent DaemonSet, docs/node-agent.md)")
	fs.BoolVar(&l.noDocker, "no-docker", os.Getenv("PODLIFE_NO_DOCKER") == "1",
		"live: use no docker: a kind cluster of this machine is taken as one podlife did not create (needs --allow-any-cluster; nodes reached through --node-route agent only, no power cuts)")
	fs.BoolVar(&l.foreign, "allow-foreign-pods", os.Getenv("PODLIFE_ALLOW_FOREIGN_PODS") == "1",
		"live: lease pool nodes that run pods other than podlife's and the cluster's DaemonSets' (refused by default: a scenario's pressure or kubelet restart would hit them)")
	fs.StringVar(&l.images, "images", "", "live: an offline cluster's images besides the agent's, comma-separated (busybox:1.36): a scenario asking for another is skipped, not failed on its pull")
	return l
}

func (l *liveFlags) driver(stderr io.Writer) driver.Driver {
	// client-go's own lines (an exec cut by a kubelet restart, which the
	// driver handles) are not the user's.
	livedriver.ClientLogsTo(nil)
	return livedriver.New(livedriver.Options{Kubeconfig: l.kubeconfig, Context: l.context, AllowAnyCluster: l.allowAny,
		Tolerance: l.tolerance, RunID: l.runID, Parallel: l.parallel, Images: livedriver.ImageList(l.images), NodeRoute: l.nodeRoute, NoDocker: l.noDocker, AllowForeignPods: l.foreign, Log: stderr})
}

func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// finishLive sweeps what the run may have left (each session cleans up
// after itself; this catches what an interrupt cut short) and reports
// leftovers. It returns the namespaces that did not go (SweepRun waits
// for those the sessions deleted without waiting): the cluster's fault.
func finishLive(ld *livedriver.Driver, stdout, stderr io.Writer) error {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	info, err := ld.Info(ctx)
	if err != nil {
		return nil // never connected: nothing was created
	}
	cs, err := ld.Clientset(ctx)
	if err != nil {
		return nil
	}
	stuck := ld.Reaped(ctx)
	if stuck != nil {
		fmt.Fprintf(stderr, "podlife: after their scenarios: %v\n", stuck)
	}
	if err := ld.SweepRun(ctx); err != nil {
		fmt.Fprintf(stderr, "podlife: cleaning up run %s: %v\n", ld.RunID(), err)
		if errors.Is(err, livedriver.ErrNodeChanged) {
			// A node given back otherwise than the run found it (its
			// snapshot, pkg/driver/live/noderecord.go): as a cleanup that
			// failed, not a pass.
			stuck = errors.Join(stuck, err)
		}
	}
	left, err := livedriver.Leftovers(ctx, cs, ld.RunID())
	if err == nil {
		fmt.Fprintf(stdout, "live: cluster %s (node %s, kubelet %s), run %s, tolerance ±%s; namespaces left: %d\n",
			info.Server, info.Node, info.KubeletVersion, ld.RunID(), ld.Tolerance(), len(left))
	}
	return stuck
}

// cmdCleanup deletes what a run left: its labelled namespaces (their
// labelled pods first) and priority classes, and, with --delete-cluster,
// the kind cluster podlife created for it.
func cmdCleanup(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("podlife cleanup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	runID := fs.String("run", "", "the run id (label podlife.io/run) whose objects to delete")
	kubeconfig := fs.String("kubeconfig", "", "the kubeconfig (default $KUBECONFIG, then ~/.kube/config)")
	allowAny := fs.Bool("allow-any-cluster", os.Getenv("PODLIFE_ALLOW_ANY_CLUSTER") == "1", "clean up on a cluster podlife did not create")
	nodeRoute := fs.String("node-route", os.Getenv("PODLIFE_NODE_ROUTE"), "how podlife reaches the nodes it restores: docker (the default) or agent (the run's node agent, deleted last)")
	noDocker := fs.Bool("no-docker", os.Getenv("PODLIFE_NO_DOCKER") == "1", "use no docker: the cluster is taken as one podlife did not create (nodes restored through --node-route agent only)")
	deleteCluster := fs.String("delete-cluster", "", "also delete this kind cluster, which podlife created (named podlife-…)")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("%w: podlife cleanup takes no arguments (got %q)", errBadInput, pos)
	}
	if *runID == "" {
		return fmt.Errorf("%w: --run is required: podlife deletes one run's objects at a time", errBadInput)
	}
	if msgs := validation.IsValidLabelValue(*runID); len(msgs) > 0 {
		return fmt.Errorf("%w: --run %q is not a run id (a label value): %s", errBadInput, *runID, strings.Join(msgs, "; "))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	d := livedriver.New(livedriver.Options{Kubeconfig: *kubeconfig, AllowAnyCluster: *allowAny, RunID: *runID, Tolerance: time.Second, NodeRoute: *nodeRoute, NoDocker: *noDocker})
	var errs []error
	if *deleteCluster != "" && *kubeconfig == "" {
		// The cluster goes with everything in it; no other cluster is
		// looked at.
	} else if cs, err := d.Clientset(ctx); err != nil {
		fmt.Fprintf(stderr, "podlife cleanup: %v\n", err)
	} else {
		if err := d.SweepRun(ctx); err != nil {
			errs = append(errs, err)
		}
		left, err := livedriver.Leftovers(ctx, cs, *runID)
		if err != nil {
			errs = append(errs, err)
		}
		fmt.Fprintf(stdout, "podlife cleanup: namespaces labelled %s=%s left: %d %v\n", livedriver.LabelRun, *runID, len(left), left)
	}
	if *deleteCluster != "" {
		if err := cluster.Delete(*deleteCluster, *kubeconfig, nil); err != nil {
			errs = append(errs, err)
		} else {
			fmt.Fprintf(stdout, "podlife cleanup: kind cluster %s is gone\n", *deleteCluster)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%v", errs)
	}
	// The run's folder (hack/test-live.sh and the live suite keep the
	// kubeconfig of the cluster they created there, and images): gone
	// with the cluster, or when it holds no kubeconfig.
	dir := filepath.Join(os.TempDir(), "podlife-live-"+*runID)
	if _, err := os.Stat(dir); err == nil {
		if _, err := os.Stat(filepath.Join(dir, "kubeconfig")); *deleteCluster != "" || errors.Is(err, os.ErrNotExist) {
			if err := os.RemoveAll(dir); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "podlife cleanup: removed %s\n", dir)
		} else {
			fmt.Fprintf(stdout, "podlife cleanup: kept %s: it holds the kubeconfig of a cluster not deleted (--delete-cluster deletes both)\n", dir)
		}
	}
	return nil
}
