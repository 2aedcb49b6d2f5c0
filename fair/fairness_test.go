package fair

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/fairshuffle/shuffle/audit"
	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/fairshuffle/shuffle/internal/stattest"
)

// alpha is each chi-square test's false-failure rate: a fair deal fails it,
// over the choice of seeds, with probability alpha (half in each tail).
// The seeds are fixed, so a run is the same every time.
const alpha = 1e-4

// controlP is the p-value below which a planted bias counts as caught.
const controlP = 1e-12

// seeder makes the many server seeds the tests deal from, from a fixed
// PCG.
type seeder struct{ r *rand.Rand }

func newSeeder(a, b uint64) seeder { return seeder{rand.New(rand.NewPCG(a, b))} }

func (s seeder) seed() []byte {
	b := make([]byte, SeedSize)
	for i := 0; i < SeedSize; i += 8 {
		x := s.r.Uint64()
		for k := range 8 {
			b[i+k] = byte(x >> (8 * k))
		}
	}
	return b
}

// dealer deals the i-th deck of a test into deck.
type dealer func(i int, deck []int)

// fairDealer deals each deck from a server seed, client seed and nonce of
// its own.
func fairDealer(sd seeder) dealer {
	return func(i int, deck []int) {
		var s stream
		s.init(sd.seed(), []string{"player " + strconv.Itoa(i), "table"}, uint64(i), len(deck))
		s.shuffle(deck)
	}
}

// narrowDealer deals as Deal does, from the same derivation, but cuts each
// word to its low w bits and, unless reject, takes it mod m without the
// rejection: the modulo bias of a w-bit roll, which 64-bit words make too
// small to see. With reject it is exact again, and must pass.
func narrowDealer(sd seeder, w uint, reject bool) dealer {
	return func(i int, deck []int) {
		var s stream
		s.init(sd.seed(), []string{"player " + strconv.Itoa(i)}, uint64(i), len(deck))
		for k := range deck {
			deck[k] = k
		}
		size := uint64(1) << w
		for k := len(deck) - 1; k > 0; k-- {
			m := uint64(k + 1)
			x := s.word() & (size - 1)
			for reject && x >= size-size%m {
				x = s.word() & (size - 1)
			}
			j := x % m
			deck[k], deck[j] = deck[j], deck[k]
		}
	}
}

// twoSided is the two-sided p-value of a chi-square statistic with df
// degrees of freedom: a table too even to be chance fails too.
func twoSided(chi2, df float64) float64 {
	d := distuv.ChiSquared{K: df}
	return 2 * math.Min(d.CDF(chi2), d.Survival(chi2))
}

// positionsP deals decks decks of n cards and returns the p-value of the
// card × place table: Pearson's statistic scaled by (n−1)/n, since the
// table's margins are fixed, is chi-square with (n−1)² degrees of freedom.
func positionsP(decks, n int, deal dealer) float64 {
	counts := make([]float64, n*n)
	deck := make([]int, n)
	for i := range decks {
		deal(i, deck)
		for place, c := range deck {
			counts[c*n+place]++
		}
	}
	e := float64(decks) / float64(n)
	var chi2 float64
	for _, o := range counts {
		chi2 += (o - e) * (o - e) / e
	}
	chi2 *= float64(n-1) / float64(n)
	return twoSided(chi2, float64((n-1)*(n-1)))
}

// ordersP deals decks decks of n cards and returns the p-value of the
// counts of the n! orders, chi-square with n!−1 degrees of freedom.
func ordersP(decks, n int, deal dealer) float64 {
	f := 1
	for k := 2; k <= n; k++ {
		f *= k
	}
	counts := make([]float64, f)
	deck := make([]int, n)
	for i := range decks {
		deal(i, deck)
		counts[rank(deck)]++
	}
	e := float64(decks) / float64(f)
	var chi2 float64
	for _, o := range counts {
		chi2 += (o - e) * (o - e) / e
	}
	return twoSided(chi2, float64(f-1))
}

// rank is the index of a permutation of 0..n−1 among the n! orders
// (Lehmer code).
func rank(p []int) int {
	r := 0
	for i := range p {
		smaller := 0
		for _, q := range p[i+1:] {
			if q < p[i] {
				smaller++
			}
		}
		r = r*(len(p)-i) + smaller
	}
	return r
}

// The card × place table of 20,000 decks of 52 and of 3,120 six-deck
// shoes, each from a server seed, client seeds and nonce of its own,
// passes at alpha; the same derivation with 8-bit words taken mod m fails
// (a byte mod 52 gives each of 0..47 five times in 256 and each of 48..51
// four), and with 8-bit words and the rejection passes.
func TestPositions(t *testing.T) {
	c := stattest.Checks{Rule: fmt.Sprintf("a fair deal must reach p > %g, false failure %g a check; the planted bias p < %g", alpha, alpha, controlP)}
	p := positionsP(20000, 52, fairDealer(newSeeder(1, 2)))
	stattest.Logf(t, "52 cards: p = %.3g", p)
	c.Above(p, alpha, "Deal's card × place table, 52 cards, 20,000 decks")

	p = positionsP(3120, 312, fairDealer(newSeeder(3, 4)))
	stattest.Logf(t, "312 cards: p = %.3g", p)
	c.Above(p, alpha, "Deal's card × place table, 312 cards, 3,120 shoes")

	p = positionsP(20000, 52, narrowDealer(newSeeder(1, 2), 8, true))
	stattest.Logf(t, "8-bit words with the rejection: p = %.3g", p)
	c.Above(p, alpha, "8-bit words with the rejection are exact")

	p = positionsP(20000, 52, narrowDealer(newSeeder(1, 2), 8, false))
	stattest.Logf(t, "control, 8-bit words mod m: p = %.3g", p)
	c.Below(p, controlP, "control, 8-bit words mod m: the planted modulo bias must be caught")
	c.Report(t)
}

// The orders of decks of 3, 5 and 6 cards, 50 to 100 decks per order, each
// from seeds of its own, pass at alpha; 4-bit words taken mod m fail (at 6
// cards 16 mod 6 = 4 makes the last draw's 0..3 half again as likely as
// 4 and 5), and 4-bit words with the rejection pass.
func TestOrders(t *testing.T) {
	ch := stattest.Checks{Rule: fmt.Sprintf("a fair deal must reach p > %g, false failure %g a check; the planted bias p < %g", alpha, alpha, controlP)}
	for _, c := range []struct{ n, decks int }{{3, 600}, {5, 12000}, {6, 36000}} {
		p := ordersP(c.decks, c.n, fairDealer(newSeeder(uint64(c.n), 5)))
		stattest.Logf(t, "%d cards, %d decks: p = %.3g", c.n, c.decks, p)
		ch.Above(p, alpha, "orders of %d cards, %d decks", c.n, c.decks)
	}
	p := ordersP(36000, 6, narrowDealer(newSeeder(6, 5), 4, true))
	stattest.Logf(t, "4-bit words with the rejection: p = %.3g", p)
	ch.Above(p, alpha, "4-bit words with the rejection are exact")

	p = ordersP(36000, 6, narrowDealer(newSeeder(6, 5), 4, false))
	stattest.Logf(t, "control, 4-bit words mod m: p = %.3g", p)
	ch.Below(p, controlP, "control, 4-bit words mod m: the planted modulo bias must be caught")
	ch.Report(t)
}

// The audit package's battery (audit.New(52, audit.Options{}), family-wise
// false-failure rate audit.DefaultAlpha = 0.001) passes 10⁶ deals of one
// session, one server seed and client seed at nonces 0 to 10⁶−1, in order,
// as a house deals them; 10⁵ decks of the 8-bit modulo control fail it.
// With SHUFFLE_LONG=1: about 6 s of CPU.
func TestAuditBattery(t *testing.T) {
	long.Skip(t, "the audit of 10⁶ deals (6 s of CPU)")
	seed := newSeeder(7, 8).seed()
	session := func(i int, deck []int) {
		var s stream
		s.init(seed, []string{"alice"}, uint64(i), len(deck))
		s.shuffle(deck)
	}
	c := stattest.Checks{Rule: fmt.Sprintf("the battery must pass a fair session at family-wise level %g (its false-failure rate) and fail the 8-bit modulo control", audit.DefaultAlpha)}
	r := auditDeals(t, 1_000_000, session)
	for _, tt := range r.Tests {
		if tt.Ran() {
			stattest.Logf(t, "%-22s p = %.3g", tt.Name, tt.P)
		}
	}
	c.Check(r.Verdict == audit.Pass, 1, "10⁶ deals of one session: verdict %s, want pass; failed: %s", r.Verdict, failedList(r))

	r = auditDeals(t, 100_000, narrowDealer(newSeeder(9, 10), 8, false))
	c.Check(r.Verdict == audit.Fail, 0, "10⁵ decks of the 8-bit modulo control: verdict %s, want fail", r.Verdict)
	for _, tt := range r.Failed() {
		stattest.Logf(t, "control fails %s: p = %.3g", tt.Name, tt.P)
	}
	c.Report(t)
}

// failedList names a report's failed tests with their p-values, at most
// five of them.
func failedList(r *audit.Report) string {
	f := r.Failed()
	var s []string
	for i, x := range f {
		if i == stattest.WorstShown {
			s = append(s, fmt.Sprintf("and %d more", len(f)-stattest.WorstShown))
			break
		}
		s = append(s, fmt.Sprintf("%s p=%.2g (Holm %.2g)", x.Name, x.P, x.Holm))
	}
	return strings.Join(s, ", ")
}

// The battery passes 10⁵ six-deck shoes of one session (card c of the
// shoe is c mod 52), audited with Copies 6 at audit.DefaultAlpha; the 8-bit
// modulo control fails it. With SHUFFLE_LONG=1: about 5 s of CPU.
func TestAuditBatteryShoe(t *testing.T) {
	long.Skip(t, "the audit of 10⁵ shoes (5 s of CPU)")
	seed := newSeeder(11, 12).seed()
	session := func(i int, deck []int) {
		var s stream
		s.init(seed, []string{"alice", "bob"}, uint64(i), len(deck))
		s.shuffle(deck)
	}
	c := stattest.Checks{Rule: fmt.Sprintf("the battery must pass a fair session at family-wise level %g (its false-failure rate) and fail the 8-bit modulo control", audit.DefaultAlpha)}
	r := auditShoes(t, 100_000, session)
	for _, tt := range r.Tests {
		if tt.Ran() {
			stattest.Logf(t, "%-22s p = %.3g", tt.Name, tt.P)
		}
	}
	c.Check(r.Verdict == audit.Pass, 1, "10⁵ six-deck shoes of one session: verdict %s, want pass; failed: %s", r.Verdict, failedList(r))
	r = auditShoes(t, 20_000, narrowDealer(newSeeder(13, 14), 8, false))
	c.Check(r.Verdict == audit.Fail, 0, "2·10⁴ shoes of the 8-bit modulo control: verdict %s, want fail", r.Verdict)
	c.Report(t)
}

// auditShoes audits shoes 312-card deals as six-deck shoes.
func auditShoes(t *testing.T, shoes int, deal dealer) *audit.Report {
	a := audit.New(52, audit.Options{Copies: 6})
	const chunk = 1024
	buf := make([]int, chunk*312)
	workers := runtime.GOMAXPROCS(0)
	for start := 0; start < shoes; start += chunk {
		m := min(chunk, shoes-start)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := w; k < m; k += workers {
					shoe := buf[k*312 : (k+1)*312]
					deal(start+k, shoe)
					for i := range shoe {
						shoe[i] %= 52
					}
				}
			}()
		}
		wg.Wait()
		for k := range m {
			require.NoError(t, a.Add(buf[k*312:(k+1)*312]))
		}
	}
	return a.Report()
}

// auditDeals audits decks 52-card deals, dealt in chunks on every core and
// added in order.
func auditDeals(t *testing.T, decks int, deal dealer) *audit.Report {
	a := audit.New(52, audit.Options{})
	const chunk = 4096
	buf := make([]int, chunk*52)
	workers := runtime.GOMAXPROCS(0)
	for start := 0; start < decks; start += chunk {
		m := min(chunk, decks-start)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := w; k < m; k += workers {
					deal(start+k, buf[k*52:(k+1)*52])
				}
			}()
		}
		wg.Wait()
		for k := range m {
			require.NoError(t, a.Add(buf[k*52:(k+1)*52]))
		}
	}
	return a.Report()
}
