// Command kwokbench runs the same pods through KWOK's control plane and
// through podlife's simulator and prints what each costs: full-lifecycle
// pods (created, Ready, deleted, gone) per CPU-second and per second of
// wall time, and memory. make bench-kwok (hack/bench-kwok.sh) brings the
// KWOK cluster up with kwokctl's binary runtime and passes its kubeconfig
// and the control plane's process IDs; this program only measures.
//
// The pod is BenchmarkLifecycleThroughput's: an init container, a sidecar,
// two containers with readiness probes, postStart and preStop hooks. KWOK
// does not run probes or hooks: its default stages make a pod Ready and,
// once deleted, gone. The simulator models all of it.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/client-go/util/flowcontrol"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/sim"
)

func main() {
	kubeconfig := flag.String("kubeconfig", "", "the KWOK cluster's kubeconfig (empty: the simulator alone)")
	pidDir := flag.String("pids", "", "a folder of the control plane's pid files (kwokctl's <cluster>/pids), whose processes' CPU is counted")
	nodes := flag.Int("nodes", 100, "nodes")
	pods := flag.Int("pods", 10000, "pods")
	workers := flag.Int("workers", 64, "concurrent API requests")
	timeout := flag.Duration("timeout", 30*time.Minute, "how long KWOK may take")
	flag.Parse()
	if err := run(*kubeconfig, *pidDir, *nodes, *pods, *workers, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "kwokbench:", err)
		os.Exit(1)
	}
}

// result is one side's figures.
type result struct {
	wall, cpu time.Duration
	// memory is, with every pod Ready, the simulator's heap in use, or the
	// control plane's processes' resident memory; memoryOf says which.
	memory   uint64
	memoryOf string
}

func (r result) perCPU(pods int) float64  { return float64(pods) / r.cpu.Seconds() }
func (r result) perWall(pods int) float64 { return float64(pods) / r.wall.Seconds() }

func run(kubeconfig, pidDir string, nodes, pods, workers int, timeout time.Duration) error {
	fmt.Printf("%d pods on %d nodes: an init container, a sidecar, two containers with readiness probes, postStart and preStop; created, Ready, deleted, gone\n", pods, nodes)
	s, err := simulate(nodes, pods)
	if err != nil {
		return fmt.Errorf("simulator: %w", err)
	}
	report("podlife simulator (one, in this process)", s, pods)
	if kubeconfig == "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	k, err := kwok(ctx, kubeconfig, pidDir, nodes, pods, workers)
	if err != nil {
		return fmt.Errorf("KWOK: %w", err)
	}
	report("KWOK (kube-apiserver, etcd, kwok-controller, kube-scheduler, kube-controller-manager)", k, pods)
	fmt.Printf("ratio podlife/KWOK: %.0f per CPU-second, %.0f per wall second, %.1f in memory (KWOK's over podlife's)\n",
		s.perCPU(pods)/k.perCPU(pods), s.perWall(pods)/k.perWall(pods), float64(k.memory)/float64(s.memory))
	return nil
}

func report(who string, r result, pods int) {
	fmt.Printf("%s: %.0f pods per CPU-second (%.2f s of CPU), %.0f pods per wall second (%.2f s), %.0f MiB %s with every pod Ready\n",
		who, r.perCPU(pods), r.cpu.Seconds(), r.perWall(pods), r.wall.Seconds(), float64(r.memory)/(1<<20), r.memoryOf)
}

// template is the pod of BenchmarkLifecycleThroughput (pkg/sim).
func template() *corev1.Pod {
	agent := func(name string, exit bool) corev1.Container {
		b := behavior.Default()
		if exit {
			b.Exit = &behavior.Exit{}
		}
		return corev1.Container{Name: name, Image: behavior.Image, Args: b.Args()}
	}
	exec := &corev1.ExecAction{Command: []string{"true"}}
	full := func(name string) corev1.Container {
		c := agent(name, false)
		c.Lifecycle = &corev1.Lifecycle{PostStart: &corev1.LifecycleHandler{Exec: exec}, PreStop: &corev1.LifecycleHandler{Exec: exec}}
		c.ReadinessProbe = &corev1.Probe{ProbeHandler: corev1.ProbeHandler{Exec: exec}, PeriodSeconds: 1}
		return c
	}
	always := corev1.ContainerRestartPolicyAlways
	side := full("side")
	side.RestartPolicy = &always
	grace := int64(30)
	return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "p", Labels: map[string]string{"app": "kwokbench"}}, Spec: corev1.PodSpec{
		TerminationGracePeriodSeconds: &grace,
		InitContainers:                []corev1.Container{agent("init", true), side},
		Containers:                    []corev1.Container{full("a"), full("b")},
	}}
}

func node(name string) *corev1.Node {
	capacity := corev1.ResourceList{
		corev1.ResourceCPU: resource.MustParse("32"), corev1.ResourceMemory: resource.MustParse("128Gi"), corev1.ResourcePods: resource.MustParse("110"),
	}
	return &corev1.Node{
		ObjectMeta: metav1.ObjectMeta{Name: name, Annotations: map[string]string{"kwok.x-k8s.io/node": "fake"}, Labels: map[string]string{"type": "kwok"}},
		Status:     corev1.NodeStatus{Capacity: capacity, Allocatable: capacity},
	}
}

// cpuSelf is this process's CPU time, its garbage collector included.
func cpuSelf() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func simulate(nodes, pods int) (result, error) {
	start, wall := cpuSelf(), time.Now()
	s, err := sim.New(sim.Config{Seed: 1})
	if err != nil {
		return result{}, err
	}
	for i := range nodes {
		if err := s.AddNode(node(fmt.Sprintf("worker-%d", i))); err != nil {
			return result{}, err
		}
	}
	tmpl := template()
	for i := range pods {
		p := *tmpl
		p.Name = fmt.Sprintf("p-%d", i)
		if err := s.CreatePod(&p); err != nil {
			return result{}, err
		}
	}
	s.Settle(time.Hour)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	mem := ms.HeapInuse
	for i := range pods {
		if p := s.Pod(fmt.Sprintf("p-%d", i)); p == nil || !ready(p) {
			return result{}, fmt.Errorf("pod p-%d not Ready", i)
		}
	}
	for i := range pods {
		if err := s.DeletePod(fmt.Sprintf("p-%d", i), metav1.DeleteOptions{}); err != nil {
			return result{}, err
		}
	}
	s.Settle(time.Hour)
	for i := range pods {
		if s.Pod(fmt.Sprintf("p-%d", i)) != nil {
			return result{}, fmt.Errorf("pod p-%d not gone", i)
		}
	}
	return result{wall: time.Since(wall), cpu: cpuSelf() - start, memory: mem, memoryOf: "heap in use"}, nil
}

func ready(p *corev1.Pod) bool {
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}

// controlPlane is the KWOK cluster's processes, read from /proc.
type controlPlane []int

func readPids(dir string) (controlPlane, error) {
	if dir == "" {
		return nil, fmt.Errorf("no pid folder given: the control plane's CPU cannot be counted")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.pid"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no pid files in %s", dir)
	}
	var out controlPlane
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		out = append(out, pid)
	}
	return out, nil
}

// cpu sums the processes' user and system time.
func (cp controlPlane) cpu() (time.Duration, error) {
	var ticks int64
	for _, pid := range cp {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return 0, fmt.Errorf("process %d: %w", pid, err)
		}
		n, err := statTicks(string(b))
		if err != nil {
			return 0, fmt.Errorf("process %d: %w", pid, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * (time.Second / 100), nil
}

// statTicks is a /proc/<pid>/stat line's user and system time (fields 14
// and 15, in clock ticks of 100 Hz). The command, field 2, is in
// parentheses and may hold spaces and parentheses: fields count from its
// last ')'.
func statTicks(stat string) (int64, error) {
	end := strings.LastIndexByte(stat, ')')
	if end < 0 {
		return 0, fmt.Errorf("no command in %q", stat)
	}
	f := strings.Fields(stat[end+1:]) // f[0] is field 3, the state
	if len(f) < 13 {
		return 0, fmt.Errorf("%d fields after the command in %q", len(f), stat)
	}
	var ticks int64
	for _, i := range []int{11, 12} { // fields 14 and 15
		n, err := strconv.ParseInt(f[i], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("field %d of %q: %w", i+3, stat, err)
		}
		ticks += n
	}
	return ticks, nil
}

// rss sums the processes' resident memory (VmRSS).
func (cp controlPlane) rss() uint64 {
	var total uint64
	for _, pid := range cp {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
				kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
				total += kb << 10
			}
		}
	}
	return total
}

func kwok(ctx context.Context, kubeconfig, pidDir string, nodes, pods, workers int) (result, error) {
	cp, err := readPids(pidDir)
	if err != nil {
		return result{}, err
	}
	cfg, err := clientcmd.BuildConfigFromFlags("", kubeconfig)
	if err != nil {
		return result{}, err
	}
	// Unthrottled: the client is not what is measured.
	cfg.RateLimiter = flowcontrol.NewFakeAlwaysRateLimiter()
	c, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return result{}, err
	}
	for i := range nodes {
		if _, err := c.CoreV1().Nodes().Create(ctx, node(fmt.Sprintf("kwok-%d", i)), metav1.CreateOptions{}); err != nil {
			return result{}, fmt.Errorf("node: %w", err)
		}
	}
	ns := "kwokbench"
	if _, err := c.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{}); err != nil {
		return result{}, fmt.Errorf("namespace: %w", err)
	}
	// The ServiceAccount admission plugin refuses pods until the
	// namespace's default service account exists (the controller manager
	// makes it).
	for {
		if _, err := c.CoreV1().ServiceAccounts(ns).Get(ctx, "default", metav1.GetOptions{}); err == nil {
			break
		}
		select {
		case <-ctx.Done():
			return result{}, fmt.Errorf("no default service account in %s", ns)
		case <-time.After(100 * time.Millisecond):
		}
	}
	// An informer counts the pods Ready and gone (it lists, watches and
	// watches again if the watch ends).
	var readyN, goneN atomic.Int64
	allReady, allGone := make(chan struct{}), make(chan struct{})
	var mu sync.Mutex
	seen := map[string]bool{}
	onPod := func(obj any) {
		p, ok := obj.(*corev1.Pod)
		if !ok || !ready(p) {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if !seen[p.Name] {
			seen[p.Name] = true
			if readyN.Add(1) == int64(pods) {
				close(allReady)
			}
		}
	}
	factory := informers.NewSharedInformerFactoryWithOptions(c, 0, informers.WithNamespace(ns))
	inf := factory.Core().V1().Pods().Informer()
	if _, err := inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    onPod,
		UpdateFunc: func(_, obj any) { onPod(obj) },
		DeleteFunc: func(any) {
			if goneN.Add(1) == int64(pods) {
				close(allGone)
			}
		},
	}); err != nil {
		return result{}, err
	}
	stop := make(chan struct{})
	defer close(stop)
	factory.Start(stop)
	factory.WaitForCacheSync(stop)
	start, err := cp.cpu()
	if err != nil {
		return result{}, err
	}
	t0 := time.Now()
	tmpl := template()
	if err := parallel(ctx, pods, workers, func(i int) error {
		p := tmpl.DeepCopy()
		p.Name = fmt.Sprintf("p-%d", i)
		_, err := c.CoreV1().Pods(ns).Create(ctx, p, metav1.CreateOptions{})
		return err
	}); err != nil {
		return result{}, fmt.Errorf("create: %w", err)
	}
	if err := wait(ctx, allReady, &readyN, pods, "Ready"); err != nil {
		return result{}, err
	}
	mem := cp.rss()
	if err := parallel(ctx, pods, workers, func(i int) error {
		return c.CoreV1().Pods(ns).Delete(ctx, fmt.Sprintf("p-%d", i), metav1.DeleteOptions{})
	}); err != nil {
		return result{}, fmt.Errorf("delete: %w", err)
	}
	if err := wait(ctx, allGone, &goneN, pods, "gone"); err != nil {
		return result{}, err
	}
	wall := time.Since(t0)
	end, err := cp.cpu()
	if err != nil {
		return result{}, err
	}
	return result{wall: wall, cpu: end - start, memory: mem, memoryOf: "resident"}, nil
}

func wait(ctx context.Context, done <-chan struct{}, n *atomic.Int64, pods int, what string) error {
	tick := time.NewTicker(5 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return nil
		case <-tick.C:
			fmt.Fprintf(os.Stderr, "kwokbench: %d of %d pods %s\n", n.Load(), pods, what)
		case <-ctx.Done():
			return fmt.Errorf("%d of %d pods %s when the time ran out", n.Load(), pods, what)
		}
	}
}

// parallel runs fn(0..n-1) on workers goroutines; the first error stops it.
func parallel(ctx context.Context, n, workers int, fn func(int) error) error {
	var next atomic.Int64
	var once sync.Once
	var first error
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				if err := fn(i); err != nil {
					once.Do(func() { first = err })
					return
				}
			}
		}()
	}
	wg.Wait()
	return first
}
