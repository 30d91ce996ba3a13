package sim

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestTmpfsSize pins the size the kubelet mounts a memory-backed emptyDir
// with (pkg/volume/emptydir/empty_dir.go calculateEmptyDirMemorySize,
// v1.36.3): node allocatable, lowered to the pod cgroup's memory limit
// (pkg/kubelet/cm/helpers_linux.go ResourceConfigForPod), lowered to a
// positive sizeLimit. Each case names the bound that wins.
func TestTmpfsSize(t *testing.T) {
	mi := func(n int64) int64 { return n << 20 }
	q := func(s string) *resource.Quantity { v := resource.MustParse(s); return &v }
	mem := func(limit string) corev1.ResourceRequirements {
		if limit == "" {
			return corev1.ResourceRequirements{}
		}
		return corev1.ResourceRequirements{Limits: corev1.ResourceList{corev1.ResourceMemory: resource.MustParse(limit)}}
	}
	ctr := func(name, limit string) corev1.Container {
		return corev1.Container{Name: name, Image: behavior.Image, Resources: mem(limit)}
	}
	memoryDir := func(sizeLimit *resource.Quantity) corev1.Volume {
		return corev1.Volume{Name: "v", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{Medium: corev1.StorageMediumMemory, SizeLimit: sizeLimit}}}
	}
	cases := []struct {
		name   string
		vol    corev1.Volume
		init   []corev1.Container
		ctrs   []corev1.Container
		podMem string // pod-level memory limit
		want   int64
	}{
		{"a disk-backed emptyDir is no tmpfs: 0",
			corev1.Volume{Name: "v", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{SizeLimit: q("100Mi")}}},
			nil, []corev1.Container{ctr("app", "")}, "", 0},
		{"sizeLimit below everything: the sizeLimit",
			memoryDir(q("100Mi")), nil, []corev1.Container{ctr("app", "")}, "", mi(100)},
		{"BestEffort, no sizeLimit: node allocatable (the pod cgroup has no limit)",
			memoryDir(nil), nil, []corev1.Container{ctr("app", "")}, "", mi(8 << 10)},
		{"every container limited, no sizeLimit: the pod's memory limit, their sum",
			memoryDir(nil), nil, []corev1.Container{ctr("app", "150Mi"), ctr("side", "50Mi")}, "", mi(200)},
		{"one container without a memory limit: the pod cgroup has none, node allocatable",
			memoryDir(nil), nil, []corev1.Container{ctr("app", "150Mi"), ctr("side", "")}, "", mi(8 << 10)},
		{"sizeLimit above the pod's memory limit: the pod's limit",
			memoryDir(q("1Gi")), nil, []corev1.Container{ctr("app", "150Mi")}, "", mi(150)},
		{"sizeLimit above node allocatable: node allocatable",
			memoryDir(q("16Gi")), nil, []corev1.Container{ctr("app", "")}, "", mi(8 << 10)},
		{"sizeLimit 0 is no limit: the pod's limit",
			memoryDir(q("0")), nil, []corev1.Container{ctr("app", "150Mi")}, "", mi(150)},
		{"an init container without a memory limit: the pod cgroup has none",
			memoryDir(nil), []corev1.Container{ctr("setup", "")}, []corev1.Container{ctr("app", "150Mi")}, "", mi(8 << 10)},
		{"an init container after a limited sidecar counts with its limit: declared, containers plus sidecar",
			memoryDir(nil), []corev1.Container{sidecar(ctr("proxy", "50Mi")), ctr("setup", "")}, []corev1.Container{ctr("app", "150Mi")}, "", mi(200)},
		{"a pod-level memory limit: it bounds the tmpfs, whatever the containers declare",
			memoryDir(nil), nil, []corev1.Container{ctr("app", "")}, "300Mi", mi(300)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			k := s.byNode["worker-1"]
			p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "p"}, Spec: corev1.PodSpec{
				InitContainers: tc.init, Containers: tc.ctrs, Volumes: []corev1.Volume{tc.vol},
			}}
			if tc.podMem != "" {
				p.Spec.Resources = ptr(mem(tc.podMem))
			}
			setDefaultsPod(p)
			w := &runtimePod{k: k, pod: p}
			if got := w.tmpfsSize(&p.Spec.Volumes[0]); got != tc.want {
				t.Errorf("tmpfs size %d (%dMi), want %d (%dMi)", got, got>>20, tc.want, tc.want>>20)
			}
		})
	}
}

// TestTmpfsWrites pins what writes into a memory-backed emptyDir leave in
// it and charge to the writer: the agent's file of each write number,
// truncated and filled until the tmpfs is full (ENOSPC).
func TestTmpfsWrites(t *testing.T) {
	cases := []struct {
		name               string
		size, held, old, n int64
		want               int64
	}{
		{"room for it all: all of it", 100, 0, 0, 60, 60},
		{"past the size: stops at the size", 100, 0, 0, 200, 100},
		{"into a tmpfs holding some: what is left", 100, 70, 0, 60, 30},
		{"a full tmpfs: nothing", 100, 100, 0, 10, 0},
		{"its own file again (a restart): truncated first, so its room counts", 100, 100, 100, 200, 100},
		{"its own file, others' beside it: the room they leave", 100, 100, 40, 200, 40},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tmpfsFill(tc.size, tc.held, tc.old, tc.n); got != tc.want {
				t.Errorf("fill %d, want %d", got, tc.want)
			}
		})
	}
}

// TestMemoryEmptyDirOverSizeLimit runs writes past a memory-backed
// emptyDir's sizeLimit: the volume holds the sizeLimit, the writer is
// charged that, and the pod is neither evicted for the emptyDir
// (eviction_manager.go emptyDirLimitEviction finds it within its limit)
// nor OOM-killed below a limit above the sizeLimit; a disk-backed volume
// written so is evicted.
func TestMemoryEmptyDirOverSizeLimit(t *testing.T) {
	mi := int64(1 << 20)
	cases := []struct {
		name        string
		medium      corev1.StorageMedium
		memLimit    string
		writes      []string // each write, 5 s apart
		wantHeld    int64    // -1: not checked
		wantCharged int64    // -1: not checked
		wantEvicted bool
		wantOOM     bool
	}{
		{"memory-backed, 200Mi into 100Mi: holds 100Mi, not evicted", corev1.StorageMediumMemory, "", []string{"200Mi"}, 100 * mi, 100 * mi, false, false},
		{"memory-backed, two writes: the second gets what is left", corev1.StorageMediumMemory, "", []string{"60Mi", "60Mi"}, 100 * mi, 100 * mi, false, false},
		{"memory-backed under a 150Mi limit: 100Mi charged, no OOM kill", corev1.StorageMediumMemory, "150Mi", []string{"200Mi"}, 100 * mi, 100 * mi, false, false},
		// The other container, without a memory limit, leaves the pod
		// cgroup unlimited, so the tmpfs is the sizeLimit, above the
		// writer's limit. What the killed write left is not checked (-1):
		// the simulator kills at the write's time, before the write, so
		// the tmpfs keeps nothing of it (on a kernel, what was written
		// before the charge passed the limit stays).
		{"memory-backed under a 80Mi limit: the 100Mi it would hold pass it, OOM kill", corev1.StorageMediumMemory, "80Mi", []string{"200Mi"}, -1, -1, false, true},
		{"disk-backed, 200Mi into 100Mi: holds 200Mi, evicted", corev1.StorageMediumDefault, "", []string{"200Mi"}, 200 * mi, 0, true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			c := agent("app", func(b *behavior.Behavior) {
				for i, n := range tc.writes {
					b.Writes = append(b.Writes, behavior.Write{Volume: "scratch", Bytes: resource.MustParse(n), After: time.Duration(i+1) * 5 * time.Second})
				}
			})
			c.VolumeMounts = []corev1.VolumeMount{{Name: "scratch", MountPath: "/scratch"}}
			if tc.memLimit != "" {
				c.Resources.Limits = corev1.ResourceList{corev1.ResourceMemory: resource.MustParse(tc.memLimit)}
			}
			p := podOf("writer", 30, nil, c, agent("other"))
			limit := resource.MustParse("100Mi")
			p.Spec.Volumes = []corev1.Volume{{Name: "scratch", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{Medium: tc.medium, SizeLimit: &limit}}}}
			start(t, s, p)
			s.RunUntil(s.Now()+time.Duration(len(tc.writes))*5*time.Second, func() bool { return false })
			k := s.byNode["worker-1"]
			uid := s.Pod("writer").UID
			if got := k.usage.volumes[uid]["scratch"]; tc.wantHeld >= 0 && got != tc.wantHeld {
				t.Errorf("the volume holds %dMi, want %dMi", got/mi, tc.wantHeld/mi)
			}
			w := k.workers[uid].rt
			if got := w.containerMemory(w.ctrs[0], w.ctrs[0].inst); tc.wantCharged >= 0 && got != tc.wantCharged {
				t.Errorf("the container is charged %dMi, want %dMi", got/mi, tc.wantCharged/mi)
			}
			s.Settle(5 * time.Minute)
			_, evicted := eventAt(s, timeline.Evicted)
			if evicted != tc.wantEvicted {
				t.Errorf("evicted %v, want %v", evicted, tc.wantEvicted)
			}
			oom := false
			for _, e := range s.Timeline() {
				if e.Kind == timeline.Exited && e.Pod == "writer" && e.Reason == "OOMKilled" {
					oom = true
				}
			}
			if oom != tc.wantOOM {
				t.Errorf("OOM-killed %v, want %v", oom, tc.wantOOM)
			}
		})
	}
}
