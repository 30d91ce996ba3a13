//go:build !unix

package suite

import "os"

// lockFile does nothing where there is no flock: parallel processes may
// then number two progress lines alike.
func lockFile(*os.File) error { return nil }

func unlockFile(*os.File) error { return nil }
