package cluster

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeCtr is a node's containerd as ctr shows it: the images listed in
// $NODE/images, an import that logs itself to $NODE/imports and lists
// the archive's names again, an export that writes the names it was
// given into the archive.
const fakeCtr = `#!/bin/sh
shift 2
case "$1 $2" in
"images ls") cat "$NODE/images";;
"images import") cat "$3.refs" >> "$NODE/images"; echo import >> "$NODE/imports";;
"images export") shift 5; echo "$@" > "$NODE/archive";;
*) echo "ctr: $*" >&2; exit 1;;
esac
`

// onNode runs a script as on a node whose root is dir: the node's
// absolute paths moved under it, ctr the fake above.
func onNode(t *testing.T, dir, script string) string {
	t.Helper()
	bin := filepath.Join(dir, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "ctr"), []byte(fakeCtr), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/opt/podlife", "/etc/containerd"} {
		script = strings.ReplaceAll(script, p, dir+p)
	}
	c := exec.Command("sh", "-c", script)
	c.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "NODE="+dir)
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return string(out)
}

// TestKeptImagesComeBack pins what a node does with the images it
// cannot pull: LoadArchive keeps them with the sandbox image under
// containerd's names, and a restore imports the archive again only when
// one of them is gone (2026-11-30: a kubelet under disk pressure deleted
// pause:3.10 and the run's images on nodes where containerd 1.6.20
// ignored their pinned label).
func TestKeptImagesComeBack(t *testing.T) {
	dir := t.TempDir()
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func(p string) string { b, _ := os.ReadFile(filepath.Join(dir, p)); return string(b) }
	all := "registry.k8s.io/pause:3.10\ndocker.io/library/busybox:1.36\npodlife.local/agent:v1\nregistry.k8s.io/etcd:3.6.8-0\n"
	write("images", all)
	write("etc/containerd/config.toml", "[plugins.\"io.containerd.grpc.v1.cri\"]\n  sandbox_image = \"registry.k8s.io/pause:3.10\"\n")

	// Nothing kept yet: a restore does nothing.
	if out := onNode(t, dir, RestoreImagesSh); out != "" || read("imports") != "" {
		t.Fatalf("a node without the archive: printed %q, imports %q", out, read("imports"))
	}

	onNode(t, dir, keepImagesSh([]string{"podlife.local/agent:v1", "busybox:1.36"}))
	want := "registry.k8s.io/pause:3.10 podlife.local/agent:v1 docker.io/library/busybox:1.36"
	if got := strings.TrimSpace(read("archive")); got != want {
		t.Fatalf("archive of %q, want %q", got, want)
	}
	if got := strings.Fields(read("opt/podlife/images.tar.refs")); strings.Join(got, " ") != want {
		t.Fatalf("refs %q, want %q", got, want)
	}

	// Every image there: nothing imported.
	if out := onNode(t, dir, RestoreImagesSh); out != "" || read("imports") != "" {
		t.Fatalf("every image there: printed %q, imports %q", out, read("imports"))
	}

	// The kubelet deleted the pause image and busybox: one import.
	write("images", "podlife.local/agent:v1\nregistry.k8s.io/etcd:3.6.8-0\n")
	if out := onNode(t, dir, RestoreImagesSh); strings.TrimSpace(out) != "images restored" {
		t.Fatalf("images gone: printed %q", out)
	}
	if got := read("imports"); got != "import\n" {
		t.Fatalf("imports %q, want one", got)
	}
	for _, r := range strings.Fields(want) {
		if !strings.Contains(read("images"), r+"\n") {
			t.Fatalf("%s not back after the import: %q", r, read("images"))
		}
	}
}
