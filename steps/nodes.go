package steps

import (
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/evictionapi"
)

// nodeStepFamilies are the node-side phrases (issue 4): the kubelet's
// eviction configuration, node actions, static pods, container usage, and
// the expectations about nodes, evictions, admission and scheduling.
func nodeStepFamilies() []Def {
	var defs []Def
	for _, family := range [][]Def{nodeSizeSteps(), nodeSetupSteps(), nodeShutdownConfigSteps(), staticPodSteps(), usageSteps(), nodeActionSteps(), nodeBackSteps(), nodeLabelSteps(), nodeWaitSteps(), nodePowerSteps(), nodeShutdownSteps(), nodeExpectations(), evictionExpectations(), admissionExpectations()} {
		defs = append(defs, family...)
	}
	return defs
}

func nodeSetupSteps() []Def {
	const f = "kubelet configuration"
	return []Def{
		phrase(f, `^the kubelet hard eviction threshold is "([^"]*)"$`, `Given the kubelet hard eviction threshold is "memory.available<500Mi"`,
			s1(func(ts thresholds) Step { return evictionThreshold{thresholds: ts} })).
			with(slot("eviction signal", "memory.available", evictionSignals...)),
		phrase(f, `^the kubelet soft eviction threshold is "([^"]*)" with grace period (\S+)$`, `Given the kubelet soft eviction threshold is "memory.available<1Gi" with grace period 30s`,
			s2(func(ts thresholds, grace time.Duration) Step {
				return evictionThreshold{thresholds: ts, soft: true, grace: grace}
			})).
			with(slot("eviction signal", "memory.available", evictionSignals...)),
		phrase(f, `^the kubelet eviction minimum reclaim is "([^"]*)"$`, `Given the kubelet eviction minimum reclaim is "memory.available=500Mi"`,
			s1(func(r minReclaims) Step { return minimumReclaim{reclaims: r} })).
			with(slot("eviction signal", "memory.available", evictionSignals...)),
		phrase(f, `^the kubelet eviction max pod grace period is (\S+)$`, `Given the kubelet eviction max pod grace period is 20s`,
			s1(func(g GraceSeconds) Step { return maxPodGrace{grace: g} })),
		phrase(f, `^the kubelet eviction pressure transition period is (\S+)$`, `Given the kubelet eviction pressure transition period is 1m`,
			s1(func(d time.Duration) Step { return transitionPeriod{period: d} })),
	}
}

// evictionSignals are the kubelet's eviction signals, the slot values of
// the threshold phrases (pkg/evictionapi, after
// pkg/kubelet/eviction/api/types.go).
var evictionSignals = func() []string {
	var out []string
	for _, s := range evictionapi.Signals() {
		out = append(out, string(s))
	}
	return out
}()

// parseThresholds reads "signal<value[,signal<value]" once, as the
// kubelet's --eviction-hard flag does, with its validation and messages
// (evictionapi.ParseThresholds): a known signal, the operator <, a
// positive quantity or a percentage between 0% and 100% (0% and 100%
// ignored); a signal named twice is an error.
func parseThresholds(s string) ([]evictionapi.Threshold, error) {
	ts, err := evictionapi.ParseThresholds(s)
	if err != nil {
		return nil, inputErr("eviction threshold %v", err)
	}
	return ts, nil
}

// thresholds is the slot of a threshold phrase, read by parseThresholds.
type thresholds []evictionapi.Threshold

func (t *thresholds) set(s string) error {
	ts, err := parseThresholds(s)
	*t = ts
	return err
}

// declares reports whether the scenario set a hard or soft threshold on
// signal s.
func declares(e *driver.Eviction, s evictionapi.Signal) bool {
	_, hard := evictionapi.Lookup(e.Hard, s)
	_, soft := evictionapi.Lookup(e.Soft, s)
	return hard || soft
}

// eviction is the kubelet's eviction configuration the scenario declares,
// made when first declared; what names the declaration, for the error
// once the cluster runs.
func (pl *Plan) eviction(what string) (*driver.Eviction, error) {
	if err := pl.beforeCluster(what); err != nil {
		return nil, err
	}
	if pl.setup.Eviction == nil {
		pl.setup.Eviction = &driver.Eviction{}
	}
	return pl.setup.Eviction, nil
}

// Given the kubelet hard eviction threshold is "memory.available<500Mi":
// evictionHard. The first such step replaces the kubelet's default hard
// thresholds (even when the kubelet ignores all it says, as 0%); further
// steps add to it.
//
// Given the kubelet soft eviction threshold is "memory.available<1Gi" with grace period 30s:
// evictionSoft, each threshold with the grace period
// (evictionSoftGracePeriod).
type evictionThreshold struct {
	declaration
	thresholds thresholds
	soft       bool
	grace      time.Duration
}

func (s evictionThreshold) Declare(pl *Plan) error {
	e, err := pl.eviction("an eviction threshold")
	if err != nil {
		return err
	}
	have, which := e.Hard, "hard"
	if s.soft {
		have, which = e.Soft, "soft"
	}
	for _, t := range s.thresholds {
		if _, dup := evictionapi.Lookup(have, t.Signal); dup {
			return inputErr("a %s eviction threshold for %s is declared twice", which, t.Signal)
		}
	}
	if !s.soft {
		// A fresh slice: the first hard threshold step replaces the
		// defaults even with no threshold left (0% ignored), which nil
		// would not say.
		e.Hard = append(append([]evictionapi.Threshold{}, e.Hard...), s.thresholds...)
		return nil
	}
	for _, t := range s.thresholds {
		t.GracePeriod = s.grace
		e.Soft = append(e.Soft, t)
	}
	return nil
}

// minReclaims is the slot of the minimum reclaim phrase: the kubelet's
// --eviction-minimum-reclaim syntax, signal=value[,signal=value]
// (evictionapi.ParseMinimumReclaims).
type minReclaims map[evictionapi.Signal]evictionapi.Value

func (r *minReclaims) set(s string) error {
	m, err := evictionapi.ParseMinimumReclaims(s)
	if err != nil {
		return inputErr("eviction minimum reclaim %v", err)
	}
	*r = m
	return nil
}

// Given the kubelet eviction minimum reclaim is "memory.available=500Mi":
// evictionMinimumReclaim. Once a threshold of the signal is met, the
// eviction manager keeps it met until the signal is above the threshold
// plus this much (helpers.go thresholdsMet with enforceMinReclaim), so it
// goes on evicting, a pod a pass, past the threshold.
type minimumReclaim struct {
	declaration
	reclaims minReclaims
}

func (s minimumReclaim) Declare(pl *Plan) error {
	e, err := pl.eviction("an eviction minimum reclaim")
	if err != nil {
		return err
	}
	if e.MinimumReclaim == nil {
		e.MinimumReclaim = map[evictionapi.Signal]evictionapi.Value{}
	}
	for sig, v := range s.reclaims {
		if _, dup := e.MinimumReclaim[sig]; dup {
			return inputErr("a minimum reclaim for %s is declared twice", sig)
		}
		e.MinimumReclaim[sig] = v
	}
	return nil
}

// Given the kubelet eviction max pod grace period is 20s:
// evictionMaxPodGracePeriod, the cap on a soft eviction's grace.
type maxPodGrace struct {
	declaration
	grace GraceSeconds
}

func (s maxPodGrace) Declare(pl *Plan) error {
	e, err := pl.eviction("the eviction max pod grace period")
	if err != nil {
		return err
	}
	e.MaxPodGracePeriod = int64(s.grace)
	return nil
}

// Given the kubelet eviction pressure transition period is 1m
type transitionPeriod struct {
	declaration
	period time.Duration
}

func (s transitionPeriod) Declare(pl *Plan) error {
	if s.period == 0 {
		return inputErr("the pressure transition period must be above 0 (0 keeps the kubelet's default, 5m)")
	}
	e, err := pl.eviction("the eviction pressure transition period")
	if err != nil {
		return err
	}
	e.PressureTransitionPeriod = s.period
	return nil
}
