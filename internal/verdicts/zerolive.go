package verdicts

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	livejudge "github.com/podlife/podlife/pkg/driver/live/judge"
	"github.com/podlife/podlife/pkg/printer"
	"github.com/podlife/podlife/pkg/timeline"
)

// zeroLive is the simulator dressed as a cluster whose windows have zero
// width: a cluster's judge (pkg/driver/live/judge) over observations of
// zero width, no going back (Rewinder and Past are hidden: the steps
// take their cluster paths), zero tolerance, zero margins and
// reactions, and a record of the pods as observed (driver.History). Its
// verdicts of timed expectations and state checks must be the
// simulator's.
type zeroLive struct {
	driver.Plain
	inner driver.Driver
}

func (z zeroLive) Name() string { return "zero-width cluster" }

func (z zeroLive) Capabilities() driver.Capabilities {
	var cs []driver.Capability
	for _, c := range driver.AllCapabilities() {
		if c != driver.ExactTime {
			cs = append(cs, c)
		}
	}
	return driver.NewCapabilities(cs...)
}

func (z zeroLive) Tolerance() time.Duration { return 0 }

func (z zeroLive) Start(ctx context.Context, sc driver.Scenario) (driver.Session, error) {
	s, err := z.inner.Start(ctx, sc)
	if err != nil {
		return nil, err
	}
	return &zeroSession{Refusing: driver.Refusing{Name: "zero-width cluster"}, inner: s}, nil
}

// zeroSession is a session of zeroLive. It does not unwrap: the
// simulator's optional interfaces stay hidden.
type zeroSession struct {
	driver.Refusing
	inner driver.Session
	names []string
	seen  []seenView
	judge *livejudge.Judge
}

// seenView is the pods as observed after a change.
type seenView struct {
	at      time.Duration
	pods    map[string]*corev1.Pod
	columns map[string]printer.Columns
	events  int
}

var (
	_ livejudge.Observations = (*zeroSession)(nil)
	_ driver.History         = (*zeroSession)(nil)
)

func (z *zeroSession) observe() {
	v := z.inner.View()
	s := seenView{at: z.inner.Now(), pods: map[string]*corev1.Pod{}, columns: map[string]printer.Columns{}, events: len(v.Timeline())}
	for _, n := range z.names {
		if p := v.Pod(n); p != nil {
			s.pods[n] = p.DeepCopy()
		}
		if pp, ok := v.(driver.PodPrinter); ok {
			if c, ok := pp.PrintPod(n); ok {
				s.columns[n] = c
			}
		}
	}
	z.seen = append(z.seen, s)
}

func (z *zeroSession) Configure(ctx context.Context, s driver.Setup) error {
	return z.inner.Configure(ctx, s)
}

func (z *zeroSession) Apply(ctx context.Context, p *corev1.Pod) error {
	z.names = append(z.names, p.Name)
	err := z.inner.Apply(ctx, p)
	z.observe()
	return err
}

func (z *zeroSession) Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error {
	err := z.inner.Delete(ctx, name, opts)
	z.observe()
	return err
}

func (z *zeroSession) Now() time.Duration { return z.inner.Now() }

func (z *zeroSession) RunUntil(ctx context.Context, deadline time.Duration, cond func(driver.View) bool) (time.Duration, bool, error) {
	at, ok, err := z.inner.RunUntil(ctx, deadline, func(v driver.View) bool {
		z.observe()
		return cond != nil && cond(v)
	})
	z.observe()
	if cond == nil {
		ok = true
	}
	return at, ok, err
}

// Settle is a cluster's: until every pod is gone or terminal, or until
// limit has passed.
func (z *zeroSession) Settle(ctx context.Context, limit time.Duration) (time.Duration, bool, error) {
	at, ok, err := z.RunUntil(ctx, z.Now()+limit, func(v driver.View) bool {
		for _, n := range z.names {
			if p := v.Pod(n); p != nil && p.Status.Phase != corev1.PodSucceeded && p.Status.Phase != corev1.PodFailed {
				return false
			}
		}
		return true
	})
	return at, !ok, err
}

func (z *zeroSession) View() driver.View               { return z.inner.View() }
func (z *zeroSession) Close(ctx context.Context) error { return z.inner.Close(ctx) }

// Judge is a cluster's (pkg/driver/live/judge), over observations of zero
// width: the steps' cluster windows, made exact.
func (z *zeroSession) Judge() driver.Judge {
	if z.judge == nil {
		z.judge = livejudge.New(z, z)
	}
	return z.judge
}

// Observations of zero width: a reaction at the action's instant, no
// margin, everything seen.
func (z *zeroSession) Reaction(driver.Action) time.Duration { return 0 }
func (z *zeroSession) Margin(timeline.Selector, driver.Action) (time.Duration, time.Duration) {
	return 0, 0
}
func (z *zeroSession) Precise(timeline.Selector) bool { return true }

// RequestPrecision: podlife's requests are stamped at their instant.
func (z *zeroSession) RequestPrecision() time.Duration { return 0 }

func (z *zeroSession) Unobserved(timeline.Selector) string          { return "" }
func (z *zeroSession) Noticed(timeline.Event) (time.Duration, bool) { return 0, false }
func (z *zeroSession) Acted(timeline.Event) (time.Duration, bool)   { return 0, false }
func (z *zeroSession) ProbeAnswers(timeline.Selector, string) []time.Duration {
	return nil
}
func (z *zeroSession) DeadlineClock(string) (time.Duration, bool) { return 0, false }
func (z *zeroSession) WholeSecond(at time.Duration) time.Duration { return at }
func (z *zeroSession) TerminatedSync(timeline.Event, time.Duration, time.Duration) (time.Duration, time.Duration, bool) {
	return 0, 0, false
}

// ViewsBetween is the pods as they stood at from, then after each change
// observed up to to.
func (z *zeroSession) ViewsBetween(from, to time.Duration) []driver.View {
	var out []driver.View
	start := -1
	for i, s := range z.seen {
		if s.at <= from {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, pastView{z, z.seen[start]})
	}
	for _, s := range z.seen[start+1:] {
		if s.at > from && s.at <= to {
			out = append(out, pastView{z, s})
		}
	}
	return out
}

// pastView is a seenView as a driver.View.
type pastView struct {
	z *zeroSession
	s seenView
}

func (v pastView) Pod(name string) *corev1.Pod   { return v.s.pods[name] }
func (v pastView) Node(name string) *corev1.Node { return v.z.inner.View().Node(name) }
func (v pastView) Timeline() []timeline.Event {
	return v.z.inner.View().Timeline()[:v.s.events]
}

func (v pastView) PrintPod(name string) (printer.Columns, bool) {
	c, ok := v.s.columns[name]
	return c, ok
}
