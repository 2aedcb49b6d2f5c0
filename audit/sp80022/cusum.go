package sp80022

import "math"

// walk holds, for each byte, the ±1 random walk of its bits (most
// significant first): its end, and the highest and lowest of its eight
// partial sums.
var walk = func() (t [256]struct{ end, hi, lo int8 }) {
	for c := range 256 {
		s, hi, lo := 0, -8, 8
		for k := 7; k >= 0; k-- {
			s += 2*(c>>k&1) - 1
			hi, lo = max(hi, s), min(lo, s)
		}
		t[c].end, t[c].hi, t[c].lo = int8(s), int8(hi), int8(lo)
	}
	return
}()

// CumulativeSums returns the p-values of the cumulative sums test, §2.13,
// forward (mode 0) and backward (mode 1). Below the publication's 100
// bits, STS's series can pass 1 a little (1.1 at n = 4); so can these. It
// reads each byte once.
func CumulativeSums(b Bits) (forward, reverse float64, err error) {
	if b.n == 0 {
		return 0, 0, notApplicable("CumulativeSums", "empty sequence")
	}
	// sup and inf are the walk's highest and lowest partial sums, 0 (the
	// empty sum) included, as STS has them: the reverse walk's largest
	// excursion is then max(sup−S, S−inf).
	s, sup, inf := 0, 0, 0
	full := b.n / 64
	for _, w := range b.words[:full] {
		for k := 56; k >= 0; k -= 8 {
			e := &walk[byte(w>>k)]
			sup = max(sup, s+int(e.hi))
			inf = min(inf, s+int(e.lo))
			s += int(e.end)
		}
	}
	for i := 64 * full; i < b.n; i++ {
		s += 2*b.Bit(i) - 1
		sup, inf = max(sup, s), min(inf, s)
	}
	z := max(sup, -inf)
	zrev := max(sup-s, s-inf)
	return cusumP(b.n, z), cusumP(b.n, zrev), nil
}

// cusumP is the p-value of a largest excursion z of a walk of n steps, the
// sums of §2.13.4 (5) with STS's bounds: C's integer division, truncated
// towards zero, as Go's is.
func cusumP(n, z int) float64 {
	sq := math.Sqrt(float64(n))
	sum1 := 0.0
	for k := (-n/z + 1) / 4; k <= (n/z-1)/4; k++ {
		sum1 += normal(float64((4*k+1)*z) / sq)
		sum1 -= normal(float64((4*k-1)*z) / sq)
	}
	sum2 := 0.0
	for k := (-n/z - 3) / 4; k <= (n/z-1)/4; k++ {
		sum2 += normal(float64((4*k+3)*z) / sq)
		sum2 -= normal(float64((4*k+1)*z) / sq)
	}
	return 1 - sum1 + sum2
}
