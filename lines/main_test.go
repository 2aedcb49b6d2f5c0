package lines

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSeedIsChaCha8 checks the documented definition of --seed: with
// durstenfeld, which is math/rand/v2's Shuffle, the output is what that
// Shuffle gives with ChaCha8 keyed by seedKey.
func TestSeedIsChaCha8(t *testing.T) {
	for seed := range uint64(5) {
		want := make([]string, 30)
		for i := range want {
			want[i] = strconv.Itoa(i + 1)
		}
		r := rand.New(rand.NewChaCha8(seedKey(seed)))
		r.Shuffle(len(want), func(i, j int) { want[i], want[j] = want[j], want[i] })
		got := strings.Fields(ok(t, "", "--seed", strconv.FormatUint(seed, 10), "--algo", "durstenfeld", "-i", "1-30"))
		assert.Equal(t, want, got, "seed %d", seed)
	}
}

// TestArrangeUniform checks steps 2 to 4 of the algorithm on their own:
// five lines, labels uniform on [0, 2), chi-square over the 120 orders.
// The same test must reject the naive shuffle in the groups' place.
func TestArrangeUniform(t *testing.T) {
	t.Parallel()
	const trials, alpha = 60000, 1e-4 // a false failure 1 time in 10,000
	data := []byte("a\nb\nc\nd\ne\n")
	run := func(newSh func(rand.Source) shuffle.Shuffler) float64 {
		src := rand.NewPCG(5, 6)
		sh := newSh(src)
		counts := map[string]int{}
		var buf bytes.Buffer
		ls := make([]uint16, 5)
		for range trials {
			for i := range ls {
				ls[i] = uint16(src.Uint64() % 2)
			}
			buf.Reset()
			out := &output{w: &buf, delim: '\n', left: 5, buf: make([]byte, 0, 64)}
			arrange[uint32](out, mixer{fy: sh}, data, ls, 2, '\n')
			out.flush()
			counts[buf.String()]++
		}
		return uniformP(t, counts, 120, trials)
	}
	p := run(shuffle.NewFisherYates)
	assert.Greater(t, p, alpha, "fisher-yates in groups: p = %g", p)
	q := run(func(s rand.Source) shuffle.Shuffler { return shuffle.NewNaive(s) })
	assert.Less(t, q, alpha, "the negative control passed: p = %g", q)
	t.Logf("p = %.3g; naive in the groups: p = %.3g", p, q)
}

// TestSampleUniform checks -n's sampler: 2 of 5 lines, chi-square over
// the 20 ordered pairs. The negative control, the first 2 lines of the naive
// shuffle (--algo naive), must fail the same test.
func TestSampleUniform(t *testing.T) {
	t.Parallel()
	const alpha = 1e-4 // a false failure 1 time in 10,000
	trials := quick(20000)
	test := func(algo string) float64 {
		src := rand.NewPCG(7, 8)
		counts := map[string]int{}
		for range trials {
			var out bytes.Buffer
			s := &shuf{o: &options{count: 2, countSet: true, delim: '\n'}, stdout: &out, src: src, own: src, mem: 1 << 20}
			in := strings.NewReader("a\nb\nc\nd\ne\n")
			var err error
			if algo == "" {
				err = s.sampleReservoir(in)
			} else {
				s.alg, _ = shuffle.Lookup(algo)
				err = s.runAlgo(in, -1)
			}
			require.NoError(t, err)
			counts[out.String()]++
		}
		return uniformP(t, counts, 20, trials)
	}
	p := test("")
	assert.Greater(t, p, alpha, "-n 2 of 5: p = %g", p)
	q := test("naive")
	assert.Less(t, q, alpha, "the negative control passed: p = %g", q)
	t.Logf("p = %.3g; the naive shuffle's first two: p = %.3g", p, q)
}
