package steps

import (
	"context"
	"regexp"
	"strings"
	"time"

	"github.com/cucumber/godog"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

func timelineExpectations() []Def {
	const f = "timeline"
	return []Def{
		phrase(f, `^the timeline of pod "([^"]*)" is( exactly)?:$`, "Then the timeline of pod \"web\" is:\n  | at | container | event          |\n  | 0s | app       | PreStopStarted |\n  | 3s | app       | SIGTERM        |",
			withTable(func(c []string, t *godog.Table) (Step, error) {
				return &timelineTable{pod: c[0], exactly: c[1] != "", table: t}, nil
			})),
	}
}

// Vocabulary is the event column's vocabulary, shared by every driver.
var Vocabulary = []string{
	"Scheduled", "Admitted", "Rejected(reason)", "Created", "Started", "PostStartDone", "Ready", "NotReady",
	"ProbeFailed(kind)", "PreStopStarted", "PreStopDone", "SIGTERM", "SIGKILL", "Exited(code)", "Restarted",
	"BackOff", "Evicted", "Phase(P)", "Deleted", "Event(reason)",
	// Beyond docs/language.md's list, also recorded by both drivers:
	"PodCreated", "SandboxReady", "DeleteRequested(Ns)", "Condition(Type=Status)", "Status(STATUS)",
}

var labelPattern = regexp.MustCompile(`^(Scheduled|Admitted|Created|Started|PostStartDone|Ready|NotReady|PreStopStarted|PreStopDone|SIGTERM|SIGKILL|Restarted|BackOff|Evicted|Deleted|PodCreated|SandboxReady|DeleteRequested|Rejected\([^()]+\)|ProbeFailed\((liveness|readiness|startup)\)|Exited\(\d{1,3}\)|Phase\((Pending|Running|Succeeded|Failed|Unknown)\)|Event\([^()]+\)|Status\([^()]+\)|DeleteRequested\(\d+s\)|Condition\([A-Za-z]+=(True|False|Unknown)\))$`)

// Then the timeline of pod "web" is: (a table of at, container, event)
type timelineTable struct {
	pod     string
	exactly bool
	table   *godog.Table
	// rows are the table's, read by Declare.
	rows []timeline.Row
}

func (s *timelineTable) Declare(pl *Plan) error {
	if _, err := pl.mustPod(s.pod); err != nil {
		return err
	}
	var err error
	s.rows, err = pl.timelineRows(s.pod, s.table)
	return err
}

func (s *timelineTable) Run(ctx context.Context, st *State) error {
	pod, rows := s.pod, s.rows
	// A row's time is an `at T`: the scenario runs at least to it, also
	// when its activity has settled before (periodic probes, back-offs).
	if err := st.ready(ctx); err != nil {
		return err
	}
	// A row about what the driver cannot see makes the table a skip,
	// before any row is judged.
	for _, r := range rows {
		if err := st.observable(timeline.Selector{Pod: pod, Container: r.Container, Kind: timeline.LabelKind(r.Label)}); err != nil {
			return err
		}
	}
	var last time.Duration
	for _, r := range rows {
		if r.HasAt {
			last = max(last, r.At)
		}
	}
	// The table waits as `never` does, to the end of the activity that
	// follows the current time, and at least to its last timed row; on a
	// cluster a table that is not exact may decide before (early).
	early, rest, err := s.await(ctx, st, last)
	if err != nil {
		return err
	}
	if _, _, err := st.Session.RunUntil(ctx, st.clock.t0.At+last, nil); err != nil {
		return err
	}
	if early == nil {
		return s.judge(ctx, st, last)
	}
	// A table judged before the activity's end that did not hold is
	// judged again at the end, as if it had waited: its checks and the
	// current time it moved are undone first.
	checks, cur, by, liveCur := len(st.Checks), st.clock.cur, st.clock.by, st.clock.liveCur
	if err := s.judge(ctx, st, last); err == nil {
		return nil
	} else if _, ok := timeline.AsVerdict(err); !ok {
		return err
	}
	st.Checks, st.clock.cur, st.clock.by, st.clock.liveCur = st.Checks[:checks], cur, by, liveCur
	if err := finishWait(ctx, st, early, rest); err != nil {
		return err
	}
	return s.judge(ctx, st, last)
}

// earlyMargin is how long after its last timed row a table that is not
// exact waits on a cluster before it is judged, its rows all seen: the
// observers' latency (an Event through the API) and a row's window past
// its time.
const earlyMargin = 10 * time.Second

// await runs the scenario on for the table. On a cluster whose activity
// does not end (a crash loop's back-off, a probe failing for ever) the
// end is the limit, 2 minutes; but a table that is not exact holds or
// fails by the rows' own events, matched in order with others allowed
// between: once every row has an event of its container and label after
// t=0 and the last timed row is earlyMargin past, later events cannot
// undo a match. early is the session when the table stopped there, rest
// what is left of the limit: it may still need the activity's end (Run
// judges it again if it does not hold).
func (s *timelineTable) await(ctx context.Context, st *State, last time.Duration) (early driver.UntilSettler, rest time.Duration, err error) {
	us, ok := driver.SessionAs[driver.UntilSettler](st.Session)
	if st.clk().exact || s.exactly || !ok {
		_, _, err := st.settle(ctx)
		return nil, 0, err
	}
	t0, until, start := st.clock.t0, st.clock.t0.At+last+earlyMargin, st.Session.Now()
	at, held, capped, err := us.SettleUntil(ctx, st.clk().limit, func(v driver.View) bool {
		return st.Session.Now() >= until && rowsSeen(v.Timeline(), t0, s.pod, s.rows)
	})
	if capped {
		st.capNote(at)
	}
	if !held {
		return nil, 0, err
	}
	return us, st.clk().limit - (at - start), err
}

// finishWait runs the activity on to its end, or to what is left of the
// limit the table's wait began with (the end it would have had).
func finishWait(ctx context.Context, st *State, us driver.UntilSettler, rest time.Duration) error {
	at, _, capped, err := us.SettleUntil(ctx, rest, nil)
	if capped {
		st.capNote(at)
	}
	return err
}

// rowsSeen says whether each row can have an event of its own: as many
// events of a container and label after t0 as rows naming them.
func rowsSeen(events []timeline.Event, t0 timeline.Mark, pod string, rows []timeline.Row) bool {
	type key struct{ container, label string }
	need := map[key]int{}
	for _, r := range rows {
		need[key{r.Container, r.Label}]++
	}
	for _, e := range events {
		if k := (key{e.Container, e.Label()}); e.Pod == pod && need[k] > 0 && t0.Precedes(e) {
			need[k]--
		}
	}
	for _, n := range need {
		if n > 0 {
			return false
		}
	}
	return true
}

// judge matches the rows against the timeline and keeps each timed row's
// check.
func (s *timelineTable) judge(ctx context.Context, st *State, last time.Duration) error {
	pod, rows := s.pod, s.rows
	// Each timed row's window; the reference is looked up (and on a
	// cluster the kubelet's reaction checked) before matching.
	var werr error
	var earlier []timeline.RowMatch // the timed rows matched so far
	win := func(r timeline.Row, prev *timeline.RowMatch) timeline.Window {
		if prev != nil && (len(earlier) == 0 || earlier[len(earlier)-1].Row != prev.Row) {
			earlier = append(earlier, *prev)
		}
		w, err := st.rowWindow(ctx, pod, r, earlier)
		if err != nil && werr == nil {
			werr = err
		}
		return w
	}
	matches, err := timeline.ExpectRows(st.clk().events(), st.clock.t0, pod, rows, s.exactly, st.order(), win)
	if werr != nil {
		return werr
	}
	earlier = nil
	tab := timeline.NewTable(st.stepLine, pod, s.exactly, matches)
	defer func() { st.Tables = keepTable(st.Tables, tab) }()
	for i, m := range matches {
		if !m.Row.HasAt {
			continue
		}
		var obs *timeline.Event
		var rowErr error
		if m.Found {
			obs = &m.Event
		} else {
			rowErr = err
		}
		sel := timeline.Selector{Pod: pod, Container: m.Row.Container, Kind: timeline.LabelKind(m.Row.Label)}
		// What the API showed of the pod once a container ended is
		// judged, where the judge can, by that end (a cluster's API shows
		// it a status sync later): the row's time is the exit's.
		c, ok, cerr := st.caused(ctx, sel, m, earlier, m.Row.At)
		switch {
		case cerr != nil:
			return cerr
		case ok:
			if cerr := st.keepWindowCheck(sel, m.Row.Label+" (its last container's end)", c.Window, c.Cause, c.Verdict); cerr != nil && err == nil {
				err = cerr
			}
		default:
			_ = st.keepWindowCheck(sel, m.Row.Label, m.Window, obs, rowErr)
		}
		// The row's window is its check's: the one it was judged by.
		ck := st.Checks[len(st.Checks)-1]
		tab.Rows[i].From, tab.Rows[i].To, tab.Rows[i].Check = ck.From, ck.To, len(st.Checks)
		if m.Found {
			earlier = append(earlier, m)
		}
	}
	// The table decides at its last timed row (docs/language.md, Time:
	// "current time"), whether it held or not.
	if st.clk().exact && last > 0 {
		st.clk().decided(st.clock.t0.At+last, last)
	}
	if planted("table-runs-time") {
		st.clk().decided(st.Session.Now(), st.Session.Now()-st.clock.t0.At)
	}
	return err
}

// keepTable adds a judged table to those kept for the report; a table
// judged again (Run) replaces its first judgement.
func keepTable(tables []timeline.Table, t timeline.Table) []timeline.Table {
	for i := range tables {
		if tables[i].Line == t.Line {
			tables[i] = t
			return tables
		}
	}
	return append(tables, t)
}

// timelineRows reads a timeline table of the pod: its columns, each row's
// container (the pod's), event (the vocabulary's) and time.
func (pl *Plan) timelineRows(pod string, table *godog.Table) ([]timeline.Row, error) {
	if table == nil || len(table.Rows) < 2 {
		return nil, inputErr("the timeline needs a header row (at | container | event) and at least one row")
	}
	col := map[string]int{}
	for i, c := range table.Rows[0].Cells {
		name := strings.ToLower(strings.TrimSpace(c.Value))
		// The time column as first drafts head it (blind set 21:
		// `| time | container | event |`).
		if name == "time" || name == "t" || name == "when" {
			name = "at"
		}
		col[name] = i
	}
	for _, name := range []string{"at", "container", "event"} {
		if _, ok := col[name]; !ok {
			return nil, inputErr("the timeline table has no %q column (columns: at, container, event)", name)
		}
	}
	p := pl.pod(pod)
	var rows []timeline.Row
	for i, r := range table.Rows[1:] {
		cell := func(name string) string { return strings.TrimSpace(r.Cells[col[name]].Value) }
		row := timeline.Row{Line: i + 1, Label: cell("event"), Container: cell("container")}
		if row.Container == "-" {
			row.Container = ""
		}
		if row.Container != "" && p.container(row.Container) == nil {
			return nil, inputErr("row %d: pod %q has no container %q", i+1, pod, row.Container)
		}
		if !labelPattern.MatchString(row.Label) {
			return nil, inputErr("row %d: %q is not a timeline event (one of: %s)", i+1, row.Label, strings.Join(Vocabulary, ", "))
		}
		if at := cell("at"); at != "" && at != "-" {
			d, err := parseDuration(at)
			if err != nil {
				return nil, err
			}
			row.At, row.HasAt = d, true
		}
		rows = append(rows, row)
	}
	return rows, nil
}
