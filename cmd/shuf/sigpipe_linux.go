package main

import (
	"bytes"
	"os"
	"strconv"
)

// sigpipeInherited reports whether shuf was started with SIGPIPE ignored,
// as a shell's trap "" PIPE leaves the commands it runs. Go's runtime
// catches SIGPIPE at start whatever the process inherited, and keeps no
// trace of it that a program can read, so this reads the parent's
// disposition instead (SigIgn in /proc/PPID/status): a process starts with
// the dispositions its parent had when it forked it, and a shell leaves an
// ignored signal ignored in the commands it runs. A parent that ignores
// SIGPIPE itself but restores it for its children before it runs them
// (Python's subprocess, Node.js and Rust's Command do) misleads it; so does
// a shell's exec, whose parent is the shell's.
func sigpipeInherited() bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(os.Getppid()) + "/status")
	if err != nil {
		return false
	}
	for line := range bytes.Lines(b) {
		if hex, ok := bytes.CutPrefix(line, []byte("SigIgn:")); ok {
			mask, err := strconv.ParseUint(string(bytes.TrimSpace(hex)), 16, 64)
			return err == nil && mask&(1<<(13-1)) != 0 // SIGPIPE is 13
		}
	}
	return false
}
