package php

// Shuffle permutes n items as shuffle($array) does after mt_srand.
// For i from n-1 down to 1 it calls swap(i, j) with j = mt_rand(0, i), when
// j != i. It draws n-1 ranges, none for n < 2, and panics if n < 0.
func Shuffle(r *MT19937, n int, swap func(i, j int)) {
	if n < 0 {
		panic("php: Shuffle: n < 0")
	}
	for i := n - 1; i > 0; i-- {
		if j := r.index(i); j != i {
			swap(i, j)
		}
	}
}

// ShuffleSlice permutes s in place as shuffle($array) does after mt_srand:
// [Shuffle] without a call per swap.
func ShuffleSlice[S ~[]E, E any](r *MT19937, s S) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.index(i)
		s[i], s[j] = s[j], s[i]
	}
}

// index is mt_rand(0, i) for i >= 0.
func (r *MT19937) index(i int) int {
	if uint64(i) > 1<<32-1 {
		return int(r.range64(uint64(i)))
	}
	return int(r.range32(uint32(i)))
}

// StrShuffle returns s with its bytes permuted as str_shuffle($s) does after
// mt_srand: the loop of [Shuffle] over the bytes.
func StrShuffle(r *MT19937, s string) string {
	b := []byte(s)
	ShuffleSlice(r, b)
	return string(b)
}
