package evictionapi

import (
	"sort"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
)

// render is a threshold list as "signal<value/grace[+minReclaim]".
func render(ts []Threshold) string {
	var out []string
	for _, t := range ts {
		s := t.String() + "/" + t.GracePeriod.String()
		if t.MinReclaim != nil {
			s += "+" + t.MinReclaim.String()
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// TestParseStatement pins the kubelet's reading of one statement
// (pkg/kubelet/eviction/helpers.go, parseThresholdStatement; the cases of
// helpers_test.go TestParseThresholdConfig that are about one statement).
func TestParseStatement(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		sig     Signal
		val     string
		want    string // the threshold rendered; "" when ignored
		wantErr string
	}{
		{name: "a quantity is an absolute threshold", sig: SignalMemoryAvailable, val: "500Mi", want: "memory.available<500Mi"},
		{name: "a percentage is a fraction of the capacity", sig: SignalNodeFsAvailable, val: "10%", want: "nodefs.available<10%"},
		{name: "a decimal percentage keeps its decimals", sig: SignalNodeFsAvailable, val: "10.5%", want: "nodefs.available<10.5%"},
		{name: "disable via 0%: the statement 0% is ignored", sig: SignalMemoryAvailable, val: "0%"},
		{name: "disable via 100%: the statement 100% is ignored", sig: SignalMemoryAvailable, val: "100%"},
		{name: "only the statements 0% and 100% are ignored: 0.0% is a threshold", sig: SignalMemoryAvailable, val: "0.0%", want: "memory.available<0.0%"},
		{name: "parsePercentage trims every trailing %", sig: SignalNodeFsAvailable, val: "10%%", want: "nodefs.available<10%"},
		{name: "a signal the steps offer last", sig: SignalPIDAvailable, val: "1000", want: "pid.available<1k"},
		{name: "invalid-signal: unsupported eviction signal", sig: "mem.available", val: "150Mi", wantErr: "unsupported eviction signal mem.available"},
		{name: "hard-signal-negative: a quantity must be positive", sig: SignalMemoryAvailable, val: "-150Mi", wantErr: "eviction threshold memory.available must be positive: -150Mi"},
		{name: "a zero quantity is not positive either", sig: SignalMemoryAvailable, val: "0", wantErr: "must be positive: 0"},
		{name: "hard-signal-negative-percentage: a percentage must be >= 0%", sig: SignalMemoryAvailable, val: "-15%", wantErr: "eviction percentage threshold memory.available must be >= 0%: -15%"},
		{name: "hard-signal-percentage-greater-than-100%", sig: SignalMemoryAvailable, val: "150%", wantErr: "eviction percentage threshold memory.available must be <= 100%: 150%"},
		{name: "hard-signal-empty-eviction-value: not a quantity", sig: SignalMemoryAvailable, val: "", wantErr: `"" is not a quantity`},
		{name: "hard-signal-invalid-float-percentage", sig: SignalMemoryAvailable, val: "10..5%", wantErr: `"10..5%" is not a percentage`},
		{name: "not a quantity", sig: SignalMemoryAvailable, val: "lots", wantErr: `"lots" is not a quantity`},
		{name: "beyond the kubelet: NaN% is refused", sig: SignalMemoryAvailable, val: "NaN%", wantErr: `"NaN%" is not a percentage`},
		{name: "beyond the kubelet: an exponent the parser would spin on is refused", sig: SignalMemoryAvailable, val: "1e7203685477", wantErr: "exponent 7203685477 is out of range"},
		{name: "beyond the kubelet: a quantity past 8Pi is refused", sig: SignalMemoryAvailable, val: "9Pi", wantErr: "at most 8Pi"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := ParseStatement(tc.sig, tc.val)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseStatement(%s, %q) error %v, want one containing %q", tc.sig, tc.val, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tc.want == "" && got != nil:
				t.Errorf("ParseStatement(%s, %q) = %s, want it ignored", tc.sig, tc.val, got)
			case tc.want != "" && (got == nil || got.String() != tc.want):
				t.Errorf("ParseStatement(%s, %q) = %v, want %s", tc.sig, tc.val, got, tc.want)
			case got != nil && !got.IsHard():
				t.Errorf("a parsed statement has no grace period: %v", got.GracePeriod)
			}
		})
	}
}

// TestParseThresholds pins the flag form, --eviction-hard's
// "signal<value[,signal<value]" (component-base cli/flag,
// LangleSeparatedMapStringString.Set, then parseThresholdStatement).
func TestParseThresholds(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, flag string
		want       string
		wantErr    string
	}{
		{name: "one statement", flag: "memory.available<500Mi", want: "memory.available<500Mi/0s"},
		{name: "several, in the order written", flag: "nodefs.available<10%,memory.available<1Gi", want: "nodefs.available<10%/0s memory.available<1Gi/0s"},
		{name: "Set trims each side and skips empty parts", flag: " memory.available < 500Mi ,, ", want: "memory.available<500Mi/0s"},
		{name: "the ignored statements are left out", flag: "memory.available<0%,nodefs.available<100%,pid.available<10%", want: "pid.available<10%/0s"},
		{name: "Set splits at the first <: the rest is the value", flag: "memory.available<<1Gi", wantErr: `"memory.available<<1Gi": eviction threshold memory.available: "<1Gi" is not a quantity`},
		{name: "Set: malformed pair, expect string<string", flag: "memory.available=500Mi", wantErr: `"memory.available=500Mi": malformed pair, expect string<string`},
		{name: "a statement's error names the statement", flag: "memory.available<500Mi,nodefs.available<-5%", wantErr: `"nodefs.available<-5%": eviction percentage threshold nodefs.available must be >= 0%: -5%`},
		{name: "an unknown signal is the kubelet's message, with its signals", flag: "mem.available<1Gi", wantErr: "unsupported eviction signal mem.available (the kubelet's signals: memory.available, allocatableMemory.available,"},
		{name: "stricter than the kubelet (its map keeps the last): a signal named twice", flag: "memory.available<1Gi,memory.available<2Gi", wantErr: `"memory.available<1Gi,memory.available<2Gi" names memory.available twice`},
		{name: "stricter than the kubelet: a signal named twice, once ignored", flag: "memory.available<0%,memory.available<2Gi", wantErr: "names memory.available twice"},
		{name: "stricter than the kubelet (an empty map): no threshold", flag: " , ", wantErr: "names no threshold"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := ParseThresholds(tc.flag)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseThresholds(%q) error %v, want one containing %q", tc.flag, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r := render(got); r != tc.want {
				t.Errorf("ParseThresholds(%q) = %s, want %s", tc.flag, r, tc.want)
			}
		})
	}
}

// TestParseMinimumReclaim pins helpers.go parseMinimumReclaims for one
// value.
func TestParseMinimumReclaim(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, val, want, wantErr string
		sig                      Signal
	}{
		{name: "a zero quantity is allowed (all memory eviction values)", sig: SignalMemoryAvailable, val: "0", want: "0"},
		{name: "a percentage", sig: SignalNodeFsAvailable, val: "5%", want: "5%"},
		{name: "negative-reclaim", sig: SignalMemoryAvailable, val: "-300Mi", wantErr: "negative eviction minimum reclaim specified for memory.available"},
		{name: "min-reclaim-invalid-signal", sig: "mem.available", val: "300Mi", wantErr: "unsupported eviction signal"},
		{name: "min-reclaim-empty-value", sig: SignalMemoryAvailable, val: "", wantErr: "is not a quantity"},
		{name: "min-reclaim-negative-percentage", sig: SignalMemoryAvailable, val: "-15%", wantErr: "eviction percentage minimum reclaim memory.available must be positive: -15%"},
		{name: "a zero percentage is not positive", sig: SignalMemoryAvailable, val: "0%", wantErr: "must be positive: 0%"},
		{name: "min-reclaim-invalid-percentage", sig: SignalMemoryAvailable, val: "10..5%", wantErr: "is not a percentage"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := ParseMinimumReclaim(tc.sig, tc.val)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseMinimumReclaim(%s, %q) error %v, want one containing %q", tc.sig, tc.val, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != tc.want {
				t.Errorf("ParseMinimumReclaim(%s, %q) = %s, want %s", tc.sig, tc.val, got, tc.want)
			}
		})
	}
}

// TestParseMinimumReclaims: the --eviction-minimum-reclaim syntax,
// signal=value pairs, each value as parseMinimumReclaims reads it.
func TestParseMinimumReclaims(t *testing.T) {
	t.Parallel()
	cases := []struct{ flag, want, wantErr string }{
		{flag: "memory.available=500Mi", want: "memory.available=500Mi"},
		{flag: "memory.available=500Mi, nodefs.available=5%", want: "memory.available=500Mi,nodefs.available=5%"},
		{flag: "memory.available<500Mi", wantErr: "malformed pair, expect signal=value"},
		{flag: "memory.available=1Gi,memory.available=2Gi", wantErr: "names memory.available twice"},
		{flag: "memory.available=-1Gi", wantErr: "negative eviction minimum reclaim"},
		{flag: "mem.available=1Gi", wantErr: "unsupported eviction signal"},
		{flag: " , ", wantErr: "names no minimum reclaim"},
	}
	for _, tc := range cases {
		got, err := ParseMinimumReclaims(tc.flag)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseMinimumReclaims(%q) error %v, want one containing %q", tc.flag, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var parts []string
		for s, v := range got {
			parts = append(parts, string(s)+"="+v.String())
		}
		sort.Strings(parts)
		if strings.Join(parts, ",") != tc.want {
			t.Errorf("ParseMinimumReclaims(%q) = %v, want %s", tc.flag, parts, tc.want)
		}
	}
}

func mustThresholds(t *testing.T, flag string) []Threshold {
	t.Helper()
	ts, err := ParseThresholds(flag)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func soft(ts []Threshold, grace time.Duration) []Threshold {
	for i := range ts {
		ts[i].GracePeriod = grace
	}
	return ts
}

// TestConfigThresholds pins what the eviction manager is given from a
// configuration (helpers.go ParseThresholdConfig, before
// addAllocatableThresholds; formerly pkg/sim TestParseEvictionConfig).
func TestConfigThresholds(t *testing.T) {
	t.Parallel()
	q := func(s string) *Value { v := QuantityOf(resource.MustParse(s)); return &v }
	cases := []struct {
		name    string
		cfg     func(t *testing.T) Config
		want    string
		wantErr string
	}{
		{name: "no configuration: the Linux defaults (defaults_linux.go DefaultEvictionHard), by signal",
			cfg:  func(*testing.T) Config { return Config{} },
			want: "imagefs.available<15%/0s imagefs.inodesFree<5%/0s memory.available<100Mi/0s nodefs.available<10%/0s nodefs.inodesFree<5%/0s"},
		{name: "all memory eviction values: a hard and a soft threshold, the minimum reclaim on both",
			cfg: func(t *testing.T) Config {
				return Config{Hard: mustThresholds(t, "memory.available<150Mi"), Soft: soft(mustThresholds(t, "memory.available<300Mi"), 30*time.Second),
					MinimumReclaim: map[Signal]Value{SignalMemoryAvailable: *q("0")}}
			},
			want: "memory.available<150Mi/0s+0 memory.available<300Mi/30s+0"},
		{name: "a configured evictionHard replaces the defaults (MergeDefaultEvictionSettings false)",
			cfg:  func(t *testing.T) Config { return Config{Hard: mustThresholds(t, "nodefs.available<10.5%")} },
			want: "nodefs.available<10.5%/0s"},
		{name: "soft thresholds alone keep the default hard ones",
			cfg: func(t *testing.T) Config {
				return Config{Soft: soft(mustThresholds(t, "memory.available<1Gi"), time.Minute)}
			},
			want: "imagefs.available<15%/0s imagefs.inodesFree<5%/0s memory.available<100Mi/0s nodefs.available<10%/0s nodefs.inodesFree<5%/0s memory.available<1Gi/1m0s"},
		{name: "disable via 0%: an evictionHard whose statements are all ignored leaves no hard threshold",
			cfg: func(t *testing.T) Config {
				return Config{Hard: mustThresholds(t, "memory.available<0%")}
			},
			want: ""},
		{name: "0% is ignored, the rest kept, by signal",
			cfg: func(t *testing.T) Config {
				return Config{Hard: mustThresholds(t, "nodefs.available<0%,pid.available<10%,memory.available<1Gi")}
			},
			want: "memory.available<1Gi/0s pid.available<10%/0s"},
		{name: "invalid-signal, built in code",
			cfg: func(*testing.T) Config {
				return Config{Hard: []Threshold{{Signal: "mem.available", Value: *q("150Mi")}}}
			},
			wantErr: "unsupported eviction signal mem.available"},
		{name: "hard-signal-negative, built in code",
			cfg: func(*testing.T) Config {
				return Config{Hard: []Threshold{{Signal: SignalMemoryAvailable, Value: *q("-150Mi")}}}
			},
			wantErr: "must be positive"},
		{name: "hard-signal-negative-percentage, built in code",
			cfg: func(*testing.T) Config {
				return Config{Hard: []Threshold{{Signal: SignalMemoryAvailable, Value: Value{Percentage: -0.15}}}}
			},
			wantErr: "must be >= 0%"},
		{name: "soft-negative-grace-period (parseGracePeriods)",
			cfg: func(t *testing.T) Config {
				return Config{Soft: soft(mustThresholds(t, "memory.available<150Mi"), -30*time.Second)}
			},
			wantErr: "invalid eviction grace period specified: -30s, must be a positive value"},
		{name: "negative-reclaim, built in code",
			cfg: func(*testing.T) Config {
				return Config{MinimumReclaim: map[Signal]Value{SignalMemoryAvailable: *q("-300Mi")}}
			},
			wantErr: "negative eviction minimum reclaim"},
		{name: "min-reclaim-invalid-signal, built in code",
			cfg:     func(*testing.T) Config { return Config{MinimumReclaim: map[Signal]Value{"mem.available": *q("300Mi")}} },
			wantErr: "unsupported eviction signal"},
		{name: "a signal twice in a list (the kubelet's maps cannot)",
			cfg: func(t *testing.T) Config {
				return Config{Hard: append(mustThresholds(t, "memory.available<1Gi"), mustThresholds(t, "memory.available<2Gi")...)}
			},
			wantErr: "evictionHard names memory.available twice"},
		{name: "a hard threshold with a grace period is a soft one",
			cfg: func(t *testing.T) Config {
				return Config{Hard: soft(mustThresholds(t, "memory.available<1Gi"), time.Second)}
			},
			wantErr: "has a grace period"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ts, err := tc.cfg(t).Thresholds()
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r := render(ts); r != tc.want {
				t.Errorf("thresholds\n got %s\nwant %s", r, tc.want)
			}
		})
	}
}

// TestThresholdsDoNotShare: what Thresholds returns is the caller's; the
// defaults and the configuration stay as they were.
func TestThresholdsDoNotShare(t *testing.T) {
	t.Parallel()
	ts, err := Config{}.Thresholds()
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range ts {
		if x.Value.Quantity != nil {
			x.Value.Quantity.Add(resource.MustParse("1Gi"))
		}
	}
	ts[0].Value.Percentage = 0.99
	if r := render(DefaultHard()); r != "imagefs.available<15%/0s imagefs.inodesFree<5%/0s memory.available<100Mi/0s nodefs.available<10%/0s nodefs.inodesFree<5%/0s" {
		t.Errorf("the defaults changed: %s", r)
	}
}

// TestValue pins a value's text, which the live driver writes into the
// KubeletConfiguration (it must parse back to the same value), and its
// quantity against a capacity (api/types.go GetThresholdQuantity).
func TestValue(t *testing.T) {
	t.Parallel()
	const gi = 1 << 30
	cases := []struct {
		name     string
		val      string
		text     string
		capacity int64
		quantity int64
	}{
		{name: "a quantity is itself, whatever the capacity", val: "500Mi", text: "500Mi", capacity: 8 * gi, quantity: 500 << 20},
		{name: "a quantity in its canonical form", val: "1.5Gi", text: "1536Mi", capacity: 8 * gi, quantity: 1536 << 20},
		{name: "a whole percentage", val: "10%", text: "10%", capacity: 8 * gi, quantity: 858993472}, // float32 0.1 is a little above 0.1
		{name: "a decimal percentage", val: "10.5%", text: "10.5%", capacity: 1000, quantity: 104},   // float32 0.105 is a little below
		{name: "a percentage in few digits", val: "33.333%", text: "33.333%", capacity: 1000, quantity: 333},
		{name: "0.0% is written so that the kubelet keeps it", val: "0.0%", text: "0.0%", capacity: 1000, quantity: 0},
		{name: "100.0% is written so that the kubelet keeps it", val: "100.0%", text: "100.0%", capacity: 1000, quantity: 1000},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			th, err := ParseStatement(SignalNodeFsAvailable, tc.val)
			if err != nil || th == nil {
				t.Fatalf("ParseStatement(%q) = %v, %v", tc.val, th, err)
			}
			v := th.Value
			if v.String() != tc.text {
				t.Errorf("%q renders as %q, want %q", tc.val, v.String(), tc.text)
			}
			back, err := ParseStatement(SignalNodeFsAvailable, v.String())
			if err != nil || back == nil || back.Value.Percentage != v.Percentage || (v.Quantity != nil && back.Value.Quantity.Cmp(*v.Quantity) != 0) {
				t.Errorf("%q renders as %q, which parses to %v (%v)", tc.val, v.String(), back, err)
			}
			if q := v.QuantityFor(tc.capacity); q.Value() != tc.quantity {
				t.Errorf("%q of %d is %d, want %d", tc.val, tc.capacity, q.Value(), tc.quantity)
			}
		})
	}
}

// TestSignals: the list the steps offer, and what Valid takes.
func TestSignals(t *testing.T) {
	t.Parallel()
	var names []string
	for _, s := range Signals() {
		if !s.Valid() {
			t.Errorf("%s is not valid", s)
		}
		names = append(names, string(s))
	}
	if got := strings.Join(names, " "); got != "memory.available allocatableMemory.available nodefs.available nodefs.inodesFree imagefs.available imagefs.inodesFree containerfs.available containerfs.inodesFree pid.available" {
		t.Errorf("Signals() = %s", got)
	}
	if Signal("memory").Valid() {
		t.Error("memory is not a signal")
	}
	if _, ok := Lookup(mustThresholds(t, "nodefs.available<10%,pid.available<1k"), SignalPIDAvailable); !ok {
		t.Error("Lookup misses pid.available")
	}
}
