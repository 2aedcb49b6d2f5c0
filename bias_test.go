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

// A card's position under insertion, transpositions and overhand is a
// Markov chain of its own, so where one card ends after the default rounds
// at n = 52 can be computed exactly: each kernel below is an integer matrix
// K over a denominator d, one step moving a card from x to y with
// probability K[x][y]/d. The kernels are checked against the package's own
// enumeration at small n, and the figures the biased shuffles' docs quote
// are pinned from them.

// insertionKernel: the bottom card goes to a uniform place; a card above it
// moves down one place when the insertion point is at or above it.
func insertionKernel(n int) ([][]int64, int64) {
	K := square(n)
	for x := range n {
		if x == n-1 {
			for y := range n {
				K[x][y] = 1
			}
			continue
		}
		K[x][x+1], K[x][x] = int64(x+1), int64(n-1-x)
	}
	return K, int64(n)
}

// transpositionKernel: the card moves to y ≠ x when the two draws are x
// and y in either order.
func transpositionKernel(n int) ([][]int64, int64) {
	K := square(n)
	for x := range n {
		for y := range n {
			K[x][y] = 2
		}
		K[x][x] = int64(n*n - 2*(n-1))
	}
	return K, int64(n * n)
}

// overhandKernel: the card's packet runs from a to b, a gap being a break
// with probability ½ each; the packets above it end below it, so it ends at
// n−1−b+(x−a). P(a) = 2^−(x−a) (times ½ for a break at a > 0), likewise b.
func overhandKernel(n int) ([][]int64, int64) {
	K := square(n)
	for x := range n {
		for a := 0; a <= x; a++ {
			ea := x - a
			if a > 0 {
				ea++
			}
			for b := x; b < n; b++ {
				eb := b - x
				if b < n-1 {
					eb++
				}
				K[x][n-1-b+x-a] += int64(1) << (n - 1 - ea - eb)
			}
		}
	}
	return K, int64(1) << (n - 1)
}

func square(n int) [][]int64 {
	K := make([][]int64, n)
	for i := range K {
		K[i] = make([]int64, n)
	}
	return K
}

// chain returns P(card i ends at j) after k steps of the kernel (K, d).
func chain(K [][]int64, d int64, k int) [][]*big.Rat {
	n := len(K)
	M := make([][]*big.Int, n)
	for i := range M {
		M[i] = make([]*big.Int, n)
		for j := range M[i] {
			M[i][j] = new(big.Int)
		}
		M[i][i].SetInt64(1)
	}
	t := new(big.Int)
	for range k {
		next := make([][]*big.Int, n)
		for i := range next {
			next[i] = make([]*big.Int, n)
			for j := range next[i] {
				next[i][j] = new(big.Int)
			}
			for m, v := range M[i] {
				if v.Sign() == 0 {
					continue
				}
				for j, w := range K[m] {
					if w != 0 {
						next[i][j].Add(next[i][j], t.Mul(v, big.NewInt(w)))
					}
				}
			}
		}
		M = next
	}
	den := new(big.Int).Exp(big.NewInt(d), big.NewInt(int64(k)), nil)
	P := make([][]*big.Rat, n)
	for i := range P {
		P[i] = make([]*big.Rat, n)
		for j := range P[i] {
			P[i][j] = new(big.Rat).SetFrac(M[i][j], den)
		}
	}
	return P
}

// positions returns P(card i ends at j) from an exact order distribution.
func positions(dist []*big.Rat, n int) [][]*big.Rat {
	P := make([][]*big.Rat, n)
	for i := range P {
		P[i] = make([]*big.Rat, n)
		for j := range P[i] {
			P[i][j] = new(big.Rat)
		}
	}
	for r, p := range dist {
		for j, i := range unrank(r, n) {
			P[i][j].Add(P[i][j], p)
		}
	}
	return P
}

// worst returns the (card, place) whose probability is furthest from 1/n,
// and that probability.
func worst(P [][]*big.Rat) (int, int, float64) {
	n := len(P)
	wi, wj, dev := 0, 0, -1.0
	for i := range P {
		for j := range P[i] {
			f, _ := P[i][j].Float64()
			if d := math.Abs(f - 1/float64(n)); d > dev {
				wi, wj, dev = i, j, d
			}
		}
	}
	f, _ := P[wi][wj].Float64()
	return wi, wj, f
}

// TestBiasFigures pins the bias at n = 52 that each biased shuffle's doc
// opens with, after checking every position chain against the enumeration.
func TestBiasFigures(t *testing.T) {
	t.Parallel()
	kernels := []struct {
		a      *algo
		kernel func(n int) ([][]int64, int64)
		steps  func(rounds, n int) int // chain steps for rounds rounds of n items
		card   [2]int                  // the (card, place) the doc quotes
		p, tol float64                 // its probability as quoted, and half its last digit
	}{
		{algInsertion, insertionKernel, func(_, n int) int { return n }, [2]int{0, 0}, 0.364, 0.5e-3},
		{algTranspositions, transpositionKernel, func(r, _ int) int { return r }, [2]int{0, 0}, 0.01953, 0.5e-5},
		{algOverhand, overhandKernel, func(r, _ int) int { return r }, [2]int{0, 0}, 0.0908, 0.5e-4},
	}
	for _, c := range kernels {
		a := c.a.public()
		for n := 2; n <= 5; n++ {
			for _, rounds := range []int{1, 2, roundsOr1(a, n)} {
				var dist []*big.Rat
				if a.NewRounds != nil {
					dist = exactRounds(a, n, rounds)
				} else {
					dist = enumerate(viaSlice(a.New), n)
				}
				K, d := c.kernel(n)
				want, got := positions(dist, n), chain(K, d, c.steps(rounds, n))
				for i := range n {
					for j := range n {
						require.Zero(t, want[i][j].Cmp(got[i][j]), "%s n=%d rounds=%d: card %d at %d", a.Name, n, rounds, i, j)
					}
				}
			}
		}
		if !long.Enabled() {
			continue // the doc's figure at n = 52, an exact chain of 2.5 s: with SHUFFLE_LONG=1
		}
		K, d := c.kernel(52)
		i, j, p := worst(chain(K, d, c.steps(roundsOr1(a, 52), 52)))
		assert.Equal(t, c.card, [2]int{i, j}, "%s: the card furthest from 1/52", a.Name)
		assert.InDelta(t, c.p, p, c.tol, "%s: P(card %d ends at %d)", a.Name, i, j)
		t.Logf("%-15s n=52: card %d ends at %d with probability %.6f (1/52 = %.6f)", a.Name, i, j, p, 1.0/52)
	}

	// Naive, from its closed form (TestExactNaive checks the form).
	P := make([][]*big.Rat, 52)
	for i := range P {
		P[i] = make([]*big.Rat, 52)
		for j := range P[i] {
			P[i][j] = naiveClosedForm(52, i, j)
		}
	}
	i, j, p := worst(P)
	assert.Equal(t, [2]int{1, 0}, [2]int{i, j}, "naive: the card furthest from 1/52")
	assert.InDelta(t, 0.0260, p, 0.5e-4, "naive: P(second card ends on top)")

	// Riffle, from Bayer and Diaconis's formula.
	assert.InDelta(t, 0.334, RiffleDistance(52, DefaultRiffleRounds), 0.5e-3)

	// Cut: every deck is a rotation, and all 52 are reached.
	seen := map[int]bool{}
	src := rand.NewPCG(1, 2)
	for range 2000 {
		s := ordered(52)
		Slice(NewCut(src, 0), s)
		for k := range s {
			require.Equal(t, (s[0]+k)%52, s[k], "cut: not a rotation: %v", s)
		}
		seen[s[0]] = true
	}
	assert.Len(t, seen, 52, "cut: rotations reached")
}

// roundsOr1 is a's default rounds on n items, or 1 for a one-pass shuffle.
func roundsOr1(a Algorithm, n int) int {
	if a.Rounds == nil {
		return 1
	}
	return a.Rounds(n)
}
