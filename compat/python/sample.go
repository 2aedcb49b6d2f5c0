package python

// Sample returns random.sample(range(n), k): k distinct ints of [0, n) in
// the order drawn. Like CPython, it draws from a copy of the range when that
// is smaller than a set of k (O(n) time), else redraws until a draw is new
// (O(k) expected). It panics unless 0 ≤ k ≤ n.
func (r *Random) Sample(n, k int) []int {
	if k < 0 || k > n {
		panic("python: Sample: k out of [0, n]")
	}
	out := make([]int, k)
	if n <= setSize(k) {
		pool := make([]int, n)
		for i := range pool {
			pool[i] = i
		}
		for i := range k {
			j := r.below(uint64(n - i))
			out[i] = pool[j]
			pool[j] = pool[n-i-1]
		}
		return out
	}
	// The set path: a table of twice k slots or more, open addressing with
	// linear probing, holding j+1 (0 is an empty slot).
	bits := 1
	for 1<<bits < 2*k {
		bits++
	}
	table := make([]uint64, 1<<bits)
	mask := uint64(len(table) - 1)
	for i := range k {
	draw:
		j := r.below(uint64(n))
		h := (j * 0x9e3779b97f4a7c15) >> (64 - bits)
		for table[h] != 0 {
			if table[h] == j+1 {
				goto draw // drawn before: CPython draws again
			}
			h = (h + 1) & mask
		}
		table[h] = j + 1
		out[i] = int(j)
	}
	return out
}

// setSize is random.sample's estimate of a set's size: 21, plus
// 4**ceil(log(3k, 4)) when k > 5. CPython computes the power of 4 in
// floating point; this computes the least m with 4^m ≥ 3k exactly, the same
// for every k below 2⁴⁴ (past that the float's rounding may differ).
func setSize(k int) int {
	s := 21
	if k > 5 {
		p := 1
		for p < 3*k {
			p *= 4
		}
		s += p
	}
	return s
}
