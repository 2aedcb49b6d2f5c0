// The tests in this file came from mutation testing of audit.go: each pins
// a behaviour that a mutant of the code changed and no other test saw.

package audit

import (
	"fmt"
	"hash/maphash"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNewLargestN: n = MaxInt32 is not too large a deck for New's size
// check (a caller with a bad Dealt is told about Dealt, not about n).
func TestNewLargestN(t *testing.T) {
	assert.PanicsWithValue(t, "audit: New: Dealt = -1, want 0 to 2147483647",
		func() { New(math.MaxInt32, Options{Dealt: -1}) })
}

// TestBatchAtNeed: the second level's batches are the smallest power of
// two from 1024 that the batch tests need, that power itself included.
// For 41 cards dealt from 91 the adjacency test needs exactly 1024 decks
// (⌈5·91·90/40⌉), so its second level asks for 20 batches of 1024.
func TestBatchAtNeed(t *testing.T) {
	a := New(91, Options{Dealt: 41})
	require.EqualValues(t, 1024, a.batchMin(1)) // batchTests[1] is adjacency
	x, ok := a.Report().Test("adjacency/batches")
	require.True(t, ok)
	assert.EqualValues(t, 20*1024, x.MinDecks)
	assert.Equal(t, "too few decks (needs 20480: 20 batches of 1024)", x.Skipped)
}

// TestPairsPastSixtyFour: the pairs test of decks of more than 64 cards
// (past what the bit-sliced counts hold) does not depend on the cards'
// names: 20 decks of 65 cards, and the same decks with every card c
// renamed 64−c, give one statistic.
func TestPairsPastSixtyFour(t *testing.T) {
	const n, decks = 65, 20
	r := rand.New(rand.NewPCG(65, 1))
	a, b := New(n, Options{}), New(n, Options{})
	deck, named := make([]int, n), make([]int, n)
	for range decks {
		for i := range deck {
			deck[i] = i
		}
		r.Shuffle(n, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		for i, c := range deck {
			named[i] = n - 1 - c
		}
		require.NoError(t, a.Add(deck))
		require.NoError(t, b.Add(named))
	}
	x, ok := a.Report().Test("pairs")
	require.True(t, ok)
	y, _ := b.Report().Test("pairs")
	require.True(t, x.Ran(), x.Skipped)
	assert.InEpsilon(t, x.Statistic, y.Statistic, 1e-9)
}

// TestShoeTwoCards: lines of the first two cards of a shoe still have the
// tests of neighbours and of early and late cards. Equal-adjacency is
// against its exact law: the two are equal with chance (k−1)/(N−1), 1/5
// for two copies of 3 cards, so it needs 100 lines, and 20 equal pairs in
// 100 lines are exactly what it expects.
func TestShoeTwoCards(t *testing.T) {
	a := New(3, Options{Copies: 2, Dealt: 2})
	for i := range 100 {
		c := i % 3
		line := []int{c, (c + 1) % 3}
		if i%5 == 0 {
			line[1] = c
		}
		require.NoError(t, a.Add(line))
	}
	r := a.Report()
	for _, name := range []string{"spearman", "adjacency"} {
		x, ok := r.Test(name)
		require.True(t, ok)
		assert.True(t, x.Ran(), "%s: %s", name, x.Skipped)
	}
	x, ok := r.Test("equal-adjacency")
	require.True(t, ok)
	assert.EqualValues(t, 100, x.MinDecks)
	require.True(t, x.Ran(), x.Skipped)
	assert.Equal(t, 1.0, x.DF)
	assert.InDelta(t, 0, x.Statistic, 1e-12)
}

// TestAddLineErrors: a line of a partial deal or of a shoe that is not the
// first cards of one is refused with the reason, its cards numbered from
// 1, and not counted.
func TestAddLineErrors(t *testing.T) {
	deal := New(5, Options{Dealt: 3})
	shoe := New(3, Options{Copies: 2})
	for _, c := range []struct {
		a    *Auditor
		line []int
		want string
	}{
		{deal, []int{0, 1}, "2 cards, want 3"},
		{deal, []int{0, 5, 1}, "card 5 (number 2 on the deck) is not in 0..4"},
		{deal, []int{0, 1, -1}, "card -1 (number 3 on the deck) is not in 0..4"},
		{deal, []int{4, 3, 4}, "card 4 appears twice (numbers 1 and 3 on the deck)"},
		{deal, []int{2, 4, 4}, "card 4 appears twice (numbers 2 and 3 on the deck)"},
		{shoe, []int{0, 1, 2, 0, 3, 1}, "card 3 (number 5 on the deck) is not in 0..2"},
		{shoe, []int{0, 1, 2, 0, 1, 1}, "card 1 appears more than 2 times (number 6 on the deck is one too many)"},
		{shoe, []int{2, 2, 2, 0, 1, 1}, "card 2 appears more than 2 times (number 3 on the deck is one too many)"},
	} {
		assert.EqualError(t, c.a.Add(c.line), c.want, "%v", c.line)
	}
	assert.EqualValues(t, 0, deal.Decks())
	assert.EqualValues(t, 0, shoe.Decks())
	require.NoError(t, deal.Add([]int{4, 0, 3}))
	require.NoError(t, shoe.Add([]int{2, 0, 1, 1, 0, 2}))
}

// usesAny is a game of two outcomes whose Uses(nil) gives lo to hi cards
// but whose Uses of a line accepts the line whatever its length.
func usesAny(name string, lo, hi int) Game {
	return Game{
		Name: name, Outcomes: []string{"a", "b"}, Cards: hi,
		Outcome: func([]int) int { return 0 },
		Probs:   func(int) ([]float64, error) { return []float64{0.5, 0.5}, nil },
		Uses: func(line []int) (int, int) {
			if line == nil {
				return lo, hi
			}
			return len(line), len(line)
		},
	}
}

// TestUsedBreaksBounds: with Used, a line is 2 to 3 cards long when the
// game's Uses(nil) says so, even if the game's Uses of the line itself
// accepts any length.
func TestUsedBreaksBounds(t *testing.T) {
	g := usesAny("rogue", 2, 3)
	a := New(52, Options{Games: []Game{g}, Used: true})
	assert.EqualError(t, a.Add([]int{0, 1, 2, 3}), "4 cards, want 2 to 3")
	assert.EqualError(t, a.Add([]int{0}), "1 cards, want 2 to 3")
	require.NoError(t, a.Add([]int{0, 1, 2}))
	require.NoError(t, a.Add([]int{0, 1}))
	assert.EqualValues(t, 2, a.Decks())
}

// TestSerialSteps: d lines are d−1 steps of the serial test, the first
// line has none before it. Lines that go round a cycle whose steps move
// each place to every place equally often, six times and back to the
// first line, make a serial table that is exactly its expectation over
// those steps: statistic 0. The cycles: (0 1), (0 1), (1 2) of 2 cards
// dealt from 3; and the deck 0 1 2 twice, then 1 2 0.
func TestSerialSteps(t *testing.T) {
	for _, c := range []struct {
		o     Options
		cycle [][]int
	}{
		{Options{Dealt: 2}, [][]int{{0, 1}, {0, 1}, {1, 2}}},
		{Options{}, [][]int{{0, 1, 2}, {0, 1, 2}, {1, 2, 0}}},
	} {
		a := New(3, c.o)
		for range 6 {
			for _, line := range c.cycle {
				require.NoError(t, a.Add(line))
			}
		}
		require.NoError(t, a.Add(c.cycle[0]))
		x, ok := a.Report().Test("serial")
		require.True(t, ok)
		require.True(t, x.Ran(), x.Skipped)
		assert.InDelta(t, 0, x.Statistic, 1e-12, "%v", c.cycle)
	}
}

// TestBatchPValues: each batch p-value of the second level is the test's
// p-value on that batch's decks alone, at the smallest batch the test
// runs on (20 decks of 4 cards for positions, adjacency and pairs).
func TestBatchPValues(t *testing.T) {
	const n, batch, batches = 4, 20, 20
	r := rand.New(rand.NewPCG(4, 20))
	a := New(n, Options{Batch: batch})
	alone := make([]*Auditor, batches)
	for i := range alone {
		alone[i] = New(n, Options{})
		for range batch {
			deck := r.Perm(n)
			require.NoError(t, a.Add(deck))
			require.NoError(t, alone[i].Add(deck))
		}
	}
	rep := a.Report()
	for _, name := range []string{"positions", "adjacency", "pairs"} {
		x, ok := rep.Test(name + "/batches")
		require.True(t, ok)
		require.True(t, x.Ran(), "%s: %s", name, x.Skipped)
		require.Len(t, x.Batches, batches, name)
		for i, b := range alone {
			y, _ := b.Report().Test(name)
			require.True(t, y.Ran(), "%s: %s", name, y.Skipped)
			assert.InDelta(t, y.P, x.Batches[i], 1e-12, "%s batch %d", name, i)
		}
	}
}

// TestUsedRestErrors: with Used, the cards of a line past the first
// Dealt are checked as the first are: each in range, and no more copies
// than the shoe holds, numbered from 1 in the message.
func TestUsedRestErrors(t *testing.T) {
	g := usesAny("any", 2, 4)
	deck := New(52, Options{Games: []Game{g}, Used: true})
	shoe := New(52, Options{Games: []Game{g}, Used: true, Copies: 2})
	for _, c := range []struct {
		a    *Auditor
		line []int
		want string
	}{
		{deck, []int{0, 1, 52}, "card 52 (number 3 on the deck) is not in 0..51"},
		{deck, []int{0, 1, 2, 1}, "card 1 appears twice (number 4 on the deck is the second)"},
		{deck, []int{0, 1, 2, 2}, "card 2 appears twice (number 4 on the deck is the second)"},
		{shoe, []int{5, 5, 5}, "card 5 appears more than 2 times (number 3 on the deck is one too many)"},
		{shoe, []int{5, 6, 6, 6}, "card 6 appears more than 2 times (number 4 on the deck is one too many)"},
	} {
		assert.EqualError(t, c.a.Add(c.line), c.want, "%v", c.line)
	}
	assert.EqualValues(t, 0, deck.Decks())
	require.NoError(t, shoe.Add([]int{5, 6, 6, 5}))
	assert.EqualValues(t, 1, shoe.Decks())
}

// TestBatchLevels: by default the second level reports the coarsest batch
// size with 20 batches, each batch that many decks: 20 of 1024 at 20,480
// decks of 3 cards, 20 of 2048 at 40,960 (and then needs 20 of 2048).
func TestBatchLevels(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 1024))
	a := New(3, Options{})
	for _, c := range []struct {
		decks    int64
		note     string
		minDecks int64
	}{
		{20480, "20 batches of 1024 decks", 20480},
		{40960, "20 batches of 2048 decks", 40960},
	} {
		for a.Decks() < c.decks {
			require.NoError(t, a.Add(r.Perm(3)))
		}
		x, ok := a.Report().Test("positions/batches")
		require.True(t, ok)
		require.True(t, x.Ran(), x.Skipped)
		assert.Equal(t, c.note, x.Note)
		assert.Len(t, x.Batches, 20)
		assert.Equal(t, c.minDecks, x.MinDecks)
	}
}

// TestRepeatKeys: the repeats test tells apart lines that differ anywhere,
// whether the line is packed into its key (20 cards of 5 bits: the first
// cards are in the key's high word) or hashed (257 cards, where cards 0
// and 256 agree in their low byte), and counts a line that comes again.
func TestRepeatKeys(t *testing.T) {
	for _, n := range []int{20, 257} {
		a := New(n, Options{})
		deck := make([]int, n)
		for i := range deck {
			deck[i] = i
		}
		swapped := func(i, j int) []int {
			d := append([]int(nil), deck...)
			d[i], d[j] = d[j], d[i]
			return d
		}
		for _, d := range [][]int{deck, swapped(0, 1), swapped(0, n-1), swapped(n-2, n-1)} {
			require.NoError(t, a.Add(d))
		}
		x, ok := a.Report().Test("repeats")
		require.True(t, ok)
		require.True(t, x.Ran(), x.Skipped)
		assert.Equal(t, 0.0, x.Statistic, "n = %d", n)
		require.NoError(t, a.Add(swapped(0, 1)))
		x, _ = a.Report().Test("repeats")
		assert.Equal(t, 1.0, x.Statistic, "n = %d", n)
	}
}

// TestRepeatKeysWideCards: past 65,536 cards a line's key takes each card
// whole, so lines that differ only in a card c against c+65,536 do not
// share a key. No Auditor of that many cards fits in memory (its adjacency
// tables alone are n² counters), so the test calls key on a bare one.
func TestRepeatKeysWideCards(t *testing.T) {
	for _, n := range []int{1<<16 + 1, 1 << 20} {
		a := &Auditor{s: shape{n: n, k: 1, N: n, m: 8}}
		a.seeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
		x, y := []int{1, 2, 3, 4, 5, 6, 7, 0}, []int{1, 2, 3, 4, 5, 6, 7, 1 << 16}
		assert.NotEqual(t, a.key(x), a.key(y), "n = %d", n)
		assert.Equal(t, a.key(x), a.key(slices.Clone(x)), "n = %d", n)
	}
}

// TestSerialNeeds: the serial test runs from 5n steps, 5n+1 decks: for 3
// cards it says at 15 decks that it needs 16, and runs at 16.
func TestSerialNeeds(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 16))
	a := New(3, Options{})
	for range 15 {
		require.NoError(t, a.Add(r.Perm(3)))
	}
	x, ok := a.Report().Test("serial")
	require.True(t, ok)
	assert.EqualValues(t, 16, x.MinDecks)
	assert.Equal(t, "too few decks (needs 16)", x.Skipped)
	require.NoError(t, a.Add(r.Perm(3)))
	x, _ = a.Report().Test("serial")
	assert.True(t, x.Ran(), x.Skipped)
}

// TestMarginsReport: the cards and places tests report their degrees of
// freedom (a card's row of m places: m−1 for whole decks, m for a partial
// deal; a place's column of n cards: n−1) and their worst line; every
// other test, and these two when they do not run, has Worst −1.
func TestMarginsReport(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 300))
	for _, c := range []struct {
		n, dealt, decks   int
		cardsDF, placesDF float64
	}{
		{3, 0, 300, 2, 2},
		{4, 2, 400, 2, 3},
	} {
		a := New(c.n, Options{Dealt: c.dealt})
		rep := a.Report()
		for _, x := range rep.Tests {
			assert.Equal(t, -1, x.Worst, "%s at 0 decks", x.Name)
		}
		for range c.decks {
			require.NoError(t, a.Add(r.Perm(c.n)[:a.Dealt()]))
		}
		rep = a.Report()
		for _, x := range rep.Tests {
			switch x.Name {
			case "cards", "places":
				require.True(t, x.Ran(), "%s: %s", x.Name, x.Skipped)
				want := c.cardsDF
				what := "card"
				if x.Name == "places" {
					want, what = c.placesDF, "position"
				}
				assert.Equal(t, want, x.DF, "%s of %d cards dealt from %d", x.Name, a.Dealt(), c.n)
				assert.GreaterOrEqual(t, x.Worst, 0, x.Name)
				assert.Equal(t, fmt.Sprintf("worst %s: %d", what, x.Worst), x.Note)
			default:
				assert.Equal(t, -1, x.Worst, x.Name)
			}
		}
	}
}

// TestCanFailRounds: a pass needs a test that could have failed at Holm's
// first threshold, Alpha over the tests that ran. Lines of 5 cards dealt
// from 10 run only rounds and repeats at a few lines; two lines of the
// same 5 cards make one group of 5, whose p-value is at least
// minP = 2/5! = 1/60: inconclusive at Alpha 0.01 (threshold 0.005) and at
// Alpha = 2·minP (threshold minP itself: a p-value equal to it does not
// fail), a pass at Alpha 0.04 (threshold 0.02). Three lines make two groups,
// minP = 2/5!², under the default threshold 0.0005: a pass. And a test
// after rounds can make the pass: 40 lines of 5 cards from 300, no card
// twice, give rounds no group at all, but the hand test runs.
func TestCanFailRounds(t *testing.T) {
	lines := [][]int{{0, 1, 2, 3, 4}, {3, 0, 4, 1, 2}, {1, 4, 0, 2, 3}}
	auditLines := func(alpha float64, lines [][]int) *Auditor {
		a := New(10, Options{Dealt: 5, Alpha: alpha})
		for _, line := range lines {
			require.NoError(t, a.Add(line))
		}
		return a
	}
	minP := auditLines(0, lines[:2]).rounds.minP()
	require.InDelta(t, 1.0/60, minP, 1e-15)
	for _, c := range []struct {
		alpha float64
		lines int
		want  string
	}{
		{0.01, 2, Inconclusive},
		{2 * minP, 2, Inconclusive},
		{0.04, 2, Pass},
		{0, 3, Pass},
	} {
		r := auditLines(c.alpha, lines[:c.lines]).Report()
		ran := 0
		for _, x := range r.Tests {
			if x.Ran() {
				ran++
				assert.Contains(t, []string{"rounds", "repeats"}, x.Name)
			}
		}
		assert.Equal(t, 2, ran)
		assert.Equal(t, c.want, r.Verdict, "Alpha %g, %d lines: %s", c.alpha, c.lines, r.Failed())
	}

	r := rand.New(rand.NewPCG(300, 5))
	deck := r.Perm(300)
	a := New(300, Options{Dealt: 5, Hand: 2})
	for u := range 40 {
		require.NoError(t, a.Add(deck[5*u:5*u+5]))
	}
	rep := a.Report()
	var ran []string
	for _, x := range rep.Tests {
		if x.Ran() {
			ran = append(ran, x.Name)
		}
	}
	assert.Equal(t, []string{"rounds", "repeats", "hand"}, ran)
	assert.Equal(t, Pass, rep.Verdict)
}

// TestHolmAtAlpha: a test fails when its Holm-adjusted p-value is below
// Alpha; one exactly at Alpha passes (0.0005 is the smaller of two
// p-values: Holm 2·0.0005 = 0.001).
func TestHolmAtAlpha(t *testing.T) {
	ts := []Test{{P: 0.3}, {P: 0.0005}}
	holm(ts, 0.001)
	assert.Equal(t, 0.001, ts[1].Holm)
	assert.True(t, ts[1].Pass)
	ts = []Test{{P: 0.3}, {P: math.Nextafter(0.0005, 0)}}
	holm(ts, 0.001)
	assert.False(t, ts[1].Pass)
}

// TestShufflesError: a shuffle that leaves something other than a
// permutation is reported with its number, from 1.
func TestShufflesError(t *testing.T) {
	calls := 0
	_, err := Shuffles(4, 10, func(d []int) {
		calls++
		if calls == 3 {
			d[1] = d[0]
		}
	}, Options{})
	assert.EqualError(t, err, "audit: shuffle 3: card 0 appears twice (numbers 1 and 2 on the deck)")
}
