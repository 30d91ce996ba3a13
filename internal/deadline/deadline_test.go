package deadline

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// recorder is a testing.TB whose Fatalf only records.
type recorder struct {
	testing.TB
	failure string
}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) { r.failure = fmt.Sprintf(format, args...) }

// TestHangFails is the proof that a fuzz input that hangs makes the
// fuzzer fail: a body that never returns is reported as a failure, at the
// deadline; a body that returns is not.
func TestHangFails(t *testing.T) {
	cases := []struct {
		name string
		body func(block chan struct{})
		want string
	}{
		{"a hang", func(block chan struct{}) { <-block }, "parsing the input: still running after 50ms (a hang)"},
		{"quick", func(chan struct{}) {}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			block := make(chan struct{})
			defer close(block) // lets the hung body's goroutine end
			r := &recorder{TB: t}
			start := time.Now()
			Run(r, 50*time.Millisecond, "parsing the input", func() { tc.body(block) })
			if r.failure != tc.want {
				t.Errorf("failure %q, want %q", r.failure, tc.want)
			}
			if took := time.Since(start); strings.Contains(tc.want, "hang") && took > 5*time.Second {
				t.Errorf("the hang was reported after %s", took)
			}
		})
	}
}

// FuzzHangs is a fuzzer one of whose inputs hangs; TestFuzzerFailsOnHang
// runs it.
func FuzzHangs(f *testing.F) {
	if os.Getenv("PODLIFE_FUZZ_HANG") == "" {
		f.Skip("run by TestFuzzerFailsOnHang")
	}
	f.Add("quick")
	f.Add("hang")
	f.Fuzz(func(t *testing.T, s string) {
		Run(t, 200*time.Millisecond, fmt.Sprintf("input %q", s), func() {
			if s == "hang" {
				select {} // blocks, without spinning
			}
		})
	})
}

// TestFuzzerFailsOnHang runs FuzzHangs, in this test binary, as `go
// test` runs a fuzzer's corpus: it fails, naming the input that hung.
func TestFuzzerFailsOnHang(t *testing.T) {
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-test.run=^FuzzHangs$", "-test.count=1")
	cmd.Env = append(os.Environ(), "PODLIFE_FUZZ_HANG=1")
	out, err := cmd.CombinedOutput()
	if err == nil || ctx.Err() != nil || !strings.Contains(string(out), `input "hang": still running after 200ms (a hang)`) || !strings.Contains(string(out), "FAIL") {
		t.Errorf("the fuzzer with a hanging input: err %v, output:\n%s", err, out)
	}
}
