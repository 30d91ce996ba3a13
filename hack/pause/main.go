// Command pause is the process of a pod sandbox's infrastructure
// container: it holds the pod's namespaces open, reaps any orphaned
// child, and exits on SIGINT or SIGTERM. podlife builds it into the
// registry.k8s.io/pause image of its offline kind node image, where the
// upstream image cannot be pulled.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGCHLD)
	for s := range sigs {
		if s != syscall.SIGCHLD {
			os.Exit(0)
		}
		for {
			pid, err := syscall.Wait4(-1, nil, syscall.WNOHANG, nil)
			if pid <= 0 || err != nil {
				break
			}
		}
	}
}
