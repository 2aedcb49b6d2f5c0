package sp80022

import (
	"math"
	"math/bits"
)

// aperiodic returns the m-bit templates that overlap no shift of
// themselves (no proper prefix equals the suffix of its length), in
// increasing order as numbers, first bit most significant: for m = 9, the
// 148 templates of STS's templates/template9, in its order.
func aperiodic(m int) []uint32 {
	var t []uint32
	for v := uint32(0); v < 1<<m; v++ {
		ok := true
		for k := 1; k < m && ok; k++ {
			// the first m−k bits against the last m−k bits
			if v>>k == v&(1<<(m-k)-1) {
				ok = false
			}
		}
		if ok {
			t = append(t, v)
		}
	}
	return t
}

var templates9 = aperiodic(9)

// NonOverlappingTemplate returns the 148 p-values of the non-overlapping
// template matching test, §2.7, m = 9, one for each aperiodic template in
// STS's order. It reads each bit once.
func NonOverlappingTemplate(b Bits) ([]float64, error) {
	const m, nb = 9, 8
	bm := b.n / nb
	lambda := float64(bm-m+1) / math.Exp2(m)
	if lambda <= 0 {
		return nil, notApplicable("NonOverlappingTemplate", "n = %d: blocks of %d bits, shorter than the template", b.n, bm)
	}
	varW := float64(bm) * (1/math.Exp2(m) - (2*m-1)/math.Exp2(2*m))
	// An aperiodic template cannot overlap itself, so its non-overlapping
	// matches in a block (STS's scan, which jumps past each match) are
	// all its matches: the block's counts of 9-bit windows give them all.
	var w [nb][1 << m]int32
	for i := range nb {
		countWindows(b, i*bm, (i+1)*bm, m, w[i][:])
	}
	p := make([]float64, len(templates9))
	for j, t := range templates9 {
		chi2 := 0.0
		for i := range nb {
			chi2 += math.Pow((float64(w[i][t])-lambda)/math.Pow(varW, 0.5), 2)
		}
		p[j] = igamc(nb/2.0, chi2/2)
	}
	return p, nil
}

// countWindows adds to c, for each m-bit value, the number of its
// occurrences (overlapping) in bits i to j−1 of b.
func countWindows(b Bits, i, j, m int, c []int32) {
	if j-i < m {
		return
	}
	mask := uint32(1)<<m - 1
	var v uint32
	for k := i; k < i+m-1; k++ {
		v = v<<1 | uint32(b.Bit(k))
	}
	k := i + m - 1 // the next bit to add; then v spells a window ending at k
	for ; k+64 <= j; k += 64 {
		w := b.word(k)
		for s := 63; s >= 0; s-- {
			v = (v<<1 | uint32(w>>s&1)) & mask
			c[v]++
		}
	}
	for ; k < j; k++ {
		v = (v<<1 | uint32(b.Bit(k))) & mask
		c[v]++
	}
}

// OverlappingTemplate returns the p-value of the overlapping template
// matching test, §2.8, for nine ones in blocks of 1032 bits. It reads each
// word about nine times.
func OverlappingTemplate(b Bits) (float64, error) {
	const m, bm, k = 9, 1032, 5
	nb := b.n / bm
	if nb == 0 {
		return 0, notApplicable("OverlappingTemplate", "n = %d < M = %d", b.n, bm)
	}
	lambda := float64(bm-m+1) / math.Exp2(m)
	eta := lambda / 2
	var pi [k + 1]float64
	sum := 0.0
	for u := range k {
		pi[u] = overlapPr(u, eta)
		sum += pi[u]
	}
	pi[k] = 1 - sum
	var nu [k + 1]int
	for i := range nb {
		nu[min(onesRuns(b, i*bm, (i+1)*bm, m), k)]++
	}
	chi2 := 0.0
	for i, x := range nu {
		e := float64(nb) * pi[i]
		chi2 += math.Pow(float64(x)-e, 2) / e
	}
	return igamc(k/2.0, chi2/2), nil
}

// overlapPr is STS's Pr(u, η), the probability of u matches of the
// template of m ones in a block, from the publication's §3.8.
func overlapPr(u int, eta float64) float64 {
	if u == 0 {
		return math.Exp(-eta)
	}
	sum := 0.0
	for l := 1; l <= u; l++ {
		sum += math.Exp(-eta - float64(u)*math.Ln2 + float64(l)*math.Log(eta) - lgam(float64(l+1)) + lgam(float64(u)) - lgam(float64(l)) - lgam(float64(u-l+1)))
	}
	return sum
}

func lgam(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}

// onesRuns returns the number of positions in bits i to j−1 of b where m
// ones begin (overlapping), 64 positions at a time.
func onesRuns(b Bits, i, j, m int) int {
	c := 0
	for k := i; k+m <= j; k += 64 {
		// Bit s of x (from the top) is 1 where bits k+s..k+s+m−1 are ones.
		x := b.word(k)
		for s := 1; s < m; s++ {
			x &= b.word(k + s) // zeros past the end of b
		}
		if r := j - m + 1 - k; r < 64 { // windows that start at k+r or later do not fit
			x &^= ^uint64(0) >> r
		}
		c += bits.OnesCount64(x)
	}
	return c
}
