package shuffle

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// WeightedSample returns k indices drawn without replacement, each with
// probability its weight over those left; zero weights come last, uniformly.
//
// O(n + k·log(n/k)·log k) time, O(k) memory. An error for no, negative, NaN,
// infinite or all-zero weights; a panic if k < 0 or k > len(weights).
func WeightedSample(src rand.Source, weights []float64, k int) ([]int, error) {
	if k < 0 || k > len(weights) {
		panic("shuffle: WeightedSample: k out of range")
	}
	return weightedOrder("WeightedSample", src, weights, k)
}

// weightedOrder is WeightedSample for the function fn, whose name its errors
// carry: one pass to check the weights, then the draws.
func weightedOrder(fn string, src rand.Source, weights []float64, k int) ([]int, error) {
	// Efraimidis and Spirakis's keys ("Weighted random sampling with a
	// reservoir", IPL 97(5), 2006): the items in increasing order of
	// Eᵢ/wᵢ, for independent exponentials Eᵢ, are distributed exactly as
	// successive weighted draws. Their exponential jumps (A-ExpJ, expJ)
	// keep only the k best keys and draw how much weight to pass over
	// before the next item that beats the worst kept one. Keys are kept as
	// log wᵢ − log Eᵢ, finite for every positive weight, so any finite
	// weights work, subnormal ones and sums past the largest float64
	// included.
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
		// Sample's draws, on the list itself rather than through Sample's
		// map of displaced positions: the same stream, without a map of up
		// to n entries (a shuffle of 10⁵ zeros took 7 ms, now 1 ms).
		for i := range k - positive {
			j := i + r.intn(len(zero)-i)
			zero[i], zero[j] = zero[j], zero[i]
		}
		out = append(out, zero[:k-positive]...)
	}
	return out, nil
}

// WeightedShuffle reorders s in place as [WeightedSample](src, weights, len(s))
// orders the indices, weights[i] the weight of s[i].
//
// It returns WeightedSample's errors, and one if the lengths differ, s untouched.
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

// keyed is an item with its key log(wᵢ/Eᵢ): the larger, the earlier drawn.
type keyed struct {
	key float64
	i   int
}

// expJ returns the k ≥ 1 positive-weight items with the largest keys, in
// decreasing order of key, by A-ExpJ.
//
// Why logarithms: the ratio wᵢ/Eᵢ overflows for 1e300 beside a small Eᵢ
// and loses its bits for a subnormal weight, and dividing every weight by
// one of them (a common scale) overflows once they span more than the ~616
// decades between the largest and smallest float64; log wᵢ lies in
// [−745, 710] for every positive finite weight. The key log wᵢ − log Eᵢ is a
// monotone function of the textbook log(uᵢ)/wᵢ, so the same draws give the
// same order. What it costs is resolution: a key near ±700 carries an
// absolute error near 10⁻¹³, so two keys closer than that relative amount
// may compare the wrong way; the uniform uᵢ itself has a grain of 2⁻⁵³.
func expJ(r *rng, w []float64, k int) []int {
	h := make([]keyed, 0, k) // a min-heap on key: h[0] is the worst kept
	i := 0
	for ; len(h) < k; i++ {
		if w[i] > 0 {
			h = append(h, keyed{firstKey(r, w[i]), i})
		}
	}
	for j := len(h)/2 - 1; j >= 0; j-- {
		siftDown(h, j)
	}
	for i < len(w) {
		// An item beats the worst kept when Eᵢ/wᵢ < θ = exp(−h0), with
		// probability 1 − exp(−wᵢθ); so the weight passed over before the
		// next one that does is exponential with rate θ: X = E/θ, Efraimidis
		// and Spirakis's X_w. Where θ < e⁶⁷⁰ < 2⁹⁶⁷ and θ > e⁻⁷⁰⁰, X is a
		// normal number, as E ∈ [2⁻⁵⁴, 38]; elsewhere θ is left 0 and the
		// pass is scaled.
		h0 := h[0].key
		e, theta := expDraw(r), 0.0
		if h0 > -670 && h0 < 700 {
			theta = math.Exp(-h0)
			i = pass(w, i, e/theta)
		} else {
			i = passScaled(w, i, math.Log(e)+h0)
		}
		if i == len(w) {
			break
		}
		h[0] = keyed{enterKey(r, w[i], h0, theta), i}
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

// pass returns the index of the first weight from w[i:] that takes the
// running sum to x or past it, or len(w) if none does, for a normal x > 0.
//
// It works on the weights as they are, not scaled: multiplying by a power of
// two changes no rounding between normal numbers, and a difference that
// falls below them is exact (gradual underflow), so a scale could only help
// where x itself is not normal (passScaled) or where a sum overflows. A
// block whose sum overflows only sends the pass to the loop one weight at a
// time, which subtracts from x and cannot overflow. That x stays positive
// until a weight reaches it (x − s > 0 whenever s < x, again by gradual
// underflow) is also why a weight of zero never enters.
func pass(w []float64, i int, x float64) int {
	// Pass over whole blocks of eight weights while they sum to less than x:
	// the tree-shaped sum keeps the additions independent, where subtracting
	// one weight at a time is a chain of dependent steps.
	for ; i+8 <= len(w); i += 8 {
		b := w[i : i+8 : i+8]
		s := ((b[0] + b[1]) + (b[2] + b[3])) + ((b[4] + b[5]) + (b[6] + b[7]))
		if s >= x {
			break
		}
		x -= s
	}
	for ; i < len(w); i++ {
		if x -= w[i]; x <= 0 {
			return i
		}
	}
	return len(w)
}

// passScaled is pass for X = exp(lx) where X or θ may not be a normal
// number, which only extreme weights give: tiny ones, all subnormal say (X
// would round to a multiple of 2⁻¹⁰⁷⁴, skewing which of them enters), or
// ones near 1e308 (X may overflow). Both X and the weights are multiplied by
// 2⁻ᵉ, e chosen to bring X near 1, so it keeps its 53 bits. A weight that
// overflows is larger than X and enters, as it should; one that underflows
// to 0 is below 2⁻¹⁰⁷⁴·X and lost like any weight far below the rounding of
// X. The clamp of e keeps 2⁻ᵉ a normal number. x cannot round to 0: a key is
// at least log 2⁻¹⁰⁷⁴ − log 38 (and one that enters beats the worst kept),
// E at least 2⁻⁵⁴, so lx ≥ −786. If x overflows, X exceeds 2²⁰⁴⁶, more than
// any n weights can sum to, and no weight enters, as none should.
func passScaled(w []float64, i int, lx float64) int {
	e := min(max(int(math.Floor(lx/math.Ln2)), -1022), 1022)
	c := math.Ldexp(1, -e)
	x := math.Exp(lx - float64(e)*math.Ln2)
	for ; i < len(w); i++ {
		if x -= w[i] * c; x <= 0 {
			return i
		}
	}
	return len(w)
}

// firstKey draws the key log(w/E) of an item of weight w > 0 for an
// exponential E = −log u. E lies in [2⁻⁵⁴, 38], so w/E is a normal number,
// and one logarithm does, unless w is below 2⁻¹⁰¹⁶ or above 2⁹⁶⁰.
func firstKey(r *rng, w float64) float64 {
	e := expDraw(r)
	if w >= 0x1p-1016 && w <= 0x1p960 {
		return math.Log(w / e)
	}
	return logWeight(w) - math.Log(e)
}

// enterKey draws the key of an item of weight w > 0 that beats the worst
// kept key h0, given θ = exp(−h0), or 0 where expJ did not take it: E
// conditioned on E < wθ, by inversion, E = −log(1 − p·v) for p = 1 − e^(−wθ)
// and v = 1 − u uniform (the textbook's key uniform above T^w, with the same
// draw), and the key log(w/E) = h0 − log(E/wθ). 1 − p·v is taken as
// e^(−wθ) + p·u where it is below ½: subtracting from 1 would lose its low
// bits (all of them where v rounds to 1, for the bottom word).
// Where wθ is below 2⁻⁵⁷, e^(−wθ) rounds to 1: there E = wθ·v to within a
// relative wθ, so the key is h0 − log v, and no exponential can round it to
// 0. wθ comes from the product unless that is out of [2⁻⁹⁰⁰, 2⁹⁰⁰], then
// from logarithms; above 2⁹⁰⁰, E/wθ could lose bits to underflow, and the
// key is log w − log E instead.
func enterKey(r *rng, w, h0, theta float64) float64 {
	j := r.src.Uint64() >> 11
	u := (float64(j) + 0.5) * 0x1p-53       // as rng.float: exact below ½
	v := (float64(1<<53-j) - 0.5) * 0x1p-53 // 1 − u: exact below ½
	wt := w * theta
	if !(wt > 0x1p-900 && wt < 0x1p900) {
		wt = math.Exp(logWeight(w) - h0) // 0 or +Inf at the extremes
	}
	if wt < 0x1p-57 {
		return h0 - math.Log(v)
	}
	p := -math.Expm1(-wt)
	var e float64
	if pv := p * v; pv <= 0.5 {
		e = -math.Log1p(-pv)
	} else {
		e = -math.Log(math.Exp(-wt) + p*u) // u < ½ here
	}
	if wt > 0x1p900 {
		return logWeight(w) - math.Log(e)
	}
	return h0 - math.Log(e/wt)
}

// expDraw returns E = −log u for the uniform u = (j+½)/2⁵³ that rng.float
// makes of one word: from u where u < ½, and from 1−u = (2⁵³−j−½)/2⁵³
// where u ≥ ½, which is exact there while u itself rounds, to 1 for the
// top word. So E is never 0: it lies in [2⁻⁵⁴, 37.5]. (A jump of 0 would
// let an item of weight 0 enter.)
func expDraw(r *rng) float64 {
	j := r.src.Uint64() >> 11
	if j < 1<<52 {
		return -math.Log((float64(j) + 0.5) * 0x1p-53)
	}
	return -math.Log1p(-(float64(1<<53-j) - 0.5) * 0x1p-53)
}

// logWeight returns log w for a weight w > 0. math.Log on amd64 and s390x
// takes every subnormal for 2⁻¹⁰²³ (it gives −709.09 for 5e-324, not
// −744.44: golang/go#56600), so subnormals go through Frexp.
func logWeight(w float64) float64 {
	if w < 0x1p-1022 {
		f, e := math.Frexp(w)
		return math.Log(f) + float64(e)*math.Ln2
	}
	return math.Log(w)
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
