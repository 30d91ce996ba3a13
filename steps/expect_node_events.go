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
