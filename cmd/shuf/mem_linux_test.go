package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/internal/long"
)

// startVM is the address space the built command maps when it starts,
// in KiB, under "ulimit -v limit" if limit > 0: Go's runtime maps some
// hundreds of MB it does not use, fewer under a limit.
func startVM(t *testing.T, limit int64) int64 {
	t.Helper()
	cmd := exec.Command(bin)
	if limit > 0 {
		cmd = exec.Command("sh", "-c", `ulimit -v "$0" && exec "$1"`, strconv.FormatInt(limit, 10), bin)
	}
	w, err := cmd.StdinPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer func() {
		w.Close()
		cmd.Wait()
	}()
	for range 100 {
		time.Sleep(20 * time.Millisecond)
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", cmd.Process.Pid)); err == nil && strings.HasPrefix(string(b), bin) {
			if vm := statusKB(t, cmd.Process.Pid, "VmSize:"); vm > 0 {
				return vm
			}
		}
	}
	t.Fatal("no VmSize")
	return 0
}

func statusKB(t *testing.T, pid int, field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(t, err)
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, field); ok {
			kb, err := strconv.ParseInt(strings.Fields(rest)[0], 10, 64)
			require.NoError(t, err)
			return kb
		}
	}
	return 0
}

// underUlimit runs the built command under "ulimit -v kb", with TMPDIR tmp.
func underUlimit(t *testing.T, kb int64, tmp string, args ...string) result {
	t.Helper()
	cmd := exec.Command("sh", append([]string{"-c", `ulimit -v "$0" && exec "$@"`, strconv.FormatInt(kb, 10), bin}, args...)...)
	cmd.Env = append(os.Environ(), "LC_ALL=C", "TMPDIR="+tmp)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	return runResult(t, cmd, &out, &errb)
}

// TestUlimit: under "ulimit -v", --memory's default is what the address
// space leaves, so that a file larger than that is spilled, not lost to
// a crash; and what does not fit is GNU's error, with status 1, never
// Go's "fatal error: out of memory".
func TestUlimit(t *testing.T) {
	dir := t.TempDir()
	// A limit that leaves some 120 MiB: the default is a third of what is
	// left when the command starts, and a larger input is spilled.
	// With TMPDIR missing, the spill is an error naming it.
	// The runtime's mappings grow as it starts its threads, so VmSize
	// varies by tens of MiB from one look to the next: the room is taken
	// from the smaller of two looks, and the input is 24 MiB past a third
	// of it, so that it is past the default wherever shuf's own look falls.
	vm := startVM(t, 0)
	kb := vm + 120<<10
	vm = min(vm, startVM(t, kb))
	room := (kb - vm) << 10
	t.Logf("ulimit -v %d leaves %d MiB", kb, room>>20)
	if room > 300<<20 {
		t.Skipf("ulimit -v %d leaves %d MiB: too much to fill here", kb, room>>20)
	}
	text := randomLines(int(room/3)+24<<20, 1, 100, 8)
	in := write(t, "in", text)
	r := underUlimit(t, kb, filepath.Join(dir, "missing"), "--seed", "2", in)
	assert.Equal(t, 1, r.code, "it did not spill")
	assert.Contains(t, r.stderr, filepath.Join(dir, "missing"))
	r = underUlimit(t, kb, dir, "--seed", "2", in)
	require.Equal(t, 0, r.code, r.stderr)
	assert.True(t, r.stdout == ok(t, "", "--seed", "2", in), "spilled, the output differs")
	assertEmpty(t, dir)

	// 400 MB (a sparse file of zeros, one line) do not fit in the 250 MB
	// "ulimit -v 1000000" leaves; -r, and --memory larger than the room,
	// hold the input in memory. (--allow-binary: zeros are not text.)
	sparse := filepath.Join(dir, "sparse")
	f, err := os.Create(sparse)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(400e6))
	require.NoError(t, f.Close())
	const gnu = "shuf: read error: Cannot allocate memory\n"
	for _, args := range [][]string{{"--allow-binary", "-r", "-n", "1", sparse}, {"--allow-binary", "--memory", "2G", sparse}} {
		r := underUlimit(t, 1000000, dir, args...)
		assert.Equal(t, 1, r.code, "%q", args)
		assert.Equal(t, gnu, r.stderr, "%q", args)
		assert.Empty(t, r.stdout, "%q", args)
	}
	// From a pipe, the buffer grows until it cannot.
	cmd := exec.Command("sh", "-c", `ulimit -v 1000000 && cat "$1" | "$0" --allow-binary -r -n 1`, bin, sparse)
	out, err := cmd.CombinedOutput()
	assert.Error(t, err)
	assert.Equal(t, gnu, string(out))
}

// TestBigUlimit shuffles a 1 GiB file of 50- to 150-byte lines without
// --memory under "ulimit -v 1000000", which leaves some 250 MB: it is
// spilled, and its output is a permutation of it (go test ./cmd/shuf -run
// BigUlimit -v, with SHUFFLE_LONG=1).
func TestBigUlimit(t *testing.T) {
	long.Skip(t, "writes 2 GiB to disk")
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	f, err := os.Create(in)
	require.NoError(t, err)
	var sum uint64
	for i := range uint64(64) {
		part := randomLines(16<<20, 50, 150, 100+i)
		for l := range strings.Lines(part) {
			sum += lineHash([]byte(l[:len(l)-1]))
		}
		_, err := f.WriteString(part)
		require.NoError(t, err)
	}
	require.NoError(t, f.Close())
	out := filepath.Join(dir, "out")
	start := time.Now()
	r := underUlimit(t, 1000000, dir, "-o", out, in)
	require.Equal(t, 0, r.code, r.stderr)
	t.Logf("1 GiB under ulimit -v 1000000: %v", time.Since(start).Round(time.Millisecond))
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, 1<<30, len(b))
	var got uint64
	for l := range strings.Lines(string(b)) {
		got += lineHash([]byte(l[:len(l)-1]))
	}
	assert.Equal(t, sum, got, "the output is not a permutation of the input")
}
