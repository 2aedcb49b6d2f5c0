package audit

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/fairshuffle/shuffle/internal/stattest"
)

// TestInversions: merge-sort inversions against counting every pair, on
// short and long slices with ties.
func TestInversions(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 5, 16, 17, 40, 300} {
		v := make([]int32, n)
		for i := range v {
			v[i] = int32(r.IntN(n + 1))
		}
		want := int64(0)
		for i := range v {
			for j := i + 1; j < n; j++ {
				if v[i] > v[j] {
					want++
				}
			}
		}
		got := inversions(slices.Clone(v), make([]int32, n))
		assert.Equal(t, want, got, "n=%d", n)
	}
}

// TestMahonian: the law of inversions of 4 items is 1, 3, 5, 6, 5, 3, 1
// in 24, and every law sums to 1 with mean C(j,2)/2 and variance
// j(j−1)(2j+5)/72.
func TestMahonian(t *testing.T) {
	for i, w := range []float64{1, 3, 5, 6, 5, 3, 1} {
		assert.InDelta(t, w/24, mahonian(4)[i], 1e-15)
	}
	for j := 2; j <= 12; j++ {
		sum, mean, sq := 0.0, 0.0, 0.0
		for x, p := range mahonian(j) {
			sum += p
			mean += float64(x) * p
			sq += float64(x*x) * p
		}
		q := float64(j * (j - 1) / 2)
		assert.InDelta(t, 1, sum, 1e-12)
		assert.InDelta(t, q/2, mean, 1e-9)
		assert.InDelta(t, float64(j*(j-1)*(2*j+5))/72, sq-mean*mean, 1e-8)
	}
}

// machine is a continuous shuffling machine: each round deals the top m
// cards of its shoe and puts them back. keep false puts each card back at
// a uniform place among the cards then in the shoe, one after another;
// keep true puts the round back at uniform places in the order it was
// dealt (a uniform interleaving, as a riffle of the round into the rest).
type machine struct {
	shoe, dealt []int
	m           int
	keep        bool
	r           *rand.Rand
}

func newMachine(n, k, m int, keep bool, seed uint64) *machine {
	r := rand.New(rand.NewPCG(seed, 77))
	shoe := make([]int, n*k)
	for i := range shoe {
		shoe[i] = i % n
	}
	r.Shuffle(len(shoe), func(i, j int) { shoe[i], shoe[j] = shoe[j], shoe[i] }) // a uniform start
	return &machine{shoe: shoe, m: m, keep: keep, r: r}
}

// round deals a round and returns it (valid until the next round).
func (c *machine) round() []int {
	c.dealt = append(c.dealt[:0], c.shoe[:c.m]...)
	rest := slices.Clone(c.shoe[c.m:])
	if !c.keep {
		c.shoe = append(c.shoe[:0], rest...)
		for _, card := range c.dealt {
			c.shoe = slices.Insert(c.shoe, c.r.IntN(len(c.shoe)+1), card)
		}
		return c.dealt
	}
	a, b := 0, 0 // of the round, of the rest
	for i := range c.shoe {
		if c.r.IntN(len(c.shoe)-i) < len(c.dealt)-a {
			c.shoe[i] = c.dealt[a]
			a++
		} else {
			c.shoe[i] = rest[b]
			b++
		}
	}
	return c.dealt
}

// TestReinsertionExact proves, for a small shoe, that a machine putting
// each card back at a uniform place is exactly fair, so that no test can
// ever see it: from a uniform shoe, the round dealt and the shoe after it
// are independent and uniform (enumerated over every start and every
// place, in exact rationals scaled to integers), and by induction every
// round is uniform and independent of the rounds before. A machine that
// keeps the round's order is not (the control).
func TestReinsertionExact(t *testing.T) {
	for _, c := range []struct{ n, k, m int }{{6, 1, 2}, {5, 1, 3}, {3, 2, 2}} {
		for _, keep := range []bool{false, true} {
			N := c.n * c.k
			var starts [][]int
			var rec func(cur []int, cnt []int)
			rec = func(cur []int, cnt []int) {
				if len(cur) == N {
					starts = append(starts, slices.Clone(cur))
					return
				}
				for card := range c.n {
					if cnt[card] < c.k {
						cnt[card]++
						rec(append(cur, card), cnt)
						cnt[card]--
					}
				}
			}
			rec(nil, make([]int, c.n))
			// weight[(round, shoe after)] over every start and every choice
			// of places; each path has the same chance when every choice
			// has the same number of options, as here.
			weight := map[string]int{}
			rounds, shoes := map[string]int{}, map[string]int{}
			for _, s := range starts {
				dealt, rest := s[:c.m], s[c.m:]
				if keep {
					// Every set of m places for the round, in its order.
					for mask := range 1 << N {
						if popcount(mask) != c.m {
							continue
						}
						after := make([]int, 0, N)
						a, b := 0, 0
						for i := range N {
							if mask>>i&1 == 1 {
								after = append(after, dealt[a])
								a++
							} else {
								after = append(after, rest[b])
								b++
							}
						}
						weight[fmt.Sprint(dealt)+"|"+fmt.Sprint(after)]++
						rounds[fmt.Sprint(dealt)]++
						shoes[fmt.Sprint(after)]++
					}
					continue
				}
				var put func(shoe []int, i int)
				put = func(shoe []int, i int) {
					if i == c.m {
						weight[fmt.Sprint(dealt)+"|"+fmt.Sprint(shoe)]++
						rounds[fmt.Sprint(dealt)]++
						shoes[fmt.Sprint(shoe)]++
						return
					}
					for at := 0; at <= len(shoe); at++ {
						put(slices.Insert(slices.Clone(shoe), at, dealt[i]), i+1)
					}
				}
				put(slices.Clone(rest), 0)
			}
			total := 0
			for _, w := range weight {
				total += w
			}
			// Independent: weight(round, shoe)·total = rounds(round)·shoes(shoe)
			// for every pair, and the shoes uniform.
			indep := true
			for r, wr := range rounds {
				for s, ws := range shoes {
					if weight[r+"|"+s]*total != wr*ws {
						indep = false
					}
				}
			}
			uniform := true
			for _, ws := range shoes {
				if ws*len(starts) != total {
					uniform = false
				}
			}
			name := fmt.Sprintf("n=%d k=%d m=%d keep=%v", c.n, c.k, c.m, keep)
			if keep {
				assert.False(t, indep && uniform, "%s: the order-keeping machine came out fair", name)
			} else {
				assert.True(t, indep, "%s: round and shoe after it not independent", name)
				assert.True(t, uniform, "%s: shoe after a round not uniform", name)
			}
		}
	}
}

func popcount(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// auditMachine audits rounds rounds of a machine dealing m cards from a
// shoe of k decks of 52.
func auditMachine(k, m, rounds int, keep bool, seed uint64) *Report {
	c := newMachine(52, k, m, keep, seed)
	a := New(52, Options{Copies: k, Dealt: m})
	for range rounds {
		if err := a.Add(c.round()); err != nil {
			panic(err)
		}
	}
	return a.Report()
}

// TestRoundsMachine: a machine that puts each round back at uniform places
// in its order fails the rounds test when it deals from a deck (the
// negative control, far below Holm's threshold) and the audit when it
// deals from a shoe, through serial (rounds, which sees a card's number
// and not which copy it is, sees it there only at about 10⁵ rounds:
// TestRoundsPower); one that puts each card back at a uniform place passes
// (exactly fair: TestReinsertionExact; it fails with probability at most
// α = 0.001 a seed), over 20,000 rounds, or 10⁶ with SHUFFLE_LONG=1.
func TestRoundsMachine(t *testing.T) {
	checks := stattest.Checks{Rule: "the order-keeping machine must fail the audit, and rounds at p < 1e-10 on a deck; the fair machine must pass at α = 0.001 (a false failure 1 seed in 1,000); fixed seeds"}
	fair := 20000
	if long.Enabled() {
		fair = 1000000
	}
	for _, c := range []struct {
		k, m, rounds int
		keep         bool
	}{{1, 7, 200, true}, {1, 5, 200, true}, {8, 6, 2000, true}, {6, 6, 2000, true}, {8, 6, fair, false}, {1, 7, fair / 4, false}} {
		r := auditMachine(c.k, c.m, c.rounds, c.keep, 3)
		x, ok := r.Test("rounds")
		require.True(t, ok)
		name := fmt.Sprintf("%d decks, %d cards a round, %d rounds, keep=%v", c.k, c.m, c.rounds, c.keep)
		stattest.Logf(t, "%s: rounds p=%.3g (%s); verdict %s, failed %v", name, x.P, x.Note, r.Verdict, failedNames(r))
		switch {
		case c.keep && c.k == 1:
			checks.Below(x.P, 1e-10, "%s: rounds", name)
			checks.Check(r.Verdict == Fail, 0, "%s: verdict %s, want fail", name, r.Verdict)
		case c.keep:
			checks.Check(r.Verdict == Fail, 0, "%s: verdict %s, want fail", name, r.Verdict)
		default:
			checks.Check(r.Verdict == Pass, math.Inf(1), "%s: verdict %s, want pass; failed %v", name, r.Verdict, failedNames(r))
		}
	}
	checks.Report(t)
}

func failedNames(r *Report) []string {
	var s []string
	for _, x := range r.Failed() {
		s = append(s, fmt.Sprintf("%s p=%.2g", x.Name, x.P))
	}
	return s
}

// TestRoundsPower measures the order-keeping machine's effect a round on
// the rounds test (the concordant pairs' excess over half, against the
// null's variance) and logs the rounds at which the test alone fails it
// with probability 0.5 and 0.9 at Holm's first threshold over 13 tests
// (two-sided): the figures of docs/auditing.md. From a deck it must need
// fewer than 100 rounds; from shoes (SHUFFLE_LONG=1, 400,000 rounds each)
// the excess must be there, at 5 standard errors.
func TestRoundsPower(t *testing.T) {
	cases := []struct{ k, m, rounds int }{{1, 7, 2000}, {1, 5, 2000}}
	if long.Enabled() {
		cases = append(cases, struct{ k, m, rounds int }{8, 6, 400000}, struct{ k, m, rounds int }{6, 6, 400000})
	}
	checks := stattest.Checks{Rule: "from a deck D90 below 100 rounds; from a shoe the excess of kept pairs at 5 standard errors (a false failure below 1e-6); fixed seeds"}
	for _, c := range cases {
		m := newMachine(52, c.k, c.m, true, 11)
		a := New(52, Options{Copies: c.k, Dealt: c.m})
		for range c.rounds {
			require.NoError(t, a.Add(m.round()))
		}
		rd := a.rounds
		mean, variance, pairs := 0.0, 0.0, 0.0
		for j, n := range rd.sizes {
			q := float64(j * (j - 1) / 2)
			pairs += float64(n) * q
			mean += float64(n) * q / 2
			variance += float64(n) * float64(j*(j-1)*(2*j+5)) / 72
		}
		rounds := float64(c.rounds)
		delta := (float64(rd.concord) - mean) / rounds // excess a round
		v := variance / rounds                         // null variance a round
		z := -normalQuantile(0.001 / 13 / 2)
		d50 := z * z * v / (delta * delta)
		z90 := z + 1.2816
		d90 := z90 * z90 * v / (delta * delta)
		se := (float64(rd.concord) - mean) / math.Sqrt(variance)
		name := fmt.Sprintf("%d decks, %d cards a round", c.k, c.m)
		stattest.Logf(t, "%s: %.3f pairs a round, %.2f%% kept (null 50%%, %.1f standard errors): D50 %.0f rounds, D90 %.0f rounds", name, pairs/rounds, 100*float64(rd.concord)/pairs, se, d50, d90)
		if c.k == 1 {
			checks.Check(d90 < 100, d90/100, "%s: D90 %.0f rounds, want < 100", name, d90)
		} else {
			checks.Above(se, 5, "%s: kept pairs' excess in standard errors", name)
		}
	}
	checks.Report(t)
}

// normalQuantile is the p-quantile of the standard normal.
func normalQuantile(p float64) float64 { return -math.Sqrt2 * math.Erfcinv(2*p) }

// exactRoundsP is the two-sided p-value of concord concordant pairs in
// groups of the sizes given, from the convolution of their Mahonian laws.
func exactRoundsP(sizes []int64, concord float64) float64 {
	law := []float64{1}
	for j, c := range sizes {
		for range c {
			law = convolve(law, mahonian(j))
		}
	}
	k := int(concord) // a whole number of pairs, within the law
	sum := func(p []float64) (s float64) {
		for _, v := range p {
			s += v
		}
		return s
	}
	return min(1, 2*min(sum(law[:k+1]), sum(law[k:])))
}

// TestRoundsLaw: the test's pairs, and its p-value against the convolved
// Mahonian laws: exactly up to maxExactPairs pairs (1,024 groups of 2 is
// the last exact size), and within 0.002 past it (30 groups of 10, 1,350
// pairs: the normal with its continuity correction), from the centre to
// the far tails; and minP, the least p-value, as 2·Π 1/j!.
func TestRoundsLaw(t *testing.T) {
	for _, c := range []struct {
		sizes []int64
		tol   float64
	}{
		{[]int64{0, 0, 3, 2, 1}, 1e-12},
		{[]int64{0, 0, 1024}, 1e-12},
		{[]int64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 30}, 2e-3},
		{[]int64{0, 0, 40, 0, 0, 0, 0, 0, 0, 0, 25}, 2e-3},
	} {
		r := &rounds{sizes: c.sizes}
		pairs, mean, variance := 0.0, 0.0, 0.0
		lg := 0.0
		for j, n := range c.sizes {
			q := float64(j * (j - 1) / 2)
			pairs += float64(n) * q
			mean += float64(n) * q / 2
			variance += float64(n) * float64(j*(j-1)*(2*j+5)) / 72
			for i := 2; i <= j; i++ {
				lg += float64(n) * math.Log(float64(i))
			}
		}
		sd := math.Sqrt(variance)
		for _, z := range []float64{0, 0.7, 1.5, 2.5, -3.2} {
			r.concord = int64(math.Round(mean + z*sd))
			concord, gotPairs, p := r.test()
			assert.Equal(t, float64(r.concord), concord)
			assert.Equal(t, pairs, gotPairs, "%v", c.sizes)
			want := exactRoundsP(c.sizes, float64(r.concord))
			assert.InDelta(t, want, p, c.tol, "%v, %d concordant pairs (z %.1f)", c.sizes, r.concord, z)
		}
		assert.InDelta(t, min(1, 2*math.Exp(-lg)), r.minP(), 1e-12*math.Exp(-lg), "%v: minP", c.sizes)
	}
}

// TestRoundsGroups: the groups of a few lines of 3 cards from 10, counted
// by hand: a line's cards are grouped by the line they were last seen in,
// line 0 included, and a group may hold every card of the line.
func TestRoundsGroups(t *testing.T) {
	a := New(10, Options{Dealt: 3})
	require.NotNil(t, a.rounds)
	for _, c := range []struct {
		line    []int
		sizes   []int64 // groups of 0, 1, 2, 3 cards so far
		concord int64
	}{
		{[]int{0, 1, 2}, []int64{0, 0, 0, 0}, 0}, // nothing seen before
		{[]int{2, 1, 0}, []int64{0, 0, 0, 1}, 0}, // all from line 0, reversed: 3 discordant pairs
		{[]int{3, 0, 2}, []int64{0, 0, 1, 1}, 0}, // 0 and 2 from line 1 (2 before 0 there)
		{[]int{2, 3, 0}, []int64{0, 0, 1, 2}, 1}, // all from line 2: 3 before 0 kept, 2 moved first
	} {
		require.NoError(t, a.Add(c.line))
		assert.Equal(t, c.sizes, a.rounds.sizes, "after %v", c.line)
		assert.Equal(t, c.concord, a.rounds.concord, "after %v", c.line)
	}
}
