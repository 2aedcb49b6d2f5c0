//go:build !linux

package term

import (
	"os"
	"testing"
)

// openPTY: opening a pseudo-terminal takes grantpt and unlockpt, which
// the standard library offers only on Linux (as ioctls).
func openPTY(t *testing.T) (*os.File, string) {
	return nil, "no pseudo-terminal without cgo on this system"
}
