package audit

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

// TestGameProbsErrors: a deck count a game is not defined for is an error
// that names the game and the count.
func TestGameProbsErrors(t *testing.T) {
	for _, c := range []struct {
		g     Game
		decks int
	}{
		{Poker, 2}, {Poker, 0}, {Poker, 8},
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
	assert.Equal(t, []string{"poker"}, names)
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
