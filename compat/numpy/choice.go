package numpy

// Choice returns Generator.choice(n, k, replace=False): k distinct ints of
// [0, n) in random order. It panics unless 0 ≤ k ≤ n.
//
// Past 10⁴ items with k > n/50 numpy shuffles the tail of arange(n), else
// runs Floyd's algorithm; then it shuffles the k, as this does.
func (g *Generator) Choice(n, k int) []int {
	if k < 0 || k > n {
		panic("numpy: Choice: k out of [0, n]")
	}
	out := make([]int, k)
	if n > 10000 && k > n/50 {
		p := make([]int, n)
		for i := range p {
			p[i] = i
		}
		g.shuffleInt(p, max(n-k, 1))
		copy(out, p[n-k:])
		return out
	}
	// Floyd's algorithm: for j from n-k to n-1, take a draw in [0, j], or
	// j itself if the draw was taken before; a table with linear probing
	// keeps what was taken (numpy's: 2^b slots for the least 2^b > 1.2k).
	mask := uint64(float64(k) * 1.2)
	for s := uint(1); s < 64; s *= 2 {
		mask |= mask >> s
	}
	const empty = ^uint64(0)
	table := make([]uint64, mask+1)
	for i := range table {
		table[i] = empty
	}
	for j := n - k; j < n; j++ {
		v := g.bounded(uint64(j))
		loc := v & mask
		for table[loc] != empty && table[loc] != v {
			loc = (loc + 1) & mask
		}
		if table[loc] == v { // taken: take j, which no draw before could be
			v = uint64(j)
			for loc = v & mask; table[loc] != empty; loc = (loc + 1) & mask {
			}
		}
		table[loc] = v
		out[j-n+k] = int(v)
	}
	g.shuffleInt(out, 1)
	return out
}

// shuffleInt is numpy's _shuffle_int: for i from len(p)-1 down to first,
// swap p[i] with p[random_bounded_uint64(0, i)] (Lemire's draws, not
// Shuffle's masked ones).
func (g *Generator) shuffleInt(p []int, first int) {
	for i := len(p) - 1; i >= first; i-- {
		j := g.bounded(uint64(i))
		p[i], p[j] = p[j], p[i]
	}
}
