//go:build !unix

package lines

import "os"

// sizeIsLength reports whether a regular file's size is the length of what
// reading it gives: here, always.
func sizeIsLength(os.FileInfo) bool { return true }

// links is a file's number of hard links: 1, as this platform's FileInfo
// does not say.
func links(os.FileInfo) uint64 { return 1 }

// takeOwner: files here have no owner shuf can set.
func takeOwner(*os.File, os.FileInfo) bool { return true }

// blockSize is the block size for writing to f: unknown here.
func blockSize(*os.File) int64 { return 0 }
