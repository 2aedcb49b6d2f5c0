//go:build !linux

package main

// sigpipeInherited reports whether shuf was started with SIGPIPE ignored.
// Go's runtime catches SIGPIPE at start whatever the process inherited and
// keeps no trace of it, and this platform's parent is not asked: so never.
func sigpipeInherited() bool { return false }
