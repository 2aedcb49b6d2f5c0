package shuffle

import (
	"slices"
	"testing"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/stretchr/testify/assert"
)

// algInsertEach is an algorithm that exists only in this test, added the way
// CONTRIBUTING.md says: one entry, registered. It builds the order by
// inserting item t at a uniform place among the first t+1: each of the n!
// sequences of choices gives a different order, so it is uniform. Its
// shape is the generic one, its order computed first, so it needed no code
// in the package's dispatch.
var algInsertEach = &algo{name: "insert-each", uniform: true,
	summary: "item t inserted at a random place among the first t+1",
	time:    "O(n²)", draws: "n−1 bounded indices",
	shape: shapeOrder, order: insertEachOrder}

func insertEachOrder(r rng, n, _ int) []int {
	p := make([]int, 0, n)
	for t := range n {
		p = slices.Insert(p, r.intn(t+1), t)
	}
	return p
}

// onlyAlgorithm, when set, is the one algorithm the generic tests run on
// (testedAlgorithms); otherwise they run on every registered one.
var onlyAlgorithm string

// testedAlgorithms is Algorithms, or the one named by onlyAlgorithm.
func testedAlgorithms() []Algorithm {
	as := Algorithms()
	if onlyAlgorithm != "" {
		as = slices.DeleteFunc(as, func(a Algorithm) bool { return a.Name != onlyAlgorithm })
	}
	return as
}

// TestAddedAlgorithm registers an algorithm from this file alone and runs
// the package's generic tests, which choose algorithms by their properties,
// so they reach it: permutation, the exact distribution by enumeration
// (through Slice and Shuffle), Distance, the χ² check of orders and, with
// SHUFFLE_LONG=1, that of positions (every algorithm's again). They run on
// it alone ([onlyAlgorithm]).
func TestAddedAlgorithm(t *testing.T) {
	defer register(algInsertEach)()
	a, ok := Lookup("insert-each")
	assert.True(t, ok)
	assert.Equal(t, "insert-each", a.Name)
	assert.True(t, slices.ContainsFunc(Algorithms(), func(b Algorithm) bool { return b.Name == a.Name }), "Algorithms lists it")
	// The generic tests have run every other algorithm already.
	onlyAlgorithm = a.Name
	defer func() { onlyAlgorithm = "" }()
	for name, test := range map[string]func(*testing.T){
		"Permutation":    TestPermutation,
		"SliceMatches":   TestSliceMatchesShuffle,
		"ExactUniform":   TestExactUniform,
		"Distance":       TestDistance,
		"FairnessOrders": TestFairnessOrders,
		"FairnessPositions": func(t *testing.T) {
			long.Skip(t, "the position check of every algorithm again (2 s)")
			TestFairnessPositions(t)
		},
	} {
		t.Run(name, test)
	}
}

// TestTable checks what every entry of the table must hold: a unique name,
// the function its shape runs, and, where the enumeration cannot cover it,
// a proof of uniformity (Distance answers 0 for it).
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range algorithms {
		assert.False(t, seen[a.name], "%s: name used twice", a.name)
		seen[a.name] = true
		assert.Equal(t, a.shape == shapeOrder, a.order != nil, "%s: order set for shapeOrder alone", a.name)
		assert.Equal(t, a.shape == shapeSpans, a.spans != nil, "%s: spans set for shapeSpans alone", a.name)
		assert.True(t, !a.unbounded || a.uniform, "%s: unbounded but not uniform", a.name)
		assert.True(t, a.batched || !a.scatters, "%s: the cache-aware path is fisher-yates's, batched", a.name)
	}
}
