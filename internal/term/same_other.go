//go:build !unix

package term

import "os"

// sameDevice is true: on Windows a process has one console, and elsewhere
// IsTerminal says no terminal at all.
func sameDevice(a, b *os.File) bool { return true }
