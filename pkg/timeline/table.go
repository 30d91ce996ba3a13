package timeline

import "time"

// Table is a timeline table as a report shows it: each row with the
// event it matched, so that a reader sees which event stood for which
// row, and the window a timed row was judged by.
type Table struct {
	// Line is the step's line, Pod the pod whose timeline it is.
	Line int    `json:"line"`
	Pod  string `json:"pod"`
	// Exactly is set for `is exactly:`.
	Exactly bool       `json:"exactly,omitempty"`
	Rows    []TableRow `json:"rows"`
}

// TableRow is one row of a table and what it matched.
type TableRow struct {
	// Row is the row's number in the table, from 1.
	Row       int           `json:"row"`
	At        time.Duration `json:"at,omitempty"` // as written, from t=0
	HasAt     bool          `json:"hasAt,omitempty"`
	Container string        `json:"container,omitempty"`
	Label     string        `json:"label"`
	// Matched is the event the row matched, nil when none did.
	Matched *Event `json:"matched,omitempty"`
	// From and To are the window a timed row was judged by, in session
	// time, and Check the number (from 1) of the timed check it made
	// among the result's checks; both unset for a row without a time.
	From  time.Duration `json:"from,omitempty"`
	To    time.Duration `json:"to,omitempty"`
	Check int           `json:"check,omitempty"`
}

// NewTable is a table's record from its matches (ExpectRows).
func NewTable(line int, pod string, exactly bool, matches []RowMatch) Table {
	t := Table{Line: line, Pod: pod, Exactly: exactly}
	for _, m := range matches {
		r := TableRow{Row: m.Row.Line, At: m.Row.At, HasAt: m.Row.HasAt, Container: m.Row.Container, Label: m.Row.Label}
		if m.Found {
			e := m.Event
			r.Matched = &e
		}
		if m.Row.HasAt {
			r.From, r.To = m.Window.From, m.Window.To
		}
		t.Rows = append(t.Rows, r)
	}
	return t
}
