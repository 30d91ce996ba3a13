package runner

import "regexp"

// Readings of held-out sets 57 and 61-62's first drafts (written from the
// README alone), each an action the vocabulary says otherwise.
var (
	// deploymentUpdatedRE is a Deployment's template changed in words
	// (set 61: `When the deployment "shop" is updated with env
	// "VERSION=2"`, hinted `is created` and `is restarted`, neither a new
	// template): the phrase that gives the new template.
	deploymentUpdatedRE = regexp.MustCompile(`(?i)^(?:the )?deployment ("[^"]*") (?:is|gets) (?:updated|changed|modified|patched|edited)\b.*$`)

	// pressureEndsRE is a node's pressure ending (sets 57 and 62: `When
	// the memory pressure on node "worker-b" ends`, hinted `comes under
	// memory pressure`, the opposite): the usage set back below the
	// threshold, the phrase that lowers it.
	pressureEndsRE = regexp.MustCompile(`(?i)^(?:the )?(memory|disk) pressure (?:on|of) (the node|(?:the )?node "[^"]*") (?:ends|is relieved|goes away|stops|is removed|disappears|is over)$|^(the node|(?:the )?node "[^"]*")(?:'s)? (memory|disk) pressure (?:ends|is relieved|goes away|stops|is removed|disappears|is over)$`)
)

// refusedStatusRE is an eviction refused with its HTTP status said as
// such (set 66: `is refused with status 429 within 2s` was hinted
// `is refused 429 times within 2s`, the status read as a count).
var refusedStatusRE = regexp.MustCompile(`(?i)\bis refused with (?:(?:http )?status|(?:http )?code|http) (\d{3})\b`)

// readOutcomes61 reads an expectation's words as its phrase.
func readOutcomes61(out string) string {
	return refusedStatusRE.ReplaceAllString(out, "is refused with $1")
}

// readActions61 reads an action's words as its phrase.
func readActions61(out string) string {
	if m := deploymentUpdatedRE.FindStringSubmatch(out); m != nil {
		return "the pod template of deployment " + m[1] + " becomes:"
	}
	if m := pressureEndsRE.FindStringSubmatch(out); m != nil {
		if m[1] != "" {
			return m[2] + " " + m[1] + " usage reaches"
		}
		return m[3] + " " + m[4] + " usage reaches"
	}
	return out
}
