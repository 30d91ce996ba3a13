// Command mkimage writes container images as one docker-archive, without
// a Docker daemon (see pkg/driver/live/oci).
//
//	go run ./hack/mkimage OUT.tar < images.json
//
// images.json is a list of oci.Image values:
//
//	[{"Ref": "registry.k8s.io/pause:3.10",
//	  "Files": [{"Path": "/pause", "Source": "/tmp/pause", "Mode": 493}],
//	  "Entrypoint": ["/pause"]}]
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/podlife/podlife/pkg/driver/live/oci"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: mkimage OUT.tar < images.json")
		os.Exit(2)
	}
	var imgs []oci.Image
	if err := json.NewDecoder(os.Stdin).Decode(&imgs); err != nil {
		fmt.Fprintf(os.Stderr, "mkimage: reading the image list: %v\n", err)
		os.Exit(2)
	}
	if err := oci.WriteArchiveFile(os.Args[1], imgs...); err != nil {
		fmt.Fprintf(os.Stderr, "mkimage: %v\n", err)
		os.Exit(1)
	}
}
