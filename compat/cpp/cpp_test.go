package cpp

import (
	"math/rand/v2"
	"testing"
)

var (
	_ rand.Source = (*MT19937)(nil)
	_ rand.Source = (*MT19937_64)(nil)
)

// TestTenThousandth is the check the C++ standard gives ([rand.predef]):
// the 10000th word of a default-constructed engine.
func TestTenThousandth(t *testing.T) {
	g := NewMT19937(DefaultSeed)
	g.Discard(9999)
	if v := g.Uint32(); v != 4123659995 {
		t.Errorf("mt19937: 10000th word %d, want 4123659995", v)
	}
	h := NewMT19937_64(DefaultSeed)
	h.Discard(9999)
	if v := h.Uint64(); v != 9981545732273789042 {
		t.Errorf("mt19937_64: 10000th word %d, want 9981545732273789042", v)
	}
}

// TestSeed checks that Seed restarts the stream as a new engine.
func TestSeed(t *testing.T) {
	g := NewMT19937(7)
	a := g.Uint64()
	g.Seed(7)
	if b := g.Uint64(); a != b {
		t.Errorf("mt19937 after Seed: %#x, want %#x", b, a)
	}
	h := NewMT19937_64(7)
	c := h.Uint64()
	h.Seed(7)
	if d := h.Uint64(); c != d {
		t.Errorf("mt19937_64 after Seed: %#x, want %#x", d, c)
	}
}

// TestDrawsNothing checks that shuffles of 0 and 1 item draw nothing.
func TestDrawsNothing(t *testing.T) {
	for n := range 2 {
		g := NewMT19937(1)
		Shuffle(g, n, func(i, j int) { t.Errorf("n=%d: swap(%d, %d)", n, i, j) })
		ShuffleSlice(g, make([]int, n))
		if *g != *NewMT19937(1) {
			t.Errorf("n=%d: the engine moved", n)
		}
	}
}

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"Shuffle n<0":    func() { Shuffle(NewMT19937(1), -1, func(i, j int) {}) },
		"UniformInt a>b": func() { UniformInt(NewMT19937_64(1), 2, 1) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}
