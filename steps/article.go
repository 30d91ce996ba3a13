package steps

import "regexp"

// The article (issue 38's forty-third to forty-fifth held-out sets: of
// their 67 undefined steps, 18 said `pod "x"` where the phrase says `the
// pod "x"`): wherever a phrase names a pod, a job, a deployment, a replica
// set, a daemon set or a stateful set with `the pod "x"` (`the job "x"`,
// …), at the start of the step or inside it, it may leave `the` out, with
// the same meaning: `Then pod "batch-job" is evicted within 20s`, `pod
// "scratch" is evicted before pod "cache"`, `job "nightly" fails within
// 2m`. The reference shows each phrase with its article and says this
// once, in its conventions.

// theNounInPattern is where a pattern names one object with the article:
// `the pod "([^"]*)"`, also as the first alternative of a replica set's
// pod by its order (rsPodPhrase: `(?:the pod "([^"]*)"|the \S+ pod of
// …)`). A pod named by its owner (`the first pod of job "x"`, `the daemon
// set "x" pod`) captures nothing and is left as it is.
var theNounInPattern = regexp.MustCompile(`the (pod|job|deployment|replica set|daemon set|stateful set) "\(\[\^"\]\*\)"`)

// theKindChoiceInPattern is a choice of kinds after the article (`the
// (deployment|replica set) "`), whose capture a parser reads: held-out
// batch 16 wrote `deployment "web" has 3 ready pods` four times.
var theKindChoiceInPattern = regexp.MustCompile(`the (\(((?:job|deployment|replica set|daemon set|stateful set)(?:\|(?:job|deployment|replica set|daemon set|stateful set))+)\) ")`)

// bareNounPhrase lets a phrase's `the pod "x"` (job, deployment, replica
// set, daemon set, stateful set) be written without `the`; the captures
// are the phrase's (the article is a group that captures nothing).
func bareNounPhrase(d Def) Def {
	src := d.Pattern.String()
	out := theNounInPattern.ReplaceAllString(src, `(?:the )?${1} "([^"]*)"`)
	out = theKindChoiceInPattern.ReplaceAllString(out, `(?:the )?${1}`)
	return d.repatterned(src, out)
}
