package timeline

import "time"

// Check is one timed expectation as a step evaluated it: the window the
// event was expected in against when it was observed. Reports draw checks
// on the timeline chart. Times are session times, like events'.
type Check struct {
	Line      int    `json:"line"`
	Step      string `json:"step"`
	Pod       string `json:"pod,omitempty"`
	Container string `json:"container,omitempty"`
	// What is the event or state awaited: "SIGKILL", "Exited(137)",
	// "gone", "Running".
	What string        `json:"what"`
	From time.Duration `json:"from"`
	To   time.Duration `json:"to"`
	// Observed is when it happened, if Seen.
	Observed time.Duration `json:"observed,omitempty"`
	Seen     bool          `json:"seen"`
	OK       bool          `json:"ok"`
}
