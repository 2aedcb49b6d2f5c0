package audit_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fairshuffle/shuffle"
	"github.com/fairshuffle/shuffle/audit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/internal/stattest"
)

// shoeDealer deals lines of m cards from shoes of k decks of 52: shuffle
// gets the shoe as card numbers i mod 52 for i = 0..52k−1 (k fresh decks
// in order, one after another) and must leave a permutation of them.
type shoeDealer struct {
	name    string
	k, m    int
	shuffle func(shoe []int)
}

// run audits decks lines of d.
func (d shoeDealer) run(t *testing.T, decks int, opts audit.Options) *audit.Report {
	t.Helper()
	opts.Copies, opts.Dealt = d.k, d.m
	a := audit.New(52, opts)
	shoe := make([]int, 52*d.k)
	for range decks {
		for i := range shoe {
			shoe[i] = i % 52
		}
		d.shuffle(shoe)
		if err := a.Add(shoe[:d.m]); err != nil {
			t.Fatalf("%s: %v", d.name, err) // not require: its t.Helper costs as much as the Add
		}
	}
	return a.Report()
}

func fairShoe(seed uint64) func([]int) {
	r := rand.New(rand.NewPCG(seed, 7))
	return func(s []int) { r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] }) }
}

// stacked shuffles each deck of the shoe alone and stacks them unmixed.
func stacked(seed uint64) func([]int) {
	r := rand.New(rand.NewPCG(seed, 8))
	return func(s []int) {
		for d := 0; d < len(s); d += 52 {
			deck := s[d : d+52]
			r.Shuffle(52, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		}
	}
}

// riffled gives the shoe, sorted as it comes, 3 riffles.
func riffled(seed uint64) func([]int) {
	sh := shuffle.NewRiffle(rand.NewPCG(seed, 9), 3)
	return func(s []int) { shuffle.Slice(sh, s) }
}

// lastDeckBack shuffles the shoe fairly as distinct cards, then moves the
// cards of its last deck into the back half: the front half holds the
// first cards of the other decks in their order, the back half the rest
// of them and the last deck, shuffled together.
func lastDeckBack(seed uint64) func([]int) {
	r := rand.New(rand.NewPCG(seed, 10))
	var items, others, back []int
	return func(s []int) {
		n := len(s)
		items = items[:0]
		for i := range n {
			items = append(items, i)
		}
		r.Shuffle(n, func(i, j int) { items[i], items[j] = items[j], items[i] })
		others, back = others[:0], back[:0]
		for _, it := range items {
			if it >= n-52 {
				back = append(back, it)
			} else {
				others = append(others, it)
			}
		}
		back = append(back, others[n/2:]...)
		r.Shuffle(len(back), func(i, j int) { back[i], back[j] = back[j], back[i] })
		for i, it := range append(others[:n/2:n/2], back...) {
			s[i] = it % 52
		}
	}
}

// naiveDeck is the classic mistake on a deck: each place swapped with any.
func naiveDeck(seed uint64) func([]int) {
	r := rand.New(rand.NewPCG(seed, 11))
	return func(s []int) {
		for i := range s {
			j := r.IntN(len(s))
			s[i], s[j] = s[j], s[i]
		}
	}
}

// TestShoes is the positive control for shoes and partial deals: fair
// shoes of 2, 6 and 8 decks, whole, and the first cards of a deck and of
// a shoe, pass, with every test that applies running (the second level
// too) and every other one skipped with its reason. Each audit fails a
// fair shuffle with probability at most α = 0.001 (Holm), so the five
// fail together about 5 times in 1,000 seeds.
func TestShoes(t *testing.T) {
	checks := stattest.Checks{Rule: "each fair shoe must run the tests that apply, skip the others with their reason, and pass at α = 0.001 after Holm's correction: a false failure about 1 seed in 1,000 an audit; fixed seeds"}
	for i, d := range []shoeDealer{
		{"2-deck shoe", 2, 104, nil},
		{"6-deck shoe", 6, 312, nil},
		{"8-deck shoe", 8, 416, nil},
		{"7 cards of a deck", 1, 7, nil},
		{"10 cards of a 6-deck shoe", 6, 10, nil},
	} {
		d.shuffle = fairShoe(uint64(100 + i))
		decks := 20480
		if d.m < 52*d.k {
			decks = 81920 // the adjacency batches need 4,096 lines of 7 cards
		}
		r := d.run(t, decks, audit.Options{})
		skipped := map[string]string{}
		for _, x := range r.Tests {
			stattest.Logf(t, "%-26s %-24s p=%.3f %s", d.name, x.Name, x.P, x.Skipped)
			if !x.Ran() {
				skipped[x.Name] = x.Skipped
			}
		}
		want := []string{"fixed-points", "cycles", "rising"}
		if d.m < 52*d.k {
			want = append(want, "pairs")
		}
		if d.k > 1 && d.m < 52*d.k {
			want = append(want, "repeats")
		}
		checks.Check(len(skipped) == len(want), math.Inf(1), "%s: %d tests skipped, want %d: %v", d.name, len(skipped), len(want), skipped)
		for _, name := range want {
			checks.Check(skipped[name] != "", math.Inf(1), "%s: %s ran, want it skipped", d.name, name)
		}
		if d.k > 1 {
			_, ok := r.Test("equal-adjacency/batches")
			checks.Check(ok, math.Inf(1), "%s: no equal-adjacency/batches", d.name)
		}
		checks.Check(r.Verdict == audit.Pass, failedWorst(r), "%s: verdict %s, want pass; failed: %s", d.name, r.Verdict, failedList(r))
	}
	checks.Report(t)
}

// TestShoePower is the negative control of the shoe tests: each planted
// bias fails the named test far below Holm's threshold.
func TestShoePower(t *testing.T) {
	checks := stattest.Checks{Rule: "each planted bias must fail its test at p below its stated bound, far under Holm's threshold at α = 0.001, and fail the audit; fixed seeds"}
	for _, c := range []struct {
		d     shoeDealer
		decks int
		test  string
		maxP  float64
	}{
		{shoeDealer{"6 decks stacked unmixed", 6, 312, stacked(1)}, 200, "equal-adjacency", 1e-100},
		{shoeDealer{"8 decks stacked unmixed", 8, 416, stacked(2)}, 200, "equal-adjacency", 1e-100},
		{shoeDealer{"2 decks stacked unmixed", 2, 104, stacked(3)}, 2000, "equal-adjacency", 1e-100},
		{shoeDealer{"sorted 6-deck shoe riffled 3 times", 6, 312, riffled(4)}, 2000, "positions", 1e-100},
		{shoeDealer{"sorted 6-deck shoe riffled 3 times", 6, 312, riffled(5)}, 2000, "pairs", 1e-100},
		{shoeDealer{"6-deck shoe, last deck in the back half", 6, 312, lastDeckBack(6)}, 20000, "equal-adjacency", 1e-6},
		{shoeDealer{"8-deck shoe, last deck in the back half", 8, 416, lastDeckBack(7)}, 20000, "equal-adjacency", 1e-6},
		{shoeDealer{"7 cards of a naive deck", 1, 7, naiveDeck(8)}, 100000, "positions", 1e-10},
	} {
		r := c.d.run(t, c.decks, audit.Options{})
		got, ok := r.Test(c.test)
		require.True(t, ok)
		stattest.Logf(t, "%-42s %6d decks: %s p=%.3g; failed: %v", c.d.name, c.decks, c.test, got.P, names(r.Failed()))
		checks.Below(got.P, c.maxP, "%s, %d decks: %s", c.d.name, c.decks, c.test)
		checks.Check(r.Verdict == audit.Fail, 0, "%s, %d decks: verdict %s, want fail", c.d.name, c.decks, r.Verdict)
	}
	checks.Report(t)
}

func names(ts []audit.Test) []string {
	var s []string
	for _, t := range ts {
		s = append(s, fmt.Sprintf("%s %.2g", t.Name, t.P))
	}
	return s
}

// TestHand: fair hands of 5 cards pass the hand test; a dealer that deals
// again, once, a hand whose two highest cards (by number) are neighbours
// fails it: the colex buckets group hands by their highest cards.
func TestHand(t *testing.T) {
	fair := fairShoe(20)
	r := rand.New(rand.NewPCG(21, 1))
	shy := func(s []int) {
		r.Shuffle(52, func(i, j int) { s[i], s[j] = s[j], s[i] })
		h := slices.Clone(s[:5])
		slices.Sort(h)
		if h[4] == h[3]+1 {
			r.Shuffle(52, func(i, j int) { s[i], s[j] = s[j], s[i] })
		}
	}
	for _, c := range []struct {
		name string
		f    func([]int)
		pass bool
	}{{"fair", fair, true}, {"shy of neighbours on top", shy, false}} {
		d := shoeDealer{c.name, 1, 5, c.f}
		rep := d.run(t, 100000, audit.Options{Hand: 5})
		h, ok := rep.Test("hand")
		require.True(t, ok)
		t.Logf("%s: hand χ²=%.0f df=%.0f p=%.3g (%s)", c.name, h.Statistic, h.DF, h.P, h.Note)
		if c.pass {
			assert.Equal(t, "pass", rep.Verdict, "%v", rep.Failed())
		} else {
			assert.Less(t, h.P, 1e-10)
		}
	}
}

// TestGames is the positive and negative control of the game tests
// through an audit: fair deals pass; a dealer that deals again, once, a
// flush among the first five cards fails poker, and one that deals the
// shoe again, once, when the player would win its first coup fails
// baccarat.
func TestGames(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 1))
	flushShy := func(s []int) {
		r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
		if audit.Poker.Outcomes[audit.Poker.Outcome(s)] == "flush" {
			r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
		}
	}
	bankerFriend := func(s []int) {
		r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
		if audit.Baccarat.Outcomes[audit.Baccarat.Outcome(s)] == "player" {
			r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
		}
	}
	checks := stattest.Checks{Rule: "fair deals must pass the audit at α = 0.001 after Holm's correction (a false failure about 1 seed in 1,000 an audit), biased ones fail their game at p < 1e-10; fixed seeds"}
	for _, c := range []struct {
		d     shoeDealer
		game  audit.Game
		decks int
		pass  bool
	}{
		{shoeDealer{"fair poker", 1, 5, fairShoe(31)}, audit.Poker, 200000, true},
		{shoeDealer{"flush-shy poker", 1, 5, flushShy}, audit.Poker, 200000, false},
		{shoeDealer{"fair baccarat, 8 decks", 8, 6, fairShoe(32)}, audit.Baccarat, 20000, true},
		{shoeDealer{"banker-friendly baccarat, 8 decks", 8, 6, bankerFriend}, audit.Baccarat, 20000, false},
	} {
		rep := c.d.run(t, c.decks, audit.Options{Games: []audit.Game{c.game}})
		g, ok := rep.Test(c.game.Name)
		require.True(t, ok)
		stattest.Logf(t, "%-34s %s χ²=%.1f df=%.0f p=%.3g", c.d.name, g.Name, g.Statistic, g.DF, g.P)
		if c.pass {
			checks.Check(rep.Verdict == audit.Pass, failedWorst(rep), "%s: verdict %s, want pass; failed: %s", c.d.name, rep.Verdict, failedList(rep))
		} else {
			checks.Below(g.P, 1e-10, "%s: %s χ²=%.1f df=%.0f", c.d.name, g.Name, g.Statistic, g.DF)
			checks.Check(rep.Verdict == audit.Fail, 0, "%s: verdict %s, want fail", c.d.name, rep.Verdict)
		}
	}
	checks.Report(t)
	assert.Panics(t, func() { audit.New(52, audit.Options{Copies: 2, Games: []audit.Game{audit.Poker}}) })
	assert.Panics(t, func() { audit.New(52, audit.Options{Dealt: 4, Games: []audit.Game{audit.Baccarat}}) })
	assert.Panics(t, func() { audit.New(10, audit.Options{Games: []audit.Game{audit.Baccarat}}) })
}

// TestOneCard: lines of one card dealt from a shoe of 2 copies of 7 cards
// (a serial table of one cell, whose expected count 399/7 = 57 is whole)
// pass at every seed tried, where a two-sided test of so few whole counts
// failed about one in twenty.
func TestOneCard(t *testing.T) {
	// 40 fair audits at α = 0.001: all pass with probability 0.96.
	checks := stattest.Checks{Rule: "40 fair audits, one a seed, must pass at α = 0.001 after Holm's correction: all pass with probability 0.96"}
	shoe := make([]int, 14)
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 2))
		a := audit.New(7, audit.Options{Copies: 2, Dealt: 1})
		for range 400 {
			for i := range shoe {
				shoe[i] = i % 7
			}
			r.Shuffle(len(shoe), func(i, j int) { shoe[i], shoe[j] = shoe[j], shoe[i] })
			if err := a.Add(shoe[:1]); err != nil {
				t.Fatal(err)
			}
		}
		rep := a.Report()
		if rep.Verdict != audit.Pass {
			stattest.Logf(t, "seed %d: %v", seed, names(rep.Failed()))
		}
		checks.Check(rep.Verdict == audit.Pass, failedWorst(rep), "seed %d: verdict %s, want pass; failed: %s", seed, rep.Verdict, failedList(rep))
	}
	checks.Report(t)
}

// TestUsed: baccarat coups of 8-deck shoes written as the 4 to 6 cards
// each uses (Options.Used) audit as exactly as the first 6 cards of the
// same shoes: the baccarat test's counts, expected counts, statistic and
// p-value are the same; the other tests see the first 4 cards; fair coups
// pass and a shoe re-dealt when the player would win fails. A line the
// tableau does not allow is refused and counts nothing.
func TestUsed(t *testing.T) {
	checks := stattest.Checks{Rule: "fair coups must pass the audit at α = 0.001 after Holm's correction (a false failure about 1 seed in 1,000 an audit), biased ones fail baccarat at p < 1e-10; fixed seeds"}
	for _, c := range []struct {
		name string
		bias bool
	}{{"fair", false}, {"banker-friendly", true}} {
		r := rand.New(rand.NewPCG(33, 1))
		used := audit.New(52, audit.Options{Copies: 8, Games: []audit.Game{audit.Baccarat}, Used: true})
		six := audit.New(52, audit.Options{Copies: 8, Dealt: 6, Games: []audit.Game{audit.Baccarat}})
		require.Equal(t, 4, used.Dealt())
		shoe := make([]int, 8*52)
		for range 20000 {
			for i := range shoe {
				shoe[i] = i % 52
			}
			r.Shuffle(len(shoe), func(i, j int) { shoe[i], shoe[j] = shoe[j], shoe[i] })
			if c.bias && audit.Baccarat.Outcomes[audit.Baccarat.Outcome(shoe)] == "player" {
				r.Shuffle(len(shoe), func(i, j int) { shoe[i], shoe[j] = shoe[j], shoe[i] })
			}
			n, _ := audit.Baccarat.Uses(shoe)
			if err := used.Add(shoe[:n]); err != nil {
				t.Fatal(err)
			}
			if err := six.Add(shoe[:6]); err != nil {
				t.Fatal(err)
			}
		}
		ru, r6 := used.Report(), six.Report()
		assert.Equal(t, [3]any{"baccarat", 4, 6}, [3]any{ru.Used, ru.Dealt, ru.MostDealt})
		gu, _ := ru.Test("baccarat")
		g6, _ := r6.Test("baccarat")
		assert.Equal(t, g6.Observed, gu.Observed, c.name)
		assert.Equal(t, g6.Expected, gu.Expected, c.name)
		assert.Equal(t, [2]float64{g6.Statistic, g6.P}, [2]float64{gu.Statistic, gu.P}, c.name)
		p, err := audit.Baccarat.Probs(8)
		require.NoError(t, err)
		for i := range p {
			assert.Equal(t, 20000*p[i], gu.Expected[i], "the chances are Probs(8)'s")
		}
		pos, _ := ru.Test("positions")
		assert.EqualValues(t, 51*4, pos.DF, "positions sees 4 places: (n−1)·m degrees of freedom")
		stattest.Logf(t, "%-16s baccarat χ²=%.1f p=%.3g; %s", c.name, gu.Statistic, gu.P, ru.Verdict)
		if c.bias {
			checks.Below(gu.P, 1e-10, "%s: baccarat χ²=%.1f", c.name, gu.Statistic)
			checks.Check(ru.Verdict == audit.Fail, 0, "%s: verdict %s, want fail", c.name, ru.Verdict)
		} else {
			checks.Check(ru.Verdict == audit.Pass, failedWorst(ru), "%s: verdict %s, want pass; failed: %s", c.name, ru.Verdict, failedList(ru))
		}
	}
	checks.Report(t)

	a := audit.New(52, audit.Options{Copies: 8, Games: []audit.Game{audit.Baccarat}, Used: true})
	for _, c := range []struct {
		line []int
		want string
	}{
		{[]int{9, 15, 27, 51}, "4 cards, want 5 or 6 by the rules of game baccarat"},
		{[]int{3, 20, 4, 51, 8, 8}, "6 cards, want 4 by the rules of game baccarat"},
		{[]int{9, 15, 27, 51, 8, 52}, "card 52 (number 6 on the deck) is not in 0..51"},
		{[]int{9, 9, 9, 9, 9, 9, 9, 9, 9}, "9 cards, want 6 by the rules of game baccarat"},
	} {
		assert.EqualError(t, a.Add(c.line), c.want)
	}
	// 10C 3D 2H KS 10C 10C from two decks: the copies of the cards after
	// the first four count those four too.
	b := audit.New(52, audit.Options{Copies: 2, Games: []audit.Game{audit.Baccarat}, Used: true})
	assert.EqualError(t, b.Add([]int{9, 15, 27, 51, 9, 9}), "card 9 appears more than 2 times (number 6 on the deck is one too many)")
	require.NoError(t, b.Add([]int{9, 15, 27, 51, 8, 17}))
	assert.Zero(t, a.Decks())
	assert.EqualValues(t, 1, b.Decks())
	for _, o := range []audit.Options{
		{Used: true},
		{Used: true, Games: []audit.Game{audit.Poker}},
		{Used: true, Games: []audit.Game{audit.Baccarat, audit.Poker}},
		{Used: true, Games: []audit.Game{audit.Baccarat}, Dealt: 6},
	} {
		assert.Panics(t, func() { audit.New(52, o) }, "%+v", o)
	}
}
