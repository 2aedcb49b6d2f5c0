package audit_test

import (
	"fmt"

	"github.com/fairshuffle/shuffle/audit"
)

// A game of one's own: do the first two cards make a pair? Outcome reads
// the two cards; Probs says how often they pair in a uniformly shuffled
// shoe: the second card is one of the 4·decks−1 cards left of the first
// card's rank, out of 52·decks−1.
func ExampleGame() {
	pair := audit.Game{
		Name:     "pair",
		Outcomes: []string{"pair", "no pair"},
		Cards:    2,
		Outcome: func(cards []int) int {
			if cards[0]%13 == cards[1]%13 { // same rank
				return 0
			}
			return 1
		},
		Probs: func(decks int) ([]float64, error) {
			if decks < 1 {
				return nil, fmt.Errorf("game pair: %d decks: need at least 1", decks)
			}
			left := float64(52*decks - 1)
			return []float64{float64(4*decks-1) / left, float64(48*decks) / left}, nil
		},
	}
	for _, decks := range []int{1, 8} {
		p, err := pair.Probs(decks)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%d decks: %s %.6f, %s %.6f\n", decks, pair.Outcomes[0], p[0], pair.Outcomes[1], p[1])
	}
	fmt.Println(pair.Outcomes[pair.Outcome([]int{0, 13})]) // the aces of clubs and diamonds
	_, err := pair.Probs(0)
	fmt.Println(err)
	// Output:
	// 1 decks: pair 0.058824, no pair 0.941176
	// 8 decks: pair 0.074699, no pair 0.925301
	// pair
	// game pair: 0 decks: need at least 1
}
