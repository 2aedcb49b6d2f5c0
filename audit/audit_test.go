package audit_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle"
	"github.com/fairshuffle/shuffle/audit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/internal/stattest"
)

// deal returns a function that shuffles a deck with algorithm name of the
// shuffle package and the given rounds (0: its default), from a fixed seed.
func deal(name string, rounds int, seed uint64) func([]int) {
	a, ok := shuffle.Lookup(name)
	if !ok {
		panic(name)
	}
	src := rand.NewPCG(seed, 1)
	sh := a.New(src)
	if rounds > 0 {
		sh = a.NewRounds(src, rounds)
	}
	return func(d []int) { shuffle.Slice(sh, d) }
}

// reshuffled deals each deck by shuffling the previous one (not a fresh
// deck) with the given number of riffles: the decks are uniform in the
// long run, but consecutive decks are related.
func reshuffled(seed uint64, riffles int) func([]int) {
	sh := shuffle.NewRiffle(rand.NewPCG(seed, 2), riffles)
	var prev []int
	return func(d []int) {
		if prev != nil {
			copy(d, prev)
		}
		shuffle.Slice(sh, d)
		prev = append(prev[:0], d...)
	}
}

// milliseconds deals with Fisher–Yates seeded from a millisecond of the day
// (the 1999 online poker flaw): only 86,400,000 decks can ever come out.
func milliseconds(seed uint64) func([]int) {
	clock := rand.New(rand.NewPCG(seed, 3))
	return func(d []int) {
		ms := clock.Uint64N(86_400_000)
		shuffle.Slice(shuffle.NewFisherYates(rand.NewPCG(ms, 0)), d)
	}
}

// mathRand deals with math/rand/v2's Shuffle.
func mathRand(seed uint64) func([]int) {
	r := rand.New(rand.NewPCG(seed, 4))
	return func(d []int) { r.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] }) }
}

// negative is a planted bias that test must catch.
type negative struct {
	test     string
	shuffle  func([]int)
	name     string // of the shuffle, for messages
	n, decks int
	maxP     float64 // the p-value the test must stay below (a margin under Holm's threshold)
}

// TestPower is the negative control of every test: a planted bias from the
// shuffle package's biased algorithms (or a re-shuffled or
// millisecond-seeded dealer), at a stated deck count, must make that test
// fail the audit at α = 0.001 after Holm's correction. The p-values logged
// are the detection figures of docs/auditing.md.
func TestPower(t *testing.T) {
	checks := stattest.Checks{Rule: "each planted bias must run its test, fail it and the audit, at p below its stated bound, a margin under Holm's threshold at α = 0.001; fixed seeds"}
	for _, c := range []negative{
		{"positions", deal("naive", 0, 1), "naive", 10, 2000, 1e-20},
		{"cards", deal("naive", 0, 2), "naive", 10, 2000, 1e-6},
		{"places", deal("naive", 0, 3), "naive", 10, 2000, 1e-6},
		{"spearman", deal("insertion", 0, 18), "insertion", 10, 2000, 1e-6},
		{"adjacency", deal("cut", 0, 4), "cut", 10, 2000, 1e-100},
		{"pairs", deal("riffle", 0, 5), "riffle", 52, 2000, 1e-50},
		{"fixed-points", deal("transpositions", 0, 6), "transpositions", 10, 20000, 1e-6},
		{"cycles", deal("transpositions", 0, 7), "transpositions", 10, 20000, 1e-5},
		{"rising", deal("riffle", 0, 8), "riffle", 52, 2000, 1e-100},
		{"serial", reshuffled(9, 4), "4 riffles of the previous deck", 52, 2000, 1e-10},
		{"repeats", milliseconds(10), "fisher-yates seeded from the millisecond", 52, 50000, 1e-50},
		{"positions/batches", deal("naive", 0, 11), "naive", 10, 20480, 1e-10},
		{"adjacency/batches", deal("cut", 0, 12), "cut", 10, 20480, 1e-10},
		{"pairs/batches", deal("riffle", 4, 13), "4 riffles", 10, 20480, 1e-10},
		{"fixed-points/batches", deal("naive", 0, 14), "naive", 10, 20480, 1e-10},
		{"cycles/batches", deal("naive", 0, 15), "naive", 10, 20480, 1e-10},
		{"rising/batches", deal("riffle", 4, 16), "4 riffles", 10, 20480, 1e-10},
		{"serial/batches", reshuffled(17, 3), "3 riffles of the previous deck", 10, 20480, 1e-10},
	} {
		r, err := audit.Shuffles(c.n, c.decks, c.shuffle, audit.Options{})
		require.NoError(t, err)
		got, ok := r.Test(c.test)
		require.True(t, ok, c.test)
		stattest.Logf(t, "%-20s %-40s n=%-3d %6d decks: p=%.3g", c.test, c.name, c.n, c.decks, got.P)
		what := fmt.Sprintf("%s: %s n=%d, %d decks", c.test, c.name, c.n, c.decks)
		if !got.Ran() {
			checks.Check(false, math.Inf(1), "%s: did not run: %s", what, got.Skipped)
			continue
		}
		checks.Check(!got.Pass && r.Verdict == audit.Fail, 0, "%s: the test passed (%v) or the verdict is %s, want fail", what, got.Pass, r.Verdict)
		checks.Below(got.P, c.maxP, "%s", what)
	}
	checks.Report(t)
}

// TestFair is the positive control: decks from this package's Fisher–Yates
// and from math/rand/v2, at fixed seeds, pass every test, with the second
// level running. Each audit fails a uniform shuffle with probability at
// most α = 0.001 (Holm's correction keeps the family-wise rate), so the
// four audits here would fail together about 4 times in 1,000 seeds.
func TestFair(t *testing.T) {
	checks := stattest.Checks{Rule: "every test must run and every audit pass at α = 0.001 after Holm's correction: a false failure about 1 seed in 1,000 an audit; fixed seeds"}
	for _, c := range []struct {
		name     string
		shuffle  func([]int)
		n, decks int
	}{
		{"fisher-yates", deal("fisher-yates", 0, 21), 10, 20480},
		{"math/rand/v2", mathRand(22), 10, 20480},
		{"fisher-yates", deal("fisher-yates", 0, 23), 52, 20480},
		{"math/rand/v2", mathRand(24), 52, 20480},
	} {
		r, err := audit.Shuffles(c.n, c.decks, c.shuffle, audit.Options{})
		require.NoError(t, err)
		for _, x := range r.Tests {
			stattest.Logf(t, "%-12s n=%-3d %-20s p=%.3f", c.name, c.n, x.Name, x.P)
			checks.Check(x.Ran(), math.Inf(1), "%s n=%d %s: did not run: %s", c.name, c.n, x.Name, x.Skipped)
		}
		checks.Check(r.Verdict == audit.Pass, failedWorst(r), "%s n=%d: verdict %s, want pass; failed: %s", c.name, c.n, r.Verdict, failedList(r))
	}
	checks.Report(t)
}

// failedWorst is how far an audit's worst failed test is past Holm's
// threshold (log of threshold over Holm's p), for ordering failed audits.
func failedWorst(r *audit.Report) float64 {
	worst := 0.0
	for _, x := range r.Failed() {
		worst = max(worst, math.Log(r.Alpha/x.Holm))
	}
	return worst
}

// failedList names an audit's failed tests with their p-values, at most
// five of them: the line of a failed audit in a summary.
func failedList(r *audit.Report) string {
	f := r.Failed()
	var s []string
	for i, x := range f {
		if i == 5 {
			s = append(s, fmt.Sprintf("and %d more", len(f)-5))
			break
		}
		s = append(s, fmt.Sprintf("%s p=%.2g (Holm %.2g)", x.Name, x.P, x.Holm))
	}
	return strings.Join(s, ", ")
}

// TestInconclusive: with too few decks for any test the verdict is
// inconclusive, never pass, and each test says how many decks it needs;
// one deck more than the smallest need gives a verdict.
func TestInconclusive(t *testing.T) {
	for _, decks := range []int{0, 1} {
		r, err := audit.Shuffles(52, decks, deal("fisher-yates", 0, 40), audit.Options{})
		require.NoError(t, err)
		assert.Equal(t, audit.Inconclusive, r.Verdict, "%d decks", decks)
		for _, x := range r.Tests {
			assert.Regexp(t, `^too few decks \(needs \d+`, x.Skipped, x.Name)
		}
	}
	r, err := audit.Shuffles(52, 20, deal("fisher-yates", 0, 41), audit.Options{})
	require.NoError(t, err)
	assert.Equal(t, audit.Pass, r.Verdict)
	r, err = audit.Shuffles(52, 20, func([]int) {}, audit.Options{}) // not shuffled at all
	require.NoError(t, err)
	assert.Equal(t, audit.Fail, r.Verdict)
}

// TestNoPowerNoPass: a pass needs a test that can fail a biased shuffle.
// With 2 to 19 decks of 52 cards, or 2 to 32 shoes of 8 decks, only
// repeats runs, and it sees only lines that come again: sorted decks with
// one swap each and shoes of decks stacked unmixed are inconclusive, not a
// pass, as are fair ones; ten sorted shoes repeat and fail. The controls:
// at 20 swapped decks the pairs test runs and fails them, and at 45
// stacked shoes the equal neighbours (from 33, adjacency runs alone, and
// does not see the stacking).
func TestNoPowerNoPass(t *testing.T) {
	swapped := func(decks int) *audit.Report {
		a := audit.New(52, audit.Options{})
		for i := range decks {
			d := make([]int, 52)
			for j := range d {
				d[j] = j
			}
			d[i], d[i+1] = d[i+1], d[i]
			require.NoError(t, a.Add(d))
		}
		return a.Report()
	}
	shoes := func(decks int, shuffle func([]int)) *audit.Report {
		return shoeDealer{"shoe", 8, 416, shuffle}.run(t, decks, audit.Options{})
	}
	for _, c := range []struct {
		name string
		r    *audit.Report
		want string
	}{
		{"9 sorted decks, one swap each", swapped(9), audit.Inconclusive},
		{"2 fair decks", fairDecks(t, 2), audit.Inconclusive},
		{"9 fair decks", fairDecks(t, 9), audit.Inconclusive},
		{"19 fair decks", fairDecks(t, 19), audit.Inconclusive},
		{"19 sorted decks, one swap each", swapped(19), audit.Inconclusive},
		{"10 stacked 8-deck shoes", shoes(10, stacked(50)), audit.Inconclusive},
		{"32 stacked 8-deck shoes", shoes(32, stacked(51)), audit.Inconclusive},
		{"45 stacked 8-deck shoes", shoes(45, stacked(51)), audit.Fail}, // equal-adjacency runs
		{"10 fair 8-deck shoes", shoes(10, fairShoe(52)), audit.Inconclusive},
		{"10 sorted 8-deck shoes", shoes(10, func([]int) {}), audit.Fail},
		{"20 sorted decks, one swap each", swapped(20), audit.Fail}, // pairs runs
	} {
		assert.Equal(t, c.want, c.r.Verdict, "%s: failed %v", c.name, names(c.r.Failed()))
	}
}

func fairDecks(t *testing.T, decks int) *audit.Report {
	r, err := audit.Shuffles(52, decks, deal("fisher-yates", 0, 42), audit.Options{})
	require.NoError(t, err)
	return r
}
