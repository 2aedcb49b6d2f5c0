package shuffle

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// riffleTV is the total variation distance to uniform of the riffle on n
// items after rounds rounds, in exact rationals: each path of coins has
// probability 2⁻ᵏ, and rounds compose as a walk on the orders.
func riffleTV(t *testing.T, n, rounds int) *big.Rat {
	t.Helper()
	a, _ := Lookup("riffle")
	orders := factorial(n)
	one := make([]*big.Rat, orders)
	for i := range one {
		one[i] = new(big.Rat)
	}
	choicePaths(n, func(src rand.Source, p []int) { Slice(a.NewRounds(src, 1), p) }, func(p, bounds []int) {
		d := big.NewInt(1)
		for _, b := range bounds {
			d.Mul(d, big.NewInt(int64(b)))
		}
		one[rank(p)].Add(one[rank(p)], new(big.Rat).SetFrac(big.NewInt(1), d))
	})
	perms := make([][]int, orders)
	for r := range perms {
		perms[r] = unrank(r, n)
	}
	dist := make([]*big.Rat, orders)
	for i := range dist {
		dist[i] = new(big.Rat)
	}
	dist[0].SetInt64(1)
	for range rounds {
		next := make([]*big.Rat, orders)
		for i := range next {
			next[i] = new(big.Rat)
		}
		for r, p := range dist {
			if p.Sign() == 0 {
				continue
			}
			for s, q := range one {
				if q.Sign() == 0 {
					continue
				}
				// The round moves the deck of order r by the order s.
				deck := make([]int, n)
				for i := range deck {
					deck[i] = perms[r][perms[s][i]]
				}
				next[rank(deck)].Add(next[rank(deck)], new(big.Rat).Mul(p, q))
			}
		}
		dist = next
	}
	u := big.NewRat(1, int64(orders))
	tv := new(big.Rat)
	for _, p := range dist {
		tv.Add(tv, new(big.Rat).Abs(new(big.Rat).Sub(p, u)))
	}
	return tv.Quo(tv, big.NewRat(2, 1))
}

// TestDistanceOrderFree: the riffle's distances come out bit for bit the
// same whether the enumeration visits each coin's heads or tails first,
// and agree with the exact rationals to 1e-13 (each order's probability is
// rounded once; the distance then sums n! rounded differences).
func TestDistanceOrderFree(t *testing.T) {
	a, _ := Lookup("riffle")
	defer func() { mirrorChoices = false }()
	top := 6 // n = 7 (3 s) with SHUFFLE_LONG=1
	if long.Enabled() {
		top = 7
	}
	for n := 3; n <= top; n++ {
		for rounds := 1; rounds <= 3; rounds++ {
			mirrorChoices = false
			d := Distance(a, n, rounds)
			mirrorChoices = true
			m := Distance(a, n, rounds)
			mirrorChoices = false
			assert.Equal(t, math.Float64bits(d), math.Float64bits(m), "n=%d rounds=%d: %v and %v", n, rounds, d, m)
			if n <= 5 || rounds == 1 {
				want, _ := riffleTV(t, n, rounds).Float64()
				require.InEpsilon(t, want, d, 1e-13, "n=%d rounds=%d", n, rounds)
			}
		}
	}
}
