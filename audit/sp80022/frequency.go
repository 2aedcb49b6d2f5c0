package sp80022

import (
	"math"
	"math/bits"
)

// Frequency returns the p-value of the frequency (monobit) test, §2.1:
// erfc(|#1 − #0| / √(2n)). It reads each word once. It is not applicable
// to an empty sequence.
func Frequency(b Bits) (float64, error) {
	if b.n == 0 {
		return 0, notApplicable("Frequency", "empty sequence")
	}
	sum := 2*b.ones() - b.n
	sObs := math.Abs(float64(sum)) / math.Sqrt(float64(b.n))
	return math.Erfc(sObs / math.Sqrt2), nil
}

// BlockFrequency returns the p-value of the frequency test within blocks of
// M = 128 bits, §2.2. The last n mod M bits are unused; it does not apply
// when n < M (STS prints p = 1 from no blocks).
func BlockFrequency(b Bits) (float64, error) { return blockFrequency(b, 128) }

func blockFrequency(b Bits, m int) (float64, error) {
	nb := b.n / m
	if nb == 0 {
		return 0, notApplicable("BlockFrequency", "n = %d < M = %d", b.n, m)
	}
	sum := 0.0
	for i := range nb {
		ones := 0
		if m%64 == 0 {
			for _, w := range b.words[i*m/64 : (i+1)*m/64] {
				ones += bits.OnesCount64(w)
			}
		} else {
			for j := i * m; j < (i+1)*m; j += 64 {
				w := b.word(j)
				if r := (i+1)*m - j; r < 64 {
					w >>= 64 - r
				}
				ones += bits.OnesCount64(w)
			}
		}
		v := float64(ones)/float64(m) - 0.5
		sum += v * v
	}
	chi2 := 4 * float64(m) * sum
	return igamc(float64(nb)/2, chi2/2), nil
}
