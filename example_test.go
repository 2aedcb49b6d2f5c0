package shuffle_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/fairshuffle/shuffle"
)

// newDeck returns the 52 cards, ranks within suits.
func newDeck() []string {
	var deck []string
	for _, suit := range []string{"♠", "♥", "♦", "♣"} {
		for _, rank := range []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"} {
			deck = append(deck, rank+suit)
		}
	}
	return deck
}

// With the default source every run deals differently; the default source
// is safe to use from many goroutines at once.
func ExampleFisherYates() {
	deck := newDeck()
	shuffle.FisherYates(deck)
	fmt.Println(len(deck), "cards, every one still there:", slices.Equal(sorted(deck), sorted(newDeck())))
	// Output: 52 cards, every one still there: true
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// A seeded source makes a shuffle reproducible: the same seed gives the
// same order on every machine and in every release.
func ExampleNewFisherYates() {
	deck := []string{"A♠", "K♠", "Q♠", "J♠", "10♠"}
	sh := shuffle.NewFisherYates(rand.NewPCG(2026, 11))
	shuffle.Slice(sh, deck)
	fmt.Println(deck)
	// Output:
	// [Q♠ 10♠ A♠ J♠ K♠]
}

// Dealing: shuffle once, then hand out cards from the top.
func Example_deal() {
	deck := newDeck()
	shuffle.Slice(shuffle.NewFisherYates(rand.NewPCG(7, 7)), deck)
	for _, player := range []string{"North", "East", "South", "West"} {
		hand := deck[:5]
		deck = deck[5:]
		fmt.Printf("%-5s %s\n", player, strings.Join(hand, " "))
	}
	fmt.Println(len(deck), "cards left")
	// Output:
	// North Q♥ J♥ 8♥ 4♦ 7♦
	// East  Q♣ 9♥ Q♦ J♠ 5♥
	// South A♣ 3♥ 6♥ 5♠ 3♦
	// West  5♣ Q♠ 2♠ A♦ 3♣
	// 32 cards left
}

// Any Shuffler works with Slice, including a *rand.Rand; the package's own
// shufflers take a generic loop with no swap closure.
func ExampleSlice() {
	a := []int{1, 2, 3, 4, 5, 6, 7, 8}
	b := slices.Clone(a)
	shuffle.Slice(rand.New(rand.NewPCG(1, 2)), a)
	shuffle.Slice(shuffle.NewDurstenfeld(rand.NewPCG(1, 2)), b)
	fmt.Println(a)
	fmt.Println(b, "(durstenfeld draws exactly as math/rand/v2 does)")
	// Output:
	// [3 2 6 8 4 7 5 1]
	// [3 2 6 8 4 7 5 1] (durstenfeld draws exactly as math/rand/v2 does)
}

// A Shuffler shuffles anything indexable through a swap function, here two
// slices kept in step.
func ExampleShuffler() {
	names := []string{"ann", "bob", "cy", "dee"}
	ages := []int{31, 42, 27, 55}
	var sh shuffle.Shuffler = shuffle.NewInsideOut(rand.NewPCG(3, 4))
	sh.Shuffle(len(names), func(i, j int) {
		names[i], names[j] = names[j], names[i]
		ages[i], ages[j] = ages[j], ages[i]
	})
	for i := range names {
		fmt.Println(names[i], ages[i])
	}
	// Output:
	// bob 42
	// dee 55
	// cy 27
	// ann 31
}

// One riffle cuts the deck in two and interleaves the halves, so the cards
// of each half keep their order: the result is two rising sequences woven
// together. Seven riffles bring 52 cards close to random, but never exactly.
func ExampleNewRiffle() {
	deck := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	shuffle.Slice(shuffle.NewRiffle(rand.NewPCG(8, 8), 1), deck)
	fmt.Println(deck)
	// Output:
	// [1 6 2 7 8 3 9 4 10 5]
}

// Collect shuffles a stream of unknown length in one pass.
func ExampleCollect() {
	words := strings.Fields("the quick brown fox jumps over the lazy dog")
	got := shuffle.Collect(rand.NewPCG(9, 9), slices.Values(words))
	fmt.Println(got)
	// Output:
	// [quick over fox brown the jumps the dog lazy]
}

// Shuffled leaves its input alone.
func ExampleShuffled() {
	playlist := []string{"intro", "verse", "chorus", "bridge", "outro"}
	party := shuffle.Shuffled(rand.NewPCG(1, 1), playlist)
	fmt.Println(playlist)
	fmt.Println(party)
	// Output:
	// [intro verse chorus bridge outro]
	// [bridge intro verse chorus outro]
}

// The naive shuffle swaps every position with any position. Its 27 equally
// likely paths for 3 cards cannot fall evenly on 6 orders: 123, 312 and 321
// get 4 paths each, the others 5. Sampling shows it; the fair shuffle gives
// every order 1/6 ≈ 16.7%.
func ExampleNaive() {
	const trials = 600_000
	count := func(sh shuffle.Shuffler) map[string]int {
		c := map[string]int{}
		for range trials {
			s := []int{1, 2, 3}
			shuffle.Slice(sh, s)
			c[fmt.Sprintf("%d%d%d", s[0], s[1], s[2])]++
		}
		return c
	}
	naive := count(shuffle.NewNaive(rand.NewPCG(1, 1)))
	fair := count(shuffle.NewFisherYates(rand.NewPCG(1, 1)))
	fmt.Println("order  naive  fisher-yates  exact naive")
	for _, order := range []string{"123", "132", "213", "231", "312", "321"} {
		exact := "5/27 = 18.5%"
		if order == "123" || order == "312" || order == "321" {
			exact = "4/27 = 14.8%"
		}
		fmt.Printf("%s   %4.1f%%  %4.1f%%         %s\n", order,
			100*float64(naive[order])/trials, 100*float64(fair[order])/trials, exact)
	}
	// Output:
	// order  naive  fisher-yates  exact naive
	// 123   14.9%  16.6%         4/27 = 14.8%
	// 132   18.5%  16.6%         5/27 = 18.5%
	// 213   18.5%  16.7%         5/27 = 18.5%
	// 231   18.5%  16.8%         5/27 = 18.5%
	// 312   14.8%  16.6%         4/27 = 14.8%
	// 321   14.8%  16.6%         4/27 = 14.8%
}

// A perfect out-faro is no shuffle at all: eight of them restore the deck.
func ExampleFaro() {
	deck := newDeck()
	for k := 1; k <= 8; k++ {
		shuffle.Faro(deck, true)
		fmt.Println(k, strings.Join(deck[:6], " "))
	}
	// Output:
	// 1 A♠ A♦ 2♠ 2♦ 3♠ 3♦
	// 2 A♠ A♥ A♦ A♣ 2♠ 2♥
	// 3 A♠ 7♦ A♥ 7♣ A♦ 8♠
	// 4 A♠ 4♥ 7♦ 10♣ A♥ 4♦
	// 5 A♠ 9♠ 4♥ Q♥ 7♦ 2♣
	// 6 A♠ 5♠ 9♠ K♠ 4♥ 8♥
	// 7 A♠ 3♠ 5♠ 7♠ 9♠ J♠
	// 8 A♠ 2♠ 3♠ 4♠ 5♠ 6♠
}

// How many bits of randomness does a deal need, and which generators have
// them?
func ExampleLog2Factorial() {
	fmt.Printf("52 cards: %.2f bits\n", shuffle.Log2Factorial(52))
	for _, g := range []struct {
		name string
		bits float64
	}{{"ms since midnight", 26.4}, {"PCG", 128}, {"ChaCha8", 256}} {
		n := 1
		for shuffle.Log2Factorial(n+1) <= g.bits {
			n++
		}
		fmt.Printf("%-17s (%3.0f bits) reaches every order of at most %d items\n", g.name, g.bits, n)
	}
	// Output:
	// 52 cards: 225.58 bits
	// ms since midnight ( 26 bits) reaches every order of at most 11 items
	// PCG               (128 bits) reaches every order of at most 34 items
	// ChaCha8           (256 bits) reaches every order of at most 57 items
}

// The registry drives tests, benchmarks and tools.
func ExampleAlgorithms() {
	for _, a := range shuffle.Algorithms() {
		verdict := "biased"
		if a.Uniform {
			verdict = "uniform"
		}
		fmt.Printf("%-15s %-8s %s\n", a.Name, verdict, a.Time)
	}
	// Output:
	// fisher-yates    uniform  O(n)
	// durstenfeld     uniform  O(n)
	// forward         uniform  O(n)
	// draw            uniform  O(n log n)
	// inside-out      uniform  O(n)
	// rejection       uniform  O(n log n) expected
	// naive           biased   O(n)
	// insertion       biased   O(n²)
	// transpositions  biased   O(n log n)
	// cut             biased   O(n)
	// overhand        biased   O(n) per round
	// riffle          biased   O(n) per round
}

// For a casino: every deal from the operating system's secure generator.
func ExampleNewCryptoSource() {
	sh := shuffle.NewFisherYates(shuffle.NewCryptoSource())
	deck := newDeck()
	shuffle.Slice(sh, deck)
	fmt.Println(len(deck))
	// Output: 52
}

// Parallel shuffles a large slice on several goroutines, and the order
// depends on the seed alone: any number of workers gives exactly the order
// FisherYates gives on one.
func ExampleParallel() {
	const n = 1<<23 + 7 // large enough for the cache-aware, parallel path
	a, b := make([]int32, n), make([]int32, n)
	for i := range a {
		a[i], b[i] = int32(i), int32(i)
	}
	shuffle.Parallel(rand.NewPCG(4, 2), a, 4)
	shuffle.Slice(shuffle.NewFisherYates(rand.NewPCG(4, 2)), b)
	fmt.Println(slices.Equal(a, b), a[:5])
	// Output: true [3286373 7486767 4608722 5678933 5840866]
}

// The prize pool of reference 001: 54 cards where a card from [1,10] is
// drawn with probability 40%, [11,20] 20%, [21,30] 20%, [31,40] 15% and
// [41,54] 5%. Each card's weight is its group's share divided by the
// group's size; an Alias then draws in constant time.
func ExampleNewAlias() {
	groups := []struct {
		lo, hi int
		share  float64
	}{{1, 10, 0.40}, {11, 20, 0.20}, {21, 30, 0.20}, {31, 40, 0.15}, {41, 54, 0.05}}
	weights := make([]float64, 54) // weights[c-1] is card c's
	for _, g := range groups {
		for c := g.lo; c <= g.hi; c++ {
			weights[c-1] = g.share / float64(g.hi-g.lo+1)
		}
	}
	pool, err := shuffle.NewAlias(rand.NewPCG(2026, 1), weights)
	if err != nil {
		panic(err)
	}
	const draws = 1_000_000
	counts := make([]int, len(groups))
	for range draws {
		card := pool.Pick() + 1
		for i, g := range groups {
			if card >= g.lo && card <= g.hi {
				counts[i]++
			}
		}
	}
	for i, g := range groups {
		fmt.Printf("[%d,%d] %4.1f%% (want %2.0f%%)\n", g.lo, g.hi, 100*float64(counts[i])/draws, 100*g.share)
	}
	// Output:
	// [1,10] 40.0% (want 40%)
	// [11,20] 20.1% (want 20%)
	// [21,30] 20.0% (want 20%)
	// [31,40] 15.0% (want 15%)
	// [41,54]  5.0% (want  5%)
}

// Dealing a hand needs only as many draws as cards dealt.
func ExamplePartial() {
	deck := newDeck()
	shuffle.Partial(rand.NewPCG(3, 3), deck, 5)
	fmt.Println(deck[:5])
	// Output:
	// [2♥ Q♥ 3♠ 8♦ 4♠]
}

// A fair sample of 3 lines from a stream of unknown length.
func ExampleReservoir() {
	lines := strings.Fields("alpha beta gamma delta epsilon zeta eta theta iota kappa")
	fmt.Println(shuffle.Reservoir(rand.NewPCG(4, 4), slices.Values(lines), 3))
	// Output:
	// [theta delta alpha]
}

// A raffle where some tickets weigh more: three winners, drawn one after
// another without replacement.
func ExampleWeightedSample() {
	names := []string{"ann", "bob", "cy", "dee", "eve"}
	tickets := []float64{1, 5, 2, 0, 2} // dee bought none
	winners, err := shuffle.WeightedSample(rand.NewPCG(5, 5), tickets, 3)
	if err != nil {
		panic(err)
	}
	var got []string
	for _, i := range winners {
		got = append(got, names[i])
	}
	fmt.Println(strings.Join(got, ", "))
	_, err = shuffle.WeightedSample(nil, []float64{1, -2}, 1)
	fmt.Println(err)
	// Output:
	// bob, ann, cy
	// shuffle: WeightedSample: weight 1 is -2; weights must be finite and not negative
}

// How many riffles make a deck fair? The total variation distance to a
// uniform deck, and the separation distance, after k riffles of 52 cards.
func ExampleRiffleDistance() {
	fmt.Println("riffles  TV     separation")
	for k := 4; k <= 12; k++ {
		fmt.Printf("%-8d %.3f  %.3f\n", k, shuffle.RiffleDistance(52, k), shuffle.RiffleSeparation(52, k))
	}
	// Output:
	// riffles  TV     separation
	// 4        1.000  1.000
	// 5        0.924  1.000
	// 6        0.614  1.000
	// 7        0.334  1.000
	// 8        0.167  0.996
	// 9        0.085  0.932
	// 10       0.043  0.732
	// 11       0.022  0.479
	// 12       0.011  0.278
}
