package audit_test

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

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

// A game's test gives each outcome's count beside the count a uniform
// shuffle gives on average: here poker hands, the first five cards of
// 20,000 fairly shuffled decks.
func ExampleTest_outcomes() {
	r := rand.New(rand.NewPCG(1, 2))
	a := audit.New(52, audit.Options{Dealt: 5, Games: []audit.Game{audit.Poker}})
	deck := make([]int, 52)
	for range 20000 {
		for i := range deck {
			deck[i] = i
		}
		r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		if err := a.Add(deck[:5]); err != nil {
			panic(err)
		}
	}
	t, _ := a.Report().Test("poker")
	for i, o := range t.Outcomes[:4] {
		fmt.Printf("%-15s %6d %9.1f\n", o, t.Observed[i], t.Expected[i])
	}
	fmt.Println(t.Pass)
	// Output:
	// high card        10024   10023.5
	// one pair          8495    8451.4
	// two pair           935     950.8
	// three of a kind    417     422.6
	// true
}

// A baccarat log of the cards each coup uses, 4, 5 or 6: the reader checks
// each line's length against the tableau and audits the log with
// Options.Used, every test but baccarat's on the first 4 cards.
func ExampleOptions_used() {
	fmt.Println(audit.Baccarat.Uses(nil))
	log := strings.NewReader("4C 8D 5H KS\n10C 3D 2H KS 9C 5D\nQC 4D 6H AS 3C\n10C 3D 2H KS\n")
	r := audit.NewReader(log, audit.ReadOptions{Name: "coups.txt", Deck: 416, Games: []audit.Game{audit.Baccarat}})
	for {
		coup, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(len(coup), "cards:", audit.Baccarat.Outcomes[audit.Baccarat.Outcome(coup)])
	}
	o := r.Options(audit.Options{})
	fmt.Println(o.Used, o.Dealt)
	// Output:
	// 4 6
	// 4 cards: player
	// 6 cards: banker
	// 5 cards: banker
	// coups.txt: line 4: 4 cards, want 5 or 6 by the rules of game baccarat
	// true 4
}
