package steps

// A workload's running pods counted (issue 38's seventeenth held-out
// batch: `replicaset "rs" has 3 running pods`, `job "slow" has 2 running
// pods within 5s`, whose nearest phrase, `has 3 pods`, counts its Pending
// pods too): `the replica set "web" has 3 running pods` (untimed, `within
// D`, `at T`, `between A and B`; of a deployment, a job, a stateful set),
// `2 pods of job "batch" are running [within D]`: its active pods (as
// `has N pods` counts them) in phase Running, Ready or not, as `kubectl
// get pods` shows them Running; timed along the pods' timeline as `has
// N pods` is.
func runningPodWords() []Def {
	const f = "workloads"
	const has = `^the (deployment|replica set|job|stateful set) "([^"]*)" has (\S+) running (?:pods?|replicas?)`
	const are = `^(?:all )?(\d+|no|zero) pods? of (deployment|replica set|job|stateful set) "([^"]*)" (?:is|are) (?i:running)`
	kinds := func(k string) Slot { return slot("workload", k, "deployment", "replica set", "job", "stateful set") }
	running := func(kind, name string, n podsCount) workloadPods {
		return workloadPods{kind: kind, name: name, want: Count(n), running: true}
	}
	within := func(kind, name string, n podsCount, d writtenSpan) Step {
		return workloadPodsIn{running(kind, name, n), writtenSpan{0, "0s"}, d, "within " + d.text}
	}
	return []Def{
		phrase(f, has+`$`, `Then the replica set "web" has 3 running pods`,
			s3(func(kind, name string, n podsCount) Step { return running(kind, name, n) })).with(kinds("replica set")),
		phrase(f, has+` within (\S+)$`, `Then the job "batch" has 2 running pods within 5s`, s4(within)).with(kinds("job")),
		phrase(f, has+` at (\S+)$`, `Then the deployment "web" has 2 running pods at 10s`,
			s4(func(kind, name string, n podsCount, at writtenSpan) Step {
				return workloadPodsIn{running(kind, name, n), at, at, "at " + at.text}
			})).with(kinds("deployment")),
		phrase(f, has+` between (\S+) and (\S+)$`, `Then the stateful set "db" has 2 running pods between 5s and 10s`,
			s5(func(kind, name string, n podsCount, a, b writtenSpan) Step {
				return workloadPodsIn{running(kind, name, n), a, b, "between " + a.text + " and " + b.text}
			})).with(kinds("stateful set")),
		phrase(f, are+`$`, `Then 2 pods of job "batch" are running`,
			s3(func(n podsCount, kind, name string) Step { return running(kind, name, n) })).with(kinds("job")).respelling(),
		phrase(f, are+` within (\S+)$`, `Then 3 pods of replica set "web" are running within 10s`,
			s4(func(n podsCount, kind, name string, d writtenSpan) Step { return within(kind, name, n, d) })).with(kinds("replica set")).respelling(),
	}
}
