package ptytest

import (
	"fmt"
	"os"
	"syscall"
	"unsafe"
)

// Open opens a pseudo-terminal as posix_openpt, unlockpt and ptsname do,
// and returns its two ends: ptm, which reads what is written to the
// terminal, and pts, the terminal. If it cannot, it returns nil files and
// why.
func Open() (ptm, pts *os.File, why string) {
	ptm, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, "no /dev/ptmx: " + err.Error()
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptm.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		ptm.Close()
		return nil, nil, "unlockpt: " + e.Error()
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptm.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		ptm.Close()
		return nil, nil, "ptsname: " + e.Error()
	}
	pts, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		ptm.Close()
		return nil, nil, err.Error()
	}
	return ptm, pts, ""
}
