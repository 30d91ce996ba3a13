// Command podlife-agent is the program every agent container of a live
// podlife run executes: it behaves as its arguments say (pkg/behavior)
// and logs what happens to it as JSON lines (pkg/agent). Invoked as sh,
// sleep, true, false or exit it runs the exec commands of hooks and
// probes; `podlife-agent probe KIND` answers an exec probe.
//
// It is built statically (CGO_ENABLED=0) into the podlife.local/agent:v1
// image, with sh, sleep, true, false and exit as links to it.
package main

import (
	"os"

	"github.com/podlife/podlife/pkg/agent"
)

func main() { os.Exit(agent.Main(os.Args)) }
