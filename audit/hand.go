package audit

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
)

// maxBuckets is the most buckets the hand test counts in.
const maxBuckets = 4096

// hands is the hand test of k cards of a deck of N: each set of k cards
// has a rank in the combinatorial number system (colex order: the sorted
// cards c₀ < … < c_{k−1} rank Σ C(c_i, i+1)), and the C(N, k) ranks are
// cut into B runs of consecutive ranks; bucket b holds the ranks r with
// ⌊rB/C⌋ = b, so its size, and its chance, are exact.
type hands struct {
	k     int
	hands uint64     // C(N, k)
	binom [][]uint64 // binom[c][i] = C(c, i), i ≤ k
	probs []float64
}

func newHands(N, k int) (*hands, error) {
	h := &hands{k: k, binom: make([][]uint64, N+1)}
	for c := range h.binom {
		row := make([]uint64, k+1)
		row[0] = 1
		for i := 1; i <= k && i <= c; i++ {
			sum, carry := bits.Add64(h.binom[c-1][i-1], h.binom[c-1][i], 0)
			if carry != 0 || sum > math.MaxInt64 {
				return nil, fmt.Errorf("C(%d, %d) hands are too many to rank", N, k)
			}
			row[i] = sum
		}
		h.binom[c] = row
	}
	h.hands = h.binom[N][k]
	if h.hands < 2 {
		return nil, errors.New("one possible hand tests nothing")
	}
	b := min(h.hands, maxBuckets)
	h.probs = make([]float64, b)
	for i := range b {
		h.probs[i] = float64(h.start(i+1, b)-h.start(i, b)) / float64(h.hands)
	}
	return h, nil
}

// start is the first rank of bucket i of b: ⌈i·C/b⌉.
func (h *hands) start(i, b uint64) uint64 {
	hi, lo := bits.Mul64(i, h.hands)
	q, r := bits.Div64(hi, lo, b)
	if r > 0 {
		q++
	}
	return q
}

// bucket returns the bucket of the first k cards of deck; sorted is
// scratch of k ints.
func (h *hands) bucket(deck []int, sorted []int) int {
	// Insertion sort: k is small.
	for i, c := range deck[:h.k] {
		j := i
		for ; j > 0 && sorted[j-1] > c; j-- {
			sorted[j] = sorted[j-1]
		}
		sorted[j] = c
	}
	var rank uint64
	for i, c := range sorted {
		rank += h.binom[c][i+1]
	}
	hi, lo := bits.Mul64(rank, uint64(len(h.probs)))
	q, _ := bits.Div64(hi, lo, h.hands)
	return int(q)
}
