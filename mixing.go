package shuffle

import "math"

// Bayer and Diaconis ("Trailing the dovetail shuffle to its lair", Ann.
// Appl. Probab. 2(2), 1992) showed that after k Gilbert–Shannon–Reeds
// riffles of n cards an order with r rising sequences has probability
//
//	P_k(r) = C(2^k + n − r, n) / 2^(kn),
//
// and A(n, r) orders have r rising sequences, A the Eulerian numbers. So the
// distance to uniform depends only on how the riffled and the uniform deck
// spread over r. For n in the thousands these are numbers with tens of
// thousands of digits; the functions below work with their logarithms.

// RiffleDistance returns the total variation distance between the order of
// n cards after k GSR riffles (NewRiffle(src, k)) and the uniform order:
// ½·Σ over all orders of |P_k(π) − 1/n!|, the largest difference the two
// can make to the probability of any event. For 52 cards and k = 5 … 10 it
// is .924, .614, .334, .167, .085, .043 (Bayer and Diaconis's table).
//
// It takes O(n²) time (1.2 s for n = 10,000 on a 2-core EPYC VM) and O(n)
// memory. It sums n terms computed in float64 from logarithms: the absolute
// error is below 1e−9 for n ≤ 10,000 (tests compare it with exact rational
// arithmetic for n ≤ 40 and k ≤ 9 to 1e−12).
//
// RiffleDistance panics if n < 1 or k < 0.
func RiffleDistance(n, k int) float64 {
	if n < 1 || k < 0 {
		panic("shuffle: RiffleDistance: n < 1 or k < 0")
	}
	lu := logEulerian(n)
	a := math.Ldexp(1, k)
	tv := 0.0
	lr := logRiffleRatio(n, a)
	for r := 1; r <= n; r++ {
		u := math.Exp(lu[r])
		p := math.Exp(lu[r] + lr)
		tv += math.Abs(p - u)
		// R(r+1) = R(r)·(a − r)/(a − r + n); zero once r ≥ a.
		if float64(r) >= a {
			lr = math.Inf(-1)
		} else {
			lr += math.Log((a - float64(r)) / (a - float64(r) + float64(n)))
		}
	}
	// Rounding can carry the sum a hair past the bounds of a distance.
	return min(max(tv/2, 0), 1)
}

// RiffleSeparation returns the separation distance after k GSR riffles of
// n cards: max over orders of 1 − n!·P_k(π), the smallest s such that the
// riffled deck is a mixture (1−s)·uniform + s·something. The least likely
// order is the reversal, with r = n rising sequences, so it is
// 1 − Π_{i<n} (1 − i/2^k), and 1 while 2^k < n. It bounds RiffleDistance
// from above. O(n) time; relative error below 1e−12.
//
// RiffleSeparation panics if n < 1 or k < 0.
func RiffleSeparation(n, k int) float64 {
	if n < 1 || k < 0 {
		panic("shuffle: RiffleSeparation: n < 1 or k < 0")
	}
	a := math.Ldexp(1, k)
	if a < float64(n) {
		return 1
	}
	l := 0.0
	for i := 1; i < n; i++ {
		l += math.Log1p(-float64(i) / a)
	}
	return -math.Expm1(l)
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

// logRiffleRatio returns log R(1), where R(r) = n!·C(a+n−r, n)/a^n =
// Π_{j=1..n} (a−r+j)/a, with a = 2^k, is n! times the probability of one
// order with r rising sequences: log R(1) = Σ_{j=1..n} log1p((j−1)/a).
func logRiffleRatio(n int, a float64) float64 {
	s := 0.0
	for j := 1; j <= n; j++ {
		s += math.Log1p(float64(j-1) / a)
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
