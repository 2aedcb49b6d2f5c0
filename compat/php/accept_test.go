package php

import (
	"math/rand/v2"
	"testing"
)

// TestAccept holds accept32 and accept64 to PHP's own test, x <= limit, on
// random bounds and on words at and around each bound's limit.
func TestAccept(t *testing.T) {
	g := rand.New(rand.NewPCG(30, 1))
	for range 200_000 {
		u32 := g.Uint32() >> g.UintN(32)
		if u32 < 2 || u32&(u32-1) == 0 {
			continue // PHP masks powers of two and never reaches the test
		}
		limit32 := 1<<32 - 1 - (1<<32-1)%u32 - 1
		for _, x := range []uint32{g.Uint32(), limit32 - 1, limit32, limit32 + 1, 1<<32 - 1} {
			if got, want := accept32(x, x%u32, u32), x <= limit32; got != want {
				t.Fatalf("accept32(%d) with umax %d = %v, PHP %v", x, u32, got, want)
			}
		}
		u64 := g.Uint64() >> g.UintN(64)
		if u64 < 2 || u64&(u64-1) == 0 {
			continue
		}
		limit64 := 1<<64 - 1 - (1<<64-1)%u64 - 1
		for _, x := range []uint64{g.Uint64(), limit64 - 1, limit64, limit64 + 1, 1<<64 - 1} {
			if got, want := accept64(x, x%u64, u64), x <= limit64; got != want {
				t.Fatalf("accept64(%d) with umax %d = %v, PHP %v", x, u64, got, want)
			}
		}
	}
}
