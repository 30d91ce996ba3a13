package live

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// fillLock is held from the moment a memory fill reads the host's free
// memory to the moment the fill is in: Ginkgo runs the scenarios in
// processes of their own, and two fills that each read MemAvailable
// before the other had faulted its memory in both fit on paper and not
// on the host (2026-11-30 16:00: two fills of 7.9 GiB on two pool nodes,
// beside other work on the machine, left it 43 MiB; the API server
// stopped answering and 20 scenarios failed). With the lock each fill
// reads what the ones before it hold. It is a flock on a file of the
// run's, shared by its processes; the kernel frees it with a process
// that dies.
func fillLock(ctx context.Context, runID string) (unlock func(), err error) {
	path := filepath.Join(os.TempDir(), "podlife-"+runID+".fill.lock")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening the run's memory fill lock: %w", err)
	}
	fd := int(f.Fd())
	err = wait.PollUntilContextCancel(ctx, 100*time.Millisecond, true, func(context.Context) (bool, error) {
		switch err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB); {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EWOULDBLOCK), errors.Is(err, syscall.EINTR):
			return false, nil
		default:
			return false, err
		}
	})
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("waiting for the run's memory fill lock (%s): %w", path, err)
	}
	return func() {
		_ = syscall.Flock(fd, syscall.LOCK_UN)
		f.Close()
	}, nil
}
