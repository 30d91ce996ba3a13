package live

import (
	"context"
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/agent"
	"github.com/podlife/podlife/pkg/driver"
)

// What podlife changes on a node is recorded on the node itself, one
// file per change, named after the run: the kubelet's configuration
// replaced (its original kept beside it), memory or process ids held (a
// process group's file in pressureDir), a disk filled (a file in the
// kubelet's filesystem), a static pod manifest placed. The record goes
// when the change is undone. A kubelet stopped is recorded by the stop
// itself (agent.KubeletStoppedFile, which node-serve's start removes). So
// `podlife cleanup --run ID --node-route agent`, from any machine, finds
// on each node what the run left and undoes exactly that (undoRecorded),
// whatever the API's annotations say.
//
// And a node's state as podlife may change it is snapshotted when a run
// first leases the node (the kubelet's configuration file and drop-ins,
// the static manifests, the kubelet's binary, as hashes; what podlife
// holds there: fill processes, pressure and fill files, records), kept on
// the node, and compared when the run gives the node back (the sweep,
// `podlife cleanup`): a difference is an infrastructure fault naming the
// node and what differs.
const (
	// recordDir holds the records, "<run>.<kind>.<file's base name>",
	// each the changed file's path, one line. Under /var/lib: the
	// kubelet's configuration and a disk fill outlive a reboot, and so
	// do their records.
	recordDir = "/var/lib/podlife/records"
	// snapshotDir holds each run's snapshot of the node, "<run>".
	snapshotDir = "/var/lib/podlife/snapshots"
)

// The kinds of record.
const (
	recConfig   = "kubelet-config" // the original configuration kept (kubeletConfigBackup)
	recHold     = "hold"           // a process group holding memory or process ids
	recFill     = "disk-fill"      // a file filling the kubelet's filesystem
	recManifest = "manifest"       // a static pod manifest
)

// recordName is the record of a change of file by run.
func recordName(run, kind, file string) string {
	return run + "." + kind + "." + path.Base(file)
}

// recordSh is the shell that records run's change of file (a path
// without blanks or quotes: podlife's own names).
func recordSh(run, kind, file string) string {
	return fmt.Sprintf("mkdir -p %[1]s && printf '%%s\\n' %[2]s > %[1]s/%[3]s", recordDir, file, recordName(run, kind, file))
}

// unrecordSh removes the records of run's changes of the files the glob
// names (a base name, or a pattern of one).
func unrecordSh(run, kind, glob string) string {
	return "rm -f " + recordDir + "/" + recordName(run, kind, glob)
}

// nodeRecord is one record read from a node.
type nodeRecord struct {
	name, kind, file string
}

// safePath is what a recorded path may be: podlife's names only, so
// that a record is never a way to run or remove something else.
var safePath = regexp.MustCompile(`^/[A-Za-z0-9/._-]+$`)

// listRecordsSh prints run's records on a node, "<name>\t<path>" a line.
func listRecordsSh(run string) string {
	return fmt.Sprintf(`for f in %s/%s.*; do [ -f "$f" ] || continue; printf '%%s\t%%s\n' "${f##*/}" "$(head -n1 "$f")"; done`, recordDir, run)
}

// parseRecords reads listRecordsSh's output.
func parseRecords(run string, b []byte) ([]nodeRecord, error) {
	var out []nodeRecord
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		name, file, ok := strings.Cut(line, "\t")
		rest, isRun := strings.CutPrefix(name, run+".")
		kind, _, _ := strings.Cut(rest, ".")
		if !ok || !isRun || kind == "" {
			return nil, fmt.Errorf("record %q is not one of run %s's", line, run)
		}
		out = append(out, nodeRecord{name: name, kind: kind, file: strings.TrimSpace(file)})
	}
	return out, nil
}

// undoSh is the shell that undoes one of run's records, and removes it;
// an error when the record names a file podlife would not have changed.
func (r nodeRecord) undoSh(run string) (string, error) {
	f := r.file
	if !safePath.MatchString(f) || strings.Contains(f, "..") {
		return "", fmt.Errorf("record %s names %q, not a path of podlife's", r.name, f)
	}
	var sh string
	switch {
	case r.kind == recConfig && f == kubeletConfigBackup:
		sh = fmt.Sprintf("if [ -f %[1]s ]; then mv %[1]s %[2]s; fi", f, kubeletConfig)
	case r.kind == recHold && strings.HasPrefix(f, pressureDir+"/"+run+"-"):
		// dash's kill takes a process group as a negative pid.
		sh = fmt.Sprintf("if [ -f %[1]s ]; then kill -9 -$(cat %[1]s) 2>/dev/null; fi; rm -f %[1]s %[1]s.filled", f)
	case r.kind == recFill && strings.HasPrefix(f, diskFill(run+"-")):
		sh = "rm -f " + f
	case r.kind == recManifest && strings.HasPrefix(f, path.Join(manifestDir, manifestPrefix+run+"-")):
		sh = "rm -f " + f
	default:
		return "", fmt.Errorf("record %s (%s) names %q, which run %s's %s would not have changed", r.name, r.kind, f, run, r.kind)
	}
	return sh + "; rm -f " + path.Join(recordDir, r.name), nil
}

// undoRecorded undoes, on a node, every change the run recorded there
// and did not undo (a run interrupted, a release that failed half-way),
// and restarts the kubelet when its configuration was put back. It says
// what it undid.
func undoRecorded(ctx context.Context, d *Driver, node string) ([]string, error) {
	ops := opsOf(d)
	b, err := ops.exec(node, nil, "sh", "-c", listRecordsSh(d.runID))
	if err != nil {
		return nil, fmt.Errorf("reading run %s's records on node %s: %v: %s", d.runID, node, err, strings.TrimSpace(string(b)))
	}
	recs, err := parseRecords(d.runID, b)
	if err != nil {
		return nil, fmt.Errorf("node %s: %w", node, err)
	}
	if len(recs) == 0 {
		return nil, nil
	}
	var script, did []string
	config := false
	for _, r := range recs {
		sh, err := r.undoSh(d.runID)
		if err != nil {
			return nil, fmt.Errorf("node %s: %w", node, err)
		}
		script = append(script, sh)
		did = append(did, r.kind+" "+r.file)
		config = config || r.kind == recConfig
	}
	if b, err := ops.exec(node, nil, "sh", "-c", strings.Join(script, "; ")); err != nil {
		return did, fmt.Errorf("undoing run %s's records on node %s (%s): %v: %s", d.runID, node, strings.Join(did, ", "), err, strings.TrimSpace(string(b)))
	}
	if config {
		if err := ops.restartKubelet(ctx, node); err != nil {
			return did, err
		}
		if err := d.setAnnotation(ctx, node, AnnotationKept, ""); err != nil {
			return did, err
		}
	}
	return did, nil
}

// snapshotSh prints a node's state as podlife may change it, sorted
// lines: the kubelet's configuration file (its --config, read from the
// running kubelet's command line, else kubeadm's path), the directory of
// its drop-ins (its --config-dir) and of its unit's, the static manifest
// directory, the kubelet's binary, each file with its SHA-256; whether a
// kubelet runs; what podlife holds there (its fill processes, counted;
// its pressure files, disk fills, records and a stopped kubelet's
// record, listed); never the snapshots themselves.
func snapshotSh() string {
	return fmt.Sprintf(`cfg=%[1]s; dirs="%[2]s /etc/systemd/system/kubelet.service.d"; pid=$(pgrep -xo kubelet 2>/dev/null); run=stopped
if [ -n "$pid" ]; then run=running; prev=; for a in $(tr '\0' ' ' < /proc/$pid/cmdline 2>/dev/null); do
  case "$prev" in --config) cfg=$a;; --config-dir) dirs="$dirs $a";; esac
  case "$a" in --config=*) cfg=${a#--config=};; --config-dir=*) dirs="$dirs ${a#--config-dir=}";; esac; prev=$a; done; fi
{ echo "kubelet $run"
for f in "$cfg" "$cfg.podlife-orig" %[3]s %[4]s; do [ -f "$f" ] && echo "file $f $(sha256sum < "$f" | cut -c1-64)"; done
for d in $dirs; do for f in "$d"/* "$d"/.*; do [ -f "$f" ] && echo "file $f $(sha256sum < "$f" | cut -c1-64)"; done; done
for f in %[5]s/* %[6]s* %[7]s/* %[8]s; do [ -e "$f" ] && echo "held $f"; done
echo "fill-processes $(pgrep -fc '^dd if=/dev/zero' 2>/dev/null || true)"
} | sort -u`, kubeletConfig, manifestDir, kubeletBinary, kubeletKept, pressureDir, diskFill(""), recordDir, agent.KubeletStoppedFile)
}

// takeSnapshotSh keeps run's snapshot of the node, unless it has one;
// keptByOther marks a node found running another run's kept kubelet
// configuration (keptOther).
func takeSnapshotSh(run string, keptByOther bool) string {
	file := path.Join(snapshotDir, run)
	mark := ""
	if keptByOther {
		mark = "; echo " + keptOther
	}
	return fmt.Sprintf("[ -f %[2]s ] && exit 0; mkdir -p %[1]s && { { %[3]s\n}%[4]s; } > %[2]s.new && mv %[2]s.new %[2]s", snapshotDir, file, snapshotSh(), mark)
}

// keptOther is a snapshot's line for a node that ran another run's kept
// kubelet configuration when the run first leased it (the pool leaves a
// scenario's configuration on a node for the next lease of its run,
// AnnotationKept, and that run restores it when it ends): the node's own
// configuration is then the one kept beside it, and the comparison
// reads both states so (ownConfig). The node-fault test's run, leasing
// a node the catalogue kept, found it restored at its end and failed
// (2026-11-30 06:25).
const keptOther = "kept-by-another-run"

// readSnapshotSh prints run's snapshot of the node ("none" when it has
// none), a line "--", and the node's state now.
func readSnapshotSh(run string) string {
	file := path.Join(snapshotDir, run)
	return fmt.Sprintf("if [ -f %[1]s ]; then cat %[1]s; else echo none; fi; echo --; %[2]s", file, snapshotSh())
}

// snapshotNode keeps the node's state as the run found it, when the run
// first leases it (both routes: the docker route's exec runs the same
// script in the kind node's container).
func snapshotNode(ctx context.Context, d *Driver, node string) error {
	other := false
	if n, err := d.cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{}); err == nil {
		run, _, ok := strings.Cut(n.Annotations[AnnotationKept], "/")
		other = ok && run != d.runID
	}
	if b, err := opsOf(d).exec(node, nil, "sh", "-c", takeSnapshotSh(d.runID, other)); err != nil {
		return fmt.Errorf("snapshotting node %s: %v: %s", node, err, strings.TrimSpace(string(b)))
	}
	return nil
}

// compareSnapshot compares the node's state with the run's snapshot of
// it: an infrastructure fault naming the node and what differs. The
// snapshot goes once the node is as it was (a later cleanup compares
// again while it differs); a node without one was never leased by the
// run.
func compareSnapshot(ctx context.Context, d *Driver, node string) error {
	if other := heldByOther(ctx, d, node); other != "" {
		// Another run holds the node now, and what it changes there is
		// its own (the node-fault test's sweep, beside the catalogue,
		// found a node the catalogue had leased since with its own
		// kubelet configuration, 2026-11-30 05:46): that run compares
		// its own snapshot when it gives the node back. This run's
		// records are undone by then; its snapshot goes.
		d.logf("node %s: leased by %s since run %s gave it back: run %s's snapshot not compared", node, other, d.runID, d.runID)
		if b, err := opsOf(d).exec(node, nil, "rm", "-f", path.Join(snapshotDir, d.runID)); err != nil {
			return fmt.Errorf("removing run %s's snapshot of node %s: %v: %s", d.runID, node, err, strings.TrimSpace(string(b)))
		}
		return nil
	}
	b, err := opsOf(d).exec(node, nil, "sh", "-c", readSnapshotSh(d.runID))
	if err != nil {
		return fmt.Errorf("reading node %s's state: %v: %s", node, err, strings.TrimSpace(string(b)))
	}
	before, now, ok := strings.Cut(string(b), "--\n")
	if !ok {
		return fmt.Errorf("reading node %s's state: no separator in %q", node, strings.TrimSpace(string(b)))
	}
	if strings.TrimSpace(before) == "none" {
		return nil
	}
	if diff := DiffNodeStates(before, now); len(diff) > 0 {
		return fmt.Errorf("%w: %w", ErrNodeChanged, driver.Infrastructure("node %s is not as run %s found it: %s", node, d.runID, strings.Join(diff, "; ")))
	}
	if b, err := opsOf(d).exec(node, nil, "rm", "-f", path.Join(snapshotDir, d.runID)); err != nil {
		return fmt.Errorf("removing run %s's snapshot of node %s: %v: %s", d.runID, node, err, strings.TrimSpace(string(b)))
	}
	return nil
}

// heldByOther names the holder of a pool node's lease when it is not
// this run's (a run's lease is "<run>/<namespace>", a broken node's
// "broken/<run>/<namespace>"); "" when the node is free, this run's, or
// cannot be read (then compared as before).
func heldByOther(ctx context.Context, d *Driver, node string) string {
	n, err := d.cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
	if err != nil {
		return ""
	}
	holder := n.Annotations[AnnotationLease]
	run, _, _ := strings.Cut(strings.TrimPrefix(holder, "broken/"), "/")
	if holder == "" || run == d.runID {
		return ""
	}
	return holder
}

// ownConfig reads a state's kubelet configuration as the node's own: the
// one podlife kept beside a configuration it wrote (config.yaml and
// config.yaml.podlife-orig become config.yaml of the original's hash).
func ownConfig(m map[string]string) {
	for k, v := range m {
		if base, ok := strings.CutSuffix(k, ".podlife-orig"); ok && strings.HasPrefix(k, "file ") {
			m[base] = v
			delete(m, k)
		}
	}
}

// ErrNodeChanged marks a sweep's error for a pool node the run did not
// give back as it found it (compareSnapshot): the run does not pass.
var ErrNodeChanged = errors.New("a pool node is not as the run found it")

// DiffNodeStates says what differs between two snapshots (snapshotSh's
// lines), by what each line is about: a file's hash changed, a file or a
// holding there that was not, or gone.
func DiffNodeStates(before, now string) []string {
	key := func(line string) (string, string) {
		f := strings.Fields(line)
		switch {
		case len(f) > 0 && f[0] == "held":
			return line, ""
		case len(f) == 3 && f[0] == "file":
			return "file " + f[1], f[2]
		case len(f) == 2:
			return f[0], f[1]
		}
		return line, ""
	}
	parse := func(s string) map[string]string {
		m := map[string]string{}
		for _, line := range strings.Split(s, "\n") {
			if line = strings.TrimSpace(line); line != "" {
				k, v := key(line)
				m[k] = v
			}
		}
		return m
	}
	b, n := parse(before), parse(now)
	if _, ok := b[keptOther]; ok {
		delete(b, keptOther)
		ownConfig(b)
		ownConfig(n)
	}
	var out []string
	for k, v := range b {
		w, ok := n[k]
		switch {
		case !ok:
			out = append(out, k+" gone (was "+v+")")
		case w != v:
			out = append(out, fmt.Sprintf("%s: %s, was %s", k, w, v))
		}
	}
	for k, v := range n {
		if _, ok := b[k]; !ok {
			if v == "" {
				out = append(out, k+" new")
			} else {
				out = append(out, k+" new ("+v+")")
			}
		}
	}
	slices.Sort(out)
	return out
}

// NodeStates reads every pool node's state as a run's snapshot holds it
// (snapshotSh), through the node agent, by node: for a check from
// outside (hack/node-restore-check) that compares a cluster's nodes
// before and after runs, interrupted ones too. The driver must be on the
// agent route (Options.NodeRoute); its run's agent is deployed on the
// pool's nodes, and goes with its SweepRun.
func NodeStates(ctx context.Context, d *Driver) (map[string]string, error) {
	return readPool(ctx, d, snapshotSh())
}

// NodeHolds lists, by pool node, what podlife holds there now: its
// memory and process-id holds, disk fills, records (lighter than
// NodeStates: nothing is hashed).
func NodeHolds(ctx context.Context, d *Driver) (map[string][]string, error) {
	out, err := readPool(ctx, d, fmt.Sprintf(`for f in %s/* %s* %s/*; do [ -e "$f" ] && echo "$f"; done; true`, pressureDir, diskFill(""), recordDir))
	held := map[string][]string{}
	for n, s := range out {
		held[n] = strings.Fields(s)
	}
	return held, err
}

func readPool(ctx context.Context, d *Driver, script string) (map[string]string, error) {
	if err := d.connect(ctx); err != nil {
		return nil, err
	}
	if _, ok := shellOf(d).(*agentShell); !ok {
		return nil, fmt.Errorf("the nodes are read through the node agent: --node-route agent")
	}
	if len(d.pool) == 0 {
		return nil, fmt.Errorf("the cluster has no pool nodes (labelled podlife.io/pool=true)")
	}
	out := map[string]string{}
	for _, n := range d.pool {
		b, err := shellOf(d).Exec(ctx, n, nil, "sh", "-c", script)
		if err != nil {
			return out, fmt.Errorf("reading node %s: %v: %s", n, err, strings.TrimSpace(string(b)))
		}
		out[n] = string(b)
	}
	return out, nil
}
