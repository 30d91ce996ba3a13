package live

import (
	"context"
	"errors"
	"io"
	"slices"
	"sync"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// streams is a node shell whose Stream answers from a script, one entry
// a start: the lines it writes, and whether it then ends (as a node's
// container that stops) or runs until ctx ends.
type streams struct {
	mu     sync.Mutex
	script []streamRun
	starts int
}

type streamRun struct {
	lines string
	ends  bool
}

func (s *streams) Exec(context.Context, string, io.Reader, string, ...string) ([]byte, error) {
	return nil, errors.New("not in this test")
}

func (s *streams) Stream(ctx context.Context, _ string, out io.Writer, _ string, _ ...string) error {
	s.mu.Lock()
	run := streamRun{ends: true}
	if s.starts < len(s.script) {
		run = s.script[s.starts]
	}
	s.starts++
	s.mu.Unlock()
	_, _ = io.WriteString(out, run.lines)
	if run.ends {
		return errors.New("exit status 137")
	}
	<-ctx.Done()
	return ctx.Err()
}

func (s *streams) started() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.starts
}

// A node's log that ends (its container killed, then started again) is
// followed again: the lines of the new start arrive, each end is told.
func TestFollowNodeFollowsANodeAgainAfterItsStreamEnds(t *testing.T) {
	sh := &streams{script: []streamRun{
		{lines: "a\n", ends: true}, // the power cut
		{ends: true},               // the node's container not yet back
		{lines: "b\nc\n"},          // back: followed to the end of the run
	}}
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	var lines []string
	ends, agains := 0, 0
	got := make(chan struct{})
	followNode(ctx, sh, "pool-a", wait.Backoff{Duration: time.Millisecond, Factor: 1, Cap: time.Second, Steps: 10},
		func(error, int) { mu.Lock(); ends++; mu.Unlock() },
		func() { mu.Lock(); agains++; mu.Unlock() },
		func(l string) {
			mu.Lock()
			lines = append(lines, l)
			if len(lines) == 3 {
				close(got)
			}
			mu.Unlock()
		}, "journalctl")
	select {
	case <-got:
	case <-time.After(10 * time.Second):
		t.Fatalf("the lines after the stream ended never came: %d starts", sh.started())
	}
	cancel()
	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(lines, []string{"a", "b", "c"}) || ends != 2 || agains != 1 {
		t.Fatalf("lines %q, ends told %d, followed again told %d; want a, b, c, 2 and 1", lines, ends, agains)
	}
}

// Starts that keep failing (a node deleted) are given up when the
// back-off's steps are spent, not tried for the rest of the run.
func TestFollowNodeGivesUpANodeThatNeverAnswers(t *testing.T) {
	sh := &streams{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ended := make(chan struct{}, 100)
	followNode(ctx, sh, "gone", wait.Backoff{Duration: time.Millisecond, Factor: 1, Cap: time.Second, Steps: 3},
		func(error, int) { ended <- struct{}{} }, func() {}, func(string) {}, "ctr")
	for i := 0; i < 4; i++ {
		select {
		case <-ended:
		case <-time.After(10 * time.Second):
			t.Fatalf("end %d never told", i+1)
		}
	}
	select {
	case <-ended:
		t.Fatalf("started again after its steps were spent (%d starts)", sh.started())
	case <-time.After(200 * time.Millisecond):
	}
	if n := sh.started(); n != 4 {
		t.Fatalf("%d starts, want the first and 3 more", n)
	}
}
