package term

import (
	"os"
	"syscall"
)

// IsTerminal reports whether f is a console: whether GetConsoleMode, which
// fails on files and pipes, succeeds.
func IsTerminal(f *os.File) bool {
	var mode uint32
	return syscall.GetConsoleMode(syscall.Handle(f.Fd()), &mode) == nil
}
