package lines

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPathsUniform tests by chi-square each way shuf shuffles, run in this
// process, from a fair source and from the stuckBit source, which must
// fail the same check. The in-memory paths shuffle a few lines many times,
// and every outcome (each order of 4 lines, or each ordered pair for -n 2
// of 5) must be equally likely, 50 expected a cell (10 without
// SHUFFLE_LONG=1). The spill path, slower
// a run, shuffles 40,000 lines once: see spillP. α = 10⁻⁴ is the false
// failure rate of a fair path; the seeds are fixed, so the verdicts are
// reproducible.
func TestPathsUniform(t *testing.T) {
	const alpha = 1e-4
	lines := "a\nb\nc\nd\n"
	many := func(outcomes int, run func(s *shuf) error) func(rand.Source) float64 {
		return func(src rand.Source) float64 { return pathP(t, run, outcomes, quick(50*outcomes), src) }
	}
	for _, tc := range []struct {
		name string
		p    func(rand.Source) float64
	}{
		{"memory", many(24, func(s *shuf) error {
			return s.scatterShuffle(strings.NewReader(lines), int64(len(lines)))
		})},
		{"index", many(24, func(s *shuf) error { // -i 1-4
			s.o.rangeSet, s.o.lo, s.o.hi = true, 1, 4
			return s.execute(s.mustInput())
		})},
		{"sample", many(20, func(s *shuf) error { // -n 2, the reservoir
			s.o.count, s.o.countSet = 2, true
			return s.sampleReservoir(strings.NewReader("a\nb\nc\nd\ne\n"))
		})},
		{"sample-3-of-6", many(120, func(s *shuf) error { // every ordered 3 of 6
			s.o.count, s.o.countSet = 3, true
			return s.sampleReservoir(strings.NewReader("a\nb\nc\nd\ne\nf\n"))
		})},
		{"sample-1-of-7", many(7, func(s *shuf) error {
			s.o.count, s.o.countSet = 1, true
			return s.sampleReservoir(strings.NewReader("a\nb\nc\nd\ne\nf\ng\n"))
		})},
		{"sample-all-spooled", many(24, func(s *shuf) error { // and from a temporary file
			// 100 bytes: the first three lines pass it (sampleReservoir
			// counts 48 bytes a line held), and the spooled four fit in it
			// again, so the shuffle from the spool takes two files; with
			// --memory 1 it split them down to single labels, 80 ms a run.
			s.o.count, s.o.countSet, s.mem, s.tmp = 5, true, 100, &tempDir{}
			err := s.sampleReservoir(strings.NewReader(lines))
			require.NotZero(t, s.tmp.files, "nothing spooled")
			for _, f := range s.tmp.open {
				f.Close() // as Shuffle's tmp.remove does
			}
			return err
		})},
		{"sample-all", many(24, func(s *shuf) error { // -n 5 of 4: the whole shuffle
			s.o.count, s.o.countSet = 5, true
			return s.sampleReservoir(strings.NewReader(lines))
		})},
		{"sample-spooled", many(20, func(s *shuf) error { // the first lines past memory
			s.o.count, s.o.countSet, s.mem, s.tmp = 2, true, 1, &tempDir{} // unspool closes its file
			err := s.sampleReservoir(strings.NewReader("a\nb\nc\nd\ne\n"))
			require.NotZero(t, s.tmp.files, "nothing spooled")
			return err
		})},
		{"index-sample", many(20, func(s *shuf) error { // -i 1-5 -n 2
			s.o.rangeSet, s.o.lo, s.o.hi, s.o.count, s.o.countSet = true, 1, 5, 2, true
			return s.execute(s.mustInput())
		})},
		{"spill", func(src rand.Source) float64 { return spillP(t, src, false) }},
		{"spill-again", func(src rand.Source) float64 { return spillP(t, src, true) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // each its own shuf and sources, beside each other only
			p := tc.p(rand.NewChaCha8([32]byte{1}))
			if !(p > alpha) {
				t.Errorf("%s: a fair source was rejected: p = %.3g, want > %g (false failure %g)", tc.name, p, alpha, alpha)
			}
			q := tc.p(stuckBit{rand.NewChaCha8([32]byte{1})})
			if !(q < alpha) {
				t.Errorf("%s: the negative control passed: p = %.3g, want < %g", tc.name, q, alpha)
			}
			if testing.Verbose() {
				t.Logf("p = %.3g; with bit 63 stuck at 0: p = %.3g", p, q)
			}
		})
	}
}

// pathP runs a path trials times from src and returns the chi-square
// p-value of its outputs against the uniform distribution on k outcomes.
func pathP(t *testing.T, run func(*shuf) error, k, trials int, src rand.Source) float64 {
	t.Helper()
	counts := map[string]int{}
	for range trials {
		var out bytes.Buffer
		s := &shuf{o: &options{count: 1<<64 - 1, delim: '\n'}, stdout: &out, src: src, own: src, mem: 1 << 20}
		require.NoError(t, run(s))
		require.NoError(t, s.finish(s.out))
		counts[out.String()]++
	}
	return uniformP(t, counts, k, trials)
}

// spillP shuffles the 40,000 lines "0" to "39999" once with 64 KiB of
// memory, through temporary files, and returns the chi-square p-value of
// a table: the line's place in its label word (i mod 4) and input half
// (8 rows) against its output tenth (10 columns), 500 expected a cell. In a
// uniform permutation the table is a random matching of the rows' lines to
// the columns' places, the null of a chi-square test of independence with
// both margins fixed: 63 degrees of freedom. uniformP counts 79, which
// makes the test conservative: a fair path fails less often than α.
//
// With again, the input's size is given as 1 byte, as when a file grows
// after shuf looked at it: the plan is then 2 files, each too big for
// memory, which are split again by label.
func spillP(t *testing.T, src rand.Source, again bool) float64 {
	t.Helper()
	const n = 40000
	in := seqText(0, n-1)
	size := int64(len(in))
	if again {
		size = 1
	}
	var out bytes.Buffer
	s := &shuf{o: &options{count: 1<<64 - 1, delim: '\n'}, stdout: &out, src: src, own: src, mem: 64 << 10, tmp: &tempDir{}}
	defer s.tmp.remove()
	require.NoError(t, s.scatterShuffle(strings.NewReader(in), size))
	require.NoError(t, s.finish(s.out))
	first := len(split(size, s.mem, 0, labels))
	if again {
		assert.Greater(t, s.tmp.files, first, "no file was split again")
	} else {
		assert.Equal(t, first, s.tmp.files, "it did not spill as planned")
	}
	counts := map[string]int{}
	got := strings.Fields(out.String())
	require.Len(t, got, n)
	for at, l := range got {
		i, err := strconv.Atoi(l)
		require.NoError(t, err)
		counts[fmt.Sprint(i%4, 2*i/n, 10*at/n)]++
	}
	return uniformP(t, counts, 80, n)
}

// TestLabelsUniform tests the label draw itself, from which every order of
// the scatter comes: over 2^18 labels, chi-square on the top 5 bits of the
// label against its place in the word (4 × 32 cells), and on the top 3 bits
// of neighbouring labels (8 × 8 cells, both within a word and across words).
// α = 10⁻⁴ each. The negative controls go through the same checks: the
// stuckBit source biases the fourth label of each word; a source whose
// words repeat one 16-bit value four times gives uniform labels that come
// in equal runs of four.
func TestLabelsUniform(t *testing.T) {
	t.Parallel()
	const alpha, n = 1e-4, 1 << 18
	check := func(src rand.Source) (slots, pairs float64) {
		ls := make([]uint16, n)
		(&shuf{own: src}).drawLabels(ls)
		bySlot := map[string]int{}
		for i, l := range ls {
			bySlot[fmt.Sprint(i%4, l>>11)]++
		}
		byPair := map[string]int{}
		for i := 0; i+2 < len(ls); i += 2 {
			byPair[fmt.Sprint(ls[i]>>13, ls[i+1]>>13, "in")]++    // places 0-1, 2-3
			byPair[fmt.Sprint(ls[i+1]>>13, ls[i+2]>>13, "out")]++ // 1-2, 3-0 of the next word
		}
		return uniformP(t, bySlot, 4*32, n), pairsP(t, byPair, n/2-1)
	}
	slots, pairs := check(rand.NewChaCha8([32]byte{2}))
	assert.Greater(t, slots, alpha, "labels by place in the word: p = %g", slots)
	assert.Greater(t, pairs, alpha, "neighbouring labels: p = %g", pairs)
	stuckSlots, _ := check(stuckBit{rand.NewChaCha8([32]byte{2})})
	assert.Less(t, stuckSlots, alpha, "bit 63 stuck: the test passed it: p = %g", stuckSlots)
	_, runPairs := check(runsOfFour{rand.NewChaCha8([32]byte{2})})
	assert.Less(t, runPairs, alpha, "runs of four: the test passed it: p = %g", runPairs)
	t.Logf("p = %.3g (places), %.3g (neighbours); bit 63 stuck: %.3g; runs of four: %.3g", slots, pairs, stuckSlots, runPairs)
}

// mustInput is s.input() for -i or -e, which cannot fail.
func (s *shuf) mustInput() *inputLines {
	in, err := s.input()
	if err != nil {
		panic(err)
	}
	return in
}
