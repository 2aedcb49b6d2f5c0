package audit

import (
	"fmt"
	"math/big"
	"math/bits"
	"strconv"
	"sync"
)

// A Game is what a card game makes of the first cards dealt, one of a few
// outcomes, with the exact chance of each.
//
// The chances are a uniform shoe's, so counting outcomes tests a shuffle where
// a player would see it. A new game is a Game value (see ExampleGame).
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
	// rank c%13, ace first, and suit c/13), at least Cards of them, or, if
	// Uses is set, at least as many as it says the outcome uses; from a
	// shoe of several decks a number may repeat. Outcome must not allocate
	// and must not keep cards.
	Outcome func(cards []int) int
	// Uses, if not nil, says how many cards the outcome uses, so that a
	// log may hold just those (see [Options].Used): given the first cards
	// dealt, any number of them, it returns the fewest and the most cards
	// the outcome can use, equal once the cards given decide it; Uses(nil)
	// gives the bounds over every deal, the most at most Cards. It must
	// not allocate and must not keep cards.
	Uses func(cards []int) (least, most int)
	// Probs returns the exact chance of each outcome when the cards are
	// dealt from a uniformly shuffled shoe of decks 52-card decks, or an
	// error naming the game and the deck count if the game is not defined
	// for that many decks. The slice is the caller's to keep.
	Probs func(decks int) ([]float64, error)
}

// Games returns the games of the package: [Poker] and [Baccarat].
func Games() []Game { return []Game{Poker, Baccarat} }

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

// Poker is the class of the first five cards dealt, in any order, as a
// five-card poker hand, from high card to straight flush.
//
// Outcome takes constant time; Probs, exact for one deck only, classifies
// the 2,598,960 hands once (about 35 ms).
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

// pokerOutcome classifies cards[:5] by the standard hand rankings
// (Wikipedia, "List of poker hands"): high card, one pair, two pair, three
// of a kind, straight, flush, full house, four of a kind or straight flush;
// a royal flush is a straight flush; the ace plays high or low in a
// straight, so A-2-3-4-5 and 10-J-Q-K-A are straights and Q-K-A-2-3 is
// not. It is meant for cards from one deck: given repeated cards, five of
// a kind counts as four of a kind, and a hand with a repeated rank is
// classed by its ranks alone, never as a flush.
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

// pokerProbs is defined for one deck only: a shoe's repeated cards make
// hands one deck cannot, such as five of a kind. The first call classifies
// every one of the C(52,5) hands with pokerOutcome and keeps the nine
// counts; they are the published ones (Wikipedia, "Poker probability"),
// from 1,302,540 high-card hands to 40 straight flushes.
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

// The baccarat outcomes: the indices of Baccarat.Outcomes.
const (
	playerWins = iota
	bankerWins
	tie
	baccaratOutcomes
)

// Baccarat is the winner of the first coup of punto banco from the shoe, by
// the standard tableau, no card burned: player, banker or tie.
//
// Outcome reads the 4 to 6 cards the coup uses (Uses) in constant time;
// Probs is exact for 1 to 2²⁰ decks, about 1 ms a call.
var Baccarat = Game{
	Name:     "baccarat",
	Outcomes: []string{"player", "banker", "tie"},
	Cards:    6,
	Outcome:  baccaratOutcome,
	Uses:     baccaratUses,
	Probs:    baccaratProbs,
}

// baccaratValue is the value of a card of each rank, ace first.
var baccaratValue = [13]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0}

// bankerDraws reports whether the banker, on a two-card total of banker (no
// natural on either side), draws a third card; third is the value of the
// player's third card, or −1 if the player stood.
func bankerDraws(banker, third int) bool {
	switch {
	case third < 0:
		return banker <= 5
	case banker <= 2:
		return true
	case banker == 3:
		return third != 8
	case banker == 4:
		return 2 <= third && third <= 7
	case banker == 5:
		return 4 <= third && third <= 7
	case banker == 6:
		return third == 6 || third == 7
	}
	return false
}

// baccaratResult compares the final totals.
func baccaratResult(player, banker int) int {
	switch {
	case player > banker:
		return playerWins
	case banker > player:
		return bankerWins
	}
	return tie
}

// baccaratOutcome plays the coup dealt from the top of the shoe, with no
// card burned, reading only the cards it uses (baccaratUses). The cards go to the player, the banker, the
// player and the banker; then the player's third card if the player draws,
// then the banker's third card if the banker draws (the next card, whether
// or not the player drew). Aces count 1, twos to nines their face value,
// tens and faces 0, and a hand's total is its sum mod 10; the higher total
// wins.
//
// The drawing rules are the standard tableau (as set out, for one, at
// https://mathproblems.info/gambling/baccarat.html): a natural, a
// two-card 8 or 9 in either hand, ends the coup; otherwise the player
// draws on 0–5 and stands on 6–7. If the player stood, the banker draws on
// 0–5; if the player drew, the banker draws on 0–2, on 3 unless the
// player's third card is an 8, on 4 if it is 2–7, on 5 if it is 4–7, on 6
// if it is 6–7, and stands on 7.
func baccaratOutcome(cards []int) int {
	v := func(i int) int { return baccaratValue[cards[i]%13] }
	player := (v(0) + v(2)) % 10
	banker := (v(1) + v(3)) % 10
	if player >= 8 || banker >= 8 {
		return baccaratResult(player, banker)
	}
	next, third := 4, -1
	if player <= 5 {
		third = v(next)
		player = (player + third) % 10
		next++
	}
	if bankerDraws(banker, third) {
		banker = (banker + v(next)) % 10
	}
	return baccaratResult(player, banker)
}

// baccaratUses says how many cards the coup that cards begin uses, by the
// tableau of baccaratOutcome: 4 when either hand is a natural or both
// stand, 5 when one hand draws, 6 when both do; before the first four
// cards, 4 to 6, and before the player's third card, 5 or 6.
func baccaratUses(cards []int) (least, most int) {
	if len(cards) < 4 {
		return 4, 6
	}
	v := func(i int) int { return baccaratValue[cards[i]%13] }
	player := (v(0) + v(2)) % 10
	banker := (v(1) + v(3)) % 10
	switch {
	case player >= 8 || banker >= 8:
		return 4, 4
	case player >= 6 && bankerDraws(banker, -1):
		return 5, 5
	case player >= 6:
		return 4, 4
	case len(cards) < 5:
		return 5, 6
	case bankerDraws(banker, v(4)):
		return 6, 6
	}
	return 5, 5
}

// maxBaccaratDecks is the most decks Baccarat.Probs takes: enough for any
// shoe, and few enough that the counts of the last two cards fit a uint64.
const maxBaccaratDecks = 1 << 20

// baccaratProbs counts every way the six cards a coup can use may be
// dealt, by card value and without replacement, in exact integers
// (math/big), and rounds each chance to float64 once; nothing is kept. For
// 6 and 8 decks the chances are the published ones, to the six digits
// published: player 0.446279 and 0.446247, banker 0.458653 and 0.458597,
// tie 0.095069 and 0.095156 (https://www.multiplayerbaccarat.com/odds.html,
// after Thorp's The Mathematics of Gambling; for 8 decks also the Wizard of
// Odds' Baccarat Appendix 3, http://wizardofodds.com/games/baccarat/appendix/3/).
func baccaratProbs(decks int) ([]float64, error) {
	counts, total, err := baccaratCounts(decks)
	if err != nil {
		return nil, err
	}
	p := make([]float64, len(counts))
	for i, n := range counts {
		p[i] = ratio(n, total)
	}
	return p, nil
}

// baccaratCounts returns, for a shoe of decks decks of N = 52·decks cards,
// how many of the N·(N−1)·…·(N−5) ways to deal its top six cards in order
// give each outcome, and that total. A coup that uses fewer than six cards
// counts once for every way to deal the cards it leaves, so the counts are
// the published "combinations" and sum to the total exactly.
//
// The first four cards are enumerated by value (10⁴ cases, each weighted by
// the ways to draw those values in turn); the player's and the banker's
// third cards add at most 10² more per case, counted in uint64 and then
// multiplied into the big totals once per case.
func baccaratCounts(decks int) (counts [baccaratOutcomes]*big.Int, total *big.Int, err error) {
	if decks < 1 || decks > maxBaccaratDecks {
		return counts, nil, fmt.Errorf("audit: game baccarat: %d decks: defined for 1 to %d decks", decks, maxBaccaratDecks)
	}
	var left [10]uint64 // cards of each value still in the shoe
	left[0] = 16 * uint64(decks)
	for v := 1; v <= 9; v++ {
		left[v] = 4 * uint64(decks)
	}
	n := 52 * uint64(decks)
	for i := range counts {
		counts[i] = new(big.Int)
	}
	// draw takes a card of value v from the shoe and returns how many
	// there were to choose from.
	draw := func(v int) uint64 { w := left[v]; left[v]--; return w }
	var w, x big.Int
	for p1 := range 10 {
		w1 := draw(p1)
		for b1 := range 10 {
			w2 := draw(b1)
			for p2 := range 10 {
				w3 := draw(p2)
				for b2 := range 10 {
					w4 := draw(b2)
					if w1 != 0 && w2 != 0 && w3 != 0 && w4 != 0 {
						tail := coupTail(&left, n-4, (p1+p2)%10, (b1+b2)%10)
						w.SetUint64(w1)
						w.Mul(&w, x.SetUint64(w2))
						w.Mul(&w, x.SetUint64(w3))
						w.Mul(&w, x.SetUint64(w4))
						for i, t := range tail {
							counts[i].Add(counts[i], x.Mul(&w, x.SetUint64(t)))
						}
					}
					left[b2]++
				}
				left[p2]++
			}
			left[b1]++
		}
		left[p1]++
	}
	total = big.NewInt(1)
	for k := range uint64(6) {
		total.Mul(total, x.SetUint64(n-k))
	}
	return counts, total, nil
}

// coupTail counts, for two-card totals player and banker and the shoe
// left (rest cards in all), the ordered ways to deal the fifth and sixth
// cards that give each outcome.
func coupTail(left *[10]uint64, rest uint64, player, banker int) (tail [baccaratOutcomes]uint64) {
	if player >= 8 || banker >= 8 {
		tail[baccaratResult(player, banker)] = rest * (rest - 1)
		return tail
	}
	if player >= 6 { // the player stands; the fifth card is the banker's, if any
		if !bankerDraws(banker, -1) {
			tail[baccaratResult(player, banker)] = rest * (rest - 1)
			return tail
		}
		for b3, w := range left {
			tail[baccaratResult(player, (banker+b3)%10)] += w * (rest - 1)
		}
		return tail
	}
	for p3 := range 10 {
		w := left[p3]
		if w == 0 {
			continue
		}
		p := (player + p3) % 10
		if !bankerDraws(banker, p3) {
			tail[baccaratResult(p, banker)] += w * (rest - 1)
			continue
		}
		left[p3]--
		for b3, w3 := range left {
			tail[baccaratResult(p, (banker+b3)%10)] += w * w3
		}
		left[p3]++
	}
	return tail
}

// usedLength says why line is not as long as g's rules say its outcome
// uses, if it is not.
func usedLength(g Game, line []int) error {
	least, most := g.Uses(line)
	if least == most && least == len(line) {
		return nil
	}
	want := strconv.Itoa(least)
	switch {
	case most == least+1:
		want += fmt.Sprintf(" or %d", most)
	case most > least:
		want += fmt.Sprintf(" to %d", most)
	}
	return fmt.Errorf("%d cards, want %s by the rules of game %s", len(line), want, g.Name)
}
