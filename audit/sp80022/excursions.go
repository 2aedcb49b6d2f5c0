package sp80022

import "math"

// excursionPi holds, for |x| = 1 to 4, the probabilities that a cycle of
// the random walk visits x 0, 1, 2, 3, 4 or ≥ 5 times, to STS's decimals.
var excursionPi = [5][6]float64{
	{},
	{0.5000000000, 0.25000000000, 0.12500000000, 0.06250000000, 0.03125000000, 0.0312500000},
	{0.7500000000, 0.06250000000, 0.04687500000, 0.03515625000, 0.02636718750, 0.0791015625},
	{0.8333333333, 0.02777777778, 0.02314814815, 0.01929012346, 0.01607510288, 0.0803755143},
	{0.8750000000, 0.01562500000, 0.01367187500, 0.01196289063, 0.01046752930, 0.0732727051},
}

// cycles returns the number J of cycles of the ±1 random walk of b (its
// returns to zero, and one more if it ends away from zero) and of its
// returns to zero, and calls visit at the end of each cycle with its
// visits to −4..−1, 1..4.
func cycles(b Bits, visit func(*[8]int)) (j, zeros int) {
	s := 0
	var c [8]int
	for i := range b.n {
		s += 2*int(b.words[i/64]>>(63-i%64)&1) - 1
		switch {
		case s == 0:
			j++
			visit(&c)
			c = [8]int{}
		case s >= -4 && s <= 4:
			if s < 0 {
				c[s+4]++
			} else {
				c[s+3]++
			}
		}
	}
	zeros = j
	if s != 0 {
		j++
		visit(&c)
	}
	return j, zeros
}

// RandomExcursions returns the 8 p-values of the random excursions test,
// §2.14, for the states −4..−1, 1..4 in that order. It does not apply
// when the walk has fewer than max(500, 0.005√n) cycles, nor (where STS
// stops with an error) when it returns to zero more than max(1000, n/100)
// times.
func RandomExcursions(b Bits) ([]float64, error) {
	n := b.n
	var nu [6][8]float64
	j, zeros := cycles(b, func(c *[8]int) {
		for i, v := range c {
			nu[min(v, 5)][i]++
		}
	})
	if zeros > max(1000, n/100) {
		return nil, notApplicable("RandomExcursions", "%d returns to zero, more than STS's max(1000, n/100)", zeros)
	}
	if float64(j) < max(0.005*math.Sqrt(float64(n)), 500) {
		return nil, notApplicable("RandomExcursions", "%d cycles, fewer than max(500, 0.005√n)", j)
	}
	states := [8]int{-4, -3, -2, -1, 1, 2, 3, 4}
	p := make([]float64, 8)
	for i, x := range states {
		pi := &excursionPi[max(x, -x)]
		sum := 0.0
		for k := range 6 {
			e := float64(j) * pi[k]
			sum += math.Pow(nu[k][i]-e, 2) / e
		}
		p[i] = igamc(2.5, sum/2)
	}
	return p, nil
}

// RandomExcursionsVariant returns the 18 p-values of the random excursions
// variant test, §2.15, for the states −9..−1, 1..9 in that order. It does
// not apply when the walk has fewer than max(500, 0.005√n) cycles.
func RandomExcursionsVariant(b Bits) ([]float64, error) {
	n := b.n
	var count [19]int
	j, s := 0, 0
	for i := range n {
		s += 2*int(b.words[i/64]>>(63-i%64)&1) - 1
		if s == 0 {
			j++
		} else if s >= -9 && s <= 9 {
			count[s+9]++
		}
	}
	if s != 0 {
		j++
	}
	if j < int(max(0.005*math.Sqrt(float64(n)), 500)) {
		return nil, notApplicable("RandomExcursionsVariant", "%d cycles, fewer than max(500, 0.005√n)", j)
	}
	p := make([]float64, 0, 18)
	for x := -9; x <= 9; x++ {
		if x == 0 {
			continue
		}
		ax := float64(max(x, -x))
		p = append(p, math.Erfc(math.Abs(float64(count[x+9]-j))/math.Sqrt(2*float64(j)*(4*ax-2))))
	}
	return p, nil
}
