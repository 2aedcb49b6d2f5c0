package java

import (
	"math"
	"math/rand/v2"
	"testing"
)

var _ rand.Source = (*Random)(nil)

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"NextInt(0)":  func() { NewRandom(1).NextInt(0) },
		"NextInt(-5)": func() { NewRandom(1).NextInt(-5) },
		"Shuffle(-1)": func() { Shuffle(NewRandom(1), -1, func(i, j int) {}) },
		"Shuffle(MaxInt)": func() {
			if math.MaxInt == math.MaxInt32 {
				panic("32-bit int: no length past Java's") // counts as the panic wanted
			}
			Shuffle(NewRandom(1), math.MaxInt, func(i, j int) {})
		},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			f()
		}()
	}
}

// TestShortDrawsNothing: a list of 0 or 1 items draws nothing, as in Java.
func TestShortDrawsNothing(t *testing.T) {
	for n := range 2 {
		r := NewRandom(7)
		Shuffle(r, n, func(i, j int) { t.Errorf("swap(%d, %d) for n = %d", i, j, n) })
		if r.NextLong() != NewRandom(7).NextLong() {
			t.Errorf("Shuffle of %d items drew from the source", n)
		}
	}
}

// TestSetSeed: reseeding restarts the stream and drops a held Gaussian.
func TestSetSeed(t *testing.T) {
	r := NewRandom(3)
	first := r.NextGaussian()
	r.NextGaussian()
	r.NextGaussian() // holds the second of a pair
	r.SetSeed(3)
	if g := r.NextGaussian(); g != first {
		t.Errorf("after SetSeed(3), NextGaussian = %v, want %v", g, first)
	}
}

// TestAsSource: rand.New over a Random draws NextLong's bits.
func TestAsSource(t *testing.T) {
	a, b := NewRandom(11), NewRandom(11)
	if got, want := rand.New(a).Uint64(), uint64(b.NextLong()); got != want {
		t.Errorf("rand.New(r).Uint64() = %#x, want NextLong's %#x", got, want)
	}
}
