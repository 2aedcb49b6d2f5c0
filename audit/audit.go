// Package audit tests whether a stream of shuffled decks looks like the
// output of a uniform shuffle. It is for anyone's shuffle: feed it decks one
// at a time, in the order they were dealt, as permutations of 0..n−1, and
// ask for a [Report].
//
//	a := audit.New(52, audit.Options{})
//	for _, deck := range decks {
//		if err := a.Add(deck); err != nil { … } // not a permutation of 0..51
//	}
//	r := a.Report()
//	fmt.Println(r.Verdict) // "pass" or "fail"
//
// The battery (test names as in [Test].Name):
//
//   - positions: the n×n table of card × final position, chi-square with
//     (n−1)² degrees of freedom after scaling by (n−1)/n for the table's
//     correlations; two-sided, so a table too even to be chance fails too.
//   - cards, places: each card's row and each position's column of that
//     table alone (n−1 degrees of freedom), the worst one, Bonferroni-corrected.
//   - adjacency: how often card b directly follows card a, chi-square with
//     n²−3n+1 degrees of freedom under the table's exact covariance.
//   - pairs: how often card a comes before card b, for every pair,
//     chi-square with n(n−1)/2 degrees of freedom under the exact covariance.
//   - fixed-points, cycles, rising: the number of cards at their own index,
//     of cycles, and of rising sequences per deck, against their exact
//     distributions (rencontres numbers, unsigned Stirling numbers of the
//     first kind, Eulerian numbers), by chi-square with classes pooled to
//     at least 5 expected decks.
//   - serial: where a card goes in deck t+1 given where it was in deck t, a
//     table like positions; it catches decks re-shuffled from the previous
//     one, which every other test can miss.
//   - repeats: decks equal to an earlier deck, against the birthday law
//     (exact mean and variance; Poisson or normal tails). At 52 cards one
//     repeat in 10¹⁰ decks is already a failure.
//   - NAME/batches: a second level. The decks are cut into batches (by
//     default the largest power of two up to 8192 decks that gives at least
//     20 batches, and at least 1024 decks), each test above is run on every
//     batch, and a Kolmogorov–Smirnov test asks whether its batch p-values
//     are uniform; it catches a shuffle that drifts. cards, places and
//     repeats take no part: their p-values are not uniform under the null.
//
// Each test has a smallest deck count ([Test].MinDecks) at which its null
// approximation holds; below it the test does not run and says so. The
// verdict is family-wise: Holm's correction over the tests that ran, at
// [Options].Alpha (0.001 by default), so a fair shuffle fails with
// probability at most Alpha.
//
// Costs, for decks of n cards: O(n²) time per deck (the pairs test) and
// O(n²) memory for the tables (4n² counters, plus 4n² per batch level, at
// most four levels); the repeats test keeps 16 bytes per deck, and the
// second level 8 bytes per test per batch. Nothing else grows with the
// number of decks. At 52 cards an [Auditor] takes about 2 µs per deck.
//
// The package uses gonum (gonum.org/v1/gonum) for the chi-square and
// incomplete gamma functions behind its p-values: a well-kept library whose
// special functions are tested to near machine precision. It does not
// import the shuffle package, so that package's own tests can use it.
package audit

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math"
	"math/bits"
	"slices"
)

// Options configure an [Auditor]. The zero value is the default.
type Options struct {
	// Alpha is the family-wise significance level: the largest chance
	// that a uniform shuffle fails the audit. 0 means 0.001.
	Alpha float64
	// Batch is the number of decks in each batch of the second level.
	// 0 means the default: the largest power of two from 1024 to 8192 that
	// gives at least 20 batches.
	Batch int
}

// DefaultAlpha is the family-wise level used when [Options].Alpha is 0.
const DefaultAlpha = 0.001

// Batch sizes of the second level, and the number of batches it needs.
const (
	minBatch   = 1024
	maxBatch   = 8192
	minBatches = 20
)

// Test is the result of one test of a [Report].
type Test struct {
	// Name identifies the test: "positions", "cards", "places",
	// "adjacency", "pairs", "fixed-points", "cycles", "rising", "serial",
	// "repeats", or one of those followed by "/batches".
	Name string
	// Statistic is the test statistic: a chi-square for most tests, the
	// number of repeated decks for repeats, the Kolmogorov–Smirnov
	// distance for the second level.
	Statistic float64
	// DF is the chi-square's degrees of freedom, or the number of batches
	// for the second level; 0 for repeats.
	DF float64
	// P is the p-value, NaN when the test did not run.
	P float64
	// Holm is P adjusted for the family by Holm's method: the test fails
	// when Holm < Alpha.
	Holm float64
	// Pass reports whether the test ran and did not fail.
	Pass bool
	// MinDecks is the smallest number of decks at which the test runs.
	MinDecks int64
	// Skipped says why the test did not run; empty when it ran.
	Skipped string
	// Note is a detail: the worst card or position, the expected repeats,
	// the batches used.
	Note string
	// Worst is, for cards and places, the card or position (from 0) whose
	// line of the position table is furthest from uniform; −1 otherwise.
	Worst int
}

// Ran reports whether the test ran.
func (t Test) Ran() bool { return t.Skipped == "" }

// Report is the result of an audit.
type Report struct {
	N       int     // cards per deck
	Decks   int64   // decks audited
	Alpha   float64 // family-wise significance level
	Verdict string  // "pass" or "fail"
	Tests   []Test  // in the order of the package documentation
	// Positions[c*N+j] is the number of decks with card c at position j,
	// and Adjacency[a*N+b] the number with card b directly after card a.
	Positions, Adjacency []int64
}

// Test returns the test named name, and false if there is none.
func (r *Report) Test(name string) (Test, bool) {
	for _, t := range r.Tests {
		if t.Name == name {
			return t, true
		}
	}
	return Test{}, false
}

// Failed returns the tests that failed.
func (r *Report) Failed() []Test {
	var f []Test
	for _, t := range r.Tests {
		if t.Ran() && !t.Pass {
			f = append(f, t)
		}
	}
	return f
}

// An Auditor accumulates decks and reports on them. It is not safe for
// concurrent use.
type Auditor struct {
	n       int
	alpha   float64
	decks   int64
	inv     []int32 // inverse of the deck being added
	prev    []int32 // inverse of the deck before; valid when decks > 0
	seen    []uint32
	stamp   uint32
	visited []bool
	buf     []byte
	seeds   [2]maphash.Seed
	keys    [][2]uint64 // repeats: one key per deck
	total   *counts[int64]
	levels  []*level    // finest first
	planes  *pairPlanes // the finest level's pairs, for n ≤ 64
	nulls   *nulls
}

// level is one batch size of the second level.
type level struct {
	size   int64
	report bool // batch p-values are kept
	cur    *counts[uint32]
	ps     [len(batchTests)][]float64
}

// batchTests are the tests run on every batch.
var batchTests = [...]string{"positions", "adjacency", "pairs", "fixed-points", "cycles", "rising", "serial"}

// nulls are the exact null distributions for n cards.
type nulls struct {
	fixed, cycles, rising                   []float64
	fixedMin, cyclesMin, risingMin, pairMin int64
	logM                                    float64 // ln n!
}

// New returns an Auditor for decks of n cards. It panics if n < 3 (the
// adjacency table of 2 cards has no degrees of freedom), if opts.Alpha is
// not in (0, 1) or 0, or if opts.Batch is negative.
func New(n int, opts Options) *Auditor {
	switch {
	case n < 3:
		panic(fmt.Sprintf("audit: New: n = %d, want at least 3", n))
	case n > math.MaxInt32:
		panic(fmt.Sprintf("audit: New: n = %d is too large", n))
	case opts.Alpha < 0 || opts.Alpha >= 1 || math.IsNaN(opts.Alpha):
		panic(fmt.Sprintf("audit: New: Alpha = %g, want 0 < Alpha < 1, or 0 for the default", opts.Alpha))
	case opts.Batch < 0:
		panic(fmt.Sprintf("audit: New: negative Batch %d", opts.Batch))
	}
	a := &Auditor{
		n: n, alpha: opts.Alpha,
		inv: make([]int32, n), prev: make([]int32, n), seen: make([]uint32, n), visited: make([]bool, n),
		seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()},
		total: newCounts[int64](n),
		nulls: newNulls(n),
	}
	if a.alpha == 0 {
		a.alpha = DefaultAlpha
	}
	if n <= 64 {
		a.planes = newPairPlanes(n)
	}
	switch {
	case opts.Batch > 0:
		a.levels = []*level{{size: int64(opts.Batch), report: true}}
	default:
		need := int64(0)
		for t := range batchTests {
			need = max(need, a.batchMin(t))
		}
		finest := int64(minBatch)
		for finest < need {
			finest *= 2
		}
		if finest > maxBatch {
			// The tables need more decks per batch than a batch may hold:
			// no second level, but the decks still go through a uint32
			// tally first, which is faster than the int64 totals.
			a.levels = []*level{{size: maxBatch}}
		}
		for s := finest; s <= maxBatch; s *= 2 {
			a.levels = append(a.levels, &level{size: s, report: true})
		}
	}
	for _, l := range a.levels {
		l.cur = newCounts[uint32](n)
	}
	return a
}

func newNulls(n int) *nulls {
	z := &nulls{fixed: fixedPointProbs(n), cycles: cycleProbs(n), rising: risingProbs(n)}
	z.fixedMin = int64(pooledMinDecks(z.fixed))
	z.cyclesMin = int64(pooledMinDecks(z.cycles))
	z.risingMin = int64(pooledMinDecks(z.rising))
	z.pairMin = 20
	lg, _ := math.Lgamma(float64(n + 1))
	z.logM = lg
	return z
}

// N returns the number of cards per deck.
func (a *Auditor) N() int { return a.n }

// Decks returns the number of decks added.
func (a *Auditor) Decks() int64 { return a.decks }

// Add audits one deck, a permutation of 0..n−1 (deck[j] is the card at
// position j). If deck is not one, Add returns an error that says why and
// counts nothing. Add keeps no reference to deck.
func (a *Auditor) Add(deck []int) error {
	n := a.n
	if len(deck) != n {
		return fmt.Errorf("%d cards, want %d", len(deck), n)
	}
	a.stamp++
	if a.stamp == 0 {
		clear(a.seen)
		a.stamp = 1
	}
	inv := a.inv
	for j, c := range deck {
		if uint(c) >= uint(n) {
			return fmt.Errorf("card %d (number %d on the deck) is not in 0..%d", c, j+1, n-1)
		}
		if a.seen[c] == a.stamp {
			return fmt.Errorf("card %d appears twice (numbers %d and %d on the deck)", c, inv[c]+1, j+1)
		}
		a.seen[c] = a.stamp
		inv[c] = int32(j)
	}
	var prev []int32
	if a.decks > 0 {
		prev = a.prev
	}
	l := a.levels[0]
	l.cur.add(deck, inv, prev, a.visited, a.planes)
	a.keys = append(a.keys, a.key(deck))
	a.decks++
	a.inv, a.prev = a.prev, a.inv
	if l.cur.decks == l.size || a.planes != nil && a.planes.decks == 1<<planeBits-1 {
		a.flush()
	}
	if l.cur.decks == l.size {
		a.complete(0)
	}
	return nil
}

// flush moves the bit-sliced pair counts into the finest level.
func (a *Auditor) flush() {
	if a.planes != nil {
		flushPlanes(a.planes, a.levels[0].cur.before)
	}
}

// complete closes the batch of level i: its p-values are kept, its counts
// move up a level (or into the totals), and a finest level whose parent has
// enough batches is dropped, as it will never be reported.
func (a *Auditor) complete(i int) {
	l := a.levels[i]
	if l.report {
		for t := range batchTests {
			if l.size >= a.batchMin(t) {
				_, _, p := a.stat(t, l.cur)
				l.ps[t] = append(l.ps[t], p)
			}
		}
	}
	if i+1 < len(a.levels) {
		up := a.levels[i+1]
		mergeCounts(up.cur, l.cur)
		l.cur.reset()
		if up.cur.decks == up.size {
			a.complete(i + 1)
		}
	} else {
		mergeCounts(a.total, l.cur)
		l.cur.reset()
	}
	if i == 0 && len(a.levels) > 1 && len(a.levels[1].ps[0]) >= minBatches && a.levels[1].report {
		a.levels = a.levels[1:]
	}
}

// key identifies a deck for the repeats test: the deck itself, packed, up
// to 25 cards; above, a 128-bit hash (two seeded maphash values), so two
// different decks share a key with probability 2⁻¹²⁸ and a million decks
// show a false repeat with probability below 10⁻²⁶.
func (a *Auditor) key(deck []int) [2]uint64 {
	if a.n <= 25 {
		b := uint(bits.Len(uint(a.n - 1)))
		var hi, lo uint64
		for _, c := range deck {
			hi = hi<<b | lo>>(64-b)
			lo = lo<<b | uint64(c)
		}
		return [2]uint64{hi, lo}
	}
	buf := a.buf[:0]
	switch {
	case a.n <= 1<<8:
		for _, c := range deck {
			buf = append(buf, byte(c))
		}
	case a.n <= 1<<16:
		for _, c := range deck {
			buf = binary.LittleEndian.AppendUint16(buf, uint16(c))
		}
	default:
		for _, c := range deck {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(c))
		}
	}
	a.buf = buf
	return [2]uint64{maphash.Bytes(a.seeds[0], buf), maphash.Bytes(a.seeds[1], buf)}
}

// batchMin is the smallest batch at which batch test t runs.
func (a *Auditor) batchMin(t int) int64 {
	z, n := a.nulls, int64(a.n)
	switch batchTests[t] {
	case "positions", "adjacency":
		return minExpected * n
	case "serial":
		return minExpected*n + 1
	case "pairs":
		return z.pairMin
	case "fixed-points":
		return z.fixedMin
	case "cycles":
		return z.cyclesMin
	}
	return z.risingMin
}

// stat runs batch test t on c.
func (a *Auditor) stat(t int, c *counts[uint32]) (chi2, df, p float64) {
	return runStat(a, t, c)
}

func runStat[T count](a *Auditor, t int, c *counts[T]) (chi2, df, p float64) {
	n, d := a.n, float64(c.decks)
	switch batchTests[t] {
	case "positions":
		return permutationTable(c.pos, n, d)
	case "adjacency":
		return adjacencyTest(c.adj, n, d)
	case "pairs":
		return pairsTest(c.before, n, d)
	case "fixed-points":
		return pooledChiSquare(c.fixed, a.nulls.fixed, d)
	case "cycles":
		return pooledChiSquare(c.cycles, a.nulls.cycles, d)
	case "rising":
		return pooledChiSquare(c.rising, a.nulls.rising, d)
	}
	return permutationTable(c.serial, n, float64(c.steps))
}

// Report tests the decks added so far. It may be called at any time, and
// again after more decks are added; it costs O(n²) plus, for the repeats
// test, a sort of 16 bytes per deck.
func (a *Auditor) Report() *Report {
	n := a.n
	a.flush()
	c := newCounts[int64](n)
	mergeCounts(c, a.total)
	for _, l := range a.levels {
		mergeCounts(c, l.cur)
	}
	d := c.decks
	r := &Report{N: n, Decks: d, Alpha: a.alpha, Positions: c.pos, Adjacency: c.adj}
	add := func(name string, min int64, run func() (stat, df, p float64, note string)) {
		t := Test{Name: name, MinDecks: min, P: math.NaN(), Holm: math.NaN(), Worst: -1}
		if d < min {
			t.Skipped = fmt.Sprintf("too few decks: %d, needs %d", d, min)
		} else {
			t.Statistic, t.DF, t.P, t.Note = run()
		}
		r.Tests = append(r.Tests, t)
	}
	first := func(t int) func() (float64, float64, float64, string) {
		return func() (float64, float64, float64, string) {
			s, df, p := runStat(a, t, c)
			return s, df, p, ""
		}
	}
	nn := int64(n)
	worst := -1
	add("positions", minExpected*nn, first(0))
	for _, rows := range []bool{true, false} {
		name, what := "places", "position"
		if rows {
			name, what = "cards", "card"
		}
		add(name, minExpected*nn, func() (float64, float64, float64, string) {
			w, s, p := margins(c.pos, n, float64(d), rows)
			worst = w
			return s, float64(n - 1), p, fmt.Sprintf("worst %s: %d", what, w)
		})
		if t := &r.Tests[len(r.Tests)-1]; t.Ran() {
			t.Worst = worst
		}
	}
	add("adjacency", minExpected*nn, first(1))
	add("pairs", a.nulls.pairMin, first(2))
	add("fixed-points", a.nulls.fixedMin, first(3))
	add("cycles", a.nulls.cyclesMin, first(4))
	add("rising", a.nulls.risingMin, first(5))
	add("serial", minExpected*nn+1, first(6))
	add("repeats", 2, func() (float64, float64, float64, string) {
		rep := a.repeats()
		mean, variance := birthday(float64(d), a.nulls.logM)
		return float64(rep), 0, repeatsP(float64(rep), mean, variance), fmt.Sprintf("expected %.3g", mean)
	})
	for t, name := range batchTests {
		a.second(r, t, name)
	}
	holm(r.Tests, a.alpha)
	r.Verdict = "pass"
	if len(r.Failed()) > 0 {
		r.Verdict = "fail"
	}
	return r
}

// second adds the second-level test of batch test t: the coarsest level
// with enough batches.
func (a *Auditor) second(r *Report, t int, name string) {
	need := a.batchMin(t)
	test := Test{Name: name + "/batches", P: math.NaN(), Holm: math.NaN(), Worst: -1}
	var best *level
	for _, l := range a.levels {
		if l.report && l.size >= need && len(l.ps[t]) >= minBatches {
			best = l
		}
	}
	smallest := int64(0)
	for _, l := range a.levels {
		if l.report && l.size >= need && smallest == 0 {
			smallest = l.size
		}
	}
	test.MinDecks = minBatches * smallest
	switch {
	case best != nil:
		ps := slices.Clone(best.ps[t])
		test.DF = float64(len(ps))
		test.Statistic, test.P = ksUniform(ps)
		test.Note = fmt.Sprintf("%d batches of %d decks", len(ps), best.size)
	case smallest == 0:
		test.Skipped = fmt.Sprintf("needs batches of at least %d decks, more than %d", need, maxBatch)
		test.MinDecks = 0
	default:
		test.Skipped = fmt.Sprintf("too few decks: %d, needs %d (%d batches of %d)", a.decks, test.MinDecks, minBatches, smallest)
	}
	r.Tests = append(r.Tests, test)
}

// repeats counts the decks equal to an earlier deck.
func (a *Auditor) repeats() int64 {
	slices.SortFunc(a.keys, func(x, y [2]uint64) int {
		if x[0] != y[0] {
			return cmpU(x[0], y[0])
		}
		return cmpU(x[1], y[1])
	})
	var r int64
	for i := 1; i < len(a.keys); i++ {
		if a.keys[i] == a.keys[i-1] {
			r++
		}
	}
	return r
}

func cmpU(x, y uint64) int {
	if x < y {
		return -1
	}
	return 1
}

// holm sets each test's Holm-adjusted p-value and Pass: with the m tests
// that ran sorted by p, the i-th (from 0) is adjusted to
// max over j ≤ i of min(1, (m−j)·p_j).
func holm(ts []Test, alpha float64) {
	var idx []int
	for i, t := range ts {
		if t.Ran() {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(x, y int) int {
		px, py := ts[x].P, ts[y].P
		switch {
		case px < py || math.IsNaN(px) && !math.IsNaN(py):
			return -1
		case px > py || math.IsNaN(py) && !math.IsNaN(px):
			return 1
		}
		return 0
	})
	m := len(idx)
	run := 0.0
	for j, i := range idx {
		p := ts[i].P
		if math.IsNaN(p) {
			p = 0 // a statistic that could not be computed fails
		}
		run = max(run, min(1, float64(m-j)*p))
		ts[i].Holm = run
		ts[i].Pass = run >= alpha
	}
}

// Shuffles audits decks shuffles of n cards: each starts from the deck
// 0, 1, …, n−1 and is passed to shuffle, which must leave a permutation of
// it. It returns an error, and no report, if one does not. It panics as
// [New] does, or if decks < 0.
func Shuffles(n, decks int, shuffle func(deck []int), opts Options) (*Report, error) {
	if decks < 0 {
		panic(fmt.Sprintf("audit: Shuffles: negative decks %d", decks))
	}
	a := New(n, opts)
	deck := make([]int, n)
	for i := range decks {
		for j := range deck {
			deck[j] = j
		}
		shuffle(deck)
		if err := a.Add(deck); err != nil {
			return nil, fmt.Errorf("audit: shuffle %d: %v", i+1, err)
		}
	}
	return a.Report(), nil
}
