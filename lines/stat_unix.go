//go:build unix

package lines

import (
	"os"
	"syscall"
)

// sizeIsLength reports whether a regular file's size is the length of what
// reading it gives: not for a file that takes up no blocks, such as the
// files of sysfs, which say 4096 bytes and hold a few. (A sparse file with
// no blocks at all passes too, and reads to its size anyway.)
func sizeIsLength(fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return !ok || st.Blocks > 0
}

// links is a file's number of hard links, 1 where the system does not say.
func links(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// takeOwner gives f, a file shuf just created, the owner and group of old,
// the file it is to replace, if they differ; it reports whether f has them.
func takeOwner(f *os.File, old os.FileInfo) bool {
	want, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return true
	}
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	have, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return false
	}
	if have.Uid == want.Uid && have.Gid == want.Gid {
		return true
	}
	return f.Chown(int(want.Uid), int(want.Gid)) == nil
}

// blockSize is the block size the system gives for writing to f, 0 if it
// gives none.
func blockSize(f *os.File) int64 {
	fi, err := f.Stat()
	if err != nil {
		return 0
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int64(st.Blksize)
	}
	return 0
}
