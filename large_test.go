package shuffle

import (
	"encoding/binary"
	"hash/fnv"
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

// hashLarge is FNV-1a over the items of s as little-endian 64-bit words:
// cheap enough for millions of items.
func hashLarge(s []int) uint64 {
	h := fnv.New64a()
	b := make([]byte, 0, 8*len(s))
	for _, v := range s {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	h.Write(b)
	return h.Sum64()
}

// TestLargePCGStream pins the cache-aware path's stream for a *rand.PCG
// source, forced on small arrays and at the real threshold. The checksums
// were taken before the path learnt to derive ChaCha8 generators from other
// sources: for a PCG it must keep deriving PCGs, word for word.
func TestLargePCGStream(t *testing.T) {
	check := func(n int, want uint64) {
		t.Helper()
		s := ordered(n)
		Slice(NewFisherYates(rand.NewPCG(uint64(n), 1)), s)
		assert.Equal(t, want, hashLarge(s), "n=%d", n)
		p := ordered(n)
		Parallel(rand.NewPCG(uint64(n), 1), p, 3)
		assert.Equal(t, s, p, "n=%d: Parallel", n)
	}
	t.Run("forced", func(t *testing.T) {
		forceLarge(t, largeParams{threshold: 100, bucket: 16, chunk: 64})
		check(1000, 0x1ba5a488fa9caf11)
		check(4096*16+1, 0xbdc4c02e91f341f4)
	})
	t.Run("real", func(t *testing.T) {
		if testing.Short() {
			t.Skip("8.4 million items; run without -short")
		}
		check(large.threshold, 0x69fc5f79b7ff6e7d)
	})
}
