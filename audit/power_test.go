package audit

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/mathext"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/fairshuffle/shuffle/internal/stattest"
)

// The battery's power, stated for one known bias: Fisher–Yates on 52 cards
// drawing j = r mod m with r from C's 15-bit rand(), as old C code did
// (each value of r mod 52 comes 630 or 631 times in 32768: a bias of 1 in
// 630). The law of the decks is computed exactly where the battery counts
// it (the position, adjacency and pairs tables, the cycles), by dynamic
// programming over the loop's steps in float64 (checked against exact
// rationals and against every sequence of draws of small loops), and
// estimated by coupled Monte Carlo where no exact method is at hand (fixed
// points, rising sequences). Each test's statistic is then non-central
// chi-square, its non-centrality the test's own statistic run on the
// expected counts, and the decks at which it fails with a given
// probability follow (TestModuloPower). TestModuloAudit checks the
// figures on decks dealt in-process through the real Auditor.

// swapStep is one step of a Fisher–Yates loop: the card at position k is
// swapped with the card at position j, drawn with probability q[j].
type swapStep struct {
	k int
	q []float64
}

// moduloStep is one step of Fisher–Yates drawing j as lo + r mod m, r
// uniform in [0, words): position k takes the card at j. r mod m is
// uniform on the m positions, except that with probability rem/words
// (rem = words mod m: r in the last, partial block of m) it is uniform on
// the first rem of them; those take ⌊words/m⌋+1 values of r each, the others
// ⌊words/m⌋.
type moduloStep struct{ k, lo, m, rem, words int }

// moduloLoop is Fisher–Yates on n cards drawing from words values:
// backward (k = n−1 down to 1, j = r mod (k+1)) or forward (k = 0 to n−2,
// j = k + r mod (n−k)); both draw r mod m for m = n down to 2. words =
// 32768 is C's rand() with RAND_MAX 32767.
func moduloLoop(n, words int, forward bool) []moduloStep {
	var loop []moduloStep
	for t := range n - 1 {
		s := moduloStep{k: n - 1 - t, m: n - t, words: words} // backward: j in [0, k]
		if forward {
			s.k, s.lo = t, t
		}
		s.rem = words % s.m
		loop = append(loop, s)
	}
	return loop
}

// moduloSteps are moduloLoop's steps as swap steps.
func moduloSteps(n, words int, forward bool) []swapStep {
	var steps []swapStep
	for _, s := range moduloLoop(n, words, forward) {
		q := make([]float64, n)
		for v := range s.m {
			w := s.words / s.m
			if v < s.rem {
				w++
			}
			q[s.lo+v] = float64(w) / float64(s.words)
		}
		steps = append(steps, swapStep{s.k, q})
	}
	return steps
}

// positionTable returns P[c*n+p], the probability that card c ends at
// position p after the steps, from the deck 0, 1, …, n−1: each card's
// position is a Markov chain of its own, a card at k moving to j with
// probability q[j], a card at j ≠ k moving to k with probability q[j].
// O(n²) per step.
func positionTable(n int, steps []swapStep) []float64 {
	P := make([]float64, n*n)
	for c := range n {
		P[c*n+c] = 1
	}
	for _, s := range steps {
		for c := range n {
			row := P[c*n : c*n+n]
			atK, toK := row[s.k], 0.0
			for p, q := range s.q {
				if p == s.k || q == 0 {
					continue
				}
				toK += row[p] * q
				row[p] = row[p]*(1-q) + atK*q
			}
			row[s.k] = toK + atK*s.q[s.k]
		}
	}
	return P
}

// pairTable returns T[a*n+b], a ≠ b, the probability that f(position of
// a, position of b) holds after the steps, from the deck 0, 1, …, n−1. It
// runs the steps backward on V(p, q), the probability that f holds at the
// end given cards at positions p and q now: O(n²) per step.
func pairTable(n int, steps []swapStep, f func(p, q int) bool) []float64 {
	V := make([]float64, n*n)
	for p := range n {
		for q := range n {
			if p != q && f(p, q) {
				V[p*n+q] = 1
			}
		}
	}
	W := make([]float64, n*n)
	for i := len(steps) - 1; i >= 0; i-- {
		k, d := steps[i].k, steps[i].q
		for p := range n {
			for q := range n {
				if p == q {
					continue
				}
				var v float64
				switch {
				case p == k:
					// The card at k goes to j, the card at q to k if j = q.
					for j, w := range d {
						switch {
						case w == 0:
						case j == q:
							v += w * V[q*n+k]
						default:
							v += w * V[j*n+q]
						}
					}
				case q == k:
					for j, w := range d {
						switch {
						case w == 0:
						case j == p:
							v += w * V[k*n+p]
						default:
							v += w * V[p*n+j]
						}
					}
				default:
					v = (1-d[p]-d[q])*V[p*n+q] + d[p]*V[k*n+q] + d[q]*V[p*n+k]
				}
				W[p*n+q] = v
			}
		}
		V, W = W, V
	}
	return V
}

// cycleLaw returns P(k cycles), k = 0..n, after the steps: a Fisher–Yates
// loop closes a cycle at each step that swaps a card with itself, and the
// last position closes one more, so the number of cycles is 1 plus a sum of
// independent Bernoulli(q_k[k]).
func cycleLaw(n int, steps []swapStep) []float64 {
	p := make([]float64, n+1)
	p[1] = 1
	for _, s := range steps {
		stay := s.q[s.k]
		for c := n; c >= 1; c-- {
			p[c] = p[c]*(1-stay) + p[c-1]*stay
		}
	}
	return p
}

// deckStats are the statistics of one deck that the battery tests by
// their exact null distributions and this file cannot compute exactly
// under a biased loop: fixed points and rising sequences.
func deckStats(deck, inv []int) (fixed, rising int) {
	for j, c := range deck {
		inv[c] = j
		if c == j {
			fixed++
		}
	}
	rising = 1
	for c := 1; c < len(deck); c++ {
		if inv[c] < inv[c-1] {
			rising++
		}
	}
	return fixed, rising
}

// lawEstimate is a Monte Carlo estimate of a law's difference from the
// uniform shuffle's: diff from all samples, with its standard error se,
// and half from each half of the samples, independent of each other.
type lawEstimate struct {
	diff, se []float64
	half     [2][]float64
}

// coupledLaws estimates how the loop changes P(k fixed points) and
// P(r rising sequences) from their uniform laws, by coupling it with a
// uniform loop: each step draws j uniformly from its m positions, except
// when r falls in the partial block (probability rem/words), where the
// loop draws from the first rem positions and the uniform loop again from
// all m. The two decks differ only if some step falls in a partial block
// (probability 0.017 at 52 cards and 15 bits), so samples are drawn conditioned on that
// and the difference of the indicators scaled by its probability. At 52
// cards and 15 bits the standard error of P(0 fixed points) is 1/190 of a
// plain Monte Carlo's with as many decks.
func coupledLaws(n int, loop []moduloStep, samples int, seed uint64) (fixed, rising lawEstimate) {
	r := rand.New(rand.NewPCG(seed, 0xc0))
	// some[i]: the probability that a step from i on falls in a partial block.
	some := make([]float64, len(loop)+1)
	for i := len(loop) - 1; i >= 0; i-- {
		t := float64(loop[i].rem) / float64(loop[i].words)
		some[i] = 1 - (1-some[i+1])*(1-t)
	}
	// sum[x][h][k]: the sum of the differences of statistic x's indicator
	// of k over half h of the samples; sq of their squares.
	var sum, sq [2][2][]float64
	for x := range 2 {
		for h := range 2 {
			sum[x][h], sq[x][h] = make([]float64, n+1), make([]float64, n+1)
		}
	}
	b, u, inv := make([]int, n), make([]int, n), make([]int, n)
	for sample := range samples {
		for i := range b {
			b[i], u[i] = i, i
		}
		partial := false // a step so far fell in its partial block
		for i, s := range loop {
			t := float64(s.rem) / float64(s.words)
			var here bool
			switch {
			case partial:
				here = r.Float64() < t
			case some[i+1] == 0:
				here = t > 0 // the last chance
			default:
				here = r.Float64()*some[i] < t
			}
			jb := s.lo + r.IntN(s.m)
			ju := jb
			if here {
				partial = true
				jb = s.lo + r.IntN(s.rem)
			}
			b[s.k], b[jb] = b[jb], b[s.k]
			u[s.k], u[ju] = u[ju], u[s.k]
		}
		fb, rb := deckStats(b, inv)
		fu, ru := deckStats(u, inv)
		for x, pair := range [2][2]int{{fb, fu}, {rb, ru}} {
			if h := sample % 2; pair[0] != pair[1] {
				sum[x][h][pair[0]]++
				sum[x][h][pair[1]]--
				sq[x][h][pair[0]]++
				sq[x][h][pair[1]]++
			}
		}
	}
	est := func(x int) lawEstimate {
		e := lawEstimate{diff: make([]float64, n+1), se: make([]float64, n+1)}
		ns := float64(samples)
		hs := [2]float64{float64((samples + 1) / 2), float64(samples / 2)}
		for h := range 2 {
			e.half[h] = make([]float64, n+1)
		}
		for k := range e.diff {
			m := (sum[x][0][k] + sum[x][1][k]) / ns
			e.diff[k] = some[0] * m
			e.se[k] = some[0] * math.Sqrt(((sq[x][0][k]+sq[x][1][k])/ns-m*m)/ns)
			for h := range 2 {
				e.half[h][k] = some[0] * sum[x][h][k] / hs[h]
			}
		}
		return e
	}
	return est(0), est(1)
}

// biasedLaw is what a shuffle does to the tables of the battery, for one
// deck from 0, 1, …, n−1.
type biasedLaw struct {
	n                int
	pos, adj, before []float64    // P(c at j), P(b right after a), P(a before b): exact
	cycles           []float64    // P(k cycles): exact
	fixed, rising    [2][]float64 // P(k fixed points), P(r rising sequences): two independent estimates
}

// moduloLaw computes the law of moduloLoop(n, words, forward), with
// samples coupled samples for the fixed points and rising sequences.
func moduloLaw(n, words int, forward bool, samples int) *biasedLaw {
	steps := moduloSteps(n, words, forward)
	b := &biasedLaw{
		n:      n,
		pos:    positionTable(n, steps),
		adj:    pairTable(n, steps, func(p, q int) bool { return q == p+1 }),
		before: pairTable(n, steps, func(p, q int) bool { return p < q }),
		cycles: cycleLaw(n, steps),
	}
	if samples > 0 {
		f, r := coupledLaws(n, moduloLoop(n, words, forward), samples, uint64(words))
		z := newNulls(deckShape(n))
		for h := range 2 {
			b.fixed[h], b.rising[h] = make([]float64, n+1), make([]float64, n+1)
			for k := range n + 1 {
				b.fixed[h][k] = z.fixed[k] + f.half[h][k]
				b.rising[h][k] = z.rising[k] + r.half[h][k]
			}
		}
	}
	return b
}

// deckShape is the shape of whole decks of n distinct cards.
func deckShape(n int) shape { return shape{n: n, k: 1, N: n, m: n} }

// perDeck returns batch test name's statistic run on the expected tables
// of one deck under the law: its non-centrality per deck, since the
// statistics are quadratic forms in the counts' deviations, divided by
// the decks.
func (b *biasedLaw) perDeck(name string) (lambda, df float64) {
	a := New(b.n, Options{})
	c := newCounts[float64](a.s, 0)
	c.decks, c.steps = 1, 1
	copy(c.pos, b.pos)
	copy(c.adj, b.adj)
	copy(c.before, b.before)
	copy(c.serial, b.serial())
	lambda, df, _ = runStat(a, slices.Index(batchTests[:], name), c)
	return lambda, df
}

// serial is the expected table of the serial test, per pair of decks:
// consecutive decks are independent, so a card at i in one deck is at j
// in the next with probability Σ_c P(c at i)·P(c at j).
func (b *biasedLaw) serial() []float64 {
	n := b.n
	t := make([]float64, n*n)
	for i := range n {
		for j := range n {
			for c := range n {
				t[i*n+j] += b.pos[c*n+i] * b.pos[c*n+j]
			}
		}
	}
	return t
}

// enumerated is the exact law of a modulo loop on a few cards, from every
// sequence of words: counts out of words^(n−1).
type enumerated struct {
	total                 float64
	pos, adj, before      []float64
	cycles, fixed, rising []float64
}

func enumerate(n int, loop []moduloStep) *enumerated {
	e := &enumerated{
		pos: make([]float64, n*n), adj: make([]float64, n*n), before: make([]float64, n*n),
		cycles: make([]float64, n+1), fixed: make([]float64, n+1), rising: make([]float64, n+1),
	}
	deck, inv, r := make([]int, n), make([]int, n), make([]int, len(loop))
	visited := make([]bool, n)
	for {
		for i := range deck {
			deck[i] = i
		}
		for i, s := range loop {
			j := s.lo + r[i]%s.m
			deck[s.k], deck[j] = deck[j], deck[s.k]
		}
		e.total++
		for j, c := range deck {
			e.pos[c*n+j]++
			for _, b := range deck[j+1:] {
				e.before[c*n+b]++
			}
			if j > 0 {
				e.adj[deck[j-1]*n+c]++
			}
		}
		f, ri := deckStats(deck, inv)
		e.fixed[f]++
		e.rising[ri]++
		cycles := 0
		clear(visited)
		for j := range deck {
			if !visited[j] {
				cycles++
				for k := j; !visited[k]; k = deck[k] {
					visited[k] = true
				}
			}
		}
		e.cycles[cycles]++
		i := 0 // the next sequence of words, as an odometer
		for ; i < len(r); i++ {
			r[i]++
			if r[i] < loop[i].words {
				break
			}
			r[i] = 0
		}
		if i == len(r) {
			return e
		}
	}
}

// TestModuloLawExact checks the exact tables against every sequence of
// words of small loops: 5 and 6 cards drawing from 7 values (every m but 1
// and 7 biased), backward and forward; the counts out of 7⁴ and 7⁵ agree
// to 1e-9. The coupled estimates of the fixed points and rising sequences
// agree within 5 standard errors (a false failure about once in 10⁵ runs
// per class). A loop drawing from 60 values, a multiple of every m, is
// uniform: its tables are the uniform ones and its cycles the Stirling
// law.
func TestModuloLawExact(t *testing.T) {
	for _, c := range []struct{ n, words int }{{5, 7}, {6, 7}} {
		n := c.n
		for _, forward := range []bool{false, true} {
			loop := moduloLoop(n, c.words, forward)
			steps := moduloSteps(n, c.words, forward)
			e := enumerate(n, loop)
			scaled := func(p []float64) []float64 {
				s := make([]float64, len(p))
				for i, v := range p {
					s[i] = v * e.total
				}
				return s
			}
			name := fmt.Sprintf("n=%d words=%d forward=%v", n, c.words, forward)
			assert.InDeltaSlice(t, e.pos, scaled(positionTable(n, steps)), 1e-9, name)
			assert.InDeltaSlice(t, e.adj, scaled(pairTable(n, steps, func(p, q int) bool { return q == p+1 })), 1e-9, name)
			assert.InDeltaSlice(t, e.before, scaled(pairTable(n, steps, func(p, q int) bool { return p < q })), 1e-9, name)
			assert.InDeltaSlice(t, e.cycles, scaled(cycleLaw(n, steps)), 1e-9, name)
			fixed, rising := coupledLaws(n, loop, 200_000, 1)
			z := newNulls(deckShape(n))
			for k := range n + 1 {
				assert.InDelta(t, e.fixed[k]/e.total-z.fixed[k], fixed.diff[k], 5*fixed.se[k]+1e-12, "%s fixed %d", name, k)
				assert.InDelta(t, e.rising[k]/e.total-z.rising[k], rising.diff[k], 5*rising.se[k]+1e-12, "%s rising %d", name, k)
			}
		}
	}
	const n = 6
	steps := moduloSteps(n, 60, false)
	for _, p := range positionTable(n, steps) {
		assert.InDelta(t, 1.0/n, p, 1e-15)
	}
	for a, p := range pairTable(n, steps, func(p, q int) bool { return p < q }) {
		if a/n != a%n {
			assert.InDelta(t, 0.5, p, 1e-15)
		}
	}
	assert.InDeltaSlice(t, cycleProbs(n), cycleLaw(n, steps), 1e-15)
}

// TestModuloLawRational computes the position table of the 15-bit loops on
// 52 cards in exact rational arithmetic (integers over 32768⁵¹) and checks
// that the float64 table is within 1e-15 of it, and its non-centrality
// within 1e-9 of the exact one: every step of the float computation is a
// convex combination, so rounding does not grow.
func TestModuloLawRational(t *testing.T) {
	const n, words = 52, 32768
	for _, forward := range []bool{false, true} {
		loop := moduloLoop(n, words, forward)
		num := make([]*big.Int, n*n)
		for i := range num {
			num[i] = new(big.Int)
		}
		for c := range n {
			num[c*n+c].SetInt64(1)
		}
		den := big.NewInt(1)
		W := big.NewInt(words)
		tmp, toK := new(big.Int), new(big.Int)
		for _, s := range loop {
			den.Mul(den, W)
			for c := range n {
				row := num[c*n : c*n+n]
				atK := new(big.Int).Set(row[s.k])
				toK.SetInt64(0)
				for p := range n {
					w := int64(0)
					if v := p - s.lo; p != s.k && v >= 0 && v < s.m {
						w = int64(words / s.m)
						if v < s.rem {
							w++
						}
					}
					if p == s.k {
						continue
					}
					// row[p]·(words − w) + atK·w; toK += row[p]·w
					toK.Add(toK, tmp.Mul(row[p], big.NewInt(w)))
					row[p].Mul(row[p], big.NewInt(words-w))
					row[p].Add(row[p], tmp.Mul(atK, big.NewInt(w)))
				}
				stay := int64(words / s.m) // P(j = k)·words
				if s.k-s.lo < s.rem {
					stay++
				}
				row[s.k].Add(toK, tmp.Mul(atK, big.NewInt(stay)))
			}
		}
		P := positionTable(n, moduloSteps(n, words, forward))
		exact := new(big.Rat)
		sum := new(big.Rat)
		for i, v := range num {
			f, _ := exact.SetFrac(v, den).Float64()
			assert.InDelta(t, f, P[i], 1e-15)
			// (p − 1/n)² summed exactly
			d := new(big.Rat).Sub(exact, big.NewRat(1, n))
			sum.Add(sum, d.Mul(d, d))
		}
		lam, _ := sum.Mul(sum, big.NewRat(n-1, 1)).Float64()
		got, _ := (&biasedLaw{n: n, pos: P}).perDeck("positions")
		assert.InEpsilon(t, lam, got, 1e-9, "forward=%v", forward)
		t.Logf("forward=%v: positions non-centrality per deck %.10g (exact), %.10g (float64 table, package statistic)", forward, lam, got)
	}
}

// moduloDealer deals from 0, 1, …, n−1 with the loop of moduloLoop(n,
// words, forward), each r the top bits of a PCG's output (words a power of
// two: C's rand() with RAND_MAX = words−1).
func moduloDealer(n, words int, forward bool, seed uint64) func([]int) {
	src := rand.NewPCG(seed, 0x5eed)
	shift := 64 - bits.Len(uint(words-1))
	loop := moduloLoop(n, words, forward)
	return func(deck []int) {
		for i := range deck {
			deck[i] = i
		}
		for _, s := range loop {
			j := s.lo + int(src.Uint64()>>shift)%s.m
			deck[s.k], deck[j] = deck[j], deck[s.k]
		}
	}
}

// TestModuloMonteCarlo checks the exact tables against decks dealt by
// moduloDealer: each card's row of the position table (n outcomes), each
// card's row of the adjacency table (the card after it, or none), and
// every pair's order, by chi-square or binomial z against the exact law,
// the worst Bonferroni-corrected; each check fails at level 1e-4, its
// false-failure rate had its seed been drawn at random. At 15 bits the
// bias is far below what the 200,000 decks here resolve, so the check
// runs at 6 bits too (words 64: every r mod m for m > 32 takes its first
// 64−m values twice as often as the rest), where the decks reject the
// uniform position table at p < 1e-100 (the negative control) and fit the
// exact one.
func TestModuloMonteCarlo(t *testing.T) {
	long.Skip(t, "the modulo dealers' samples against their exact tables (800,000 decks, 2.4 s)")
	const n = 52
	checks := stattest.Checks{Rule: "rows and pairs against the exact tables at p > 1e-4 (Bonferroni; a false failure for 1 seed in 10⁴ at most each), positions at 6 bits against uniform p < 1e-100"}
	for _, c := range []struct {
		words   int
		forward bool
		decks   int
	}{{32768, false, 200_000}, {32768, true, 200_000}, {64, false, 200_000}, {64, true, 200_000}} {
		name := fmt.Sprintf("words=%d forward=%v", c.words, c.forward)
		law := moduloLaw(n, c.words, c.forward, 0)
		deal := moduloDealer(n, c.words, c.forward, uint64(c.words))
		pos, adj := make([]int64, n*n), make([]int64, n*n)
		before := make([]int64, n*n)
		deck := make([]int, n)
		for range c.decks {
			deal(deck)
			for j, card := range deck {
				pos[card*n+j]++
				if j > 0 {
					adj[deck[j-1]*n+card]++
				}
				for _, b := range deck[j+1:] {
					before[card*n+b]++
				}
			}
		}
		d := float64(c.decks)
		worst := 1.0
		for a := range n {
			// Card a's row, and the card after a (none when a is last).
			posChi, adjChi := 0.0, 0.0
			for j := range n {
				e := d * law.pos[a*n+j]
				o := float64(pos[a*n+j])
				posChi += (o - e) * (o - e) / e
				if j == a {
					continue
				}
				e, o = d*law.adj[a*n+j], float64(adj[a*n+j])
				adjChi += (o - e) * (o - e) / e
			}
			e, o := d*law.pos[a*n+n-1], float64(pos[a*n+n-1])
			adjChi += (o - e) * (o - e) / e
			worst = min(worst, chiSquareP(posChi, n-1), chiSquareP(adjChi, n-1))
		}
		worst *= 2 * n
		zMax := 0.0
		for a := range n {
			for b := a + 1; b < n; b++ {
				p := law.before[a*n+b]
				zMax = max(zMax, math.Abs(float64(before[a*n+b])-d*p)/math.Sqrt(d*p*(1-p)))
			}
		}
		pairsP := math.Erfc(zMax/math.Sqrt2) * n * (n - 1) / 2
		stattest.Logf(t, "%s, %d decks: rows against the exact tables p = %.3g, pairs p = %.3g (Bonferroni)", name, c.decks, min(1, worst), min(1, pairsP))
		checks.Above(worst, 1e-4, "%s, %d decks: rows against the exact tables", name, c.decks) // a false failure for 1 seed in 10⁴ at most
		checks.Above(pairsP, 1e-4, "%s, %d decks: pairs against the exact law", name, c.decks)  // likewise
		if c.words == 64 {
			_, _, p := permutationTable(pos, n, d)
			stattest.Logf(t, "%s: positions against uniform p = %.3g", name, p)
			checks.Below(p, 1e-100, "%s, %d decks: positions against uniform", name, c.decks) // the negative control
		}
	}
	checks.Report(t)
}

// ncChiSquareSurvival is P(X > x) for X non-central chi-square with df
// degrees of freedom and non-centrality lambda: the Poisson(λ/2) mixture
// Σ_i w_i·Q(df+2i, x) of central chi-square tails, over the i whose
// weights are above 10⁻¹⁸ of the largest (what is left out weighs less
// than 10⁻¹⁶). Q is computed once, at the smallest i, and then by
// Q(k+2, x) = Q(k, x) + (x/2)^(k/2)·e^(−x/2)/Γ(k/2+1), which only adds.
func ncChiSquareSurvival(x, df, lambda float64) float64 {
	return ncChiSquare(x, df, lambda, true)
}

// ncChiSquareCDF is P(X ≤ x), summed the same way from the largest i down,
// P(k, x) = P(k+2, x) + (x/2)^(k/2)·e^(−x/2)/Γ(k/2+1), which again only adds.
func ncChiSquareCDF(x, df, lambda float64) float64 {
	return ncChiSquare(x, df, lambda, false)
}

func ncChiSquare(x, df, lambda float64, upper bool) float64 {
	if x <= 0 {
		if upper {
			return 1
		}
		return 0
	}
	// Poisson weights from the mode outward, up to a common factor.
	mu := lambda / 2
	mode := math.Floor(mu)
	lo, hi := mode, mode
	if mu > 0 {
		for w := 1.0; lo > 0 && w > 1e-18; lo-- {
			w *= lo / mu
		}
		for w := 1.0; w > 1e-18; hi++ {
			w *= mu / (hi + 1)
		}
	}
	logWeight := func(i float64) float64 {
		if mu == 0 {
			return 0
		}
		lg, _ := math.Lgamma(i + 1)
		return -mu + i*math.Log(mu) - lg
	}
	h := x / 2
	// term(a) = h^a·e^(−h)/Γ(a+1).
	term := func(a float64) float64 {
		lg, _ := math.Lgamma(a + 1)
		return math.Exp(a*math.Log(h) - h - lg)
	}
	sum := 0.0
	if upper {
		a := df/2 + lo
		q, t := mathext.GammaIncRegComp(a, h), term(a)
		w := math.Exp(logWeight(lo))
		for i := lo; i <= hi; i++ {
			sum += w * q
			q += t
			t *= h / (a + 1)
			a++
			if mu > 0 {
				w *= mu / (i + 1)
			}
		}
		return min(1, sum)
	}
	a := df/2 + hi
	p := mathext.GammaIncReg(a, h)
	w := math.Exp(logWeight(hi))
	t := term(a - 1)
	for i := hi; i >= lo; i-- {
		sum += w * p
		p += t // P at a−1
		a--
		t *= a / h
		if i > 0 {
			w *= i / mu
		}
	}
	return min(1, sum)
}

// TestNoncentralChiSquare checks the non-central tails against the closed
// form at 1 degree of freedom, P(X > x) = Φc(√x−√λ) + Φc(√x+√λ) (to 1e-10
// of itself, or 1e-16 where it is below 1e-8), against
// the plain Poisson sum of gonum's tails at every term (to 1e-10), and
// against a Monte Carlo of (Z+√λ)² + χ²(df−1) at 51 and 2601 degrees of
// freedom (200,000 draws each; 5 standard errors, a false failure about
// once in 10⁶ runs per point).
func TestNoncentralChiSquare(t *testing.T) {
	phic := func(z float64) float64 { return math.Erfc(z/math.Sqrt2) / 2 }
	for _, c := range [][2]float64{{0.5, 0}, {4, 3}, {30, 10}, {1, 100}, {150, 100}, {1e-3, 1e-3}} {
		x, l := c[0], c[1]
		want := phic(math.Sqrt(x)-math.Sqrt(l)) + phic(math.Sqrt(x)+math.Sqrt(l))
		assert.InEpsilon(t, want, ncChiSquareSurvival(x, 1, l), 1e-10, "x=%g λ=%g", x, l)
		lower := phic(math.Sqrt(l)-math.Sqrt(x)) - phic(math.Sqrt(x)+math.Sqrt(l))
		if lower > 1e-8 {
			assert.InEpsilon(t, lower, ncChiSquareCDF(x, 1, l), 1e-10, "x=%g λ=%g", x, l)
		} else { // the weights left out are below 1e-16 in all
			assert.InDelta(t, lower, ncChiSquareCDF(x, 1, l), 1e-16, "x=%g λ=%g", x, l)
		}
	}
	plain := func(x, df, l float64, upper bool) float64 {
		s, mu := 0.0, l/2
		for i := range 4000 {
			lg, _ := math.Lgamma(float64(i + 1))
			w := math.Exp(-mu + float64(i)*math.Log(mu) - lg)
			if upper {
				s += w * mathext.GammaIncRegComp(df/2+float64(i), x/2)
			} else {
				s += w * mathext.GammaIncReg(df/2+float64(i), x/2)
			}
		}
		return s
	}
	for _, c := range [][3]float64{{3000, 2601, 300}, {2900, 2601, 30}, {2400, 2601, 300}, {100, 51, 60}, {80, 51, 0.01}, {1500, 1326, 200}, {30, 10, 700}} {
		x, df, l := c[0], c[1], c[2]
		assert.InDelta(t, plain(x, df, l, true), ncChiSquareSurvival(x, df, l), 1e-10, "%v", c)
		assert.InDelta(t, plain(x, df, l, false), ncChiSquareCDF(x, df, l), 1e-10, "%v", c)
	}
	r := rand.New(rand.NewPCG(7, 7))
	for _, c := range [][2]float64{{51, 60}, {2601, 300}} {
		df, l := c[0], c[1]
		const draws = 200_000
		rest := distuv.ChiSquared{K: df - 1, Src: r}
		xs := make([]float64, draws)
		for i := range xs {
			z := r.NormFloat64() + math.Sqrt(l)
			xs[i] = z*z + rest.Rand()
		}
		mean := df + l
		sd := math.Sqrt(2 * (df + 2*l))
		for _, x := range []float64{mean - 2*sd, mean - sd, mean, mean + sd, mean + 3*sd} {
			above := 0
			for _, v := range xs {
				if v > x {
					above++
				}
			}
			p := ncChiSquareSurvival(x, df, l)
			got := float64(above) / draws
			assert.InDelta(t, p, got, 5*math.Sqrt(p*(1-p)/draws), "df=%g λ=%g x=%g", df, l, x)
		}
	}
}

// chiSquareUpper returns x with P(X > x) = p for X chi-square with df
// degrees of freedom, by bisection on the tail itself (accurate at any p,
// where 1−p would lose digits).
func chiSquareUpper(p, df float64) float64 {
	return chiSquareRoot(func(x float64) float64 { return -chiSquareP(x, df) }, -p, df)
}

// chiSquareLower returns x with P(X ≤ x) = p.
func chiSquareLower(p, df float64) float64 {
	return chiSquareRoot(func(x float64) float64 { return distuv.ChiSquared{K: df}.CDF(x) }, p, df)
}

// chiSquareRoot solves f(x) = y for f increasing from 0 to ∞.
func chiSquareRoot(f func(float64) float64, y, df float64) float64 {
	lo, hi := 0.0, df+10
	for f(hi) < y {
		lo, hi = hi, 2*hi
	}
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if f(mid) < y {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// powerSpec is one test against a biased shuffle: lambda returns, at decks
// decks, its degrees of freedom and the non-centrality of its statistic
// (the statistic run on the expected counts), or one per line for a
// worst-of-lines test (cards, places).
type powerSpec struct {
	name     string
	twoSided bool // the p-value is 2·min(CDF, survival)
	lines    bool // the worst of len(lambda) lines, Bonferroni ×len(lambda)
	lambda   func(decks float64) (lambda []float64, df float64)
}

// thresholds caches chiSquareUpper and chiSquareLower.
var thresholds = map[[3]float64]float64{}

func threshold(p, df float64, upper bool) float64 {
	key := [3]float64{p, df, 0}
	if upper {
		key[2] = 1
	}
	x, ok := thresholds[key]
	if !ok {
		if upper {
			x = chiSquareUpper(p, df)
		} else {
			x = chiSquareLower(p, df)
		}
		thresholds[key] = x
	}
	return x
}

// power is the probability that the test's p-value is below level, taking
// its statistic as non-central chi-square. A worst-of-lines test fails if
// any line's p is below level/lines, the lines taken as independent. A
// pooled test with no degree of freedom does not run.
func (s powerSpec) power(decks, level float64) float64 {
	lam, df := s.lambda(decks)
	if df < 1 {
		return 0
	}
	if s.lines {
		level /= float64(len(lam))
	}
	pass := 1.0
	for _, l := range lam {
		var fail float64
		if s.twoSided {
			fail = ncChiSquareSurvival(threshold(level/2, df, true), df, l) +
				ncChiSquareCDF(threshold(level/2, df, false), df, l)
		} else {
			fail = ncChiSquareSurvival(threshold(level, df, true), df, l)
		}
		pass *= 1 - fail
	}
	return 1 - pass
}

// decksFor returns the number of decks at which power(decks) = target, on
// log(decks) between 10 and 10¹⁵: bisection down to a bracket of a factor
// 2, then the Illinois variant of regula falsi, to 10⁻⁶ of itself; +Inf if
// even 10¹⁵ decks are not enough.
func decksFor(power func(decks float64) float64, target float64) float64 {
	f := func(x float64) float64 { return power(math.Pow(10, x)) - target }
	lo, hi := 1.0, 15.0
	fhi := f(hi)
	if fhi < 0 {
		return math.Inf(1)
	}
	flo := f(lo)
	for hi-lo > 0.3 {
		mid := (lo + hi) / 2
		if fm := f(mid); fm < 0 {
			lo, flo = mid, fm
		} else {
			hi, fhi = mid, fm
		}
	}
	// Illinois: the end kept twice in a row has its value halved.
	side := 0
	for hi-lo > 4e-7 && flo != fhi {
		x := hi - fhi*(hi-lo)/(fhi-flo)
		fx := f(x)
		switch {
		case fx == 0:
			return math.Pow(10, x)
		case fx < 0:
			lo, flo = x, fx
			if side == -1 {
				fhi /= 2
			}
			side = -1
		default:
			hi, fhi = x, fx
			if side == 1 {
				flo /= 2
			}
			side = 1
		}
		if math.Abs(fx) < 1e-9 {
			return math.Pow(10, x)
		}
	}
	return math.Pow(10, (lo+hi)/2)
}

func linear(lambda, df float64) func(float64) ([]float64, float64) {
	return func(d float64) ([]float64, float64) { return []float64{d * lambda}, df }
}

// pooledLambda is the non-centrality of the pooled chi-square test of a
// law against null at decks decks, pooled as the package pools:
// decks·Σ (p−π)²/π over the classes. The law is given twice, as two
// independent estimates a and b (the same slice twice for an exact law),
// and (p−π)² is taken as (a−π)(b−π), so that the estimates' noise adds
// nothing on average; a negative sum is taken as 0.
func pooledLambda(a, b, null []float64, decks float64) ([]float64, float64) {
	cut := pool(null, decks)
	lam := 0.0
	for i := 1; i < len(cut); i++ {
		da, db, e := 0.0, 0.0, 0.0
		for k := cut[i-1]; k < cut[i]; k++ {
			da += a[k] - null[k]
			db += b[k] - null[k]
			e += null[k]
		}
		if e > 0 {
			lam += decks * da * db / e
		}
	}
	return []float64{max(0, lam)}, float64(len(cut) - 2)
}

// lineLambdas returns each row's (rows true) or column's non-centrality per
// deck: n·Σ(p−1/n)², a multinomial line's plain chi-square.
func (b *biasedLaw) lineLambdas(rows bool) []float64 {
	n := b.n
	per := make([]float64, n)
	for c := range n {
		for j := range n {
			d := b.pos[c*n+j] - 1/float64(n)
			if rows {
				per[c] += float64(n) * d * d
			} else {
				per[j] += float64(n) * d * d
			}
		}
	}
	return per
}

func perLine(per []float64, df float64) func(float64) ([]float64, float64) {
	return func(d float64) ([]float64, float64) {
		lam := make([]float64, len(per))
		for i, v := range per {
			lam[i] = d * v
		}
		return lam, df
	}
}

// battery returns the first-level tests of the battery against b, in the
// order of the package documentation, without repeats (see
// TestModuloPower).
func (b *biasedLaw) battery() []powerSpec {
	n := b.n
	s := []powerSpec{
		{name: "positions", twoSided: true, lambda: linear(b.perDeck("positions"))},
		{name: "cards", lines: true, lambda: perLine(b.lineLambdas(true), float64(n-1))},
		{name: "places", lines: true, lambda: perLine(b.lineLambdas(false), float64(n-1))},
		{name: "adjacency", twoSided: true, lambda: linear(b.perDeck("adjacency"))},
		{name: "pairs", twoSided: true, lambda: linear(b.perDeck("pairs"))},
	}
	z := newNulls(deckShape(n))
	for _, t := range []struct {
		name string
		law  [2][]float64
		null []float64
	}{{"fixed-points", b.fixed, z.fixed}, {"cycles", [2][]float64{b.cycles, b.cycles}, z.cycles}, {"rising", b.rising, z.rising}} {
		if t.law[0] != nil {
			s = append(s, powerSpec{name: t.name, lambda: func(d float64) ([]float64, float64) { return pooledLambda(t.law[0], t.law[1], t.null, d) }})
		}
	}
	return append(s, powerSpec{name: "serial", twoSided: true, lambda: linear(b.perDeck("serial"))})
}

// targeted returns the tests considered as additions to the battery:
// spearman; ends, the two end positions' columns, the worst one
// Bonferroni ×2 (the first position drawn by the forward loop and by the
// backward one); and means, each card's mean position (n−1 degrees of
// freedom).
func (b *biasedLaw) targeted() []powerSpec {
	n := b.n
	col := b.lineLambdas(false)
	mu := float64(n-1) / 2
	means := 0.0
	for c := range n {
		m := 0.0
		for j := range n {
			m += float64(j) * b.pos[c*n+j]
		}
		means += (m - mu) * (m - mu)
	}
	// One uniform deck's positions have covariance n(n+1)/12·(I − J/n) on
	// the cards' centred mean positions.
	means *= 12 / float64(n*(n+1))
	return []powerSpec{
		{name: "spearman", lambda: linear(func() (float64, float64) {
			chi2, df, _ := spearmanTest(b.pos, deckShape(n), 1)
			return chi2, df
		}())},
		{name: "ends", lines: true, lambda: perLine([]float64{col[0], col[n-1]}, float64(n-1))},
		{name: "means", lambda: linear(means, float64(n-1))},
	}
}

// combined returns the probability that a battery of tests fails (some
// p-value below level, as Holm's first step asks) three ways: the most
// powerful test alone (a lower bound), the tests taken as independent, and
// the sum of their powers (an upper bound, whatever their dependence).
func combined(specs []powerSpec, decks, level float64) [3]float64 {
	best, pass, sum := 0.0, 1.0, 0.0
	for _, s := range specs {
		p := s.power(decks, level)
		best = max(best, p)
		pass *= 1 - p
		sum += p
	}
	return [3]float64{best, 1 - pass, min(1, sum)}
}

// batchDecks estimates the decks at which s/batches, the Kolmogorov–Smirnov
// test of s's p-values over batches of maxBatch decks, fails: each batch's
// p-value has CDF G(u) instead of u, and with N batches √N·sup|Ĝ−u| is
// about √N·δ, δ = sup|G(u)−u|, while the test fails once it passes c,
// Kolmogorov's quantile at level: N ≈ (c/δ)² batches, a figure of the
// right order (the statistic's spread around √N·δ is ignored).
func batchDecks(s powerSpec, level float64) (delta, decks float64) {
	lam, df := s.lambda(maxBatch)
	if df < 1 {
		return 0, math.Inf(1)
	}
	l := lam[0]
	for i := 1; i < 400; i++ {
		u := math.Pow(10, -8*float64(400-i)/400) // 10⁻⁸ to 1
		var g float64
		if s.twoSided {
			g = ncChiSquareSurvival(chiSquareUpper(u/2, df), df, l) + ncChiSquareCDF(chiSquareLower(u/2, df), df, l)
		} else {
			g = ncChiSquareSurvival(chiSquareUpper(u, df), df, l)
		}
		delta = max(delta, math.Abs(g-u))
	}
	c := chiSquareRoot(func(x float64) float64 { return -kolmogorovQ(x) }, -level, 1)
	return delta, maxBatch * (c / delta) * (c / delta)
}

// moduloPins are the decks at which each test alone fails the 15-bit
// modulo loop on 52 cards with probability 0.5 and 0.9, backward then
// forward (TestModuloPower), and the tolerance of the pin: 0.1% for the
// exact figures. fixed-points is pinned to 15% of the figures from 1.6·10⁷
// coupled samples (the test's 5·10⁵ give figures within 7% of them);
// rising and serial, far out of reach, only to their order (tolerance 0:
// D50 above the first figure).
var moduloPins = map[string]struct {
	decks [4]float64 // D50, D90 backward; D50, D90 forward
	tol   float64
}{
	"positions":      {[4]float64{5.0013e7, 6.7421e7, 5.0005e7, 6.7410e7}, 1e-3},
	"cards":          {[4]float64{1.2197e8, 1.5844e8, 1.9510e8, 2.4922e8}, 1e-3},
	"places":         {[4]float64{9.1944e7, 1.2179e8, 9.1552e7, 1.2120e8}, 1e-3},
	"adjacency":      {[4]float64{1.3723e11, 1.8503e11, 1.3548e11, 1.8267e11}, 1e-3},
	"pairs":          {[4]float64{7.9789e7, 1.0840e8, 1.0756e8, 1.4614e8}, 1e-3},
	"fixed-points":   {[4]float64{2.351e8, 3.727e8, 1.338e8, 2.121e8}, 0.15},     // 1.6·10⁷ coupled samples
	"cycles":         {[4]float64{2.1071e8, 3.2840e8, 1.6554e8, 2.5800e8}, 1e-3}, // classes pooled to 20 expected decks
	"rising":         {[4]float64{1e9, 0, 1e9, 0}, 0},                            // 6.7·10⁹ and 1.2·10¹⁰ from 1.6·10⁷ samples
	"serial":         {[4]float64{1e15, 0, 1e15, 0}, 0},
	"spearman":       {[4]float64{1.0115e7, 1.7569e7, 1.0108e7, 1.7556e7}, 1e-3},
	"ends":           {[4]float64{1.5871e8, 2.3272e8, 1.5888e8, 2.3309e8}, 1e-3},
	"means":          {[4]float64{1.8185e7, 2.6989e7, 2.4507e7, 3.6373e7}, 1e-3},
	"battery (17)":   {[4]float64{4.797e7, 6.38e7, 4.833e7, 6.476e7}, 0.01},
	"+spearman (18)": {[4]float64{1.010e7, 1.754e7, 1.009e7, 1.752e7}, 0.01},
}

// TestModuloPower states the power of the battery against Fisher–Yates on
// 52 cards drawing j by r mod m with r from C's 15-bit rand(), m = 52
// down to 2, the m positions being [0, k] (backward) or [k, 51] (forward):
// each value of r mod 52 comes 630 or 631 times in 32768, a bias of 1 in
// 630. For each test it logs the non-centrality per deck, the degrees of
// freedom, and D50 and D90, the decks at which the test alone fails with
// probability 0.5 and 0.9.
//
// The audit fails when some Holm-adjusted p-value is below α, which
// happens exactly when the smallest p is below α/m, m the number of tests
// that ran (17 at 52 cards from 20,480 decks on before spearman joined the
// battery, 18 since). So the audit fails as
// soon as one test's p < α/m, with a probability between that of its most
// powerful test and the sum over its tests; the figure quoted takes them
// as independent, 1 − Π(1 − power). The targeted tests
// (spearman, and, for comparison, ends and means) would each be one more
// test in the family: they are taken at α/(m+1), and the battery with
// spearman at α/(m+1) for every test.
//
// Each statistic is taken as non-central chi-square with the test's
// degrees of freedom and non-centrality the statistic of the expected
// counts (under the loop the counts' covariance differs from a uniform
// shuffle's by about 1 part in 600, and at these deck counts the counts
// are normal; TestModuloAudit checks the means). repeats has no power:
// the loop's collision probability is that of a uniform shuffle times
// 1 + 7.8·10⁻⁶. The second level's figures are rough (batchDecks).
func TestModuloPower(t *testing.T) {
	long.Skip(t, "the modulo loops' power figures of docs/auditing.md (4 s)")
	const n, words = 52, 32768
	alpha := DefaultAlpha
	r, err := Shuffles(n, 20480, moduloDealer(n, words, false, 1), Options{})
	require.NoError(t, err)
	m := 0
	for _, x := range r.Tests {
		if x.Ran() {
			m++
		}
		require.LessOrEqual(t, x.MinDecks, int64(20480), x.Name)
	}
	require.Equal(t, 18, m, "tests that run at 52 cards")
	// The battery before spearman joined it, at α/17, and the targeted
	// tests each as one more test: spearman is the battery's 18th.
	m--
	level, level1 := alpha/float64(m), alpha/float64(m+1)
	checks := stattest.Checks{Rule: "computed deck counts D50 and D90 within their pins' relative tolerance (a test too weak to pin: D50 above its pin), batch tests failing only from 10¹¹ decks; computed from the exact laws (fixed points and rising from a seeded Monte Carlo), no false failures"}
	// near checks that a computed figure is within tol of its pin.
	near := func(pin, got, tol float64, format string, args ...any) {
		rel := math.Abs(got-pin) / math.Abs(pin)
		checks.Check(rel <= tol, rel/tol, format+fmt.Sprintf(" = %.4g, pinned %.4g: relative error %.2g, want ≤ %g", got, pin, rel, tol), args...)
	}
	for i, forward := range []bool{false, true} {
		law := moduloLaw(n, words, forward, 500_000)
		loop := map[bool]string{false: "backward", true: "forward"}[forward]
		stattest.Logf(t, "%s loop, level α/%d = %.3g (α/%d = %.3g for the tests not in the battery):", loop, m, level, m+1, level1)
		stattest.Logf(t, "  %-13s %-12s %5s %10s %10s", "test", "λ per deck", "df", "D50", "D90")
		estimated := map[string]string{"fixed-points": " (Monte Carlo)", "rising": " (Monte Carlo, mostly noise)"}
		report := func(s powerSpec, level float64) {
			d50 := decksFor(func(d float64) float64 { return s.power(d, level) }, 0.5)
			d90 := decksFor(func(d float64) float64 { return s.power(d, level) }, 0.9)
			at := d50 // the non-centrality per deck, at D50 for the pooled tests
			if math.IsInf(at, 1) {
				at = 1e8
			}
			lam, df := s.lambda(at)
			top := 0.0
			for _, l := range lam {
				top = max(top, l)
			}
			stattest.Logf(t, "  %-13s %-12.4g %5g %10.4g %10.4g%s", s.name, top/at, df, d50, d90, estimated[s.name])
			pin, ok := moduloPins[s.name]
			switch {
			case !checks.Check(ok, math.Inf(1), "%s: no pin", s.name):
			case pin.tol == 0: // too small to pin: only its order
				checks.Check(d50 > pin.decks[2*i], math.Log(pin.decks[2*i]/d50), "%s loop %s: D50 = %.4g, want > %.4g", loop, s.name, d50, pin.decks[2*i])
			default:
				near(pin.decks[2*i], d50, pin.tol, "%s loop %s D50", loop, s.name)
				near(pin.decks[2*i+1], d90, pin.tol, "%s loop %s D90", loop, s.name)
			}
		}
		// The exact means: fixed points Σ_c P(c at c), rising sequences
		// 1 + Σ_c P(c before c−1). Their shifts alone give non-centralities
		// per deck of shift²/variance (1 and (n+1)/12 in a uniform deck),
		// which the coupled estimates of the whole laws match: from 1.6·10⁷
		// samples, 1.185e-7 and 2.08e-7 for the fixed points, 5.6e-9 and
		// 3.2e-9 for the rising sequences, backward and forward.
		fixedShift, risingShift := 0.0, 0.0
		for c := range n {
			fixedShift += law.pos[c*n+c] - 1.0/n
			if c > 0 {
				risingShift += law.before[c*n+c-1] - 0.5
			}
		}
		stattest.Logf(t, "  exact mean shifts: fixed points %.4g (λ %.3g per deck), rising sequences %.4g (λ %.3g per deck)",
			fixedShift, fixedShift*fixedShift, risingShift, risingShift*risingShift*12/(n+1))
		battery, targeted := law.battery(), law.targeted()
		for _, s := range battery {
			report(s, level)
		}
		for _, s := range targeted {
			report(s, level1)
		}
		for _, b := range []struct {
			name  string
			specs []powerSpec
			level float64
		}{
			{fmt.Sprintf("battery (%d)", m), battery, level},
			{fmt.Sprintf("+spearman (%d)", m+1), append(battery[:len(battery):len(battery)], targeted[0]), level1},
		} {
			// d[k][l]: the decks at which the battery fails with probability
			// 0.5 (l = 0) or 0.9, reckoned as combined's k-th figure.
			var d [3][2]float64
			for k := range d {
				for l, target := range []float64{0.5, 0.9} {
					d[k][l] = decksFor(func(decks float64) float64 { return combined(b.specs, decks, b.level)[k] }, target)
				}
			}
			at := combined(b.specs, 1e6, b.level)
			stattest.Logf(t, "  %-13s D50 %.4g (%.4g to %.4g), D90 %.4g (%.4g to %.4g); fails 10⁶ decks with probability %.2g (%.2g to %.2g)",
				b.name, d[1][0], d[2][0], d[0][0], d[1][1], d[2][1], d[0][1], at[1], at[0], at[2])
			pin, ok := moduloPins[b.name]
			if checks.Check(ok, math.Inf(1), "%s: no pin", b.name) {
				near(pin.decks[2*i], d[1][0], pin.tol, "%s loop %s D50", loop, b.name)
				near(pin.decks[2*i+1], d[1][1], pin.tol, "%s loop %s D90", loop, b.name)
			}
		}
		for _, s := range battery {
			switch s.name {
			case "cards", "places":
				continue
			}
			delta, decks := batchDecks(s, level)
			stattest.Logf(t, "  %-13s batch p-values off uniform by at most %.2g: fails from about %.1g decks", s.name+"/batches", delta, decks)
			checks.Check(decks > 1e11, math.Log(1e11/decks), "%s loop %s/batches: fails from %.2g decks, want > 1e11", loop, s.name, decks)
		}
	}
	checks.Report(t)
}

// TestModuloAudit deals biased decks in-process and audits them with
// New, Add and Report at the deck count where positions is computed to
// fail with probability 0.999 (0.99 at 15 bits), and checks that the audit
// fails (a check that fails for 1 seed in 1,000, or in 100), that
// positions' statistic is within 5 standard deviations of its exact mean
// under the loop, (n−1)(n − Σp²) + λ, and spearman's √χ² within 5 of √λ
// (false failures about 6 in 10⁷ each). At 15 bits that is 8.2·10⁷
// decks, 146 s of CPU (3 minutes here, on one core of a loaded machine;
// 67 MB at the peak): it runs with SHUFFLE_LONG=1, backward only, and then
// also reports at 10⁶ decks, where the battery must pass (it fails with
// probability 6·10⁻⁴), and at 2.5·10⁷, where spearman fails with
// probability 0.99. By default it runs at 11 bits (words 2048, every bias
// 16 times as large, positions' non-centrality 254 times): 3.7·10⁵ decks,
// 0.6 s a loop.
func TestModuloAudit(t *testing.T) {
	const n, m = 52, 18 // the tests that run, spearman among them
	type run struct {
		words   int
		forward bool
		target  float64 // the chance, computed, that positions fails
	}
	runs := []run{{2048, false, 0.999}, {2048, true, 0.999}}
	if long.Enabled() {
		runs = append(runs, run{32768, false, 0.99})
	}
	checks := stattest.Checks{Rule: "the audit must fail where positions fails with probability 0.999 (0.99 at 15 bits): a false failure for 1 seed in 1,000 (in 100); statistics within 5 standard deviations of their exact means; at 15 bits the battery passes 10⁶ decks and spearman fails at its 0.99 count; fixed seeds"}
	for _, c := range runs {
		name := fmt.Sprintf("words=%d forward=%v", c.words, c.forward)
		law := moduloLaw(n, c.words, c.forward, 0)
		positions, spearman := law.battery()[0], law.targeted()[0]
		decks := int(math.Ceil(decksFor(func(d float64) float64 { return positions.power(d, DefaultAlpha/m) }, c.target)))
		early := int(math.Ceil(decksFor(func(d float64) float64 { return spearman.power(d, DefaultAlpha/m) }, 0.99)))
		a := New(n, Options{})
		deal := moduloDealer(n, c.words, c.forward, uint64(c.words))
		deck := make([]int, n)
		start := time.Now()
		for i := 1; i <= decks; i++ {
			deal(deck)
			if err := a.Add(deck); err != nil {
				t.Fatal(err) // not require: its t.Helper costs as much as the Add
			}
			switch {
			case c.words != 32768:
			case i == 1_000_000:
				r := a.Report()
				stattest.Logf(t, "%s, %d decks: %s (%d failed)", name, i, r.Verdict, len(r.Failed()))
				checks.Check(r.Verdict == Pass, 0, "%s at %d decks: verdict %s, want pass; failed: %v", name, i, r.Verdict, r.Failed())
			case i == early:
				r := a.Report()
				_, _, p := spearmanTest(r.Positions, deckShape(n), float64(i))
				stattest.Logf(t, "%s, %d decks: spearman p = %.3g", name, i, p)
				checks.Below(p, DefaultAlpha/m, "%s, %d decks: spearman", name, i)
			}
		}
		r := a.Report()
		ran := 0
		for _, x := range r.Tests {
			if x.Ran() {
				ran++
			}
		}
		require.Equal(t, m, ran, name)
		got, _ := r.Test("positions")
		lam, df := positions.lambda(float64(decks))
		sumSq := 0.0
		for _, p := range law.pos {
			sumSq += p * p
		}
		mean := (n-1)*(n-sumSq) + lam[0]
		sd := math.Sqrt(2*df + 4*lam[0])
		chi2, _, sp := spearmanTest(r.Positions, deckShape(n), float64(decks))
		sl, _ := spearman.lambda(float64(decks))
		var failed []string
		for _, x := range r.Failed() {
			failed = append(failed, x.Name)
		}
		stattest.Logf(t, "%s, %d decks (%v): %s %v; positions %.1f (mean %.1f ± %.1f), p = %.3g; spearman √χ² %.2f (√λ %.2f), p = %.3g",
			name, decks, time.Since(start).Round(time.Millisecond), r.Verdict, failed, got.Statistic, mean, sd, got.P, math.Sqrt(chi2), math.Sqrt(sl[0]), sp)
		checks.Check(r.Verdict == Fail && !got.Pass, 0, "%s, %d decks: verdict %s, positions passed %v (p = %.3g), want both to fail", name, decks, r.Verdict, got.Pass, got.P)
		z := math.Abs(got.Statistic-mean) / sd
		checks.Check(z <= 5, z/5, "%s, %d decks: positions %.1f, mean %.1f ± %.1f: %.1f standard deviations off, want ≤ 5", name, decks, got.Statistic, mean, sd, z)
		off := math.Abs(math.Sqrt(chi2) - math.Sqrt(sl[0]))
		checks.Check(off <= 5, off/5, "%s, %d decks: spearman √χ² %.2f, √λ %.2f: %.1f off, want ≤ 5", name, decks, math.Sqrt(chi2), math.Sqrt(sl[0]), off)
	}
	checks.Report(t)
}
