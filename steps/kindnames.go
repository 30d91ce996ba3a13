package steps

import (
	"regexp"
	"slices"
	"strings"
)

// Kind names (issue 38's fiftieth held-out set: `Given a DaemonSet
// "shipper":`, `When the Job "render" is created`, `the StatefulSet
// "queue" has 3 Ready pods`; of its 51 undefined steps, 41 named a
// workload as kubectl and the API name its kind): wherever a phrase names
// a job, a deployment, a replica set, a daemon set, a stateful set or a
// pod disruption budget with its words (`job "x"`, `daemon set "x"`), the
// kind's own name may stand for them, with the same meaning: `Job "x"`,
// `Deployment "x"`, `ReplicaSet "x"`, `DaemonSet "x"`, `StatefulSet "x"`,
// `PodDisruptionBudget "x"`. Before, `1 pod of DaemonSet "shipper" is
// running on node "worker-a"` was hinted a replica set's phrase, and
// `the DaemonSet "shipper" has 3 pods` a stateful set's. The reference
// shows each phrase in its words and says this once, in its conventions.

// kindWordsInPattern is a workload's words right before its name in a
// pattern; an alternation of kinds (`(replica set|job|deployment) "`),
// whose capture a parser reads as written, is left as it is.
var kindWordsInPattern = regexp.MustCompile(`(^|[ ?^:(])(job|deployment|replica set|daemon set|stateful set|pod disruption budget|priority class) "`)

// ownKindNameInPattern is a choice of a kind's words and its name a
// phrase makes itself.
var ownKindNameInPattern = regexp.MustCompile(`\(\?:(job|deployment|replica set|daemon set|stateful set|pod disruption budget)\|([A-Za-z]+)\) "`)

// kindNames are the kinds' names as the API and kubectl write them.
var kindNames = map[string]string{"job": "Job", "deployment": "Deployment", "replica set": "ReplicaSet",
	"daemon set": "DaemonSet", "stateful set": "StatefulSet", "pod disruption budget": "PodDisruptionBudget",
	// Held-out sets 52 and 57: `Given a PriorityClass "critical-batch"
	// with value 100000`, four times.
	"priority class": "PriorityClass"}

// kindSpellings are a kind's names: the API's, and in one lower-case word
// as kubectl's resource names and first drafts write them (held-out set
// 56: `a replicaset "queue" with 3 replicas:`, 46 of its 60 undefined
// steps).
func kindSpellings(words string) []string {
	name := kindNames[words]
	out := []string{name}
	if one := strings.ToLower(name); one != words {
		out = append(out, one)
	}
	return out
}

// kindChoiceInPattern is a capture that chooses among kinds' words
// (`(deployment|replica set|job) "`), which a parser reads.
var kindChoiceInPattern = regexp.MustCompile(`\(((?:job|deployment|replica set|daemon set|stateful set)(?:\|(?:job|deployment|replica set|daemon set|stateful set))+)\) "`)

// kindWords is a captured kind as the phrase's words say it.
func kindWords(s string) string {
	for words := range kindNames {
		if slices.Contains(kindSpellings(words), s) {
			return words
		}
	}
	return s
}

// kindNamePhrase lets a phrase's workload be named by its kind's name;
// the captures are the phrase's: the choice captures nothing, or a kind
// captured is read as its words (Def.captures).
func kindNamePhrase(d Def) Def {
	src := d.Pattern.String()
	// A phrase that says the kind's name itself (`(?:pod disruption
	// budget|PodDisruptionBudget) "`) takes its other spellings too.
	out := ownKindNameInPattern.ReplaceAllStringFunc(src, func(m string) string {
		g := ownKindNameInPattern.FindStringSubmatch(m)
		if kindNames[g[1]] != g[2] {
			return m
		}
		return g[1] + ` "`
	})
	out = kindWordsInPattern.ReplaceAllStringFunc(out, func(m string) string {
		g := kindWordsInPattern.FindStringSubmatch(m)
		return g[1] + `(?:` + g[2] + `|` + strings.Join(kindSpellings(g[2]), "|") + `) "`
	})
	var kinds []int
	for {
		loc := kindChoiceInPattern.FindStringSubmatchIndex(out)
		if loc == nil {
			break
		}
		var alts []string
		for _, w := range strings.Split(out[loc[2]:loc[3]], "|") {
			alts = append(append(alts, w), kindSpellings(w)...)
		}
		kinds = append(kinds, capturesIn(out[:loc[0]]))
		// The rewritten choice no longer matches kindChoiceInPattern.
		out = out[:loc[0]] + "(" + strings.Join(alts, "|") + `) "` + out[loc[1]:]
	}
	d.kinds = append(d.kinds, kinds...)
	return d.repatterned(src, out)
}
