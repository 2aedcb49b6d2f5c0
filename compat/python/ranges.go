package python

// RandRange returns random.randrange(start, stop): start + _randbelow(stop
// - start), one or more getrandbits draws. It panics if stop ≤ start.
func (r *Random) RandRange(start, stop int) int {
	if stop <= start {
		panic("python: RandRange: empty range (stop ≤ start)")
	}
	return start + int(r.below(uint64(stop)-uint64(start)))
}

// RandRangeStep returns random.randrange(start, stop, step): start + step*k
// for a k drawn below the count of steps. It panics if step is 0 or the
// range is empty.
func (r *Random) RandRangeStep(start, stop, step int) int {
	var n uint64
	switch {
	case step > 0 && stop > start:
		w := uint64(stop) - uint64(start)
		n = (w-1)/uint64(step) + 1
	case step < 0 && stop < start:
		w := uint64(start) - uint64(stop)
		n = (w-1)/(-uint64(step)) + 1
	case step == 0:
		panic("python: RandRangeStep: zero step")
	default:
		panic("python: RandRangeStep: empty range")
	}
	return start + step*int(r.below(n))
}

// RandInt returns random.randint(a, b), randrange(a, b+1): an int in [a, b].
// It panics if b < a.
func (r *Random) RandInt(a, b int) int {
	if b < a {
		panic("python: RandInt: empty range (b < a)")
	}
	w := uint64(b) - uint64(a) + 1
	if w == 0 { // b - a + 1 = 2⁶⁴: CPython draws 65 bits
		return a + int(r.below65())
	}
	return a + int(r.below(w))
}

// Choice returns random.choice(s): s[_randbelow(len(s))]. It panics if s
// is empty, as CPython raises IndexError.
func Choice[S ~[]E, E any](r *Random, s S) E {
	if len(s) == 0 {
		panic("python: Choice: empty slice")
	}
	return s[r.below(uint64(len(s)))]
}
