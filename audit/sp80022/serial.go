package sp80022

import "math"

// windows returns, for each m-bit value v, the number of positions i in
// 0..n−1 where bits i to i+m−1 of b, read circularly (bit n is bit 0 again),
// spell v, the first bit most significant: the counts of §2.11 and §2.12.
// It panics unless 1 ≤ m ≤ 24. It reads each bit once.
func windows(b Bits, m int) []int32 {
	n := b.n
	c := make([]int32, 1<<m)
	mask := uint32(1)<<m - 1
	var v uint32
	for j := range m {
		v = v<<1 | uint32(b.Bit(j%n))
	}
	// v holds bits i..i+m−1; the loop adds bit i+m, circularly.
	wrap := b.Slice(0, min(n, m)) // the bits that follow the last
	i := 0
	for ; i+m+64 <= n; i += 64 {
		w := b.word(i + m)
		for k := 63; k >= 0; k-- {
			c[v]++
			v = (v<<1 | uint32(w>>k&1)) & mask
		}
	}
	for ; i < n; i++ {
		c[v]++
		j := i + m
		var bit int
		if j < n {
			bit = b.Bit(j)
		} else {
			bit = wrap.Bit((j - n) % wrap.n)
		}
		v = (v<<1 | uint32(bit)) & mask
	}
	return c
}

// fold returns the counts of (m−1)-bit windows from those of m-bit ones.
func fold(c []int32) []int32 {
	f := make([]int32, len(c)/2)
	for v := range f {
		f[v] = c[2*v] + c[2*v+1]
	}
	return f
}

// Serial returns the two p-values of the serial test, §2.11, m = 16: of
// ∇ψ² and ∇²ψ². It reads each bit once; it does not apply to no bits.
func Serial(b Bits) (p1, p2 float64, err error) {
	const m = 16
	if b.n == 0 {
		return 0, 0, notApplicable("Serial", "empty sequence")
	}
	c16 := windows(b, m)
	c15 := fold(c16)
	c14 := fold(c15)
	psi := func(c []int32) float64 {
		var s int64
		for _, x := range c {
			s += int64(x) * int64(x)
		}
		// Exact so far; then STS's order of operations.
		return float64(s)*float64(len(c))/float64(b.n) - float64(b.n)
	}
	s16, s15, s14 := psi(c16), psi(c15), psi(c14)
	d1 := s16 - s15
	d2 := s16 - 2*s15 + s14
	return igamc(math.Exp2(m-1)/2, d1/2), igamc(math.Exp2(m-2)/2, d2/2), nil
}

// ApproximateEntropy returns the p-value of the approximate entropy test,
// §2.12, m = 10. It reads each bit once and is not applicable to an empty
// sequence; like STS it computes the p-value even when m > ⌊log₂ n⌋ − 5.
func ApproximateEntropy(b Bits) (float64, error) {
	const m = 10
	if b.n == 0 {
		return 0, notApplicable("ApproximateEntropy", "empty sequence")
	}
	c11 := windows(b, m+1)
	c10 := fold(c11)
	n := float64(b.n)
	phi := func(c []int32) float64 {
		s := 0.0
		for _, x := range c {
			if x > 0 {
				s += float64(x) * math.Log(float64(x)/n)
			}
		}
		return s / n
	}
	apen := phi(c10) - phi(c11)
	chi2 := 2 * n * (math.Ln2 - apen)
	return igamc(math.Exp2(m-1), chi2/2), nil
}
