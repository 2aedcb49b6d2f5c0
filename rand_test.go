package shuffle

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// words is a source that returns the given words in order and fails the
// test if asked for more.
type words struct {
	t *testing.T
	w []uint64
}

func (s *words) Uint64() uint64 {
	s.t.Helper()
	if len(s.w) == 0 {
		s.t.Fatal("drew more words than scripted")
	}
	x := s.w[0]
	s.w = s.w[1:]
	return x
}

// TestIntnMatchesMathRand pins intn, the single bounded draw of riffle,
// draw, rejection, cut and the samplers, to (*rand.Rand).IntN word for word,
// on honest words and on words that force the rejection branch, which an
// honest source reaches with probability n/2⁶⁴: zeroEvery returns 0 as its
// first word and every k-th after it, and a zero word gives the low half 0,
// below 2⁶⁴ mod n whenever n is not a power of two.
//
// On 32-bit platforms math/rand/v2 draws bounds below 2³² from 32-bit
// halves, so the comparison holds where int has 64 bits.
func TestIntnMatchesMathRand(t *testing.T) {
	if math.MaxInt != math.MaxInt64 {
		return
	}
	bounds := []int{2, 3, 5, 6, 7, 8, 10, 52, 64, 1000, 1<<20 + 1,
		int(min(1<<40, math.MaxInt)), int(min(1<<62+3, math.MaxInt)), math.MaxInt}
	for _, k := range []int{2, 3, 1 << 30} {
		for _, n := range bounds {
			ours := &zeroEvery{pcg: *rand.NewPCG(17, uint64(n)), k: k}
			theirs := &zeroEvery{pcg: *rand.NewPCG(17, uint64(n)), k: k}
			r, want := newRNG(ours), rand.New(theirs)
			for i := range 50 {
				require.Equal(t, want.IntN(n), r.intn(n), "k=%d n=%d draw %d", k, n, i)
			}
			require.Equal(t, theirs.i, ours.i, "k=%d n=%d: words drawn", k, n)
		}
	}
	r := newRNG(noSource{t})
	assert.Equal(t, 0, r.intn(1), "a bound of 1 draws nothing")
}

// TestRejectionBranch pins what the rejection branch of intn and fill
// returns on a word whose low half falls in the rejection zone: the word is
// thrown away and the next one is used. For n = 3, the word 0
// has x·n = 0 (low half 0 < 2⁶⁴ mod 3 = 1: rejected), and 2⁶³ gives
// 3·2⁶³ = 2⁶⁴ + 2⁶³ (high 1, low 2⁶³: kept), so the draw is 1.
func TestRejectionBranch(t *testing.T) {
	r := newRNG(&words{t: t, w: []uint64{0, 1 << 63}})
	assert.Equal(t, 1, r.intn(3))
	r = newRNG(&words{t: t, w: []uint64{0, 1 << 63}})
	dst := make([]int, 1)
	r.fill(dst, 3, -1)
	assert.Equal(t, []int{1}, dst)
	// A low half equal to 2⁶⁴ mod n is the first that is kept: for n = 3,
	// x = 0xAAAAAAAAAAAAAAAB has x·3 = 2·2⁶⁴ + 1, high 2, low 1.
	r = newRNG(&words{t: t, w: []uint64{0xAAAAAAAAAAAAAAAB}})
	assert.Equal(t, 2, r.intn(3))
	r = newRNG(&words{t: t, w: []uint64{0xAAAAAAAAAAAAAAAB}})
	r.fill(dst, 3, -1)
	assert.Equal(t, []int{2}, dst)
}

// TestFloat pins the uniform float of the samplers on the words at its
// edges: a 53-bit fraction plus half a step, strictly inside (0, 1).
func TestFloat(t *testing.T) {
	r := newRNG(&words{t: t, w: []uint64{0, 1 << 11, ^uint64(0), 1 << 63, 0x7ff}})
	assert.Equal(t, 0x1p-54, r.float(), "word 0")
	assert.Equal(t, 1.5*0x1p-53, r.float(), "word 2¹¹")
	assert.Equal(t, 1-0x1p-53, r.float(), "word 2⁶⁴−1: the largest float64 below 1, not 1")
	assert.Equal(t, 0.5+0x1p-54, r.float(), "word 2⁶³")
	assert.Equal(t, 0x1p-54, r.float(), "the 11 low bits are dropped")
}

// TestCoin pins the fair coins of riffle and overhand: the bits of each word
// lowest first, 64 coins to a word.
func TestCoin(t *testing.T) {
	w1, w2, w3 := uint64(0xf0e1d2c3b4a59687), uint64(0x0123456789abcdef), uint64(1)
	r := newRNG(&words{t: t, w: []uint64{w1, w2, w3}})
	for i, w := range []uint64{w1, w2} {
		for b := range 64 {
			require.Equal(t, w>>b&1 == 1, r.coin(), "word %d bit %d", i, b)
		}
	}
	assert.True(t, r.coin(), "word 3 bit 0")
}

// opaqueSource hides a source's type from fillDown's switch, sending it down the
// loop for any rand.Source.
type opaqueSource struct{ rand.Source }

// TestFillDownPaths pins that the loops fillDown keeps for *rand.PCG and
// *rand.ChaCha8 draw exactly as its loop for any source does: same order,
// same words consumed.
func TestFillDownPaths(t *testing.T) {
	for _, n := range []int{2, 3, 7, 52, 64, 65, 100, 1000, 5000} {
		for seed := range uint64(5) {
			pcgDirect, pcgOpaque := rand.NewPCG(seed, 3), rand.NewPCG(seed, 3)
			chaDirect, chaOpaque := rand.NewChaCha8([32]byte{byte(seed)}), rand.NewChaCha8([32]byte{byte(seed)})
			for name, pair := range map[string][2]rand.Source{
				"PCG":     {pcgDirect, opaqueSource{pcgOpaque}},
				"ChaCha8": {chaDirect, opaqueSource{chaOpaque}},
			} {
				a, b := ordered(n), ordered(n)
				Slice(NewFisherYates(pair[0]), a)
				Slice(NewFisherYates(pair[1]), b)
				require.Equal(t, b, a, "%s n=%d seed=%d", name, n, seed)
				require.Equal(t, pair[1].Uint64(), pair[0].Uint64(), "%s n=%d seed=%d: next word", name, n, seed)
			}
		}
	}
}
