// Package deadline fails a test, or one input of a fuzzer, that does not
// finish in time. Go's fuzzing engine has no timeout per input: a worker
// stuck in one input makes `go test -fuzz` sit at 0 execs/s and then
// print PASS. A fuzz function whose body runs under Run fails instead,
// and the input is kept as a crasher.
package deadline

import (
	"testing"
	"time"
)

// PerInput is the time one fuzz input may take: generous, as fuzz
// workers share the machine's cores with each other.
const PerInput = 10 * time.Second

// Run calls fn and waits for it at most d; past d the test fails with
// what (what the input was doing) and Run returns, leaving fn's
// goroutine behind: a hang cannot be stopped, only reported. A failure
// of fn itself (t.Fatal in fn) is reported as usual.
func Run(t testing.TB, d time.Duration, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-done:
	case <-timer.C:
		t.Fatalf("%s: still running after %s (a hang)", what, d)
	}
}
