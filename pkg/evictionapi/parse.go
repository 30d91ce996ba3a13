package evictionapi

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/podlife/podlife/pkg/quantity"
)

// ParseStatement parses the value of one threshold statement, signal<val,
// as the kubelet does for evictionHard and evictionSoft (helpers.go,
// parseThresholdStatement): the signal must be one of the kubelet's; a
// value ending in % is a percentage between 0% and 100%, and the
// statements "0%" and "100%" are ignored (nil, no error); any other value
// is a quantity above zero. The messages are the kubelet's, a hint added
// where the kubelet's alone would not say what to write.
//
// Beyond the kubelet: a NaN percentage is refused (the kubelet takes it,
// and its comparisons then never hold), and a quantity is bounded before
// it is parsed (pkg/quantity).
func ParseStatement(s Signal, val string) (*Threshold, error) {
	if !s.Valid() {
		return nil, unsupported(s)
	}
	if strings.HasSuffix(val, "%") {
		// helpers.go, parseThresholdStatement: "ignore 0% and 100%",
		// the statements as written (0.0% is kept).
		if val == "0%" || val == "100%" {
			return nil, nil
		}
		p, err := parsePercentage(val)
		if err != nil {
			return nil, fmt.Errorf("eviction threshold %v: %q is not a percentage (examples: 10%%, 10.5%%)", s, val)
		}
		if p < 0 {
			return nil, fmt.Errorf("eviction percentage threshold %v must be >= 0%%: %s", s, val)
		}
		if p > 1 {
			return nil, fmt.Errorf("eviction percentage threshold %v must be <= 100%%: %s", s, val)
		}
		return &Threshold{Signal: s, Value: Value{Percentage: p}}, nil
	}
	q, err := quantity.Parse(val)
	if err != nil {
		return nil, fmt.Errorf("eviction threshold %v: %v", s, err)
	}
	if q.Sign() <= 0 {
		return nil, fmt.Errorf("eviction threshold %v must be positive: %s", s, q.String())
	}
	return &Threshold{Signal: s, Value: Value{Quantity: &q}}, nil
}

// ParseThresholds parses the flag form of evictionHard and evictionSoft,
// "signal<value[,signal<value]", as the kubelet's --eviction-hard and
// --eviction-soft read it (k8s.io/component-base cli/flag,
// LangleSeparatedMapStringString.Set: split at commas, empty parts
// skipped, each part split at its first <, both sides trimmed) and then
// each statement with ParseStatement. The thresholds come in the order
// written, the ignored statements (0%, 100%) left out; the list is not nil,
// so that it may be a Config's Hard as it is (an evictionHard whose
// statements are all ignored still replaces the defaults).
//
// Stricter than the kubelet, for a scenario's sake: a flag that names no
// threshold, or names a signal twice (the kubelet's map keeps the last),
// is an error. Each error names the statement it is about.
func ParseThresholds(flag string) ([]Threshold, error) {
	out := []Threshold{}
	err := eachSignal(flag, "<", "string<string (signal<value, e.g. memory.available<500Mi, nodefs.available<10%)", "threshold (signal<value, e.g. memory.available<500Mi)",
		func(s Signal, val string) error {
			t, err := ParseStatement(s, val)
			if t != nil {
				out = append(out, *t)
			}
			return err
		})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ParseMinimumReclaims parses the kubelet's --eviction-minimum-reclaim
// syntax, "signal=value[,signal=value]" (a map of strings, each value
// read by ParseMinimumReclaim; helpers.go, parseMinimumReclaims). As
// ParseThresholds, stricter than the kubelet: a flag that names nothing,
// or a signal twice, is an error.
func ParseMinimumReclaims(flag string) (map[Signal]Value, error) {
	out := map[Signal]Value{}
	err := eachSignal(flag, "=", "signal=value (e.g. memory.available=500Mi, nodefs.available=5%)", "minimum reclaim (signal=value, e.g. memory.available=500Mi)",
		func(s Signal, val string) error {
			v, err := ParseMinimumReclaim(s, val)
			out[s] = v
			return err
		})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// eachSignal reads a flag of comma-separated statements, each a signal,
// the operator op and a value, and gives each to read; a malformed
// statement (expect says what one looks like), a signal named twice or a
// flag that names none (what names what it should) is an error, and so
// is read's, with its statement.
func eachSignal(flag, op, expect, what string, read func(s Signal, val string) error) error {
	seen := map[Signal]bool{}
	for _, part := range strings.Split(flag, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		sig, val, ok := strings.Cut(part, op)
		if !ok {
			return fmt.Errorf("%q: malformed pair, expect %s", strings.TrimSpace(part), expect)
		}
		s := Signal(strings.TrimSpace(sig))
		if seen[s] {
			return fmt.Errorf("%q names %s twice", flag, s)
		}
		seen[s] = true
		if err := read(s, strings.TrimSpace(val)); err != nil {
			return fmt.Errorf("%q: %w", strings.TrimSpace(part), err)
		}
	}
	if len(seen) == 0 {
		return fmt.Errorf("%q names no %s", flag, what)
	}
	return nil
}

// ParseMinimumReclaim parses an evictionMinimumReclaim value for signal s
// (helpers.go, parseMinimumReclaims): a percentage above 0%, or a
// quantity that is not negative.
func ParseMinimumReclaim(s Signal, val string) (Value, error) {
	if !s.Valid() {
		return Value{}, unsupported(s)
	}
	if strings.HasSuffix(val, "%") {
		p, err := parsePercentage(val)
		if err != nil {
			return Value{}, fmt.Errorf("eviction minimum reclaim %v: %q is not a percentage (examples: 5%%, 2.5%%)", s, val)
		}
		if p <= 0 {
			return Value{}, fmt.Errorf("eviction percentage minimum reclaim %v must be positive: %s", s, val)
		}
		return Value{Percentage: p}, nil
	}
	q, err := quantity.Parse(val)
	if err != nil {
		return Value{}, fmt.Errorf("eviction minimum reclaim %v: %v", s, err)
	}
	if q.Sign() < 0 {
		return Value{}, fmt.Errorf("negative eviction minimum reclaim specified for %v", s)
	}
	return Value{Quantity: &q}, nil
}

// unsupported is the kubelet's message for an unknown signal
// (helpers.go, unsupportedEvictionSignal), with the signals it knows.
func unsupported(s Signal) error {
	names := make([]string, len(signals))
	for i, x := range signals {
		names[i] = string(x)
	}
	return fmt.Errorf("unsupported eviction signal %v (the kubelet's signals: %s)", s, strings.Join(names, ", "))
}

// parsePercentage reads "10%" as the fraction 0.1, in float32 as the
// kubelet does (helpers.go, parsePercentage: every trailing % trimmed,
// the number parsed at 32 bits, divided by 100). NaN is refused.
func parsePercentage(val string) (float32, error) {
	f, err := strconv.ParseFloat(strings.TrimRight(val, "%"), 32)
	if err != nil {
		return 0, err
	}
	if math.IsNaN(f) {
		return 0, fmt.Errorf("%q is not a number", val)
	}
	return float32(f) / 100, nil
}
