package python

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPanics holds every documented panic to its message, naming the call.
func TestPanics(t *testing.T) {
	r := New(1)
	for name, f := range map[string]func(){
		"GetRandBits":    func() { r.GetRandBits(65) },
		"GetRandBits-":   func() { r.GetRandBits(-1) },
		"RandBytes":      func() { r.RandBytes(-1) },
		"RandRange":      func() { r.RandRange(3, 3) },
		"RandRangeStep":  func() { r.RandRangeStep(0, 10, 0) },
		"RandRangeStep-": func() { r.RandRangeStep(0, 10, -1) },
		"RandInt":        func() { r.RandInt(2, 1) },
		"Choice":         func() { Choice(r, []int{}) },
		"Shuffle":        func() { r.Shuffle(-1, func(i, j int) {}) },
		"Sample":         func() { r.Sample(3, 4) },
		"Sample-":        func() { r.Sample(3, -1) },
	} {
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.HasPrefix(msg, "python: "+strings.TrimSuffix(name, "-")+":") {
					t.Errorf("%s: panic %q", name, msg)
				}
			}()
			f()
		}()
	}
}

// TestNewBig: New and NewBig seed alike over int64, both signs and the
// ends; the vectors check NewBig past int64.
func TestNewBig(t *testing.T) {
	for _, s := range []int64{0, 1, -1, 1<<32 - 1, 1 << 32, -(1 << 32), math.MaxInt64, math.MinInt64} {
		if a, b := New(s).Uint64(), NewBig(big.NewInt(s)).Uint64(); a != b {
			t.Errorf("seed %d: New gives %d, NewBig %d", s, a, b)
		}
	}
}

// TestSmallDrawNothing: shuffles of 0 and 1 items and samples of 0 draw
// nothing, so the next word is the seed's first.
func TestSmallDrawNothing(t *testing.T) {
	want := New(7).Uint64()
	for _, f := range []func(r *Random){
		func(r *Random) { r.Shuffle(0, nil) },
		func(r *Random) { r.Shuffle(1, nil) },
		func(r *Random) { ShuffleSlice(r, []int{1}) },
		func(r *Random) { r.Sample(10, 0) },
	} {
		r := New(7)
		f(r)
		if got := r.Uint64(); got != want {
			t.Errorf("a draw was made: next word %d, want %d", got, want)
		}
	}
}

// A Random is a math/rand/v2 Source.
var _ rand.Source = (*Random)(nil)
