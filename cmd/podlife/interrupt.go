package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/podlife/podlife/pkg/report"
)

// An interrupted `podlife run` exits with a code of its own, never 0 (all
// passed), 1 (an expectation failed) or 2 (bad input): a cancelled CI job
// must not look green, nor like a failure of the scenarios. SIGINT and
// SIGTERM give what a shell shows for a command they killed (128 + the
// signal's number); the --timeout deadline gives timeout(1)'s code.
const (
	exitDeadline = 124
	exitSIGINT   = 130
	exitSIGTERM  = 143
)

// runExitCodes ends `podlife run -h`.
const runExitCodes = `
Exit codes: 0 all passed; 1 a scenario failed, or every scenario was skipped
(--allow-all-skipped makes that 0); 2 bad input, nothing ran; interrupted:
130 on SIGINT (Ctrl-C), 143 on SIGTERM, 124 when --timeout passed.
An interrupted run starts no more scenarios and cuts off those running:
they are reported interrupted, not failed (one that had failed an
expectation before stays failed). It still cleans up (a second signal does
not cut that short) and writes the reports; the line above the count line
says what interrupted it and what it cut short, and the count line counts
the interrupted and the not run as skipped.
`

// runUsage is `podlife run -h`: the flags, then the exit codes.
func runUsage(fs *flag.FlagSet) func() {
	return func() {
		fmt.Fprintf(fs.Output(), "Usage: podlife run [flags] [PATH|FILE:LINE...]   (default: the features/ folder)\n\n")
		fs.PrintDefaults()
		fmt.Fprint(fs.Output(), runExitCodes)
	}
}

// interruption is what cancelled a run: a signal, or the --timeout
// deadline. It is the cause of the run's context (runner.Run names it in
// an interrupted scenario's reason) and the error cmdRun returns for an
// interrupted run, whose exit code it gives.
type interruption struct {
	signal  os.Signal     // SIGINT or SIGTERM; nil for the deadline
	timeout time.Duration // the deadline's --timeout
}

func (in *interruption) Error() string {
	switch in.signal {
	case nil:
		return fmt.Sprintf("--timeout %s", in.timeout)
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return in.signal.String()
}

func (in *interruption) exitCode() int {
	switch in.signal {
	case nil:
		return exitDeadline
	case syscall.SIGTERM:
		return exitSIGTERM
	}
	return exitSIGINT
}

// interruptedBy is what cancelled ctx, nil while it lives.
func interruptedBy(ctx context.Context) *interruption {
	var in *interruption
	if ctx.Err() != nil && errors.As(context.Cause(ctx), &in) {
		return in
	}
	return nil
}

// interrupts turns a run's first SIGINT or SIGTERM into the cancellation
// of its context, and keeps catching both until stop: a later one must not
// kill the run while it cleans up (a live run's namespaces), nor be
// ignored without a word, so it is answered, on stderr, with what the run
// is still doing.
type interrupts struct {
	ctx    context.Context
	cancel context.CancelCauseFunc
	sigs   chan os.Signal
	quit   chan struct{}
	done   chan struct{}
	stage  atomic.Pointer[string]
}

// watchInterrupts starts catching SIGINT and SIGTERM; stop ends it.
func watchInterrupts(stderr io.Writer) *interrupts {
	ctx, cancel := context.WithCancelCause(context.Background())
	w := &interrupts{ctx: ctx, cancel: cancel, sigs: make(chan os.Signal, 1), quit: make(chan struct{}), done: make(chan struct{})}
	w.setStage("stopping the scenarios running (each cleans up its session, within its own timeout)")
	signal.Notify(w.sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		defer close(w.done)
		for {
			select {
			case <-w.quit:
				return
			case s := <-w.sigs:
				in := &interruption{signal: s}
				if w.ctx.Err() == nil {
					w.cancel(in)
					fmt.Fprintf(stderr, "podlife: %s: interrupting the run: no scenario starts any more and those running are cut off; cleanup and the reports follow\n", in)
					continue
				}
				fmt.Fprintf(stderr, "podlife: %s: interrupted already (%s); still %s; podlife exits when that is done\n", in, context.Cause(w.ctx), *w.stage.Load())
			}
		}
	}()
	return w
}

// setStage says what the run does from now on, for a signal's answer.
func (w *interrupts) setStage(s string) { w.stage.Store(&s) }

// runContext is the context the scenarios run under: the signals', and
// the --timeout deadline (0: none) from now on. The deadline bounds the
// scenarios alone: cleaning up and writing the reports follow it.
func (w *interrupts) runContext(timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout <= 0 {
		return w.ctx, func() {}
	}
	return context.WithTimeoutCause(w.ctx, timeout, &interruption{timeout: timeout})
}

// stop stops catching the signals: from then on they do what they do to
// any process.
func (w *interrupts) stop() {
	signal.Stop(w.sigs)
	close(w.quit)
	<-w.done
	w.cancel(nil)
}

// interruptedLine is the line an interrupted run prints above its count
// line: what interrupted it and what that cut short. A scenario cut off
// that had failed an expectation before the cut is counted failed; the
// others cut off, and those not run, are counted skipped.
func interruptedLine(in *interruption, results []report.Result) string {
	cut, failedBefore, notRun := 0, 0, 0
	for _, r := range results {
		switch {
		case r.Status == report.Interrupted:
			cut++
		case r.Status == report.Failed && r.Interruption != nil:
			cut++
			failedBefore++
		case r.Status == report.Skipped && r.Reason == report.NotRunReason:
			notRun++
		}
	}
	if cut == 0 && notRun == 0 {
		return fmt.Sprintf("interrupted by %s after every scenario had finished: none cut off, none not run; the results are complete", in)
	}
	failed := ""
	if failedBefore > 0 {
		failed = fmt.Sprintf(" (%d of them had failed an expectation before: counted failed)", failedBefore)
	}
	return fmt.Sprintf("interrupted by %s: %d scenario(s) cut off while running%s, %d not run; cut off and not run are counted as skipped", in, cut, failed, notRun)
}

// progressMark is the start of a scenario's line as it ends.
func progressMark(s report.Status) string {
	switch s {
	case report.Passed:
		return "ok  "
	case report.Failed:
		return "FAIL"
	case report.Interrupted:
		return "intr"
	}
	return "skip"
}
