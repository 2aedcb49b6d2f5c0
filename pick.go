package shuffle

import "math/rand/v2"

// Perm returns a uniformly random permutation of 0, 1, …, n−1, drawing from
// src (nil: the default source). It runs [Slice]([NewFisherYates](src), p)
// on p = 0, 1, …, n−1, so it makes the same draws and returns the same order:
// O(n) time, n−1 bounded indices cut several from each random word.
//
// Perm panics if n < 0.
func Perm(src rand.Source, n int) []int {
	if n < 0 {
		panic("shuffle: Perm: negative n")
	}
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	Slice(NewFisherYates(src), p)
	return p
}

// Choose returns a uniformly random element of s, drawing from src (nil: the
// default source) one bounded index, as (*rand.Rand).IntN draws it; a
// one-element s draws nothing. O(1) time, no allocation.
//
// Choose panics if s is empty.
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

// SampleOf returns k distinct elements of s (by position), a uniformly random
// k-subset in uniformly random order, and leaves s untouched; element i of
// the result is s[j] for j the i-th index [Sample](src, len(s), k) returns
// from the same source. O(k) time and memory, whatever len(s); k bounded
// draws (k−1 if k = len(s)).
//
// SampleOf panics if k < 0 or k > len(s).
func SampleOf[S ~[]E, E any](src rand.Source, s S, k int) S {
	if k < 0 {
		panic("shuffle: SampleOf: negative k")
	}
	if k > len(s) {
		panic("shuffle: SampleOf: k > len(s)")
	}
	r := newRNG(src)
	out := make(S, k)
	for i, j := range sampleWith(&r, len(s), k) {
		out[i] = s[j]
	}
	return out
}
