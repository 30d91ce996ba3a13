package steps

import "regexp"

// A message said by its beginning (issue 38's seventeenth held-out
// batch, four times: `a Warning event "Unhealthy" with message starting
// "Readiness probe failed:" is recorded for pod "web" between 30s and
// 36s`, hinted `with message containing`): an event's `with message "M"`
// is already how its message begins (timeline.Selector.Message), so
// wherever an event's or a node condition's phrase says `with message
// "M"` it takes `with message starting "M"` (`starting with`,
// `beginning with`) too, with that meaning; the reference shows the
// phrase once and says so in its conventions. A container's termination
// message (`terminated with message "M"`) is the whole message: it takes
// no such words.
func messageStartingPhrase(d Def) Def {
	if d.Family != "events" && d.Family != "node expectations" {
		return d
	}
	src := d.Pattern.String()
	out := messageInPattern.ReplaceAllString(src, `${1}message (?:(?:starting|beginning)(?: with)? )?"`)
	return d.repatterned(src, out)
}

// messageInPattern is a message said as it begins in a pattern: `with
// message "`, the `with` optional or not.
var messageInPattern = regexp.MustCompile(`(with |\(\?:with \)\?)message "`)
