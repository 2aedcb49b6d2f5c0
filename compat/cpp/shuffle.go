package cpp

// Shuffle permutes n elements as libstdc++'s std::shuffle(first, first+n, g)
// does, calling swap(i, j) with j ≤ i, for i from 1 up, as its iter_swap.
// It makes n-1 swaps (swap(i, i) among them); it panics if n < 0.
//
// Where (g.max()-g.min())/n ≥ n, as in libstdc++ 11 and 12, the positions
// for i and i+1 come from one draw in [0, (i+1)(i+2)).
func Shuffle[G Engine](g G, n int, swap func(i, j int)) {
	if n < 0 {
		panic("cpp: Shuffle: n < 0")
	}
	switch g := any(g).(type) {
	case *MT19937:
		shuffle32(g, n, swap)
	case *MT19937_64:
		shuffle64(g, n, swap)
	}
}

// ShuffleSlice permutes s as std::shuffle(s.begin(), s.end(), g) does:
// the same order as [Shuffle] with len(s) and a swap of s's elements.
func ShuffleSlice[S ~[]E, E any, G Engine](g G, s S) {
	switch g := any(g).(type) {
	case *MT19937:
		shuffleSlice32(g, s)
	case *MT19937_64:
		shuffleSlice64(g, s)
	}
}

// pairs reports whether std::shuffle draws two positions at a time for n
// elements with an engine of range r, as libstdc++'s test
// r/n >= n, which avoids overflowing r >= n*n.
func pairs(r uint64, n int) bool {
	return n > 0 && r/uint64(n) >= uint64(n)
}

// The loops below are one loop written four times, for the two engines and
// for a swap function or a slice, so that each draws with direct calls; the
// tests hold each to libstdc++'s own output.

func shuffle32(g *MT19937, n int, swap func(i, j int)) {
	if !pairs(1<<32-1, n) {
		for i := 1; i < n; i++ {
			swap(i, int(uniform32(g, uint64(i))))
		}
		return
	}
	i := 1
	if n%2 == 0 {
		swap(1, int(lemire32(g, 2)))
		i = 2
	}
	for ; i < n; i += 2 {
		b := uint32(i) + 2 // the positions of i+1; those of i are one fewer
		x := lemire32(g, (b-1)*b)
		swap(i, int(x/b))
		swap(i+1, int(x%b))
	}
}

func shuffle64(g *MT19937_64, n int, swap func(i, j int)) {
	if !pairs(1<<64-1, n) {
		for i := 1; i < n; i++ {
			swap(i, int(uniform64(g, uint64(i))))
		}
		return
	}
	i := 1
	if n%2 == 0 {
		swap(1, int(lemire64(g, 2)))
		i = 2
	}
	for ; i < n; i += 2 {
		b := uint64(i) + 2
		x := lemire64(g, (b-1)*b)
		swap(i, int(x/b))
		swap(i+1, int(x%b))
	}
}

func shuffleSlice32[E any](g *MT19937, s []E) {
	n := len(s)
	if !pairs(1<<32-1, n) {
		for i := 1; i < n; i++ {
			j := uniform32(g, uint64(i))
			s[i], s[j] = s[j], s[i]
		}
		return
	}
	i := 1
	if n%2 == 0 {
		j := lemire32(g, 2)
		s[1], s[j] = s[j], s[1]
		i = 2
	}
	for ; i < n; i += 2 {
		b := uint32(i) + 2
		x := lemire32(g, (b-1)*b)
		j, k := x/b, x%b
		s[i], s[j] = s[j], s[i]
		s[i+1], s[k] = s[k], s[i+1]
	}
}

func shuffleSlice64[E any](g *MT19937_64, s []E) {
	n := len(s)
	if !pairs(1<<64-1, n) {
		for i := 1; i < n; i++ {
			j := uniform64(g, uint64(i))
			s[i], s[j] = s[j], s[i]
		}
		return
	}
	i := 1
	if n%2 == 0 {
		j := lemire64(g, 2)
		s[1], s[j] = s[j], s[1]
		i = 2
	}
	for ; i < n; i += 2 {
		b := uint64(i) + 2
		x := lemire64(g, (b-1)*b)
		j, k := x/b, x%b
		s[i], s[j] = s[j], s[i]
		s[i+1], s[k] = s[k], s[i+1]
	}
}
