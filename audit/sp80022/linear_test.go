package sp80022

import (
	"math/rand/v2"
	"testing"
)

// naiveBM is the Berlekamp–Massey algorithm as the publication states it,
// one bit a byte.
func naiveBM(s []int) int {
	n := len(s)
	c, p := make([]int, n+1), make([]int, n+1)
	c[0], p[0] = 1, 1
	l, m := 0, -1
	for i := range n {
		d := s[i]
		for k := 1; k <= l; k++ {
			d ^= c[k] & s[i-k]
		}
		if d == 0 {
			continue
		}
		t := append([]int(nil), c...)
		for k := 0; k+i-m <= n; k++ {
			c[k+i-m] ^= p[k]
		}
		if 2*l <= i {
			l, m, p = i+1-l, i, t
		}
	}
	return l
}

// TestBerlekampMassey holds the packed algorithm to the textbook one on
// random blocks, on blocks of small complexity (the output of a random
// linear recurrence of order 1 to 40), and at unaligned offsets.
func TestBerlekampMassey(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for trial := range 400 {
		m := 1 + r.IntN(64*bmWords-1)
		s := make([]int, m)
		order := m
		if trial%2 == 0 {
			for i := range s {
				s[i] = r.IntN(2)
			}
		} else {
			order = 1 + r.IntN(40)
			taps := make([]int, order)
			for k := range taps {
				taps[k] = r.IntN(2)
			}
			for i := range s {
				if i < order {
					s[i] = r.IntN(2)
					continue
				}
				for k, tap := range taps {
					s[i] ^= tap & s[i-1-k]
				}
			}
		}
		off := r.IntN(64)
		w := make([]uint64, (off+m+63)/64)
		for i, x := range s {
			w[(off+i)/64] |= uint64(x) << (63 - (off+i)%64)
		}
		b := FromWords(w, off+m)
		got, want := berlekampMassey(b, off, m), naiveBM(s)
		if got != want || got > order {
			t.Fatalf("trial %d, m = %d, order %d: complexity %d, want %d", trial, m, order, got, want)
		}
	}
}
