package shuffle

import (
	"math"
	"math/big"
	"math/rand/v2"
)

// Naive shuffles s in place with the default source by the classic mistake:
// it swaps every position with any position. It is NOT uniform; it is here to
// be studied. O(n) time, n bounded draws, no allocation.
func Naive[S ~[]E, E any](s S) {
	shuffleSlice(&shuffler{alg: algNaive}, s)
}

// NewNaive returns the naive Shuffler drawing from src (nil: the default
// source). It is biased.
//
// For i = 0 up to n−1 it swaps item i with a uniform item j in [0, n−1].
// That makes n^n equally likely sequences of choices, and for n ≥ 3 n^n is
// not a multiple of n! (n−1 divides n! but shares no factor with n), so the
// orders cannot all be equally likely. For n = 3 the 27 paths give the orders
// 123, 132, 213, 231, 312, 321 with counts 4, 5, 5, 5, 4, 4. In closed form,
// with q = 1 − 1/n and positions from 0, the item that starts at i ends at j
// with probability (q^(n−1−j) + q^i)/n if j < i, and
// (q^(n−1−j) + q^i − q^(i+n−1−j))/n if j ≥ i: the first item is placed
// uniformly, the others are not. In a 52-card deck the likeliest (item,
// place) pair is 1.82 times as likely as the least likely one.
func NewNaive(src rand.Source) Shuffler {
	return &shuffler{alg: algNaive, src: src}
}

// Insertion shuffles s in place with the default source by repeated
// insertion: n times, the last item is taken out and put back at a uniform
// place. It is NOT uniform for n ≥ 3. O(n²) time, n bounded draws, no
// allocation.
func Insertion[S ~[]E, E any](s S) {
	shuffleSlice(&shuffler{alg: algInsertion}, s)
}

// NewInsertion returns the insertion Shuffler drawing from src (nil: the
// default source). It is biased for n ≥ 3.
//
// Each step takes the bottom card and inserts it at one of the n places with
// equal probability, and it does so n times. The same move repeated until
// the card that started at the top has reached the bottom and been inserted
// (about n·ln n steps) would give a uniform deck (Aldous and Diaconis's
// strong uniform time for the top-to-random shuffle). n steps stop short:
// the cards never taken out keep their original relative order.
func NewInsertion(src rand.Source) Shuffler {
	return &shuffler{alg: algInsertion, src: src}
}

// Transpositions shuffles s in place with the default source by swapping two
// uniformly random positions ⌈n·ln n⌉ times. It is NOT uniform for n ≥ 3.
// O(n log n) time, two bounded draws per swap, no allocation.
func Transpositions[S ~[]E, E any](s S) {
	shuffleSlice(&shuffler{alg: algTranspositions}, s)
}

// NewTranspositions returns the transpositions Shuffler drawing from src
// (nil: the default source), making rounds random swaps, or ⌈n·ln n⌉ for n
// items if rounds is 0.
//
// Each swap exchanges the items at two positions drawn independently and
// uniformly (the same position, a no-op, with probability 1/n). Diaconis and
// Shahshahani (1981) showed the deck is close to uniform only after about
// ½·n·ln n swaps, with a sharp cut-off. For n ≥ 3 it is never exactly
// uniform: after k swaps every order's probability is a multiple of n^−2k,
// and n! does not divide n^2k.
//
// NewTranspositions panics if rounds < 0.
func NewTranspositions(src rand.Source, rounds int) Shuffler {
	return newRounds("NewTranspositions", algTranspositions, src, rounds)
}

func naive[S ~[]E, E any](r *rng, s S) {
	x := indices{count: len(s), first: len(s)}
	for k, js := x.next(r); len(js) > 0; k, js = x.next(r) {
		for t, j := range js {
			i := k + t
			s[i], s[j] = s[j], s[i]
		}
	}
}

func naiveFunc(r *rng, n int, swap func(i, j int)) {
	x := indices{count: n, first: n}
	for k, js := x.next(r); len(js) > 0; k, js = x.next(r) {
		for t, j := range js {
			swap(k+t, j)
		}
	}
}

func insertion[S ~[]E, E any](r *rng, s S) {
	n := len(s)
	for range n {
		q := r.intn(n)
		last := s[n-1]
		copy(s[q+1:], s[q:n-1])
		s[q] = last
	}
}

func insertionFunc(r *rng, n int, swap func(i, j int)) {
	for range n {
		q := r.intn(n)
		for i := n - 1; i > q; i-- {
			swap(i, i-1)
		}
	}
}

func transpositions[S ~[]E, E any](r *rng, s S, swaps int) {
	// Blocks have an even length, so a pair never straddles two of them.
	x := indices{count: 2 * swaps, first: len(s)}
	for _, ij := x.next(r); len(ij) > 0; _, ij = x.next(r) {
		for t := 0; t < len(ij); t += 2 {
			i, j := ij[t], ij[t+1]
			s[i], s[j] = s[j], s[i]
		}
	}
}

func transpositionsFunc(r *rng, n int, swap func(i, j int), swaps int) {
	x := indices{count: 2 * swaps, first: n}
	for _, ij := x.next(r); len(ij) > 0; _, ij = x.next(r) {
		for t := 0; t < len(ij); t += 2 {
			swap(ij[t], ij[t+1])
		}
	}
}

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
		return math.MaxInt // only where int has 32 bits: n above 1.2·10⁸
	}
	if min(c-x, x-c+1) > 1e-12*x {
		return int(c)
	}
	return ceilNLogNExact(n)
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
