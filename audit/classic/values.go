package classic

import (
	"fmt"

	"github.com/fairshuffle/shuffle/audit/sp80022"
)

// Values cuts b into ⌊Len/w⌋ values of w bits each, first bit most
// significant: integers uniform on [0, 2ʷ) if b's bits are fair. It takes
// O(Len) time, and panics unless 1 ≤ w ≤ 32.
func Values(b sp80022.Bits, w int) []uint32 {
	if w < 1 || w > 32 {
		panic(fmt.Sprintf("classic.Values: w = %d out of range [1, 32]", w))
	}
	v := make([]uint32, b.Len()/w)
	for i := range v {
		v[i] = uint32(b.Word(i*w) >> (64 - w))
	}
	return v
}
