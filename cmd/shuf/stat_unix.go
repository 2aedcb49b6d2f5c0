//go:build unix

package main

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
