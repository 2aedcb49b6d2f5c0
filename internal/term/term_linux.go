package term

import (
	"os"
	"syscall"
	"unsafe"
)

// IsTerminal reports whether f is a terminal: whether the TCGETS ioctl,
// which only a tty driver answers, succeeds. (A mode check for a character
// device is not enough: /dev/null is one.)
func IsTerminal(f *os.File) bool {
	var t syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	return errno == 0
}
