package shuffle

import (
	"cmp"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/fairshuffle/shuffle/internal/stattest"
)

// The χ² checks of this file run at fixed seeds. Those that must pass: 37
// at level alpha (1e-4) each (16 edge orders, 7 jump tuples, 2 for the long
// tail of zeros, the combined Alias verdict, 5 Alias edges, 6 older
// checks), 60 Alias vectors at 1e-6 each, and at most 90 "never seen" cell
// sets under 1e-6 each (exactTest): a random choice of all the seeds would
// turn one red with probability at most 0.39%. Every check has a negative
// control that must fail.

// shares returns w_i/W for every weight.
func shares(w []float64) []float64 {
	total := 0.0
	for _, v := range w {
		total += v
	}
	p := make([]float64, len(w))
	for i, v := range w {
		p[i] = v / total
	}
	return p
}

// weightedOrderProbs returns the probability of every full order of the
// weighted items by the product formula w_a/W · w_b/(W−w_a) · …, indexed
// like tupleIndex, in float64: for ordinary weights.
func weightedOrderProbs(w []float64) []float64 {
	n := len(w)
	probs := tupleProbs(n, n)
	for idx := range probs {
		if probs[idx] == 0 {
			continue
		}
		t, x := make([]int, n), idx
		for i := n - 1; i >= 0; i-- {
			t[i], x = x%n, x/n
		}
		p, left := 1.0, 0.0
		for _, v := range w {
			left += v
		}
		for _, v := range t {
			p *= w[v] / left
			left -= w[v]
		}
		probs[idx] = p
	}
	return probs
}

// exactTuples returns the exact probability of every ordered k-tuple of
// items, indexed like tupleIndex, when items are drawn one after another,
// each with probability its weight over the weights left, and uniformly
// among those left once only zero weights are: what WeightedSample
// promises. The weights are taken exactly, from their float64 bits.
func exactTuples(w []float64, k int) []*big.Rat {
	n := len(w)
	size := 1
	for range k {
		size *= n
	}
	probs := make([]*big.Rat, size)
	for i := range probs {
		probs[i] = new(big.Rat)
	}
	rw := make([]*big.Rat, n)
	total := new(big.Rat)
	for i, x := range w {
		rw[i] = new(big.Rat).SetFloat64(x)
		total.Add(total, rw[i])
	}
	taken := make([]bool, n)
	var walk func(depth, idx int, p, left *big.Rat)
	walk = func(depth, idx int, p, left *big.Rat) {
		if depth == k {
			probs[idx].Set(p)
			return
		}
		zeros := 0
		for i := range n {
			if !taken[i] && rw[i].Sign() == 0 {
				zeros++
			}
		}
		for i := range n {
			if taken[i] {
				continue
			}
			var q *big.Rat
			switch {
			case left.Sign() > 0:
				q = new(big.Rat).Quo(rw[i], left)
			case rw[i].Sign() == 0:
				q = big.NewRat(1, int64(zeros))
			default:
				continue
			}
			if q.Sign() == 0 {
				continue
			}
			taken[i] = true
			walk(depth+1, idx*n+i, new(big.Rat).Mul(p, q), new(big.Rat).Sub(left, rw[i]))
			taken[i] = false
		}
	}
	walk(0, 0, big.NewRat(1, 1), total)
	return probs
}

// exactResult is the verdict of exactTest: the χ² statistic, its degrees of
// freedom and p-value, and how many cells were pooled.
type exactResult struct {
	chi2, df, p float64
	pooled      int
	seen        bool // a cell of invisible probability was observed: p is 0
}

func (r exactResult) String() string {
	if r.seen {
		return "p=0: an order of probability below 1e-12 was observed"
	}
	return fmt.Sprintf("χ²=%.1f df=%.0f p=%.3g (pooled %d)", r.chi2, r.df, r.p, r.pooled)
}

// exactTest compares counts with exact probabilities. A cell of probability
// below 1e-12 cannot be seen by any χ² at these trial counts (some are
// 10⁻³⁰⁰, far below a float64's 2⁻¹⁰⁷⁴): it must never be observed, and the
// test requires the chance that one is, trials times their summed
// probability, to be below 1e-6, which is that part's false-failure rate.
// The other cells with an expected count below 5 are pooled, smallest
// first, until the pool reaches 5, so that the χ² law holds. Then the
// package's chiSquare gives the p-value; with a single visible cell there is
// no χ² (df 0, p 1), only the invisible cells' check.
func exactTest(t *testing.T, obs []float64, probs []*big.Rat) exactResult {
	t.Helper()
	trials := 0.0
	for _, o := range obs {
		trials += o
	}
	tiny := big.NewRat(1, 1_000_000_000_000)
	invisible := new(big.Rat)
	type cell struct{ o, e float64 }
	var cells []cell
	for i, q := range probs {
		if q.Cmp(tiny) < 0 {
			invisible.Add(invisible, q)
			if obs[i] != 0 {
				return exactResult{chi2: math.Inf(1), seen: true}
			}
			continue
		}
		e, _ := q.Float64()
		cells = append(cells, cell{obs[i], e})
	}
	bound, _ := invisible.Float64()
	require.Less(t, bound*trials, 1e-6, "the invisible cells are too likely to be seen")
	slices.SortFunc(cells, func(a, b cell) int { return cmp.Compare(a.e, b.e) })
	var o, e []float64
	pool, pooled := cell{}, 0
	for _, c := range cells {
		if pool.e*trials < 5 {
			pool.o += c.o
			pool.e += c.e
			pooled++
			continue
		}
		o, e = append(o, c.o), append(e, c.e)
	}
	if pooled > 0 {
		o, e = append(o, pool.o), append(e, pool.e)
	}
	if pooled == 1 {
		pooled = 0 // the smallest cell alone: nothing merged
	}
	if len(e) == 1 { // one visible cell: only the invisible ones are tested
		return exactResult{p: 1}
	}
	chi2, p := chiSquare(o, e)
	return exactResult{chi2: chi2, df: float64(len(e) - 1), p: p, pooled: pooled}
}

// noErr fails the test at once on err, as require.NoError does, without
// its t.Helper: in the loops of 40,000 draws below, that call cost more
// than the draws.
func noErr(t *testing.T, err error) {
	if err != nil {
		t.Fatal(err)
	}
}

// countTuples runs draw trials times on a PCG seeded with seed and counts
// the tuples it returns, indexed like tupleIndex over n items.
func countTuples(n, k, trials int, seed uint64, draw func(src rand.Source) []int) []float64 {
	size := 1
	for range k {
		size *= n
	}
	obs := make([]float64, size)
	src := rand.NewPCG(seed, 11)
	for range trials {
		obs[tupleIndex(draw(src), n)]++
	}
	return obs
}

// legacyOrder is the full order WeightedShuffle gave before issue 11: keys
// log(u)/(w/m), m the first positive weight, ties to the lower index. Its
// w/m overflows or vanishes once the weights span past float64's range.
func legacyOrder(src rand.Source, w []float64) []int {
	r := newRNG(src)
	m := 0.0
	var keys []keyed
	for i, x := range w {
		if x > 0 {
			if m == 0 {
				m = x
			}
			keys = append(keys, keyed{math.Log(r.float()) / (x / m), i})
		}
	}
	slices.SortFunc(keys, func(a, b keyed) int {
		if c := cmp.Compare(b.key, a.key); c != 0 {
			return c
		}
		return a.i - b.i
	})
	out := make([]int, len(keys))
	for j, k := range keys {
		out[j] = k.i
	}
	return out
}

// sub is 2⁻¹⁰⁷⁴ = 5e-324, the smallest positive float64.
const sub = 0x1p-1074

// TestWeightedShuffleEdges compares WeightedShuffle's full orders of 3 and
// 4 items with the exact product formula, for weight vectors from every edge
// class. Each has two negative controls: the same sampler run on the
// weights with one changed (control), which the same check must reject,
// and, where the code before issue 11 was wrong, that code (legacyOrder).
func TestWeightedShuffleEdges(t *testing.T) {
	t.Parallel()
	const trials = 20_000
	cases := []struct {
		name    string
		w       []float64
		control []float64 // a planted bias
		legacy  bool      // the pre-issue-11 keys must be rejected too
	}{
		{"subnormal first", []float64{1e-310, 1, 1, 1}, []float64{1e-310, 1.3, 1, 1}, true},
		{"subnormal first, n=3", []float64{5e-324, 2, 3}, []float64{5e-324, 2, 4}, true},
		{"subnormals 1:2:3", []float64{sub, 2 * sub, 3 * sub}, []float64{2 * sub, 2 * sub, 3 * sub}, false},
		{"subnormals varied", []float64{2 * sub, 3e-320, 7e-321, 1e-310}, []float64{2 * sub, 3e-320, 1.4e-320, 1e-310}, false},
		{"subnormal last", []float64{1, 2, 3, 4e-320}, []float64{1, 2, 4, 4e-320}, false},
		{"1e-300 with 1e300", []float64{1e-300, 1e300, 3e-300, 2e300}, []float64{1e-300, 1e300, 3e-300, 3e300}, true},
		{"whole range", []float64{1.7e308, sub, 1e308, 3 * sub}, []float64{1.7e308, 2 * sub, 1e308, 3 * sub}, true},
		{"whole range, middle", []float64{1e-300, 1, 1e300, 2}, []float64{1e-300, 1, 1e300, 3}, false},
		{"all equal", []float64{1, 1, 1, 1}, []float64{1, 1, 1.3, 1}, false},
		{"all equal 3.7", []float64{3.7, 3.7, 3.7}, []float64{3.7, 3.7, 4.4}, false},
		{"all equal subnormal", []float64{1e-310, 1e-310, 1e-310, 1e-310}, []float64{1e-310, 1.3e-310, 1e-310, 1e-310}, false},
		{"one dominant", []float64{1, 1000, 1, 2}, []float64{2, 1000, 1, 2}, false},
		{"one positive", []float64{0, 0, 1e-310, 0}, []float64{0, 1e-320, 1e-310, 0}, false},
		{"one positive, n=3", []float64{0, 7, 0}, []float64{1e-300, 7, 0}, false},
		{"infinite sum", []float64{1e308, 1e308, 5e307}, []float64{1e308, 1e308, 1e308}, false},
		{"infinite sum, all equal", []float64{1e308, 1e308, 1e308, 1e308}, []float64{1e308, 1.3e308, 1e308, 1e308}, false},
	}
	for _, c := range cases {
		n := len(c.w)
		probs := exactTuples(c.w, n)
		before := slices.Clone(c.w)
		shuffleOrder := func(w []float64) func(rand.Source) []int {
			return func(src rand.Source) []int {
				s := ordered(n)
				noErr(t, WeightedShuffle(src, s, w))
				return s
			}
		}
		seed := seedOf("WeightedShuffle "+c.name, n)
		got := exactTest(t, countTuples(n, n, trials, seed, shuffleOrder(c.w)), probs)
		require.True(t, got.df > 0 || got.seen, "%s: a χ² needs two visible cells", c.name)
		t.Logf("%-24s %v", c.name, got)
		assert.GreaterOrEqual(t, got.p, alpha, "%s %v", c.name, c.w)
		assert.Equal(t, before, c.w, "weights untouched")

		ctl := exactTest(t, countTuples(n, n, trials, seed+1, shuffleOrder(c.control)), probs)
		t.Logf("%-24s control %v: %v", c.name, c.control, ctl)
		assert.Less(t, ctl.p, alpha, "%s: the check failed to reject weights %v", c.name, c.control)
		if c.legacy {
			old := exactTest(t, countTuples(n, n, trials, seed+2, func(src rand.Source) []int { return legacyOrder(src, c.w) }), probs)
			t.Logf("%-24s legacy: %v", c.name, old)
			assert.Less(t, old.p, alpha, "%s: the check failed to reject the pre-issue-11 keys", c.name)
		}
	}
}

// TestWeightedSampleJumps samples k ≪ n, so that most items are passed over
// by exponential jumps, and compares the ordered tuples with their exact
// probabilities. No first weight is 1, and the vectors span the range: all
// subnormal (the jump distance is then subnormal too and must be rescaled),
// one weight far above subnormal others, 1e±300 together, and weights of
// 1e308 whose sum overflows. The control is the same sampler on the weights
// with one changed.
func TestWeightedSampleJumps(t *testing.T) {
	t.Parallel()
	const trials = 40_000
	cases := []struct {
		name    string
		w       []float64
		k       int
		at      int     // the weight the control changes
		factor  float64 // and by how much
		control []float64
	}{
		{name: "first 3.7", w: []float64{3.7, 0, 1, 2.5, 0, 5, 1, 1, 2, 3, 0.25, 4, 5, 6, 1, 0.5}, k: 2, at: 5, factor: 1.3},
		{name: "first 3.7, k=3", w: []float64{3.7, 1, 0, 2, 5, 1, 0.5, 3, 2, 1, 4, 2}, k: 3, at: 7, factor: 1.4},
		{name: "first 1e-310", w: []float64{1e-310, 1, 2, 0, 3, 1, 1, 4, 2, 1, 3, 0.5, 2, 1, 1, 2}, k: 2, at: 7, factor: 1.3},
		{name: "first 1e300", w: []float64{1e300, 2e300, 0, 3.5e300, 1e-300, 1e300, 5e299, 4e300, 2e-300, 1.5e300, 1e300, 0, 2e300, 3e300, 1e300, 2.5e300}, k: 2, at: 7, factor: 1.3},
		{name: "all subnormal", w: []float64{3 * sub, sub, 2 * sub, 5 * sub, sub, 4 * sub, 0, 2 * sub, 3 * sub, sub, sub, 2 * sub, 6 * sub, sub, 2 * sub, 3 * sub}, k: 2, at: 12, factor: 0.5},
		{name: "1.5 then subnormals", w: []float64{1.5, sub, 2 * sub, sub, 3 * sub, sub, 2 * sub, 4 * sub, sub, 2 * sub, sub, 3 * sub, sub, 2 * sub, sub, sub}, k: 2, at: 7, factor: 0.5},
		{name: "infinite sum", w: []float64{1e308, 5e307, 1.7e308, 1e308, 0, 1.2e308, 8e307, 1e308, 1.5e308, 3e307, 1e308, 1e308, 6e307, 1.1e308, 9e307, 1e308}, k: 2, at: 2, factor: 0.7},
	}
	ch := stattest.Checks{Rule: fmt.Sprintf("each case p ≥ %g (false failure %g a case), each control p < %g", alpha, alpha, alpha)}
	for _, c := range cases {
		n := len(c.w)
		probs := exactTuples(c.w, c.k)
		sample := func(w []float64) func(rand.Source) []int {
			return func(src rand.Source) []int {
				got, err := WeightedSample(src, w, c.k)
				noErr(t, err)
				return got
			}
		}
		seed := seedOf("WeightedSample jumps "+c.name, n)
		got := exactTest(t, countTuples(n, c.k, trials, seed, sample(c.w)), probs)
		require.True(t, got.df > 0 || got.seen, "%s: a χ² needs two visible cells", c.name)
		stattest.Logf(t, "%-20s %v", c.name, got)
		ch.AtLeast(got.p, alpha, "%s %v (%v)", c.name, c.w, got)

		control := slices.Clone(c.w)
		control[c.at] *= c.factor
		ctl := exactTest(t, countTuples(n, c.k, trials, seed+1, sample(control)), probs)
		stattest.Logf(t, "%-20s control w[%d]×%v: %v", c.name, c.at, c.factor, ctl)
		ch.Below(ctl.p, alpha, "%s: the check failed to reject w[%d]×%v (%v)", c.name, c.at, c.factor, ctl)
	}
	ch.Report(t)
}

// TestWeightedOneOfMany shuffles 10⁴ items (10⁵ with SHUFFLE_LONG=1) of
// which one has a positive, subnormal weight: it must come first every
// time, and the others follow in uniformly random order. The check bins
// the items found at the 30 places after the first and at the last 30 into
// 10 ranges of index, over 300 shuffles: 9,000 observations each,
// whatever the items; within one shuffle they are drawn without
// replacement from 9,999, which changes the variance by a factor
// 1 − 29/9,999, negligible. The control leaves the zeros in index order,
// which the same check must reject.
func TestWeightedOneOfMany(t *testing.T) {
	t.Parallel()
	const trials, places, bins = 300, 30, 10
	n, one := 10_000, 5_432
	if long.Enabled() {
		n, one = 100_000, 54_321
	}
	w := make([]float64, n)
	w[one] = 1e-310
	probs := make([]float64, bins)
	for b := range probs {
		probs[b] = float64(n/bins) / float64(n-1)
	}
	probs[one/(n/bins)] = float64(n/bins-1) / float64(n-1)
	check := func(order func(rand.Source, []int)) (head, tail float64) {
		src := rand.NewPCG(seedOf("one of many", n), 3)
		headObs, tailObs := make([]float64, bins), make([]float64, bins)
		s := make([]int, n)
		for range trials {
			for i := range s {
				s[i] = i
			}
			order(src, s)
			require.Equal(t, one, s[0], "the one positive weight comes first")
			for j := 1; j <= places; j++ {
				headObs[s[j]/(n/bins)]++
				tailObs[s[n-j]/(n/bins)]++
			}
		}
		return pValue(headObs, probs), pValue(tailObs, probs)
	}
	head, tail := check(func(src rand.Source, s []int) { require.NoError(t, WeightedShuffle(src, s, w)) })
	t.Logf("one of %d: places 1..%d p=%.3g, last %d p=%.3g", n, places, head, places, tail)
	assert.GreaterOrEqual(t, head, alpha)
	assert.GreaterOrEqual(t, tail, alpha)
	head, tail = check(func(src rand.Source, s []int) {
		got, err := WeightedSample(src, w, 1)
		require.NoError(t, err)
		s[0], s[got[0]] = s[got[0]], s[0]
		slices.Sort(s[1:])
	})
	t.Logf("control (zeros in index order): p=%.3g, p=%.3g", head, tail)
	assert.Less(t, head, alpha, "the check failed to reject zeros left in order")
	assert.Less(t, tail, alpha, "the check failed to reject zeros left in order")
}

// TestEnterKey checks the key of an item that beats the worst kept key h0,
// over log wθ = a from −1000 to 1000, weights from 5e-324 to the largest,
// 20 random words and the extreme ones: it is finite and above h0; below
// a = −39.5 (wθ < 2⁻⁵⁷) it is h0 − log v for the word's v = 1 − u, where
// the formula in full would take log 0; elsewhere the keys from θ and from
// logarithms (θ = 0) agree with that formula computed in logarithms, to
// 1e-14 relative: a few roundings of a key near 700. (The small form
// differs from the full one by about wθ: 1.6e-18 at a = −41, 3e-17 at −38.)
func TestEnterKey(t *testing.T) {
	// full is the key in logarithms throughout: log w − log E, E drawn from
	// the word by inversion, E = −log(1 − p·v).
	full := func(w, h0 float64, word uint64) float64 {
		j := word >> 11
		u, v := (float64(j)+0.5)*0x1p-53, (float64(1<<53-j)-0.5)*0x1p-53
		wt := math.Exp(logWeight(w) - h0)
		p := -math.Expm1(-wt)
		e := -math.Log1p(-p * v)
		if p*v > 0.5 {
			e = -math.Log(math.Exp(-wt) + p*u)
		}
		return logWeight(w) - math.Log(e)
	}
	words := []uint64{0, math.MaxUint64, 1 << 63, 1<<63 - 1<<11} // v = 1, 2⁻⁵⁴, ½, just above
	src := rand.NewPCG(7, 7)
	for range 20 {
		words = append(words, src.Uint64())
	}
	for _, w := range []float64{sub, 3e-320, 1e-300, 1, 3.7, 1e300, math.MaxFloat64} {
		for _, a := range []float64{-1000, -745, -100, -41, -38, -20, -1, 0, 1, 40, 700, 705, 1000} {
			h0 := logWeight(w) - a
			theta := 0.0
			if h0 > -670 && h0 < 700 {
				theta = math.Exp(-h0)
			}
			for _, word := range words {
				v := (float64(1<<53-word>>11) - 0.5) * 0x1p-53
				for _, th := range []float64{theta, 0} {
					r := newRNG(constSource(word))
					key := enterKey(&r, w, h0, th)
					require.False(t, math.IsInf(key, 0) || math.IsNaN(key), "w=%g a=%g θ=%g word %#x: key %g", w, a, th, word, key)
					require.GreaterOrEqual(t, key, h0-1e-14*math.Abs(h0), "w=%g a=%g θ=%g: it must beat the worst kept", w, a, th)
					if a < -39.5 {
						require.Equal(t, h0-math.Log(v), key, "w=%g a=%g θ=%g", w, a, th)
					}
					if a > -50 {
						g := full(w, h0, word)
						require.InDelta(t, g, key, 1e-14*math.Max(1, math.Abs(g)), "w=%g a=%g θ=%g word %#x: the forms part", w, a, th, word)
					}
				}
			}
		}
	}
}

// constSource returns the same word every time.
type constSource uint64

func (c constSource) Uint64() uint64 { return uint64(c) }

// TestExpDraw checks the exponential of one word at the extremes: the top
// word, which rng.float turns into u = 1 and −log u = 0, gives 2⁻⁵⁴; the
// bottom word gives −log 2⁻⁵⁴; the two formulas meet at u = ½. A jump of 0
// would let a zero weight enter: with every word the top one, WeightedSample
// must still take positive weights only.
func TestExpDraw(t *testing.T) {
	e := func(word uint64) float64 {
		r := newRNG(constSource(word))
		return expDraw(&r)
	}
	assert.InEpsilon(t, 0x1p-54, e(math.MaxUint64), 1e-15, "the top word")
	assert.InEpsilon(t, 54*math.Ln2, e(0), 1e-15, "the bottom word")
	below, above := e(1<<63-1<<11), e(1<<63)
	assert.InEpsilon(t, math.Ln2, above, 1e-15)
	assert.InEpsilon(t, below-above, 0x1p-52, 1e-6, "one step of u = 2⁻⁵³ at ½ moves E by 2⁻⁵²")

	for _, k := range []int{1, 2, 3} {
		got, err := WeightedSample(constSource(math.MaxUint64), []float64{1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3}, k)
		require.NoError(t, err)
		for _, i := range got {
			assert.Contains(t, []int{0, 3, 15}, i, "a zero weight entered a sample of %d", k)
		}
	}
}

func TestWeightedOrder(t *testing.T) {
	t.Parallel()
	for _, w := range [][]float64{{1, 2, 3}, {5, 1, 1, 3}, {0.1, 10, 1, 0.5}} {
		n := len(w)
		probs := weightedOrderProbs(w)
		p := tupleTestProbs(probs, n, 40_000, seedOf("Weighted", n), func(src *rand.PCG) []int {
			got, err := WeightedSample(src, w, n)
			require.NoError(t, err)
			return got
		})
		assert.GreaterOrEqual(t, p, alpha, "WeightedSample %v", w)
		// Negative control: keys u·w instead of u^(1/w).
		src := rand.NewPCG(seedOf("Weighted-wrong", n), 1)
		obs := make([]float64, len(probs))
		for range 40_000 {
			r := newRNG(src)
			keys := make([]keyed, n)
			for i := range keys {
				keys[i] = keyed{r.float() * w[i], i}
			}
			slices.SortFunc(keys, func(a, b keyed) int { return int(math.Copysign(1, b.key-a.key)) })
			order := make([]int, n)
			for i, k := range keys {
				order[i] = k.i
			}
			obs[tupleIndex(order, n)]++
		}
		assert.Less(t, pValue(obs, probs), alpha, "the check failed to reject keys u·w for %v", w)
	}
	// k of n: the first pick of 2 out of 16 goes to i with probability
	// w_i/W also when the jumps do the work (many items per kept one).
	w := []float64{1, 0, 2, 0, 3, 4, 0, 5, 1, 1, 2, 3, 4, 5, 6, 1}
	probs := shares(w)
	obs := make([]float64, len(w))
	src := rand.NewPCG(11, 11)
	for range 40_000 {
		got, err := WeightedSample(src, w, 2)
		require.NoError(t, err)
		obs[got[0]]++
	}
	assert.GreaterOrEqual(t, pValue(obs, probs), alpha, "first of 2 weighted picks")

	// Zero weights come last, uniformly among themselves.
	counts := map[int]int{}
	for range 3000 {
		got, err := WeightedSample(src, []float64{0, 2, 0, 1, 0}, 5)
		require.NoError(t, err)
		assert.ElementsMatch(t, []int{1, 3}, got[:2])
		counts[got[2]]++
	}
	assert.Len(t, counts, 3)
	for _, c := range counts {
		assert.InDelta(t, 1000, c, 150, "each zero-weight item third, about a third of the time")
	}
}

func TestWeightedShuffle(t *testing.T) {
	items := []string{"a", "b", "c", "d"}
	w := []float64{5, 1, 1, 3}
	probs := weightedOrderProbs(w)
	index := map[string]int{"a": 0, "b": 1, "c": 2, "d": 3}
	p := tupleTestProbs(probs, 4, 40_000, seedOf("WeightedShuffle", 4), func(src *rand.PCG) []int {
		s := slices.Clone(items)
		require.NoError(t, WeightedShuffle(src, s, w))
		order := make([]int, len(s))
		for i, v := range s {
			order[i] = index[v]
		}
		return order
	})
	assert.GreaterOrEqual(t, p, alpha)
	assert.Equal(t, []float64{5, 1, 1, 3}, w, "weights untouched")
	assert.NoError(t, WeightedShuffle(noSource{t}, []int{7}, []float64{2}), "one item: nothing to draw")
}

// aliasCase is a weight vector for TestAliasRandom and the name of its kind.
type aliasCase struct {
	kind string
	w    []float64
}

// aliasCases draws 60 weight vectors of 2 to 40 items at a fixed seed, of
// kinds that stress the set-up differently: uniform reals (whose sums round,
// leaving columns over), small integers, spreads over 2⁻³⁰..2³⁰, spreads
// times 1e300 and 1e-300 (down to subnormals), integer multiples of 2⁻¹⁰⁷⁴, weights
// near 1e308 whose sum overflows, and a few zeros among them.
func aliasCases() []aliasCase {
	r := rand.New(rand.NewPCG(2026, 11))
	kinds := []string{"uniform", "integers", "spread", "spread×1e300", "spread×1e-300", "subnormal", "near 1e308"}
	var cs []aliasCase
	for v := range 60 {
		kind := kinds[v%len(kinds)]
		n := 2 + r.IntN(39)
		w := make([]float64, n)
		for i := range w {
			switch kind {
			case "uniform":
				w[i] = r.Float64()
			case "integers":
				w[i] = float64(1 + r.IntN(10))
			case "spread":
				w[i] = math.Ldexp(1+r.Float64(), r.IntN(61)-30)
			case "spread×1e300":
				w[i] = math.Ldexp(1+r.Float64(), r.IntN(51)-45) * 1e300
			case "spread×1e-300":
				w[i] = math.Ldexp(1+r.Float64(), r.IntN(61)-30) * 1e-300
			case "subnormal":
				w[i] = float64(1+r.IntN(50)) * sub
			case "near 1e308":
				w[i] = (0.5 + r.Float64()) * 1e308
			}
			if r.IntN(8) == 0 {
				w[i] = 0
			}
		}
		if slices.Max(w) == 0 {
			w[0] = 1
		}
		cs = append(cs, aliasCase{kind, w})
	}
	return cs
}

// TestAliasRandom builds an Alias for each of aliasCases and picks from it
// 2,000 times per item, against the exact shares w_i/Σw (through
// exactTest). Each vector must pass at 1e-6 (60 of them: a false failure
// rate of 6e-5), and the sum of their χ² statistics, a χ² with the summed
// degrees of freedom, at alpha. The control is each table with the columns
// left over after Vose's loop zeroed, as if they had not been filled (they
// then answer index 0): the combined check must reject it. Exactly, the
// last large item is always left over, full; the test checks that rounding
// leaves columns over too, not quite full, in several vectors.
func TestAliasRandom(t *testing.T) {
	var chi2, df, chi2Ctl, dfCtl float64
	withRounding := 0
	ch := stattest.Checks{Rule: "each vector p ≥ 1e-6 (false failure 6e-5 for the 60)"}
	for v, c := range aliasCases() {
		n := len(c.w)
		probs := make([]*big.Rat, n)
		total := new(big.Rat)
		for i, x := range c.w {
			probs[i] = new(big.Rat).SetFloat64(x)
			total.Add(total, probs[i])
		}
		for i := range probs {
			probs[i].Quo(probs[i], total)
		}
		a, rest, left, err := newAlias(rand.NewPCG(uint64(v), 2026), c.w)
		require.NoError(t, err)
		require.Equal(t, n, a.Len())
		rounding := 0 // columns left over with p ≠ 1: by rounding alone
		for _, i := range rest {
			require.InDelta(t, 1, left[i], 1e-12, "a column left over far from full")
			if left[i] != 1 {
				rounding++
			}
		}
		if rounding > 0 {
			withRounding++
		}
		picks := 2000 * n
		obs := make([]float64, n)
		for range picks {
			obs[a.Pick()]++
		}
		got := exactTest(t, obs, probs)
		ch.AtLeast(got.p, 1e-6, "vector %d (%s) %v: %v", v, c.kind, c.w, got)
		chi2, df = chi2+got.chi2, df+got.df

		// The control: the same table without its leftover columns.
		for _, i := range rest {
			a.cut[i], a.alias[i] = 0, 0
		}
		clear(obs)
		for range picks {
			obs[a.Pick()]++
		}
		ctl := exactTest(t, obs, probs)
		chi2Ctl, dfCtl = chi2Ctl+ctl.chi2, dfCtl+ctl.df
		stattest.Logf(t, "%2d %-14s n=%2d leftover %2d (rounding %2d): %v; control p=%.3g", v, c.kind, n, len(rest), rounding, got, ctl.p)
	}
	ch.Report(t)
	p := distuv.ChiSquared{K: df}.Survival(chi2)
	pCtl := distuv.ChiSquared{K: dfCtl}.Survival(chi2Ctl)
	t.Logf("combined: χ²=%.1f df=%.0f p=%.3g; control χ²=%.1f p=%.3g; %d vectors with rounding leftovers", chi2, df, p, chi2Ctl, pCtl, withRounding)
	assert.GreaterOrEqual(t, p, alpha, "combined")
	assert.Less(t, pCtl, alpha, "the check failed to reject tables without their leftover columns")
	assert.GreaterOrEqual(t, withRounding, 5, "too few vectors leave columns over by rounding to test them")
}

func TestAlias(t *testing.T) {
	w := []float64{1, 2, 3, 0, 4, 10, 0.5}
	a, err := NewAlias(rand.NewPCG(3, 3), w)
	require.NoError(t, err)
	assert.Equal(t, len(w), a.Len())
	probs := shares(w)
	obs := make([]float64, len(w))
	for range 100_000 {
		obs[a.Pick()]++
	}
	assert.Zero(t, obs[3], "a zero weight is never picked")
	assert.GreaterOrEqual(t, pValue(obs, probs), alpha)
	// Negative control: picking uniformly.
	clear(obs)
	r := rand.New(rand.NewPCG(4, 4))
	for range 100_000 {
		obs[r.IntN(len(w))]++
	}
	assert.Less(t, pValue(obs, probs), alpha)

	one, err := NewAlias(noSource{t}, []float64{3})
	require.NoError(t, err)
	assert.Equal(t, 0, one.Pick(), "one weight: no draw")
}

// TestAliasEdges picks from weights whose sum overflows (two of 1e308) or
// is subnormal (5e-324 each), and from 1e-300 beside 1e300, against the
// exact shares; the control picks from the same weights with one changed.
func TestAliasEdges(t *testing.T) {
	const picks = 100_000
	cases := []struct {
		name       string
		w, control []float64
	}{
		{"two of 1e308", []float64{1e308, 1e308}, []float64{1e308, 1.1e308}},
		{"infinite sum", []float64{1e308, 1e308, 5e307, 0}, []float64{1e308, 1e308, 6e307, 0}},
		{"max float64", []float64{math.MaxFloat64, math.MaxFloat64, 0, math.MaxFloat64 / 2}, []float64{math.MaxFloat64, math.MaxFloat64 / 2, 0, math.MaxFloat64 / 2}},
		{"subnormal sum", []float64{sub, sub, 2 * sub}, []float64{sub, 2 * sub, 2 * sub}},
		{"1e-300 with 1e300", []float64{1e-300, 1e300, 3e-300, 2e300, 1}, []float64{1e-300, 1e300, 3e-300, 3e300, 1}},
	}
	for i, c := range cases {
		probs := make([]*big.Rat, len(c.w))
		total := new(big.Rat)
		for j, x := range c.w {
			probs[j] = new(big.Rat).SetFloat64(x)
			total.Add(total, probs[j])
		}
		for j := range probs {
			probs[j].Quo(probs[j], total)
		}
		count := func(w []float64, seed uint64) []float64 {
			a, err := NewAlias(rand.NewPCG(seed, uint64(i)), w)
			require.NoError(t, err)
			obs := make([]float64, len(w))
			for range picks {
				obs[a.Pick()]++
			}
			return obs
		}
		got := exactTest(t, count(c.w, 1), probs)
		ctl := exactTest(t, count(c.control, 2), probs)
		t.Logf("%-18s %v; control %v: %v", c.name, got, c.control, ctl)
		assert.GreaterOrEqual(t, got.p, alpha, c.name)
		assert.Less(t, ctl.p, alpha, "%s: the check failed to reject %v", c.name, c.control)
	}
}

// TestBadWeights checks that bad data gives an error naming the function,
// the index and what is wrong, leaves the weights and items untouched and
// draws nothing, through all three entry points.
func TestBadWeights(t *testing.T) {
	cases := []struct {
		w    []float64
		want string // the message after "shuffle: <function>: "
	}{
		{[]float64{1, -1, 2}, "weight 1 is -1; weights must be finite and not negative"},
		{[]float64{math.NaN(), 1}, "weight 0 is NaN; weights must be finite and not negative"},
		{[]float64{1, math.Inf(1)}, "weight 1 is +Inf; weights must be finite and not negative"},
		{[]float64{math.Inf(-1)}, "weight 0 is -Inf; weights must be finite and not negative"},
		{[]float64{0, 2, -5e-324, 1}, "weight 2 is -5e-324; weights must be finite and not negative"},
		{[]float64{0, 0, 0}, "all 3 weights are zero"},
		{[]float64{math.Copysign(0, -1)}, "all 1 weights are zero"},
		{[]float64{}, "no weights"},
		{nil, "no weights"},
	}
	untouched := func(before, after []float64) {
		t.Helper()
		require.Equal(t, len(before), len(after))
		for i := range before {
			assert.Equal(t, math.Float64bits(before[i]), math.Float64bits(after[i]), "weights modified")
		}
	}
	for _, c := range cases {
		before := slices.Clone(c.w)
		_, err := WeightedSample(noSource{t}, c.w, 0)
		assert.EqualError(t, err, "shuffle: WeightedSample: "+c.want)
		untouched(before, c.w)
		items := ordered(len(c.w))
		err = WeightedShuffle(noSource{t}, items, c.w)
		assert.EqualError(t, err, "shuffle: WeightedShuffle: "+c.want)
		assert.Equal(t, ordered(len(c.w)), items, "items untouched on error")
		untouched(before, c.w)
		_, err = NewAlias(noSource{t}, c.w)
		assert.EqualError(t, err, "shuffle: NewAlias: "+c.want)
		untouched(before, c.w)
	}
	s := []string{"a", "b", "c", "d"}
	err := WeightedShuffle(noSource{t}, s, []float64{1, 2, 3})
	assert.EqualError(t, err, "shuffle: WeightedShuffle: 3 weights for 4 items")
	assert.Equal(t, []string{"a", "b", "c", "d"}, s)

	_, err = WeightedSample(nil, []float64{math.Copysign(0, -1), 1}, 1)
	assert.NoError(t, err, "-0 is a zero weight")
	assert.PanicsWithValue(t, "shuffle: WeightedSample: k out of range", func() { WeightedSample(nil, []float64{1}, 2) })
	assert.PanicsWithValue(t, "shuffle: WeightedSample: k out of range", func() { WeightedSample(nil, []float64{1}, -1) })
}

// FuzzWeights feeds arbitrary weights: an error exactly when they are bad,
// never a panic, the weights untouched, and otherwise k distinct indices
// with every positive weight drawn before any zero one, a weighted shuffle
// that puts the positive weights first, and an Alias that never picks a
// zero weight.
func FuzzWeights(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 240, 63, 0, 0, 0, 0, 0, 0, 0, 64}, uint8(1), uint64(1))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 248, 127}, uint8(0), uint64(2))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, uint8(2), uint64(3))
	f.Add([]byte{1, 0, 0, 0, 0, 0, 0, 128, 0, 0, 0, 0, 0, 0, 240, 191}, uint8(1), uint64(4))
	f.Add(weightBytes(1e-310, 1, 1, 1), uint8(2), uint64(5))
	f.Add(weightBytes(1e-300, 1e300, sub, math.MaxFloat64, 0, 3*sub), uint8(3), uint64(6))
	f.Add(weightBytes(1e308, 1e308, 0, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308, 1e308), uint8(2), uint64(7))
	f.Add(weightBytes(sub, 0, sub, 2*sub, 0, sub, sub, sub, sub, sub, 4*sub), uint8(1), uint64(8))
	f.Add(weightBytes(1, math.Inf(1), 2), uint8(1), uint64(9))
	f.Add(weightBytes(0, 1, 2, 3, 0.5), uint8(2), uint64(10))
	f.Fuzz(func(t *testing.T, raw []byte, kb uint8, seed uint64) {
		w := make([]float64, len(raw)/8)
		for i := range w {
			var bits uint64
			for b := range 8 {
				bits |= uint64(raw[8*i+b]) << (8 * b)
			}
			w[i] = math.Float64frombits(bits)
		}
		bad, positive := len(w) == 0, 0
		for _, x := range w {
			if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
				bad = true
			}
			if x > 0 {
				positive++
			}
		}
		bad = bad || positive == 0
		before := slices.Clone(w)
		k := int(kb) % (len(w) + 1)
		got, err := WeightedSample(rand.NewPCG(seed, 0), w, k)
		if (err != nil) != bad {
			t.Fatalf("weights %v: error %v, bad %v", w, err, bad)
		}
		for i := range w {
			if math.Float64bits(w[i]) != math.Float64bits(before[i]) {
				t.Fatal("weights modified")
			}
		}
		a, aerr := NewAlias(rand.NewPCG(seed, 0), w)
		if (aerr != nil) != bad {
			t.Fatalf("NewAlias %v: error %v, bad %v", w, aerr, bad)
		}
		for _, extra := range []int{0, 1} {
			items := ordered(len(w) + extra)
			serr := WeightedShuffle(rand.NewPCG(seed, 0), items, w)
			if (serr != nil) != (bad || extra > 0) {
				t.Fatalf("WeightedShuffle %v on %d items: error %v", w, len(items), serr)
			}
			if serr != nil && !slices.Equal(items, ordered(len(w)+extra)) {
				t.Fatal("items modified on error")
			}
			if serr == nil {
				for j, i := range items {
					if (j < positive) != (w[i] > 0) {
						t.Fatalf("WeightedShuffle %v: %v has a zero weight before a positive one", w, items)
					}
				}
			}
		}
		if bad {
			return
		}
		for range 20 {
			if i := a.Pick(); i < 0 || i >= len(w) || w[i] == 0 {
				t.Fatalf("Alias %v picked %d", w, i)
			}
		}
		seen := map[int]bool{}
		for j, i := range got {
			if i < 0 || i >= len(w) || seen[i] {
				t.Fatalf("bad sample %v of %v", got, w)
			}
			seen[i] = true
			if j < positive && w[i] == 0 {
				t.Fatalf("zero weight drawn before a positive one: %v of %v", got, w)
			}
		}
		if len(got) != k {
			t.Fatalf("got %d, want %d", len(got), k)
		}
	})
}

// weightBytes encodes weights as FuzzWeights reads them.
func weightBytes(w ...float64) []byte {
	var b []byte
	for _, x := range w {
		u := math.Float64bits(x)
		for range 8 {
			b = append(b, byte(u))
			u >>= 8
		}
	}
	return b
}

// BenchmarkWeighted times WeightedSample of 100 from 10⁶ weights (the jump
// path) and WeightedShuffle of 10⁴ items (a key per item), both on integer
// weights in [1, 100].
func BenchmarkWeighted(b *testing.B) {
	src := rand.NewPCG(1, 2)
	w := make([]float64, 1_000_000)
	for i := range w {
		w[i] = float64(1 + src.Uint64()%100)
	}
	b.Run("op=sample/n=1e6/k=100", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := WeightedSample(src, w, 100); err != nil {
				b.Fatal(err)
			}
		}
	})
	s := ordered(10_000)
	b.Run("op=shuffle/n=1e4", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := WeightedShuffle(src, s, w[:len(s)]); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestWeightedZerosAfterHeap pins the stream where every positive weight fits
// in the heap and the last of them closes the input: one word per positive
// weight (its key), then the zeros ordered by Sample's swap loop from the next
// words, and nothing else drawn. A mutant that lets expJ's jump loop run once
// more at the end (an extra exponential) moves the zeros' draws by a word.
func TestWeightedZerosAfterHeap(t *testing.T) {
	w := []float64{0, 0, 0, 0, 2.5, 1}
	for seed := range uint64(40) {
		src := &countSource{pcg: *rand.NewPCG(seed, 11)}
		got, err := WeightedSample(src, w, len(w))
		require.NoError(t, err)
		assert.ElementsMatch(t, []int{4, 5}, got[:2], "seed %d", seed)

		ref := &countSource{pcg: *rand.NewPCG(seed, 11)}
		r := newRNG(ref)
		r.src.Uint64() // the key of weight 4
		r.src.Uint64() // the key of weight 5
		zero := []int{0, 1, 2, 3}
		for i := range zero {
			j := i + r.intn(len(zero)-i)
			zero[i], zero[j] = zero[j], zero[i]
		}
		assert.Equal(t, zero, got[2:], "seed %d: the zeros' order", seed)
		assert.Equal(t, ref.words, src.words, "seed %d: words drawn", seed)
	}
}

// TestAliasTable reads the probabilities an Alias table gives, exactly: a
// column is picked with probability 1/n and answers itself when the word is
// below its cut (MaxUint64, full, answers itself always), else its alias.
// They must equal the shares w_i/Σw to 1e-12 for aliasCases and for weights
// that make some p_i exactly 1 (1:2:3, whose 2 is the mean), where a full
// column must not be cut like a partial one.
func TestAliasTable(t *testing.T) {
	ws := [][]float64{{1, 2, 3}, {2, 2, 4, 8}, {5, 5, 5, 5}, {3, 1, 2, 2, 2}}
	for _, c := range aliasCases() {
		ws = append(ws, c.w)
	}
	two64 := new(big.Rat).SetFloat64(0x1p64)
	for v, w := range ws {
		a, err := NewAlias(rand.NewPCG(1, 1), w)
		require.NoError(t, err)
		n := a.Len()
		got := make([]*big.Rat, n)
		for i := range got {
			got[i] = new(big.Rat)
		}
		for c := range n {
			own := new(big.Rat).SetUint64(a.cut[c])
			if a.cut[c] == math.MaxUint64 {
				own.Set(two64) // u < MaxUint64 answers c; u = MaxUint64 answers alias[c] = c
				require.Equal(t, c, a.alias[c], "vector %d: a full column that does not answer itself", v)
			}
			got[c].Add(got[c], own)
			got[a.alias[c]].Add(got[a.alias[c]], new(big.Rat).Sub(two64, own))
		}
		total := new(big.Rat)
		for _, x := range w {
			total.Add(total, new(big.Rat).SetFloat64(x))
		}
		for i := range got {
			got[i].Quo(got[i], new(big.Rat).Mul(two64, new(big.Rat).SetInt64(int64(n))))
			g, _ := got[i].Float64()
			want, _ := new(big.Rat).Quo(new(big.Rat).SetFloat64(w[i]), total).Float64()
			assert.InDelta(t, want, g, 1e-12, "vector %d %v: item %d", v, w, i)
		}
	}
}

// zeroSome is a PCG whose words are 0 wherever the PCG's are a multiple
// of 4: a quarter of them, at places no pattern of draws lines up with.
type zeroSome struct{ rand.PCG }

func (z *zeroSome) Uint64() uint64 {
	if x := z.PCG.Uint64(); x%4 != 0 {
		return x
	}
	return 0
}

// TestAliasPickWords checks Pick word by word against Lemire's method with
// its rejection written out, on a source with many words 0: for n = 5, a
// column word of 0 must be rejected (its low half 0 is below 2⁶⁴ mod 5 = 1),
// and a cut word of 0 must not pick a zero weight's column (cut 0) for
// itself.
func TestAliasPickWords(t *testing.T) {
	w := []float64{1, 0, 2, 3, 0.5}
	a, err := NewAlias(&zeroSome{*rand.NewPCG(9, 9)}, w)
	require.NoError(t, err)
	ref := &zeroSome{*rand.NewPCG(9, 9)}
	n := uint64(len(w))
	for k := range 3000 {
		var i uint64
		for {
			hi, lo := bits.Mul64(ref.Uint64(), n)
			if lo >= -n%n {
				i = hi
				break
			}
		}
		want := int(i)
		if ref.Uint64() >= a.cut[i] {
			want = a.alias[i]
		}
		require.Equal(t, want, a.Pick(), "pick %d", k)
	}
}
