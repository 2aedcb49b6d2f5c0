package main

import (
	"os"
	"syscall"
)

// isTerminal reports whether f is a console: whether GetConsoleMode, which
// fails on files and pipes, succeeds.
func isTerminal(f *os.File) bool {
	var mode uint32
	return syscall.GetConsoleMode(syscall.Handle(f.Fd()), &mode) == nil
}
