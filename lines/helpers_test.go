package lines

import (
	"bytes"
	"compress/gzip"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// dirNames is the names in dir, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func gzipText(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	_, err := z.Write([]byte(text))
	require.NoError(t, err)
	require.NoError(t, z.Close())
	return b.Bytes()
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

// quick returns full with SHUFFLE_LONG=1 and a fifth of it otherwise: the
// chi-square tests of this package take a fifth of their trials by
// default, keeping their level and their negative controls, which fail
// even then at p < 10⁻¹⁴.
func quick(full int) int {
	if long.Enabled() {
		return full
	}
	return full / 5
}

func write(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(content), 0o666))
	return p
}

// sorted returns the lines of s, each with its delimiter, sorted.
func sorted(s string, delim byte) []string {
	l := strings.SplitAfter(s, string(delim))
	if l[len(l)-1] == "" {
		l = l[:len(l)-1]
	}
	slices.Sort(l)
	return l
}

func seqText(lo, hi int) string {
	var b strings.Builder
	for i := lo; i <= hi; i++ {
		b.WriteString(strconv.Itoa(i) + "\n")
	}
	return b.String()
}

func assertEmpty(t *testing.T, dir string) {
	t.Helper()
	assert.Zero(t, countFiles(dir), "files left in %s", dir)
}

// uniformP is the p-value of a chi-square test that counts, over trials,
// are uniform over k outcomes; an outcome missing from counts counts 0.
func uniformP(t *testing.T, counts map[string]int, k, trials int) float64 {
	t.Helper()
	require.LessOrEqual(t, len(counts), k, "more outcomes than there can be")
	e := float64(trials) / float64(k)
	chi2 := float64(k-len(counts)) * e
	for _, c := range counts {
		chi2 += (float64(c) - e) * (float64(c) - e) / e
	}
	return distuv.ChiSquared{K: float64(k - 1)}.Survival(chi2)
}

// stuckBit is the negative control of the tests below: a source whose bit
// 63 is always 0. The label of every fourth line (bits 48 to 63 of a word)
// is then below 2^15, so that line comes early, and a bounded draw
// (Uint64N, IntN: the top bits of a 128-bit product) falls in the lower
// half of its range. Every path of shuf draws from its source, so each
// test below must reject its output from this source with the same check
// that passes it from a fair one.
// stuckBit is the negative control of the tests below: a source whose bit
// 63 is always 0. The label of every fourth line (bits 48 to 63 of a word)
// is then below 2^15, so that line comes early, and a bounded draw
// (Uint64N, IntN: the top bits of a 128-bit product) falls in the lower
// half of its range. Every path of shuf draws from its source, so each
// test below must reject its output from this source with the same check
// that passes it from a fair one.
type stuckBit struct{ rand.Source }

func (s stuckBit) Uint64() uint64 { return s.Source.Uint64() &^ (1 << 63) }

// runsOfFour repeats the low 16 bits of each word four times.
type runsOfFour struct{ rand.Source }

func (s runsOfFour) Uint64() uint64 { return (s.Source.Uint64() & 0xffff) * 0x0001000100010001 }

// pairsP is the smaller p-value of the two 8 × 8 tables of byPair, "in"
// and "out" (keys end so), each of trials pairs.
func pairsP(t *testing.T, byPair map[string]int, trials int) float64 {
	t.Helper()
	p := 1.0
	for _, side := range []string{"in", "out"} {
		c := map[string]int{}
		for k, v := range byPair {
			if strings.HasSuffix(k, side) {
				c[k] = v
			}
		}
		p = min(p, uniformP(t, c, 64, trials))
	}
	return p
}

// lockedBuffer is a bytes.Buffer safe for the progress goroutine and the
// test at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// randomBytes is n bytes from a PCG seeded with seed.
func randomBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, seed))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// shortSource is the size of a --random-source that lasts for the labels
// of 40,000 lines (10,000 words) and runs out among the groups, past
// memory with --memory 64K, after the first 64 KiB of output went out and
// before the last: not a multiple of 8, so that a draw fails on it.
const shortSource = 80000 + 40003

func countFiles(dir string) int {
	n := 0
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && p != dir {
			n++
		}
		return nil
	})
	return n
}
