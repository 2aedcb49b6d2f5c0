package java

import "math"

// NextGaussian returns Java's nextGaussian(): Marsaglia's polar method on
// pairs of NextDouble, one of each accepted pair held for the next call.
// It draws 4/π pairs of doubles per two results on average.
func (r *Random) NextGaussian() float64 {
	if r.haveNextNextGaussian {
		r.haveNextNextGaussian = false
		return r.nextNextGaussian
	}
	var v1, v2, s float64
	for {
		v1 = float64(2*r.NextDouble()) - 1
		v2 = float64(2*r.NextDouble()) - 1
		// Each product rounded on its own, as Java does: Go may otherwise
		// fuse a multiply and an add.
		s = float64(v1*v1) + float64(v2*v2)
		if s < 1 && s != 0 {
			break
		}
	}
	m := math.Sqrt(float64(-2*strictLog(s)) / s)
	r.nextNextGaussian = v2 * m
	r.haveNextNextGaussian = true
	return v1 * m
}
