//go:build !linux

package lines

// physicalMemory is unknown outside Linux: --memory then defaults to 1 GiB.
func physicalMemory() int64 { return 0 }

// addressRoom is unknown outside Linux.
func addressRoom() int64 { return -1 }
