package shuffle

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/big"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/fairshuffle/shuffle/audit"
	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/stretchr/testify/assert"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/fairshuffle/shuffle/internal/stattest"
)

// alpha is the significance level of every chi-square check here. Each check
// runs at a fixed seed, so its verdict never changes between runs; alpha is
// the probability that a uniform algorithm would fail it were the seed drawn
// at random. With 48 checks of uniform algorithms in this file (14 cases
// over orders of 3, 4 and 5 items, 6 over positions), a random choice of all
// the seeds would turn one of them red with probability at most 0.48%.
const alpha = 1e-4

// shuffleFunc shuffles p in place drawing from src.
type shuffleFunc func(src rand.Source, p []int)

func viaSlice(mk func(rand.Source) Shuffler) shuffleFunc {
	return func(src rand.Source, p []int) { Slice(mk(src), p) }
}

func viaSwap(mk func(rand.Source) Shuffler) shuffleFunc {
	return func(src rand.Source, p []int) { swapShuffle(mk(src), p) }
}

func withRounds(mk func(rand.Source, int) Shuffler, rounds int) func(rand.Source) Shuffler {
	return func(src rand.Source) Shuffler { return mk(src, rounds) }
}

// orderTest shuffles 0..n−1 trials times and returns the chi-square
// statistic of the counts of the n! orders against equal counts, and its
// p-value with n!−1 degrees of freedom.
func orderTest(f shuffleFunc, n, trials int, seed uint64) (chi2, p float64) {
	obs := countOrders(f, n, trials, seed)
	uniform := make([]float64, len(obs))
	for i := range uniform {
		uniform[i] = 1 / float64(len(obs))
	}
	return chiSquare(obs, uniform)
}

// chiSquare compares counts of outcomes with their exact probabilities and
// returns the chi-square statistic and its p-value. Outcomes of probability
// zero must never occur: if one does, the p-value is 0.
func chiSquare(obs, probs []float64) (chi2, p float64) {
	total := 0.0
	for _, o := range obs {
		total += o
	}
	var o, e []float64
	for i, q := range probs {
		if q == 0 {
			if obs[i] != 0 {
				return math.Inf(1), 0
			}
			continue
		}
		o, e = append(o, obs[i]), append(e, q*total)
	}
	chi2 = stat.ChiSquare(o, e)
	return chi2, distuv.ChiSquared{K: float64(len(o) - 1)}.Survival(chi2)
}

// pValue is chiSquare's p-value alone.
func pValue(obs, probs []float64) float64 {
	_, p := chiSquare(obs, probs)
	return p
}

// positionTest shuffles 0..n−1 trials times with f, drawing from a PCG
// seeded with seed, and returns the audit package's position test of the
// n×n table of where each item ends (its chi-square, scaled by (n−1)/n for
// the table's correlations, and two-sided p-value), and the largest
// |P(item i at j) − 1/n|. The audit package's own tests hold that test to
// its null distribution and show its power.
func positionTest(f shuffleFunc, n, trials int, seed uint64) (chi2, p float64, maxDev float64) {
	src := rand.NewPCG(seed, uint64(n))
	r, err := audit.Shuffles(n, trials, func(d []int) { f(src, d) }, audit.Options{})
	if err != nil {
		panic(err)
	}
	pt, ok := r.Test("positions")
	if !ok || !pt.Ran() {
		panic(fmt.Sprintf("positionTest: no position test for %d shuffles of %d", trials, n))
	}
	for _, c := range r.Positions {
		maxDev = max(maxDev, abs(float64(c)/float64(trials)-1/float64(n)))
	}
	return pt.Statistic, pt.P, maxDev
}

func abs(x float64) float64 { return max(x, -x) }

type fairnessCase struct {
	name    string
	f       shuffleFunc
	uniform bool // the check must pass (p ≥ alpha) if true, fail if false
}

// seedOf gives every check its own fixed seed. Algorithms that map the same
// sequence of choices one-to-one onto orders would otherwise produce the very
// same χ² at the same seed, and the checks would not be independent.
func seedOf(name string, n int) uint64 {
	return hashInts([]int{n}) ^ hashString(name)
}

func hashString(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// orderCases are the uniform algorithms through both entry points, the
// inside-out copy and stream forms, and the negative controls that the same
// check must reject.
func orderCases() []fairnessCase {
	var cs []fairnessCase
	for _, a := range testedAlgorithms() {
		if a.Uniform {
			cs = append(cs,
				fairnessCase{a.Name, viaSlice(a.New), true},
				fairnessCase{a.Name + "/Shuffle", viaSwap(a.New), true})
		}
	}
	if onlyAlgorithm != "" {
		return cs
	}
	cs = append(cs,
		fairnessCase{"Shuffled", func(src rand.Source, p []int) { copy(p, Shuffled(src, p)) }, true},
		fairnessCase{"Collect", func(src rand.Source, p []int) { copy(p, Collect(src, slices.Values(p))) }, true},
		fairnessCase{"naive", viaSlice(NewNaive), false},
		fairnessCase{"insertion", viaSlice(NewInsertion), false},
		fairnessCase{"cut", viaSlice(withRounds(NewCut, 0)), false},
		fairnessCase{"transpositions(1)", viaSlice(withRounds(NewTranspositions, 1)), false},
		fairnessCase{"transpositions(2)", viaSlice(withRounds(NewTranspositions, 2)), false},
		fairnessCase{"overhand(1)", viaSlice(withRounds(NewOverhand, 1)), false},
		fairnessCase{"riffle(1)", viaSlice(withRounds(NewRiffle, 1)), false},
	)
	return cs
}

// TestFairnessOrders counts every order of n = 3, 4, 5 items over 30,000
// shuffles (250 to 5,000 per order). Against the naive shuffle at n = 3,
// whose orders have probabilities 4/27 and 5/27, the noncentrality is about
// 370 and the check rejects with certainty.
func TestFairnessOrders(t *testing.T) {
	t.Parallel()
	const trials = 30_000
	c := stattest.Checks{Rule: fmt.Sprintf("a uniform shuffle must reach p ≥ %g, a biased one p < %g; false failure %g a uniform check", alpha, alpha, alpha)}
	for _, cs := range orderCases() {
		for n := 3; n <= 5; n++ {
			chi2, p := orderTest(cs.f, n, trials, seedOf(cs.name, n))
			stattest.Logf(t, "%-22s n=%d  χ²=%9.1f  df=%3d  p=%.3g", cs.name, n, chi2, factorial(n)-1, p)
			if cs.uniform {
				c.AtLeast(p, alpha, "%s n=%d: a uniform shuffle was rejected (χ²=%.1f)", cs.name, n, chi2)
			} else {
				c.Below(p, alpha, "%s n=%d: the check failed to reject a biased shuffle (χ²=%.1f)", cs.name, n, chi2)
			}
		}
	}
	c.Report(t)
}

// TestFairnessPositions checks the 52×52 matrix of where each card ends,
// over 20,000 shuffles (about 385 per cell). Every uniform algorithm must
// pass; the biased ones, including riffle with 3 rounds and the default
// overhand, must be rejected. The cut is absent on purpose: a uniform
// rotation puts every card at every place equally often, so this check
// cannot see it (the order check above does).
func TestFairnessPositions(t *testing.T) {
	t.Parallel()
	const n, trials = 52, 20_000
	cases := []fairnessCase{
		{"naive", viaSlice(NewNaive), false},
		{"insertion", viaSlice(NewInsertion), false},
		{"transpositions(52)", viaSlice(withRounds(NewTranspositions, 52)), false},
		{"overhand", viaSlice(withRounds(NewOverhand, 0)), false},
		{"riffle(3)", viaSlice(withRounds(NewRiffle, 3)), false},
		{"riffle", viaSlice(withRounds(NewRiffle, 0)), false},
	}
	for _, a := range Algorithms() {
		if a.Uniform {
			cases = append(cases, fairnessCase{a.Name, viaSlice(a.New), true})
		}
	}
	c := stattest.Checks{Rule: fmt.Sprintf("a uniform shuffle must reach p ≥ %g, a biased one p < %g; false failure %g a uniform check", alpha, alpha, alpha)}
	for _, cs := range cases {
		chi2, p, dev := positionTest(cs.f, n, trials, seedOf(cs.name, n))
		stattest.Logf(t, "%-20s χ²=%8.1f  df=%d  p=%.3g  max |P−1/n|=%.4f", cs.name, chi2, (n-1)*(n-1), p, dev)
		if cs.uniform {
			c.AtLeast(p, alpha, "%s: a uniform shuffle was rejected (χ²=%.1f, max |P−1/n|=%.4f)", cs.name, chi2, dev)
		} else {
			c.Below(p, alpha, "%s: the check failed to reject a biased shuffle (χ²=%.1f, max |P−1/n|=%.4f)", cs.name, chi2, dev)
		}
	}
	c.Report(t)
}

// enumerate returns the exact probability of each order of 0..n−1, indexed
// by rank, that f produces, by running it for every sequence of choices the
// scripted source can answer (choicePaths). It needs finitely many choices:
// every algorithm but rejection.
func enumerate(f shuffleFunc, n int) []*big.Rat {
	probs := make([]*big.Rat, factorial(n))
	for i := range probs {
		probs[i] = new(big.Rat)
	}
	choicePaths(n, f, func(p, bounds []int) {
		weight := big.NewInt(1)
		for _, b := range bounds {
			weight.Mul(weight, big.NewInt(int64(b)))
		}
		probs[rank(p)].Add(probs[rank(p)], new(big.Rat).SetFrac(big.NewInt(1), weight))
	})
	return probs
}

// TestExactUniform proves, by enumerating every sequence of choices, that
// each uniform algorithm with finitely many choices gives every order of
// n ≤ 6 items probability exactly 1/n!, through Slice and through Shuffle:
// no sample, no tolerance. (Rejection makes unboundedly many choices; see
// TestExactRejection.)
func TestExactUniform(t *testing.T) {
	c := stattest.Checks{Rule: "every order of n items exactly 1/n!, for each algorithm, API and n; exact, no false failures"}
	for _, a := range testedAlgorithms() {
		if !a.Uniform || !a.Enumerable {
			continue
		}
		for api, f := range map[string]shuffleFunc{"Slice": viaSlice(a.New), "Shuffle": viaSwap(a.New)} {
			for n := 1; n <= 6; n++ {
				want := big.NewRat(1, int64(factorial(n)))
				probs := enumerate(f, n)
				off, worst, dev := 0, -1, new(big.Rat)
				for r, p := range probs {
					if p.Cmp(want) != 0 {
						off++
						if d := new(big.Rat).Sub(p, want); worst < 0 || d.Abs(d).Cmp(dev) > 0 {
							worst, dev = r, d
						}
					}
				}
				var figure float64
				what := ""
				if worst >= 0 {
					figure, _ = dev.Float64()
					what = fmt.Sprintf(", order %d has probability %v", worst, probs[worst])
				}
				c.Check(off == 0, figure, "%s/%s n=%d: %d of %d orders off %v%s", a.Name, api, n, off, len(probs), want, what)
			}
		}
	}
	c.Report(t)
}

// TestExactNaive pins the naive shuffle's exact distribution for n = 3: the
// 27 paths give the orders 123, 132, 213, 231, 312, 321 counts 4, 5, 5, 5,
// 4, 4.
func TestExactNaive(t *testing.T) {
	var got []string
	for _, p := range enumerate(viaSlice(NewNaive), 3) {
		got = append(got, new(big.Rat).Mul(p, big.NewRat(27, 1)).RatString())
	}
	assert.Equal(t, []string{"4", "5", "5", "5", "4", "4"}, got)

	// The enumeration itself is sound: the probabilities of every biased
	// algorithm still add up to 1.
	for _, a := range Algorithms() {
		if a.Uniform {
			continue
		}
		mk := a.New
		if a.NewRounds != nil {
			mk = withRounds(a.NewRounds, 2)
		}
		sum := new(big.Rat)
		for _, p := range enumerate(viaSlice(mk), 4) {
			sum.Add(sum, p)
		}
		assert.Equal(t, "1", sum.RatString(), a.Name)
	}
}

// TestFairnessReport prints, with -v, one line per registry algorithm:
// uniform by design or not, the exact total variation distance to uniform
// at n = 5 with its default parameters (for rejection, whose choices are
// unbounded, TestExactRejection proves it 0), and the chi-square
// statistic and p-value of the 52-card position check over 20,000 shuffles,
// which must accept every uniform algorithm and reject the naive,
// insertion, overhand and riffle shuffles. The position check, a second
// sample of TestFairnessPositions's, runs with SHUFFLE_LONG=1 only.
func TestFairnessReport(t *testing.T) {
	t.Parallel()
	const n, trials = 52, 20_000
	stattest.Logf(t, "%-15s %-8s %-22s %-10s %s", "algorithm", "uniform", "exact TV at n=5", "χ² n=52", "p-value")
	c := stattest.Checks{Rule: fmt.Sprintf("exact TV at n=5 zero if and only if uniform, with no false failures; p ≥ %g for a uniform algorithm, false failure %g a check", alpha, alpha)}
	for _, a := range Algorithms() {
		tv := "—"
		switch {
		case !a.Enumerable:
			tv = "(not enumerable)"
		case a.NewRounds != nil:
			d := tvExact(exactRounds(a, 5, a.Rounds(5)))
			f, _ := d.Float64()
			tv = fmt.Sprintf("%.6f", f)
			c.Check(d.Sign() > 0, 1, "%s: exact TV %v, want > 0 for a repeated shuffle", a.Name, d)
		default:
			d := tvExact(enumerate(viaSlice(a.New), 5))
			f, _ := d.Float64()
			tv = fmt.Sprintf("%.6f", f)
			c.Check(a.Uniform == (d.Sign() == 0), f, "%s: exact TV %v at n=5, uniform %v", a.Name, d, a.Uniform)
		}
		if !long.Enabled() {
			stattest.Logf(t, "%-15s %-8v %-22s", a.Name, a.Uniform, tv)
			continue
		}
		chi2, p, _ := positionTest(viaSlice(a.New), n, trials, seedOf("report/"+a.Name, n))
		stattest.Logf(t, "%-15s %-8v %-22s %-10.1f %.3g", a.Name, a.Uniform, tv, chi2, p)
		if a.Uniform {
			// The biased ones' rejection is TestFairnessPositions's, which
			// builds its negative controls by constructor: this check cannot
			// see a cut (every card at every place equally often) nor 206
			// transpositions of 52 cards, past the cut-off at ½·n·ln n.
			c.AtLeast(p, alpha, "%s n=52 (χ²=%.1f)", a.Name, chi2)
		}
	}
	c.Report(t)
}

// TestFairnessPower pins the power of the position check: with 20,000
// shuffles of 52 cards it rejects the naive shuffle and four riffles not
// just at alpha but at p < 1e−9.
func TestFairnessPower(t *testing.T) {
	t.Parallel()
	ch := stattest.Checks{Rule: "a biased shuffle must reach p < 1e-9"}
	for _, c := range []fairnessCase{
		{"naive", viaSlice(NewNaive), false},
		{"riffle(4)", viaSlice(withRounds(NewRiffle, 4)), false},
	} {
		chi2, p, _ := positionTest(c.f, 52, 20_000, seedOf("power/"+c.name, 52))
		stattest.Logf(t, "%-10s χ²=%.1f p=%.3g", c.name, chi2, p)
		ch.Below(p, 1e-9, "%s (χ²=%.1f)", c.name, chi2)
	}
	ch.Report(t)
}

// batteryCheck is one check the battery repeats: run returns its p-value
// with the seeds moved by the given offset.
type batteryCheck struct {
	name string
	run  func(offset uint64) float64
}

// batterySeeds is how many times the battery repeats every check.
const batterySeeds = 100

// orderCheck and positionCheck are TestFairnessOrders' and
// TestFairnessPositions' checks, as the battery repeats them.
func orderCheck(name string, f shuffleFunc, n int) batteryCheck {
	return batteryCheck{fmt.Sprintf("%s n=%d", name, n), func(offset uint64) float64 {
		_, p := orderTest(f, n, 30_000, seedOf(name, n)+offset)
		return p
	}}
}

func positionCheck(name string, f shuffleFunc) batteryCheck {
	return batteryCheck{name + " n=52", func(offset uint64) float64 {
		_, p, _ := positionTest(f, 52, 20_000, seedOf(name, 52)+offset)
		return p
	}}
}

// uniformChecks are the order checks (n = 3, 4, 5) of every uniform case of
// orderCases and the position check of every uniform algorithm: 48 checks.
func uniformChecks() []batteryCheck {
	var cs []batteryCheck
	for _, c := range orderCases() {
		if c.uniform {
			for n := 3; n <= 5; n++ {
				cs = append(cs, orderCheck(c.name, c.f, n))
			}
		}
	}
	for _, a := range Algorithms() {
		if a.Uniform {
			cs = append(cs, positionCheck(a.Name, viaSlice(a.New)))
		}
	}
	return cs
}

// runBattery runs every check with batterySeeds seed offsets, on all the
// processors, and returns the p-values.
func runBattery(checks []batteryCheck) []float64 {
	ps := make([]float64, batterySeeds*len(checks))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(ps); i = int(next.Add(1) - 1) {
				seed, c := i/len(checks), checks[i%len(checks)]
				ps[i] = c.run(uint64(seed) * 7919)
			}
		}()
	}
	wg.Wait()
	return ps
}

// batteryTail is the false-failure rate of each side of each level of the
// battery's verdict: with two levels and two sides, a calibrated battery
// fails with probability at most 4·batteryTail = 2·10⁻⁴.
const batteryTail = 5e-5

// batteryVerdict counts the p-values below level and the range [lo, hi] a
// calibrated battery stays in: if every check is independent and fails with
// probability level, the count is Binomial(len(ps), level), and lo and hi
// cut off at most batteryTail of it on either side. Too many failures is a
// biased algorithm or a check that rejects too easily; too few, a check
// whose p-values are too high to reject anything.
func batteryVerdict(ps []float64, level float64) (fails, lo, hi int) {
	for _, p := range ps {
		if p < level {
			fails++
		}
	}
	b := distuv.Binomial{N: float64(len(ps)), P: level}
	// lo is the least count with P(X ≤ lo) > batteryTail, so P(X < lo) is
	// at most that; hi the greatest with P(X ≥ hi) > batteryTail, so
	// P(X > hi) is at most that.
	for lo = 0; b.CDF(float64(lo)) <= batteryTail; lo++ {
	}
	for hi = len(ps); hi > 0 && b.Survival(float64(hi-1)) <= batteryTail; hi-- {
	}
	return fails, lo, hi
}

// TestFairnessBattery (with SHUFFLE_LONG=1, as CI runs it; 32 s of CPU) reruns
// the order and position checks of every uniform algorithm with 100
// different seeds: 4,800 checks. A calibrated check fails at rate alpha and
// at rate 1% at level 0.01, so the counts of failures must stay within the
// binomial range of batteryVerdict; its false-failure rate is at most
// 2·10⁻⁴.
//
// Negative control: the same verdict, on the same 4,800 p-values plus those
// of the default riffle's order checks (seven riffles) at n = 3, 4, 5 with
// the same 100 seeds, must fail. Seven riffles are a mild bias at n ≤ 5
// (exact distances to uniform 0.004 to 0.009): a single check at alpha
// rarely sees it, the battery must.
func TestFairnessBattery(t *testing.T) {
	long.Skip(t, "4,800 fairness checks and their control (32 s of CPU)")
	ps := runBattery(uniformChecks())
	var riffles []batteryCheck
	for n := 3; n <= 5; n++ {
		riffles = append(riffles, orderCheck("battery/riffle(7)", viaSlice(withRounds(NewRiffle, 0)), n))
	}
	control := append(slices.Clone(ps), runBattery(riffles)...)
	for _, level := range []float64{0.01, alpha} {
		fails, lo, hi := batteryVerdict(ps, level)
		t.Logf("%d checks: %d below %g (calibrated: %d to %d)", len(ps), fails, level, lo, hi)
		assert.True(t, lo <= fails && fails <= hi, "level %g: %d failures outside [%d, %d]", level, fails, lo, hi)
	}
	rejected := false
	for _, level := range []float64{0.01, alpha} {
		fails, lo, hi := batteryVerdict(control, level)
		t.Logf("control, %d checks with 7 riffles: %d below %g (calibrated: %d to %d)", len(control), fails, level, lo, hi)
		rejected = rejected || fails < lo || fails > hi
	}
	assert.True(t, rejected, "the battery did not see seven riffles")
}
