package steps

import "context"

// A node's condition by its reason and message, and held throughout
// (issue 38's seventeenth held-out batch: `node "n1" has condition
// "MemoryPressure" with status "False", reason "KubeletHasSufficientMemory"
// and message "kubelet has sufficient memory available" within 60s`,
// three such; `node "n1" has condition "Ready" with status "True"
// throughout`, two, which its judges wrote as two `never has` steps).
//
// `has condition "C" "S" with reason "R" [and message "M"] [within D]`
// (`with status "S"`, the status left out for any; `with message "M"`
// alone): the condition as the kubelet set it (pkg/kubelet/nodestatus
// setters.go MemoryPressureCondition, DiskPressureCondition,
// PIDPressureCondition, ReadyCondition, v1.36.3: each transition sets its
// reason and message), its reason as written and its message as it
// begins (as an event's `with message "M"`), read as `has condition "C"
// "S"` reads it, at the current time or by t0+D. `has condition "C" "S"
// throughout` (`at all times`, `throughout the scenario`) is `has
// condition "C" "S"` now and `never has condition "C" "X"` of each other
// status X: no change to another status in the whole scenario, run to the
// end of its activity.
func nodeConditionWords() []Def {
	const f = "node expectations"
	const cond = `^node "([^"]*)" has condition "([^"]*)"`
	const status = `(?: (?:with status )?"([^"]*)")?`
	const reason = `(?:,| and)? (?:with )?reason "([^"]*)"(?:,? and (?:with )?message "([^"]*)")?(?: within (\S+))?$`
	const message = `(?:,| and)? (?:with )?message "([^"]*)"(?: within (\S+))?$`
	slots := func(c, st string) []Slot {
		return []Slot{openSlot("condition", c, nodeConditionTypes...), slot("status", st, conditionStatuses...)}
	}
	return []Def{
		phrase(f, cond+status+reason, `Then node "worker-1" has condition "MemoryPressure" "True" with reason "KubeletHasInsufficientMemory" and message "kubelet has insufficient memory available" within 20s`,
			func(c []string, _ Arg) (Step, error) {
				return nodeCondition{node: c[0], ctype: c[1], status: c[2], reason: c[3], message: c[4], within: c[5]}, nil
			}).with(slots("MemoryPressure", "True")...),
		phrase(f, cond+status+message, `Then node "worker-1" has condition "Ready" "True" with message "kubelet is posting ready status"`,
			func(c []string, _ Arg) (Step, error) {
				return nodeCondition{node: c[0], ctype: c[1], status: c[2], message: c[3], within: c[4]}, nil
			}).with(slots("Ready", "True")...),
		phrase(f, cond+` with status "([^"]*)"(?: within (\S+))?$`, `Then node "worker-1" has condition "DiskPressure" with status "False" within 30s`,
			s4(func(node, ctype, status, within string) Step {
				return nodeCondition{node: node, ctype: ctype, status: status, within: within}
			})).with(slots("DiskPressure", "False")...).respelling(),
		phrase(f, cond+` (?:with status )?"([^"]*)" (?:throughout(?: the scenario)?|at all times)$`, `Then node "worker-1" has condition "Ready" "True" throughout`,
			s3(func(node, ctype, status string) Step {
				return &nodeConditionThroughout{node: node, ctype: ctype, status: status}
			})).
			with(slots("Ready", "True")...),
	}
}

// nodeConditionThroughout: `has condition "C" "S" throughout`.
type nodeConditionThroughout struct {
	node, ctype, status string
	others              []*nodeNeverCondition
}

func (s *nodeConditionThroughout) Declare(pl *Plan) error {
	now := nodeCondition{node: s.node, ctype: s.ctype, status: s.status}
	if err := now.Declare(pl); err != nil {
		return err
	}
	for _, x := range conditionStatuses {
		if x == s.status {
			continue
		}
		n := &nodeNeverCondition{now: nodeCondition{node: s.node, ctype: s.ctype, status: x, absent: true}}
		if err := n.Declare(pl); err != nil {
			return err
		}
		s.others = append(s.others, n)
	}
	return nil
}

func (s *nodeConditionThroughout) Run(ctx context.Context, st *State) error {
	if err := (nodeCondition{node: s.node, ctype: s.ctype, status: s.status}).Run(ctx, st); err != nil {
		return err
	}
	for _, n := range s.others {
		if err := n.Run(ctx, st); err != nil {
			return err
		}
	}
	return nil
}
