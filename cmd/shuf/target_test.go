package main

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomBytes is n bytes from a PCG seeded with seed.
func randomBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, seed))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// snapshot is every file of dir and what it holds.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		m[p[len(dir):]] = string(b)
		return err
	}))
	return m
}

// shortSource is the size of a --random-source that lasts for the labels
// of 40,000 lines (10,000 words) and runs out among the groups, past
// memory with --memory 64K, after the first 64 KiB of output went out and
// before the last: not a multiple of 8, so that a draw fails on it.
const shortSource = 80000 + 40003

// TestShortSourceLeavesNothing: past memory the draws go on while the
// output is written, so a --random-source that lasts for the labels and
// runs out among the groups fails after the output began. Then no file
// shuf writes may be left half-written: not -o, not the shards, not the
// split's parts, whether they existed before (they keep what they held) or
// not (they do not appear), nor the input when -o names it. Standard
// output shows the output had begun. The same runs with a source long
// enough succeed and write every file, so the arguments are right.
func TestShortSourceLeavesNothing(t *testing.T) {
	t.Parallel()
	const lines = 40000 // 10,000 words of labels, 80,000 bytes
	text := seqText(1, lines)
	srcDir := t.TempDir()
	short := filepath.Join(srcDir, "short")
	require.NoError(t, os.WriteFile(short, randomBytes(shortSource, 1), 0o644))
	long := filepath.Join(srcDir, "long")
	require.NoError(t, os.WriteFile(long, randomBytes(1<<20, 2), 0o644))
	wantErr := "shuf: '" + short + "': end of file\n"

	// To standard output: part of the output, then the error.
	in := write(t, "in", text)
	r := runBin(t, "", t.TempDir(), "--memory", "64K", "--random-source", short, in)
	assert.Equal(t, 1, r.code)
	assert.Equal(t, wantErr, r.stderr)
	assert.NotEmpty(t, r.stdout, "the source ran out before the output began: the test is void")
	assert.Less(t, len(r.stdout), len(text))

	for _, tc := range []struct {
		name   string
		args   []string // "IN" is the input's path, "DIR" the directory's
		before []string // files in DIR before the run, holding "old"
		after  []string // the files a successful run writes in DIR
	}{
		{"-o", []string{"-o", "DIR/out", "IN"}, nil, []string{"out"}},
		{"-o existing", []string{"-o", "DIR/out", "IN"}, []string{"out"}, []string{"out"}},
		{"-o the input", []string{"-o", "DIR/in", "DIR/in"}, nil, []string{"in"}},
		{"--shards", []string{"--shards", "4", "-o", "DIR/s", "IN"}, nil,
			[]string{"s-00000-of-00004", "s-00001-of-00004", "s-00002-of-00004", "s-00003-of-00004"}},
		{"--shards existing", []string{"--shards", "2", "-o", "DIR/s", "IN"}, []string{"s-00001-of-00002"},
			[]string{"s-00000-of-00002", "s-00001-of-00002"}},
		{"--split", []string{"--split", "80,10,10", "-o", "DIR/d", "IN"}, nil, []string{"d.test", "d.train", "d.val"}},
		{"--split existing", []string{"--split", "50,50", "-o", "DIR/d", "IN"}, []string{"d.train", "d.test"},
			[]string{"d.test", "d.train"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, src := range []string{short, long} {
				dir := t.TempDir()
				tmp := t.TempDir()
				in := filepath.Join(t.TempDir(), "in")
				require.NoError(t, os.WriteFile(in, []byte(text), 0o644))
				require.NoError(t, os.WriteFile(filepath.Join(dir, "in"), []byte(text), 0o644))
				for _, b := range tc.before {
					require.NoError(t, os.WriteFile(filepath.Join(dir, b), []byte("old\n"), 0o644))
				}
				was := snapshot(t, dir)
				args := []string{"--memory", "64K", "--random-source", src}
				for _, a := range tc.args {
					args = append(args, strings.NewReplacer("IN", in, "DIR", dir).Replace(a))
				}
				r := runBin(t, "", tmp, args...)
				assertEmpty(t, tmp)
				if src == short {
					assert.Equal(t, 1, r.code)
					assert.Equal(t, wantErr, r.stderr)
					assert.Equal(t, was, snapshot(t, dir), "the files changed")
					continue
				}
				require.Equal(t, 0, r.code, r.stderr)
				names := dirNames(t, dir)
				var all string
				for _, a := range tc.after {
					assert.Contains(t, names, a)
					b, err := os.ReadFile(filepath.Join(dir, a))
					require.NoError(t, err)
					all += string(b)
				}
				assert.Equal(t, sorted(text, '\n'), sorted(all, '\n'), "not a permutation")
				want := slices.Sorted(slices.Values(append(append([]string{"in"}, tc.before...), tc.after...)))
				assert.Equal(t, slices.Compact(want), names, "other files")
			}
		})
	}
}
