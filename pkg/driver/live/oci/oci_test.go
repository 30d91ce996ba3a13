package oci

import (
	"archive/tar"
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/google/go-containerregistry/pkg/name"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
)

func TestArchiveHoldsEachImageUnderItsName(t *testing.T) {
	var b bytes.Buffer
	err := WriteArchive(&b,
		Image{Ref: "busybox:1.36", Files: []File{{Path: "/bin/busybox", Data: []byte("bb"), Mode: 0o755}, {Path: "/bin/sh", Link: "busybox"}}, Cmd: []string{"sh"}},
		Image{Ref: "podlife.local/agent:v1", Files: []File{{Path: "/podlife-agent", Data: []byte("agent"), Mode: 0o755}}, Entrypoint: []string{"/podlife-agent"}})
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(bytes.NewReader(b.Bytes()))
	var manifest []struct{ RepoTags []string }
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Name == "manifest.json" {
			if err := json.NewDecoder(tr).Decode(&manifest); err != nil {
				t.Fatal(err)
			}
		}
	}
	var tags []string
	for _, m := range manifest {
		tags = append(tags, m.RepoTags...)
	}
	if len(tags) != 2 || tags[0] != "busybox:1.36" || tags[1] != "podlife.local/agent:v1" {
		t.Fatalf("tags %v", tags)
	}
	tag, _ := name.NewTag("busybox:1.36")
	img, err := tarball.Image(func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b.Bytes())), nil }, &tag)
	if err != nil {
		t.Fatal(err)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	if cf.OS != "linux" || cf.Architecture != "amd64" || cf.Config.Cmd[0] != "sh" {
		t.Errorf("config %+v", cf.Config)
	}
	layers, _ := img.Layers()
	rc, _ := layers[0].Uncompressed()
	lt := tar.NewReader(rc)
	got := map[string]string{}
	for {
		h, err := lt.Next()
		if err != nil {
			break
		}
		got[h.Name] = h.Linkname
	}
	if _, ok := got["bin/"]; !ok || got["bin/sh"] != "busybox" {
		t.Errorf("layer entries %v", got)
	}
}
