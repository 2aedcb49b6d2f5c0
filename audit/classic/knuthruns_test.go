package classic

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/fairshuffle/shuffle/audit/sp80022"
	"github.com/fairshuffle/shuffle/internal/perm"
)

// TestRunsMoments holds runsMomentsAt to the mean and covariance of the
// run counts over all n! orders, n = 7, 8, 9; and the moments extended
// from n = 40, 41 to those summed at 60 and 97, to 1e-9.
func TestRunsMoments(t *testing.T) {
	for _, n := range []int{7, 8, 9} {
		mean, cov := runsMomentsAt(n)
		var sum [runClasses]float64
		var prod [runClasses][runClasses]float64
		count := 0.0
		v := make([]int, n)
		for i := range v {
			v[i] = i
		}
		for ok := true; ok; ok = perm.Next(v) {
			p := v
			var c [runClasses]float64
			start := 0
			for i := 1; i <= n; i++ {
				if i == n || p[i] < p[i-1] {
					c[min(i-start, runClasses)-1]++
					start = i
				}
			}
			for i := range c {
				sum[i] += c[i]
				for j := range c {
					prod[i][j] += c[i] * c[j]
				}
			}
			count++
		}
		for i := range sum {
			m := sum[i] / count
			if math.Abs(m-mean[i]) > 1e-12 {
				t.Errorf("n = %d: mean of class %d is %.15g over all orders, runsMomentsAt says %.15g", n, i+1, m, mean[i])
			}
			for j := range sum {
				c := prod[i][j]/count - m*sum[j]/count
				if math.Abs(c-cov[i][j]) > 1e-12 {
					t.Errorf("n = %d: covariance (%d, %d) is %.15g over all orders, runsMomentsAt says %.15g", n, i+1, j+1, c, cov[i][j])
				}
			}
		}
	}
	for _, n := range []int{60, 97} {
		m0, c0 := runsMomentsAt(n)
		m1, c1 := runsMoments(n)
		for i := range m0 {
			if math.Abs(m0[i]-m1[i]) > 1e-9 {
				t.Errorf("n = %d: mean %d summed %.15g, extended %.15g", n, i+1, m0[i], m1[i])
			}
			for j := range m0 {
				if math.Abs(c0[i][j]-c1[i][j]) > 1e-9 {
					t.Errorf("n = %d: covariance (%d, %d) summed %.15g, extended %.15g", n, i+1, j+1, c0[i][j], c1[i][j])
				}
			}
		}
	}
}

// TestRunsUpAll: over 200 fixed seeds of 31,250 values (10⁶ bits), the
// p-values pass NIST's second level (false-failure rate about 0.0035 at
// 100 sequences, see TestNull; here 200: 0.003); a control, each pair of
// neighbours put in ascending order with chance 0.1, fails at p < 10⁻⁶;
// and a range too coarse is an error.
func TestRunsUpAll(t *testing.T) {
	var ps []float64
	for s := range 200 {
		r := rand.New(rand.NewPCG(uint64(s), 31))
		v := make([]uint32, 31250)
		for i := range v {
			v[i] = r.Uint32()
		}
		res, err := RunsUpAll(v, 1<<32)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, res.P)
	}
	a := sp80022.Assess(ps)
	t.Logf("fair values: %d of %d pass, uniformity %.3g, bins %v", a.Passed, a.Sequences, a.Uniformity, a.Bins)
	if !a.Pass() {
		t.Errorf("fair values: %d of %d pass (range %d–%d), uniformity %.3g, bins %v", a.Passed, a.Sequences, a.Min, a.Max, a.Uniformity, a.Bins)
	}
	r := rand.New(rand.NewPCG(29, 32))
	v := make([]uint32, 31250)
	for i := range v {
		v[i] = r.Uint32()
		if i > 0 && r.Float64() < 0.1 && v[i] < v[i-1] {
			v[i], v[i-1] = v[i-1], v[i]
		}
	}
	res, err := RunsUpAll(v, 1<<32)
	t.Logf("control: χ² = %.4g, p = %.3g", res.Stat, res.P)
	if err != nil || !(res.P < 1e-6) {
		t.Errorf("control: p = %.3g, %v; want < 1e-6", res.P, err)
	}
	if _, err := RunsUpAll(make([]uint32, 5000), 6); err == nil {
		t.Errorf("5,000 values on [0, 6): no error, want one (ties)")
	}
}
