//go:build !linux

package ptytest

import "os"

// Open returns no pseudo-terminal here: opening one takes grantpt and
// unlockpt, which the standard library offers only on Linux (as ioctls).
func Open() (ptm, pts *os.File, why string) {
	return nil, nil, "no pseudo-terminal without cgo on this system"
}
