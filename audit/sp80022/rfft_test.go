package sp80022

import (
	"math"
	"math/cmplx"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/dsp/fourier"
)

// TestRFFT holds the moduli of rfft to gonum's FFTPACK on ±1 sequences
// of lengths with every radix, to 1e-9 relative to √n.
func TestRFFT(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for _, n := range []int{4, 6, 8, 10, 12, 18, 30, 50, 250, 360, 1000, 2430, 100000, 1000000} {
		f := newRFFT(n)
		if f == nil {
			t.Fatalf("n = %d: no plan", n)
		}
		b := FromSource(r, n)
		x := make([]float64, n)
		for i := range x {
			x[i] = float64(2*b.Bit(i) - 1)
		}
		want := fourier.NewFFT(n).Coefficients(nil, x)
		mod := make([]float64, n/2)
		f.moduli(b, mod)
		worst := 0.0
		for k := range mod {
			worst = max(worst, math.Abs(mod[k]-cmplx.Abs(want[k])))
		}
		if worst > 1e-9*math.Sqrt(float64(n)) {
			t.Errorf("n = %d: moduli differ by up to %.3g", n, worst)
		}
	}
	for _, n := range []int{2, 3, 14, 5024, 400003} {
		if newRFFT(n) != nil {
			t.Errorf("n = %d: a plan", n)
		}
	}
}
