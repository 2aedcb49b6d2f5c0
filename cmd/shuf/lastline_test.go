package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMissingNewlineCostsNothing: a file whose last line has no newline
// gets one, and costs what the same file with it costs: the same peak
// memory, within 5%, on each path (in memory, where the lines lie or in
// buckets, from a file and from a pipe, and spilled past --memory). The
// output is the same too, for the same seed. Until issue 24 the missing
// newline made the in-memory path copy the whole input into a larger
// buffer, 2.5 times the memory.
func TestMissingNewlineCostsNothing(t *testing.T) {
	dir := t.TempDir()
	self, err := os.Executable()
	require.NoError(t, err)
	for _, path := range []struct {
		name string
		size int // below bucketMin, the lines are arranged where they lie
		args []string
		pipe bool
	}{
		{"memory", 6 << 20, nil, false},
		{"buckets", 12 << 20, nil, false},
		{"pipe", 6 << 20, nil, true},
		{"pipe, buckets", 34 << 20, nil, true}, // past bucketPipe
		{"spill", 48 << 20, []string{"--memory", "16M"}, false},
	} {
		if path.size > 6<<20 && !long.Enabled() {
			continue // the buckets and the spill, 94 MB of input (4 s), with SHUFFLE_LONG=1
		}
		text := randomLines(path.size, 50, 150, 3)
		with := write(t, "with", text)
		without := write(t, "without", strings.TrimSuffix(text, "\n"))
		t.Run(path.name, func(t *testing.T) {
			// The command runs under a fresh copy of the test binary
			// (peakHelper): a child of this process is charged its peak.
			run := func(file string) (peak int64, out string) {
				o := filepath.Join(dir, "out")
				args := append([]string{bin, "--seed", "5", "-o", o}, path.args...)
				if path.pipe {
					args = append(args, "<")
				}
				cmd := exec.Command(self)
				cmd.Env = append(os.Environ(), "SHUF_PEAK_ARGS="+strings.Join(append(args, file), "\x1f"), "TMPDIR="+dir)
				res, err := cmd.CombinedOutput()
				require.NoError(t, err, "%s", res)
				var lines int
				_, err = fmt.Sscan(string(res), &lines, &peak)
				require.NoError(t, err, "%s", res)
				b, err := os.ReadFile(o)
				require.NoError(t, err)
				return peak, string(b)
			}
			a, outA := run(with)
			b, outB := run(without)
			assert.Len(t, outB, len(text))
			assert.True(t, outA == outB, "the outputs differ")
			if a == 0 {
				t.Skip("the peak memory is not measured on this platform")
			}
			t.Logf("peak memory: %.1f MB with the newline, %.1f MB without", float64(a)/1e6, float64(b)/1e6)
			// 5%, and 256 KiB for the runtime's own noise from run to run
			// (the collector's timing moves a peak of 10 MB by up to 0.3 MB):
			// the bug this guards against cost a copy of the input.
			assert.Less(t, float64(b), 1.05*float64(a)+256<<10, "the missing newline costs memory")
		})
	}
}

// randomLines is size bytes of lines of lo to hi bytes, newline included,
// of random letters drawn from seed.
func randomLines(size, lo, hi int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 0))
	b := make([]byte, 0, size)
	for len(b) < size {
		n := min(lo+r.IntN(hi-lo+1), size-len(b))
		for i := 0; i < n-1; i += 8 {
			w := r.Uint64()
			for j := i; j < min(i+8, n-1); j++ {
				b = append(b, byte('a'+(w&0xff)%26))
				w >>= 8
			}
		}
		b = append(b, '\n')
	}
	return string(b)
}
