package shuffle

import (
	"math"
	"math/bits"
)

// Bayer and Diaconis ("Trailing the dovetail shuffle to its lair", Ann.
// Appl. Probab. 2(2), 1992) showed that after k Gilbert–Shannon–Reeds
// riffles of n cards an order with r rising sequences has probability
//
//	P_k(r) = C(2^k + n − r, n) / 2^(kn),
//
// and A(n, r) orders have r rising sequences, A the Eulerian numbers. So the
// distance to uniform depends only on how the riffled and the uniform deck
// spread over r. For n in the thousands these are numbers with tens of
// thousands of digits; the functions below work with their logarithms, and
// with n!·P_k(r) − 1 directly where the deck is close to uniform.

// RiffleDistance returns the total variation distance to uniform of n cards
// after k riffles ([NewRiffle]), by Bayer and Diaconis's formula.
//
// O(n²) time, O(n) memory, accurate for every k. It panics if n < 1 or k < 0.
func RiffleDistance(n, k int) float64 {
	// Never subtracts two nearly equal probabilities p and u: it sums
	// u·|expm1(log R)|, R = p/u, and keeps the first-order term alone past
	// firstOrderK. Tests hold it against exact rational arithmetic.
	if n < 1 {
		panic("shuffle: RiffleDistance: n < 1")
	}
	if k < 0 {
		panic("shuffle: RiffleDistance: negative k")
	}
	lu := logEulerian(n)
	if k > firstOrderK(n) {
		// R(r) − 1 = n(n+1−2r)/2 / 2^k, to a relative 2^−60 overall.
		s := 0.0
		for r := 1; r <= n; r++ {
			s += math.Exp(lu[r]) * math.Abs(float64(n+1-2*r))
		}
		// tv = ½·Σ u(r)·n·|n+1−2r|/2^(k+1), rounded once by Ldexp even
		// where it is subnormal; the cap on k keeps −k−2 from overflowing
		// and changes nothing, the result being 0 long before.
		return math.Ldexp(s*float64(n), -min(k, 1<<20)-2)
	}
	tv := 0.0
	lr := logRiffleRatio(n, k)
	for r := 1; r <= n; r++ {
		u := math.Exp(lu[r])
		if lr > 1 {
			// p > e·u: the difference loses at most two bits, and p
			// must be computed in one piece where u underflows.
			tv += math.Exp(lu[r]+lr) - u
		} else {
			tv += u * math.Abs(math.Expm1(lr)) // p − u = u·(R − 1)
		}
		// R(r+1) = R(r)·(1 − r/2^k)/(1 + (n−r)/2^k); zero once r ≥ 2^k.
		if float64(r) >= math.Ldexp(1, k) {
			lr = math.Inf(-1)
		} else {
			lr += math.Log1p(-math.Ldexp(float64(r), -k)) - math.Log1p(math.Ldexp(float64(n-r), -k))
		}
	}
	// Rounding can carry the sum a hair past the bounds of a distance.
	return min(max(tv/2, 0), 1)
}

// RiffleSeparation returns the separation distance of n cards after k riffles,
// 1 − Π_{i<n} (1 − i/2^k), an upper bound of [RiffleDistance].
//
// O(n) time. It panics if n < 1 or k < 0.
func RiffleSeparation(n, k int) float64 {
	if n < 1 {
		panic("shuffle: RiffleSeparation: n < 1")
	}
	if k < 0 {
		panic("shuffle: RiffleSeparation: negative k")
	}
	if float64(n) > math.Ldexp(1, k) {
		return 1
	}
	if k > firstOrderK(n) {
		// 1 − R(n) = n(n−1)/2 / 2^k, to a relative n²/2^k.
		return math.Ldexp(float64(n)*float64(n-1)/2, -min(k, 1<<20))
	}
	l := 0.0
	for i := 1; i < n; i++ {
		l += math.Log1p(-math.Ldexp(float64(i), -k))
	}
	return 0 - math.Expm1(l) // +0, not −0, for n = 1
}

// firstOrderK returns the k beyond which RiffleDistance and
// RiffleSeparation keep only the first-order term of R(r) − 1, where
// R(r) = Π_{j=1..n} (1 + (j−r)/a), a = 2^k, is n! times the probability of
// an order with r rising sequences. With S1 = Σ_j (j−r) = n(n+1−2r)/2 and
// S2 = Σ_j (j−r)², R − 1 = S1/a + (S1² − S2)/(2a²) + O(n⁶/a³): keeping
// S1/a alone moves each term by at most about n⁴/(8a²), while the distance
// is at least n/(8a) (E|n+1−2r| ≥ 1/2 for n ≥ 2; at n = 1 both are 0), a
// relative n³/a < 2^−60 for k > 60 + 3·bitlen(n). Up to that k, 2^k is a
// normal float64 and the terms (j−r)·2^−k, computed with Ldexp, are normal
// too, so nothing overflows or underflows.
func firstOrderK(n int) int {
	return 60 + 3*bits.Len(uint(n))
}

// logEulerian returns lu[r] = log(A(n, r)/n!) for r = 1..n: the log of the
// probability that a uniform order of n cards has r rising sequences, by the
// recurrence u_m(r) = (r·u_{m−1}(r) + (m−r+1)·u_{m−1}(r−1))/m in log space.
// lu[0] is −Inf.
func logEulerian(n int) []float64 {
	lu := make([]float64, n+2)
	for r := range lu {
		lu[r] = math.Inf(-1)
	}
	lu[1] = 0 // one card: one rising sequence
	lg := make([]float64, n+1)
	for i := 1; i <= n; i++ {
		lg[i] = math.Log(float64(i))
	}
	for m := 2; m <= n; m++ {
		// Right to left, so that lu[r−1] still holds row m−1.
		for r := m; r >= 1; r-- {
			lu[r] = logAddExp(lg[r]+lu[r], lg[m-r+1]+lu[r-1]) - lg[m]
		}
	}
	return lu
}

// logRiffleRatio returns log R(1), where R(r) = n!·C(2^k+n−r, n)/2^(kn) =
// Π_{j=1..n} (1 + (j−r)/2^k) is n! times the probability of one order with
// r rising sequences: log R(1) = Σ_{j=1..n} log1p((j−1)·2^−k).
func logRiffleRatio(n, k int) float64 {
	s := 0.0
	for j := 1; j <= n; j++ {
		s += math.Log1p(math.Ldexp(float64(j-1), -k))
	}
	return s
}

// logAddExp returns log(e^x + e^y) without overflow.
func logAddExp(x, y float64) float64 {
	if x < y {
		x, y = y, x
	}
	if math.IsInf(y, -1) {
		return x
	}
	return x + math.Log1p(math.Exp(y-x))
}
