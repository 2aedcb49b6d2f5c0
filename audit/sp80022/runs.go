package sp80022

import (
	"math"
	"math/bits"
)

// Runs returns the p-value of the runs test, §2.3. Where the frequency
// prerequisite |π − ½| < 2/√n fails it returns 0, as STS does (the
// publication does not run the test). It reads each word once.
func Runs(b Bits) (float64, error) {
	n := b.n
	if n == 0 {
		return 0, notApplicable("Runs", "empty sequence")
	}
	pi := float64(b.ones()) / float64(n)
	if math.Abs(pi-0.5) > 2/math.Sqrt(float64(n)) {
		return 0, nil
	}
	// Bit j of w^(w>>1 | previous word's last bit) is 1 where bit j
	// differs from the bit before it.
	v := 1
	var prev uint64
	for i, w := range b.words {
		t := w ^ (w>>1 | prev<<63)
		if i == 0 {
			t &^= 1 << 63 // the first bit has no bit before it
		}
		if i == len(b.words)-1 {
			if r := n % 64; r != 0 {
				t &^= ^uint64(0) >> r // past the end
			}
		}
		v += bits.OnesCount64(t)
		prev = w
	}
	arg := math.Abs(float64(v)-2*float64(n)*pi*(1-pi)) / (2 * pi * (1 - pi) * math.Sqrt(2*float64(n)))
	return math.Erfc(arg), nil
}
