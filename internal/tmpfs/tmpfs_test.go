package tmpfs

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUse: with TMPDIR unset, temporary files go to a new directory on
// /dev/shm where it is a tmpfs, and done removes it and unsets TMPDIR; a
// TMPDIR that is set is kept.
func TestUse(t *testing.T) {
	t.Setenv("TMPDIR", "/somewhere")
	Use()()
	assert.Equal(t, "/somewhere", os.Getenv("TMPDIR"), "a TMPDIR the caller set")

	os.Unsetenv("TMPDIR")
	done := Use()
	dir, set := os.LookupEnv("TMPDIR")
	if !isTmpfs("/dev/shm") {
		assert.False(t, set, "no tmpfs, TMPDIR stays unset")
		done()
		return
	}
	assert.True(t, set)
	assert.Equal(t, "/dev/shm", filepath.Dir(dir))
	assert.True(t, isTmpfs(os.TempDir()))
	assert.NoError(t, os.WriteFile(filepath.Join(dir, "f"), nil, 0o600))
	done()
	assert.NoDirExists(t, dir)
	_, set = os.LookupEnv("TMPDIR")
	assert.False(t, set, "done unsets TMPDIR")
	assert.False(t, isTmpfs("/proc"), "/proc is a procfs")
}
