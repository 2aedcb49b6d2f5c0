package audit_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/fairshuffle/shuffle/audit"
)

// decksLog is a log of count decks of n cards, one a line, numbered from
// 1, shuffled by math/rand/v2 from a fixed seed.
func decksLog(count, n int) string {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for range count {
		cards := make([]string, n)
		for i, c := range r.Perm(n) {
			cards[i] = strconv.Itoa(c + 1)
		}
		b.WriteString(strings.Join(cards, " ") + "\n")
	}
	return b.String()
}

// Read a log of decks, one a line, and audit it.
func ExampleReader_Audit() {
	log := strings.NewReader(decksLog(5000, 8)) // "3 8 1 …\n5 2 7 …\n…"
	r := audit.NewReader(log, audit.ReadOptions{Name: "decks.txt"})
	rep, err := r.Audit(audit.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Decks, "decks of", rep.N, "cards:", rep.Verdict)
	// Output:
	// 5000 decks of 8 cards: pass
}

// A bad line is an *audit.LineError: where it is, and what is wrong.
func ExampleLineError() {
	log := strings.NewReader("AS KS QS JS\nAS AS QS JS\n")
	_, err := audit.NewReader(log, audit.ReadOptions{Name: "deals.txt", Deck: 52}).Audit(audit.Options{})
	var bad *audit.LineError
	if errors.As(err, &bad) {
		fmt.Println(bad.Name, bad.Line, bad.Err)
	}
	// Output:
	// deals.txt 2 card AS is there twice (numbers 1 and 2 on the line)
}

// A partial deal whose lines never hold card 0 or card n does not say
// whether its numbers count from 0 or from 1: ReadOptions.Base says it.
func ExampleReadOptions_base() {
	for _, base := range []audit.Base{audit.FromZero, audit.FromOne} {
		r := audit.NewReader(strings.NewReader("13 26\n1 12\n"), audit.ReadOptions{Deck: 52, Base: base})
		deal, err := r.Next()
		if err != nil {
			panic(err)
		}
		fmt.Println(r.Card(deal[0]), "is", audit.StandardCards()[deal[0]])
	}
	// Output:
	// 13 is AD
	// 13 is KC
}
