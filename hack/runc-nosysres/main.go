// Command runc-nosysres is a runc wrapper for machines whose root lacks
// CAP_SYS_RESOURCE in its bounding set (podlife's CI VMs). Docker asks for
// every capability for a privileged container, and runc then fails with
// "unable to apply caps: operation not permitted"; kind's nodes are
// privileged containers. The wrapper removes CAP_SYS_RESOURCE from the
// OCI spec of `runc create/run --bundle DIR` and from the process spec of
// `runc exec --process FILE`, then runs the real runc with the same
// arguments. hack/docker-up.sh registers it as dockerd's default runtime,
// only on machines that need it.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

const dropped = "CAP_SYS_RESOURCE"

func main() {
	args := os.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() string {
			if i+1 < len(args) {
				return args[i+1]
			}
			return ""
		}
		var err error
		switch {
		case a == "--bundle" || a == "-b":
			err = strip(filepath.Join(next(), "config.json"), true)
		case strings.HasPrefix(a, "--bundle="):
			err = strip(filepath.Join(strings.TrimPrefix(a, "--bundle="), "config.json"), true)
		case a == "--process" || a == "-p":
			err = strip(next(), false)
		case strings.HasPrefix(a, "--process="):
			err = strip(strings.TrimPrefix(a, "--process="), false)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "runc-nosysres: %v\n", err)
			os.Exit(1)
		}
	}
	runc := "/usr/sbin/runc"
	if _, err := os.Stat(runc); err != nil {
		runc = "/usr/bin/runc"
	}
	err := syscall.Exec(runc, append([]string{"runc"}, args...), os.Environ())
	fmt.Fprintf(os.Stderr, "runc-nosysres: exec %s: %v\n", runc, err)
	os.Exit(1)
}

// strip removes the capability from a spec file: the whole OCI spec
// (capabilities under .process) or a process spec (under .capabilities).
func strip(path string, bundle bool) error {
	data, err := os.ReadFile(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		return err
	}
	var spec map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&spec); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	proc := spec
	if bundle {
		p, ok := spec["process"].(map[string]any)
		if !ok {
			return nil
		}
		proc = p
	}
	caps, ok := proc["capabilities"].(map[string]any)
	if !ok {
		return nil
	}
	changed := false
	for set, v := range caps {
		list, ok := v.([]any)
		if !ok {
			continue
		}
		kept := list[:0:0]
		for _, c := range list {
			if c == dropped {
				changed = true
				continue
			}
			kept = append(kept, c)
		}
		caps[set] = kept
	}
	if !changed {
		return nil
	}
	out, err := json.Marshal(spec)
	if err != nil {
		return err
	}
	return os.WriteFile(path, out, 0o600)
}
