package behavior

import (
	"reflect"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
)

func dur(d time.Duration) *time.Duration { return &d }

// TestArgsRoundTrip pins the agent argument format: what the steps write
// into the pod spec is what the simulator and the agent read back.
func TestArgsRoundTrip(t *testing.T) {
	cases := []struct {
		name string
		b    Behavior
		args []string
	}{
		{"the default has no arguments", Default(), nil},
		{"exits with code 1 after 5s", Behavior{Exit: &Exit{Code: 1, After: 5 * time.Second}, Term: Term{Code: 143}},
			[]string{"--exit-code=1", "--exit-after=5s"}},
		{"runs to completion", Behavior{Exit: &Exit{Code: 0, After: 1500 * time.Millisecond}, Term: Term{Code: 143}},
			[]string{"--exit-code=0", "--exit-after=1.5s"}},
		{"ignores SIGTERM", Behavior{Term: Term{Ignore: true, Code: 143}}, []string{"--on-sigterm=ignore"}},
		{"takes 4s to exit after SIGTERM", Behavior{Term: Term{Delay: 4 * time.Second, Code: 143}}, []string{"--sigterm-delay=4s"}},
		{"exits 0 on SIGTERM", Behavior{Term: Term{Code: 0}}, []string{"--sigterm-exit-code=0"}},
		{"probes and memory", Behavior{Term: Term{Code: 143}, ReadyAfter: dur(2 * time.Second), FailLivenessAfter: dur(30 * time.Second),
			FailReadinessAfter: dur(time.Minute), Memory: []Usage{{Quantity: resource.MustParse("900Mi"), After: 10 * time.Second}}},
			[]string{"--ready-after=2s", "--fail-liveness-after=30s", "--fail-readiness-after=1m0s", "--memory=900Mi", "--memory-after=10s"}},
		{"memory faulted in over the 20s before it is due", Behavior{Term: Term{Code: 143}, Memory: []Usage{{Quantity: resource.MustParse("3Gi"), After: 30 * time.Second, Ramp: 20 * time.Second}}},
			[]string{"--memory=3Gi", "--memory-after=30s", "--memory-ramp=20s"}},
		{"memory that grows: 200Mi after 5s, then 900Mi after 30s (its fill begun 10s before)", Behavior{Term: Term{Code: 143}, Memory: []Usage{
			{Quantity: resource.MustParse("200Mi"), After: 5 * time.Second}, {Quantity: resource.MustParse("900Mi"), After: 30 * time.Second, Ramp: 10 * time.Second}}},
			[]string{"--memory=200Mi", "--memory-after=5s", "--memory-then=900Mi@30s/10s"}},
		{"exits with code 1 the first time, 0 the second", Behavior{Term: Term{Code: 143}, Attempts: []AttemptExit{
			{Attempt: 2, Exit: Exit{Code: 0, After: 2 * time.Second}}, {Attempt: 1, Exit: Exit{Code: 1, After: 2 * time.Second}}}},
			[]string{"--exit-on-attempt=1:1@2s", "--exit-on-attempt=2:0@2s"}},
		{"passes its startup probe after 20s", Behavior{Term: Term{Code: 143}, StartupAfter: dur(20 * time.Second)}, []string{"--startup-after=20s"}},
		{"fails its startup probe", Behavior{Term: Term{Code: 143}, FailStartup: true}, []string{"--fail-startup"}},
		{"passes its liveness probe after 20s", Behavior{Term: Term{Code: 143}, LiveAfter: dur(20 * time.Second)}, []string{"--live-after=20s"}},
		{"writes to the writable layer", Behavior{Term: Term{Code: 143}, LayerWrites: []LayerWrite{{Bytes: resource.MustParse("300Mi"), After: 5 * time.Second}, {Bytes: resource.MustParse("1Gi"), After: time.Minute}}},
			[]string{"--write-layer=300Mi@5s", "--write-layer=1Gi@1m0s"}},
		{"writes to a volume", Behavior{Term: Term{Code: 143}, Writes: []Write{{Volume: "scratch", Bytes: resource.MustParse("2Gi"), After: 10 * time.Second}}},
			[]string{"--write=scratch:2Gi@10s"}},
		{"prints lines", Behavior{Term: Term{Code: 143}, Logs: []string{"connection refused: db:5432", "", "--exit-code=3 is text"}},
			[]string{"--print=connection refused: db:5432", "--print=", "--print=--exit-code=3 is text"}},
		{"writes its termination log", Behavior{Term: Term{Code: 143}, TerminationLog: &TerminationLog{Path: DefaultTerminationMessagePath, Text: "schema version mismatch"}},
			[]string{"--termination-message-path=/dev/termination-log", "--termination-message=schema version mismatch"}},
		{"writes an empty termination message to a path of its own", Behavior{Term: Term{Code: 143}, TerminationLog: &TerminationLog{Path: "/tmp/msg", Text: ""}},
			[]string{"--termination-message-path=/tmp/msg", "--termination-message="}},
		{"prints, then writes its termination log, then exits 1", Behavior{Exit: &Exit{Code: 1, After: 2 * time.Second}, Term: Term{Code: 143}, Logs: []string{"a=b"},
			TerminationLog: &TerminationLog{Path: "/dev/termination-log", Text: "x: y\nz"}},
			[]string{"--exit-code=1", "--exit-after=2s", "--print=a=b", "--termination-message-path=/dev/termination-log", "--termination-message=x: y\nz"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			args := tc.b.Args()
			if !reflect.DeepEqual(args, tc.args) {
				t.Fatalf("Args() = %q, want %q", args, tc.args)
			}
			back, err := Parse(args)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back.Args(), args) {
				t.Errorf("Parse(Args()) gives %q", back.Args())
			}
		})
	}
}

func TestParseRejects(t *testing.T) {
	for _, args := range [][]string{{"--on-sigterm=maybe"}, {"--exit-after=-1s"}, {"--memory=lots"}, {"--write=scratch"}, {"extra"}, {"--nope"},
		{"--memory=1Gi", "--memory-after=5s", "--memory-ramp=6s"}, {"--memory=1Gi", "--memory-after=5s", "--memory-ramp=-1s"},
		{"--exit-on-attempt=0:1@2s"}, {"--write-layer=300Mi"}, {"--write-layer=-1Gi@5s"}, {"--write-layer=1Gi@-5s"}, {"--memory-then=1Gi@5s"}, {"--memory=1Gi", "--memory-after=5s", "--memory-then=2Gi@5s"},
		{"--memory=1Gi", "--memory-after=5s", "--memory-then=2Gi@4s"}, {"--memory=1Gi", "--memory-after=5s", "--memory-then=2Gi@9s/5s"},
		{"--memory=1Gi", "--memory-then=2Gi@9s/x"}, {"--memory=1Gi", "--memory-then=lots@9s"}, {"--exit-on-attempt=1:256@2s"}, {"--exit-on-attempt=1:1"}, {"--exit-on-attempt=1:1@2s", "--exit-on-attempt=1:0@1s"}} {
		if _, err := Parse(args); err == nil {
			t.Errorf("Parse(%q) accepted", args)
		}
	}
	for _, args := range [][]string{{"--termination-message-path=/dev/termination-log"}, {"--termination-message=x", "--termination-message-path=relative/file"}} {
		if _, err := Parse(args); err == nil {
			t.Errorf("Parse(%q) accepted", args)
		}
	}
}

// TestParseTerminationMessageDefaultPath: a termination message without a
// path goes to the API server's default path.
func TestParseTerminationMessageDefaultPath(t *testing.T) {
	b, err := Parse([]string{"--termination-message=bye"})
	if err != nil {
		t.Fatal(err)
	}
	if want := (TerminationLog{Path: "/dev/termination-log", Text: "bye"}); b.TerminationLog == nil || *b.TerminationLog != want {
		t.Errorf("TerminationLog = %+v, want %+v", b.TerminationLog, want)
	}
}

// TestParseCommand pins the exec commands both drivers understand.
func TestParseCommand(t *testing.T) {
	cases := []struct {
		cmd  []string
		want Command
		ok   bool
	}{
		{[]string{"sleep", "3"}, Command{Duration: 3 * time.Second}, true},
		{[]string{"/bin/sleep", "0.5"}, Command{Duration: 500 * time.Millisecond}, true},
		{[]string{"sh", "-c", "sleep 3"}, Command{Duration: 3 * time.Second}, true},
		{[]string{"/bin/sh", "-c", "sleep infinity"}, Command{Forever: true}, true},
		{[]string{"true"}, Command{}, true},
		{[]string{"false"}, Command{Code: 1}, true},
		{[]string{"sh", "-c", "exit 3"}, Command{Code: 3}, true},
		{ProbeCommand("readiness"), Command{Probe: "readiness"}, true},
		{[]string{"nginx", "-s", "quit"}, Command{}, false},
		{[]string{"sleep", "-1"}, Command{}, false},
		{[]string{"sh", "-c", "sleep 3; echo hi"}, Command{}, false},
		{nil, Command{}, false},
	}
	for _, tc := range cases {
		got, err := ParseCommand(tc.cmd)
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("ParseCommand(%q) = %+v, %v; want %+v ok=%v", tc.cmd, got, err, tc.want, tc.ok)
		}
	}
}

// TestExitOn: an attempt that Attempts names exits as it says, the others
// as Exit does.
func TestExitOn(t *testing.T) {
	b := Behavior{Exit: &Exit{Code: 3, After: time.Second}, Attempts: []AttemptExit{{Attempt: 1, Exit: Exit{Code: 1, After: 2 * time.Second}}}}
	if e := b.ExitOn(1); e == nil || e.Code != 1 || e.After != 2*time.Second {
		t.Errorf("attempt 1: %+v", e)
	}
	if e := b.ExitOn(2); e == nil || e.Code != 3 {
		t.Errorf("attempt 2: %+v", e)
	}
	if e := (Behavior{Attempts: b.Attempts}).ExitOn(2); e != nil {
		t.Errorf("attempt 2 of a process that runs until signalled: %+v", e)
	}
}

// A probe's answer: what `passes its startup probe after D`, `fails its
// startup probe`, `passes its liveness probe after D` and `fails its
// liveness probe after D` make the agent (and the simulator) answer.
func TestProbeAnswer(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, kind string
		b          Behavior
		since      time.Duration
		want       bool
	}{
		{"no behaviour: started at once", "startup", Default(), 0, true},
		{"passes after 20s: fails at 19s", "startup", Behavior{StartupAfter: dur(20 * time.Second)}, 19 * time.Second, false},
		{"passes after 20s: succeeds at 20s", "startup", Behavior{StartupAfter: dur(20 * time.Second)}, 20 * time.Second, true},
		{"startup after wins over ready after", "startup", Behavior{StartupAfter: dur(time.Second), ReadyAfter: dur(time.Minute)}, 2 * time.Second, true},
		{"ready after alone still gates startup", "startup", Behavior{ReadyAfter: dur(time.Minute)}, 2 * time.Second, false},
		{"fails its startup probe: never", "startup", Behavior{FailStartup: true}, time.Hour, false},
		{"no behaviour: alive at once", "liveness", Default(), 0, true},
		{"passes liveness after 20s: fails at 19s", "liveness", Behavior{LiveAfter: dur(20 * time.Second)}, 19 * time.Second, false},
		{"passes liveness after 20s: passes at 20s", "liveness", Behavior{LiveAfter: dur(20 * time.Second)}, 20 * time.Second, true},
		{"passes after 5s, fails after 30s: fails again at 30s", "liveness", Behavior{LiveAfter: dur(5 * time.Second), FailLivenessAfter: dur(30 * time.Second)}, 30 * time.Second, false},
		{"readiness is not liveness", "liveness", Behavior{ReadyAfter: dur(time.Minute)}, time.Second, true},
	}
	for _, tc := range cases {
		t.Run(tc.kind+": "+tc.name, func(t *testing.T) {
			t.Parallel()
			if got := tc.b.Answer(tc.kind, tc.since); got != tc.want {
				t.Errorf("Answer(%s, %s) = %v, want %v", tc.kind, tc.since, got, tc.want)
			}
		})
	}
}

// TestMemoryIsAStepFunction: the usage at a time since start is the last
// point's due by then; the peak is the largest.
func TestMemoryIsAStepFunction(t *testing.T) {
	b := Behavior{Memory: []Usage{{Quantity: resource.MustParse("200Mi"), After: 5 * time.Second},
		{Quantity: resource.MustParse("900Mi"), After: 30 * time.Second}, {Quantity: resource.MustParse("100Mi"), After: time.Minute}}}
	for _, tc := range []struct {
		since time.Duration
		want  string
	}{{0, "0"}, {4999 * time.Millisecond, "0"}, {5 * time.Second, "200Mi"}, {29 * time.Second, "200Mi"}, {30 * time.Second, "900Mi"}, {time.Hour, "100Mi"}} {
		if got, want := b.MemoryAt(tc.since), resource.MustParse(tc.want); got != want.Value() {
			t.Errorf("MemoryAt(%s) = %d, want %s", tc.since, got, tc.want)
		}
	}
	if got := b.MemoryPeak(); got != 900<<20 {
		t.Errorf("MemoryPeak() = %d", got)
	}
}
