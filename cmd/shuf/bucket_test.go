package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBucketsErrors: the bucket path, run by the command on 12 MB, stops
// as every path does when --random-source runs out (its shuffles run on
// other goroutines) and when its reader goes away.
func TestBucketsErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := write(t, "in", randomLines(12<<20, 1, 40, 7))
	// Enough randomness for the labels, not for the shuffles.
	rnd := filepath.Join(dir, "random")
	require.NoError(t, os.WriteFile(rnd, bytes.Repeat([]byte{0x5a}, 2<<20), 0o666))
	buckets := runBin(t, "", dir, "--random-source", rnd, in)
	spilled := runBin(t, "", dir, "--random-source", rnd, "--memory", "1M", in)
	assert.Equal(t, 1, buckets.code)
	assert.Contains(t, buckets.stderr, "random': end of file\n")
	assert.Equal(t, spilled.stderr, buckets.stderr)
	assert.Empty(t, buckets.stdout)

	// A reader that goes away: the broken pipe ends the run, as GNU's.
	cmd := exec.Command("bash", "-c", `"$0" "$1" | head -c 1000 >/dev/null; echo "${PIPESTATUS[0]}"`, bin, in)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Equal(t, fmt.Sprintln(128+int(syscall.SIGPIPE)), string(out))
}
