package audit

import (
	"fmt"
	"math/bits"
	"sync"
)

// A Game is what a card game makes of the first cards dealt: one of a few
// outcomes, such as the class of a poker hand, together with the exact chance of each outcome when the cards
// come from a uniformly shuffled shoe. Counting the outcomes of many deals
// against those chances tests a shuffle where a player would see it.
//
// A new game is a Game value with its two functions; see ExampleGame.
type Game struct {
	// Name identifies the game, as in [LookupGame].
	Name string
	// Outcomes are the names of the outcomes, in the order of the
	// indices Outcome returns and of the chances Probs returns.
	Outcomes []string
	// Cards is the most cards Outcome reads.
	Cards int
	// Outcome returns the index in Outcomes of what the cards make, the
	// first card dealt first. The cards are card numbers 0..51 (card c has
	// rank c%13, ace first, and suit c/13), at least Cards of them; from a
	// shoe of several decks a number may repeat. Outcome must not allocate
	// and must not keep cards.
	Outcome func(cards []int) int
	// Probs returns the exact chance of each outcome when the cards are
	// dealt from a uniformly shuffled shoe of decks 52-card decks, or an
	// error naming the game and the deck count if the game is not defined
	// for that many decks. The slice is the caller's to keep.
	Probs func(decks int) ([]float64, error)
}

// Games returns the games of the package: [Poker].
func Games() []Game { return []Game{Poker} }

// LookupGame returns the game of [Games] with the given name, and false if
// there is none.
func LookupGame(name string) (Game, bool) {
	for _, g := range Games() {
		if g.Name == name {
			return g, true
		}
	}
	return Game{}, false
}

// The poker hand classes, lowest first: the indices of Poker.Outcomes.
const (
	highCard = iota
	onePair
	twoPair
	threeOfAKind
	straight
	flush
	fullHouse
	fourOfAKind
	straightFlush
	pokerClasses
)

// Poker is the class of the first five cards dealt as a five-card poker
// hand: high card, one pair, two pair, three of a kind, straight, flush,
// full house, four of a kind or straight flush, ranked as in the standard
// hand rankings (Wikipedia, "List of poker hands"; a royal flush is a straight flush; the ace plays high or
// low in a straight, so A-2-3-4-5 and 10-J-Q-K-A are straights and
// Q-K-A-2-3 is not). The order of the five cards does not matter.
//
// Outcome takes constant time and allocates nothing. It is meant for
// cards from one deck: given repeated cards, five of a kind counts as four
// of a kind, and a hand with a repeated rank is classed by its ranks alone,
// never as a flush.
//
// Probs is defined for one deck only: a shoe's repeated cards make hands
// one deck cannot, such as five of a kind. The first call classifies every
// one of the C(52,5) = 2,598,960 hands with Outcome, which takes about
// 35 ms, and keeps the nine counts; they are the published ones (Wikipedia,
// "Poker probability"), from 1,302,540 high-card hands to 40 straight
// flushes.
var Poker = Game{
	Name: "poker",
	Outcomes: []string{
		"high card", "one pair", "two pair", "three of a kind", "straight",
		"flush", "full house", "four of a kind", "straight flush",
	},
	Cards:   5,
	Outcome: pokerOutcome,
	Probs:   pokerProbs,
}

// pokerOutcome classifies cards[:5].
func pokerOutcome(cards []int) int {
	hand := cards[:5]
	var count [13]uint8
	var ranks uint16 // bit r: a card of rank r, ace at bit 0
	most := uint8(0) // the most cards of one rank
	suit, suited := hand[0]/13, true
	for _, c := range hand {
		r := c % 13
		count[r]++
		most = max(most, count[r])
		ranks |= 1 << r
		suited = suited && c/13 == suit
	}
	switch bits.OnesCount16(ranks) {
	case 5:
		// A copy of the ace above the king (bit 13) lets it play high;
		// five ranks in a row leave a bit set in the and of five shifts.
		m := ranks | (ranks&1)<<13
		run := m&(m>>1)&(m>>2)&(m>>3)&(m>>4) != 0
		switch {
		case run && suited:
			return straightFlush
		case suited:
			return flush
		case run:
			return straight
		}
		return highCard
	case 4:
		return onePair
	case 3:
		if most == 3 {
			return threeOfAKind
		}
		return twoPair
	case 2:
		if most == 3 {
			return fullHouse
		}
	}
	return fourOfAKind
}

// pokerCounts are the numbers of five-card hands of one deck in each class,
// counted once.
var pokerCounts = sync.OnceValue(func() [pokerClasses]int64 {
	var counts [pokerClasses]int64
	var hand [5]int
	for a := 0; a < 52; a++ {
		hand[0] = a
		for b := a + 1; b < 52; b++ {
			hand[1] = b
			for c := b + 1; c < 52; c++ {
				hand[2] = c
				for d := c + 1; d < 52; d++ {
					hand[3] = d
					for e := d + 1; e < 52; e++ {
						hand[4] = e
						counts[pokerOutcome(hand[:])]++
					}
				}
			}
		}
	}
	return counts
})

// pokerHands is C(52, 5).
const pokerHands = 2_598_960

func pokerProbs(decks int) ([]float64, error) {
	if decks != 1 {
		return nil, fmt.Errorf("audit: game poker: %d decks: defined for 1 deck only: a shoe of several decks deals hands one deck cannot (five of a kind, a flush with a pair)", decks)
	}
	counts := pokerCounts()
	p := make([]float64, len(counts))
	for i, n := range counts {
		p[i] = float64(n) / pokerHands // both exact in float64: one rounding
	}
	return p, nil
}
