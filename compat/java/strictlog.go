package java

import "math"

// Coefficients of fdlibm's e_log.c, the polynomial for log((1+s)/(1-s)).
const (
	ln2Hi = 6.93147180369123816490e-01 // 0x3fe62e42fee00000
	ln2Lo = 1.90821492927058770002e-10 // 0x3dea39ef35793c76
	two54 = 1.80143985094819840000e+16
	lg1   = 6.666666666666735130e-01
	lg2   = 3.999999999940941908e-01
	lg3   = 2.857142874366239149e-01
	lg4   = 2.222219843214978396e-01
	lg5   = 1.818357216161805012e-01
	lg6   = 1.531383769920937332e-01
	lg7   = 1.479819860511658591e-01
)

// strictLog is Java's StrictMath.log: fdlibm's __ieee754_log step for step,
// every product rounded on its own. Go's math.Log is not it: on amd64 it is
// assembly that may differ in the last bit, and nextGaussian must not.
func strictLog(x float64) float64 {
	bits := math.Float64bits(x)
	hx, lx := int32(bits>>32), uint32(bits)
	k := int32(0)
	if hx < 0x00100000 { // below 2⁻¹⁰²², zero or negative
		switch {
		case hx&0x7fffffff == 0 && lx == 0:
			return math.Inf(-1)
		case hx < 0:
			return math.NaN()
		}
		k -= 54
		x *= two54 // a subnormal, scaled up
		bits = math.Float64bits(x)
		hx, lx = int32(bits>>32), uint32(bits)
	}
	if hx >= 0x7ff00000 {
		return x + x
	}
	k += hx>>20 - 1023
	hx &= 0x000fffff
	i := (hx + 0x95f64) & 0x100000
	// x or x/2, whichever puts it in [sqrt(2)/2, sqrt(2)).
	x = math.Float64frombits(uint64(uint32(hx|(i^0x3ff00000)))<<32 | uint64(lx))
	k += i >> 20
	f := x - 1
	dk := float64(k)
	if 0x000fffff&(2+hx) < 3 { // |f| < 2⁻²⁰
		if f == 0 {
			if k == 0 {
				return 0
			}
			return float64(dk*ln2Hi) + float64(dk*ln2Lo)
		}
		r := float64(f*f) * (0.5 - float64(0.33333333333333333*f))
		if k == 0 {
			return f - r
		}
		return float64(dk*ln2Hi) - ((r - float64(dk*ln2Lo)) - f)
	}
	s := f / (2 + f)
	z := s * s
	w := z * z
	t1 := w * (lg2 + float64(w*(lg4+float64(w*lg6))))
	t2 := z * (lg1 + float64(w*(lg3+float64(w*(lg5+float64(w*lg7))))))
	R := t2 + t1
	if (hx-0x6147a)|(0x6b851-hx) > 0 {
		hfsq := float64(0.5*f) * f
		if k == 0 {
			return f - (hfsq - float64(s*(hfsq+R)))
		}
		return float64(dk*ln2Hi) - ((hfsq - (float64(s*(hfsq+R)) + float64(dk*ln2Lo))) - f)
	}
	if k == 0 {
		return f - float64(s*(f-R))
	}
	return float64(dk*ln2Hi) - ((float64(s*(f-R)) - float64(dk*ln2Lo)) - f)
}
