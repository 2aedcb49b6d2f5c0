package audit

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestZZPairsVar(t *testing.T) {
	for _, k := range []int{1, 2, 4, 6, 8} {
		for _, D := range []int{1, 20} {
			n := 52
			s := shape{n: n, k: k, N: n * k, m: n * k}
			r := rand.New(rand.NewPCG(uint64(k), uint64(D)))
			reps := 3000
			if D > 1 {
				reps = 1500
			}
			sum, sum2 := 0.0, 0.0
			deck := make([]int, s.N)
			seen := make([]float64, n)
			for range reps {
				c := newCounts[float64](s, 0)
				for range D {
					for i := range deck {
						deck[i] = i % n
					}
					r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
					if k == 1 {
						for i, a := range deck {
							for _, b := range deck[i+1:] {
								c.before[a*n+b]++
							}
						}
					} else {
						clear(seen)
						for _, b := range deck {
							for a, v := range seen {
								c.before[b*n+a] += v
							}
							seen[b]++
						}
					}
				}
				x, _, _ := pairsTest(c.before, n, k, float64(D))
				sum += x
				sum2 += x * x
			}
			m := sum / float64(reps)
			v := sum2/float64(reps) - m*m
			r2 := float64(n * (n - 1) / 2)
			t.Logf("k=%d D=%d mean %.1f sd %.1f (chi2 %.1f); excess ratio per deck (v-2r)*D/2r = %.2f", k, D, m, math.Sqrt(v), math.Sqrt(2*r2), (v-2*r2)*float64(D)/(2*r2))
		}
	}
}
