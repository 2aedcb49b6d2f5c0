package lines

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPartsUniform tests by chi-square what --shards and --split write,
// run in this process into memory: 4 lines into 2 shards (2 and 2 lines)
// and into a 50,25,25 split (2, 1 and 1), 50 expected for each of the 24
// outcomes (10 without SHUFFLE_LONG=1), an outcome being the parts' contents in order. Both cut the
// one permutation, so from the same source they see the same outcomes and
// the same p-value; the test checks that the cutting keeps its uniformity
// and its sizes. α = 10⁻⁴ is the false failure rate; the stuckBit source
// must fail the same check.
func TestPartsUniform(t *testing.T) {
	t.Parallel()
	const alpha = 1e-4
	trials := quick(1200)
	lines := "a\nb\nc\nd\n"
	for _, o := range []options{{shards: 2}, {split: []int{50, 25, 25}}} {
		o.count, o.delim = 1<<64-1, '\n'
		p := func(src rand.Source) float64 {
			counts := map[string]int{}
			for range trials {
				sizes := o.partSizes(4)
				bufs := make([]bytes.Buffer, len(sizes))
				ps := &parts{sizes: slices.Clone(sizes), delim: '\n'}
				for i := range bufs {
					ps.ws = append(ps.ws, &bufs[i])
				}
				s := &shuf{o: &o, src: src, own: src, mem: 1 << 20}
				s.out = &output{w: ps, delim: '\n', left: o.count, buf: make([]byte, 0, outBuf)}
				require.NoError(t, s.scatterShuffle(strings.NewReader(lines), int64(len(lines))))
				var got []string
				for i := range bufs {
					require.Equal(t, int(sizes[i]), strings.Count(bufs[i].String(), "\n"))
					got = append(got, bufs[i].String())
				}
				counts[strings.Join(got, "|")]++
			}
			return uniformP(t, counts, 24, trials)
		}
		pf := p(rand.NewChaCha8([32]byte{2}))
		assert.Greater(t, pf, alpha, "%+v: p = %g", o, pf)
		q := p(stuckBit{rand.NewChaCha8([32]byte{2})})
		assert.Less(t, q, alpha, "%+v: the negative control passed: p = %g", o, q)
		t.Logf("shards %d, split %v: p = %.3g; with bit 63 stuck at 0: p = %.3g", o.shards, o.split, pf, q)
	}
}

func TestPartSizes(t *testing.T) {
	sh := &options{shards: 4}
	assert.Equal(t, []uint64{3, 3, 2, 2}, sh.partSizes(10))
	assert.Equal(t, []uint64{1, 0, 0, 0}, sh.partSizes(1))
	for _, tc := range []struct {
		split []int
		n     uint64
		want  []uint64
	}{
		{[]int{80, 10, 10}, 100, []uint64{80, 10, 10}},
		{[]int{80, 10, 10}, 7, []uint64{5, 1, 1}},  // 5.6 0.7 0.7
		{[]int{34, 33, 33}, 10, []uint64{4, 3, 3}}, // 3.4 3.3 3.3: a tie, the earlier first
		{[]int{50, 50}, 3, []uint64{2, 1}},
		{[]int{60, 20, 20}, 1 << 62, []uint64{2767011611056432742, 922337203685477581, 922337203685477581}}, // .4 .8 .8
	} {
		o := &options{split: tc.split}
		got := o.partSizes(tc.n)
		assert.Equal(t, tc.want[:2], got[:2], "%v of %d", tc.split, tc.n)
		sum := uint64(0)
		for _, v := range got {
			sum += v
		}
		assert.Equal(t, tc.n, sum, "%v of %d", tc.split, tc.n)
	}
}
