package steps

// An event's type (issue 38's sixteenth held-out batch, three times:
// `pod "api" gets a Warning event "Evicted" with message containing
// "The node was low on resource: memory"`, hinted without the type): the
// Event's type field, Warning or Normal, as `kubectl describe` lists it.
// The kubelet records its failures as Warning (BackOff, Unhealthy,
// Evicted, Failed, FailedPreStopHook: kuberuntime_manager.go doBackOff,
// prober/prober.go runProbeWithRetries, eviction_manager.go evictPod,
// v1.36.3) and its progress as Normal (Scheduled, Pulled, Created,
// Started, Killing); both drivers keep the type of each Event they record.
func eventTypeWords() []Def {
	const f = "events"
	const typed = `an? (Warning|Normal) event "([^"]*)"`
	const podGets = `^(?:the )?pod "([^"]*)" (?:gets|has|receives|got|had) `
	// A message said by its beginning (message_words.go), here where the
	// typed phrases otherwise say only what it contains; `with message
	// "M"` is its beginning, as an untyped event's (held-out batch 18:
	// `a Warning event "Unhealthy" with message "Startup probe failed"`,
	// twice, hinted without the message).
	const starting = `(?:(?:starting|beginning)(?: with)? )?`
	typedAbout := func(typ string, c []string) eventAbout {
		a := eventAboutOf(c)
		a.typ = typ
		return a
	}
	typedSaid := func(w spanWord, contains bool) parser {
		return func(c []string, _ Arg) (Step, error) {
			return &eventSaid{reason: c[1], message: c[2], contains: contains, about: typedAbout(c[0], c[3:6]), when: w.of(c[6:])}, nil
		}
	}
	return []Def{
		phrase(f, `^`+typed+` is recorded`+about+`(?: (\S+) times?)?$`, `Then a Warning event "BackOff" is recorded for container "app" of pod "web"`,
			func(c []string, _ Arg) (Step, error) {
				return eventRecordedOf(c[1], typedAbout(c[0], c[2:]), c[5:]), nil
			}).
			with(eventTypeSlot("Warning"), eventSlot("BackOff")),
		phrase(f, `^`+typed+` is recorded`+about+`(?: (\S+) times?)? within (\S+)$`, `Then a Warning event "Unhealthy" is recorded for container "app" of pod "web" within 35s`,
			func(c []string, _ Arg) (Step, error) {
				return eventRecordedOf(c[1], typedAbout(c[0], c[2:]), c[5:]), nil
			}).
			with(eventTypeSlot("Warning"), eventSlot("Unhealthy")),
		phrase(f, `^no (Warning|Normal) event "([^"]*)" is recorded`+about+`$`, `Then no Warning event "FailedPreStopHook" is recorded for pod "web"`,
			func(c []string, _ Arg) (Step, error) {
				return &noEvent{reason: c[1], about: typedAbout(c[0], c[2:])}, nil
			}).
			with(eventTypeSlot("Warning"), eventSlot("FailedPreStopHook")),
		phrase(f, `^`+typed+` with (?:a )?message containing "([^"]*)" is recorded`+about+`$`, `Then a Normal event "Killing" with message containing "Stopping container" is recorded for pod "web"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[1], text: c[2], about: typedAbout(c[0], c[3:])}, nil
			}).with(eventTypeSlot("Normal"), eventSlot("Killing")),
		phrase(f, `^`+typed+` is recorded`+about+` with (?:a )?message containing "([^"]*)"$`, `Then a Warning event "Evicted" is recorded for pod "web" with message containing "low on resource: memory"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[1], text: c[5], about: typedAbout(c[0], c[2:5])}, nil
			}).with(eventTypeSlot("Warning"), eventSlot("Evicted")),
		phrase(f, `^`+typed+` with (?:a )?message `+starting+`"([^"]*)" is recorded`+about+`$`, `Then a Warning event "BackOff" with message starting "Back-off restarting failed container" is recorded for pod "web"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[1], text: c[2], prefix: true, about: typedAbout(c[0], c[3:])}, nil
			}).with(eventTypeSlot("Warning"), eventSlot("BackOff")),
		phrase(f, `^`+typed+` is recorded`+about+` with (?:a )?message `+starting+`"([^"]*)"$`, `Then a Warning event "Unhealthy" is recorded for pod "web" with message starting "Liveness probe failed"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[1], text: c[5], prefix: true, about: typedAbout(c[0], c[2:5])}, nil
			}).with(eventTypeSlot("Warning"), eventSlot("Unhealthy")),
		// Timed, with its message (held-out batch 18: `a Normal event
		// "Killing" with message "Stopping container app" is recorded for
		// pod "web" at 0s`, three times, hinted untimed): the first such
		// event at or after t=0 in the window, as the untyped `the pod
		// "web" has a "Killing" event with message "M" at T` judges it.
		phrase(f, `^`+typed+` with (?:a )?message `+starting+`"([^"]*)" is recorded`+about+` at (\S+)$`, `Then a Normal event "Killing" with message "Stopping container app" is recorded for pod "web" at 0s`, typedSaid(atSpan, false)).
			with(eventTypeSlot("Normal"), eventSlot("Killing")),
		phrase(f, `^`+typed+` with (?:a )?message `+starting+`"([^"]*)" is recorded`+about+` within (\S+)$`, `Then a Warning event "Unhealthy" with message "Liveness probe failed" is recorded for container "app" within 30s`, typedSaid(withinSpan, false)).
			with(eventTypeSlot("Warning"), eventSlot("Unhealthy")),
		phrase(f, `^`+typed+` with (?:a )?message `+starting+`"([^"]*)" is recorded`+about+` between (\S+) and (\S+)$`, `Then a Warning event "Unhealthy" with message "Liveness probe failed" is recorded for container "app" between 15s and 30s`, typedSaid(betweenSpan, false)).
			with(eventTypeSlot("Warning"), eventSlot("Unhealthy")),
		phrase(f, `^`+typed+` with (?:a )?message containing "([^"]*)" is recorded`+about+` at (\S+)$`, `Then a Normal event "Killing" with message containing "Stopping container" is recorded for pod "web" at 0s`, typedSaid(atSpan, true)).
			with(eventTypeSlot("Normal"), eventSlot("Killing")),
		phrase(f, `^`+typed+` with (?:a )?message containing "([^"]*)" is recorded`+about+` within (\S+)$`, `Then a Warning event "Unhealthy" with message containing "probe failed" is recorded for container "app" within 30s`, typedSaid(withinSpan, true)).
			with(eventTypeSlot("Warning"), eventSlot("Unhealthy")),
		phrase(f, `^`+typed+` with (?:a )?message containing "([^"]*)" is recorded`+about+` between (\S+) and (\S+)$`, `Then a Warning event "Unhealthy" with message containing "probe failed" is recorded for container "app" between 15s and 30s`, typedSaid(betweenSpan, true)).
			with(eventTypeSlot("Warning"), eventSlot("Unhealthy")),
		phrase(f, podGets+typed+`$`, `Then the pod "web" gets a Warning event "BackOff"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventRecorded{reason: c[2], about: eventAbout{pod: c[0], typ: c[1]}}, nil
			}).with(eventTypeSlot("Warning"), eventSlot("BackOff")),
		phrase(f, podGets+typed+` with (?:a )?message containing "([^"]*)"$`, `Then the pod "web" gets a Warning event "Evicted" with message containing "low on resource: memory"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[2], text: c[3], about: eventAbout{pod: c[0], typ: c[1]}}, nil
			}).with(eventTypeSlot("Warning"), eventSlot("Evicted")),
		phrase(f, podGets+typed+` with (?:a )?message `+starting+`"([^"]*)"$`, `Then the pod "web" gets a Warning event "Evicted" with message starting "The node was low on resource: memory"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[2], text: c[3], prefix: true, about: eventAbout{pod: c[0], typ: c[1]}}, nil
			}).with(eventTypeSlot("Warning"), eventSlot("Evicted")),
	}
}

// eventTypeSlot is an Event's type: kubectl describe's Type column.
func eventTypeSlot(example string) Slot {
	return slot("event type", example, "Warning", "Normal")
}
