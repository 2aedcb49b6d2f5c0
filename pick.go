package shuffle

import "math/rand/v2"

// Perm returns a uniformly random permutation of 0, 1, …, n−1, the order
// [Slice]([NewFisherYates](src), p) gives p.
//
// O(n) time, n−1 bounded draws. It panics if n < 0 or n > [MaxLen].
func Perm(src rand.Source, n int) []int {
	switch {
	case n < 0:
		panic("shuffle: Perm: negative n")
	case n > MaxLen:
		panic("shuffle: Perm: n > MaxLen")
	}
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	Slice(NewFisherYates(src), p)
	return p
}

// Choose returns a uniformly random element of s, as (*rand.Rand).IntN would
// pick its index.
//
// O(1) time, one bounded draw (none for one element). It panics if s is empty.
func Choose[S ~[]E, E any](src rand.Source, s S) E {
	if len(s) == 0 {
		panic("shuffle: Choose: empty s")
	}
	if len(s) == 1 {
		return s[0]
	}
	// The rng is built in place for the common sources: the copy of
	// newRNG's result cost several times the draw itself (a store that
	// cannot forward to the load after it).
	r := rng{src: src}
	if _, ok := src.(*scripted); ok || src == nil {
		r = newRNG(src)
	}
	return s[r.intn(len(s))]
}

// SampleOf returns k distinct elements of s, a uniform k-subset in uniform
// order, at the indices [Sample](src, len(s), k) returns; s is untouched.
//
// O(k) time, k bounded draws. It panics if k < 0, k > len(s) or k > [MaxLen].
func SampleOf[S ~[]E, E any](src rand.Source, s S, k int) S {
	switch {
	case k < 0:
		panic("shuffle: SampleOf: negative k")
	case k > len(s):
		panic("shuffle: SampleOf: k > len(s)")
	case k > MaxLen:
		panic("shuffle: SampleOf: k > MaxLen")
	}
	r := newRNG(src)
	out := make(S, k)
	for i, j := range sampleWith(&r, len(s), k) {
		out[i] = s[j]
	}
	return out
}
