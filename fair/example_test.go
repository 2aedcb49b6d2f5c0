package fair_test

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/fairshuffle/shuffle"
	"github.com/fairshuffle/shuffle/fair"
)

// The protocol's test vector: the house commits to its seed, deals from the
// player's seed at nonce 0, reveals the seed, and anyone re-derives the deck.
func Example() {
	serverSeed := make([]byte, 32) // fair.NewServerSeed() in a real game
	for i := range serverSeed {
		serverSeed[i] = byte(i)
	}
	commitment := fair.Commit(serverSeed) // published before the players choose their seeds
	deck, err := fair.Deal(serverSeed, []string{"alice"}, 0, 52)
	if err != nil {
		panic(err)
	}
	fmt.Println(commitment)
	fmt.Println(fair.Label(deck[0]), fair.Label(deck[1]), fair.Label(deck[2])) // the top three cards
	fmt.Println(fair.Verify(commitment, serverSeed, []string{"alice"}, 0, deck))
	// Output:
	// 630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd
	// 8H 4S 7S
	// <nil>
}

// A game server's rounds: the session deals the rounds of each set of
// client seeds at nonces 0, 1, 2, …, and the transcripts verify once the
// seed is revealed.
func ExampleSession() {
	s := fair.NewSession()
	fmt.Println(len(s.Commitment()), "hex digits published")
	var rounds []*fair.Transcript
	for _, player := range []string{"alice", "bob", "alice"} {
		t, err := s.Deal([]string{player, "table 7"}, 52)
		if err != nil {
			panic(err)
		}
		rounds = append(rounds, t)
	}
	seed := s.Reveal()
	for _, t := range rounds {
		t.ServerSeed = seed
		fmt.Println(t.ClientSeeds[0], "nonce", t.Nonce, t.Verify())
	}
	_, err := s.Deal([]string{"carol"}, 52)
	fmt.Println(err)
	// Output:
	// 64 hex digits published
	// alice nonce 0 <nil>
	// bob nonce 0 <nil>
	// alice nonce 1 <nil>
	// fair: the session's server seed is revealed: start a new session
}

// A round's words seat the players through the shuffle package: an order
// anyone can re-derive after the reveal. It takes a nonce of its own, so
// that it shares no word with a deal.
func ExampleNewSource() {
	serverSeed := make([]byte, 32)
	src, err := fair.NewSource(serverSeed, []string{"alice", "bob", "carol"}, 1000, 3)
	if err != nil {
		panic(err)
	}
	seats := []string{"alice", "bob", "carol"}
	shuffle.Slice(shuffle.NewFisherYates(src), seats)
	fmt.Println(seats)
	// Output: [alice carol bob]
}

// A revealed transcript, as the house publishes it and as cmd/fairdeal
// verify reads it.
func ExampleTranscript() {
	in := `{"version":1,
	"commitment":"630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",
	"server_seed":"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	"client_seeds":["alice"],"nonce":"0","n":52,
	"deck":[33,42,45,7,51,15,21,0,4,3,6,34,46,29,22,25,5,27,31,37,36,50,48,28,26,10,41,19,30,49,35,38,47,43,24,2,32,16,9,17,14,1,44,11,39,40,13,23,12,20,18,8]}`
	var t fair.Transcript
	if err := json.Unmarshal([]byte(in), &t); err != nil {
		panic(err)
	}
	fmt.Println(t.Verify())
	t.Deck[0], t.Deck[1] = t.Deck[1], t.Deck[0]
	fmt.Println(strings.ReplaceAll(t.Verify().Error(), "; ", ";\n"))
	// Output:
	// <nil>
	// fair: deck differs from the deal at 2 of its 52 places;
	// first at place 0: the deck has 42 (4S), the deal 33 (8H)
}
