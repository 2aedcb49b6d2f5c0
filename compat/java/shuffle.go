package java

import (
	"math"
	"strconv"
)

// Shuffle permutes n items as Collections.shuffle(list, r) does: for i from
// n down to 2 it calls swap(i-1, r.NextInt(i)). It draws n-1 ints, none for
// n < 2, and panics if n < 0 or n > math.MaxInt32 (a Java list's largest size).
func Shuffle(r *Random, n int, swap func(i, j int)) {
	checkLen("Shuffle", n)
	for i := n; i > 1; i-- {
		swap(i-1, int(r.nextInt(int32(i))))
	}
}

// ShuffleSlice permutes s in place as Collections.shuffle(list, r) does:
// [Shuffle] without a call per swap. It panics if len(s) > math.MaxInt32.
func ShuffleSlice[S ~[]E, E any](r *Random, s S) {
	checkLen("ShuffleSlice", len(s))
	// nextInt, with the state in a local: through r, each step would store
	// and reload r.seed, which the compiler cannot tell from the swaps' stores.
	seed := r.seed
	for i := len(s); i > 1; i-- {
		bound := int32(i)
		seed = (seed*multiplier + addend) & mask
		x := int32(seed >> 17)
		m := bound - 1
		if bound&m == 0 {
			x = int32(int64(bound) * int64(x) >> 31)
		} else {
			for u := x; ; {
				if x = u % bound; u-x+m >= 0 {
					break
				}
				seed = (seed*multiplier + addend) & mask
				u = int32(seed >> 17)
			}
		}
		s[i-1], s[x] = s[x], s[i-1]
	}
	r.seed = seed
}

// Java's lists hold at most math.MaxInt32 items; both branches of
// Collections.shuffle (in place below SHUFFLE_THRESHOLD or for a
// RandomAccess list, through an array otherwise) draw the same swaps.
func checkLen(fn string, n int) {
	if n < 0 || int64(n) > math.MaxInt32 {
		panic("java: " + fn + ": length " + strconv.Itoa(n) + " out of range [0, 2147483647]")
	}
}
