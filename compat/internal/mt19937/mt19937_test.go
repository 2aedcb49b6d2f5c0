package mt19937

import "testing"

// The reference code's published output (mt19937ar.out): init_by_array
// {0x123, 0x234, 0x345, 0x456}, the first outputs and the 1000th.
func TestReference(t *testing.T) {
	var g MT
	g.SeedArray([]uint32{0x123, 0x234, 0x345, 0x456})
	want := []uint32{1067595299, 955945823, 477289528, 4107218783, 4228976476}
	for i, w := range want {
		if v := g.Uint32(); v != w {
			t.Fatalf("output %d: got %d, want %d", i, v, w)
		}
	}
	for range 994 {
		g.Uint32()
	}
	if v := g.Uint32(); v != 3460025646 {
		t.Errorf("output 1000: got %d, want 3460025646", v)
	}
}

// init_genrand(5489), the C++ standard's default: its 10000th output is
// 4123659995 (C++11 [rand.predef]).
func TestSeed(t *testing.T) {
	var g MT
	g.Seed(5489)
	var v uint32
	for range 10000 {
		v = g.Uint32()
	}
	if v != 4123659995 {
		t.Errorf("10000th output of seed 5489: got %d, want 4123659995", v)
	}
}
