package shuffle

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Weighted draws indices without replacement, each with probability its weight
// over the weights left, and lets any weight change between draws.
//
// Any finite weights, exact to float64 rounding; not safe for concurrent use.
type Weighted struct {
	// tree is a sum tree over the n weights: tree[n+i] holds weight i, and
	// tree[j] = tree[2j] + tree[2j+1] for 1 ≤ j < n, so tree[1] is the
	// total. (For any n, not only powers of two, every leaf descends from
	// node 1, and every node has both children or none.)
	//
	// Why it is exact for every finite weight: each sum is an xfloat, a
	// float64 with an exponent of its own that cannot overflow or
	// underflow, so a subnormal weight keeps its 53 bits and two weights of
	// 1e308 their sum. Each sum is rounded once, from its two children, and
	// is recomputed from them whenever a leaf below changes, never updated by
	// subtracting a weight: its error is one rounding whatever came before,
	// where a tree that subtracts drifts with every take.
	tree     []xfloat
	positive int // how many weights are positive
	r        rng
}

// NewWeighted returns a [Weighted] sampler over a copy of the weights, drawing
// from src.
//
// O(n) time and memory; it returns the errors of [WeightedSample] for bad weights.
func NewWeighted(src rand.Source, weights []float64) (*Weighted, error) {
	positive, err := checkWeights("NewWeighted", weights)
	if err != nil {
		return nil, err
	}
	n := len(weights)
	t := make([]xfloat, 2*n)
	for i, w := range weights {
		t[n+i] = toXfloat(w)
	}
	for j := n - 1; j >= 1; j-- {
		t[j] = t[2*j].add(t[2*j+1])
	}
	return &Weighted{tree: t, positive: positive, r: newRNG(src)}, nil
}

// Take returns index i with probability its weight over the sum and takes it
// out, or -1, false when no positive weight is left.
//
// O(log n) time, one word drawn (none for a single positive weight).
func (w *Weighted) Take() (int, bool) {
	if w.positive == 0 {
		return -1, false
	}
	t := w.tree
	n := len(t) / 2
	// Draw x uniform in [0, total) and descend, going left while x is
	// below the left child's sum and else subtracting that sum. A child of
	// sum zero is never entered (x < 0 is false on the left, and a right
	// one is tested for, as rounding could lead x there), so the leaf
	// reached has a positive weight; with a single positive weight left
	// that alone decides the path, and nothing is drawn.
	var x xfloat
	if w.positive > 1 {
		x = normXfloat(w.r.float()*t[1].m, t[1].k)
	}
	j := 1
	for j < n {
		l := t[2*j]
		switch {
		case t[2*j+1].m == 0:
			j = 2 * j
		case x.less(l): // never for l = 0
			j = 2 * j
		default:
			x = x.sub(l)
			j = 2*j + 1
		}
	}
	w.set(j, xzero)
	w.positive--
	return j - n, true
}

// Reweight sets the weight of index i to wt, taken or not: a positive wt puts
// i back, zero takes it out.
//
// O(log n) time. An error, nothing changed, for a negative, NaN or infinite wt;
// a panic if i is out of range.
func (w *Weighted) Reweight(i int, wt float64) error {
	n := len(w.tree) / 2
	if i < 0 || i >= n {
		panic("shuffle: Weighted.Reweight: index out of range")
	}
	if !(wt >= 0 && wt <= math.MaxFloat64) {
		return fmt.Errorf("shuffle: Weighted.Reweight: weight %d is %v; weights must be finite and not negative", i, wt)
	}
	if w.tree[n+i].m != 0 {
		w.positive--
	}
	if wt > 0 {
		w.positive++
	}
	w.set(n+i, toXfloat(wt))
	return nil
}

// set sets the leaf at node j and recomputes the sums above it.
func (w *Weighted) set(j int, v xfloat) {
	t := w.tree
	t[j] = v
	for j >>= 1; j >= 1; j >>= 1 {
		t[j] = t[2*j].add(t[2*j+1])
	}
}

// xfloat is m·2^(512k) with m in [2⁻²⁵⁶, 2²⁵⁶), or zero (m = 0, k =
// zeroK): a float64 with an exponent that cannot overflow or underflow.
// Ordinary weights all have k = 0, so that adding two is one float64
// addition; where the blocks differ by one, the smaller mantissa is scaled
// by 2⁻⁵¹² first, exactly (it stays a normal number); by more, it is below
// 2⁻⁵¹² of the larger and the sum rounds to the larger. So every sum and
// difference is rounded once, to 53 bits, as float64 arithmetic rounds.
type xfloat struct {
	m float64
	k int
}

// zeroK is the block of zero: below every other, so that comparing blocks
// first orders zero below every positive xfloat, and far enough from the
// int's bounds that differences of blocks cannot overflow.
const zeroK = math.MinInt / 4

var xzero = xfloat{0, zeroK}

// toXfloat converts a finite weight w ≥ 0; the scalings are exact.
func toXfloat(w float64) xfloat {
	switch {
	case w == 0:
		return xzero // −0 too
	case w < 0x1p-768:
		return xfloat{w * 0x1p512 * 0x1p512, -2}
	case w < 0x1p-256:
		return xfloat{w * 0x1p512, -1}
	case w < 0x1p256:
		return xfloat{w, 0}
	case w < 0x1p768:
		return xfloat{w * 0x1p-512, 1}
	}
	return xfloat{w * 0x1p-512 * 0x1p-512, 2}
}

// normXfloat returns m·2^(512k) for a normal m in [0, 2²⁵⁶), its mantissa
// brought up into [2⁻²⁵⁶, 2²⁵⁶).
func normXfloat(m float64, k int) xfloat {
	if m == 0 {
		return xzero
	}
	for m < 0x1p-256 {
		m *= 0x1p512
		k--
	}
	return xfloat{m, k}
}

// add returns a + b rounded to 53 bits.
func (a xfloat) add(b xfloat) xfloat {
	if a.k != b.k {
		if a.k < b.k {
			a, b = b, a
		}
		if a.k-b.k > 1 {
			return a
		}
		b.m *= 0x1p-512
	}
	s := a.m + b.m
	if s >= 0x1p256 {
		return xfloat{s * 0x1p-512, a.k + 1}
	}
	return xfloat{s, a.k}
}

// sub returns x − b rounded to 53 bits, for x ≥ b.
func (x xfloat) sub(b xfloat) xfloat {
	if x.k != b.k {
		if x.k-b.k > 1 {
			return x
		}
		b.m *= 0x1p-512
	}
	return normXfloat(x.m-b.m, x.k)
}

// less reports whether x < b.
func (x xfloat) less(b xfloat) bool {
	return x.k < b.k || x.k == b.k && x.m < b.m
}
