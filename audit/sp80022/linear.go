package sp80022

import (
	"math"
	"math/bits"
)

// linearPi holds STS's class probabilities for the linear complexity test.
// The first is 0.01047 where the publication has 0.010417 (1/96): STS's
// departure, followed here.
var linearPi = [7]float64{0.01047, 0.03125, 0.12500, 0.50000, 0.25000, 0.06250, 0.020833}

// LinearComplexity returns the p-value of the linear complexity test,
// §2.10, M = 500: the Berlekamp–Massey complexity of each block of M bits.
// It does not apply when n < M; the last n mod M bits are unused.
func LinearComplexity(b Bits) (float64, error) { return linearComplexity(b, 500) }

func linearComplexity(b Bits, m int) (float64, error) {
	nb := b.n / m
	if nb == 0 {
		return 0, notApplicable("LinearComplexity", "n = %d < M = %d", b.n, m)
	}
	sign := 1.0
	if (m+1)%2 == 0 {
		sign = -1
	}
	mean := float64(m)/2 + (9+sign)/36 - 1/math.Pow(2, float64(m))*(float64(m)/3+2.0/9)
	sign = 1
	if m%2 != 0 {
		sign = -1
	}
	var nu [7]float64
	for i := range nb {
		t := sign*(float64(berlekampMassey(b, i*m, m))-mean) + 2.0/9
		switch {
		case t <= -2.5:
			nu[0]++
		case t <= -1.5:
			nu[1]++
		case t <= -0.5:
			nu[2]++
		case t <= 0.5:
			nu[3]++
		case t <= 1.5:
			nu[4]++
		case t <= 2.5:
			nu[5]++
		default:
			nu[6]++
		}
	}
	chi2 := 0.0
	for i, x := range nu {
		e := float64(nb) * linearPi[i]
		chi2 += math.Pow(x-e, 2) / e
	}
	return igamc(3, chi2/2), nil
}

// bmWords bounds the words of a connection polynomial: blocks of at most
// 64·bmWords − 1 bits.
const bmWords = 16

// berlekampMassey returns the linear complexity of bits i to i+m−1 of b,
// m < 64·bmWords, over polynomials packed in words: O(m²/64).
func berlekampMassey(b Bits, i, m int) int {
	// c and p hold C(x) and B(x), coefficient k in bit k; r holds the bits
	// seen, the latest in bit 0 (r's bit k is s[n−k]), so that the
	// discrepancy s[n] + Σ c_k s[n−k] is the parity of c & r.
	var c, p, r [bmWords]uint64
	c[0], p[0] = 1, 1
	l, shift := 0, 1 // shift = n − m of the publication
	var w uint64     // the 64 bits from bit i+n on, n rounded down to 64
	for n := range m {
		if n%64 == 0 {
			w = b.word(i + n)
		}
		// c, p·x^shift and r have degree at most n: words beyond are zero.
		words := n/64 + 1
		// r ← r·x + s[n]
		for k := words - 1; k > 0; k-- {
			r[k] = r[k]<<1 | r[k-1]>>63
		}
		r[0] = r[0]<<1 | w>>(63-n%64)&1
		d := 0
		for k := range words {
			d += bits.OnesCount64(c[k] & r[k])
		}
		if d&1 == 0 {
			shift++
			continue
		}
		t := c
		// c ← c + x^shift·p
		ws, bs := shift/64, uint(shift%64)
		for k := words - 1; k >= ws; k-- {
			v := p[k-ws] << bs
			if bs != 0 && k-ws > 0 {
				v |= p[k-ws-1] >> (64 - bs)
			}
			c[k] ^= v
		}
		if 2*l <= n {
			l = n + 1 - l
			p = t
			shift = 1
		} else {
			shift++
		}
	}
	return l
}
