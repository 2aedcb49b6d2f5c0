package python

// Shuffle shuffles as random.shuffle(x) with len(x) = n: for i from n-1 down
// to 1, swap(i, _randbelow(i+1)); O(n), about one 32-bit word per item.
// It panics if n < 0.
func (r *Random) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("python: Shuffle: negative n")
	}
	for i := n - 1; i > 0; i-- {
		swap(i, int(r.below(uint64(i)+1)))
	}
}

// ShuffleSlice shuffles s as random.shuffle(s) does, without a call per
// item: the same order as [Random.Shuffle].
func ShuffleSlice[S ~[]E, E any](r *Random, s S) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.below(uint64(i) + 1)
		s[i], s[j] = s[j], s[i]
	}
}
