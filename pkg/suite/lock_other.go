//go:build !unix

package suite

import "os"

// lockFile does nothing where there is no flock: parallel processes may
// then number two progress lines alike.
func lockFile(*os.File) error { return nil }

func unlockFile(*os.File) error { return nil }

// processAlive cannot tell where there is no kill(2): every process is
// taken to run.
func processAlive(int) bool { return true }
