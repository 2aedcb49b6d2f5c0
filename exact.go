package shuffle

import (
	"math"
	"math/rand/v2"
	"strconv"
)

// Distance returns the total variation distance between the order of n
// items after alg and the uniform order: ½·Σ over the n! orders of
// |P(order) − 1/n!|, the largest difference the two can make to the
// probability of any event. rounds sets the rounds of a repeated shuffle
// (0: its default); one-pass algorithms ignore it. alg must come from
// [Algorithms] or [Lookup]: Distance computes the package's algorithm of
// that name.
//
// It is exact up to float64 rounding, not sampled: every sequence of choices
// one round can make is enumerated through the package's randomness seam,
// each weighted by its probability, and rounds are composed as powers of the
// transition matrix over the n! orders. For rejection, whose redraws make
// unboundedly many choices, it returns 0, which the draw-method argument in
// NewRejection's documentation proves and the tests check by enumerating
// its runs up to a length. Cost: one run of the algorithm for each sequence
// of choices one round can make (n! for the uniform algorithms; at n = 8,
// nⁿ = 16,777,216 for naive and insertion, 6,696,050 for a riffle), then,
// for each round, up to n!·m compositions of two orders of n items, m the
// number of orders one round can reach: at n = 8 the 20 default overhand
// rounds (m = 128) make about 10⁸, the slowest case.
//
// Distance panics if alg is not from Algorithms (an unknown name, or a nil
// New), if n < 1 or n > 8, or if rounds < 0.
func Distance(alg Algorithm, n, rounds int) float64 {
	a := registered("Distance", alg)
	checkEnumeration("Distance", n, rounds)
	if a.Name == "rejection" {
		return 0
	}
	if a.NewRounds == nil {
		return tvUniform(orderProbs(a.New, n))
	}
	if rounds == 0 {
		rounds = (&shuffler{alg: algByName(a.Name)}).roundsFor(n)
	}
	return distances(a, n, rounds)[rounds]
}

// Distances returns, for a repeated shuffle (transpositions, cut, overhand,
// riffle), the total variation distance to uniform after 0, 1, …, rounds
// rounds on n items, computed as Distance does but in one pass: element k is
// Distance(alg, n, k) for k ≥ 1, and element 0, the deck as it was, is
// 1 − 1/n!.
//
// Distances panics if alg is not from Algorithms or is not a repeated
// shuffle, if n < 1 or n > 8, or if rounds < 0.
func Distances(alg Algorithm, n, rounds int) []float64 {
	a := registered("Distances", alg)
	if a.NewRounds == nil {
		panic("shuffle: Distances: algorithm " + strconv.Quote(a.Name) + " is not a repeated shuffle")
	}
	checkEnumeration("Distances", n, rounds)
	return distances(a, n, rounds)
}

// distances is Distances for a registered repeated shuffle.
func distances(a Algorithm, n, rounds int) []float64 {
	dist := make([]float64, factorial(n))
	dist[0] = 1 // the deck as it was
	one := orderProbs(func(src rand.Source) Shuffler { return a.NewRounds(src, 1) }, n)
	out := []float64{tvUniform(dist)}
	for range rounds {
		dist = composeRound(dist, one, n)
		out = append(out, tvUniform(dist))
	}
	return out
}

// registered returns the package's own entry for a, found by name, for the
// function fn. It panics, naming fn and the name, if a cannot have come
// from Algorithms: an unknown name (the zero Algorithm has the name ""), or
// a nil New.
func registered(fn string, a Algorithm) Algorithm {
	for _, reg := range Algorithms() {
		if reg.Name != a.Name {
			continue
		}
		if a.New == nil {
			panic("shuffle: " + fn + ": algorithm " + strconv.Quote(a.Name) + " has nil New")
		}
		return reg
	}
	panic("shuffle: " + fn + ": unknown algorithm " + strconv.Quote(a.Name))
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
func orderProbs(mk func(rand.Source) Shuffler, n int) []float64 {
	probs := make([]float64, factorial(n))
	choicePaths(n, 0, func(src rand.Source, p []int) { Slice(mk(src), p) }, func(p, bounds []int) {
		w := 1.0
		for _, b := range bounds {
			w /= float64(b)
		}
		probs[rank(p)] += w
	})
	return probs
}

// choicePaths runs run on 0..n−1 once for every sequence of choices a
// scripted source can answer and calls visit with the order it produced and
// the bounds of the choices made; the path's probability is the product of
// their reciprocals. With limit > 0 a run that asks for more than limit
// choices is abandoned unvisited, which makes algorithms with unboundedly
// many choices (rejection) enumerable up to a known missing mass; with 0,
// run must make finitely many choices.
func choicePaths(n, limit int, run func(src rand.Source, p []int), visit func(p, bounds []int)) {
	var path, bounds []int // the choices of the current run and their ranges
	pos := 0
	type tooLong struct{}
	src := &scripted{choose: func(m int) int {
		if pos == len(path) {
			if limit > 0 && pos == limit {
				panic(tooLong{})
			}
			path, bounds = append(path, 0), append(bounds, m)
		}
		pos++
		return path[pos-1]
	}}
	p := make([]int, n)
	// complete runs run and reports whether it finished within the limit.
	complete := func() (done bool) {
		defer func() {
			if e := recover(); e != nil {
				if _, ok := e.(tooLong); !ok {
					panic(e)
				}
				done = false
			}
		}()
		run(src, p)
		return true
	}
	for {
		for i := range p {
			p[i] = i
		}
		pos = 0
		if complete() {
			path, bounds = path[:pos], bounds[:pos]
			visit(p, bounds)
		} else {
			pos = len(path) // the abandoned run used every recorded choice
		}
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

// rank returns the index of the order p of 0..n−1 among all n! orders in
// lexicographic order (its Lehmer code read as a mixed-radix number).
func rank(p []int) int {
	r := 0
	for i, v := range p {
		smaller := 0
		for _, w := range p[i+1:] {
			if w < v {
				smaller++
			}
		}
		r = r*(len(p)-i) + smaller
	}
	return r
}

// unrank returns the order of 0..n−1 with the given lexicographic rank.
func unrank(idx, n int) []int {
	left := make([]int, n)
	for i := range left {
		left[i] = i
	}
	p := make([]int, 0, n)
	for i := n; i >= 1; i-- {
		f := factorial(i - 1)
		p = append(p, left[idx/f])
		left = append(left[:idx/f], left[idx/f+1:]...)
		idx %= f
	}
	return p
}

func factorial(n int) int {
	f := 1
	for k := 2; k <= n; k++ {
		f *= k
	}
	return f
}

// algByName returns the algorithm with the registry name.
func algByName(name string) alg {
	for a, n := range algNames {
		if n == name {
			return alg(a)
		}
	}
	panic("shuffle: no algorithm " + name)
}
