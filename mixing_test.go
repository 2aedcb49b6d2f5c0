package shuffle

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
)

// exactRiffle returns the total variation and separation distances after k
// riffles of n cards in exact rational arithmetic, from the Eulerian numbers
// and Bayer and Diaconis's formula.
func exactRiffle(n, k int) (tv, sep *big.Rat) {
	// A[r] for r = 1..n, by A(m, r) = r·A(m−1, r) + (m−r+1)·A(m−1, r−1).
	A := make([]*big.Int, n+2)
	for r := range A {
		A[r] = new(big.Int)
	}
	A[1].SetInt64(1)
	for m := 2; m <= n; m++ {
		for r := m; r >= 1; r-- {
			x := new(big.Int).Mul(big.NewInt(int64(r)), A[r])
			A[r] = x.Add(x, new(big.Int).Mul(big.NewInt(int64(m-r+1)), A[r-1]))
		}
	}
	fact := new(big.Int).MulRange(1, int64(n))
	a := new(big.Int).Lsh(big.NewInt(1), uint(k))
	an := new(big.Int).Exp(a, big.NewInt(int64(n)), nil)
	binom := func(top *big.Int) *big.Int { // C(top, n), 0 if top < n
		if top.Cmp(big.NewInt(int64(n))) < 0 {
			return new(big.Int)
		}
		num := new(big.Int).Set(big.NewInt(1))
		for i := range n {
			num.Mul(num, new(big.Int).Sub(top, big.NewInt(int64(i))))
		}
		return num.Quo(num, fact)
	}
	tv = new(big.Rat)
	for r := 1; r <= n; r++ {
		top := new(big.Int).Add(a, big.NewInt(int64(n-r)))
		p := new(big.Rat).SetFrac(new(big.Int).Mul(A[r], binom(top)), an)
		u := new(big.Rat).SetFrac(A[r], fact)
		tv.Add(tv, new(big.Rat).Abs(p.Sub(p, u)))
	}
	tv.Mul(tv, big.NewRat(1, 2))
	least := new(big.Rat).SetFrac(new(big.Int).Mul(fact, binom(a)), an)
	sep = new(big.Rat).Sub(big.NewRat(1, 1), least)
	return tv, sep
}

func TestRiffleDistanceExact(t *testing.T) {
	for n := 1; n <= 40; n++ {
		for k := 0; k <= 9; k++ {
			tv, sep := exactRiffle(n, k)
			want, _ := tv.Float64()
			assert.InDelta(t, want, RiffleDistance(n, k), 1e-12, "TV n=%d k=%d", n, k)
			ws, _ := sep.Float64()
			assert.InDelta(t, ws, RiffleSeparation(n, k), 1e-12, "separation n=%d k=%d", n, k)
			assert.GreaterOrEqual(t, RiffleSeparation(n, k)+1e-12, RiffleDistance(n, k), "separation bounds TV")
		}
	}
}

// TestRiffleDistancePaper checks Bayer and Diaconis's table for 52 cards.
func TestRiffleDistancePaper(t *testing.T) {
	want := map[int]string{1: "1.000", 2: "1.000", 3: "1.000", 4: "1.000",
		5: "0.924", 6: "0.614", 7: "0.334", 8: "0.167", 9: "0.085", 10: "0.043"}
	for k, w := range want {
		assert.Equal(t, w, fmt.Sprintf("%.3f", RiffleDistance(52, k)), "k=%d", k)
	}
	// And more decimals against the exact rational value.
	tv, _ := exactRiffle(52, 7)
	f, _ := tv.Float64()
	assert.InDelta(t, f, RiffleDistance(52, 7), 1e-12)
}

// TestRiffleDistanceLarge runs n = 10,000 on both sides of the cut-off at
// 3/2·log2 n ≈ 20 riffles: the deck is still far from uniform after 18 and
// close after 24, and separation bounds TV from above.
func TestRiffleDistanceLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("n = 10,000 takes seconds")
	}
	d18, d24 := RiffleDistance(10_000, 18), RiffleDistance(10_000, 24)
	assert.InDelta(t, 0.418139, d18, 1e-6)
	assert.InDelta(t, 0.006865, d24, 1e-6)
	assert.LessOrEqual(t, d24, RiffleSeparation(10_000, 24))
	assert.Equal(t, 1.0, RiffleDistance(10_000, 12), "clamped at 1")
	assert.PanicsWithValue(t, "shuffle: RiffleDistance: n < 1 or k < 0", func() { RiffleDistance(0, 1) })
	assert.PanicsWithValue(t, "shuffle: RiffleSeparation: n < 1 or k < 0", func() { RiffleSeparation(5, -1) })
}

// risingSequences counts the maximal runs of consecutive card values that
// appear in increasing positions of the deck p.
func risingSequences(p []int) int {
	pos := make([]int, len(p))
	for i, v := range p {
		pos[v] = i
	}
	r := 1
	for v := 0; v+1 < len(p); v++ {
		if pos[v+1] < pos[v] {
			r++
		}
	}
	return r
}

// TestRiffleExactFormula enumerates every choice of one GSR riffle through
// the test seam, composes k rounds exactly, and checks every order's
// probability against C(2^k + n − r, n) / 2^(kn), for n ≤ 6 and k ≤ 3.
func TestRiffleExactFormula(t *testing.T) {
	for n := 1; n <= 6; n++ {
		one := enumerate(viaSlice(withRounds(NewRiffle, 1)), n)
		perms := make([][]int, len(one))
		for i := range perms {
			perms[i] = unrank(i, n)
		}
		dist := one
		for k := 1; k <= 3; k++ {
			if k > 1 {
				dist = compose(dist, one, n)
			}
			a := new(big.Int).Lsh(big.NewInt(1), uint(k))
			den := new(big.Int).Exp(a, big.NewInt(int64(n)), nil)
			for i, p := range dist {
				top := new(big.Int).Add(a, big.NewInt(int64(n-risingSequences(perms[i]))))
				num := new(big.Int)
				if top.Cmp(big.NewInt(int64(n))) >= 0 {
					num.Binomial(top.Int64(), int64(n))
				}
				want := new(big.Rat).SetFrac(num, den)
				if p.Cmp(want) != 0 {
					t.Fatalf("n=%d k=%d order %v: %v, want %v", n, k, perms[i], p, want)
				}
			}
		}
	}
}
