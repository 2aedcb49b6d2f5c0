package shuffle

import (
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"strconv"
)

// Distance returns the exact total variation distance to uniform of n ≤ 8 items
// after rounds rounds of alg (0: its default), enumerating every choice.
//
// Up to nⁿ runs, then n!·m steps a round; 0 if alg is not [Algorithm.Enumerable].
// It panics if alg is not from [Algorithms], n is not in 1..8, or rounds < 0.
func Distance(alg Algorithm, n, rounds int) float64 {
	a := registered("Distance", alg)
	checkEnumeration("Distance", n, rounds)
	switch {
	case a.unbounded:
		return 0
	case a.rounds == nil:
		return tvUniform(orderProbs(func(src rand.Source) Shuffler { return &shuffler{alg: a, src: src} }, n))
	case rounds == 0:
		rounds = a.rounds(n)
	}
	return distances(a, n, rounds)[rounds]
}

// Distances returns the exact distances to uniform of n items after 0, 1, …,
// rounds rounds of a repeated shuffle, in one pass.
//
// Element 0 is 1 − 1/n!. It panics as [Distance] does, and if alg has no rounds.
func Distances(alg Algorithm, n, rounds int) []float64 {
	a := registered("Distances", alg)
	if a.rounds == nil {
		panic("shuffle: Distances: algorithm " + strconv.Quote(a.name) + " is not a repeated shuffle")
	}
	checkEnumeration("Distances", n, rounds)
	return distances(a, n, rounds)
}

// distances is Distances for a registered repeated shuffle.
func distances(a *algo, n, rounds int) []float64 {
	dist := make([]float64, factorial(n))
	dist[0] = 1 // the deck as it was
	one := orderProbs(func(src rand.Source) Shuffler { return &shuffler{alg: a, rounds: 1, src: src} }, n)
	out := []float64{tvUniform(dist)}
	for range rounds {
		dist = composeRound(dist, one, n)
		out = append(out, tvUniform(dist))
	}
	return out
}

// registered returns the table's entry for a, found by name, for the
// function fn. It panics, naming fn and the name, if a cannot have come
// from Algorithms: an unknown name (the zero Algorithm has the name ""), or
// a nil New.
func registered(fn string, a Algorithm) *algo {
	reg := lookup(a.Name)
	switch {
	case reg == nil:
		panic("shuffle: " + fn + ": unknown algorithm " + strconv.Quote(a.Name))
	case a.New == nil:
		panic("shuffle: " + fn + ": algorithm " + strconv.Quote(a.Name) + " has nil New")
	}
	return reg
}

// checkEnumeration checks the n and rounds arguments of fn.
func checkEnumeration(fn string, n, rounds int) {
	switch {
	case n < 1:
		panic("shuffle: " + fn + ": n < 1")
	case n > 8:
		panic("shuffle: " + fn + ": n > 8")
	case rounds < 0:
		panic("shuffle: " + fn + ": negative rounds")
	}
}

// tvUniform returns the total variation distance of dist to uniform.
func tvUniform(dist []float64) float64 {
	u, tv := 1/float64(len(dist)), 0.0
	for _, p := range dist {
		tv += math.Abs(p - u)
	}
	return tv / 2
}

// orderProbs returns the probability of each order of 0..n−1, indexed by
// rank, that the shufflers mk returns produce, by enumerating their choices.
// A path of choices with bounds b₁…b_k has probability 1/(b₁⋯b_k): the
// paths are counted by order and by that denominator, and each order's
// probability is their exact sum, rounded once, so it does not depend on
// the order in which the paths are visited.
func orderProbs(mk func(rand.Source) Shuffler, n int) []float64 {
	orders := factorial(n)
	at := map[uint64]int{} // a denominator's row of counts
	var dens []uint64
	var counts [][]uint64 // counts[at[d]][rank]: paths of denominator d
	choicePaths(n, func(src rand.Source, p []int) { Slice(mk(src), p) }, func(p, bounds []int) {
		d := uint64(1)
		for _, b := range bounds {
			hi, lo := bits.Mul64(d, uint64(b))
			if hi != 0 {
				panic("shuffle: orderProbs: a path of more than 2⁶⁴ equally likely ways")
			}
			d = lo
		}
		i, ok := at[d]
		if !ok {
			i = len(dens)
			at[d] = i
			dens = append(dens, d)
			counts = append(counts, make([]uint64, orders))
		}
		counts[i][rank(p)]++
	})
	probs := make([]float64, orders)
	sum, term := new(big.Rat), new(big.Rat)
	for r := range probs {
		sum.SetInt64(0)
		for i, d := range dens {
			if c := counts[i][r]; c > 0 {
				sum.Add(sum, term.SetFrac(new(big.Int).SetUint64(c), new(big.Int).SetUint64(d)))
			}
		}
		probs[r], _ = sum.Float64()
	}
	return probs
}

// mirrorChoices makes choicePaths answer each choice's values in reverse
// order, so that the tests can check that nothing depends on the order of
// the paths.
var mirrorChoices = false

// choicePaths runs run on 0..n−1 once for every sequence of choices a
// scripted source can answer and calls visit with the order it produced and
// the bounds of the choices made; the path's probability is the product of
// their reciprocals. run must make finitely many choices.
func choicePaths(n int, run func(src rand.Source, p []int), visit func(p, bounds []int)) {
	var path, bounds []int // the choices of the current run and their ranges
	pos := 0
	src := &scripted{choose: func(m int) int {
		if pos == len(path) {
			path, bounds = append(path, 0), append(bounds, m)
		}
		pos++
		if mirrorChoices {
			return m - 1 - path[pos-1]
		}
		return path[pos-1]
	}}
	p := make([]int, n)
	for {
		for i := range p {
			p[i] = i
		}
		pos = 0
		run(src, p)
		path, bounds = path[:pos], bounds[:pos]
		visit(p, bounds)
		// Advance the last choice that has another value; drop the rest.
		i := len(path) - 1
		for i >= 0 && path[i]+1 == bounds[i] {
			i--
		}
		if i < 0 {
			return
		}
		path[i]++
		path, bounds = path[:i+1], bounds[:i+1]
	}
}

// composeRound returns the distribution of the deck after a deck with
// distribution dist (indexed by rank) gets one more round with distribution
// one: the round moves the card at position σ(t) to t.
func composeRound(dist, one []float64, n int) []float64 {
	type move struct {
		perm []int
		p    float64
	}
	var moves []move
	for j, q := range one {
		if q != 0 {
			moves = append(moves, move{unrank(j, n), q})
		}
	}
	next := make([]float64, len(dist))
	deck := make([]int, n)
	for i, p := range dist {
		if p == 0 {
			continue
		}
		cur := unrank(i, n)
		for _, m := range moves {
			for t, s := range m.perm {
				deck[t] = cur[s]
			}
			next[rank(deck)] += p * m.p
		}
	}
	return next
}
