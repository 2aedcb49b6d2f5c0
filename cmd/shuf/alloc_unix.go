//go:build unix

package main

import "syscall"

// allocBytes returns n bytes for a chunk of input: mapped apart from Go's
// heap if large, so that freeBytes gives them back to the system at once,
// and whether it did map them.
func allocBytes(n int) ([]byte, bool) {
	if n >= 1<<20 {
		b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err == nil {
			return b, true
		}
	}
	return make([]byte, n), false
}

// freeBytes unmaps bytes allocBytes mapped.
func freeBytes(b []byte) {
	syscall.Munmap(b)
}
