package sp80022

import "math"

// Rank returns the p-value of the binary matrix rank test, §2.5, on the
// ⌊n/1024⌋ disjoint 32×32 matrices, ranked as STS does. It does
// not apply when n < 1024 (STS prints p = 0).
func Rank(b Bits) (float64, error) {
	nm := b.n / 1024
	if nm == 0 {
		return 0, notApplicable("Rank", "n = %d < 1024, no 32×32 matrix", b.n)
	}
	p32 := rankProb(32)
	p31 := rankProb(31)
	p30 := 1 - (p32 + p31)
	f32, f31 := 0, 0
	var rows [32]uint32
	for k := range nm {
		for i := range 16 {
			w := b.words[16*k+i]
			rows[2*i], rows[2*i+1] = uint32(w>>32), uint32(w)
		}
		switch stsRank(&rows) {
		case 32:
			f32++
		case 31:
			f31++
		}
	}
	n := float64(nm)
	f30 := n - float64(f32+f31)
	chi2 := sq(float64(f32)-n*p32)/(n*p32) + sq(float64(f31)-n*p31)/(n*p31) + sq(f30-n*p30)/(n*p30)
	return math.Exp(-chi2 / 2), nil
}

func sq(x float64) float64 { return x * x }

// rankProb is the probability that a random 32×32 matrix over GF(2) has
// rank r, computed as STS does.
func rankProb(r int) float64 {
	p := 1.0
	for i := range r {
		p *= (1 - math.Pow(2, float64(i-32))) * (1 - math.Pow(2, float64(i-32))) / (1 - math.Pow(2, float64(i-r)))
	}
	return math.Pow(2, float64(r*(64-r)-1024)) * p
}

// stsRank returns the rank of the 32×32 matrix whose row i is rows[i], its
// column 0 the most significant bit, by STS's computeRank: forward
// elimination on each diagonal element (swapping in a lower row with a 1
// there if need be), then backward elimination likewise, then the count of
// rows not zero. It overwrites rows.
func stsRank(rows *[32]uint32) int {
	const m = 32
	for i := 0; i < m-1; i++ {
		bit := uint32(1) << (31 - i)
		if rows[i]&bit == 0 {
			j := i + 1
			for j < m && rows[j]&bit == 0 {
				j++
			}
			if j == m {
				continue
			}
			rows[i], rows[j] = rows[j], rows[i]
		}
		for j := i + 1; j < m; j++ {
			if rows[j]&bit != 0 {
				rows[j] ^= rows[i]
			}
		}
	}
	for i := m - 1; i > 0; i-- {
		bit := uint32(1) << (31 - i)
		if rows[i]&bit == 0 {
			j := i - 1
			for j >= 0 && rows[j]&bit == 0 {
				j--
			}
			if j < 0 {
				continue
			}
			rows[i], rows[j] = rows[j], rows[i]
		}
		for j := i - 1; j >= 0; j-- {
			if rows[j]&bit != 0 {
				rows[j] ^= rows[i]
			}
		}
	}
	r := m
	for _, row := range rows {
		if row == 0 {
			r--
		}
	}
	return r
}
