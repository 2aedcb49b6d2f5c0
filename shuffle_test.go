package shuffle

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fairNames and biasedNames are the registry's names, uniform and not, in
// its order; issue #2 fixes them and they may never change.
var (
	fairNames   = []string{"fisher-yates", "durstenfeld", "forward", "draw", "inside-out", "rejection"}
	biasedNames = []string{"naive", "insertion", "transpositions", "cut", "overhand", "riffle"}
)

// registryNames are all the names, in the registry's order.
var registryNames = append(slices.Clip(fairNames), biasedNames...)

// topLevel maps each registry name to its default-source function.
var topLevel = map[string]func([]int){
	"fisher-yates":   FisherYates[[]int],
	"durstenfeld":    Durstenfeld[[]int],
	"forward":        Forward[[]int],
	"draw":           Draw[[]int],
	"inside-out":     InsideOut[[]int],
	"rejection":      Rejection[[]int],
	"naive":          Naive[[]int],
	"insertion":      Insertion[[]int],
	"transpositions": Transpositions[[]int],
	"cut":            Cut[[]int],
	"overhand":       Overhand[[]int],
	"riffle":         Riffle[[]int],
}

func ordered(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// swapShuffle shuffles s through sh's Shuffle method, never through Slice.
func swapShuffle[E any](sh Shuffler, s []E) {
	sh.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}

// noSource fails the test if anything draws from it.
type noSource struct{ t *testing.T }

func (s noSource) Uint64() uint64 {
	s.t.Helper()
	s.t.Fatal("drew from the source")
	return 0
}

// countSource counts the words drawn from a PCG.
type countSource struct {
	pcg   rand.PCG
	words int
}

func (c *countSource) Uint64() uint64 { c.words++; return c.pcg.Uint64() }

func TestRegistry(t *testing.T) {
	algs := Algorithms()
	var names []string
	for _, a := range algs {
		names = append(names, a.Name)
		assert.NotEmpty(t, a.Summary, a.Name)
		assert.NotEmpty(t, a.Time, a.Name)
		require.NotNil(t, a.New, a.Name)
		sh := a.New(nil)
		assert.Equal(t, a.Name, fmt.Sprint(sh), "String of the default shuffler")
		got, ok := Lookup(a.Name)
		assert.True(t, ok)
		assert.Equal(t, a.Name, got.Name)
		repeated := a.Rounds != nil
		assert.Equal(t, repeated, a.NewRounds != nil, "%s: NewRounds", a.Name)
		if repeated {
			assert.Equal(t, a.Name+"(3)", fmt.Sprint(a.NewRounds(nil, 3)))
		}
	}
	assert.Equal(t, registryNames, names)
	uniform := map[string]bool{}
	for _, a := range algs {
		uniform[a.Name] = a.Uniform
	}
	for _, name := range fairNames {
		assert.True(t, uniform[name], name)
	}
	for _, name := range biasedNames {
		assert.False(t, uniform[name], name)
	}
	_, ok := Lookup("bogo")
	assert.False(t, ok)

	// The caller owns the slice.
	algs[0].Name = "changed"
	assert.Equal(t, "fisher-yates", Algorithms()[0].Name)
}

type card struct {
	suit string
	rank int
}

// checkPerm shuffles iota-derived slices of int, string and struct through
// Slice and through Shuffle and checks that nothing is lost or duplicated.
func checkPerm(t *testing.T, sh func() Shuffler, n int) {
	t.Helper()
	ints := ordered(n)
	Slice(sh(), ints)
	assert.ElementsMatch(t, ordered(n), ints, "ints, n=%d", n)

	strs := make([]string, n)
	for i := range strs {
		strs[i] = strconv.Itoa(i)
	}
	want := slices.Clone(strs)
	Slice(sh(), strs)
	assert.ElementsMatch(t, want, strs, "strings, n=%d", n)

	cards := make([]card, n)
	for i := range cards {
		cards[i] = card{"♠♥♦♣"[i%4 : i%4+1], i}
	}
	wantCards := slices.Clone(cards)
	swapShuffle(sh(), cards)
	assert.ElementsMatch(t, wantCards, cards, "structs via Shuffle, n=%d", n)
}

func TestPermutation(t *testing.T) {
	t.Parallel()
	for _, a := range testedAlgorithms() {
		t.Run(a.Name, func(t *testing.T) {
			seed := uint64(0)
			for n := 0; n <= 70; n++ {
				seed++
				checkPerm(t, func() Shuffler { return a.New(rand.NewPCG(seed, 7)) }, n)
				checkPerm(t, func() Shuffler { return a.New(rand.NewChaCha8([32]byte{byte(seed)})) }, n)
				checkPerm(t, func() Shuffler { return a.New(nil) }, n)
				if top, ok := topLevel[a.Name]; ok { // none for a test's own algorithm
					s := ordered(n)
					top(s)
					assert.ElementsMatch(t, ordered(n), s)
				}
			}
		})
	}
}

// TestSliceMatchesShuffle pins that the generic slice loop and the swap
// method of every algorithm consume the same draws and give the same order.
func TestSliceMatchesShuffle(t *testing.T) {
	for _, a := range testedAlgorithms() {
		for _, n := range []int{2, 3, 10, 52, 100, 1000} {
			s1, s2 := ordered(n), ordered(n)
			src1, src2 := &countSource{pcg: *rand.NewPCG(3, uint64(n))}, &countSource{pcg: *rand.NewPCG(3, uint64(n))}
			Slice(a.New(src1), s1)
			swapShuffle(a.New(src2), s2)
			assert.Equal(t, s1, s2, "%s n=%d", a.Name, n)
			assert.Equal(t, src1.words, src2.words, "%s n=%d: words drawn", a.Name, n)
		}
	}
}

// TestShuffleDefaultSource runs each uniform algorithm's Shuffle method
// with the default source (nil), whose words no test can choose: the result
// must be an order of the items and not the one it started from (for 100
// items a uniform shuffle leaves them all in place with probability 1/100!,
// about 10⁻¹⁵⁸, so the verdict is the same every run; a biased one, such as
// a single cut, may not move them at all).
func TestShuffleDefaultSource(t *testing.T) {
	for _, a := range Algorithms() {
		if !a.Uniform {
			continue
		}
		s := ordered(100)
		a.New(nil).Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
		assert.ElementsMatch(t, ordered(100), s, a.Name)
		assert.NotEqual(t, ordered(100), s, "%s: Shuffle with the default source left the order as it was", a.Name)
	}
}

func TestEmptyAndSingleDrawNothing(t *testing.T) {
	src := noSource{t}
	for _, a := range Algorithms() {
		sh := a.New(src)
		var nilSlice []int
		Slice(sh, nilSlice)
		Slice(sh, []int{})
		one := []string{"x"}
		Slice(sh, one)
		assert.Equal(t, []string{"x"}, one)
		sh.Shuffle(0, func(i, j int) { t.Fatal("swap called") })
		sh.Shuffle(1, func(i, j int) { t.Fatal("swap called") })
		// The default-source functions cannot be watched; they must at
		// least accept nil.
		topLevel[a.Name](nil)
		if a.NewRounds != nil {
			Slice(a.NewRounds(src, 5), []int{1})
		}
	}
	assert.Nil(t, Shuffled(src, []int(nil)))
	assert.Equal(t, []int{}, Shuffled(src, []int{}))
	assert.Equal(t, []int{4}, Shuffled(src, []int{4}))
	assert.Nil(t, Collect(src, slices.Values([]int(nil))))
	assert.Equal(t, []int{4}, Collect(src, slices.Values([]int{4})))
	Faro([]int(nil), true)
	Faro([]int{1}, false)
}

// zeroEvery is a PCG whose first word and every k-th after it is 0 (k ≥ 2),
// so the very first draw, with a bound that is no power of two for n = 3,
// 10, 52 and 1000, is rejected at least once. A zero word makes the low
// half of x·n zero, below 2⁶⁴ mod n for every n that is not a power of two,
// so it forces the rejection branch of the bounded draw, which an honest
// source reaches with probability n/2⁶⁴.
type zeroEvery struct {
	pcg  rand.PCG
	k, i int
}

func (z *zeroEvery) Uint64() uint64 {
	z.i++
	if z.i%z.k == 1 {
		return 0
	}
	return z.pcg.Uint64()
}

func TestDurstenfeldRejection(t *testing.T) {
	for _, k := range []int{2, 3, 7} {
		for _, n := range []int{3, 10, 52, 1000} {
			ours := &zeroEvery{pcg: *rand.NewPCG(9, uint64(n)), k: k}
			theirs := &zeroEvery{pcg: *rand.NewPCG(9, uint64(n)), k: k}
			got, want := ordered(n), ordered(n)
			Slice(NewDurstenfeld(ours), got)
			rand.New(theirs).Shuffle(n, func(i, j int) { want[i], want[j] = want[j], want[i] })
			require.Equal(t, want, got, "k=%d n=%d", k, n)
			require.Equal(t, theirs.i, ours.i, "k=%d n=%d: words drawn", k, n)
			require.Greater(t, ours.i, n-1, "k=%d n=%d: some draws were rejected", k, n)
		}
	}
}

func TestDurstenfeldMatchesMathRand(t *testing.T) {
	s := []int{0, 1, 2, 3, 4}
	Slice(NewDurstenfeld(rand.NewPCG(1, 2)), s)
	assert.Equal(t, []int{1, 4, 2, 0, 3}, s, "rand.New(rand.NewPCG(1, 2)).Perm(5)")

	sources := map[string]func(seed uint64) (rand.Source, rand.Source){
		"PCG": func(seed uint64) (rand.Source, rand.Source) {
			return rand.NewPCG(seed, seed^0x9e37), rand.NewPCG(seed, seed^0x9e37)
		},
		"ChaCha8": func(seed uint64) (rand.Source, rand.Source) {
			var k [32]byte
			k[0], k[31] = byte(seed), byte(seed>>8)
			return rand.NewChaCha8(k), rand.NewChaCha8(k)
		},
	}
	for name, mk := range sources {
		for seed := uint64(0); seed < 20; seed++ {
			for _, n := range []int{2, 3, 4, 5, 8, 13, 52, 64, 1000, 65537} {
				ours, theirs := mk(seed)
				got, want := ordered(n), ordered(n)
				Slice(NewDurstenfeld(ours), got)
				rand.New(theirs).Shuffle(n, func(i, j int) { want[i], want[j] = want[j], want[i] })
				require.Equal(t, want, got, "%s seed=%d n=%d", name, seed, n)
				// Both sources must also be left in the same state.
				require.Equal(t, theirs.Uint64(), ours.Uint64(), "%s seed=%d n=%d: next word", name, seed, n)
			}
		}
	}
}

// golden pins, for every algorithm, the order of ordered(10) and a hash of the
// order of ordered(1000) with PCG(1, 2). A change here changes what every
// seeded user sees: it needs a release note, not a test update.
var golden = map[string]struct {
	ten  []int
	hash uint64
}{
	"fisher-yates":   {[]int{5, 0, 9, 2, 4, 3, 8, 1, 6, 7}, 0x40e4bd07195bb879},
	"durstenfeld":    {[]int{4, 2, 3, 6, 9, 1, 8, 0, 5, 7}, 0x8736d819be2eb24d},
	"forward":        {[]int{7, 6, 2, 8, 5, 4, 0, 3, 9, 1}, 0x9237fc9a819a5bf3},
	"draw":           {[]int{7, 5, 0, 8, 2, 1, 4, 6, 9, 3}, 0x63946e8447fe2add},
	"inside-out":     {[]int{6, 9, 0, 4, 8, 2, 3, 5, 1, 7}, 0x7d9d4ea629e9f7},
	"rejection":      {[]int{7, 6, 2, 0, 4, 1, 9, 3, 5, 8}, 0x3a65f0424fd21af5},
	"naive":          {[]int{5, 9, 4, 2, 3, 7, 0, 1, 6, 8}, 0x2ad8b7ca53b74889},
	"insertion":      {[]int{7, 4, 5, 0, 1, 6, 8, 9, 2, 3}, 0xd1c63f1898e2df5d},
	"transpositions": {[]int{9, 7, 4, 2, 6, 5, 1, 8, 3, 0}, 0xc840e6b6728c1d0f},
	"cut":            {[]int{7, 8, 9, 0, 1, 2, 3, 4, 5, 6}, 0x814314a5ad73443},
	"overhand":       {[]int{5, 7, 4, 2, 1, 3, 0, 8, 6, 9}, 0xe001a8b7ea10644d},
	"riffle":         {[]int{9, 2, 0, 6, 8, 7, 5, 4, 1, 3}, 0x7f2b9bb81fd255ed},
}

func hashInts(s []int) uint64 {
	h := fnv.New64a()
	for _, v := range s {
		fmt.Fprintf(h, "%d,", v)
	}
	return h.Sum64()
}

func TestGolden(t *testing.T) {
	for _, a := range Algorithms() {
		g, ok := golden[a.Name]
		require.True(t, ok, "no golden output for %s", a.Name)
		s := ordered(10)
		Slice(a.New(rand.NewPCG(1, 2)), s)
		assert.Equal(t, g.ten, s, "%s: order of 10 items", a.Name)
		s = ordered(1000)
		Slice(a.New(rand.NewPCG(1, 2)), s)
		assert.Equal(t, g.hash, hashInts(s), "%s: hash of the order of 1000 items", a.Name)
	}
	// Shuffled and Collect make the same draws as InsideOut, so they give
	// the same order.
	insideOut := golden["inside-out"].ten
	assert.Equal(t, insideOut, Shuffled(rand.NewPCG(1, 2), ordered(10)), "Shuffled")
	assert.Equal(t, insideOut, Collect(rand.NewPCG(1, 2), slices.Values(ordered(10))), "Collect")
}

func TestPanics(t *testing.T) {
	assert.PanicsWithValue(t, "shuffle: NewRiffle: negative rounds", func() { NewRiffle(nil, -1) })
	assert.PanicsWithValue(t, "shuffle: NewCut: negative rounds", func() { NewCut(nil, -1) })
	assert.PanicsWithValue(t, "shuffle: NewOverhand: negative rounds", func() { NewOverhand(nil, -2) })
	assert.PanicsWithValue(t, "shuffle: NewTranspositions: negative rounds", func() { NewTranspositions(nil, -1) })
	assert.PanicsWithValue(t, "shuffle: Log2Factorial: negative n", func() { Log2Factorial(-1) })
	assert.Panics(t, func() { Slice(nil, []int{1, 2}) }, "Slice with a nil Shuffler")
	for _, a := range Algorithms() {
		assert.PanicsWithValue(t, "shuffle: Shuffle: negative n", func() {
			a.New(nil).Shuffle(-1, func(i, j int) {})
		}, a.Name)
	}
}

func TestRounds(t *testing.T) {
	sh := &shuffler{alg: algTranspositions}
	assert.Equal(t, 2, sh.roundsFor(2))
	assert.Equal(t, 206, sh.roundsFor(52), "⌈52·ln 52⌉")
	assert.Equal(t, DefaultRiffleRounds, (&shuffler{alg: algRiffle}).roundsFor(52))
	assert.Equal(t, 3, NewRiffle(nil, 3).(*shuffler).roundsFor(52))

	// One cut of n items is one of the n−1 proper rotations; twenty are
	// still rotations: the cyclic order never changes.
	for seed := range uint64(50) {
		s := ordered(9)
		Slice(NewCut(rand.NewPCG(seed, 0), 1), s)
		assert.NotEqual(t, 0, s[0], "one cut never leaves the deck as it was")
		Slice(NewCut(rand.NewPCG(seed, 1), 0), s)
		for i := range s {
			assert.Equal(t, (s[0]+i)%9, s[i])
		}
	}

	// Riffle and overhand with the words they draw: a riffle flips n coins
	// (one word for up to 64 cards) plus at most n−1 bounded draws.
	src := &countSource{pcg: *rand.NewPCG(5, 5)}
	Slice(NewRiffle(src, 1), ordered(52))
	assert.LessOrEqual(t, src.words, 1+51)
	src = &countSource{pcg: *rand.NewPCG(5, 5)}
	Slice(NewOverhand(src, 3), ordered(52))
	assert.Equal(t, 3, src.words, "three passes flip 153 coins: three words")
}

func TestFaro(t *testing.T) {
	s := []int{0, 1, 2, 3, 4, 5}
	Faro(s, true)
	assert.Equal(t, []int{0, 3, 1, 4, 2, 5}, s, "out-faro, even")
	s = []int{0, 1, 2, 3, 4, 5}
	Faro(s, false)
	assert.Equal(t, []int{3, 0, 4, 1, 5, 2}, s, "in-faro, even")
	s = []int{0, 1, 2, 3, 4}
	Faro(s, true)
	assert.Equal(t, []int{0, 3, 1, 4, 2}, s, "out-faro, odd: the top card stays")
	s = []int{0, 1, 2, 3, 4}
	Faro(s, false)
	assert.Equal(t, []int{2, 0, 3, 1, 4}, s, "in-faro, odd: the bottom card stays")

	deck := ordered(52)
	for k := 1; k <= 8; k++ {
		Faro(deck, true)
		if k < 8 {
			assert.NotEqual(t, ordered(52), deck, "restored after only %d out-faros", k)
		}
	}
	assert.Equal(t, ordered(52), deck, "eight out-faros restore 52 cards")
	for k := 1; k <= 52; k++ {
		Faro(deck, false)
		if k < 52 {
			assert.NotEqual(t, ordered(52), deck, "restored after only %d in-faros", k)
		}
	}
	assert.Equal(t, ordered(52), deck, "fifty-two in-faros restore 52 cards")
}

func TestShuffledAndCollect(t *testing.T) {
	for n := range 70 {
		in := ordered(n)
		out := Shuffled(rand.NewPCG(uint64(n), 1), in)
		assert.Equal(t, ordered(n), in, "Shuffled must not touch its input")
		assert.ElementsMatch(t, in, out)
		got := Collect(nil, slices.Values(in))
		assert.ElementsMatch(t, in, got)
	}
	// Collect reads its sequence once and stops the iteration nowhere.
	calls := 0
	seq := func(yield func(string) bool) {
		for _, v := range []string{"a", "b", "c"} {
			calls++
			if !yield(v) {
				return
			}
		}
	}
	assert.ElementsMatch(t, []string{"a", "b", "c"}, Collect(rand.NewPCG(1, 1), seq))
	assert.Equal(t, 3, calls)
}

func TestLog2Factorial(t *testing.T) {
	assert.Equal(t, 0.0, Log2Factorial(0))
	assert.Equal(t, 0.0, Log2Factorial(1))
	assert.InDelta(t, 225.58, Log2Factorial(52), 0.005)
	// Against n! computed exactly: n! = m·2^e with m in [½, 1).
	f := big.NewInt(1)
	for n := 2; n <= 1000; n++ {
		f.Mul(f, big.NewInt(int64(n)))
		m := new(big.Float)
		e := new(big.Float).SetInt(f).MantExp(m)
		mf, _ := m.Float64()
		assert.InEpsilon(t, float64(e)+math.Log2(mf), Log2Factorial(n), 1e-13, "n=%d", n)
	}
	// The entropy facts of the package doc.
	firstOver := func(bits float64) int {
		n := 1
		for Log2Factorial(n) <= bits {
			n++
		}
		return n
	}
	assert.Equal(t, 35, firstOver(128), "PCG's 128-bit state")
	assert.Equal(t, 58, firstOver(256), "ChaCha8's 256-bit seed")
	assert.Less(t, math.Log2(86_400_000), Log2Factorial(12), "a seed of ms since midnight cannot reach even 12! orders")
	// Large n in constant time: Stirling's series with three terms, in
	// Python's decimal at 50 digits, gives log2(10¹²!) =
	// 38420442097780.64208371796892658.
	if n := int64(1_000_000_000_000); math.MaxInt == math.MaxInt64 {
		assert.InEpsilon(t, 38420442097780.64208371796892658, Log2Factorial(int(n)), 1e-15)
	}
}

// TestLog2FactorialUlps holds Log2Factorial to its doc: within 5 ulps of
// log₂(n!) below 256 (the sum of logarithms), and within 3 from 256 on
// (math.Lgamma, at most 2 ulps up to 3,000 on amd64; the sum would be 5
// ulps off at 256 already), against n! in integers and its logarithm to
// 192 bits.
func TestLog2FactorialUlps(t *testing.T) {
	t.Parallel()
	f := big.NewInt(1)
	ln2 := lnBig(new(big.Float).SetPrec(192).SetInt64(2))
	for n := 2; n <= 3000; n++ {
		f.Mul(f, big.NewInt(int64(n)))
		m := new(big.Float).SetPrec(192)
		e := new(big.Float).SetPrec(192).SetInt(f).MantExp(m)
		l := lnBig(m)
		l.Quo(l, ln2).Add(l, new(big.Float).SetInt64(int64(e)))
		exact, _ := l.Float64()
		ulps := math.Abs(Log2Factorial(n)-exact) / (math.Nextafter(exact, math.Inf(1)) - exact)
		limit := 3.0
		if n < 256 {
			limit = 5
		}
		require.LessOrEqual(t, ulps, limit, "n=%d", n)
	}
}

func TestCryptoSource(t *testing.T) {
	src := NewCryptoSource()
	seen := map[uint64]bool{}
	for range 1000 {
		seen[src.Uint64()] = true
	}
	assert.Len(t, seen, 1000, "1000 words from crypto/rand are distinct")
	a, b := ordered(52), ordered(52)
	Slice(NewFisherYates(NewCryptoSource()), a)
	Slice(NewFisherYates(NewCryptoSource()), b)
	assert.ElementsMatch(t, ordered(52), a)
	assert.NotEqual(t, a, b, "two crypto shuffles of 52 cards coincide with probability 1/52!")
}

// TestDefaultSourceConcurrent shuffles from many goroutines at once with
// the default source; run with -race to check it.
func TestDefaultSourceConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	shared := NewFisherYates(nil)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				s := ordered(52 + g)
				FisherYates(s)
				Slice(shared, s)
				shared.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
				Riffle(s)
				if !assert.ElementsMatch(t, ordered(52+g), s) {
					return
				}
			}
		}()
	}
	wg.Wait()
}

// FuzzPermutation checks the permutation property for any algorithm, size
// and seed; its seed corpus runs with every go test.
func FuzzPermutation(f *testing.F) {
	for i := range registryNames {
		f.Add(uint8(i), uint16(i*7), uint64(i), uint8(0))
		f.Add(uint8(i), uint16(300+i), uint64(i)<<40, uint8(3))
	}
	f.Fuzz(func(t *testing.T, algo uint8, n uint16, seed uint64, rounds uint8) {
		algs := Algorithms()
		a := algs[int(algo)%len(algs)]
		size := int(n % 2048)
		sh := a.New(rand.NewPCG(seed, seed>>32))
		if a.NewRounds != nil {
			sh = a.NewRounds(rand.NewPCG(seed, seed>>32), int(rounds%16))
		}
		s := ordered(size)
		Slice(sh, s)
		slices.Sort(s)
		if !slices.Equal(ordered(size), s) {
			t.Fatalf("%v on %d items lost or duplicated an item", sh, size)
		}
		swapShuffle(sh, s)
		slices.Sort(s)
		if !slices.Equal(ordered(size), s) {
			t.Fatalf("%v.Shuffle on %d items lost or duplicated an item", sh, size)
		}
	})
}

// TestNoAllocs pins the documented promise that the in-place algorithms
// allocate nothing per call, through Slice, through Shuffle and by default.
func TestNoAllocs(t *testing.T) {
	s := ordered(1000)
	for _, a := range Algorithms() {
		if lookup(a.Name).shape == shapeOrder {
			continue // documented to allocate their order
		}
		sh := a.New(rand.NewPCG(1, 2))
		swap := func(i, j int) { s[i], s[j] = s[j], s[i] }
		assert.Zero(t, testing.AllocsPerRun(20, func() { Slice(sh, s) }), "%s: Slice", a.Name)
		assert.Zero(t, testing.AllocsPerRun(20, func() { sh.Shuffle(len(s), swap) }), "%s: Shuffle", a.Name)
		if top, ok := topLevel[a.Name]; ok {
			assert.Zero(t, testing.AllocsPerRun(20, func() { top(s) }), "%s: default source", a.Name)
		}
	}
}

func TestCeilNLogN(t *testing.T) {
	t.Parallel()
	assert.Equal(t, 0, ceilNLogN(1))
	assert.Equal(t, 2, ceilNLogN(2), "2·ln 2 = 1.386")
	assert.Equal(t, 206, ceilNLogN(52), "52·ln 52 = 205.46")
	assert.Equal(t, 13815511, ceilNLogN(1_000_000), "10⁶·ln 10⁶ = 13815510.56")
	for n := 2; n <= 5000; n++ {
		require.Equal(t, ceilNLogNExact(n), ceilNLogN(n), "n=%d: the float and the exact path disagree", n)
	}
	for _, n := range []int{1 << 20, 1<<31 - 1, int(min(1<<40, math.MaxInt))} {
		assert.Equal(t, ceilNLogNExact(n), ceilNLogN(n), "n=%d", n)
	}
}

// TestNearInt checks ceilNLogN's guard on both sides of an integer, at one
// ulp and at 10⁻¹² relative, where a float n·ln n can sit with the true
// value across the integer: only traps where the float lies below an
// integer are known on amd64 (TestCeilNLogNFloatTraps), so the side above
// is tested here alone.
func TestNearInt(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want bool
	}{
		{1e9, true}, {math.Nextafter(1e9, 0), true}, {math.Nextafter(1e9, 2e9), true},
		{1e9 + 5e-4, true}, {1e9 - 5e-4, true}, {1e9 + 2e-3, false}, {1e9 - 2e-3, false}, {1e9 + 0.5, false},
		{3 + 2e-12, true}, {3 - 2e-12, true}, {3 + 4e-12, false}, {3 - 4e-12, false},
		{230311455406, true}, {205.46, false},
	} {
		assert.Equal(t, c.want, nearInt(c.x), "x=%v", c.x)
	}
}

// TestCeilNLogNFloatTraps pins ceilNLogN at sizes where n·ln n computed in
// float64 lands on the wrong side of an integer, so that only the exact path
// gets the ceiling right: the guard must send them there. Found by scanning
// n from 10¹⁰ and from 4·10¹⁰ on amd64 (glibc's log gives the same floats);
// the exact values were checked with Python's decimal module at 60 digits.
func TestCeilNLogNFloatTraps(t *testing.T) {
	if math.MaxInt == math.MaxInt64 {
		for _, c := range []struct{ n, want int64 }{
			// float64 gives exactly 230311455406; n·ln n = 230311455406.0000134.
			{10002203704, 230311455407},
			// float64 gives 976518872457.99988, one ulp below the integer
			// that n·ln n = 976518872458.0000059 exceeds.
			{40001300984, 976518872459},
		} {
			n := int(c.n)
			if x := float64(n) * math.Log(float64(n)); int64(math.Ceil(x)) == c.want {
				t.Logf("n=%d: float64 gets this one right on this platform", n)
			}
			assert.Equal(t, int(c.want), ceilNLogN(n), "n=%d", n)
		}
	}
	// The exact path saturates where the ceiling overflows int.
	assert.Equal(t, math.MaxInt, ceilNLogNExact(math.MaxInt))
	assert.Equal(t, math.MaxInt, ceilNLogN(math.MaxInt))
	if math.MaxInt == math.MaxInt64 {
		// float64 rounds n·ln n up to 2⁶³ here, but the ceiling is
		// 9223372036854775013 = MaxInt − 794 (Python's decimal, 80 digits).
		// Variables, not constants: the constants overflow a 32-bit int.
		n, want := int64(230700252851840981), int64(math.MaxInt64-794)
		assert.Equal(t, int(want), ceilNLogN(int(n)), "n=%d", n)
	}
}
