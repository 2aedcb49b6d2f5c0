//go:build unix

package term

import (
	"os"
	"syscall"
)

// sameDevice reports whether a and b are the same file (device and inode),
// the same character device (its device number, opened by two names), or
// /dev/tty and another; true when it cannot tell.
func sameDevice(a, b *os.File) bool {
	fa, err := a.Stat()
	if err != nil {
		return true
	}
	fb, err := b.Stat()
	if err != nil {
		return true
	}
	if os.SameFile(fa, fb) {
		return true
	}
	sa, okA := fa.Sys().(*syscall.Stat_t)
	sb, okB := fb.Sys().(*syscall.Stat_t)
	char := fa.Mode()&os.ModeCharDevice != 0 && fb.Mode()&os.ModeCharDevice != 0
	if char && (!okA || !okB || sa.Rdev == sb.Rdev) {
		return true
	}
	if tty, err := os.Stat("/dev/tty"); err == nil && (os.SameFile(fa, tty) || os.SameFile(fb, tty)) {
		return true
	}
	return false
}
