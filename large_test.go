package shuffle

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// forceLarge lowers the cache-aware path's sizes for one test, so that it
// runs on arrays small enough to check every order.
func forceLarge(t *testing.T, p largeParams) {
	old := large
	large = p
	t.Cleanup(func() { large = old })
}

// parallelFunc shuffles through Parallel with the given number of workers.
func parallelFunc(workers int) shuffleFunc {
	return func(src rand.Source, p []int) { Parallel(src, p, workers) }
}

// TestFairnessLarge runs the order and position checks of fairness_test.go
// on the cache-aware and parallel paths, forced on at small n: two to four
// buckets and chunks of three for n = 3..5, eight buckets and chunks of 16
// for n = 52.
func TestFairnessLarge(t *testing.T) {
	cases := []fairnessCase{
		{"large/Slice", viaSlice(NewFisherYates), true},
		{"large/Shuffle", viaSwap(NewFisherYates), true},
		{"large/Parallel(1)", parallelFunc(1), true},
		{"large/Parallel(3)", parallelFunc(3), true},
	}
	forceLarge(t, largeParams{threshold: 2, bucket: 2, chunk: 3})
	for _, c := range cases {
		for n := 3; n <= 5; n++ {
			chi2, p := orderTest(c.f, n, 30_000, seedOf(c.name, n))
			t.Logf("%-18s n=%d  χ²=%7.1f  df=%3d  p=%.3g", c.name, n, chi2, factorial(n)-1, p)
			assert.GreaterOrEqual(t, p, alpha, "%s n=%d", c.name, n)
		}
	}
	large = largeParams{threshold: 2, bucket: 8, chunk: 16}
	for _, c := range cases {
		chi2, p, dev := positionTest(c.f, 52, 20_000, seedOf(c.name, 52))
		t.Logf("%-18s n=52 χ²=%7.1f  p=%.3g  max |P−1/n|=%.4f", c.name, chi2, p, dev)
		assert.GreaterOrEqual(t, p, alpha, c.name)
	}
}

// scatterModel is the scatter of large.go written plainly on one generator,
// so that a bias can be planted in it: every item gets a uniform label among
// buckets, the items are grouped by label in their original order, and each
// bucket is shuffled. With copyLane the labels come four to a word and the
// fourth lane repeats the first (items 4m and 4m+3 always share a bucket);
// with skipLast the bucket shuffle stops one swap early, an off-by-one in
// its loop bound. Labels that are independent but not uniform would do no
// harm (the argument in large.go goes through with Π q_b^(n_b) in place of
// k^−n), so the planted label bias is a dependence.
func scatterModel(src rand.Source, p []int, buckets int, copyLane, skipLast bool) {
	r := rand.New(src)
	labels := make([]int, len(p))
	for i := range labels {
		labels[i] = r.IntN(buckets)
		if copyLane && i%4 == 3 {
			labels[i] = labels[i-3]
		}
	}
	out := make([]int, 0, len(p))
	for b := range buckets {
		lo := len(out)
		for i, l := range labels {
			if l == b {
				out = append(out, p[i])
			}
		}
		last := 0
		if skipLast {
			last = 1
		}
		for i := len(out) - 1; i > max(lo, lo+last); i-- {
			j := lo + r.IntN(i-lo+1)
			out[i], out[j] = out[j], out[i]
		}
	}
	copy(p, out)
}

// TestFairnessScatterControls is TestFairnessLarge's negative control: its
// order and position checks, with the same numbers of shuffles and of
// buckets as the forced path has (two for n = 3, 4, four for n = 5, eight
// for n = 52), must accept the plain model of the scatter and reject it with
// a biased bucket shuffle or with dependent labels. (Its name keeps it out
// of CI's -race run, which picks the large-path tests by "Large": it runs
// no goroutines.)
func TestFairnessScatterControls(t *testing.T) {
	buckets := func(n, target int) int { return 1 << max(bits.Len(uint((n-1)/target)), 1) }
	cases := []struct {
		name               string
		copyLane, skipLast bool
	}{{"model", false, false}, {"model/skip-last-swap", false, true}, {"model/copied-lane", true, false}}
	for _, c := range cases {
		uniform := !c.copyLane && !c.skipLast
		for n := 3; n <= 5; n++ {
			f := func(src rand.Source, p []int) { scatterModel(src, p, buckets(n, 2), c.copyLane, c.skipLast) }
			chi2, p := orderTest(f, n, 30_000, seedOf(c.name, n))
			t.Logf("%-22s n=%d  χ²=%8.1f  df=%3d  p=%.3g", c.name, n, chi2, factorial(n)-1, p)
			switch {
			case uniform:
				assert.GreaterOrEqual(t, p, alpha, "%s n=%d: the model of the scatter was rejected", c.name, n)
			case c.copyLane && n == 3:
				// Three items have no fourth lane: nothing is planted.
			default:
				assert.Less(t, p, alpha, "%s n=%d: the check missed the planted bias", c.name, n)
			}
		}
		f := func(src rand.Source, p []int) { scatterModel(src, p, buckets(52, 8), c.copyLane, c.skipLast) }
		chi2, p, _ := positionTest(f, 52, 20_000, seedOf(c.name, 52))
		t.Logf("%-22s n=52 χ²=%8.1f  p=%.3g", c.name, chi2, p)
		if uniform {
			assert.GreaterOrEqual(t, p, alpha, "%s n=52: the model of the scatter was rejected", c.name)
		} else {
			assert.Less(t, p, alpha, "%s n=52: the check missed the planted bias", c.name)
		}
	}
}

// TestLargeSizes checks the permutation property, and that Slice, Shuffle
// and Parallel with any number of workers give the very same order, around
// the bucket and chunk boundaries (forced small) and around the real
// threshold.
func TestLargeSizes(t *testing.T) {
	check := func(n int, seed uint64) {
		t.Helper()
		want := ordered(n)
		Slice(NewFisherYates(rand.NewPCG(seed, 1)), want)
		sorted := slices.Clone(want)
		slices.Sort(sorted)
		require.Equal(t, ordered(n), sorted, "n=%d: not a permutation", n)
		got := ordered(n)
		swapShuffle(NewFisherYates(rand.NewPCG(seed, 1)), got)
		require.Equal(t, want, got, "n=%d: Shuffle differs from Slice", n)
		for _, w := range []int{1, 2, 3} {
			got := ordered(n)
			Parallel(rand.NewPCG(seed, 1), got, w)
			require.Equal(t, want, got, "n=%d: Parallel with %d workers differs from Slice", n, w)
		}
	}
	t.Run("forced", func(t *testing.T) {
		forceLarge(t, largeParams{threshold: 100, bucket: 16, chunk: 64})
		for _, n := range []int{99, 100, 101, 127, 128, 129, 255, 256, 257, 1023, 1024, 1025, 4096*16 + 1} {
			check(n, uint64(n))
		}
	})
	t.Run("real", func(t *testing.T) {
		if testing.Short() {
			t.Skip("two million items; run without -short")
		}
		for _, n := range []int{large.threshold, large.threshold + 1} {
			check(n, uint64(n))
		}
	})
	t.Run("million", func(t *testing.T) {
		s := ordered(1_000_000)
		FisherYates(s)
		slices.Sort(s)
		require.Equal(t, ordered(1_000_000), s)
	})
}

// TestLargeSeeds checks that the cache-aware path takes from the source only
// the seeds of its generators: at 2^23 items, 128 chunks of 2^16 and 256
// buckets of 2^15, two words each.
func TestLargeSeeds(t *testing.T) {
	assert.PanicsWithValue(t, "shuffle: Parallel: negative workers", func() { Parallel(nil, []int{1, 2}, -1) })
	src := &countSource{pcg: *rand.NewPCG(1, 1)}
	s := ordered(large.threshold)
	Slice(NewFisherYates(src), s)
	assert.Equal(t, 2*(128+256), src.words)
}
