//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOutputReplaced: -o FILE replaces FILE as GNU's truncate-and-write
// would leave it: a new file gets 0666 less the umask, an existing one
// keeps its permissions, a symbolic link stays a link and its target gets
// the output, and a file with another hard link is written in place, so
// that both names show the output, and is left empty when the run fails.
func TestOutputReplaced(t *testing.T) {
	umask := syscall.Umask(0o022)
	syscall.Umask(umask)
	dir := t.TempDir()
	in := write(t, "in", seqText(1, 1000))
	short := write(t, "short", "1234567") // less than one draw
	get := func(name string) (string, os.FileInfo) {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		fi, err := os.Lstat(filepath.Join(dir, name))
		require.NoError(t, err)
		return string(b), fi
	}
	isOutput := func(s string) bool { return strings.Count(s, "\n") == 1000 && s != seqText(1, 1000) }

	ok(t, "", "-o", filepath.Join(dir, "new"), in)
	text, fi := get("new")
	assert.True(t, isOutput(text))
	assert.Equal(t, os.FileMode(0o666&^umask), fi.Mode().Perm(), "a new file's permissions")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "private"), []byte("old\n"), 0o600))
	require.NoError(t, os.Chmod(filepath.Join(dir, "private"), 0o640))
	ok(t, "", "-o", filepath.Join(dir, "private"), in)
	text, fi = get("private")
	assert.True(t, isOutput(text))
	assert.Equal(t, os.FileMode(0o640), fi.Mode().Perm(), "an existing file's permissions")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "target"), []byte("old\n"), 0o644))
	require.NoError(t, os.Symlink("target", filepath.Join(dir, "link")))
	ok(t, "", "-o", filepath.Join(dir, "link"), in)
	_, fi = get("link")
	assert.Equal(t, os.ModeSymlink, fi.Mode().Type(), "the link was replaced by a file")
	text, _ = get("target")
	assert.True(t, isOutput(text), "the link's target did not get the output")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "one"), []byte("old\n"), 0o644))
	require.NoError(t, os.Link(filepath.Join(dir, "one"), filepath.Join(dir, "two")))
	ok(t, "", "-o", filepath.Join(dir, "one"), in)
	text, _ = get("two")
	assert.True(t, isOutput(text), "the other hard link does not show the output")
	r := runBin(t, "", "", "--random-source", short, "-o", filepath.Join(dir, "one"), in)
	assert.Equal(t, 1, r.code)
	assert.Equal(t, "shuf: '"+short+"': end of file\n", r.stderr)
	text, _ = get("one")
	assert.Empty(t, text, "a file written in place is left empty on an error")

	names := dirNames(t, dir)
	assert.Equal(t, []string{"link", "new", "one", "private", "target", "two"}, names, "a temporary file was left")
}

// TestSignalDuringOutput: Ctrl-C (SIGINT) or SIGTERM while -o is being
// written removes its temporary file, and no file of that name appears.
func TestSignalDuringOutput(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		dir := t.TempDir()
		cmd := exec.Command(bin, "-r", "-e", "y", "-o", filepath.Join(dir, "out"))
		require.NoError(t, cmd.Start())
		defer cmd.Process.Kill()
		deadline := time.Now().Add(20 * time.Second)
		for {
			names := dirNames(t, dir)
			if len(names) == 1 && strings.HasPrefix(names[0], ".out.shuf-") {
				if fi, err := os.Stat(filepath.Join(dir, names[0])); err == nil && fi.Size() > 1<<20 {
					break
				}
			}
			require.True(t, time.Now().Before(deadline), "%v: no temporary file grew: %q", sig, names)
			time.Sleep(10 * time.Millisecond)
		}
		require.NoError(t, cmd.Process.Signal(sig))
		err := cmd.Wait()
		ee, isExit := err.(*exec.ExitError)
		require.True(t, isExit, "%v: %v", sig, err)
		assert.Equal(t, 128+int(sig), ee.ExitCode(), "%v", sig)
		assert.Empty(t, dirNames(t, dir), "%v", sig)
	}
}
