package shuffle

import "math/rand/v2"

// MaxLen is the most items a call of this package allocates room for:
// 2³⁶ (512 GiB of ints) on 64-bit platforms, 2²⁸ on 32-bit ones. A call
// asked for more ([Perm], [Sample], [SampleOf]) panics with its name
// instead of failing in the runtime's allocator.
const MaxLen = 1 << (28 + 8*(^uint(0)>>63))

// Perm returns a uniformly random permutation of 0, 1, …, n−1, drawing from
// src (nil: the default source). It runs [Slice]([NewFisherYates](src), p)
// on p = 0, 1, …, n−1, so it makes the same draws and returns the same order:
// O(n) time, n−1 bounded indices cut several from each random word.
//
// Perm panics if n < 0 or n > [MaxLen].
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
// SampleOf panics if k < 0, k > len(s) or k > [MaxLen].
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
