package podlife

import "github.com/podlife/podlife/pkg/version"

// VersionInfo is what a program knows of the podlife built into it.
type VersionInfo = version.Info

// Version reads podlife's module version from the program's build
// information (podlife is a dependency of a program that uses the
// library), and says which Kubernetes version the simulator models and
// its default kubelet profile; `podlife version` prints the same.
func Version() VersionInfo { return version.Get() }
