package shuffle

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// tupleIndex numbers the ordered k-tuples of distinct items of [0, n).
func tupleIndex(t []int, n int) int {
	idx := 0
	for _, v := range t {
		idx = idx*n + v
	}
	return idx
}

// tupleProbs gives every ordered k-tuple of distinct items of [0, n)
// probability (n−k)!/n!, and every other index 0.
func tupleProbs(n, k int) []float64 {
	size := 1
	for range k {
		size *= n
	}
	probs := make([]float64, size)
	p := float64(factorial(n-k)) / float64(factorial(n))
	for idx := range probs {
		seen, x := map[int]bool{}, idx
		for range k {
			seen[x%n] = true
			x /= n
		}
		if len(seen) == k {
			probs[idx] = p
		}
	}
	return probs
}

// tupleTest runs draw trials times and returns the p-value of the ordered
// k-tuples it returns against the uniform distribution on them.
func tupleTest(n, k, trials int, seed uint64, draw func(r *rand.PCG) []int) float64 {
	return tupleTestProbs(tupleProbs(n, k), n, trials, seed, draw)
}

// tupleTestProbs is tupleTest against the given probabilities of the tuples.
func tupleTestProbs(probs []float64, n, trials int, seed uint64, draw func(r *rand.PCG) []int) float64 {
	src := rand.NewPCG(seed, 99)
	obs := make([]float64, len(probs))
	for range trials {
		obs[tupleIndex(draw(src), n)]++
	}
	_, p := chiSquare(obs, probs)
	return p
}

func TestPartial(t *testing.T) {
	for _, nk := range [][2]int{{5, 2}, {4, 3}, {4, 4}, {6, 1}} {
		n, k := nk[0], nk[1]
		p := tupleTest(n, k, 30_000, seedOf("Partial", n*10+k), func(src *rand.PCG) []int {
			s := ordered(n)
			Partial(src, s, k)
			return s[:k]
		})
		assert.GreaterOrEqual(t, p, alpha, "Partial n=%d k=%d", n, k)
	}
	// Negative control: position i takes any item of [0, n), not of [i, n).
	p := tupleTest(5, 3, 30_000, seedOf("Partial-naive", 53), func(src *rand.PCG) []int {
		s := ordered(5)
		r := newRNG(src)
		for i := range 3 {
			j := r.intn(5)
			s[i], s[j] = s[j], s[i]
		}
		return s[:3]
	})
	assert.Less(t, p, alpha, "the check failed to reject a naive partial shuffle")

	s := ordered(10)
	Partial(noSource{t}, s[:1], 1)
	Partial(noSource{t}, s, 0)
	assert.Equal(t, ordered(10), s)
	Partial(nil, s, 10)
	assert.ElementsMatch(t, ordered(10), s)
	assert.PanicsWithValue(t, "shuffle: Partial: k > len(s)", func() { Partial(nil, s, 11) })
	assert.PanicsWithValue(t, "shuffle: Partial: negative k", func() { Partial(nil, s, -1) })
}

func TestSample(t *testing.T) {
	for _, nk := range [][2]int{{6, 2}, {5, 3}, {4, 4}} {
		n, k := nk[0], nk[1]
		p := tupleTest(n, k, 30_000, seedOf("Sample", n*10+k), func(src *rand.PCG) []int { return Sample(src, n, k) })
		assert.GreaterOrEqual(t, p, alpha, "Sample n=%d k=%d", n, k)
	}
	// The map path, for k > 64, gives the same as the list path would.
	for _, k := range []int{64, 65, 200} {
		got := Sample(rand.NewPCG(5, 5), 1000, k)
		assert.Len(t, got, k)
		seen := map[int]bool{}
		for _, v := range got {
			assert.True(t, v >= 0 && v < 1000)
			seen[v] = true
		}
		assert.Len(t, seen, k, "distinct")
	}
	huge := Sample(nil, int(min(1_000_000_000_000, math.MaxInt)), 10) // 2³¹−1 on 32-bit platforms
	slices.Sort(huge)
	assert.Len(t, slices.Compact(huge), 10)
	assert.Empty(t, Sample(noSource{t}, 5, 0))
	assert.PanicsWithValue(t, "shuffle: Sample: k > n", func() { Sample(nil, 3, 4) })
	assert.PanicsWithValue(t, "shuffle: Sample: negative n", func() { Sample(nil, -1, 0) })
}

func TestReservoir(t *testing.T) {
	// Every ordered 2-tuple and 3-tuple of a stream of 6, and all of a
	// stream shorter than k.
	for _, k := range []int{2, 3} {
		p := tupleTest(6, k, 30_000, seedOf("Reservoir", k), func(src *rand.PCG) []int {
			return Reservoir(src, slices.Values(ordered(6)), k)
		})
		assert.GreaterOrEqual(t, p, alpha, "Reservoir k=%d", k)
	}
	p := tupleTest(3, 3, 30_000, seedOf("Reservoir-short", 3), func(src *rand.PCG) []int {
		return Reservoir(src, slices.Values(ordered(3)), 5)
	})
	assert.GreaterOrEqual(t, p, alpha, "a stream shorter than k comes out shuffled")

	// A long stream: the subsets of 2 of 40 items, by the pair's smaller
	// member, against the exact probabilities (39−m)/C(40,2).
	obs := make([]float64, 40)
	probs := make([]float64, 40)
	for m := range probs {
		probs[m] = float64(39-m) / 780
	}
	src := rand.NewPCG(7, 7)
	for range 40_000 {
		got := Reservoir(src, slices.Values(ordered(40)), 2)
		obs[min(got[0], got[1])]++
	}
	assert.GreaterOrEqual(t, pValue(obs, probs), alpha, "Reservoir over a stream of 40")

	// Negative control: the classic bug, replacing with probability 1/i
	// instead of k/i, skews the same check.
	clear(obs)
	for range 40_000 {
		r := newRNG(src)
		res := []int{0, 1}
		for i := 2; i < 40; i++ {
			if r.intn(i+1) == 0 {
				res[r.intn(2)] = i
			}
		}
		obs[min(res[0], res[1])]++
	}
	assert.Less(t, pValue(obs, probs), alpha, "the check failed to reject a biased reservoir")

	assert.Empty(t, Reservoir(noSource{t}, slices.Values(ordered(5)), 0))
	assert.Empty(t, Reservoir(nil, slices.Values([]int(nil)), 3))
	assert.PanicsWithValue(t, "shuffle: Reservoir: negative k", func() { Reservoir(nil, slices.Values(ordered(3)), -1) })
}

// sampleModel is Sample's forward loop on the virtual array, written on a
// plain slice, with the classic bug planted: position i takes any position
// of [0, n), not of [i, n).
func sampleModel(src rand.Source, n, k int) []int {
	r := newRNG(src)
	v := ordered(n)
	for i := range k {
		j := r.intn(n)
		v[i], v[j] = v[j], v[i]
	}
	return v[:k]
}

// TestSampleControl is TestSample's negative control: the same tuple check,
// at the same sizes and numbers of draws, must reject the planted bug.
func TestSampleControl(t *testing.T) {
	for _, nk := range [][2]int{{6, 2}, {5, 3}, {4, 4}} {
		n, k := nk[0], nk[1]
		p := tupleTest(n, k, 30_000, seedOf("Sample", n*10+k), func(src *rand.PCG) []int { return sampleModel(src, n, k) })
		t.Logf("n=%d k=%d: p=%.3g", n, k, p)
		assert.Less(t, p, alpha, "the check failed to reject a naive sample, n=%d k=%d", n, k)
	}
}

// reservoirModel is Reservoir's Algorithm L with one of two bugs planted:
// staleW leaves W as it was after a replacement, so that the gaps stay short
// and late items enter too often; unshuffled leaves out the final shuffle.
func reservoirModel(src rand.Source, items []int, k int, staleW, unshuffled bool) []int {
	r := newRNG(src)
	res := make([]int, 0, k)
	w, skip := 0.0, 0
	for _, v := range items {
		switch {
		case len(res) < k:
			res = append(res, v)
			if len(res) == k {
				w = math.Exp(math.Log(r.float()) / float64(k))
				skip = gap(&r, w)
			}
		case skip > 0:
			skip--
		default:
			res[r.intn(k)] = v
			if !staleW {
				w *= math.Exp(math.Log(r.float()) / float64(k))
			}
			skip = gap(&r, w)
		}
	}
	if !unshuffled {
		backward(&r, res, true)
	}
	return res
}

// TestReservoirControl is the negative control of TestReservoir's tuple
// checks: the same checks, at the same sizes and numbers of draws, must
// accept the plain model of Algorithm L and reject each planted bug.
func TestReservoirControl(t *testing.T) {
	for _, c := range []struct {
		name               string
		staleW, unshuffled bool
	}{{"model", false, false}, {"model/stale-W", true, false}, {"model/unshuffled", false, true}} {
		uniform := !c.staleW && !c.unshuffled
		for _, k := range []int{2, 3} {
			p := tupleTest(6, k, 30_000, seedOf("Reservoir", k), func(src *rand.PCG) []int {
				return reservoirModel(src, ordered(6), k, c.staleW, c.unshuffled)
			})
			t.Logf("%-17s 6 items, k=%d: p=%.3g", c.name, k, p)
			if uniform {
				assert.GreaterOrEqual(t, p, alpha, "%s k=%d: the model was rejected", c.name, k)
			} else {
				assert.Less(t, p, alpha, "%s k=%d: the check missed the planted bug", c.name, k)
			}
		}
		p := tupleTest(3, 3, 30_000, seedOf("Reservoir-short", 3), func(src *rand.PCG) []int {
			return reservoirModel(src, ordered(3), 5, c.staleW, c.unshuffled)
		})
		t.Logf("%-17s 3 items, k=5: p=%.3g", c.name, p)
		switch {
		case uniform || c.staleW: // a stream shorter than k never replaces: nothing is planted
			assert.GreaterOrEqual(t, p, alpha, "%s, short stream: rejected", c.name)
		default:
			assert.Less(t, p, alpha, "%s, short stream: the check missed the planted bug", c.name)
		}
	}
}

// TestReservoirDraws pins Algorithm L's economy: on a stream of 10^6 items,
// k = 10 costs O(k·(1 + log(N/k))) words, about 3·10·(1 + ln 10^5) ≈ 375
// plus the final shuffle, where a draw per item would cost 10^6.
func TestReservoirDraws(t *testing.T) {
	stream := func(yield func(int) bool) {
		for i := range 1_000_000 {
			if !yield(i) {
				return
			}
		}
	}
	src := &countSource{pcg: *rand.NewPCG(8, 8)}
	got := Reservoir(src, stream, 10)
	assert.Len(t, got, 10)
	t.Logf("%d words for 10 of 10^6", src.words)
	assert.Less(t, src.words, 1000)
}

// TestFloatOpen checks that the samplers' uniform float stays inside (0, 1)
// at both ends of the word range: the top word once rounded to exactly 1,
// which made Reservoir's log 0.
func TestFloatOpen(t *testing.T) {
	for _, w := range []uint64{0, 1 << 11, 1<<63 - 1, 1 << 63, 1<<64 - 1<<11, 1<<64 - 1} {
		r := newRNG(constSource(w))
		f := r.float()
		assert.True(t, f > 0 && f < 1, "word %#x gives %v", w, f)
		assert.False(t, math.IsInf(math.Log(f), 0), "word %#x", w)
	}
	r := newRNG(constSource(1<<64 - 1))
	assert.Equal(t, math.Nextafter(1, 0), r.float(), "the top word gives the largest float below 1")
}

// TestSampleZero: n = 0 is a valid population (only k = 0 fits it), not a
// negative one, and nothing is drawn.
func TestSampleZero(t *testing.T) {
	assert.Equal(t, []int{}, Sample(noSource{t}, 0, 0))
	assert.Equal(t, []int{}, Sample(noSource{t}, 5, 0))
}
