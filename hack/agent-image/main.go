// Command agent-image writes podlife's agent image (podlife.local/agent:v1)
// and, given a static busybox, the busybox images the catalogue names, as
// one docker-archive, for a cluster podlife did not create:
//
//	go run ./hack/agent-image [-busybox $(hack/busybox.sh)] OUT.tar
//	kind load image-archive OUT.tar --name CLUSTER     (or: docker load, ctr images import)
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	livedriver "github.com/podlife/podlife/pkg/driver/live"
)

func main() {
	busybox := flag.String("busybox", "", "a static busybox binary (hack/busybox.sh prints one)")
	tag := flag.String("busybox-tag", "busybox:1.36", "the busybox image's name")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: agent-image [-busybox PATH] OUT.tar")
		os.Exit(2)
	}
	dir, err := os.MkdirTemp("", "podlife-agent-image-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	var tags []string
	if *busybox != "" {
		tags = []string{*tag}
	}
	set, err := livedriver.BuildImages(context.Background(), dir, *busybox, tags)
	if err == nil {
		err = os.Rename(set.Archive, flag.Arg(0))
		if err != nil {
			// another file system
			var b []byte
			if b, err = os.ReadFile(set.Archive); err == nil {
				err = os.WriteFile(flag.Arg(0), b, 0o644)
			}
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	abs, _ := filepath.Abs(flag.Arg(0))
	fmt.Printf("%s: podlife.local/agent:v1 %v\n", abs, set.Refs)
}
