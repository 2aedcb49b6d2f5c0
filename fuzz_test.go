package shuffle

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// FuzzWeightedScript drives a Weighted sampler with an arbitrary script of
// Take and Reweight calls on arbitrary weights (8 bytes a weight, then one
// byte an operation and 9 more for Reweight's index and weight): never a
// panic but Reweight's documented one for an index out of range (not
// made), an error exactly for bad weights with nothing changed, and Take
// returning every index of positive weight exactly once between
// reweightings, never one of weight zero.
func FuzzWeightedScript(f *testing.F) {
	f.Add(weightBytes(1, 2, 3), []byte{0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 240, 63, 0}, uint64(1))
	f.Add(weightBytes(0, 1e-310, 1e308, 1e308), []byte{0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 248, 127}, uint64(2))
	f.Add(weightBytes(5), []byte{0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0}, uint64(3))
	f.Fuzz(func(t *testing.T, raw, script []byte, seed uint64) {
		w := floats(raw)
		before := slices.Clone(w)
		s, err := NewWeighted(rand.NewPCG(seed, 1), w)
		if (err != nil) != badWeights(w) {
			t.Fatalf("NewWeighted %v: error %v", w, err)
		}
		if !slices.EqualFunc(w, before, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
			t.Fatal("weights modified")
		}
		if err != nil {
			return
		}
		cur := slices.Clone(w) // the weights the sampler holds now
		for len(script) > 0 {
			op := script[0]
			script = script[1:]
			if op%2 == 0 || len(script) < 9 {
				i, ok := s.Take()
				positive := slices.ContainsFunc(cur, func(x float64) bool { return x > 0 })
				switch {
				case ok != positive:
					t.Fatalf("Take: %v with weights %v", ok, cur)
				case ok && !(cur[i] > 0):
					t.Fatalf("Take: %d of weight %v", i, cur[i])
				case ok:
					cur[i] = 0
				}
				continue
			}
			i := int(script[0]) % len(cur)
			wt := floats(script[1:9])[0]
			script = script[9:]
			err := s.Reweight(i, wt)
			if bad := !(wt >= 0 && wt <= math.MaxFloat64); (err != nil) != bad {
				t.Fatalf("Reweight(%d, %v): error %v", i, wt, err)
			}
			if err == nil {
				cur[i] = wt
			}
		}
	})
}

// FuzzSample: Sample and SampleOf with any n and k either panic with their
// named message for bad arguments or return k distinct indices in range,
// SampleOf the elements at Sample's indices.
func FuzzSample(f *testing.F) {
	f.Add(10, 3, uint64(1))
	f.Add(0, 0, uint64(2))
	f.Add(math.MaxInt, 70, uint64(3))
	f.Add(5, 6, uint64(4))
	f.Add(-1, 0, uint64(5))
	f.Fuzz(func(t *testing.T, n, k int, seed uint64) {
		if k > 1<<16 || k < -1 {
			k %= 1 << 16 // the bounds are tested elsewhere; keep each run small
		}
		want := ""
		switch {
		case n < 0:
			want = "shuffle: Sample: negative n"
		case k < 0:
			want = "shuffle: Sample: negative k"
		case k > n:
			want = "shuffle: Sample: k > n"
		}
		got := func() (msg any) {
			defer func() { msg = recover() }()
			idx := Sample(rand.NewPCG(seed, 2), n, k)
			seen := map[int]bool{}
			for _, i := range idx {
				if i < 0 || i >= n || seen[i] {
					t.Fatalf("Sample(%d, %d): %v", n, k, idx)
				}
				seen[i] = true
			}
			if len(idx) != k {
				t.Fatalf("Sample(%d, %d): %d indices", n, k, len(idx))
			}
			if n <= 1<<16 {
				s := ordered(n)
				of := SampleOf(rand.NewPCG(seed, 2), s, k)
				if !slices.Equal(of, idx) {
					t.Fatalf("SampleOf(%d, %d) = %v, Sample = %v", n, k, of, idx)
				}
			}
			return nil
		}()
		if got == nil && want != "" || got != nil && got != want {
			t.Fatalf("Sample(%d, %d): panic %v, want %q", n, k, got, want)
		}
	})
}

// floats reads little-endian float64s, 8 bytes each.
func floats(raw []byte) []float64 {
	w := make([]float64, len(raw)/8)
	for i := range w {
		var bits uint64
		for b := range 8 {
			bits |= uint64(raw[8*i+b]) << (8 * b)
		}
		w[i] = math.Float64frombits(bits)
	}
	return w
}

// badWeights reports whether weights are refused: none, one negative, NaN
// or infinite, or all zero.
func badWeights(w []float64) bool {
	positive := false
	for _, x := range w {
		if !(x >= 0 && x <= math.MaxFloat64) {
			return true
		}
		positive = positive || x > 0
	}
	return !positive
}
