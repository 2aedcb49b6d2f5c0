package audit

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHandBuckets: over every hand of small decks, each hand, dealt in a
// shuffled order among other cards, lands in the bucket of its colex rank
// counted by brute force, ⌊rank·B/C⌋, and each bucket's probability is
// exactly the share of the hands it holds: for C(20, 5) = 15,504 hands in
// 4,096 buckets of 3 or 4 (C is a multiple of 16, so every 256th bucket
// starts exactly on a rank), and for fewer hands than buckets, one each.
func TestHandBuckets(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 5))
	for _, c := range []struct{ n, k, hands, buckets int }{
		{2, 1, 2, 2}, {6, 3, 20, 20}, {9, 8, 9, 9}, {20, 5, 15504, 4096}, {13, 6, 1716, 1716},
	} {
		h, err := newHands(c.n, c.k)
		require.NoError(t, err)
		require.Equal(t, uint64(c.hands), h.hands, "C(%d, %d)", c.n, c.k)
		require.Len(t, h.probs, c.buckets)
		count := make([]int, c.buckets)
		hand := make([]int, c.k)
		rank := 0
		// Every k-set in colex order: its largest card, then the next.
		var each func(i, below int)
		each = func(i, below int) {
			if i < 0 {
				deck := append(append([]int{}, hand...), -1, -2)
				r.Shuffle(c.k, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
				b := h.bucket(deck, make([]int, c.k))
				want := rank * c.buckets / c.hands
				if b != want {
					t.Fatalf("C(%d, %d): hand %v of rank %d in bucket %d, want %d", c.n, c.k, hand, rank, b, want)
				}
				count[b]++
				rank++
				return
			}
			for v := i; v < below; v++ {
				hand[i] = v
				each(i-1, v)
			}
		}
		each(c.k-1, c.n)
		require.Equal(t, c.hands, rank)
		for b, got := range count {
			assert.Equal(t, float64(got)/float64(c.hands), h.probs[b], "C(%d, %d), bucket %d", c.n, c.k, b)
		}
	}
}

// TestNewHandsErrors: one possible hand tests nothing (a deck of 1, all of
// a deck of 3), and a hand of C(67, 33) ≈ 1.4e19 hands, past 2⁶³ though
// within 2⁶⁴, cannot be ranked; C(66, 33) ≈ 7.2e18 can.
func TestNewHandsErrors(t *testing.T) {
	for _, c := range []struct {
		n, k int
		err  string
	}{
		{1, 1, "one possible hand tests nothing"},
		{3, 3, "one possible hand tests nothing"},
		{67, 33, "C(67, 33) hands are too many to rank"},
		{66, 33, ""},
		{67, 34, "C(67, 34) hands are too many to rank"},
	} {
		_, err := newHands(c.n, c.k)
		if c.err == "" {
			assert.NoError(t, err, "C(%d, %d)", c.n, c.k)
		} else {
			assert.EqualError(t, err, c.err, "C(%d, %d)", c.n, c.k)
		}
	}
}
