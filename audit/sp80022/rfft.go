package sp80022

import (
	"math"
)

// rfft is a plan for the moduli of the DFT of n real values, n even and
// n/2 a product of 2s, 3s and 5s (10⁶ = 2⁶·5⁶ is): a complex FFT of the
// n/2 pairs, Stockham's self-sorting mixed-radix form, decimation in
// frequency, then the split into the real transform.
type rfft struct {
	n      int
	radix  []int          // of n/2, radix 4 first, then 2, 3, 5
	tw     [][]complex128 // per stage: w^(p·k), k = 1..r−1, p < its m
	post   []complex128   // e^(−2πik/n), k < n/2
	z, buf []complex128
}

// newRFFT returns a plan for n, or nil if n is not of that form.
func newRFFT(n int) *rfft {
	if n < 4 || n%2 != 0 {
		return nil
	}
	m := n / 2
	var radix []int
	for _, r := range []int{4, 2, 3, 5} {
		for m%r == 0 {
			radix = append(radix, r)
			m /= r
		}
	}
	if m != 1 {
		return nil
	}
	f := &rfft{n: n, radix: radix, z: make([]complex128, n/2), buf: make([]complex128, n/2)}
	size := n / 2
	for _, r := range radix {
		sub := size / r
		tw := make([]complex128, sub*(r-1))
		for p := range sub {
			for k := 1; k < r; k++ {
				tw[p*(r-1)+k-1] = expm(p*k%size, size)
			}
		}
		f.tw = append(f.tw, tw)
		size = sub
	}
	f.post = make([]complex128, n/2)
	for k := range f.post {
		f.post[k] = expm(k, n)
	}
	return f
}

// expm returns e^(−2πi·k/n).
func expm(k, n int) complex128 {
	s, c := math.Sincos(2 * math.Pi * float64(k) / float64(n))
	return complex(c, -s)
}

// scale returns c·z: Go's complex product with complex(c, 0) gives the
// same moduli (it adds only zeros, whose sign no modulus sees) at twice
// the multiplications; and z/2 divides through the runtime.
func scale(c float64, z complex128) complex128 { return complex(c*real(z), c*imag(z)) }

// negI returns −i·z.
func negI(z complex128) complex128 { return complex(imag(z), -real(z)) }

// moduli sets mod[k] = |X_k| for k < n/2, X the DFT of the ±1 values of
// the bits of b.
func (f *rfft) moduli(b Bits, mod []float64) {
	for j := range f.z {
		i := 2 * j
		x0 := float64(int(b.words[i/64]>>(63-i%64)&1)*2 - 1)
		i++
		x1 := float64(int(b.words[i/64]>>(63-i%64)&1)*2 - 1)
		f.z[j] = complex(x0, x1)
	}
	x, y := f.z, f.buf
	size, s := len(f.z), 1
	for st, r := range f.radix {
		stage(x, y, size, s, r, f.tw[st])
		x, y = y, x
		size /= r
		s *= r
	}
	// x holds Z; X_k = E_k + e^(−2πik/n)·O_k.
	m := len(x)
	for k := range m {
		a, c := x[k], x[(m-k)%m]
		cc := complex(real(c), -imag(c))
		e := scale(0.5, a+cc)
		o := scale(0.5, negI(a-cc))
		v := e + f.post[k]*o
		mod[k] = math.Sqrt(real(v)*real(v) + imag(v)*imag(v)) // as STS has it
	}
}

// stage is one pass of radix r over sequences of length size at stride
// s: y[q + s(r·p + k)] = w^(p·k) Σ_j x[q + s(p + j·m)] ω_r^(jk), m = size/r.
func stage(x, y []complex128, size, s, r int, tw []complex128) {
	m := size / r
	switch r {
	case 2:
		for p := range m {
			w := tw[p]
			for q := range s {
				a, b := x[q+s*p], x[q+s*(p+m)]
				y[q+s*(2*p)] = a + b
				y[q+s*(2*p+1)] = (a - b) * w
			}
		}
	case 3:
		const h = 0.86602540378443864676 // sin(2π/3)
		for p := range m {
			w1, w2 := tw[2*p], tw[2*p+1]
			for q := range s {
				a0, a1, a2 := x[q+s*p], x[q+s*(p+m)], x[q+s*(p+2*m)]
				t := a1 + a2
				c := a0 - t/2
				d := scale(h, negI(a1-a2))
				y[q+s*(3*p)] = a0 + t
				y[q+s*(3*p+1)] = (c + d) * w1
				y[q+s*(3*p+2)] = (c - d) * w2
			}
		}
	case 4:
		for p := range m {
			w1, w2, w3 := tw[3*p], tw[3*p+1], tw[3*p+2]
			for q := range s {
				a0, a1, a2, a3 := x[q+s*p], x[q+s*(p+m)], x[q+s*(p+2*m)], x[q+s*(p+3*m)]
				t0, t1 := a0+a2, a0-a2
				t2, t3 := a1+a3, negI(a1-a3)
				y[q+s*(4*p)] = t0 + t2
				y[q+s*(4*p+1)] = (t1 + t3) * w1
				y[q+s*(4*p+2)] = (t0 - t2) * w2
				y[q+s*(4*p+3)] = (t1 - t3) * w3
			}
		}
	case 5:
		c1, c2 := math.Cos(2*math.Pi/5), math.Cos(4*math.Pi/5)
		s1, s2 := math.Sin(2*math.Pi/5), math.Sin(4*math.Pi/5)
		for p := range m {
			w := tw[4*p : 4*p+4]
			for q := range s {
				a0, a1, a2, a3, a4 := x[q+s*p], x[q+s*(p+m)], x[q+s*(p+2*m)], x[q+s*(p+3*m)], x[q+s*(p+4*m)]
				t1, t2, t3, t4 := a1+a4, a2+a3, a1-a4, a2-a3
				b1 := a0 + scale(c1, t1) + scale(c2, t2)
				b2 := a0 + scale(c2, t1) + scale(c1, t2)
				d1 := negI(scale(s1, t3) + scale(s2, t4))
				d2 := negI(scale(s2, t3) - scale(s1, t4))
				y[q+s*(5*p)] = a0 + t1 + t2
				y[q+s*(5*p+1)] = (b1 + d1) * w[0]
				y[q+s*(5*p+2)] = (b2 + d2) * w[1]
				y[q+s*(5*p+3)] = (b2 - d2) * w[2]
				y[q+s*(5*p+4)] = (b1 - d1) * w[3]
			}
		}
	}
}
