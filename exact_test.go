package shuffle

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// compose returns the exact distribution of the deck after a deck with
// distribution dist gets one more round with distribution one (both indexed
// by rank): the round moves the card at position σ(t) to t.
func compose(dist, one []*big.Rat, n int) []*big.Rat {
	perms := make([][]int, len(one))
	for i := range perms {
		perms[i] = unrank(i, n)
	}
	next := make([]*big.Rat, len(dist))
	for i := range next {
		next[i] = new(big.Rat)
	}
	deck := make([]int, n)
	for i, p := range dist {
		if p.Sign() == 0 {
			continue
		}
		for j, q := range one {
			if q.Sign() == 0 {
				continue
			}
			for t, s := range perms[j] {
				deck[t] = perms[i][s]
			}
			next[rank(deck)].Add(next[rank(deck)], new(big.Rat).Mul(p, q))
		}
	}
	return next
}

// exactRounds returns the exact distribution after rounds rounds of a
// repeated shuffle, from one round enumerated through the test seam: rounds
// are independent copies of one round.
func exactRounds(a Algorithm, n, rounds int) []*big.Rat {
	one := enumerate(viaSlice(withRounds(a.NewRounds, 1)), n)
	dist := make([]*big.Rat, len(one))
	for i := range dist {
		dist[i] = new(big.Rat)
	}
	dist[0].SetInt64(1) // the deck as it was
	for range rounds {
		dist = compose(dist, one, n)
	}
	return dist
}

// tvExact returns the total variation distance of dist to uniform.
func tvExact(dist []*big.Rat) *big.Rat {
	u := big.NewRat(1, int64(len(dist)))
	tv := new(big.Rat)
	for _, p := range dist {
		tv.Add(tv, new(big.Rat).Abs(new(big.Rat).Sub(p, u)))
	}
	return tv.Mul(tv, big.NewRat(1, 2))
}

// TestComposeMatchesEnumeration checks the composition of rounds against
// enumerating all the rounds' choices at once, where that is still small.
func TestComposeMatchesEnumeration(t *testing.T) {
	t.Parallel()
	for _, a := range Algorithms() {
		if a.NewRounds == nil {
			continue
		}
		for n := 2; n <= 4; n++ {
			for rounds := 1; rounds <= 3 && (n < 4 || rounds <= 2); rounds++ {
				direct := enumerate(viaSlice(withRounds(a.NewRounds, rounds)), n)
				composed := exactRounds(a, n, rounds)
				for i := range direct {
					require.Zero(t, direct[i].Cmp(composed[i]), "%s n=%d rounds=%d order %d", a.Name, n, rounds, i)
				}
			}
		}
	}
}

// exactTV pins the exact total variation distance to uniform of every
// biased algorithm, for n = 2..6, with its default parameters and with 1, 2
// and 3 rounds. A change to any of these numbers is a change to an
// algorithm's distribution.
var exactTV = map[string]string{
	"naive/n=2/rounds=0":          "0",
	"naive/n=3/rounds=0":          "1/18",
	"naive/n=4/rounds=0":          "25/384",
	"naive/n=5/rounds=0":          "3157/37500",
	"naive/n=6/rounds=0":          "2285/23328",
	"insertion/n=2/rounds=0":      "0",
	"insertion/n=3/rounds=0":      "1/18",
	"insertion/n=4/rounds=0":      "11/64",
	"insertion/n=5/rounds=0":      "361/1250",
	"insertion/n=6/rounds=0":      "61/162",
	"transpositions/n=2/rounds=1": "0",
	"transpositions/n=2/rounds=2": "0",
	"transpositions/n=2/rounds=3": "0",
	"transpositions/n=2/rounds=0": "0",
	"transpositions/n=3/rounds=1": "1/3",
	"transpositions/n=3/rounds=2": "5/54",
	"transpositions/n=3/rounds=3": "1/27",
	"transpositions/n=3/rounds=0": "5/486",
	"transpositions/n=4/rounds=1": "17/24",
	"transpositions/n=4/rounds=2": "9/32",
	"transpositions/n=4/rounds=3": "65/384",
	"transpositions/n=4/rounds=0": "159/8192",
	"transpositions/n=5/rounds=1": "109/120",
	"transpositions/n=5/rounds=2": "37/60",
	"transpositions/n=5/rounds=3": "21641/75000",
	"transpositions/n=5/rounds=0": "297147822203/18310546875000",
	"transpositions/n=6/rounds=1": "44/45",
	"transpositions/n=6/rounds=2": "619/720",
	"transpositions/n=6/rounds=3": "3581/6480",
	"transpositions/n=6/rounds=0": "13118454127/557885504160",
	"cut/n=2/rounds=1":            "1/2",
	"cut/n=2/rounds=2":            "1/2",
	"cut/n=2/rounds=3":            "1/2",
	"cut/n=2/rounds=0":            "1/2",
	"cut/n=3/rounds=1":            "2/3",
	"cut/n=3/rounds=2":            "1/2",
	"cut/n=3/rounds=3":            "1/2",
	"cut/n=3/rounds=0":            "1/2",
	"cut/n=4/rounds=1":            "7/8",
	"cut/n=4/rounds=2":            "5/6",
	"cut/n=4/rounds=3":            "5/6",
	"cut/n=4/rounds=0":            "5/6",
	"cut/n=5/rounds=1":            "29/30",
	"cut/n=5/rounds=2":            "23/24",
	"cut/n=5/rounds=3":            "23/24",
	"cut/n=5/rounds=0":            "23/24",
	"cut/n=6/rounds=1":            "143/144",
	"cut/n=6/rounds=2":            "119/120",
	"cut/n=6/rounds=3":            "119/120",
	"cut/n=6/rounds=0":            "119/120",
	"overhand/n=2/rounds=1":       "0",
	"overhand/n=2/rounds=2":       "0",
	"overhand/n=2/rounds=3":       "0",
	"overhand/n=2/rounds=0":       "0",
	"overhand/n=3/rounds=1":       "1/3",
	"overhand/n=3/rounds=2":       "1/8",
	"overhand/n=3/rounds=3":       "1/16",
	"overhand/n=3/rounds=0":       "1/2097152",
	"overhand/n=4/rounds=1":       "2/3",
	"overhand/n=4/rounds=2":       "11/48",
	"overhand/n=4/rounds=3":       "89/768",
	"overhand/n=4/rounds=0":       "1398101/2199023255552",
	"overhand/n=5/rounds=1":       "13/15",
	"overhand/n=5/rounds=2":       "733/1920",
	"overhand/n=5/rounds=3":       "5623/30720",
	"overhand/n=5/rounds=0":       "28856492840135602481/4533471823554859405148160",
	"overhand/n=6/rounds=1":       "43/45",
	"overhand/n=6/rounds=2":       "12091/23040",
	"overhand/n=6/rounds=3":       "114119/368640",
	"overhand/n=6/rounds=0":       "2090523150358929226288478311/14261069252567580766837911060480",
	"riffle/n=2/rounds=1":         "1/4",
	"riffle/n=2/rounds=2":         "1/8",
	"riffle/n=2/rounds=3":         "1/16",
	"riffle/n=2/rounds=0":         "1/256",
	"riffle/n=3/rounds=1":         "1/3",
	"riffle/n=3/rounds=2":         "7/48",
	"riffle/n=3/rounds=3":         "13/192",
	"riffle/n=3/rounds=0":         "193/49152",
	"riffle/n=4/rounds=1":         "1/2",
	"riffle/n=4/rounds=2":         "9/32",
	"riffle/n=4/rounds=3":         "37/256",
	"riffle/n=4/rounds=0":         "9557/1048576",
	"riffle/n=5/rounds=1":         "31/40",
	"riffle/n=5/rounds=2":         "929/2560",
	"riffle/n=5/rounds=3":         "6789/40960",
	"riffle/n=5/rounds=0":         "24691189/2684354560",
	"riffle/n=6/rounds=1":         "331/360",
	"riffle/n=6/rounds=2":         "873/2048",
	"riffle/n=6/rounds=3":         "15709/65536",
	"riffle/n=6/rounds=0":         "1069110893/68719476736",
}

// TestExactBiased computes the exact distribution of every biased
// algorithm, checks what is known of it, and pins its distance to uniform.
func TestExactBiased(t *testing.T) {
	t.Parallel()
	top := 5 // n = 6 (2 s) with SHUFFLE_LONG=1; its pins are then checked too
	if long.Enabled() {
		top = 6
	}
	got := map[string]string{}
	for _, a := range Algorithms() {
		if a.Uniform {
			continue
		}
		for n := 2; n <= top; n++ {
			var cases []int // rounds; 0 is the default
			if a.NewRounds != nil {
				cases = []int{1, 2, 3, 0}
			} else {
				cases = []int{0}
			}
			for _, rounds := range cases {
				var dist []*big.Rat
				switch {
				case a.NewRounds == nil:
					dist = enumerate(viaSlice(a.New), n)
				case rounds == 0:
					dist = exactRounds(a, n, a.Rounds(n))
				default:
					dist = exactRounds(a, n, rounds)
				}
				sum := new(big.Rat)
				for _, p := range dist {
					sum.Add(sum, p)
				}
				require.Equal(t, "1", sum.RatString(), "%s n=%d rounds=%d", a.Name, n, rounds)
				tv := tvExact(dist)
				key := fmt.Sprintf("%s/n=%d/rounds=%d", a.Name, n, rounds)
				f, _ := tv.Float64()
				got[key] = tv.RatString()
				t.Logf("%-32s TV = %.6f", key, f)
			}
		}
	}
	pinned := 0
	for key, want := range exactTV {
		if !long.Enabled() && strings.Contains(key, "/n=6/") {
			continue
		}
		pinned++
		assert.Equal(t, want, got[key], key)
	}
	assert.Equal(t, pinned, len(got), "every computed distance is pinned")
}

// TestDistance checks the exported float distances against the exact
// rational ones, and their edges.
func TestDistance(t *testing.T) {
	t.Parallel()
	for _, a := range testedAlgorithms() {
		for n := 3; n <= 5; n++ {
			if a.NewRounds == nil {
				want := 0.0
				if a.Enumerable {
					want, _ = tvExact(enumerate(viaSlice(a.New), n)).Float64()
				}
				assert.InDelta(t, want, Distance(a, n, 0), 1e-12, "%s n=%d", a.Name, n)
				continue
			}
			curve := Distances(a, n, 3)
			assert.InDelta(t, 1-1/float64(factorial(n)), curve[0], 1e-12, "%s: unshuffled", a.Name)
			for rounds := 1; rounds <= 3; rounds++ {
				want, _ := tvExact(exactRounds(a, n, rounds)).Float64()
				assert.InDelta(t, want, curve[rounds], 1e-12, "%s n=%d rounds=%d", a.Name, n, rounds)
				assert.Equal(t, curve[rounds], Distance(a, n, rounds))
			}
			def := a.Rounds(n)
			want, _ := tvExact(exactRounds(a, n, def)).Float64()
			assert.InDelta(t, want, Distance(a, n, 0), 1e-12, "%s n=%d default", a.Name, n)
		}
	}
	riffle, _ := Lookup("riffle")
	assert.InDelta(t, RiffleDistance(6, 4), Distance(riffle, 6, 4), 1e-12, "enumeration agrees with Bayer–Diaconis")
	assert.InDelta(t, RiffleDistance(7, 3), Distance(riffle, 7, 3), 1e-12)
	fy, _ := Lookup("fisher-yates")
	assert.PanicsWithValue(t, `shuffle: Distances: algorithm "fisher-yates" is not a repeated shuffle`, func() { Distances(fy, 4, 1) })
	assert.PanicsWithValue(t, "shuffle: Distance: n > 8", func() { Distance(fy, 9, 0) })
}

// naiveClosedForm is P(the card that starts at i ends at j) for the naive
// shuffle of n cards, 0-indexed, with q = 1 − 1/n:
//
//	j < i:  (q^(n−1−j) + q^i) / n
//	j ≥ i:  (q^(n−1−j) + q^i − q^(i+n−1−j)) / n
//
// Derivation: a card's final place is set by the last step that moves it.
// It reaches j at step j with probability 1/n from anywhere, or at a later
// step s only from position s (probability a_s) with J_s = j; either way no
// later step may pick j (q per step). a_i = q^i, a_s = 0 for s < i, and
// a_{s+1} = a_s·(q + 1/n) = a_s for s > i, so a_s = q^i/n; summing gives
// the two cases. The first card (i = 0) is exactly uniform.
func naiveClosedForm(n, i, j int) *big.Rat {
	q := big.NewRat(int64(n-1), int64(n))
	pow := func(e int) *big.Rat {
		r := big.NewRat(1, 1)
		for range e {
			r.Mul(r, q)
		}
		return r
	}
	p := new(big.Rat).Add(pow(n-1-j), pow(i))
	if j >= i {
		p.Sub(p, pow(i+n-1-j))
	}
	return p.Mul(p, big.NewRat(1, int64(n)))
}

// TestNaiveClosedForm checks the closed form against the exact distribution
// of the naive shuffle, by enumeration, for every card and place, n = 3..6.
func TestNaiveClosedForm(t *testing.T) {
	for n := 3; n <= 6; n++ {
		want := positions(enumerate(viaSlice(NewNaive), n), n)
		for i := range n {
			for j := range n {
				assert.Zero(t, want[i][j].Cmp(naiveClosedForm(n, i, j)),
					"n=%d card %d at %d: enumeration %v, closed form %v", n, i, j, want[i][j], naiveClosedForm(n, i, j))
			}
		}
	}
}

// TestExactRejection proves rejection exactly uniform although its redraws
// make unboundedly many choices. Enumerating every run of at most L
// choices, relabelling the items maps runs to runs of the same length and
// probability, so every order must get exactly the same mass for every L,
// and the mass left out, the chance of needing more than L choices, must
// shrink towards 0 as L grows.
func TestExactRejection(t *testing.T) {
	t.Parallel()
	for n := 2; n <= 5; n++ {
		missing := big.NewRat(1, 1)
		extra := 4 // redraws enumerated beyond the n accepted draws
		if n == 5 {
			extra = 2 // 5^7 runs already
		}
		for L := n; L <= n+extra; L++ {
			probs := make([]*big.Rat, factorial(n))
			for i := range probs {
				probs[i] = new(big.Rat)
			}
			var abandoned bool
			choicePaths(n, limited(L, viaSlice(NewRejection), &abandoned), func(p, bounds []int) {
				if abandoned {
					return
				}
				w := big.NewInt(1)
				for _, b := range bounds {
					w.Mul(w, big.NewInt(int64(b)))
				}
				probs[rank(p)].Add(probs[rank(p)], new(big.Rat).SetFrac(big.NewInt(1), w))
			})
			total := new(big.Rat)
			for r, p := range probs {
				require.Zero(t, p.Cmp(probs[0]), "n=%d L=%d: order %d has %v, order 0 %v", n, L, r, p, probs[0])
				total.Add(total, p)
			}
			left := new(big.Rat).Sub(big.NewRat(1, 1), total)
			assert.Equal(t, -1, left.Cmp(missing), "n=%d L=%d: missing mass %v did not shrink", n, L, left)
			assert.Positive(t, probs[0].Sign(), "n=%d L=%d", n, L)
			missing = left
		}
		f, _ := missing.Float64()
		t.Logf("n=%d: every order equal at each length; mass beyond %d choices %.4f", n, n+extra, f)
	}
}

// limited is f with at most L choices: a run that asks for more is
// abandoned, and *abandoned says so until the next run starts. It makes an
// algorithm with unboundedly many choices enumerable up to a known missing
// mass.
func limited(L int, f shuffleFunc, abandoned *bool) shuffleFunc {
	type tooLong struct{}
	return func(src rand.Source, p []int) {
		inner, made := src.(*scripted), 0
		*abandoned = false
		defer func() {
			if e := recover(); e != nil {
				if _, ok := e.(tooLong); !ok {
					panic(e)
				}
				*abandoned = true
			}
		}()
		f(&scripted{choose: func(m int) int {
			if made == L {
				panic(tooLong{})
			}
			made++
			return inner.choose(m)
		}}, p)
	}
}

// TestDistanceRange: n = 1 and n = 8 are the ends of the range Distance and
// Distances accept. One item has one order (distance 0, and the unshuffled
// deck is already uniform); at n = 8 the rejection sampler, uniform by proof,
// answers 0 without enumerating.
func TestDistanceRange(t *testing.T) {
	for _, a := range Algorithms() {
		if a.NewRounds != nil {
			assert.Equal(t, []float64{0, 0}, Distances(a, 1, 1), a.Name)
		}
		assert.Equal(t, 0.0, Distance(a, 1, 0), a.Name)
	}
	rej, ok := Lookup("rejection")
	require.True(t, ok)
	assert.Equal(t, 0.0, Distance(rej, 8, 0))
}
