package shuffle

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The χ² checks of this file run at fixed seeds at level alpha (1e-4) each,
// against exact probabilities from the product formula in math/big
// (exactTuples), with exactTest's invisible-cell check at 1e-6: 17 edge
// orders and 6 reweight sequences must pass, so a random choice of the
// seeds would turn one red with probability at most 23·(1e-4 + 1e-6) ≈ 0.23%.
// Every check has a negative control that must fail.

// takeAll takes from w until Take returns false.
func takeAll(t *testing.T, w *Weighted) []int {
	var out []int
	for {
		i, ok := w.Take()
		if !ok {
			if i != -1 {
				t.Fatalf("Take gave %d with false, want -1", i)
			}
			return out
		}
		out = append(out, i)
	}
}

func positives(w []float64) int {
	k := 0
	for _, x := range w {
		if x > 0 {
			k++
		}
	}
	return k
}

// floatTreeOrder is the sum tree done the plain way, as a control: float64
// sums, u·total drawn and compared down the tree, and a taken weight
// subtracted from the sums above it. Subnormal sums lose their low bits, a
// sum past the largest float64 is +Inf, and the subtractions drift.
func floatTreeOrder(src rand.Source, w []float64) []int {
	r := newRNG(src)
	n := len(w)
	t := make([]float64, 2*n)
	copy(t[n:], w)
	for j := n - 1; j >= 1; j-- {
		t[j] = t[2*j] + t[2*j+1]
	}
	var out []int
	for range positives(w) {
		x, j := r.float()*t[1], 1
		for j < n {
			if x < t[2*j] {
				j = 2 * j
			} else {
				x -= t[2*j]
				j = 2*j + 1
			}
		}
		out = append(out, j-n)
		for v := t[j]; j >= 1; j >>= 1 {
			t[j] -= v
		}
	}
	return out
}

// TestWeightedEdges compares the full sequences of Take (every positive
// weight, in the order taken) of 3 and 4 items with the exact product
// formula, for weights from every edge class. The control is the same
// sampler on the weights with one changed, which the check must reject;
// where floatTree is set, the plain float64 tree must be rejected too.
func TestWeightedEdges(t *testing.T) {
	t.Parallel()
	const trials = 20_000
	cases := []struct {
		name      string
		w         []float64
		control   []float64
		floatTree bool // the plain float64 tree is wrong here
	}{
		{"ordinary", []float64{1, 2, 3, 4}, []float64{1, 2, 3.6, 4}, false},
		{"subnormal first", []float64{1e-310, 1, 1, 1}, []float64{1e-310, 1.3, 1, 1}, true},
		{"subnormals 1:2:3", []float64{sub, 2 * sub, 3 * sub}, []float64{2 * sub, 2 * sub, 3 * sub}, true},
		{"subnormals varied", []float64{2 * sub, 3e-320, 7e-321, 1e-310}, []float64{2 * sub, 3e-320, 1.4e-320, 1e-310}, true},
		{"1e-300 with 1e300", []float64{1e-300, 1e300, 3e-300, 2e300}, []float64{1e-300, 1e300, 3e-300, 3e300}, true},
		{"1e-300 with 1e300, n=3", []float64{1e-300, 1e300, 3e-300}, []float64{1e-300, 1e300, 6e-300}, true},
		{"whole range", []float64{1.7e308, sub, 1e308, 3 * sub}, []float64{1.7e308, 2 * sub, 1e308, 3 * sub}, true},
		{"two of 1e308", []float64{1e308, 1e308, 1}, []float64{1e308, 1.3e308, 1}, true},
		{"infinite sum", []float64{1e308, 1e308, 5e307}, []float64{1e308, 1e308, 1e308}, true},
		{"infinite sum, all equal", []float64{1e308, 1e308, 1e308, 1e308}, []float64{1e308, 1.3e308, 1e308, 1e308}, true},
		{"all equal subnormal", []float64{1e-310, 1e-310, 1e-310, 1e-310}, []float64{1e-310, 1.3e-310, 1e-310, 1e-310}, false},
		{"one dominant", []float64{1, 1000, 1, 2}, []float64{2, 1000, 1, 2}, false},
		{"across 2²⁵⁶", []float64{1e77, 2e77, 1.5e77, 5e76}, []float64{1e77, 2e77, 1.5e77, 8e76}, false},
		{"across 2⁻²⁵⁶", []float64{5e-78, 1e-77, 2e-77}, []float64{5e-78, 1.5e-77, 2e-77}, false},
		{"across 2⁻⁷⁶⁸", []float64{1e-232, 2e-231, 5e-232}, []float64{1e-232, 2e-231, 8e-232}, false},
		{"zeros", []float64{0, 3, 0, 1}, []float64{0, 4, 0, 1}, false},
		{"zeros and subnormals", []float64{0, sub, 3 * sub, 0}, []float64{0, sub, 2 * sub, 0}, true},
	}
	for _, c := range cases {
		n, k := len(c.w), positives(c.w)
		probs := exactTuples(c.w, k)
		take := func(w []float64) func(rand.Source) []int {
			return func(src rand.Source) []int {
				s, err := NewWeighted(src, w)
				noErr(t, err)
				return takeAll(t, s)
			}
		}
		seed := seedOf("Weighted "+c.name, n)
		got := exactTest(t, countTuples(n, k, trials, seed, take(c.w)), probs)
		require.True(t, got.df > 0, "%s: a χ² needs two visible cells", c.name)
		t.Logf("%-26s %v", c.name, got)
		assert.GreaterOrEqual(t, got.p, alpha, "%s %v", c.name, c.w)

		ctl := exactTest(t, countTuples(n, k, trials, seed+1, take(c.control)), probs)
		t.Logf("%-26s control %v: %v", c.name, c.control, ctl)
		assert.Less(t, ctl.p, alpha, "%s: the check failed to reject weights %v", c.name, c.control)

		ft := exactTest(t, countTuples(n, k, trials, seed+2, func(src rand.Source) []int { return floatTreeOrder(src, c.w) }), probs)
		t.Logf("%-26s float64 tree: %v", c.name, ft)
		if c.floatTree {
			assert.Less(t, ft.p, alpha, "%s: the check failed to reject the float64 tree", c.name)
		}
	}
}

// TestWeightedReweight takes one index a, then reweights a (back in) and
// the next index, and takes the rest: the probability of the whole
// sequence is w[a]/W times the product formula over the new weights,
// exact in math/big. A Reweight before any Take is checked the same way.
// The control reweights with other values than those the exact
// probabilities assume.
func TestWeightedReweight(t *testing.T) {
	t.Parallel()
	const trials = 40_000
	type change func(a int, w []float64) // the reweights after taking a
	cases := []struct {
		name         string
		w            []float64
		before       map[int]float64 // reweights before the first Take
		wrongBefore  map[int]float64 // and the control's
		after, wrong change
	}{
		{name: "put back heavier", w: []float64{1, 2, 3},
			after: func(a int, w []float64) { w[a] = 5; w[(a+1)%3] = 0.5 },
			wrong: func(a int, w []float64) { w[a] = 2.5; w[(a+1)%3] = 0.5 }},
		{name: "put back, n=4", w: []float64{1, 2, 3, 4},
			after: func(a int, w []float64) { w[a] = 1.5; w[(a+2)%4] *= 3 },
			wrong: func(a int, w []float64) { w[a] = 1.5; w[(a+2)%4] *= 2 }},
		{name: "1e308 then subnormal", w: []float64{1e308, 1e308, 1, 3},
			after: func(a int, w []float64) { w[a] = 2 * sub; w[(a+1)%4] = sub },
			wrong: func(a int, w []float64) { w[a] = sub; w[(a+1)%4] = sub }},
		{name: "1e-300 beside 1e300", w: []float64{1e-300, 1e300, 2e-300},
			after: func(a int, w []float64) { w[a] = 1e300; w[(a+1)%3] = 3e-300 },
			wrong: func(a int, w []float64) { w[a] = 1e300; w[(a+1)%3] = 6e-300 }},
		{name: "before: 1:2:3 to 3:1:2", w: []float64{1, 2, 3},
			before: map[int]float64{0: 3, 1: 1, 2: 2}, wrongBefore: map[int]float64{0: 2, 1: 1, 2: 3}},
		{name: "before: subnormal to 1e308", w: []float64{sub, sub, 1, 1},
			before: map[int]float64{0: 1e308, 2: 0, 3: 1.5e308}, wrongBefore: map[int]float64{0: 1e308, 2: 0, 3: 1e308}},
	}
	for _, c := range cases {
		n := len(c.w)
		seed := seedOf("Weighted.Reweight "+c.name, n)
		if c.before != nil {
			final := slices.Clone(c.w)
			for i, v := range c.before {
				final[i] = v
			}
			k := positives(final)
			probs := exactTuples(final, k)
			run := func(changes map[int]float64) func(rand.Source) []int {
				return func(src rand.Source) []int {
					s, err := NewWeighted(src, c.w)
					noErr(t, err)
					for i := range n { // in index order: the map's order varies
						if v, ok := changes[i]; ok {
							noErr(t, s.Reweight(i, v))
						}
					}
					return takeAll(t, s)
				}
			}
			got := exactTest(t, countTuples(n, k, trials, seed, run(c.before)), probs)
			t.Logf("%-28s %v", c.name, got)
			assert.GreaterOrEqual(t, got.p, alpha, c.name)
			ctl := exactTest(t, countTuples(n, k, trials, seed+1, run(c.wrongBefore)), probs)
			t.Logf("%-28s control %v: %v", c.name, c.wrongBefore, ctl)
			assert.Less(t, ctl.p, alpha, "%s: the check failed to reject other reweights", c.name)
			continue
		}
		// Every weight stays positive: 1 + n indices are taken.
		size := n
		for range n {
			size *= n
		}
		probs := make([]*big.Rat, size)
		for i := range probs {
			probs[i] = new(big.Rat)
		}
		first := exactTuples(c.w, 1)
		for a := range n {
			w := slices.Clone(c.w)
			c.after(a, w)
			require.Equal(t, n, positives(w))
			for rest, q := range exactTuples(w, n) {
				probs[a*size/n+rest].Mul(first[a], q)
			}
		}
		run := func(after change) func(rand.Source) []int {
			return func(src rand.Source) []int {
				s, err := NewWeighted(src, c.w)
				noErr(t, err)
				a, ok := s.Take()
				if !ok {
					t.Fatal("Take: nothing to take")
				}
				cur, want := slices.Clone(c.w), slices.Clone(c.w)
				cur[a] = 0
				after(a, want)
				for i := range n {
					if want[i] != cur[i] {
						noErr(t, s.Reweight(i, want[i]))
					}
				}
				return append([]int{a}, takeAll(t, s)...)
			}
		}
		got := exactTest(t, countTuples(n, n+1, trials, seed, run(c.after)), probs)
		t.Logf("%-28s %v", c.name, got)
		assert.GreaterOrEqual(t, got.p, alpha, c.name)
		ctl := exactTest(t, countTuples(n, n+1, trials, seed+1, run(c.wrong)), probs)
		t.Logf("%-28s control: %v", c.name, ctl)
		assert.Less(t, ctl.p, alpha, "%s: the check failed to reject other reweights", c.name)
	}
}

// TestWeightedTakeFalse: Take returns each positive weight once, never a
// zero one, and false exactly when no positive weight is left, whatever the
// range; a single positive weight left is returned without a draw.
func TestWeightedTakeFalse(t *testing.T) {
	for _, w := range [][]float64{
		{1e300, 1e-300},
		{sub, 1e308, 1e308},
		{0, 0, sub},
		{math.MaxFloat64, math.MaxFloat64, math.MaxFloat64, sub, 0, sub},
		{1e-300, 0, 1e300, 0, 2e-300, 1e308},
		{7},
	} {
		s, err := NewWeighted(rand.NewPCG(1, 2), w)
		require.NoError(t, err)
		got := takeAll(t, s)
		assert.Len(t, got, positives(w), "%v", w)
		for _, i := range got {
			assert.Positive(t, w[i], "%v: took weight %d", w, i)
		}
		slices.Sort(got)
		assert.Len(t, slices.Compact(got), positives(w), "%v: an index twice", w)
		_, ok := s.Take()
		assert.False(t, ok, "still false")
	}
	s, err := NewWeighted(rand.NewPCG(1, 2), []float64{1e308, 0, sub})
	require.NoError(t, err)
	s.r = newRNG(noSource{t})
	require.NoError(t, s.Reweight(0, 0))
	i, ok := s.Take()
	assert.Equal(t, []any{2, true}, []any{i, ok}, "the single positive weight, without a draw")
	require.NoError(t, s.Reweight(1, 5e-324))
	i, ok = s.Take()
	assert.Equal(t, []any{1, true}, []any{i, ok}, "a taken index put back")
	i, ok = s.Take()
	assert.Equal(t, []any{-1, false}, []any{i, ok})
}

// TestWeightedModel runs random Takes and Reweights, with weights from every
// range, against a model of which weights are positive: Take succeeds
// exactly when one is, returns one of them, and draws one word when two or
// more are; a bad Reweight changes nothing.
func TestWeightedModel(t *testing.T) {
	pool := []float64{0, 0, sub, 3 * sub, 1e-310, 1e-300, 0.5, 1, 3, 1e300, 1e308, math.MaxFloat64}
	bad := []float64{-1, -sub, math.NaN(), math.Inf(1), math.Inf(-1)}
	ops := rand.New(rand.NewPCG(8, 8))
	for round := range 200 {
		n := 1 + ops.IntN(9)
		model := make([]float64, n)
		for i := range model {
			model[i] = pool[ops.IntN(len(pool))]
		}
		if positives(model) == 0 {
			model[0] = 1
		}
		words := &countSource{pcg: *rand.NewPCG(uint64(round), 1)}
		s, err := NewWeighted(words, model)
		require.NoError(t, err)
		for range 40 {
			switch ops.IntN(3) {
			case 0:
				i, v := ops.IntN(n), pool[ops.IntN(len(pool))]
				require.NoError(t, s.Reweight(i, v))
				model[i] = v
			case 1:
				tree, pos := slices.Clone(s.tree), s.positive
				i, v := ops.IntN(n), bad[ops.IntN(len(bad))]
				require.Error(t, s.Reweight(i, v))
				require.Equal(t, tree, s.tree, "a bad weight changed the tree")
				require.Equal(t, pos, s.positive)
			default:
				before := words.words
				i, ok := s.Take()
				k := positives(model)
				require.Equal(t, k > 0, ok, "round %d: %v", round, model)
				if k > 1 {
					require.Equal(t, 1, words.words-before, "one word per Take")
				} else {
					require.Equal(t, before, words.words, "no draw with one positive weight")
				}
				if ok {
					require.Positive(t, model[i], "round %d: took a zero weight", round)
					model[i] = 0
				}
			}
		}
	}
}

// TestWeightedErrors: NewWeighted's errors are WeightedSample's, and
// Reweight's name the method, the index and what is wrong.
func TestWeightedErrors(t *testing.T) {
	for _, w := range [][]float64{nil, {}, {0, 0}, {1, -1}, {math.NaN()}, {2, math.Inf(1)}, {math.Inf(-1)}} {
		_, want := WeightedSample(nil, w, 0)
		s, err := NewWeighted(noSource{t}, w)
		assert.Nil(t, s)
		require.Error(t, err)
		assert.Equal(t, strings.Replace(want.Error(), "WeightedSample", "NewWeighted", 1), err.Error())
	}
	s, err := NewWeighted(noSource{t}, []float64{1, 2, 3})
	require.NoError(t, err)
	assert.EqualError(t, s.Reweight(2, -1), "shuffle: Weighted.Reweight: weight 2 is -1; weights must be finite and not negative")
	assert.EqualError(t, s.Reweight(1, math.NaN()), "shuffle: Weighted.Reweight: weight 1 is NaN; weights must be finite and not negative")
	assert.EqualError(t, s.Reweight(0, math.Inf(1)), "shuffle: Weighted.Reweight: weight 0 is +Inf; weights must be finite and not negative")
	assert.NoError(t, s.Reweight(0, math.Copysign(0, -1)), "−0 is a zero weight")
	assert.PanicsWithValue(t, "shuffle: Weighted.Reweight: index out of range", func() { s.Reweight(3, 1) })
	assert.PanicsWithValue(t, "shuffle: Weighted.Reweight: index out of range", func() { s.Reweight(-1, 1) })
	w := []float64{1, 2}
	s, err = NewWeighted(nil, w)
	require.NoError(t, err)
	takeAll(t, s)
	assert.Equal(t, []float64{1, 2}, w, "weights untouched")
}

// fromMantExp returns the xfloat of mant·2^e, for mant in [1, 2).
func fromMantExp(mant float64, e int) xfloat {
	k := int(math.Floor(float64(e+256) / 512))
	f := new(big.Float).SetFloat64(mant)
	m, _ := f.SetMantExp(f, e-512*k).Float64()
	return xfloat{m, k}
}

// TestXfloat checks add and sub against math/big rounded to 53 bits, to
// nearest even, over exponent gaps from 0 to 1100 and values across and
// beyond the float64 range.
func TestXfloat(t *testing.T) {
	t.Parallel()
	toBig := func(x xfloat) *big.Float {
		f := new(big.Float).SetPrec(0).SetFloat64(x.m)
		return f.SetMantExp(f, 512*x.k)
	}
	round := func(f *big.Float) xfloat {
		if f.Sign() == 0 {
			return xzero
		}
		g := new(big.Float).SetPrec(53).SetMode(big.ToNearestEven).Set(f)
		mant := new(big.Float)
		e := g.MantExp(mant) // g = mant·2^e, mant in [½, 1)
		m, _ := mant.Float64()
		return fromMantExp(2*m, e-1)
	}
	src := rand.New(rand.NewPCG(9, 9))
	for range 20_000 {
		ea := src.IntN(3000) - 1500
		a := fromMantExp(1+src.Float64(), ea)
		gap := src.IntN(80)
		if src.IntN(4) == 0 {
			gap = src.IntN(1100)
		}
		mb := 1 + src.Float64()
		if src.IntN(4) == 0 {
			mb = 1 + float64(src.IntN(8))/8 // short mantissas: exact sums and ties
		}
		b := fromMantExp(mb, ea-gap)
		require.Equal(t, b, normXfloat(b.m, b.k), "normalized")
		sum := new(big.Float).SetPrec(0).Add(toBig(a), toBig(b))
		require.Equal(t, round(sum), a.add(b), "%v + %v", a, b)
		require.Equal(t, round(sum), b.add(a), "%v + %v", b, a)
		if !a.less(b) { // sub is for x ≥ b only
			diff := new(big.Float).SetPrec(0).Sub(toBig(a), toBig(b))
			require.Equal(t, round(diff), a.sub(b), "%v − %v", a, b)
		}
		require.Equal(t, toBig(a).Cmp(toBig(b)) < 0, a.less(b))
	}
	for range 20_000 { // every finite weight converts exactly
		w := math.Float64frombits(src.Uint64() >> 1)
		if !(w <= math.MaxFloat64) { // NaN, +Inf
			continue
		}
		x := toXfloat(w)
		require.Equal(t, 0, toBig(x).Cmp(new(big.Float).SetFloat64(w)), "%g", w)
		if w > 0 {
			require.Equal(t, x, normXfloat(x.m, x.k), "%g: normalized", w)
			require.True(t, x.m >= 0x1p-256 && x.m < 0x1p256, "%g", w)
		}
	}
	// The block boundaries themselves, which random bits never hit: 2^±256
	// and 2^±768 open a block (mantissa 2⁻²⁵⁶), the float below closes one.
	for _, b := range []float64{0x1p-768, 0x1p-256, 0x1p256, 0x1p768} {
		for _, w := range []float64{math.Nextafter(b, 0), b, math.Nextafter(b, math.Inf(1))} {
			x := toXfloat(w)
			require.Equal(t, 0, toBig(x).Cmp(new(big.Float).SetFloat64(w)), "%g", w)
			require.True(t, x.m >= 0x1p-256 && x.m < 0x1p256, "%g: mantissa %g out of its range", w, x.m)
		}
		assert.Equal(t, 0x1p-256, toXfloat(b).m, "%g", b)
	}
	// A sum that reaches 2²⁵⁶ exactly opens the next block; less is strict.
	assert.Equal(t, xfloat{0x1p-256, 1}, toXfloat(0x1p255).add(toXfloat(0x1p255)))
	assert.Equal(t, xfloat{0x1p-256, 0}, toXfloat(0x1p-257).add(toXfloat(0x1p-257)))
	for _, w := range []float64{sub, 0x1p-768, 1, 0x1p256, math.MaxFloat64} {
		assert.False(t, toXfloat(w).less(toXfloat(w)), "%g < %g", w, w)
	}
	assert.Equal(t, xzero, xzero.add(xzero))
	one := toXfloat(1)
	assert.Equal(t, one, one.add(xzero))
	assert.Equal(t, one, xzero.add(one))
	assert.True(t, xzero.less(toXfloat(sub)))
	assert.False(t, toXfloat(sub).less(xzero))
	assert.Equal(t, xfloat{0x1p-50, -2}, toXfloat(sub))
	twice := new(big.Float).SetPrec(0).Add(big.NewFloat(1e308), big.NewFloat(1e308))
	assert.Equal(t, round(twice), toXfloat(1e308).add(toXfloat(1e308)), "2e308, past float64")
	assert.Equal(t, 2, toXfloat(1e308).add(toXfloat(1e308)).k)
}
