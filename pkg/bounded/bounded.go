// Package bounded reads what a user gives podlife (feature files,
// manifests named by path) with limits, so that a FIFO, a device or a
// huge file is an error that says so rather than a hang or an
// out-of-memory crash.
package bounded

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// MaxFile is the size limit of a feature file or a manifest file: the
// catalogue's largest feature is a few tens of kilobytes.
const MaxFile = 1 << 20

// ReadFile reads a regular file of at most max bytes. Anything else (a
// folder, a FIFO, a device, a socket) is an error naming what it is,
// returned before the file is opened: opening a FIFO waits for a writer.
func ReadFile(path string, max int64) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regular(info); err != nil {
		return nil, err
	}
	if info.Size() > max {
		return nil, tooLarge(info.Size(), max)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err = f.Stat(); err != nil {
		return nil, err
	} else if err := regular(info); err != nil {
		return nil, err
	}
	// The file may grow after Stat: read one byte more than allowed.
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, tooLarge(int64(len(b)), max)
	}
	return b, nil
}

func regular(info fs.FileInfo) error {
	m := info.Mode()
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return fmt.Errorf("is a folder, not a file")
	case m&fs.ModeNamedPipe != 0:
		return fmt.Errorf("is a FIFO (named pipe), not a regular file")
	case m&fs.ModeCharDevice != 0, m&fs.ModeDevice != 0:
		return fmt.Errorf("is a device, not a regular file")
	case m&fs.ModeSocket != 0:
		return fmt.Errorf("is a socket, not a regular file")
	}
	return fmt.Errorf("is not a regular file (mode %s)", m)
}

func tooLarge(size, max int64) error {
	return fmt.Errorf("is %s, larger than podlife reads (%s)", human(size), human(max))
}

// human is a size in bytes, KiB or MiB.
func human(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
