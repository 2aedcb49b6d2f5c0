package audit

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDistributions pins the exact null distributions at n = 4 (24
// permutations: 9 derangements, 6 with one fixed point, 6 with two, none
// with three, one with four; Stirling numbers 6, 11, 6, 1; Eulerian
// numbers 1, 11, 11, 1) and checks that every distribution sums to 1.
func TestDistributions(t *testing.T) {
	scale := func(p []float64) []float64 {
		s := make([]float64, len(p))
		for i, v := range p {
			s[i] = math.Round(v * 24)
		}
		return s
	}
	assert.Equal(t, []float64{9, 8, 6, 0, 1}, scale(fixedPointProbs(4)))
	assert.Equal(t, []float64{0, 6, 11, 6, 1}, scale(cycleProbs(4)))
	assert.Equal(t, []float64{0, 1, 11, 11, 1}, scale(risingProbs(4)))
	for _, n := range []int{3, 52, 300} {
		for _, p := range [][]float64{fixedPointProbs(n), cycleProbs(n), risingProbs(n)} {
			sum := 0.0
			for _, v := range p {
				sum += v
			}
			assert.InDelta(t, 1, sum, 1e-12, "n=%d", n)
		}
	}
}

// TestDistributionsAgree: the exact integers and the float recurrences used
// above exactLimit agree.
func TestDistributionsAgree(t *testing.T) {
	defer func(l int) { exactLimit = l }(exactLimit)
	for _, n := range []int{5, 60, 200} {
		exactLimit = n
		exact := [][]float64{fixedPointProbs(n), cycleProbs(n), risingProbs(n)}
		exactLimit = 0
		float := [][]float64{fixedPointProbs(n), cycleProbs(n), risingProbs(n)}
		for k := range exact {
			for i, e := range exact[k] {
				if e > 1e-250 { // not subnormal
					assert.InEpsilon(t, e, float[k][i], 1e-12, "n=%d dist %d class %d", n, k, i)
				}
			}
		}
	}
}

// TestPairPlanes: the bit-sliced pair counts equal the plain ones.
func TestPairPlanes(t *testing.T) {
	const n = 40
	r := rand.New(rand.NewPCG(1, 1))
	s := shape{n: n, k: 1, N: n, m: n}
	plain, sliced := newCounts[uint32](s, 0), newCounts[uint32](s, 0)
	planes := newPairPlanes(n)
	inv := make([]int32, n)
	visited := make([]bool, n)
	for range 3000 {
		deck := r.Perm(n)
		for j, c := range deck {
			inv[c] = int32(j)
		}
		plain.add(deck, inv, nil, visited, nil)
		sliced.add(deck, inv, nil, visited, planes)
	}
	flushPlanes(planes, sliced.before)
	assert.Equal(t, plain.before, sliced.before)
}

// TestAddErrors: a deck that is not a permutation is refused with a reason
// and not counted.
func TestAddErrors(t *testing.T) {
	a := New(4, Options{})
	require.NoError(t, a.Add([]int{3, 1, 0, 2}))
	for deck, want := range map[*[]int]string{
		{0, 1, 2}:       "3 cards, want 4",
		{0, 1, 2, 4}:    "card 4 (number 4 on the deck) is not in 0..3",
		{0, 1, -1, 2}:   "card -1 (number 3 on the deck) is not in 0..3",
		{2, 1, 2, 0}:    "card 2 appears twice (numbers 1 and 3 on the deck)",
		{0, 1, 2, 3, 4}: "5 cards, want 4",
	} {
		assert.EqualError(t, a.Add(*deck), want)
	}
	assert.EqualValues(t, 1, a.Decks())
	r := a.Report()
	assert.EqualValues(t, 1, r.Decks)
	assert.EqualValues(t, 1, r.Positions[3*4+0])
	assert.Panics(t, func() { New(2, Options{}) })
	assert.Panics(t, func() { New(5, Options{Alpha: 1}) })
	assert.Panics(t, func() { New(5, Options{Batch: -1}) })
}

// TestHolm: Holm's adjusted p-values on a known family.
func TestHolm(t *testing.T) {
	ts := []Test{{P: 0.01}, {P: 0.0001}, {P: 0.04}, {P: math.NaN(), Skipped: "x"}, {P: 0.0003}}
	holm(ts, 0.001)
	// Sorted: 0.0001·4, 0.0003·3, 0.01·2, 0.04·1.
	assert.InDelta(t, 0.0004, ts[1].Holm, 1e-15)
	assert.InDelta(t, 0.0009, ts[4].Holm, 1e-15)
	assert.InDelta(t, 0.02, ts[0].Holm, 1e-15)
	assert.InDelta(t, 0.04, ts[2].Holm, 1e-15)
	assert.Equal(t, []bool{true, false, true, false, false}, []bool{ts[0].Pass, ts[1].Pass, ts[2].Pass, ts[3].Pass, ts[4].Pass})
}

// TestBirthday: the repeats law against direct evaluation where that is
// accurate, and the 52-card case.
func TestBirthday(t *testing.T) {
	m, d := 720.0, 1000.0
	mean, v := birthday(d, math.Log(m))
	a, b := math.Pow(1-1/m, d), math.Pow(1-2/m, d)
	assert.InEpsilon(t, d-m*(1-a), mean, 1e-12)
	assert.InEpsilon(t, m*(m-1)*b+m*a-m*m*a*a, v, 1e-9)
	// 52 cards, a million decks: 6.2e−57 expected; one repeat fails.
	lg, _ := math.Lgamma(53)
	mean, v = birthday(1e6, lg)
	assert.InEpsilon(t, 1e6*(1e6-1)/2/math.Exp(lg), mean, 1e-12)
	assert.Equal(t, 1.0, repeatsP(0, mean, v))
	assert.Less(t, repeatsP(1, mean, v), 1e-50)
	// Small d/m takes the series: 10 decks of 10! orders.
	mean, _ = birthday(10, math.Log(3628800))
	assert.InEpsilon(t, 45/3628800.0, mean, 1e-5)
}

// TestKS: the Kolmogorov–Smirnov p-value against known points of
// Kolmogorov's law (P(K > 1.36) ≈ 0.049, P(K > 1.63) ≈ 0.010,
// P(K > 0.5) ≈ 0.964) and a
// sample far from uniform.
func TestKS(t *testing.T) {
	assert.InDelta(t, 0.0494, kolmogorovQ(1.36), 2e-4)
	assert.InDelta(t, 0.0098, kolmogorovQ(1.63), 2e-4)
	assert.InDelta(t, 0.9639, kolmogorovQ(0.5), 2e-4)
	ps := make([]float64, 50)
	for i := range ps {
		ps[i] = float64(i) / 500
	}
	_, p := ksUniform(ps)
	assert.Less(t, p, 1e-10)
}

// TestCalibration audits 300 fair streams of each small shape (a deck of
// 6, a shoe of 3 copies of 4 cards, 3 cards dealt from a deck of 6 and 5
// from that shoe) and checks that each test's p-values are uniform
// (Kolmogorov–Smirnov at 1e-4), so the null distributions and their
// approximations hold. cards and places are Bonferroni bounds,
// conservative by design, and repeats is a count with a few values where
// its mean is small (the shoe) or nearly fixed (3 cards of 6 have only 120
// orders): their p-values must only not be too small. With about 24
// checks at 1e-4 this fails for 1 seed in 400.
func TestCalibration(t *testing.T) {
	const decks, runs = 1500, 300
	for _, s := range []shape{{n: 6, k: 1, N: 6, m: 6}, {n: 4, k: 3, N: 12, m: 12}, {n: 6, k: 1, N: 6, m: 3}, {n: 4, k: 3, N: 12, m: 5}} {
		ps := map[string][]float64{}
		r := rand.New(rand.NewPCG(5, uint64(s.N*100+s.m)))
		deck := make([]int, s.N)
		for range runs {
			a := New(s.n, Options{Copies: s.k, Dealt: s.m})
			for range decks {
				for i := range deck {
					deck[i] = i % s.n
				}
				r.Shuffle(s.N, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
				if err := a.Add(deck[:s.m]); err != nil {
					t.Fatal(err) // not require: its t.Helper costs as much as the Add
				}
			}
			for _, x := range a.Report().Tests {
				if x.Ran() {
					ps[x.Name] = append(ps[x.Name], x.P)
				}
			}
		}
		uniform := []string{"positions", "spearman", "adjacency", "equal-adjacency", "pairs", "fixed-points", "cycles", "rising", "serial", "rounds"}
		conservative := []string{"cards", "places", "repeats"}
		if s.perm() {
			uniform, conservative = append(uniform, "repeats"), conservative[:2]
		}
		for _, name := range uniform {
			if len(ps[name]) == 0 {
				continue
			}
			require.Len(t, ps[name], runs, "%v %s", s, name)
			d, p := ksUniform(ps[name])
			t.Logf("n=%d k=%d m=%d %-15s KS D=%.3f p=%.3g", s.n, s.k, s.m, name, d, p)
			assert.Greater(t, p, 1e-4, "%v %s", s, name)
		}
		for _, name := range conservative {
			if name == "repeats" && s.k > 1 && s.m < s.N {
				continue // skipped: a partial shoe's lines are not equally likely
			}
			require.Len(t, ps[name], runs, "%v %s", s, name)
			low := 0
			for _, p := range ps[name] {
				if p < 0.05 {
					low++
				}
			}
			assert.LessOrEqual(t, low, 30, "%v %s", s, name) // at most 5% expected: 15 ± 3.8
		}
	}
}

// TestRepeatsBeyondKeep: past the keys it holds, the repeats count keeps
// its exact law. With keep lowered to 100 lines and 3,000 decks of 6
// cards (720 orders), 4,000 fair audits' repeats have the mean and
// variance law gives (mean within 4.5 standard errors, variance within
// 15%: false failure below 1e-4); a dealer of only 120 orders (the last
// card never moves) is far out.
func TestRepeatsBeyondKeep(t *testing.T) {
	defer func(k int64) { keep = k }(keep)
	keep = 100
	const n, decks, runs = 6, 3000, 4000
	r := rand.New(rand.NewPCG(9, 9))
	deck := make([]int, n)
	lg, _ := math.Lgamma(n + 1)
	var mean, variance, sum, sum2 float64
	for range runs {
		var tally repeatTally
		a := New(n, Options{})
		for range decks {
			for i := range deck {
				deck[i] = i
			}
			r.Shuffle(n, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
			tally.add(a.key(deck))
		}
		mean, variance = tally.law(lg)
		x := float64(tally.repeats())
		sum += x
		sum2 += x * x
	}
	m := sum / runs
	v := sum2/runs - m*m
	t.Logf("law: mean %.4f variance %.4f; seen: mean %.4f variance %.4f", mean, variance, m, v)
	assert.InDelta(t, mean, m, 4.5*math.Sqrt(variance/runs))
	assert.InEpsilon(t, variance, v, 0.15)
	// The control: card 5 stays last.
	a := New(n, Options{})
	for range decks {
		for i := range deck {
			deck[i] = i
		}
		r.Shuffle(n-1, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		if err := a.Add(deck); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := a.Report().Test("repeats")
	assert.Less(t, got.P, 1e-10)
}

// TestRisingCounted: a deck's rising sequences are counted as runs of
// cards whose places rise: 1 for the sorted deck, n for the reversed one,
// 2 for a riffle of two halves.
func TestRisingCounted(t *testing.T) {
	const n = 6
	s := shape{n: n, k: 1, N: n, m: n}
	inv := make([]int32, n)
	visited := make([]bool, n)
	for _, c := range []struct {
		deck []int
		want int
	}{{[]int{0, 1, 2, 3, 4, 5}, 1}, {[]int{5, 4, 3, 2, 1, 0}, n}, {[]int{0, 3, 1, 4, 2, 5}, 2}} {
		counts := newCounts[uint32](s, 0)
		for j, card := range c.deck {
			inv[card] = int32(j)
		}
		counts.add(c.deck, inv, nil, visited, nil)
		want := make([]uint32, n+1)
		want[c.want] = 1
		assert.Equal(t, want, counts.rising, "%v", c.deck)
	}
}

// TestPairPlanesPastFlush: with batches larger than the bit planes hold
// (2^planeBits − 1 decks), the planes are flushed when full, so 70,000
// sorted decks count 70,000 for every pair in order, not that number
// wrapped past 2^16.
func TestPairPlanesPastFlush(t *testing.T) {
	const n, decks = 4, 70_000
	a := New(n, Options{Batch: 100_000})
	require.NotNil(t, a.planes)
	deck := []int{0, 1, 2, 3}
	for range decks {
		if err := a.Add(deck); err != nil {
			t.Fatal(err)
		}
	}
	a.flush()
	before := a.levels[0].cur.before
	for x := range n {
		for y := range n {
			want := uint32(0)
			if x < y {
				want = decks
			}
			assert.Equal(t, want, before[x*n+y], "card %d before card %d", x, y)
		}
	}
}
