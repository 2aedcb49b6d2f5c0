package raw_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/audit/raw"
)

// periodic repeats the first 2¹⁴ bits of PCG.
type periodic struct {
	words []uint64
	i     *int
}

func (p periodic) Uint64() uint64 {
	w := p.words[*p.i%len(p.words)]
	*p.i++
	return w
}

// TestVerdict: ChaCha8 and PCG pass; negative controls fail: P(1) = 0.51,
// a period of 2¹⁴ bits, a stuck source. With Alpha = 0.001 a random
// source fails with probability at most 0.001: the seeds are fixed, so
// the test gives the same verdict every run.
func TestVerdict(t *testing.T) {
	words := make([]uint64, 1<<8)
	pcg := rand.NewPCG(9, 10)
	for i := range words {
		words[i] = pcg.Uint64()
	}
	for _, c := range []struct {
		name string
		src  rand.Source
		want raw.Verdict
	}{
		{"chacha8", rand.NewChaCha8([32]byte{'v'}), raw.Pass},
		{"pcg", rand.NewPCG(11, 12), raw.Pass},
		{"biased 0.51", biased{rand.New(rand.NewPCG(13, 14)), 0.51}, raw.Fail},
		{"period 2^14", periodic{words, new(int)}, raw.Fail},
		{"stuck", stuck{}, raw.Fail},
	} {
		res, err := raw.RunSource(c.src, raw.Options{SeqLen: 20000, Sequences: 10})
		require.NoError(t, err)
		wt, wj, p := res.Worst()
		assert.Equal(t, c.want, res.Verdict(), "%s: smallest check %g (%s row %d)", c.name, p, wt.Name, wj+1)
	}
}

type stuck struct{}

func (stuck) Uint64() uint64 { return 0 }
