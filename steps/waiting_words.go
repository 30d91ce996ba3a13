package steps

// What issue 38's sixteenth held-out batch lacked: a container's waiting
// message (seven times in one draft: `container "app" is waiting with
// reason "CrashLoopBackOff" and message containing "back-off 20s" at
// 22s`), the text in which the kubelet says how long the crash-loop
// back-off holds the restart (kuberuntime_manager.go doBackOff,
// v1.36.3: "back-off %s restarting failed container=%s pod=%s", the
// back-off's current step), and kubectl's STATUS column named first
// without a time or with `within` (hinted `at`, another meaning).
func waitingWords() []Def {
	const f = "pod expectations"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? is waiting with `
	const reason = `reason "?([^" ]+)"? and (?:a )?message containing "([^"]*)"`
	const message = `(?:a )?message containing "([^"]*)"`
	const begins = `reason "?([^" ]+)"? and (?:a )?message (?:(?:starting|beginning)(?: with)? )?"([^"]*)"`
	column := `^the (?:STATUS column|kubectl STATUS) of (?:the )?pod "([^"]*)" is "?([^" ]+)"?`
	return []Def{
		phrase(f, ctr+reason+`$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff" and message containing "back-off 10s"`,
			s4(func(c, pod, r, text string) Step {
				return containerWaitingWith{containerNamed{c, pod}, r, text, messageContains}
			})),
		phrase(f, ctr+reason+` at (\S+)$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff" and message containing "back-off 20s" at 25s`,
			s5(func(c, pod, r, text string, at writtenSpan) Step {
				return readAtInstant{containerWaitingWith{containerNamed{c, pod}, r, text, messageContains}, at}
			})),
		phrase(f, ctr+reason+` within (\S+)$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff" and message containing "back-off 10s" within 5s`,
			s5(func(c, pod, r, text string, d writtenSpan) Step {
				return waitingWithin{containerWaitingWith{containerNamed{c, pod}, r, text, messageContains}, d}
			})),
		// Its coming in a window, as the STATUS column's (polledComing),
		// so that it may be timed from an exit (anchored_words.go: held-out
		// batch 18, `… and message containing "back-off 20s" after its 2nd
		// exit`, nine times in one draft).
		phrase(f, ctr+reason+` between (\S+) and (\S+)$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff" and message containing "back-off 10s" between 1s and 3s`,
			s6(func(c, pod, r, text string, a, b writtenSpan) Step {
				return waitingComing{containerWaitingWith{containerNamed{c, pod}, r, text, messageContains}, a, b}
			})),
		phrase(f, ctr+message+` between (\S+) and (\S+)$`, `Then container "app" of pod "web" is waiting with message containing "back-off 10s" between 1s and 3s`,
			s5(func(c, pod, text string, a, b writtenSpan) Step {
				return waitingComing{containerWaitingWith{containerNamed{c, pod}, "", text, messageContains}, a, b}
			})),
		phrase(f, ctr+`reason "?([^" ]+)"? between (\S+) and (\S+)$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff" between 1s and 3s`,
			s5(func(c, pod, r string, a, b writtenSpan) Step {
				return waitingComing{containerWaitingWith{containerNamed{c, pod}, r, "", messageContains}, a, b}
			})),
		// The message quoted as it begins (held-out batch 19: `and
		// message "back-off 40s restarting failed container=worker
		// pod=crasher_" after its 4th exit`, twice, hinted `containing`
		// without the exit), as an event's `with message "M"` is.
		phrase(f, ctr+begins+`$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff" and message "back-off 10s restarting failed container=app"`,
			s4(func(c, pod, r, text string) Step {
				return containerWaitingWith{containerNamed{c, pod}, r, text, messageBegins}
			})),
		phrase(f, ctr+begins+` at (\S+)$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff" and message "back-off 20s" at 25s`,
			s5(func(c, pod, r, text string, at writtenSpan) Step {
				return readAtInstant{containerWaitingWith{containerNamed{c, pod}, r, text, messageBegins}, at}
			})),
		phrase(f, ctr+begins+` within (\S+)$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff" and message "back-off 10s" within 5s`,
			s5(func(c, pod, r, text string, d writtenSpan) Step {
				return waitingWithin{containerWaitingWith{containerNamed{c, pod}, r, text, messageBegins}, d}
			})),
		phrase(f, ctr+begins+` between (\S+) and (\S+)$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff" and message "back-off 10s" between 1s and 3s`,
			s6(func(c, pod, r, text string, a, b writtenSpan) Step {
				return waitingComing{containerWaitingWith{containerNamed{c, pod}, r, text, messageBegins}, a, b}
			})),
		phrase(f, ctr+message+`$`, `Then container "app" of pod "web" is waiting with message containing "back-off 10s"`,
			s3(func(c, pod, text string) Step {
				return containerWaitingWith{containerNamed{c, pod}, "", text, messageContains}
			})),
		phrase(f, ctr+message+` at (\S+)$`, `Then container "app" of pod "web" is waiting with message containing "back-off 20s" at 25s`,
			s4(func(c, pod, text string, at writtenSpan) Step {
				return readAtInstant{containerWaitingWith{containerNamed{c, pod}, "", text, messageContains}, at}
			})),
		phrase(f, ctr+message+` within (\S+)$`, `Then container "app" of pod "web" is waiting with message containing "back-off 10s" within 5s`,
			s4(func(c, pod, text string, d writtenSpan) Step {
				return waitingWithin{containerWaitingWith{containerNamed{c, pod}, "", text, messageContains}, d}
			})),
		phrase("kubectl columns", column+`$`, `Then the STATUS column of pod "web" is "Running"`,
			s2(func(pod string, status kubectlStatus) Step { return thePodShowsStatus{podNamed{pod}, string(status)} })).
			with(statusSlot("Running")),
		phrase("kubectl columns", column+` within (\S+)$`, `Then the STATUS column of pod "web" is "Running" within 10s`,
			s3(func(pod string, status kubectlStatus, d writtenSpan) Step {
				return thePodShowsStatusWithin{podNamed{pod}, string(status), d}
			})).with(statusSlot("Running")),
		// Its coming in a window, as `the pod "web" shows STATUS "S"
		// between A and B` (anchored_words.go times it from an exit).
		phrase("kubectl columns", column+` between (\S+) and (\S+)$`, `Then the STATUS column of pod "web" is "Error" between 2s and 3s`,
			s4(func(pod string, status kubectlStatus, a, b writtenSpan) Step {
				return thePodShowsStatusIn{podWindow{podNamed{pod}, a, b}, string(status)}
			})).with(statusSlot("Error")),
	}
}
