package shuffle

import (
	"fmt"
	"math"
)

// checkWeights returns how many weights are positive, or an error naming the
// function fn and what is wrong: no weights, a weight that is negative, NaN
// or ±Inf (by its index), or all weights zero.
func checkWeights(fn string, w []float64) (int, error) {
	if len(w) == 0 {
		return 0, fmt.Errorf("shuffle: %s: no weights", fn)
	}
	zero := 0
	for i, x := range w {
		// On the bits, positive finite numbers are exactly those in
		// [1, +Inf's): negatives, NaNs and +Inf have larger bit patterns, and
		// u−1 wraps around for +0. One compare that is almost never true
		// keeps the loop fast; then −0 and +0 count as zero.
		if u := math.Float64bits(x); u-1 >= 0x7ff0_0000_0000_0000-1 {
			if u != 0 && u != 1<<63 {
				return 0, fmt.Errorf("shuffle: %s: weight %d is %v; weights must be finite and not negative", fn, i, x)
			}
			zero++
		}
	}
	positive := len(w) - zero
	if positive == 0 {
		return 0, fmt.Errorf("shuffle: %s: all %d weights are zero", fn, len(w))
	}
	return positive, nil
}
