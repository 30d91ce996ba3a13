// Package oci builds small container images without a Docker daemon: one
// layer made of the files given, a config with the entrypoint, written as
// a docker-archive (the `docker save` format) that `docker load`, `ctr
// images import` and kind's node loader all read.
//
// podlife builds its agent image this way, and on machines without a
// registry the images a kind node image needs (kube-apiserver, etcd,
// pause, …) and the busybox image scenarios name.
package oci

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/google/go-containerregistry/pkg/name"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
)

// epoch is every file's modification time, so that the same files give
// the same digest.
var epoch = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

// File is one entry of the image's layer.
type File struct {
	// Path is the absolute path in the image.
	Path string
	// Mode is the permission bits (0o755 for programs).
	Mode int64
	// Source is a file on this machine whose content is copied, or Data
	// is the content itself.
	Source string
	Data   []byte
	// Link, when set, makes the entry a symbolic link to it.
	Link string
	// Dir makes the entry a directory.
	Dir bool
}

// Image is what to build.
type Image struct {
	// Ref is the name the image is saved under ("podlife.local/agent:v1",
	// "busybox:1.36", "registry.k8s.io/pause:3.10").
	Ref        string
	Files      []File
	Entrypoint []string
	Cmd        []string
	Env        []string
	WorkingDir string
}

// Build makes the image: one layer holding the files (parent folders are
// added), and a config for linux/amd64.
func Build(img Image) (v1.Image, error) {
	layerTar, err := layer(img.Files)
	if err != nil {
		return nil, err
	}
	l, err := tarball.LayerFromOpener(func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(layerTar)), nil
	})
	if err != nil {
		return nil, err
	}
	out, err := mutate.AppendLayers(empty.Image, l)
	if err != nil {
		return nil, err
	}
	cf, err := out.ConfigFile()
	if err != nil {
		return nil, err
	}
	cf = cf.DeepCopy()
	cf.Architecture, cf.OS = "amd64", "linux"
	cf.Created = v1.Time{Time: epoch}
	env := img.Env
	if len(env) == 0 {
		env = []string{"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"}
	}
	cf.Config = v1.Config{Entrypoint: img.Entrypoint, Cmd: img.Cmd, Env: env, WorkingDir: img.WorkingDir}
	return mutate.ConfigFile(out, cf)
}

// layer writes the files as an uncompressed tar, parents first, in a
// fixed order.
func layer(files []File) ([]byte, error) {
	entries := map[string]File{}
	for _, f := range files {
		p := path.Clean("/" + f.Path)
		if p == "/" {
			continue
		}
		f.Path = p
		entries[p] = f
		for d := path.Dir(p); d != "/"; d = path.Dir(d) {
			if _, ok := entries[d]; !ok {
				entries[d] = File{Path: d, Dir: true, Mode: 0o755}
			}
		}
	}
	var names []string
	for p := range entries {
		names = append(names, p)
	}
	sort.Strings(names)
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, p := range names {
		f := entries[p]
		hdr := &tar.Header{Name: strings.TrimPrefix(p, "/"), Mode: f.Mode, ModTime: epoch, Uname: "root", Gname: "root", Format: tar.FormatPAX}
		var data []byte
		switch {
		case f.Dir:
			hdr.Typeflag, hdr.Name = tar.TypeDir, hdr.Name+"/"
			if hdr.Mode == 0 {
				hdr.Mode = 0o755
			}
		case f.Link != "":
			hdr.Typeflag, hdr.Linkname = tar.TypeSymlink, f.Link
			hdr.Mode = 0o777
		default:
			data = f.Data
			if f.Source != "" {
				b, err := os.ReadFile(f.Source)
				if err != nil {
					return nil, err
				}
				data = b
			}
			hdr.Typeflag, hdr.Size = tar.TypeReg, int64(len(data))
			if hdr.Mode == 0 {
				hdr.Mode = 0o644
			}
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return nil, err
		}
		if _, err := tw.Write(data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteArchive builds the images and writes them as one docker-archive.
func WriteArchive(w io.Writer, imgs ...Image) error {
	refs := map[name.Reference]v1.Image{}
	for _, img := range imgs {
		tag, err := name.NewTag(img.Ref)
		if err != nil {
			return fmt.Errorf("image name %q: %w", img.Ref, err)
		}
		built, err := Build(img)
		if err != nil {
			return fmt.Errorf("building %s: %w", img.Ref, err)
		}
		refs[tag] = built
	}
	return tarball.MultiRefWrite(refs, w)
}

// WriteArchiveFile writes the archive to a file (atomically).
func WriteArchiveFile(file string, imgs ...Image) error {
	tmp := file + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := WriteArchive(f, imgs...); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, file)
}
