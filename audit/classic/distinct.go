package classic

// distinct returns P(j draws of d equally likely values show k distinct
// values), for k = 0..min(j, d)+1 (the last 0 when j < d), by the chain on
// the number seen so far: a draw shows a new value with chance (d−k)/d.
// The result is d(d−1)…(d−k+1)·S(j, k)/dʲ, S a Stirling number of the
// second kind, as Knuth writes the poker and coupon probabilities
// (§3.3.2 D, E); the chain's terms are all positive, so nothing cancels.
// It takes O(j·min(j, d)) time.
func distinct(d uint64, j int) []float64 {
	top := j
	if uint64(top) > d {
		top = int(d)
	}
	p := make([]float64, top+2)
	p[0] = 1
	fd := float64(d)
	for step := 1; step <= j; step++ {
		for k := min(step, top); k >= 1; k-- {
			p[k] = p[k]*float64(k)/fd + p[k-1]*(fd-float64(k-1))/fd
		}
		p[0] = 0
	}
	return p[:top+1]
}
