package suite

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// GateEnv names the folder through which the suite's processes admit
// their specs (hack/test-live.sh sets it to one of the run's own): a
// spec starts once the machine's CPU has room for it (cpuGate).
const GateEnv = "PODLIFE_GATE_DIR"

// GateLimitEnv is the CPU pressure, in percent, above which a spec waits
// (defaultGateLimit when unset).
const GateLimitEnv = "PODLIFE_GATE_LIMIT"

// defaultGateLimit: on these 2-core machines the runs whose windows held
// (2026-11-29/30: CPU busy median 30-50 %) ran at a CPU pressure well
// below half; the run of 2026-12-02 17:40, five specs at a time with the
// pressure at 60-97 %, failed 9 of its first 90 specs by their windows.
const defaultGateLimit = 50

// cpuGate holds a spec back while the machine's CPU is saturated and
// another spec of the run is running, so that the specs that run see a
// kubelet, an API server and a container runtime that keep their own
// pace, whatever number of processes Ginkgo was given: a window missed
// because five scenarios at once starved the kubelet says nothing about
// the kubelet. The measure is the kernel's pressure stall information
// (/proc/pressure/cpu, some avg10: the share of the last 10 s in which a
// runnable task waited for a CPU). A spec alone always starts, so the run
// never stalls. Under half the limit a spec starts at once; between half
// and the limit only once the last start is settle old, so that specs held
// back do not all start on one reading taken before any of them added its
// load (a fixed spacing at every pressure would cap a fast machine's
// starts: the catalogue needs about 14 a minute at five at a time).
type cpuGate struct {
	dir    string
	limit  float64
	settle time.Duration
	poll   time.Duration
	read   func() (float64, error)
	pid    int
	alive  func(pid int) bool
	now    func() time.Time
}

// gateFromEnv is the run's gate, nil when GateEnv is unset.
func gateFromEnv() (*cpuGate, error) {
	dir := os.Getenv(GateEnv)
	if dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("%s: %w", GateEnv, err)
	}
	return &cpuGate{dir: dir, limit: envFloat(GateLimitEnv, defaultGateLimit), settle: 5 * time.Second, poll: time.Second,
		read: cpuPressure, pid: os.Getpid(), alive: processAlive, now: time.Now}, nil
}

// enter waits for room and marks this process's spec running; it returns
// how long it waited.
func (g *cpuGate) enter(ctx context.Context) (time.Duration, error) {
	t0 := g.now()
	for {
		running, last := g.others()
		if running == 0 {
			break
		}
		if p, err := g.read(); err != nil || p < g.limit/2 || (p < g.limit && g.now().Sub(last) >= g.settle) {
			break
		}
		select {
		case <-ctx.Done():
			return g.now().Sub(t0), ctx.Err()
		case <-time.After(g.poll):
		}
	}
	return g.now().Sub(t0), os.WriteFile(g.mine(), []byte(g.now().Format(time.RFC3339Nano)), 0o644)
}

// leave marks this process's spec ended.
func (g *cpuGate) leave() { _ = os.Remove(g.mine()) }

func (g *cpuGate) mine() string { return filepath.Join(g.dir, strconv.Itoa(g.pid)) }

// others counts the other processes' running specs and gives the latest
// start among them; a file left by a process that is gone is removed.
func (g *cpuGate) others() (int, time.Time) {
	entries, err := os.ReadDir(g.dir)
	if err != nil {
		return 0, time.Time{}
	}
	n, last := 0, time.Time{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == g.pid {
			continue
		}
		path := filepath.Join(g.dir, e.Name())
		if !g.alive(pid) {
			_ = os.Remove(path)
			continue
		}
		n++
		if b, err := os.ReadFile(path); err == nil {
			if at, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(string(b))); err == nil && at.After(last) {
				last = at
			}
		}
	}
	return n, last
}

// cpuPressure is /proc/pressure/cpu's "some avg10", in percent.
func cpuPressure() (float64, error) {
	b, err := os.ReadFile("/proc/pressure/cpu")
	if err != nil {
		return 0, err
	}
	return parsePressure(string(b))
}

// parsePressure reads the "some" line's avg10 of a PSI file.
func parsePressure(s string) (float64, error) {
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || f[0] != "some" {
			continue
		}
		v, ok := strings.CutPrefix(f[1], "avg10=")
		if !ok {
			break
		}
		return strconv.ParseFloat(v, 64)
	}
	return 0, fmt.Errorf("no \"some avg10=\" in %q", s)
}
