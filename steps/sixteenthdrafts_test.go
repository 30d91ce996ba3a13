package steps_test

import "testing"

// The phrases of issue 38's sixteenth held-out set
// (features/language/sixteenth-drafts.feature): each scenario there
// passes on the simulator; a copy with one step made false fails at that
// step.

const sixteenthDrafts = "../features/language/sixteenth-drafts.feature"

var sixteenthFalseCopies = []falseCopy{
	{"a message from the log said to hold another line", 13,
		`the termination message of container "app" contains "connection refused: db:5432"`, `the termination message of container "app" contains "connection refused: db:5433"`, `message "connection refused: db:5432\n"`, nil},
	// A message from the log ends with the line's newline.
	{"a message from the log said to be the line exactly", 13,
		`container "app" terminated with message containing "connection refused"`, `container "app" terminated with message "connection refused: db:5432"`, `message "connection refused: db:5432\n"`, nil},
	// Exit 0: no fallback to the log.
	{"a container that succeeds said known by its log", 13,
		`container "app" exits with code 1 after 2s`, `container "app" runs to completion after 2s`, `message ""`, []int{25, 26, 27}},
	// The default policy: the log is not read.
	{"a container of the File policy said known by its log", 13,
		`terminationMessagePolicy: FallbackToLogsOnError`, `terminationMessagePolicy: File`, `message ""`, []int{25, 26}},
	{"a container that fails said to have no message", 30,
		`container "app" runs to completion after 2s`, `container "app" exits with code 1 after 2s`, `message "connection refused: db:5432\n"`, []int{42, 43}},
	{"a container that succeeds said to have a message", 30,
		`the termination message of container "app" is empty`, `the termination message of container "app" contains "connection refused"`, `message ""`, nil},
	{"the termination log said to lose to the log", 46,
		`the termination message of container "app" is "schema version mismatch"`, `the termination message of container "app" contains "connection refused"`, `message "schema version mismatch"`, nil},
	// Printed, not written to the termination log: the log's tail is the
	// message, both lines of it.
	{"a line printed said written to the termination log", 46,
		`container "app" writes "schema version mismatch" to its termination log`, `container "app" logs "schema version mismatch"`, `message "connection refused: db:5432\nschema version mismatch\n"`, []int{59, 60}},
	{"a container whose log is its message said to have none", 63,
		`- name: app`, `- {name: app, terminationMessagePolicy: FallbackToLogsOnError}`, `message "connection refused: db:5432\n"`, []int{74, 75}},
	{"a container of the File policy said known by its log, in other words", 63,
		`the termination message of container "app" is not set`, `the termination message of container "app" contains "connection refused"`, `message ""`, nil},
	// The file written is the one the kubelet reads.
	{"a message written to terminationMessagePath said not read", 79,
		`terminationMessagePath: /tmp/termination-log`, `terminationMessagePath: /dev/termination-log`, `message "schema version mismatch"`, []int{91}},
}

func TestSixteenthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, sixteenthDrafts, sixteenthFalseCopies)
}

// TestSixteenthDraftScenariosPass: the scenarios as written pass.
func TestSixteenthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, sixteenthDrafts, 5)
}
