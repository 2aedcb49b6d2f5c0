package classic

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/audit/sp80022"
)

// TestInputs: a value not below d is an error that says where; too few
// values an error wrapping ErrTooShort; a constant sequence fails the trial
// tests; a source that runs the trials past the end of the sequence gets
// p = 10⁻⁹, not a verdict from fewer trials.
func TestInputs(t *testing.T) {
	for _, sc := range scaled {
		v := make([]uint32, 50000)
		v[1234] = uint32(sc.d)
		if _, err := sc.run(v, sc.d); err == nil || !strings.Contains(err.Error(), "value 1234 is") {
			t.Errorf("%s: value d at 1234: error %v, want one naming it", sc.name, err)
		}
		if _, err := sc.run(make([]uint32, 100), sc.d); !errors.Is(err, ErrTooShort) {
			t.Errorf("%s: 100 values: error %v, want ErrTooShort", sc.name, err)
		}
	}
	never := make([]uint32, 100000) // no value in [13, 52): every gap abandoned
	for _, c := range []struct {
		name string
		run  func() (Result, error)
	}{
		{"Gap", func() (Result, error) { return Gap(never, 52, 13, 52, 16) }},
		{"CouponCollector", func() (Result, error) { return CouponCollector(never, 6, 30) }},
		{"RunsUp", func() (Result, error) { return RunsUp(make([]uint32, 100000), 6, 5) }},
	} {
		if r, err := c.run(); err != nil || !(r.P < 1e-6) {
			t.Errorf("%s on a constant sequence: p = %v, %v; want < 1e-6", c.name, r.P, err)
		}
	}
	// Trials that read their longest every time run out: 1, 2, …, ascending
	// runs of t values each, where the mean read is under 2.
	asc := make([]uint32, 100000)
	for i := range asc {
		asc[i] = uint32(i)
	}
	if r, err := RunsUp(asc, 1<<32, 6); err != nil || r.P != runOut || !math.IsInf(r.Stat, 1) {
		t.Errorf("RunsUp on 0, 1, 2, …: %+v, %v; want p = %g, χ² = +Inf (ran out)", r, err, runOut)
	}
	for _, b := range []sp80022.Bits{{}, sp80022.FromBytes(make([]byte, 100))} {
		for _, o := range Battery(b) {
			if !errors.Is(o.Err, ErrTooShort) {
				t.Errorf("%d bits: %s: error %v, want ErrTooShort", b.Len(), o.Name, o.Err)
			}
		}
	}
}

// TestPanics: each programmer error panics with the function's name.
func TestPanics(t *testing.T) {
	v := make([]uint32, 10)
	for name, f := range map[string]func(){
		"Equidistribution":  func() { Equidistribution(v, 1) },
		"Serial":            func() { Serial(v, 6, 0) },
		"Gap":               func() { Gap(v, 6, 3, 3, 4) },
		"Poker":             func() { Poker(v, 6, 1) },
		"CouponCollector":   func() { CouponCollector(v, 6, 5) },
		"Permutations":      func() { Permutations(v, 6, 11) },
		"RunsUp":            func() { RunsUp(v, 1<<33, 5) },
		"MaxOfT":            func() { MaxOfT(v, 6, 1, 4) },
		"SerialCorrelation": func() { SerialCorrelation(v, 6, 0) },
		"Values":            func() { Values(sp80022.Bits{}, 33) },
	} {
		func() {
			defer func() {
				if msg, _ := recover().(string); !strings.Contains(msg, "classic."+name) {
					t.Errorf("%s: panic %q, want one naming classic.%s", name, msg, name)
				}
			}()
			f()
		}()
	}
}
