package shuffle

import (
	"math"
	"math/big"
)

// ceilNLogN returns ⌈n·ln n⌉ for n ≥ 1, the default number of random
// transpositions, with the same result on every platform, because it decides
// how many draws a seeded shuffle makes. math.Log is written in assembly on
// amd64 and s390x and may differ from the portable code in the last bit, so
// when n·ln n lies within a hair (10⁻¹² relative, thousands of ulps) of an
// integer, where one bit could move the ceiling, the answer is settled in
// big.Float arithmetic, which is integer arithmetic underneath and identical
// everywhere.
func ceilNLogN(n int) int {
	if n < 2 {
		return 0
	}
	x := float64(n) * math.Log(float64(n))
	c := math.Ceil(x)
	if c >= math.MaxInt {
		// Near the top of int the float cannot tell ⌈n·ln n⌉ from MaxInt
		// (at n = 230700252851840981 it is MaxInt − 794): settle it
		// exactly, which saturates where the ceiling really overflows.
		return ceilNLogNExact(n)
	}
	if nearInt(x) {
		return ceilNLogNExact(n)
	}
	return int(c)
}

// nearInt reports whether x > 0 lies within 10⁻¹²·x of an integer, on
// either side: the float n·ln n may err either way (math.Log rounds either
// way on some platform), so either side can put the true value across it.
func nearInt(x float64) bool {
	c := math.Ceil(x)
	return min(c-x, x-c+1) <= 1e-12*x
}

// ceilNLogNExact is ceilNLogN's slow path for n ≥ 2: n·ln n to 192 bits.
func ceilNLogNExact(n int) int {
	const prec = 192
	// n = m·2^k with m in [½, 1), so ln n = ln m + k·ln 2.
	m := new(big.Float).SetPrec(prec)
	k := new(big.Float).SetPrec(prec).SetInt64(int64(n)).MantExp(m)
	ln2 := lnBig(new(big.Float).SetPrec(prec).SetInt64(2))
	y := lnBig(m)
	y.Add(y, ln2.Mul(ln2, new(big.Float).SetInt64(int64(k))))
	y.Mul(y, new(big.Float).SetInt64(int64(n)))
	z, acc := y.Int(nil) // truncated toward zero
	if acc == big.Below {
		z.Add(z, big.NewInt(1))
	}
	if !z.IsInt64() || z.Int64() > math.MaxInt {
		return math.MaxInt
	}
	return int(z.Int64())
}

// lnBig returns ln y for y in [½, 2] at y's precision, as 2·atanh(t) with
// t = (y−1)/(y+1), |t| ≤ ⅓: a fixed 120 terms of the odd power series shrink
// by 9× each and reach below 2⁻³⁸⁰.
func lnBig(y *big.Float) *big.Float {
	prec := y.Prec()
	one := new(big.Float).SetPrec(prec).SetInt64(1)
	t := new(big.Float).SetPrec(prec).Sub(y, one)
	t.Quo(t, new(big.Float).SetPrec(prec).Add(y, one))
	t2 := new(big.Float).SetPrec(prec).Mul(t, t)
	sum := new(big.Float).SetPrec(prec)
	term := new(big.Float).SetPrec(prec).Set(t) // t^(2i+1)
	q := new(big.Float).SetPrec(prec)
	for i := range 120 {
		sum.Add(sum, q.Quo(term, new(big.Float).SetInt64(int64(2*i+1))))
		term.Mul(term, t2)
	}
	return sum.Mul(sum, new(big.Float).SetInt64(2))
}
