package php

import (
	"math/rand/v2"
	"testing"
)

var _ rand.Source = (*MT19937)(nil)

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"RandRange(1, 0)": func() { NewMT19937(1).RandRange(1, 0) },
		"Shuffle(-1)":     func() { Shuffle(NewMT19937(1), -1, func(i, j int) {}) },
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

// TestShortDrawsNothing: shuffle() of 0 or 1 items draws nothing, as in PHP.
func TestShortDrawsNothing(t *testing.T) {
	for n := range 2 {
		r := NewMT19937(7)
		Shuffle(r, n, func(i, j int) { t.Errorf("swap(%d, %d) for n = %d", i, j, n) })
		ShuffleSlice(r, make([]int, n))
		if r.Rand() != NewMT19937(7).Rand() {
			t.Errorf("a shuffle of %d items drew from the source", n)
		}
	}
}

// TestSeedTruncated: mt_srand keeps the seed's low 32 bits.
func TestSeedTruncated(t *testing.T) {
	if NewMT19937(5).Uint32() != NewMT19937(5+1<<32).Uint32() || NewMT19937(-1).Uint32() != NewMT19937(1<<32-1).Uint32() {
		t.Error("seeds equal in their low 32 bits gave different words")
	}
	if NewMT19937(5).Uint32() == NewMT19937(6).Uint32() {
		t.Error("seeds 5 and 6 gave the same first word")
	}
}

// TestUint64: the first word is the low half, as PHP's 64-bit ranges join them.
func TestUint64(t *testing.T) {
	a, b := NewMT19937(9), NewMT19937(9)
	lo, hi := uint64(b.Uint32()), uint64(b.Uint32())
	if got := rand.New(a).Uint64(); got != lo|hi<<32 {
		t.Errorf("Uint64 = %#x, want %#x", got, lo|hi<<32)
	}
}
