package shuffle

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The χ² checks of this file run at fixed seeds at level alpha (1e-4) each:
// 3 for Perm, 3 for Choose, 3 for SampleOf must pass, so a random choice of
// the seeds would turn one red with probability at most 9·1e-4 = 0.09%.
// Each has a negative control, a planted bug the same check must reject.

// TestPermGolden pins Perm's stream: it is fisher-yates's, so the golden
// order of fisher-yates is Perm's, and Perm equals Slice(NewFisherYates)
// at every size, the block boundaries of the batched indices included.
func TestPermGolden(t *testing.T) {
	assert.Equal(t, []int{5, 0, 9, 2, 4, 3, 8, 1, 6, 7}, Perm(rand.NewPCG(1, 2), 10))
	assert.Equal(t, golden["fisher-yates"].ten, Perm(rand.NewPCG(1, 2), 10))
	assert.Equal(t, golden["fisher-yates"].hash, hashInts(Perm(rand.NewPCG(1, 2), 1000)))
	for _, n := range []int{2, 3, 52, 63, 64, 65, 66, 70, 129, 5000} {
		want := ordered(n)
		Slice(NewFisherYates(rand.NewPCG(7, uint64(n))), want)
		assert.Equal(t, want, Perm(rand.NewPCG(7, uint64(n)), n), "n=%d", n)
	}
	assert.Equal(t, []int{}, Perm(noSource{t}, 0))
	assert.Equal(t, []int{0}, Perm(noSource{t}, 1))
	assert.Len(t, Perm(nil, 100), 100)
	assert.PanicsWithValue(t, "shuffle: Perm: negative n", func() { Perm(nil, -1) })
}

// TestPerm counts the orders Perm returns for n = 3, 4, 5 against equal
// probabilities. The control is the naive shuffle (each position swapped
// with any position) of 0..n−1, which the same check must reject.
func TestPerm(t *testing.T) {
	perm := func(src rand.Source, p []int) { copy(p, Perm(src, len(p))) }
	for _, n := range []int{3, 4, 5} {
		trials := 2_000 * factorial(n)
		_, p := orderTest(perm, n, trials, seedOf("Perm", n))
		t.Logf("Perm n=%d: p=%.3g", n, p)
		assert.GreaterOrEqual(t, p, alpha, "Perm n=%d", n)

		naive := func(src rand.Source, p []int) {
			r := newRNG(src)
			for i := range p {
				j := r.intn(len(p))
				p[i], p[j] = p[j], p[i]
			}
		}
		_, p = orderTest(naive, n, trials, seedOf("Perm", n))
		t.Logf("control n=%d: p=%.3g", n, p)
		assert.Less(t, p, alpha, "the check failed to reject the naive shuffle, n=%d", n)
	}
}

// countElements draws trials times from s and counts each element.
func countElements(n, trials int, seed uint64, choose func(src rand.Source, s []int) int) []float64 {
	src := rand.NewPCG(seed, 5)
	s := ordered(n)
	obs := make([]float64, n)
	for range trials {
		obs[choose(src, s)]++
	}
	return obs
}

// TestChoose counts Choose's picks among n = 3, 5, 8 elements against 1/n
// each. The controls, which the same check must reject: at n = 3 and 5, a
// float scaled with too few bits (⌊k·n/32⌋ for k the top 5 bits of a word,
// off by 1/32 at most); at n = 8, where bits divide evenly, a modulus
// (an index of [0, 9) taken mod 8).
func TestChoose(t *testing.T) {
	const trials = 60_000
	for _, n := range []int{3, 5, 8} {
		seed := seedOf("Choose", n)
		p := pValue(countElements(n, trials, seed, Choose[[]int]), uniformProbs(n))
		t.Logf("Choose n=%d: p=%.3g", n, p)
		assert.GreaterOrEqual(t, p, alpha, "Choose n=%d", n)

		control := func(src rand.Source, s []int) int {
			if n == 8 {
				r := newRNG(src)
				return s[r.intn(9)%8]
			}
			return s[int(src.Uint64()>>59)*len(s)/32]
		}
		p = pValue(countElements(n, trials, seed, control), uniformProbs(n))
		t.Logf("control n=%d: p=%.3g", n, p)
		assert.Less(t, p, alpha, "the check failed to reject a biased choice, n=%d", n)
	}
}

func uniformProbs(n int) []float64 {
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	return p
}

// TestChooseDraws checks that Choose draws exactly as (*rand.Rand).IntN
// does, and nothing for one element.
func TestChooseDraws(t *testing.T) {
	for _, n := range []int{2, 3, 7, 8, 52, 1000, 1 << 20, 1_000_003} {
		a, b := rand.NewPCG(3, uint64(n)), rand.New(rand.NewPCG(3, uint64(n)))
		s := ordered(n)
		for range 50 {
			require.Equal(t, b.IntN(n), Choose(a, s), "n=%d", n)
		}
	}
	assert.Equal(t, "x", Choose(noSource{t}, []string{"x"}), "one element: no draw")
	assert.PanicsWithValue(t, "shuffle: Choose: empty s", func() { Choose(nil, []int{}) })
	assert.PanicsWithValue(t, "shuffle: Choose: empty s", func() { Choose[[]int](nil, nil) })
	assert.Contains(t, []int{4, 5, 6}, Choose(nil, []int{4, 5, 6}))
	src, s := rand.NewPCG(1, 1), []int{1, 2, 3}
	assert.Zero(t, testing.AllocsPerRun(100, func() { Choose(src, s) }))
}

// TestSampleOf counts the ordered k-tuples SampleOf returns against equal
// probabilities; the control is the same check on the planted bug of
// sampleModel (position i takes any position of [0, n)), applied to s.
func TestSampleOf(t *testing.T) {
	for _, nk := range [][2]int{{6, 2}, {5, 3}, {4, 4}} {
		n, k := nk[0], nk[1]
		seed := seedOf("SampleOf", n*10+k)
		p := tupleTest(n, k, 30_000, seed, func(src *rand.PCG) []int { return SampleOf(src, ordered(n), k) })
		t.Logf("SampleOf n=%d k=%d: p=%.3g", n, k, p)
		assert.GreaterOrEqual(t, p, alpha, "SampleOf n=%d k=%d", n, k)

		p = tupleTest(n, k, 30_000, seed, func(src *rand.PCG) []int {
			s, out := ordered(n), make([]int, k)
			for i, j := range sampleModel(src, n, k) {
				out[i] = s[j]
			}
			return out
		})
		t.Logf("control n=%d k=%d: p=%.3g", n, k, p)
		assert.Less(t, p, alpha, "the check failed to reject a naive sample, n=%d k=%d", n, k)
	}
}

// TestSampleOfContract: s untouched, Sample's stream, the draws, the panics,
// and O(k) memory: 10 of 10⁶ allocates a few hundred bytes, not a copy.
func TestSampleOfContract(t *testing.T) {
	s := []string{"a", "b", "c", "d", "e", "f", "g"}
	before := slices.Clone(s)
	for k := 0; k <= len(s); k++ {
		got := SampleOf(rand.NewPCG(4, uint64(k)), s, k)
		idx := Sample(rand.NewPCG(4, uint64(k)), len(s), k)
		want := make([]string, k)
		for i, j := range idx {
			want[i] = s[j]
		}
		assert.Equal(t, want, got, "k=%d: Sample's indices", k)
		assert.Equal(t, before, s, "s untouched")
	}
	// k > 64 switches Sample to a map: the same stream still.
	big := ordered(1000)
	assert.Equal(t, Sample(rand.NewPCG(5, 5), 1000, 300), SampleOf(rand.NewPCG(5, 5), big, 300))
	assert.Equal(t, ordered(1000), big)

	assert.Equal(t, []int{9}, SampleOf(noSource{t}, []int{9}, 1), "one element: no draw")
	assert.Equal(t, []int{}, SampleOf(noSource{t}, []int{1, 2}, 0), "k = 0: no draw")
	assert.Equal(t, []int{}, SampleOf(noSource{t}, []int(nil), 0))
	words := &countSource{pcg: *rand.NewPCG(1, 1)}
	SampleOf(words, ordered(10), 10)
	assert.Equal(t, 9, words.words, "k = n draws n−1 words (no rejection at these bounds)")
	assert.Len(t, SampleOf(nil, s, 3), 3)
	assert.PanicsWithValue(t, "shuffle: SampleOf: negative k", func() { SampleOf(nil, s, -1) })
	assert.PanicsWithValue(t, "shuffle: SampleOf: k > len(s)", func() { SampleOf(nil, s, 8) })

	million := ordered(1_000_000)
	src := rand.NewPCG(6, 6)
	allocs := testing.AllocsPerRun(100, func() { SampleOf(src, million, 10) })
	bytes := float64(allocatedBytes(t, "sampleof-million")["SampleOf 10 of 1e6"]) // in a fresh process
	t.Logf("SampleOf 10 of 10⁶: %.0f allocations, %.0f bytes per call", allocs, bytes)
	assert.LessOrEqual(t, allocs, 3.0)
	assert.Less(t, bytes, 1024.0, "memory must be O(k), not O(n)")
}
