package shuffle

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPanicMessages checks that every programmer error of the samplers and
// of the exact distances panics with a message naming the function and the
// argument at fault.
func TestPanicMessages(t *testing.T) {
	s := ordered(10)
	seq := slices.Values(ordered(3))
	fy, _ := Lookup("fisher-yates")
	riffle, _ := Lookup("riffle")
	cases := []struct {
		want string
		f    func()
	}{
		{"shuffle: Partial: negative k", func() { Partial(nil, s, -1) }},
		{"shuffle: Partial: k > len(s)", func() { Partial(nil, s, 11) }},
		{"shuffle: Sample: negative n", func() { Sample(nil, -1, 0) }},
		{"shuffle: Sample: negative n", func() { Sample(nil, -1, -1) }},
		{"shuffle: Sample: negative k", func() { Sample(nil, 3, -1) }},
		{"shuffle: Sample: k > n", func() { Sample(nil, 3, 4) }},
		// Requests no machine can meet panic with the call's name, before
		// any memory is asked for (issue 22).
		{"shuffle: Sample: k > MaxLen", func() { Sample(nil, math.MaxInt, int(min(1<<40, math.MaxInt))) }},
		{"shuffle: Sample: k > MaxLen", func() { Sample(nil, MaxLen+1, MaxLen+1) }},
		{"shuffle: Perm: n > MaxLen", func() { Perm(nil, int(min(1<<40, math.MaxInt))) }},
		{"shuffle: Perm: n > MaxLen", func() { Perm(nil, math.MaxInt) }},
		{"shuffle: Perm: negative n", func() { Perm(nil, -1) }},
		{"shuffle: Reservoir: negative k", func() { Reservoir(nil, seq, -1) }},
		{"shuffle: RiffleDistance: n < 1", func() { RiffleDistance(0, 1) }},
		{"shuffle: RiffleDistance: n < 1", func() { RiffleDistance(-3, -1) }},
		{"shuffle: RiffleDistance: negative k", func() { RiffleDistance(5, -1) }},
		{"shuffle: RiffleSeparation: n < 1", func() { RiffleSeparation(0, 1) }},
		{"shuffle: RiffleSeparation: negative k", func() { RiffleSeparation(5, -1) }},

		{`shuffle: Distance: unknown algorithm ""`, func() { Distance(Algorithm{}, 3, 0) }},
		{`shuffle: Distance: unknown algorithm "bogo"`, func() { Distance(Algorithm{Name: "bogo", New: NewNaive}, 3, 0) }},
		{`shuffle: Distance: algorithm "naive" has nil New`, func() { Distance(Algorithm{Name: "naive"}, 3, 0) }},
		{"shuffle: Distance: n < 1", func() { Distance(fy, 0, 0) }},
		{"shuffle: Distance: n > 8", func() { Distance(fy, 9, 0) }},
		{"shuffle: Distance: negative rounds", func() { Distance(riffle, 3, -1) }},

		{`shuffle: Distances: unknown algorithm ""`, func() { Distances(Algorithm{}, 3, 1) }},
		{`shuffle: Distances: unknown algorithm "Riffle"`, func() { Distances(Algorithm{Name: "Riffle", New: NewFisherYates}, 3, 1) }},
		{`shuffle: Distances: algorithm "riffle" has nil New`, func() { Distances(Algorithm{Name: "riffle"}, 3, 1) }},
		{`shuffle: Distances: algorithm "fisher-yates" is not a repeated shuffle`, func() { Distances(fy, 3, 1) }},
		{"shuffle: Distances: n < 1", func() { Distances(riffle, 0, 1) }},
		{"shuffle: Distances: n > 8", func() { Distances(riffle, 9, 1) }},
		{"shuffle: Distances: negative rounds", func() { Distances(riffle, 3, -1) }},
	}
	for _, c := range cases {
		assert.PanicsWithValue(t, c.want, c.f)
	}
}

// TestDistanceByName checks that Distance and Distances compute the
// package's algorithm of the given name: a registry entry with its
// constructor swapped for another algorithm's gives the registry's answer,
// not the swapped constructor's.
func TestDistanceByName(t *testing.T) {
	naive, _ := Lookup("naive")
	riffle, _ := Lookup("riffle")
	fake := naive
	fake.New = NewFisherYates
	assert.Equal(t, Distance(naive, 4, 0), Distance(fake, 4, 0))
	assert.Greater(t, Distance(fake, 4, 0), 0.01, "naive is far from uniform")
	fakeRiffle := riffle
	fakeRiffle.NewRounds = NewCut
	assert.Equal(t, Distances(riffle, 4, 3), Distances(fakeRiffle, 4, 3))
	assert.Equal(t, Distance(riffle, 4, 2), Distance(fakeRiffle, 4, 2))
}

// TestReservoirHugeK checks that Reservoir holds no more than it has read:
// k = 2^40 on a short stream returns that stream shuffled, exactly as any
// k above its length does from the same seed, and the bytes allocated stay
// proportional to the items read, not to k.
func TestReservoirHugeK(t *testing.T) {
	huge := int(min(1<<40, math.MaxInt)) // 2³¹−1 on 32-bit platforms
	got := Reservoir(rand.NewPCG(3, 3), slices.Values(ordered(5)), huge)
	assert.Equal(t, Reservoir(rand.NewPCG(3, 3), slices.Values(ordered(5)), 6), got)
	assert.ElementsMatch(t, ordered(5), got)
	assert.NotNil(t, Reservoir(nil, slices.Values([]int(nil)), huge), "an empty stream gives an empty slice")

	// Bytes allocated, measured in a fresh process (alloc_test.go).
	sizes := allocatedBytes(t, "reservoir-huge-k")
	for _, items := range []int{10, 1000, 100_000} {
		for _, k := range []int{1 << 24, huge} {
			bytes := sizes["k="+strconv.Itoa(k)+" items="+strconv.Itoa(items)]
			// Doubling from 16 allocates at most 2·16 + 4·items words in all.
			limit := uint64(8*(4*items+32) + 4096)
			assert.LessOrEqual(t, bytes, limit, "k=%d over %d items", k, items)
			t.Logf("k=%d over %d items: %d bytes", k, items, bytes)
		}
	}
	// A small k over a long stream holds k items, as before.
	assert.LessOrEqual(t, sizes["k=10 items=100000"], uint64(4096))
}
