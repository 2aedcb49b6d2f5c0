// Package tmpfs moves a test binary's temporary files to memory. The
// tests of lines and cmd/shuf spill about 20,000 files a run (O_TMPFILE,
// closed at once); on ext4 a file made just after many were deleted can
// cost a millisecond of the kernel's time (it skips each recently freed
// inode, reading its table block), on tmpfs 25 µs. What those tests check
// is the spill, not the disk, so they run on /dev/shm when they can. A
// test under a cgroup's memory limit keeps its files on the disk: tmpfs
// pages count against the limit (cmd/shuf's TestCgroupSweep).
package tmpfs

import "os"

// Use sets TMPDIR to a new directory on /dev/shm when TMPDIR is unset and
// /dev/shm is a writable tmpfs, and returns what removes that directory;
// otherwise it changes nothing and returns a function that does nothing.
// A TMPDIR the caller chose is always kept.
func Use() (done func()) {
	done = func() {}
	if _, set := os.LookupEnv("TMPDIR"); set {
		return done
	}
	if !isTmpfs("/dev/shm") {
		return done
	}
	dir, err := os.MkdirTemp("/dev/shm", "shuffle-test-")
	if err != nil {
		return done
	}
	os.Setenv("TMPDIR", dir)
	return func() {
		os.RemoveAll(dir)
		os.Unsetenv("TMPDIR")
	}
}
