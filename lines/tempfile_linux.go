package lines

import (
	"os"
	"syscall"
)

// oTmpfile is Linux's O_TMPFILE, which the syscall package lacks: an open
// of a directory that makes a file there with no name. __O_TMPFILE is
// 020000000 on every architecture Go runs Linux on.
const oTmpfile = 0o20000000 | syscall.O_DIRECTORY

// spillTemp makes a file in dir that has no name (O_TMPFILE), so that
// nothing is left even if the process is killed at once. A file system
// without O_TMPFILE (EISDIR, EOPNOTSUPP) gets a named file removed as soon
// as it is open.
func spillTemp(dir string) (*os.File, error) {
	for {
		fd, err := syscall.Open(dir, oTmpfile|syscall.O_RDWR|syscall.O_CLOEXEC, 0o600)
		switch err {
		case nil:
			return os.NewFile(uintptr(fd), dir), nil
		case syscall.EINTR:
			continue
		case syscall.EISDIR, syscall.EOPNOTSUPP, syscall.EINVAL:
			return createUnlinked(dir)
		}
		return nil, err
	}
}
