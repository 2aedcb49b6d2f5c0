package mt19937

import "testing"

// The reference code's mt19937ar.out: init_by_array({0x123, 0x234, 0x345,
// 0x456}), then genrand_int32 a thousand times; its first five and its
// 1000th outputs.
func TestReferenceByArray(t *testing.T) {
	var g MT
	g.SeedArray([]uint32{0x123, 0x234, 0x345, 0x456})
	want := []uint32{1067595299, 955945823, 477289528, 4107218783, 4228976476}
	for i, w := range want {
		if got := g.Uint32(); got != w {
			t.Fatalf("output %d: got %d, want %d", i, got, w)
		}
	}
	for range 1000 - len(want) - 1 {
		g.Uint32()
	}
	if got := g.Uint32(); got != 3460025646 {
		t.Errorf("output 999: got %d, want 3460025646", got)
	}
}

// C++11 [rand.predef]: the 10000th output of a default-constructed
// std::mt19937 (init_genrand(5489)) is 4123659995.
func TestReferenceGenrand(t *testing.T) {
	var g MT
	g.Seed(5489)
	var x uint32
	for range 10000 {
		x = g.Uint32()
	}
	if x != 4123659995 {
		t.Errorf("10000th output: got %d, want 4123659995", x)
	}
}

func BenchmarkUint32(b *testing.B) {
	var g MT
	g.Seed(1)
	var s uint32
	for range b.N {
		s += g.Uint32()
	}
	sink = s
}

var sink uint32
