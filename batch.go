package shuffle

import (
	"math"
	"math/bits"
)

// This file draws several bounded indices from one random word, after
// Brackett-Rozinsky and Lemire, "Batched Ranged Random Integer Generation",
// Software: Practice and Experience 55(1), 2025.
//
// Why it is exact. Take bounds b₁, …, b_k whose product P is below 2^W, and
// a uniform W-bit word x. Multiply x by b₁: the high half is j₁, keep the
// low half r₁; multiply r₁ by b₂: high half j₂, low half r₂; and so on. By
// induction x·P = J·2^W + r_k, where J = j₁·b₂⋯b_k + j₂·b₃⋯b_k + … + j_k
// writes J in the mixed radix (b₁, …, b_k). So the batch is Lemire's method
// for the single bound P: J = ⌊x·P/2^W⌋, and rejecting the words with
// r_k < 2^W mod P leaves every J in [0, P) exactly ⌊2^W/P⌋ words. Since
// J ↦ (j₁, …, j_k) is a bijection onto [0,b₁)×…×[0,b_k), every tuple of
// indices is then equally likely and the k indices are independent and
// uniform. The modulus is needed only when r_k < P, with probability P/2^W.
//
// TestBatchExhaustive checks this at W = 8 and W = 16 on this very code, word
// by word, and TestBatchExhaustiveLoops the batch bodies of fisher-yates's
// loops (zloops_*.go), generated from one template with those loops.

// word is the width of the random words the batches are cut from: uint64 in
// production, narrower in the exhaustive test.
type word interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}

// mulw returns the high and low halves of the double-width product x·y.
func mulw[W word](x, y W) (hi, lo W) {
	if uint64(^W(0)) == math.MaxUint64 { // a constant in each instantiation
		h, l := bits.Mul64(uint64(x), uint64(y))
		return W(h), W(l)
	}
	p := uint64(x) * uint64(y)
	return W(p >> bits.Len64(uint64(^W(0)))), W(p)
}

// batchDown cuts the word x into k indices, js[t] uniform in [0, b−t), for
// bounds whose product b·(b−1)·…·(b−k+1) is below 2^W. It returns k, or 0 if
// x must be rejected (js then holds garbage and another word is needed).
func batchDown[W word](x W, b, k int, js []int) int {
	js = js[:k]
	bw := W(b)
	hi, lo := mulw(x, bw)
	js[0] = int(hi)
	prod := bw
	for t := 1; t < k; t++ {
		hi, lo = mulw(lo, bw-W(t))
		js[t] = int(hi)
		prod *= bw - W(t)
	}
	if lo < prod && lo < -prod%prod {
		return 0
	}
	return k
}

// batchLen returns how many indices fisher-yates cuts from one 64-bit word
// when the largest bound is b: as many as keep the product of the bounds at
// most 2⁵⁶, so that a word is rejected, or even needs the modulus, with
// probability at most 2⁻⁸. Never so many that a bound falls below 2.
func batchLen(b int) int {
	k := 1
	switch {
	case b <= 1<<9:
		k = 6
	case b <= 1<<11:
		k = 5
	case b <= 1<<14:
		k = 4
	case b <= 1<<18:
		k = 3
	case b <= 1<<28:
		k = 2
	}
	return min(k, b-1)
}

// rejects reports whether the batch of k indices with bounds b, …, b−k+1
// whose chain ended in the low word lo must be drawn again: lo below
// 2^W mod P, P the product of the bounds. The loops of zloops_*.go call it
// (through accepts) only when lo is below a constant at least P, so the
// product and the modulus are computed on that rare path alone.
func rejects[W word](lo, b W, k int) bool {
	prod := b
	for t := 1; t < k; t++ {
		prod *= b - W(t)
	}
	return lo < prod && lo < -prod%prod
}

// accepts reports whether the batch of k indices with bounds b, …, b−k+1
// whose chain ended in the low word lo is kept: lo at least acc, a constant
// at least their product P (the common case, with no product computed), or
// not rejected.
func accepts[W word](lo, acc, b W, k int) bool {
	return lo >= acc || !rejects(lo, b, k)
}

// undo takes back the k swaps that the batch cut from x made in s, last
// first, after x was rejected.
func undo[W word, S ~[]E, E any](s S, x, b W, k int) {
	var js [6]W
	lo := x
	for t := range k {
		js[t], lo = mulw(lo, b-W(t))
	}
	for t := k - 1; t >= 0; t-- {
		i, j := b-1-W(t), js[t]
		s[i], s[j] = s[j], s[i]
	}
}
