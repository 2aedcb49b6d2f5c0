package shuffle

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
)

// checkBatch runs batchDown[W] over every W-bit word for the bounds b, b−1,
// …, b−k+1 and checks that every tuple of indices is produced by exactly
// ⌊2^W/P⌋ accepted words: the batch is exactly uniform, with no tolerance.
func checkBatch[W word](t *testing.T, b, k int) {
	t.Helper()
	prod := fallingProduct(b, k)
	width := widthOf[W]()
	counts := make([]int, prod)
	js := make([]int, k)
	for x := uint64(0); x < 1<<width; x++ {
		if batchDown(W(x), b, k, js) == 0 {
			continue
		}
		idx := 0 // the tuple in mixed radix
		for i, j := range js {
			if j < 0 || j >= b-i {
				t.Fatalf("W=%d b=%d k=%d x=%d: index %d out of [0, %d)", width, b, k, x, j, b-i)
			}
			idx = idx*(b-i) + j
		}
		counts[idx]++
	}
	want := (1 << width) / prod
	for idx, c := range counts {
		if c != want {
			t.Fatalf("W=%d bounds %d..%d: tuple %d drawn by %d words, want %d", width, b, b-k+1, idx, c, want)
		}
	}
}

// widthOf returns the number of bits in W.
func widthOf[W word]() int {
	w := 0
	for x := ^W(0); x != 0; x >>= 1 {
		w++
	}
	return w
}

// TestBatchExhaustive proves the batched generator exact at reduced word
// widths, through the same generic code production runs at 64 bits: every
// batch of descending bounds whose product fits (all bounds ≥ 2) at W = 8,
// and at W = 16 every batch of two or more bounds and single bounds up to
// 2¹⁰, each over all 2^W words.
func TestBatchExhaustive(t *testing.T) {
	t.Parallel()
	for k := 1; k <= 5; k++ {
		for b := k + 1; fallingProduct(b, k) < 1<<8; b++ {
			checkBatch[uint8](t, b, k)
		}
	}
	for k := 1; k <= 7; k++ {
		for b := k + 1; fallingProduct(b, k) < 1<<16 && (k > 1 || b <= 1<<10); b++ {
			checkBatch[uint16](t, b, k)
		}
	}
}

func fallingProduct(b, k int) int {
	p := 1
	for i := range k {
		p *= b - i
	}
	return p
}

// TestBatchLen checks the 64-bit schedule: at every bound where the batch
// length changes, the product of the bounds stays at most 2⁵⁶, and no bound
// falls below 2.
func TestBatchLen(t *testing.T) {
	limit := new(big.Int).Lsh(big.NewInt(1), 56)
	for _, b := range []int{2, 3, 6, 7, 1 << 9, 1<<9 + 1, 1 << 11, 1<<11 + 1, 1 << 14, 1<<14 + 1,
		1 << 18, 1<<18 + 1, 1 << 28, 1<<28 + 1, int(min(1<<40, math.MaxInt))} {
		k := batchLen(b)
		assert.GreaterOrEqual(t, b-k+1, 2, "b=%d", b)
		p := big.NewInt(1)
		for i := range k {
			p.Mul(p, big.NewInt(int64(b-i)))
		}
		assert.True(t, p.Cmp(limit) <= 0, "b=%d k=%d: product %v above 2^56", b, k, p)
	}
	assert.Equal(t, 6, batchLen(52))
	assert.Equal(t, 2, batchLen(10_000_000))
	assert.Equal(t, 1, batchLen(1<<29))
}

// TestBatchLenBoundaries pins the whole 64-bit schedule, on both sides of
// every threshold: how many indices a word yields decides which words
// fisher-yates draws, so moving a threshold by one changes the frozen
// stream for decks past the sizes the golden tests shuffle.
func TestBatchLenBoundaries(t *testing.T) {
	for _, c := range []struct{ b, k int }{
		{2, 1}, {3, 2}, {4, 3}, {5, 4}, {6, 5}, {7, 6}, {1 << 9, 6},
		{1<<9 + 1, 5}, {1 << 11, 5},
		{1<<11 + 1, 4}, {1 << 14, 4},
		{1<<14 + 1, 3}, {1 << 18, 3},
		{1<<18 + 1, 2}, {1 << 28, 2},
		{1<<28 + 1, 1}, {int(min(1<<40, math.MaxInt)), 1},
	} {
		assert.Equal(t, c.k, batchLen(c.b), "batchLen(%d)", c.b)
	}
}
