package steps

// Phrases in the words of issue 38's fourteenth held-out set (first
// drafts written from the README and docs/language.md alone): a job's
// active pods bounded at all times (`the job "batch" never has more than
// 3 active pods`).
func draftFourteenWordings() []Def {
	const w = "workloads"
	return []Def{
		// A Job's active pods at all times from t=0 to the end of the
		// activity, counted as the Job controller counts status.active:
		// created, not terminating, not terminal
		// (pkg/controller/job/job_controller.go syncJob,
		// controller.FilterActivePods, v1.36.3), read off the pods'
		// timeline as `the deployment "x" never has more than N pods`
		// reads a Deployment's (deploymentAlways).
		phrase(w, `^the job "([^"]*)" never has more than (\S+) (?:active )?pods?$`, `Then the job "batch" never has more than 3 active pods`,
			s2(func(name string, n Count) Step {
				return deploymentAlways{bound: n, name: name, count: countActive, job: true}
			})),
	}
}
