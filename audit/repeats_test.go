package audit

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKeySet: the set answers as a map does over 5,000 keys drawn from
// 3,000 (so about a third are offered again), the key {0, 0}, which
// marks an empty slot, and keys equal in one half only; it grows from
// 1,024 slots by doubling and is never more than half full, nor grows
// before it must.
func TestKeySet(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 7))
	pool := make([][2]uint64, 3000)
	for i := range pool {
		pool[i] = [2]uint64{r.Uint64(), r.Uint64()}
	}
	pool[1] = [2]uint64{}              // the empty mark, held apart
	pool[2] = [2]uint64{pool[3][0], 0} // a half of another key
	pool[4] = [2]uint64{0, pool[3][1]} // the other half
	pool[5] = [2]uint64{pool[3][0], 1} // one bit from pool[2]
	var s keySet
	want := map[[2]uint64]bool{}
	assert.False(t, s.has(pool[0]), "an empty set has no key")
	assert.False(t, s.has([2]uint64{}), "an empty set has no zero key")
	for i := range 5000 {
		k := pool[r.IntN(len(pool))]
		if i < len(pool) {
			k = pool[i] // every key once, then again at random
		}
		require.Equal(t, want[k], s.has(k), "has, key %d", i)
		require.Equal(t, !want[k], s.insert(k), "insert, key %d", i)
		want[k] = true
		require.True(t, s.has(k), "has after insert, key %d", i)
		require.LessOrEqual(t, 2*s.n, len(s.slots), "half full at most, key %d", i)
	}
	// 2,999 keys apart from the zero one: 2·3000 > 4096 slots, so 8192.
	assert.Equal(t, len(pool)-1, s.n)
	assert.Equal(t, 8192, len(s.slots))
	assert.True(t, s.zero)
	held := 0
	for _, k := range s.slots {
		if k != [2]uint64{} {
			held++
		}
	}
	assert.Equal(t, s.n, held, "slots in use")
	assert.False(t, s.has([2]uint64{pool[3][0], 2}))
	// A power of two of keys fills its table exactly half: the repeats
	// test's keep = 2¹⁹ lines take 2²⁰ slots, 16 MiB, and no more.
	var half keySet
	for i := range 4096 {
		half.insert([2]uint64{uint64(i) + 1, 3})
	}
	assert.Equal(t, 8192, len(half.slots), "slots for 4096 keys")
}

// TestRepeatTally: the counts, exactly, for a stream with known repeats:
// among the first keep lines a line again counts once for each time it
// comes again; after them, a line counts if it is one of the first keep
// lines, every time, and not if it is new (it is not held). Here keep is
// 4 lines.
func TestRepeatTally(t *testing.T) {
	defer func(k int64) { keep = k }(keep)
	keep = 4
	k := func(i uint64) [2]uint64 { return [2]uint64{i, i * 7} }
	var r repeatTally
	for _, c := range []struct {
		key          [2]uint64
		first, later int64
	}{
		{k(1), 0, 0}, {k(2), 0, 0}, {k(1), 1, 0}, {k(1), 2, 0}, // the 4 held
		{k(3), 2, 0}, {k(3), 2, 0}, // new after keep: never held, never counted
		{k(2), 2, 1}, {k(1), 2, 2}, {[2]uint64{}, 2, 2},
	} {
		r.add(c.key)
		assert.Equal(t, c.first, r.first, "first after %d lines", r.decks)
		assert.Equal(t, c.later, r.later, "later after %d lines", r.decks)
	}
	assert.Equal(t, int64(9), r.decks)
	assert.Equal(t, int64(4), r.repeats())
}

// TestRepeatsHeld: with the keys it holds by default, the repeats test of
// an audit fails a dealer of only 12 orders of 6 cards (its 2,000 decks
// repeat 1,988 times, against 1,325 ± 6 of a fair dealer's 720 orders:
// p below 1e-10), and passes a fair one (seeded; a false failure at
// p < 1e-3 once in a thousand seeds).
func TestRepeatsHeld(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 12))
	orders := make([][]int, 12)
	for i := range orders {
		orders[i] = r.Perm(6)
	}
	for _, few := range []bool{true, false} {
		a := New(6, Options{})
		for range 2000 {
			deck := r.Perm(6)
			if few {
				deck = orders[r.IntN(len(orders))]
			}
			require.NoError(t, a.Add(deck))
		}
		got, ok := a.Report().Test("repeats")
		require.True(t, ok)
		if few {
			assert.Less(t, got.P, 1e-10, "12 orders: %+v", got)
		} else {
			assert.Greater(t, got.P, 1e-3, "fair: %+v", got)
		}
	}
}

// TestRepeatsLaw: past the lines held, law's mean and variance are exact:
// against every sequence of 6 lines from 4 equally likely ones (4⁶),
// counted as repeatTally counts them with keep 2, to 1e-12 (and the
// birthday law, at keep 6); and for 52 cards, where the count is
// Poisson, the mean is the held lines' pairs and the later lines' chances
// of meeting one of them, 6/52! + 5·(4 − 6/52!)/52!, with no variance.
func TestRepeatsLaw(t *testing.T) {
	defer func(k int64) { keep = k }(keep)
	const m, d, all = 4, 6, 4096
	for _, held := range []int64{2, d} {
		keep = held
		var sum, sum2 float64
		seq := make([]int, d)
		var tally repeatTally
		for code := range all {
			for i, c := 0, code; i < d; i, c = i+1, c/m {
				seq[i] = c % m
			}
			tally = repeatTally{}
			for _, x := range seq {
				tally.add([2]uint64{uint64(x) + 1, 0})
			}
			x := float64(tally.repeats())
			sum += x
			sum2 += x * x
		}
		mean := sum / all
		variance := sum2/all - mean*mean
		gotMean, gotVar := tally.law(math.Log(m))
		assert.InDelta(t, mean, gotMean, 1e-12, "keep %d: mean", held)
		assert.InDelta(t, variance, gotVar, 1e-12, "keep %d: variance", held)
	}
	keep = 4
	var tally repeatTally
	for i := range 9 {
		tally.add([2]uint64{uint64(i) + 1, 1})
	}
	lg, _ := math.Lgamma(53)
	mean, variance := tally.law(lg)
	M := math.Exp(lg)
	assert.InEpsilon(t, 6/M+5*(4-6/M)/M, mean, 1e-12)
	assert.True(t, math.IsNaN(variance), "variance %g, want NaN", variance)
}
