package ruby

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

var _ rand.Source = (*Random)(nil)

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"Rand(0)":     func() { NewRandom(1).Rand(0) },
		"Rand(-3)":    func() { NewRandom(1).Rand(-3) },
		"Shuffle(-1)": func() { NewRandom(1).Shuffle(-1, func(i, j int) {}) },
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

// TestShortDrawsNothing: a shuffle of 0 or 1 items draws nothing, as in Ruby.
func TestShortDrawsNothing(t *testing.T) {
	for n := range 2 {
		r := NewRandom(7)
		r.Shuffle(n, func(i, j int) { t.Errorf("swap(%d, %d) for n = %d", i, j, n) })
		ShuffleSlice(r, make([]int, n))
		if r.Uint64() != NewRandom(7).Uint64() {
			t.Errorf("a shuffle of %d items drew from the source", n)
		}
	}
}

// TestSeeds: the seeds Ruby treats alike, and a pair it does not.
func TestSeeds(t *testing.T) {
	same := func(a, b *Random) bool { return a.Uint64() == b.Uint64() }
	if !same(NewRandom(42), NewRandom(-42)) {
		t.Error("Random.new(42) and Random.new(-42) differ")
	}
	if !same(NewRandom(5), NewRandom(5+1<<32)) {
		t.Error("Random.new(5) and Random.new(5 + 2**32) differ: the leading-zero guard")
	}
	if same(NewRandom(5), NewRandom(5+2<<32)) {
		t.Error("Random.new(5) and Random.new(5 + 2**33) are alike")
	}
	if !same(NewRandom(-1<<63), NewRandomBig(new(big.Int).Lsh(big.NewInt(1), 63))) {
		t.Error("Random.new(-2**63) and Random.new(2**63) differ")
	}
}
