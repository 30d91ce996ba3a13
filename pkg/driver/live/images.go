package live

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver/live/oci"
)

// agentLinks are the exec commands the agent binary serves under their
// own names in the agent image (behavior.ParseCommand).
var agentLinks = []string{"sh", "sleep", "true", "false", "exit"}

// AgentImage describes the agent image: the static agent binary at
// behavior.Path, the exec commands as links to it, and a /tmp.
func AgentImage(binary string) oci.Image {
	files := []oci.File{
		{Path: behavior.Path, Source: binary, Mode: 0o755},
		{Path: "/tmp", Dir: true, Mode: 0o1777},
	}
	for _, l := range agentLinks {
		files = append(files, oci.File{Path: "/bin/" + l, Link: behavior.Path})
	}
	return oci.Image{Ref: behavior.Image, Files: files, Entrypoint: []string{behavior.Path}}
}

// BusyboxImage describes a busybox image under ref from a static busybox
// binary (Debian's busybox-static): /bin/busybox and a link for each of
// its applets, as the official image has.
func BusyboxImage(ref, busybox string) (oci.Image, error) {
	out, err := exec.Command(busybox, "--list").Output()
	if err != nil {
		return oci.Image{}, fmt.Errorf("%s --list: %w", busybox, err)
	}
	files := []oci.File{
		{Path: "/bin/busybox", Source: busybox, Mode: 0o755},
		{Path: "/tmp", Dir: true, Mode: 0o1777},
		{Path: "/etc/passwd", Data: []byte("root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/home:/bin/false\n"), Mode: 0o644},
		{Path: "/etc/group", Data: []byte("root:x:0:\nnobody:x:65534:\n"), Mode: 0o644},
	}
	for _, applet := range strings.Fields(string(out)) {
		if applet != "busybox" {
			files = append(files, oci.File{Path: "/bin/" + applet, Link: "busybox"})
		}
	}
	return oci.Image{Ref: ref, Files: files, Cmd: []string{"sh"}}, nil
}

// BuildAgent compiles cmd/podlife-agent statically into dir; it must run
// inside podlife's module.
func BuildAgent(ctx context.Context, dir string) (string, error) {
	out := filepath.Join(dir, "podlife-agent")
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "github.com/podlife/podlife/cmd/podlife-agent")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH=amd64")
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the agent: %v\n%s", err, b)
	}
	return out, nil
}

// ImageSet is the images podlife puts on an offline cluster's nodes: the
// agent, and busybox under the tags the scenarios name.
type ImageSet struct {
	// Archive is the docker-archive holding them.
	Archive string
	// Refs are the images besides the agent.
	Refs []string
}

// BuildImages builds the agent image and, when busybox is a static
// busybox binary, a busybox image under each of busyboxTags, into one
// docker-archive in dir.
func BuildImages(ctx context.Context, dir, busybox string, busyboxTags []string) (ImageSet, error) {
	bin, err := BuildAgent(ctx, dir)
	if err != nil {
		return ImageSet{}, err
	}
	imgs := []oci.Image{AgentImage(bin)}
	var refs []string
	if busybox != "" {
		tags := append([]string(nil), busyboxTags...)
		sort.Strings(tags)
		for _, ref := range tags {
			img, err := BusyboxImage(ref, busybox)
			if err != nil {
				return ImageSet{}, err
			}
			imgs = append(imgs, img)
			refs = append(refs, ref)
		}
	}
	archive := filepath.Join(dir, "podlife-images.tar")
	if err := oci.WriteArchiveFile(archive, imgs...); err != nil {
		return ImageSet{}, err
	}
	return ImageSet{Archive: archive, Refs: refs}, nil
}

// ImageList reads a list of image references separated by commas (podlife
// run's --images, the live suite's PODLIFE_IMAGES); blanks around them and
// empty items are no image.
func ImageList(s string) []string {
	var images []string
	for _, img := range strings.Split(s, ",") {
		if img = strings.TrimSpace(img); img != "" {
			images = append(images, img)
		}
	}
	return images
}
