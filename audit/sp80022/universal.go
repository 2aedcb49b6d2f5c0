package sp80022

import "math"

// universalL lists, for L = 6 to 16, the least n for which STS takes
// blocks of L bits (the publication's table of §2.9.7).
var universalL = [...]int{387840, 904960, 2068480, 4654080, 10342400, 22753280, 49643520, 107560960, 231669760, 496435200, 1059061760}

// Maurer's expected value and variance of the statistic for L = 0 to 16.
var (
	universalE = [17]float64{0, 0, 0, 0, 0, 0, 5.2177052, 6.1962507, 7.1836656, 8.1764248, 9.1723243, 10.170032, 11.168765, 12.168070, 13.167693, 14.167488, 15.167379}
	universalV = [17]float64{0, 0, 0, 0, 0, 0, 2.954, 3.125, 3.238, 3.311, 3.356, 3.384, 3.401, 3.410, 3.416, 3.419, 3.421}
)

// Universal returns the p-value of Maurer's universal statistical test,
// §2.9, with L and Q = 10·2^L from n as STS takes them. It does not apply
// when n < 387,840 (STS's least n, L = 6).
func Universal(b Bits) (float64, error) {
	n := b.n
	l := 5
	for i, least := range universalL {
		if n >= least {
			l = 6 + i
		}
	}
	if l < 6 {
		return 0, notApplicable("Universal", "n = %d < 387840", n)
	}
	q := 10 << l
	k := n/l - q
	c := 0.7 - 0.8/float64(l) + (4+32/float64(l))*math.Pow(float64(k), -3/float64(l))/15
	sigma := c * math.Sqrt(universalV[l]/float64(k))
	last := make([]int, 1<<l)
	block := func(i int) uint64 { return b.word((i-1)*l) >> (64 - l) }
	for i := 1; i <= q; i++ {
		last[block(i)] = i
	}
	sum := 0.0
	for i := q + 1; i <= q+k; i++ {
		v := block(i)
		sum += math.Log(float64(i-last[v])) / math.Ln2
		last[v] = i
	}
	phi := sum / float64(k)
	return math.Erfc(math.Abs(phi-universalE[l]) / (math.Sqrt2 * sigma)), nil
}
