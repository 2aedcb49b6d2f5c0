package ruby

// Shuffle permutes n items as a.shuffle(random: r) does: for i from n down
// to 2 it calls swap(i-1, r.rand(i)); Ruby's last step, r.rand(1), draws
// nothing. It draws nothing for n < 2, and panics if n < 0.
func (r *Random) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("ruby: Shuffle: n < 0")
	}
	for i := n; i > 1; i-- {
		swap(i-1, int(r.limited(uint64(i-1))))
	}
}

// ShuffleSlice permutes s in place as s.shuffle!(random: r) does:
// [Random.Shuffle] without a call per swap.
func ShuffleSlice[S ~[]E, E any](r *Random, s S) {
	for i := len(s); i > 1; i-- {
		j := r.limited(uint64(i - 1))
		s[i-1], s[j] = s[j], s[i-1]
	}
}

// Sample returns the index a.sample(random: r) picks from n items: r.rand(n),
// but no draw for n = 1. It panics if n < 1, where Ruby returns nil.
func (r *Random) Sample(n int) int {
	if n < 1 {
		panic("ruby: Sample: n < 1")
	}
	return int(r.limited(uint64(n - 1)))
}
