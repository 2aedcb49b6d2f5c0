package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain lets the test binary be the command: with runAsMain set, it
// runs main on its arguments, so the tests run the very binary that
// registers the runners, without building it again.
func TestMain(m *testing.M) {
	if os.Getenv(runAsMain) != "" {
		os.Args = append([]string{"shuffle-beam"}, os.Args[1:]...)
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

const runAsMain = "SHUFFLE_BEAM_TEST_MAIN"

// offline wraps a command so that it runs in a network namespace of its
// own, with only the loopback interface up (unshare -rn, then ip link):
// nothing past this machine can be reached. If the system does not allow
// it, offline returns nil.
func offline(t *testing.T) []string {
	wrap := []string{"unshare", "-rn", "sh", "-c", `ip link set lo up && exec "$0" "$@"`}
	if out, err := exec.Command(wrap[0], append(wrap[1:], "true")...).CombinedOutput(); err != nil {
		t.Logf("no network namespace (%v: %s): prism runs with the network as it is", err, bytes.TrimSpace(out))
		return nil
	}
	return wrap
}

// TestPrism runs the command on the same files with the same seed on the
// direct runner and on prism, started in this process by --runner prism
// with no job server and no network, and compares the files they write,
// byte for byte; both must hold every input line once.
func TestPrism(t *testing.T) {
	dir := t.TempDir()
	var input []string
	for f, n := range []int{3000, 0, 1, 700} {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "file %d line %d\n", f, i)
			input = append(input, fmt.Sprintf("file %d line %d", f, i))
		}
		text := b.String()
		if f == 3 {
			text = strings.TrimSuffix(text, "\n") // an unterminated last line
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("in-%d.txt", f)), []byte(text), 0o644))
	}
	const buckets = 8
	shards := func(runner string, wrap []string) [][]byte {
		prefix := filepath.Join(dir, runner, "corpus")
		args := append(wrap, os.Args[0], "--runner", runner, "--seed", "7",
			"--buckets", fmt.Sprint(buckets), "--output", prefix, filepath.Join(dir, "in-*.txt"))
		cmd := exec.Command(args[0], args[1:]...)
		// TMPDIR: Beam leaves an empty file there on each prism run.
		cmd.Env = append(os.Environ(), runAsMain+"=1", "TMPDIR="+t.TempDir())
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "--runner %s: %s", runner, out)
		var files [][]byte
		for b := range buckets {
			data, err := os.ReadFile(fmt.Sprintf("%s-%05d-of-%05d", prefix, b, buckets))
			require.NoError(t, err)
			files = append(files, data)
		}
		names, err := filepath.Glob(prefix + "*")
		require.NoError(t, err)
		require.Len(t, names, buckets, "no other file")
		return files
	}
	direct := shards("direct", nil)
	prism := shards("prism", offline(t))
	for b := range buckets {
		assert.Equal(t, string(direct[b]), string(prism[b]), "bucket %d", b)
	}
	lines := strings.Split(strings.TrimSuffix(string(bytes.Join(prism, nil)), "\n"), "\n")
	assert.NotEqual(t, input, lines, "shuffled")
	slices.Sort(input)
	slices.Sort(lines)
	assert.Equal(t, input, lines, "every line once")
}
