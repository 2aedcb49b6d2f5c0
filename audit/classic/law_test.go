package classic

import (
	"fmt"
	"math"
	"math/big"
	"testing"
)

// each calls f with every sequence of n values in [0, d), d^n of them.
func each(d uint64, n int, f func([]uint32)) {
	v := make([]uint32, n)
	for {
		f(v)
		i := n - 1
		for i >= 0 && uint64(v[i]) == d-1 {
			v[i] = 0
			i--
		}
		if i < 0 {
			return
		}
		v[i]++
	}
}

// checkLaw enumerates every sequence of most values, reads one trial from
// each, and holds the chances of its classes and the mean it reads to the
// law's, to 1e-12: the laws are exact, ties and all, for the very code
// that reads the trials.
func checkLaw(t *testing.T, what string, d uint64, most int, probs []float64, mean float64, trial func([]uint32) (int, int)) {
	t.Helper()
	got := make([]float64, len(probs))
	gotMean := 0.0
	w := math.Pow(float64(d), -float64(most))
	each(d, most, func(v []uint32) {
		c, read := trial(v)
		if read == 0 {
			t.Fatalf("%s: a trial ran past %d values", what, most)
		}
		got[c] += w
		gotMean += w * float64(read)
	})
	sum := 0.0
	for c := range probs {
		sum += probs[c]
		if math.Abs(got[c]-probs[c]) > 1e-12 {
			t.Errorf("%s: class %d has chance %.15g, the law says %.15g", what, c, got[c], probs[c])
		}
	}
	if math.Abs(gotMean-mean) > 1e-12 || math.Abs(sum-1) > 1e-12 {
		t.Errorf("%s: mean read %.15g, the law says %.15g; the law sums to %.15g", what, gotMean, mean, sum)
	}
}

func TestTrialLaws(t *testing.T) {
	for _, d := range []uint64{2, 3, 5} {
		for tt := 2; tt <= 5; tt++ {
			probs, mean := runsLaw(d, tt)
			for _, down := range []bool{false, true} {
				checkLaw(t, fmt.Sprintf("runs d=%d t=%d down=%v", d, tt, down), d, tt, probs, mean,
					func(v []uint32) (int, int) { return runTrial(v, tt, down) })
			}
			for lo := uint32(0); uint64(lo) < d; lo++ {
				hi := lo + 1 + uint32(tt)%uint32(d-uint64(lo))
				probs, mean := gapLaw(d, lo, hi, tt)
				checkLaw(t, fmt.Sprintf("gap d=%d [%d,%d) t=%d", d, lo, hi, tt), d, tt+1, probs, mean,
					func(v []uint32) (int, int) { return gapTrial(v, lo, hi, tt) })
			}
		}
	}
	for _, c := range []struct {
		d uint64
		t int
	}{{2, 2}, {2, 7}, {3, 3}, {3, 8}, {4, 9}} {
		probs, mean := couponLaw(c.d, c.t)
		seen := make([]int, c.d)
		trial := 0
		checkLaw(t, fmt.Sprintf("coupon d=%d t=%d", c.d, c.t), c.d, c.t, probs, mean, func(v []uint32) (int, int) {
			trial++
			return couponTrial(v, c.d, c.t, seen, trial)
		})
	}
}

// TestDistinct holds the chain of distinct values to Knuth's formula
// d(d−1)…(d−r+1)·S(k, r)/dᵏ in exact integers, S the Stirling numbers of
// the second kind by their recurrence, to 1e-14 relative; and the poker
// classes to enumeration.
func TestDistinct(t *testing.T) {
	for _, c := range []struct {
		d uint64
		k int
	}{{2, 5}, {8, 5}, {16, 5}, {52, 7}, {256, 12}, {1 << 32, 6}, {10, 40}} {
		got := distinct(c.d, c.k)
		for r := 1; r < len(got); r++ {
			num := new(big.Int).Mul(fallingFactorial(c.d, r), stirling2(c.k, r))
			den := new(big.Int).Exp(new(big.Int).SetUint64(c.d), big.NewInt(int64(c.k)), nil)
			want, _ := new(big.Rat).SetFrac(num, den).Float64()
			if math.Abs(got[r]-want) > 1e-14*want {
				t.Errorf("d=%d k=%d: P(%d distinct) = %.17g, want %.17g", c.d, c.k, r, got[r], want)
			}
		}
	}
	d, k := uint64(4), 5
	probs := distinct(d, k)
	got := make([]float64, len(probs))
	each(d, k, func(v []uint32) {
		var seen []uint32
		for _, x := range v {
			if !contains(seen, x) {
				seen = append(seen, x)
			}
		}
		got[len(seen)] += math.Pow(float64(d), -float64(k))
	})
	for r := range probs {
		if math.Abs(got[r]-probs[r]) > 1e-14 {
			t.Errorf("poker d=%d k=%d: P(%d distinct) = %v by enumeration, %v by the chain", d, k, r, got[r], probs[r])
		}
	}
}

func fallingFactorial(d uint64, r int) *big.Int {
	f := big.NewInt(1)
	for i := range r {
		f.Mul(f, new(big.Int).SetUint64(d-uint64(i)))
	}
	return f
}

// stirling2 is S(k, r) by S(k, r) = r·S(k−1, r) + S(k−1, r−1).
func stirling2(k, r int) *big.Int {
	row := []*big.Int{big.NewInt(1)} // S(0, 0)
	for n := 1; n <= k; n++ {
		next := make([]*big.Int, n+1)
		for j := range next {
			next[j] = new(big.Int)
			if j < n {
				next[j].Mul(big.NewInt(int64(j)), row[j])
			}
			if j > 0 {
				next[j].Add(next[j], row[j-1])
			}
		}
		row = next
	}
	if r > k {
		return new(big.Int)
	}
	return row[r]
}

// TestMaxLaw holds the maximum-of-t classes to enumeration, on ranges
// small enough that cuts merge.
func TestMaxLaw(t *testing.T) {
	for _, c := range []struct {
		d       uint64
		t, bins int
	}{{2, 3, 4}, {5, 3, 4}, {7, 4, 16}, {16, 2, 16}} {
		cuts, probs := maxLaw(c.d, c.t, c.bins)
		got := make([]float64, len(probs))
		each(c.d, c.t, func(v []uint32) {
			m := uint32(0)
			for _, x := range v {
				m = max(m, x)
			}
			got[maxClass(cuts, m)] += math.Pow(float64(c.d), -float64(c.t))
		})
		for i := range probs {
			if math.Abs(got[i]-probs[i]) > 1e-14 {
				t.Errorf("d=%d t=%d bins=%d: class %d has chance %v, the law says %v", c.d, c.t, c.bins, i, got[i], probs[i])
			}
		}
	}
}
