package shuffle

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// checkWeights returns how many weights are positive, or an error naming the
// function fn and the first bad weight: negative, NaN or ±Inf, or all zero.
func checkWeights(fn string, w []float64) (int, error) {
	zero := 0
	for i, x := range w {
		// On the bits, finite non-negative numbers are exactly those below
		// +Inf's, but for −0: negatives and NaNs have larger bit patterns.
		// Integer compares that are almost never true keep the loop fast.
		if u := math.Float64bits(x); u >= 0x7ff0_0000_0000_0000 {
			if u != 1<<63 {
				return 0, fmt.Errorf("shuffle: %s: weight %d is %v; weights must be finite and not negative", fn, i, x)
			}
			zero++
		} else if u == 0 {
			zero++
		}
	}
	positive := len(w) - zero
	if positive == 0 {
		return 0, fmt.Errorf("shuffle: %s: all %d weights are zero", fn, len(w))
	}
	return positive, nil
}

// WeightedSample returns the indices of k items drawn one after another
// without replacement, each next one chosen with probability proportional
// to its weight among those not yet drawn; so the first index is i with
// probability weights[i]/W, and k = len(weights) gives a weighted shuffle.
// Items of weight zero are drawn only after every item of positive weight,
// in uniformly random order among themselves. It draws from src (nil: the
// default source) and never modifies weights.
//
// It uses Efraimidis and Spirakis's keys ("Weighted random sampling with a
// reservoir", IPL 97(5), 2006): item i gets the key uᵢ^(1/wᵢ) for a uniform
// uᵢ, and the items in decreasing order of key are distributed exactly as
// successive weighted draws. Their exponential jumps (A-ExpJ) keep only the
// k best keys and, instead of a key per item, draw how much weight to pass
// over before the next item that beats the worst kept key: O(n) time over
// the weights plus O(k·log(n/k)·log k) for the draws, O(k) memory besides
// the result. Keys are kept as logarithms, log uᵢ/wᵢ, so that tiny weights
// do not underflow; the probabilities are exact to floating-point rounding.
//
// WeightedSample returns an error, and draws nothing, if a weight is
// negative, NaN or infinite, or if all weights are zero. It panics if k < 0
// or k > len(weights).
func WeightedSample(src rand.Source, weights []float64, k int) ([]int, error) {
	if k < 0 || k > len(weights) {
		panic("shuffle: WeightedSample: k out of range")
	}
	return weightedOrder("WeightedSample", src, weights, k)
}

// weightedOrder is WeightedSample for the function fn, whose name its errors
// carry: one pass to check the weights, then the draws.
func weightedOrder(fn string, src rand.Source, weights []float64, k int) ([]int, error) {
	positive, err := checkWeights(fn, weights)
	if err != nil {
		return nil, err
	}
	if k == 0 {
		return []int{}, nil
	}
	r := newRNG(src)
	out := expJ(&r, weights, min(k, positive))
	if k > positive {
		zero := make([]int, 0, len(weights)-positive)
		for i, w := range weights {
			if w == 0 {
				zero = append(zero, i)
			}
		}
		for _, j := range sampleWith(&r, len(zero), k-positive) {
			out = append(out, zero[j])
		}
	}
	return out, nil
}

// WeightedShuffle reorders s in place so that each next item is chosen with
// probability proportional to its weight among those left, weights[i] being
// the weight of s[i]; items of weight zero end up last, in uniformly random
// order. It is WeightedSample(src, weights, len(weights)) applied to s, and
// allocates the order. It never modifies weights.
//
// WeightedShuffle returns an error, and leaves s untouched and draws
// nothing, if len(weights) != len(s), if a weight is negative, NaN or
// infinite, or if all weights are zero (or there are none).
func WeightedShuffle[S ~[]E, E any](src rand.Source, s S, weights []float64) error {
	if len(weights) != len(s) {
		return fmt.Errorf("shuffle: WeightedShuffle: %d weights for %d items", len(weights), len(s))
	}
	k := len(weights)
	if k == 1 {
		k = 0 // one item: check its weight, draw nothing
	}
	order, err := weightedOrder("WeightedShuffle", src, weights, k)
	if err == nil && k > 0 {
		permute(s, order)
	}
	return err
}

// keyed is an item with its log-key log(u)/w.
type keyed struct {
	key float64
	i   int
}

// expJ returns the k ≥ 1 positive-weight items with the largest keys, in
// decreasing order of key, by A-ExpJ.
//
// The keys are computed on the weights divided by the first positive one,
// m: that multiplies every log-key by m, which changes no order, and keeps
// the keys finite unless the weights span more than about 300 orders of
// magnitude. The pass over the weights stays on the raw weights, with its
// threshold multiplied by m instead.
func expJ(r *rng, w []float64, k int) []int {
	h := make([]keyed, 0, k) // a min-heap on key: h[0] is the worst kept
	i, m := 0, 0.0
	for ; len(h) < k; i++ {
		if w[i] > 0 {
			if m == 0 {
				m = w[i]
			}
			h = append(h, keyed{math.Log(r.float()) / (w[i] / m), i})
		}
	}
	for j := len(h)/2 - 1; j >= 0; j-- {
		siftDown(h, j)
	}
	for i < len(w) {
		// The next item to enter is the first whose weight takes the running
		// sum past log(r)/log(T), T the worst kept key: Efraimidis and
		// Spirakis's X_w, here with T and the keys as logarithms.
		lt := h[0].key
		x := math.Log(r.float()) / lt * m
		// Pass over whole blocks of eight weights while they sum to less
		// than x: the tree-shaped sum keeps the additions independent, where
		// subtracting one weight at a time is a chain of dependent steps.
		for ; i+8 <= len(w); i += 8 {
			b := w[i : i+8 : i+8]
			s := ((b[0] + b[1]) + (b[2] + b[3])) + ((b[4] + b[5]) + (b[6] + b[7]))
			if s >= x {
				break
			}
			x -= s
		}
		for ; i < len(w); i++ {
			// A weight of zero never enters, even when x has rounded to 0.
			if x -= w[i]; x <= 0 && w[i] > 0 {
				break
			}
		}
		if i == len(w) {
			break
		}
		// It enters with a key uniform above T^wᵢ, and the worst leaves.
		wi := w[i] / m
		t := math.Exp(wi * lt)
		h[0] = keyed{math.Log(t+(1-t)*r.float()) / wi, i}
		siftDown(h, 0)
		i++
	}
	slices.SortFunc(h, func(a, b keyed) int {
		if c := cmp.Compare(b.key, a.key); c != 0 {
			return c
		}
		return a.i - b.i
	})
	out := make([]int, len(h))
	for j, x := range h {
		out[j] = x.i
	}
	return out
}

func siftDown(h []keyed, j int) {
	for {
		m, l := j, 2*j+1
		if l < len(h) && h[l].key < h[m].key {
			m = l
		}
		if l+1 < len(h) && h[l+1].key < h[m].key {
			m = l + 1
		}
		if m == j {
			return
		}
		h[j], h[m] = h[m], h[j]
		j = m
	}
}

// Alias picks indices at random with fixed probabilities, weights[i]/W, in
// O(1) time per pick after O(n) set-up, by Vose's alias method ("A linear
// algorithm for generating random numbers with a given distribution", IEEE
// TSE 17(9), 1991). Build it once with NewAlias and call Pick as often as
// needed.
//
// Each index i owns one column of height 1/n: with probability cut[i]/2⁶⁴ a
// pick of that column answers i, otherwise the column's alias. Vose's
// construction fills the columns so that every index's pieces add up to its
// weight's share, to floating-point rounding and 2⁻⁶⁴ per column.
type Alias struct {
	src   rand.Source
	cut   []uint64
	alias []int
}

// NewAlias returns an Alias for the weights, drawing from src (nil: the
// default source, which makes Pick safe for concurrent use; a scripted
// source is not supported). It copies what
// it needs and never modifies weights. It returns an error if a weight is
// negative, NaN or infinite, or if all weights are zero (or there are none).
func NewAlias(src rand.Source, weights []float64) (*Alias, error) {
	if _, err := checkWeights("NewAlias", weights); err != nil {
		return nil, err
	}
	n := len(weights)
	total := 0.0
	for _, w := range weights {
		total += w
	}
	// Scale so that the mean is 1; rescale through the maximum first if the
	// sum overflowed.
	scale := float64(n) / total
	if math.IsInf(total, 1) {
		m := slices.Max(weights)
		t := 0.0
		for _, w := range weights {
			t += w / m
		}
		scale = float64(n) / t / m
	}
	p := make([]float64, n)
	small, large := make([]int, 0, n), make([]int, 0, n)
	for i, w := range weights {
		p[i] = w * scale
		if p[i] < 1 {
			small = append(small, i)
		} else {
			large = append(large, i)
		}
	}
	if src == nil {
		src = defaultSource{}
	}
	a := &Alias{src: src, cut: make([]uint64, n), alias: make([]int, n)}
	for len(small) > 0 && len(large) > 0 {
		s, l := small[len(small)-1], large[len(large)-1]
		small = small[:len(small)-1]
		a.cut[s], a.alias[s] = toCut(p[s]), l
		p[l] -= 1 - p[s]
		if p[l] < 1 {
			large = large[:len(large)-1]
			small = append(small, l)
		}
	}
	// What is left is full up to rounding: it answers itself.
	for _, i := range append(small, large...) {
		a.cut[i], a.alias[i] = math.MaxUint64, i
	}
	return a, nil
}

// toCut turns a probability in [0, 1) into a threshold on a uniform word.
func toCut(p float64) uint64 {
	if p <= 0 {
		return 0
	}
	return uint64(math.Ldexp(p, 64))
}

// Len returns the number of weights.
func (a *Alias) Len() int { return len(a.cut) }

// Pick returns an index in [0, Len()), i with probability weights[i]/W. It
// draws one bounded index and one word from the source (nothing if there is
// a single weight): O(1) time, no allocation.
func (a *Alias) Pick() int {
	n := uint64(len(a.cut))
	if n == 1 {
		return 0
	}
	r := rng{src: a.src}
	// The column by Lemire's method, written out rather than through intn:
	// at n = 10⁴ the call made a pick 28% slower (15.5 to 19.8 ns, 6
	// interleaved runs, p = 0.002). No power-of-two mask: Alias has no
	// stream to match.
	i, lo := bits.Mul64(r.src.Uint64(), n)
	if lo < n {
		i = r.reject(n, i, lo)
	}
	if r.src.Uint64() < a.cut[i] {
		return int(i)
	}
	return a.alias[i]
}
