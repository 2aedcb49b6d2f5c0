package audit

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/internal/stattest"
)

// hand parses cards written as rank and suit, "AC 10D KS": ranks A, 2–10,
// J, Q, K; suits C, D, H, S.
func hand(t testing.TB, s string) []int {
	var cards []int
	for _, f := range strings.Fields(s) {
		rank := strings.Index("A 2 3 4 5 6 7 8 9 10J Q K ", fmt.Sprintf("%-2s", f[:len(f)-1]))
		suit := strings.IndexByte("CDHS", f[len(f)-1])
		require.True(t, rank >= 0 && rank%2 == 0 && suit >= 0, "card %q", f)
		cards = append(cards, suit*13+rank/2)
	}
	return cards
}

func TestHand(t *testing.T) {
	assert.Equal(t, []int{0, 9, 22, 51, 12}, hand(t, "AC 10C 10D KS KC"))
}

// TestPokerCounts: the classes of all C(52,5) hands are the published
// counts (for instance the table of five-card hands in Wikipedia's
// "Poker probability"), and Probs divides them by the number of hands.
func TestPokerCounts(t *testing.T) {
	want := [pokerClasses]int64{
		highCard:      1_302_540,
		onePair:       1_098_240,
		twoPair:       123_552,
		threeOfAKind:  54_912,
		straight:      10_200,
		flush:         5_108,
		fullHouse:     3_744,
		fourOfAKind:   624,
		straightFlush: 40,
	}
	got := pokerCounts()
	assert.Equal(t, want, got)
	sum := int64(0)
	for _, n := range got {
		sum += n
	}
	assert.Equal(t, new(big.Int).Binomial(52, 5).Int64(), sum)
	assert.EqualValues(t, pokerHands, sum)
	p, err := Poker.Probs(1)
	require.NoError(t, err)
	require.Len(t, p, len(Poker.Outcomes))
	for i, n := range want {
		assert.Equal(t, float64(n)/2_598_960, p[i], Poker.Outcomes[i])
	}
}

// TestPokerOutcome classifies hand-picked hands, each in every one of its
// 120 orders.
func TestPokerOutcome(t *testing.T) {
	for _, c := range []struct {
		hand, class string
	}{
		{"AC 2D 3H 4S 5C", "straight"},        // the wheel: ace low
		{"10C JD QH KS AC", "straight"},       // broadway: ace high
		{"QC KD AH 2S 3C", "high card"},       // no wrap round the ace
		{"JC QD KH AS 2C", "high card"},       // nor here
		{"9C 10D JH QS KC", "straight"},       // no ace
		{"2C 3D 4H 5S 6C", "straight"},        // the lowest without an ace
		{"2C 3D 4H 5S 7C", "high card"},       // one gap
		{"AD 2D 3D 4D 5D", "straight flush"},  // the steel wheel
		{"10S JS QS KS AS", "straight flush"}, // a royal flush
		{"5H 6H 7H 8H 9H", "straight flush"},
		{"QH KH AH 2H 3H", "flush"}, // suited, but no straight
		{"2C 4C 6C 8C 10C", "flush"},
		{"AC 3D 5H 7S 9C", "high card"},
		{"AC AD 5H 7S 9C", "one pair"},
		{"AC AD 5H 5S 9C", "two pair"},
		{"AC AD AH 7S 9C", "three of a kind"},
		{"KC KD KH 7S 7C", "full house"},
		{"7C 7D KH KS KC", "full house"},
		{"2C 2D 2H 2S KC", "four of a kind"},
		{"2C 2D 2H 3C 3D", "full house"},
		{"AC AD 2C 3C 4C", "one pair"},
	} {
		cards := hand(t, c.hand)
		permutations(cards, func(h []int) {
			got := Poker.Outcome(h)
			require.True(t, got >= 0 && got < len(Poker.Outcomes), "%s: %d", c.hand, got)
			require.Equal(t, c.class, Poker.Outcomes[got], "%s dealt as %v", c.hand, h)
		})
	}
	// Only the first five cards count.
	assert.Equal(t, "straight", Poker.Outcomes[Poker.Outcome(hand(t, "AC 2D 3H 4S 5C 5D 5H"))])
	// From a shoe, five of a kind is four of a kind, and a repeated rank
	// is never a flush.
	assert.Equal(t, "four of a kind", Poker.Outcomes[Poker.Outcome(hand(t, "AC AC AC AD AD"))])
	assert.Equal(t, "one pair", Poker.Outcomes[Poker.Outcome(hand(t, "AC AC 2C 3C 4C"))])
}

// permutations calls f with every order of cards (Heap's algorithm); f
// must not keep its argument.
func permutations(cards []int, f func([]int)) {
	h := append([]int(nil), cards...)
	c := make([]int, len(h))
	f(h)
	for i := 0; i < len(h); {
		if c[i] < i {
			if i%2 == 0 {
				h[0], h[i] = h[i], h[0]
			} else {
				h[c[i]], h[i] = h[i], h[c[i]]
			}
			f(h)
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
}

func TestPermutations(t *testing.T) {
	seen := map[string]bool{}
	permutations([]int{1, 2, 3, 4, 5}, func(h []int) { seen[fmt.Sprint(h)] = true })
	assert.Len(t, seen, 120)
}

// TestBaccaratCounts holds the exact enumeration to the published figures.
// The counts of ordered six-card deals are those of
// http://www.casinoexploit.com/baccarat.html ("Probabilities in 8deck
// Baccarat", "... 6deck ..."), whose totals are 416·415·…·411 and
// 312·311·…·307. The chances to six digits are those of
// https://www.multiplayerbaccarat.com/odds.html (6 and 8 decks, after
// Thorp's The Mathematics of Gambling) and, for 8 decks, the "Total" row
// of the Wizard of Odds' Baccarat Appendix 3,
// http://wizardofodds.com/games/baccarat/appendix/3/.
func TestBaccaratCounts(t *testing.T) {
	for _, c := range []struct {
		decks                       int
		player, banker, tie         string // counts
		pPlayer, pBanker, pTie, all float64
	}{
		{8, "2230518282592256", "2292252566437888", "475627426473216", 0.446247, 0.458597, 0.095156, 0},
		{6, "392220492728832", "403095751234560", "83552962932288", 0.446279, 0.458653, 0.095069, 0},
	} {
		counts, total, err := baccaratCounts(c.decks)
		require.NoError(t, err)
		for i, want := range []string{c.player, c.banker, c.tie} {
			assert.Equal(t, want, counts[i].String(), "%d decks: %s", c.decks, Baccarat.Outcomes[i])
		}
		p, err := Baccarat.Probs(c.decks)
		require.NoError(t, err)
		for i, want := range []float64{c.pPlayer, c.pBanker, c.pTie} {
			assert.Equal(t, want, math.Round(p[i]*1e6)/1e6, "%d decks: %s: %v", c.decks, Baccarat.Outcomes[i], p[i])
		}
		n := int64(52 * c.decks)
		assert.Equal(t, n*(n-1)*(n-2)*(n-3)*(n-4)*(n-5), total.Int64())
	}
}

// TestBaccaratSum: the chances sum to 1 exactly, as rationals, from 1 to 8
// decks and at the largest shoe Probs takes; and fewer decks favour the
// banker (the published trend, 0.4596 at one deck).
func TestBaccaratSum(t *testing.T) {
	prev := 1.0
	for _, decks := range []int{1, 2, 3, 4, 5, 6, 7, 8, maxBaccaratDecks} {
		counts, total, err := baccaratCounts(decks)
		require.NoError(t, err)
		sum := new(big.Rat)
		for _, n := range counts {
			require.Positive(t, n.Sign())
			sum.Add(sum, new(big.Rat).SetFrac(n, total))
		}
		assert.Zero(t, sum.Cmp(big.NewRat(1, 1)), "%d decks: the chances sum to %s", decks, sum)
		p, err := Baccarat.Probs(decks)
		require.NoError(t, err)
		assert.Less(t, p[bankerWins], prev, "%d decks", decks)
		prev = p[bankerWins]
	}
	p, err := Baccarat.Probs(1)
	require.NoError(t, err)
	assert.Equal(t, 0.4596, math.Round(p[bankerWins]*1e4)/1e4)
}

// TestBankerDraws holds the drawing rule to the tableau written out as
// it is printed in casinos: D draws, S stands; the first column is the
// player standing, then the player's third card 0–9.
func TestBankerDraws(t *testing.T) {
	tableau := []string{
		0: "D DDDDDDDDDD",
		1: "D DDDDDDDDDD",
		2: "D DDDDDDDDDD",
		3: "D DDDDDDDDSD",
		4: "D SSDDDDDDSS",
		5: "D SSSSDDDDSS",
		6: "S SSSSSSDDSS",
		7: "S SSSSSSSSSS",
	}
	for banker, row := range tableau {
		assert.Equal(t, row[0] == 'D', bankerDraws(banker, -1), "banker %d, player stood", banker)
		for third := range 10 {
			assert.Equal(t, row[2+third] == 'D', bankerDraws(banker, third), "banker %d, player's third card %d", banker, third)
		}
	}
}

// TestBaccaratOutcome plays hand-picked coups; the cards go player,
// banker, player, banker, then the third cards.
func TestBaccaratOutcome(t *testing.T) {
	for _, c := range []struct {
		cards, want, why string
	}{
		{"4C 8D 5H KS 9C 9D", "player", "player's natural 9 beats banker's natural 8"},
		{"4C 8D 4H KS 9C 9D", "tie", "naturals 8 and 8"},
		{"KC 9D QH JS 9C 9D", "banker", "banker's natural ends the coup: the player's 0 draws nothing"},
		{"QC 4D 6H AS 3C 9D", "banker", "player stands on 6; banker's 5 draws the next card, 3: 8 beats 6"},
		{"QC 4D 6H AS 9C 3D", "player", "player stands on 6; banker's 5 draws 9: 4 loses"},
		{"QC 4D 7H 2S 9C 3D", "player", "player stands on 7; banker's 6 stands: 7 beats 6"},
		{"10C 3D 2H KS 8C 9D", "banker", "player's 2 draws 8: 0; banker's 3 stands on an 8"},
		{"10C 3D 2H KS 9C 5D", "banker", "player's 2 draws 9: 1; banker's 3 draws 5: 8"},
		{"10C 4D 2H KS AC 5D", "banker", "player's 2 draws ace: 3; banker's 4 stands on a 1: 4"},
		{"10C 4D 2H KS 2C 5D", "banker", "player's 2 draws 2: 4; banker's 4 draws on a 2: 9"},
		{"10C 5D 2H KS 3C 2D", "tie", "player's 2 draws 3: 5; banker's 5 stands on a 3"},
		{"10C 5D 2H KS 4C 2D", "banker", "player's 2 draws 4: 6; banker's 5 draws on a 4: 7"},
		{"10C 6D AH KS 6C 2D", "banker", "player's 1 draws 6: 7; banker's 6 draws on a 6: 8"},
		{"10C 6D AH KS 5C 2D", "tie", "player's 1 draws 5: 6; banker's 6 stands on a 5"},
		{"10C 7D AH KS 7C 2D", "player", "player's 1 draws 7: 8; banker's 7 stands"},
		{"5C 5D 5H 5S 5C 5D", "tie", "0 and 0; player draws 5, banker's 0 draws 5"},
	} {
		cards := hand(t, c.cards)
		assert.Equal(t, c.want, Baccarat.Outcomes[Baccarat.Outcome(cards)], "%s: %s", c.cards, c.why)
	}
}

// TestGameProbsErrors: a deck count a game is not defined for is an error
// that names the game and the count.
func TestGameProbsErrors(t *testing.T) {
	for _, c := range []struct {
		g     Game
		decks int
	}{
		{Poker, 2}, {Poker, 0}, {Poker, 8}, {Baccarat, 0}, {Baccarat, -1}, {Baccarat, maxBaccaratDecks + 1},
	} {
		p, err := c.g.Probs(c.decks)
		require.Error(t, err, "%s, %d decks", c.g.Name, c.decks)
		assert.Nil(t, p)
		assert.Contains(t, err.Error(), "game "+c.g.Name)
		assert.Contains(t, err.Error(), fmt.Sprintf(": %d decks", c.decks))
		t.Log(err)
	}
}

// TestGames: the registry, and what every game promises.
func TestGames(t *testing.T) {
	var names []string
	for _, g := range Games() {
		names = append(names, g.Name)
		got, ok := LookupGame(g.Name)
		require.True(t, ok, g.Name)
		assert.Equal(t, g.Name, got.Name)
		decks := 1
		if g.Name == "baccarat" {
			decks = 8
		}
		p, err := g.Probs(decks)
		require.NoError(t, err)
		require.Len(t, p, len(g.Outcomes), g.Name)
		sum := 0.0
		for _, v := range p {
			assert.Positive(t, v)
			sum += v
		}
		assert.InDelta(t, 1, sum, 1e-15, g.Name)
		p[0] = -1 // the caller's to keep
		q, err := g.Probs(decks)
		require.NoError(t, err)
		assert.Positive(t, q[0], "%s: Probs returned its cache", g.Name)
		assert.Positive(t, g.Cards)
	}
	assert.Equal(t, []string{"poker", "baccarat"}, names)
	_, ok := LookupGame("blackjack")
	assert.False(t, ok)
	_, ok = LookupGame("Poker")
	assert.False(t, ok)
}

// TestGameOutcomeNoAllocs pins Outcome's promise to allocate nothing.
func TestGameOutcomeNoAllocs(t *testing.T) {
	cards := hand(t, "10C 6D AH KS 6C 2D")
	for _, g := range Games() {
		assert.Zero(t, testing.AllocsPerRun(100, func() { g.Outcome(cards) }), g.Name)
	}
}

// mcAlpha is the level of the Monte Carlo tests below: a correct Outcome
// and Probs fail each of them with probability 10⁻⁶ over seeds (the
// chi-square approximation holds well here: every class expects at least
// 15 deals). The seeds are fixed, so a run is reproducible.
const mcAlpha = 1e-6

// mcDeals is the number of deals of each Monte Carlo test.
const mcDeals = 1_000_000

// dealer deals one game's worth of cards from the top of shoe, which it
// may shuffle, and returns its outcome.
type dealer func(shoe []int) int

// fair shuffles the top k cards of the shoe uniformly and reads the game's
// outcome from them. It is the start of a Fisher–Yates shuffle: the top k
// cards of a uniformly shuffled shoe are k cards drawn without replacement,
// which is what these k steps draw, whatever order the shoe was left in;
// the rest of the shoe is not read, so it need not be shuffled (a full
// 416-card shuffle would cost 70 times as much).
func fair(g Game, r *rand.Rand) dealer {
	return func(shoe []int) int {
		for i := range g.Cards {
			j := i + r.IntN(len(shoe)-i)
			shoe[i], shoe[j] = shoe[j], shoe[i]
		}
		return g.Outcome(shoe)
	}
}

// redeal is a planted bias: when a fair deal comes out as outcome, the
// dealer, once in every `every` such deals, shuffles again and deals anew.
// Outcome k then has chance p_k − p_k(1−p_k)/every and every other outcome
// j has p_j + p_k·p_j/every.
func redeal(g Game, r *rand.Rand, outcome, every int) dealer {
	deal := fair(g, r)
	return func(shoe []int) int {
		o := deal(shoe)
		if o == outcome && r.IntN(every) == 0 {
			o = deal(shoe)
		}
		return o
	}
}

// shoe returns a shoe of decks decks, in order.
func shoe(decks int) []int {
	s := make([]int, 0, 52*decks)
	for range decks {
		for c := range 52 {
			s = append(s, c)
		}
	}
	return s
}

// monteCarlo deals mcDeals games from a shoe of decks decks and returns the
// pooled likelihood-ratio chi-square of their outcomes against g.Probs
// (poker's straight flushes, 15 expected, join the fours of a kind), its
// degrees of freedom and p-value.
func monteCarlo(t *testing.T, g Game, decks int, deal dealer) (chi2, df, p float64) {
	probs, err := g.Probs(decks)
	require.NoError(t, err)
	counts := make([]int64, len(probs))
	s := shoe(decks)
	for range mcDeals {
		counts[deal(s)]++
	}
	chi2, df, p = pooledChiSquare(counts, probs, mcDeals)
	require.GreaterOrEqual(t, df, float64(len(probs)-2), "more than the two rarest classes pooled")
	return chi2, df, p
}

// noncentrality is the chi-square's noncentrality under redeal: the
// statistic's mean is about df plus this.
func noncentrality(probs []float64, outcome, every int) float64 {
	k, q := probs[outcome], 1/float64(every)
	l := 0.0
	for j, p := range probs {
		d := q * k * p // the gain of every other outcome
		if j == outcome {
			d = -q * k * (1 - k)
		}
		l += d * d / p
	}
	return l * mcDeals
}

// TestGameMonteCarlo checks each game's Outcome against its Probs: 10⁶
// fair deals (poker from one deck, baccarat from 8-deck shoes) must pass
// the chi-square at level mcAlpha, and the same test must catch a dealer
// who sometimes deals again: poker re-dealt once in 4 flushes (the
// noncentrality is about 122, so the statistic's mean is 130 against a
// threshold of 41), baccarat re-dealt once in 50 coups the player would
// win (noncentrality about 99, mean 101 against a threshold of 28).
func TestGameMonteCarlo(t *testing.T) {
	checks := stattest.Checks{Rule: fmt.Sprintf("fair deals must reach p > %g (a false failure with probability 10⁻⁶ each), a dealer who deals again p < %g; fixed seeds", mcAlpha, mcAlpha)}
	for _, c := range []struct {
		g             Game
		decks         int
		outcome, each int
		seed          uint64
	}{
		{Poker, 1, flush, 4, 1},
		{Baccarat, 8, playerWins, 50, 2},
	} {
		start := time.Now()
		r := rand.New(rand.NewPCG(c.seed, 7))
		chi2, df, p := monteCarlo(t, c.g, c.decks, fair(c.g, r))
		stattest.Logf(t, "%s, %d decks, fair: chi2 = %.2f, df = %g, p = %.3g (%v)", c.g.Name, c.decks, chi2, df, p, time.Since(start))
		checks.Above(p, mcAlpha, "%s, %d decks: a fair deal fails (χ² = %.2f, df = %g)", c.g.Name, c.decks, chi2, df)

		start = time.Now()
		probs, _ := c.g.Probs(c.decks)
		l := noncentrality(probs, c.outcome, c.each)
		chi2, df, p = monteCarlo(t, c.g, c.decks, redeal(c.g, r, c.outcome, c.each))
		stattest.Logf(t, "%s, %d decks, one %s in %d dealt again: noncentrality %.1f, chi2 = %.2f, df = %g, p = %.3g (%v)",
			c.g.Name, c.decks, c.g.Outcomes[c.outcome], c.each, l, chi2, df, p, time.Since(start))
		checks.Below(p, mcAlpha, "%s, %d decks, one %s in %d dealt again: the planted bias passes (noncentrality %.1f, χ² = %.2f, df = %g)", c.g.Name, c.decks, c.g.Outcomes[c.outcome], c.each, l, chi2, df)
	}
	checks.Report(t)
}

// TestBaccaratUses: for every deal of six card values, Uses of the whole
// deal says 4, 5 or 6 cards, as many as Outcome reads: Outcome of just
// those cards gives the same outcome; Uses of the first k cards, for every
// k, allows that count, and names it alone once k reaches it.
func TestBaccaratUses(t *testing.T) {
	least, most := Baccarat.Uses(nil)
	require.Equal(t, [2]int{4, 6}, [2]int{least, most})
	card := [10]int{9, 0, 1, 2, 3, 4, 5, 6, 7, 8} // a card of each value: 10C, AC, 2C, …, 9C
	var cards [6]int
	var used [7]int
	for v := range 1_000_000 {
		for i, x := 0, v; i < 6; i, x = i+1, x/10 {
			cards[i] = card[x%10]
		}
		u, hi := Baccarat.Uses(cards[:])
		if u != hi || u < 4 || u > 6 {
			t.Fatalf("%v: uses %d to %d cards", cards, u, hi)
		}
		used[u]++
		if Baccarat.Outcome(cards[:]) != Baccarat.Outcome(cards[:u:u]) {
			t.Fatalf("%v: the outcome of the %d cards used differs", cards, u)
		}
		for k := range 7 {
			lo, hi := Baccarat.Uses(cards[:k])
			if k >= u && (lo != u || hi != u) || k < u && (lo <= k || lo > u || hi < u) {
				t.Fatalf("%v, %d cards: %d to %d, and the coup uses %d", cards, k, lo, hi, u)
			}
		}
	}
	// With values uniform, either hand is a natural (8 or 9) with chance
	// 2/10: a natural ends 36% of deals, and both standing on 6 or 7
	// another 4%, 400,000 deals of four cards; the player standing and the
	// banker drawing on 0–5 is 12%, of the 294,000 of five.
	assert.Equal(t, [7]int{4: 400_000, 5: 294_000, 6: 306_000}, used)
	assert.Zero(t, testing.AllocsPerRun(100, func() { Baccarat.Uses(cards[:5]) }))
}

// TestUsedLength: a line of a game with Uses must hold exactly the cards
// its outcome uses: a natural's four cards and no more, a coup that draws
// five or six.
func TestUsedLength(t *testing.T) {
	natural := []int{3, 7, 4, 12} // player 4+5 = 9, banker 8+K = 8: both stand
	assert.NoError(t, usedLength(Baccarat, natural))
	assert.EqualError(t, usedLength(Baccarat, append(natural, 8)), "5 cards, want 4 by the rules of game baccarat")
	draws := []int{9, 2, 1, 12} // player 10+2 = 2, banker 3+K = 3: the player draws
	assert.EqualError(t, usedLength(Baccarat, draws), "4 cards, want 5 or 6 by the rules of game baccarat")
	assert.NoError(t, usedLength(Baccarat, append(draws, 7)), "the player's 8: the banker on 3 stands")
}
