package numpy

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPanics holds every documented panic to its message, naming the call.
func TestPanics(t *testing.T) {
	g, r := DefaultRNG(1), NewRandomState(1)
	for name, f := range map[string]func(){
		"Integers":     func() { g.Integers(3, 3) },
		"Choice":       func() { g.Choice(3, 4) },
		"Permutation":  func() { g.Permutation(-1) },
		"Shuffle":      func() { g.Shuffle(-1, nil) },
		"RandInt":      func() { r.RandInt(5, 4) },
		"Permutation-": func() { r.Permutation(-1) },
		"Shuffle-":     func() { r.Shuffle(-1, nil) },
	} {
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.HasPrefix(msg, "numpy: "+strings.TrimSuffix(name, "-")+":") {
					t.Errorf("%s: panic %q", name, msg)
				}
			}()
			f()
		}()
	}
}

// TestSmallDrawNothing: shuffles of 0 and 1 items and Integers over one
// value draw nothing, so the next word is the seed's first, and the kept
// 32-bit half is still unset.
func TestSmallDrawNothing(t *testing.T) {
	want := DefaultRNG(3).Uint64()
	for _, f := range []func(g *Generator){
		func(g *Generator) { g.Permutation(1) },
		func(g *Generator) { g.Shuffle(1, nil) },
		func(g *Generator) { ShuffleSlice(g, []int{}) },
		func(g *Generator) { g.Integers(5, 6) },
	} {
		g := DefaultRNG(3)
		f(g)
		if got := g.Uint64(); got != want || g.pcg.has32 {
			t.Errorf("a draw was made: next word %d, want %d", got, want)
		}
	}
	wantRS := NewRandomState(3).Uint64()
	r := NewRandomState(3)
	r.Permutation(1)
	r.RandInt(-4, -3)
	if got := r.Uint64(); got != wantRS {
		t.Errorf("RandomState: a draw was made: next word %d, want %d", got, wantRS)
	}
}

// TestShuffle64 reaches the 64-bit draws of random_interval, which only
// arrays of more than 2³² items take in numpy, by calling interval
// directly: masked 64-bit words below max+1, the kept half untouched.
func TestShuffle64(t *testing.T) {
	g := DefaultRNG(9)
	g.pcg.next32() // keep a half
	const max = 1<<33 + 5
	for range 1000 {
		if v := g.interval(max); v > max {
			t.Fatalf("interval(%d) = %d", uint64(max), v)
		}
	}
	if !g.pcg.has32 {
		t.Error("a 64-bit draw used the kept 32-bit half")
	}
}

// Both generators are math/rand/v2 Sources.
var (
	_ rand.Source = (*Generator)(nil)
	_ rand.Source = (*RandomState)(nil)
)
