//go:build unix

package suite

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive lock on f, which other processes' locks on
// the same file wait for.
func lockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX) }

func unlockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

// processAlive says whether a process of that id runs (signal 0 reaches
// it, or it exists and is another user's).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
