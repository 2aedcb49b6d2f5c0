package sp80022

import (
	"math"
	"math/cmplx"
	"sync"

	"gonum.org/v1/gonum/dsp/fourier"
)

// FFT returns the p-value of the discrete Fourier transform (spectral)
// test, §2.6. It takes O(n log n) time and about 36 bytes a bit of memory,
// kept for the next call of the same n; it does not apply below 2 bits.
func FFT(b Bits) (float64, error) {
	n := b.n
	if n < 2 {
		return 0, notApplicable("FFT", "n = %d < 2", n)
	}
	pool, _ := fftPools.LoadOrStore(n, &sync.Pool{})
	w, _ := pool.(*sync.Pool).Get().(*fftWork)
	if w == nil {
		w = newFFTWork(n)
	}
	defer pool.(*sync.Pool).Put(w)
	mod := w.moduli(b)
	// The first n/2 moduli, the mean's included, as STS counts them,
	// against STS's threshold √(2.995732274·n), ln 20 to ten digits.
	t := math.Sqrt(2.995732274 * float64(n))
	count := 0
	for _, m := range mod {
		if m < t {
			count++
		}
	}
	d := (float64(count) - 0.95*float64(n)/2) / math.Sqrt(float64(n)/4*0.95*0.05)
	return math.Erfc(math.Abs(d) / math.Sqrt2), nil
}

// fftWork is the plan and buffers of one FFT of n points: ours where n/2
// has no prime factor but 2, 3 and 5 (10⁶ bits: 41 ms of CPU where
// gonum's took 69), gonum's FFTPACK otherwise.
type fftWork struct {
	own  *rfft
	plan *fourier.FFT
	x    []float64
	c    []complex128
	mod  []float64
}

func newFFTWork(n int) *fftWork {
	w := &fftWork{own: newRFFT(n), mod: make([]float64, n/2)}
	if w.own == nil {
		w.plan, w.x, w.c = fourier.NewFFT(n), make([]float64, n), make([]complex128, n/2+1)
	}
	return w
}

// moduli returns |X_k| for k < n/2, X the DFT of b's bits as ±1.
func (w *fftWork) moduli(b Bits) []float64 {
	if w.own != nil {
		w.own.moduli(b, w.mod)
		return w.mod
	}
	for i := range w.x {
		w.x[i] = float64(int(b.words[i/64]>>(63-i%64)&1)*2 - 1)
	}
	for k, z := range w.plan.Coefficients(w.c, w.x)[:len(w.mod)] {
		w.mod[k] = cmplx.Abs(z)
	}
	return w.mod
}

// fftPools holds a *sync.Pool of *fftWork for each n seen.
var fftPools sync.Map
