package live

import (
	"context"
	"testing"
	"time"
)

// TestFillLockIsOneFillAtATime: while a fill holds the run's lock, a
// second (another open of the file, as another of the run's processes
// makes) waits; it gets the lock once the first lets go, and a waiting
// fill gives up with its context.
func TestFillLockIsOneFillAtATime(t *testing.T) {
	// The lock files in the test's own folder, not the machine's /tmp
	// (every make test left two there).
	t.Setenv("TMPDIR", t.TempDir())
	run := "test-" + time.Now().Format("150405.000000000")
	unlock, err := fillLock(context.Background(), run)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if second, err := fillLock(ctx, run); err == nil {
		second()
		t.Fatal("a second fill got the lock while the first held it")
	}
	unlock()
	second, err := fillLock(context.Background(), run)
	if err != nil {
		t.Fatalf("the lock let go, a second fill still waits: %v", err)
	}
	second()
	if other, err := fillLock(context.Background(), run+"-other"); err != nil {
		t.Errorf("another run's fill waits on this run's lock: %v", err)
	} else {
		other()
	}
}
