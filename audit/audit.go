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
//	fmt.Println(r.Verdict) // "pass", "fail", or "inconclusive" if too few decks
//
// A log of decks as text, one a line, as shuffle-audit reads it (numbers
// from 0 or from 1, as [ReadOptions].Base says or the log shows,
// zero-padded or not, card labels, shoes, the first cards of deals), is
// read by a [Reader], which checks every line: a bad one is a
// [*LineError] that says where it is and what is wrong.
//
//	r := audit.NewReader(f, audit.ReadOptions{Name: "decks.txt"})
//	rep, err := r.Audit(audit.Options{})
//
// The written reports (text, JSON, one HTML page, PNG and SVG heat maps)
// are those of the package audit/report, kept apart so that a program that
// wants only the statistics links no image, template or font code.
//
// It audits what a game really has in hand too: shoes of several decks
// ([Options].Copies: each card k times), the first cards dealt from each
// deck or shoe ([Options].Dealt), the sets of cards a hand is dealt
// ([Options].Hand) and the outcomes of card games ([Options].Games:
// [Poker], [Baccarat], or a [Game] of one's own), also from logs of just
// the cards each outcome uses ([Options].Used: 4 to 6 a baccarat coup).
//
// The battery (test names as in [Test].Name), for lines of m cards dealt
// from N = kn cards, k copies of each of n:
//
//   - positions: the n×m table of card × place, chi-square with
//     (n−1)(m−1) degrees of freedom (n−1 more for a partial deal) under
//     the table's exact covariance, which has fixed margins as Fisher's
//     does: for a deck the plain statistic is scaled by (n−1)/n. Two-sided,
//     so a table too even to be chance fails too.
//   - cards, places: each card's row and each place's column of that
//     table alone, the worst one, Bonferroni-corrected.
//   - spearman: the position table's linear trend, Spearman's correlation
//     of card numbers and places: one degree of freedom of positions,
//     where a draw that favours low numbers (r mod m from a short
//     generator) shows five times sooner than in the whole table.
//   - adjacency: how often card b directly follows card a ≠ b, chi-square
//     with n²−3n+1 degrees of freedom under the table's exact covariance.
//   - equal-adjacency (shoes): how many neighbours hold equal cards, against
//     its exact law; it catches decks stacked unmixed.
//   - pairs (whole decks): how often a comes before b, for every pair,
//     chi-square with n(n−1)/2 degrees of freedom under the exact covariance.
//   - fixed-points, cycles, rising (whole decks of distinct cards): the
//     number of cards at their own index, of cycles, and of rising
//     sequences per deck, against their exact distributions (rencontres
//     numbers, unsigned Stirling numbers of the first kind, Eulerian
//     numbers), by the likelihood ratio G (Williams's correction) with
//     classes pooled to at least 20 expected decks.
//   - serial: a card at place i in deck t and at place j in deck t+1, a
//     table like positions; it catches decks re-shuffled from the previous
//     one, which every other test can miss.
//   - rounds (lines dealt in part): the cards of each line that were last
//     seen together in one earlier line, at any lag: are their pairs in
//     the same order as then? Against the exact law of the concordant
//     pairs, a sum of Mahonian counts ([rounds]); it catches a continuous
//     shuffling machine that puts each round back in its order.
//   - repeats: lines equal to an earlier line, against the birthday law
//     (exact mean and variance; Poisson or normal tails). At 52 cards one
//     repeat in 10¹⁰ decks is already a failure.
//   - hand: the set of the first Hand cards, in 4,096 buckets of the
//     combinatorial number system's ranks, each of exactly known size.
//   - a game's name: the game's outcomes against their exact chances.
//   - NAME/batches: a second level. The decks are cut into batches (by
//     default the largest power of two up to 8192 decks that gives at least
//     20 batches, and at least 1024 decks), each test above from positions
//     to serial is run on every batch, and a Kolmogorov–Smirnov test asks
//     whether its batch p-values are uniform; it catches a shuffle that
//     drifts.
//
// A test that does not apply to the lines (pairs of a partial deal, say)
// is reported as skipped with the reason. Each test has a smallest deck
// count ([Test].MinDecks) at which its null approximation holds; below it
// the test does not run and says so. The verdict is family-wise: Holm's
// correction over the tests that ran, at [Options].Alpha (0.001 by
// default), so a fair shuffle fails with probability at most Alpha, at
// every count (TestFalseFailures). A pass needs a test that could have
// failed: repeats alone, which sees only lines that come again, gives
// Inconclusive.
//
// Costs per line: O(n²) for a deck (the pairs test), O(N·n) for a shoe,
// O(m·k) for m cards dealt, besides the serial test's O(m·k). Memory: the
// tables, O(n·m + n² + m²) counters, times at most five levels; the
// repeats test holds the keys of the first 2¹⁹ lines (16 MiB at most) and
// the second level 8 bytes per test per batch. Nothing else grows with the
// number of decks.
//
// The package uses gonum (gonum.org/v1/gonum) for the chi-square and
// incomplete gamma functions behind its p-values: a well-kept library whose
// special functions are tested to near machine precision. It does not
// import the shuffle package, so that package's own tests can use it.
package audit

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"
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
	// Copies is how many copies of each card the shuffled deck holds: a
	// shoe of Copies decks. 0 means 1.
	Copies int
	// Dealt is how many cards of each shuffled deck or shoe a line holds:
	// the first Dealt, as a game deals them. 0 means all n·Copies.
	Dealt int
	// Hand adds, when positive, a test that every set of Hand cards is
	// equally likely to be the first Hand cards dealt. It needs Copies 1.
	Hand int
	// Games adds a test for each game: its outcomes of the first cards
	// of each line against their exact chances. They need n = 52.
	Games []Game
	// Used says a line holds just the cards its outcome uses, by the
	// rules of the one game of Games, whose Uses is set (a baccarat coup:
	// 4, 5 or 6 cards). Dealt, 0 or that game's fewest, is then how many
	// cards of each line every other test sees; the game sees them all.
	Used bool
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
	// "spearman", "adjacency", "equal-adjacency", "pairs", "fixed-points", "cycles",
	// "rising", "serial", "rounds", "repeats", "hand", a game's name, or one of
	// those followed by "/batches".
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
	// Batches are, for a second-level test that ran, the p-values of its
	// batches in the order they were dealt.
	Batches []float64
	// Outcomes are, for a game's test, the game's outcomes; Observed[i]
	// is how many lines gave outcome i, and Expected[i] how many a uniform
	// shuffle gives on average: the lines times the outcome's chance.
	// They are set whether or not the test ran.
	Outcomes []string
	Observed []int64
	Expected []float64
}

// Ran reports whether the test ran.
func (t Test) Ran() bool { return t.Skipped == "" }

// Report is the result of an audit.
type Report struct {
	N       int     // distinct cards
	Copies  int     // copies of each card in the shuffled deck or shoe
	Deck    int     // cards in the shuffled deck or shoe: N·Copies
	Dealt   int     // cards a line holds: the first Dealt of the Deck
	Decks   int64   // decks audited
	Alpha   float64 // family-wise significance level
	Verdict string  // Pass, Fail, or Inconclusive when no test that could fail ran
	Tests   []Test  // in the order of the package documentation
	// Used names the game whose rules set each line's length
	// ([Options].Used): a line holds Dealt to MostDealt cards, and every
	// test but the game's sees its first Dealt. Empty otherwise.
	Used      string
	MostDealt int
	// Positions[c*Dealt+j] is the number of decks with card c at place j,
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
	s       shape
	alpha   float64
	decks   int64
	inv     []int32 // permutations: inverse of the deck being added
	prev    []int32 // permutations: inverse of the deck before; valid when decks > 0
	cur     places  // other shapes: the places of each card in the line being added
	last    places  // other shapes: those of the line before
	seen    []uint32
	stamp   uint32
	visited []bool
	sorted  []int // the hand test's first cards, sorted
	hand    *hands
	games   []Game
	most    int         // Options.Used: the most cards a line may hold; 0 otherwise
	gameAt  []int       // where each game's outcomes start in the counts' extra table
	gameP   [][]float64 // each game's chances
	buf     []byte
	seeds   [2]maphash.Seed
	reps    repeatTally
	logM    float64 // ln of the number of equally likely lines; NaN if they are not
	total   *counts[int64]
	levels  []*level    // finest first
	planes  *pairPlanes // the finest level's pairs, for permutations of n ≤ 64
	nulls   *nulls
	batch   []int   // the batch tests that apply, as indices of batchTests
	rounds  *rounds // lines dealt in part: the test across rounds
}

// level is one batch size of the second level.
type level struct {
	size   int64
	report bool // batch p-values are kept
	cur    *counts[uint32]
	ps     [len(batchTests)][]float64
}

// batchTests are the tests run on every batch, where they apply.
var batchTests = [...]string{"positions", "adjacency", "equal-adjacency", "pairs", "fixed-points", "cycles", "rising", "serial"}

// nulls are the exact null distributions for the shape.
type nulls struct {
	fixed, cycles, rising, equal                      []float64
	fixedMin, cyclesMin, risingMin, equalMin, pairMin int64
	adjMin                                            int64
	adjE, adjSym, adjAnti                             float64 // expected off-diagonal count and variances per deck
}

// New returns an Auditor for lines of the first opts.Dealt cards of a deck
// or shoe of opts.Copies copies of n distinct cards.
//
// It panics if n < 3, Alpha is outside [0, 1), Batch, Copies, Dealt or Hand
// is out of range, Used lacks its game, or a game does not fit the deal.
func New(n int, opts Options) *Auditor {
	k, m := max(opts.Copies, 1), opts.Dealt
	switch {
	case n < 3:
		panic(fmt.Sprintf("audit: New: n = %d, want at least 3", n))
	case n > math.MaxInt32 || opts.Copies > math.MaxInt32/n:
		panic(fmt.Sprintf("audit: New: n = %d with %d copies is too large", n, k))
	case opts.Alpha < 0 || opts.Alpha >= 1 || math.IsNaN(opts.Alpha):
		panic(fmt.Sprintf("audit: New: Alpha = %g, want 0 < Alpha < 1, or 0 for the default", opts.Alpha))
	case opts.Batch < 0:
		panic(fmt.Sprintf("audit: New: negative Batch %d", opts.Batch))
	case opts.Copies < 0:
		panic(fmt.Sprintf("audit: New: negative Copies %d", opts.Copies))
	case m < 0 || m > n*k:
		panic(fmt.Sprintf("audit: New: Dealt = %d, want 0 to %d", m, n*k))
	case opts.Hand < 0:
		panic(fmt.Sprintf("audit: New: negative Hand %d", opts.Hand))
	}
	most := 0
	if opts.Used {
		if len(opts.Games) != 1 || opts.Games[0].Uses == nil {
			panic(fmt.Sprintf("audit: New: Used with %d games, want one with Uses", len(opts.Games)))
		}
		least, hi := opts.Games[0].Uses(nil)
		if m != 0 && m != least || least < 1 || least >= n*k || hi < least {
			panic(fmt.Sprintf("audit: New: Used: game %s uses %d to %d cards, with Dealt = %d of %d", opts.Games[0].Name, least, hi, m, n*k))
		}
		m, most = least, hi
	}
	if m == 0 {
		m = n * k
	}
	s := shape{n: n, k: k, N: n * k, m: m}
	a := &Auditor{
		s: s, alpha: opts.Alpha,
		visited: make([]bool, n), seen: make([]uint32, n),
		seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()},
		most:  most,
		nulls: nullsFor(s),
		logM:  lineOrders(s),
	}
	if s.perm() {
		a.inv, a.prev = make([]int32, n), make([]int32, n)
	} else {
		a.cur, a.last = newPlaces(s), newPlaces(s)
	}
	if !s.whole() {
		a.rounds = newRounds(s)
	}
	extra := 0
	if opts.Hand > 0 {
		switch {
		case opts.Hand > m:
			panic(fmt.Sprintf("audit: New: Hand = %d, more than the %d cards dealt", opts.Hand, m))
		case k > 1:
			panic(fmt.Sprintf("audit: New: Hand = %d of a shoe of %d copies: its hands are not equally likely sets", opts.Hand, k))
		}
		h, err := newHands(s.N, opts.Hand)
		if err != nil {
			panic(fmt.Sprintf("audit: New: Hand = %d: %v", opts.Hand, err))
		}
		a.hand, a.sorted = h, make([]int, opts.Hand)
		extra = len(h.probs) // the hand's classes come first in the extra table
	}
	for _, g := range opts.Games {
		p, err := g.Probs(k)
		switch {
		case n != 52:
			panic(fmt.Sprintf("audit: New: game %s needs 52 cards, not %d", g.Name, n))
		case g.Cards > m && most == 0:
			panic(fmt.Sprintf("audit: New: game %s reads %d cards, more than the %d dealt", g.Name, g.Cards, m))
		case err != nil:
			panic("audit: New: " + err.Error())
		case len(p) != len(g.Outcomes):
			panic(fmt.Sprintf("audit: New: game %s has %d outcomes and %d chances", g.Name, len(g.Outcomes), len(p)))
		case positive(p) < 2:
			// One possible outcome is no test, and its pooled law, one
			// class however many decks, would never reach two (pooledMinDecks).
			panic(fmt.Sprintf("audit: New: game %s has %d possible outcomes, want at least 2", g.Name, positive(p)))
		}
		a.games = append(a.games, g)
		a.gameAt = append(a.gameAt, extra)
		a.gameP = append(a.gameP, p)
		extra += len(p)
	}
	if a.alpha == 0 {
		a.alpha = DefaultAlpha
	}
	if s.perm() && n <= 64 {
		a.planes = newPairPlanes(n)
	}
	for t := range batchTests {
		if a.applies(batchTests[t]) == "" {
			a.batch = append(a.batch, t)
		}
	}
	switch {
	case opts.Batch > 0:
		a.levels = []*level{{size: int64(opts.Batch), report: true}}
	default:
		need := int64(0)
		for _, t := range a.batch {
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
	a.total = newCounts[int64](s, extra)
	for _, l := range a.levels {
		l.cur = newCounts[uint32](s, extra)
	}
	return a
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// lineOrders is ln of the number of equally likely lines of the shape: n!
// orders of a deck, N!/(k!)ⁿ of a shoe, N!/(N−m)! deals of m cards from a
// deck; NaN for the first cards of a shoe, which are not equally likely.
func lineOrders(s shape) float64 {
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x + 1)); return v }
	switch {
	case s.k == 1:
		return lg(s.N) - lg(s.N-s.m)
	case s.whole():
		return lg(s.N) - float64(s.n)*lg(s.k)
	}
	return math.NaN()
}

// nullCache holds the nulls of every shape audited so far, as *nulls by
// shape: a shoe's law of equal neighbours takes 0.2 s of big-integer
// arithmetic at 8 decks, and a program that audits many streams of one
// shape should pay it once. The nulls are read-only once made.
var nullCache sync.Map

// nullsFor returns the nulls of shape s, made once.
func nullsFor(s shape) *nulls {
	if z, ok := nullCache.Load(s); ok {
		return z.(*nulls)
	}
	z, _ := nullCache.LoadOrStore(s, newNulls(s))
	return z.(*nulls)
}

func newNulls(s shape) *nulls {
	z := &nulls{pairMin: 20}
	if s.k > 1 {
		// A shoe's pair statistic has the right mean from the first shoe,
		// but its variance is 2df·(1 + R/D) at D shoes: each shoe's own
		// statistic is far from a chi-square (R = 9.5, 16.6, 17.4, 18.1
		// at 2, 4, 6, 8 decks, by simulation). From 400 shoes the excess
		// is below 5% for R ≤ 20, and the tail at Holm's thresholds right.
		z.pairMin = shoePairMin
	}
	if s.perm() {
		z.fixed, z.cycles, z.rising = fixedPointProbs(s.n), cycleProbs(s.n), risingProbs(s.n)
		z.fixedMin = int64(pooledMinDecks(z.fixed))
		z.cyclesMin = int64(pooledMinDecks(z.cycles))
		z.risingMin = int64(pooledMinDecks(z.rising))
	}
	if s.k > 1 && s.m >= 2 {
		z.equal = equalProbs(s)
		z.equalMin = int64(pooledMinDecks(z.equal))
	}
	if s.m >= 2 {
		N, k := float64(s.N), float64(s.k)
		z.adjE = float64(s.m-1) * k * k / (N * (N - 1))
		z.adjMin = int64(math.Ceil(minExpected / z.adjE))
		if s.perm() {
			z.adjMin = minExpected * int64(s.n) // as before, free of rounding
		}
		z.adjSym, z.adjAnti = adjacencyScales(s)
	}
	return z
}

// applies returns why the test named name does not apply to the shape's
// lines, or "" if it does.
func (a *Auditor) applies(name string) string {
	s := a.s
	switch name {
	case "spearman":
		if s.m < 2 {
			return "one card a line has no place to be early or late"
		}
	case "adjacency":
		if s.m < 2 {
			return "one card a line has no neighbour"
		}
	case "equal-adjacency":
		switch {
		case s.k == 1:
			return "no two cards of a deck are equal"
		case s.m < 2:
			return "one card a line has no neighbour"
		}
	case "pairs":
		if !s.whole() {
			return "needs whole decks: the order of the cards not dealt is unknown"
		}
	case "fixed-points", "cycles", "rising":
		switch {
		case s.k > 1:
			return "a shoe's equal cards have no order of their own, so it is not a permutation"
		case !s.whole():
			return "needs whole decks: a partial deal is not a permutation"
		}
	case "repeats":
		if math.IsNaN(a.logM) {
			return "the first cards of a shoe are not equally likely sequences"
		}
	}
	return ""
}

// N returns the number of distinct cards.
func (a *Auditor) N() int { return a.s.n }

// Dealt returns the number of cards a line holds.
func (a *Auditor) Dealt() int { return a.s.m }

// Decks returns the number of decks added.
func (a *Auditor) Decks() int64 { return a.decks }

// Add audits one line, deck[j] the card at place j: the first Dealt cards
// of a shuffled deck or shoe, each in 0..n−1.
//
// A card may come up to Copies times; with [Options].Used, deck holds the cards
// its game uses. Else Add returns an error and counts nothing. It keeps no reference to deck.
func (a *Auditor) Add(deck []int) error {
	if a.s.perm() {
		return a.addPerm(deck)
	}
	s := a.s
	line := deck
	if a.most > 0 {
		if err := usedLength(a.games[0], line); err != nil {
			return err
		}
		if len(line) < s.m || len(line) > a.most { // a game's Uses that breaks its bounds
			return fmt.Errorf("%d cards, want %d to %d", len(line), s.m, a.most)
		}
		deck = deck[:s.m]
	}
	if len(deck) != s.m {
		return fmt.Errorf("%d cards, want %d", len(deck), s.m)
	}
	cur := &a.cur
	clear(cur.cnt)
	for j, c := range deck {
		switch {
		case uint(c) >= uint(s.n):
			return fmt.Errorf("card %d (number %d on the deck) is not in 0..%d", c, j+1, s.n-1)
		case int(cur.cnt[c]) == s.k && s.k == 1:
			return fmt.Errorf("card %d appears twice (numbers %d and %d on the deck)", c, cur.at[c]+1, j+1)
		case int(cur.cnt[c]) == s.k:
			return fmt.Errorf("card %d appears more than %d times (number %d on the deck is one too many)", c, s.k, j+1)
		}
		cur.at[c*s.k+int(cur.cnt[c])] = int32(j)
		cur.cnt[c]++
	}
	if err := a.checkRest(line, s.m); err != nil {
		return err
	}
	var prev *places
	if a.decks > 0 {
		prev = &a.last
	}
	l := a.levels[0]
	l.cur.addLine(s, deck, cur, prev, a.seen)
	if a.rounds != nil {
		a.rounds.add(a.decks, deck, cur)
	}
	a.count(deck, line, l.cur)
	a.cur, a.last = a.last, a.cur
	a.done(l)
	return nil
}

// checkRest checks the cards of line after its first m, whose copies
// a.cur counts: each in range and, with them, there at most k times.
func (a *Auditor) checkRest(line []int, m int) error {
	s, cnt := a.s, a.cur.cnt
	var err error
	j := m
	for ; j < len(line); j++ {
		c := line[j]
		switch {
		case uint(c) >= uint(s.n):
			err = fmt.Errorf("card %d (number %d on the deck) is not in 0..%d", c, j+1, s.n-1)
		case int(cnt[c]) == s.k && s.k == 1:
			err = fmt.Errorf("card %d appears twice (number %d on the deck is the second)", c, j+1)
		case int(cnt[c]) == s.k:
			err = fmt.Errorf("card %d appears more than %d times (number %d on the deck is one too many)", c, s.k, j+1)
		}
		if err != nil {
			break
		}
		cnt[c]++
	}
	for _, c := range line[m:j] { // the tables count the first m only
		cnt[c]--
	}
	return err
}

// addPerm is Add for whole decks of distinct cards.
func (a *Auditor) addPerm(deck []int) error {
	n := a.s.n
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
	a.count(deck, deck, l.cur)
	a.inv, a.prev = a.prev, a.inv
	a.done(l)
	return nil
}

// count adds what every shape shares: the repeats, the hands and the
// games, which see the whole line.
func (a *Auditor) count(deck, line []int, c *counts[uint32]) {
	if !math.IsNaN(a.logM) {
		a.reps.add(a.key(deck))
	}
	if a.hand != nil {
		c.extra[a.hand.bucket(deck, a.sorted)]++
	}
	for i, g := range a.games {
		c.extra[a.gameAt[i]+g.Outcome(line)]++
	}
	a.decks++
}

// done closes the finest level's batch when it is full.
func (a *Auditor) done(l *level) {
	if l.cur.decks == l.size || a.planes != nil && a.planes.decks == 1<<planeBits-1 {
		a.flush()
	}
	if l.cur.decks == l.size {
		a.complete(0)
	}
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
		for _, t := range a.batch {
			if l.size >= a.batchMin(t) {
				_, _, p := runStat(a, t, l.cur)
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

// key identifies a line for the repeats test: the line itself, packed,
// when it fits in 128 bits; otherwise a 128-bit hash (two seeded maphash
// values), so two different lines share a key with probability 2⁻¹²⁸ and
// a million lines show a false repeat with probability below 10⁻²⁶.
func (a *Auditor) key(deck []int) [2]uint64 {
	b := uint(bits.Len(uint(a.s.n - 1)))
	if uint(len(deck))*b <= 128 {
		var hi, lo uint64
		for _, c := range deck {
			hi = hi<<b | lo>>(64-b)
			lo = lo<<b | uint64(c)
		}
		return [2]uint64{hi, lo}
	}
	buf := a.buf[:0]
	switch {
	case a.s.n <= 1<<8:
		for _, c := range deck {
			buf = append(buf, byte(c))
		}
	case a.s.n <= 1<<16:
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
	z, n := a.nulls, int64(a.s.n)
	switch batchTests[t] {
	case "positions":
		return minExpected * n
	case "adjacency":
		return z.adjMin
	case "equal-adjacency":
		return z.equalMin
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

// runStat runs batch test t on c.
func runStat[T count](a *Auditor, t int, c *counts[T]) (chi2, df, p float64) {
	s, d, z := a.s, float64(c.decks), a.nulls
	switch batchTests[t] {
	case "positions":
		return positionsTest(c.pos, s, d)
	case "adjacency":
		return adjacencyTest(c.adj, s.n, d, d*z.adjE, z.adjSym, z.adjAnti)
	case "equal-adjacency":
		return pooledChiSquare(c.equal, z.equal, d)
	case "pairs":
		return pairsTest(c.before, s.n, s.k, d)
	case "fixed-points":
		return pooledChiSquare(c.fixed, z.fixed, d)
	case "cycles":
		return pooledChiSquare(c.cycles, z.cycles, d)
	case "rising":
		return pooledChiSquare(c.rising, z.rising, d)
	}
	return serialTest(c.serial, s, float64(c.steps))
}

// Report tests the decks added so far. It may be called at any time, and
// again after more decks are added; it costs O(n²) for whole decks, and
// O(n·m + m²) for m cards a line.
func (a *Auditor) Report() *Report {
	s := a.s
	a.flush()
	c := newCounts[int64](s, len(a.total.extra))
	mergeCounts(c, a.total)
	for _, l := range a.levels {
		mergeCounts(c, l.cur)
	}
	d := c.decks
	r := &Report{N: s.n, Copies: s.k, Deck: s.N, Dealt: s.m, Decks: d, Alpha: a.alpha, Positions: c.pos, Adjacency: c.adj}
	if a.most > 0 {
		r.Used, r.MostDealt = a.games[0].Name, a.most
	}
	add := func(name string, min int64, run func() (stat, df, p float64, note string)) {
		t := Test{Name: name, MinDecks: min, P: math.NaN(), Holm: math.NaN(), Worst: -1}
		switch why := a.applies(name); {
		case why != "":
			t.Skipped, t.MinDecks = why, 0
		case d < min:
			t.Skipped = fmt.Sprintf("too few decks (needs %d)", min)
		default:
			t.Statistic, t.DF, t.P, t.Note = run()
		}
		r.Tests = append(r.Tests, t)
	}
	first := func(name string) {
		t := slices.Index(batchTests[:], name)
		if name == "equal-adjacency" && s.k == 1 {
			return // not a test of decks of distinct cards
		}
		add(name, a.batchMin(t), func() (float64, float64, float64, string) {
			x, df, p := runStat(a, t, c)
			return x, df, p, ""
		})
	}
	nn := int64(s.n)
	first("positions")
	for _, rows := range []bool{true, false} {
		name, what := "places", "position"
		if rows {
			name, what = "cards", "card"
		}
		var worst int
		add(name, marginMin*nn, func() (float64, float64, float64, string) {
			w, x, p := margins(c.pos, s, float64(d), rows)
			worst = w
			df := float64(s.n - 1)
			if rows {
				df = float64(s.m - btoi(s.whole()))
			}
			return x, df, p, fmt.Sprintf("worst %s: %d", what, w)
		})
		if t := &r.Tests[len(r.Tests)-1]; t.Ran() {
			t.Worst = worst
		}
	}
	add("spearman", minExpected*nn, func() (float64, float64, float64, string) {
		x, df, p := spearmanTest(c.pos, s, float64(d))
		return x, df, p, ""
	})
	for _, name := range batchTests[1:] {
		first(name)
	}
	if a.rounds != nil {
		add("rounds", 2, func() (float64, float64, float64, string) {
			x, pairs, p := a.rounds.test()
			return x, 0, p, fmt.Sprintf("%.0f of %.0f pairs in the same order as when last seen", x, pairs)
		})
	}
	add("repeats", 2, func() (float64, float64, float64, string) {
		rep := a.reps.repeats()
		mean, variance := a.reps.law(a.logM)
		return float64(rep), 0, repeatsP(float64(rep), mean, variance), fmt.Sprintf("expected %.3g", mean)
	})
	if h := a.hand; h != nil {
		add("hand", int64(pooledMinDecks(h.probs)), func() (float64, float64, float64, string) {
			x, df, p := pooledChiSquare(c.extra[:len(h.probs)], h.probs, float64(d))
			return x, df, p, fmt.Sprintf("%d hands of %d cards in %d buckets", h.hands, h.k, len(h.probs))
		})
	}
	for i, g := range a.games {
		p, at := a.gameP[i], a.gameAt[i]
		add(g.Name, int64(pooledMinDecks(p)), func() (float64, float64, float64, string) {
			x, df, pv := pooledChiSquare(c.extra[at:at+len(p)], p, float64(d))
			return x, df, pv, "outcomes: " + strings.Join(g.Outcomes, ", ")
		})
		t := &r.Tests[len(r.Tests)-1]
		t.Outcomes = slices.Clone(g.Outcomes)
		t.Observed = slices.Clone(c.extra[at : at+len(p)])
		t.Expected = make([]float64, len(p))
		for j, pj := range p {
			t.Expected[j] = float64(d) * pj
		}
	}
	for _, t := range a.batch {
		a.second(r, t, batchTests[t])
	}
	holm(r.Tests, a.alpha)
	r.Verdict = Inconclusive
	if a.canFail(r.Tests, float64(d)) {
		r.Verdict = Pass
	}
	if len(r.Failed()) > 0 {
		r.Verdict = Fail
	}
	return r
}

// canFail reports whether a test that ran could have failed a biased
// shuffle: a pass needs one. repeats cannot: it asks only whether whole
// lines come again, which a dealer whose lines all differ never does,
// however biased (nine sorted decks with one swap each; ten decks stacked
// unmixed in a shoe). Nor can a pooled test whose largest statistic at
// this count stays above Holm's first threshold (pooledCanFail).
func (a *Auditor) canFail(ts []Test, decks float64) bool {
	ran := 0
	for _, t := range ts {
		ran += btoi(t.Ran())
	}
	z := a.nulls
	laws := map[string][]float64{"fixed-points": z.fixed, "cycles": z.cycles, "rising": z.rising, "equal-adjacency": z.equal}
	if a.hand != nil {
		laws["hand"] = a.hand.probs
	}
	for i, g := range a.games {
		laws[g.Name] = a.gameP[i]
	}
	for _, t := range ts {
		if !t.Ran() || t.Name == "repeats" {
			continue
		}
		level := a.alpha / float64(ran)
		if t.Name == "rounds" {
			if a.rounds.minP() < level {
				return true
			}
			continue
		}
		if law, ok := laws[t.Name]; !ok || pooledCanFail(law, decks, level) {
			return true
		}
	}
	return false
}

// shoePairMin is the fewest shoes the pairs test runs on (newNulls).
const shoePairMin = 400

// marginMin is the fewest expected decks in a cell of a line of cards and
// places: per line it is a multinomial chi-square, but the worst of its n
// or m lines must be tested at p ≈ 10⁻⁶ (Bonferroni, then Holm), where
// a cell expecting 5 or 20 counts has a tail far heavier than the
// chi-square's (one cell of a Poisson count expecting 19 reaches 46 a
// hundred times as often as the chi-square says): at 100 the two agree.
const marginMin = 100

// The verdicts of a [Report]. A report is inconclusive when no test that
// could fail a biased shuffle ran: too few decks for any test but repeats
// is no evidence either way, and never a pass (repeats can still fail it).
const (
	Pass         = "pass"
	Fail         = "fail"
	Inconclusive = "inconclusive"
)

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
		test.Batches = slices.Clone(best.ps[t])
		ps := slices.Clone(best.ps[t])
		test.DF = float64(len(ps))
		test.Statistic, test.P = ksUniform(ps)
		test.Note = fmt.Sprintf("%d batches of %d decks", len(ps), best.size)
	case smallest == 0:
		test.Skipped = fmt.Sprintf("needs batches of at least %d decks, more than %d", need, maxBatch)
		test.MinDecks = 0
	default:
		test.Skipped = fmt.Sprintf("too few decks (needs %d: %d batches of %d)", test.MinDecks, minBatches, smallest)
	}
	r.Tests = append(r.Tests, test)
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
	// cmp.Compare puts NaN first, with the smallest p-values: a statistic
	// that could not be computed fails.
	slices.SortStableFunc(idx, func(x, y int) int { return cmp.Compare(ts[x].P, ts[y].P) })
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

// Shuffles audits decks shuffles of n cards, each of the deck 0, 1, …, n−1
// passed to shuffle, which must leave a permutation of it.
//
// It returns an error, and no report, if one does not. It panics as [New]
// does, or if decks < 0.
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

// positive counts the chances above 0.
func positive(p []float64) int {
	n := 0
	for _, x := range p {
		if x > 0 {
			n++
		}
	}
	return n
}
