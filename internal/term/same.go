package term

import "os"

// SameTerminal reports whether a and b are terminals that may be one and
// the same, so that a line drawn on b would run into what is written to a:
// false if either is not a terminal, true if they are the same file or
// the same device, or if one of them is /dev/tty, the process's
// controlling terminal, which may be the other. On Windows, where a
// process has one console, any two consoles are the same.
func SameTerminal(a, b *os.File) bool {
	return IsTerminal(a) && IsTerminal(b) && sameDevice(a, b)
}
