package steps

import (
	"regexp"
	"time"
)

// draftFiftyEightWordings are the phrases issue 38's held-out sets 55 to
// 60 reached for, undefined then, each meaning what the language says
// otherwise, except `is not running at T`, the negation of `is running at
// T`: several nodes declared at once (`Given nodes "edge" and "core"`, as
// `a node "edge"` and `a node "core"`), a probe's answers said of the
// probe (`the startup probe of container "envoy" succeeds after 6s`,
// `container "envoy" passes its startup probe after 6s`), a Job's
// condition that never comes said as a condition (`the job "ingest"
// never has condition "Complete"`, `is never Complete`) and a container
// not running at an instant (`container "api" is not running at 3s`,
// while its postStart hook runs), and the STATUS column said as the pod's
// (`the pod "x" has STATUS "ContainerCreating" at 3s`).
func draftFiftyEightWordings() []Def {
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	// The STATUS column said as a pod's (`the pod "x" has STATUS "X" at
	// 3s`, `status is "X"`): `STATUS is X`, at the current time, within D
	// or at T (a state read at the instant, not the column's change, which
	// `shows status "X" at T` is).
	const status = `^the pod "([^"]*)" (?:has (?:STATUS|status)|status is) "?([^" ]+)"?`
	return []Def{
		phrase("cluster", `^(?:the )?nodes ("[^"]*"(?:, "[^"]*")* and "[^"]*")$`, `Given nodes "worker-1" and "worker-2"`,
			s1(func(list string) Step { return someNodes{names: quotedNames(list)} })).respelling(),
		phrase("behaviour", `^the (readiness|liveness|startup) probe of container "([^"]*)"(?: of pod "([^"]*)")? (?:succeeds|passes) (?:from |after )(\S+)$`, `Given the startup probe of container "app" of pod "web" succeeds after 6s`,
			s4(func(kind, c, p string, after time.Duration) Step { return passesProbeFrom(c, p, kind, after) })).
			with(slot("probe", "startup", "readiness", "liveness", "startup")).respelling(),
		phrase("behaviour", `^the (\S+) probe of container "([^"]*)"(?: of pod "([^"]*)")? (?:fails|starts failing) (?:from |after )(\S+)$`, `Given the liveness probe of container "app" of pod "web" fails after 30s`,
			s4(func(kind failingProbe, c, p string, after time.Duration) Step {
				return failsProbeAfter{ctr: shapedCtr{c, p}, kind: kind, after: after}
			})).with(slot("probe", "liveness", probeKinds...)).respelling(),
		phrase("workloads", `^the job "([^"]*)" never has condition "?(Complete|Failed)"?$`, `Then the job "batch" never has condition "Complete"`,
			s2(func(name, cond string) Step {
				if cond == "Failed" {
					return jobNeverFails{name: name}
				}
				return jobNeverCond{name: name, cond: cond}
			})).with(slot("job condition", "Complete", "Complete", "Failed")).respelling(),
		phrase("kubectl columns", status+`$`, `Then the pod "web" has STATUS "Completed"`,
			s2(func(pod string, st kubectlStatus) Step { return thePodShowsStatus{podNamed{pod}, string(st)} })).
			with(statusSlot("Completed")).respelling(),
		phrase("kubectl columns", status+` within (\S+)$`, `Then the pod "web" has STATUS "Running" within 10s`,
			s3(func(pod string, st kubectlStatus, d writtenSpan) Step {
				return thePodShowsStatusWithin{podNamed{pod}, string(st), d}
			})).with(statusSlot("Running")).respelling(),
		phrase("kubectl columns", status+` at (\S+)$`, `Then the pod "web" has STATUS "ContainerCreating" at 3s`,
			s3(func(pod string, st kubectlStatus, at writtenSpan) Step {
				return readAtInstant{thePodShowsStatus{podNamed{pod}, string(st)}, at}
			})).with(statusSlot("ContainerCreating")).respelling(),
		phrase("kubectl columns", ctr+`is not running at (\S+)$`, `Then container "app" of pod "web" is not running at 3s`,
			s3(func(c, pod string, at writtenSpan) Step {
				return &containerRunningAt{ctrStarts: ctrStarts{ctr: ctrOfPod{c, pod}}, at: at, not: true}
			})),
	}
}

// quotedRE is one quoted name of a list.
var quotedRE = regexp.MustCompile(`"([^"]*)"`)

// quotedNames are the names of a list `"a", "b" and "c"`.
func quotedNames(list string) []string {
	var out []string
	for _, m := range quotedRE.FindAllStringSubmatch(list, -1) {
		out = append(out, m[1])
	}
	return out
}

// Given nodes "edge" and "core": each as `a node "edge"` declares it.
type someNodes struct {
	declaration
	names []string
}

func (s someNodes) Declare(pl *Plan) error {
	for _, n := range s.names {
		if err := (aNode{name: n}).Declare(pl); err != nil {
			return err
		}
	}
	return nil
}
