package rust

import (
	"math/rand/v2"
	"testing"
)

// TestBlock4 holds block4 (AVX2 where the CPU has it) to block4Generic on
// random keys and counters, among them counters whose low word carries
// within the four blocks.
func TestBlock4(t *testing.T) {
	t.Logf("AVX2 in use: %v", useAVX2())
	r := rand.New(rand.NewPCG(1, 2))
	for k := range 2000 {
		var key [8]uint32
		for i := range key {
			key[i] = r.Uint32()
		}
		c := r.Uint64()
		switch k % 4 {
		case 1:
			c = 1<<32 - uint64(k%4) - 1 // the low word wraps inside the four
		case 2:
			c = ^uint64(0) - 2 // so does the whole counter
		case 3:
			c = uint64(k)
		}
		var got, want [64]uint32
		block4(&key, c, &got)
		block4Generic(&key, c, &want)
		if got != want {
			t.Fatalf("key %x counter %#x: block4 and block4Generic differ", key, c)
		}
	}
}
