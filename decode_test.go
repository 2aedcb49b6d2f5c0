package shuffle

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/fairshuffle/shuffle/audit"
	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// batchFuncs are the generated batch bodies of zloops_*.go at any word width,
// by batch length.
func batchFuncs[W word]() []func(s []int, x, b, acc W) bool {
	return []func(s []int, x, b, acc W) bool{nil,
		batch1[W, []int], batch2[W, []int], batch3[W, []int],
		batch4[W, []int], batch5[W, []int], batch6[W, []int]}
}

// checkBatchLoop runs the generated batch of k over every W-bit word for
// the bounds b, …, b−k+1, with the acceptance bound acc, on s = 0, 1, …,
// b−1. Each word must be accepted exactly when batchDown accepts it; an
// accepted word must leave s as batchDown's indices swapped in order would
// (so every tuple of indices is again drawn by exactly ⌊2^W/P⌋ words, which
// is counted too); a rejected word must leave s as it was.
func checkBatchLoop[W word](t *testing.T, b, k int, acc W) {
	t.Helper()
	width, prod := widthOf[W](), fallingProduct(b, k)
	run := batchFuncs[W]()[k]
	s, js := ordered(b), make([]int, k)
	counts := make([]int, prod)
	for x := uint64(0); x < 1<<width; x++ {
		ok := run(s, W(x), W(b), acc)
		if want := batchDown(W(x), b, k, js) != 0; ok != want {
			t.Fatalf("W=%d b=%d k=%d acc=%d x=%d: accepted %v, batchDown %v", width, b, k, acc, x, ok, want)
		}
		idx := 0
		if ok {
			// Take batchDown's swaps back, last first: s must be 0, 1, … again.
			for i := k - 1; i >= 0; i-- {
				s[b-1-i], s[js[i]] = s[js[i]], s[b-1-i]
			}
			for i, j := range js {
				idx = idx*(b-i) + j
			}
			counts[idx]++
		}
		for i := range k {
			p := b - 1 - i
			if s[p] != p || (ok && s[js[i]] != js[i]) {
				t.Fatalf("W=%d b=%d k=%d acc=%d x=%d (accepted %v): s = %v, want the identity", width, b, k, acc, x, ok, s)
			}
		}
		if x%256 == 255 && !slices.Equal(s, ordered(b)) {
			t.Fatalf("W=%d b=%d k=%d acc=%d by x=%d: s = %v, a swap out of place", width, b, k, acc, x, s)
		}
	}
	require.Equal(t, ordered(b), s, "W=%d b=%d k=%d acc=%d", width, b, k, acc)
	want := (1 << width) / prod
	for idx, c := range counts {
		if c != want {
			t.Fatalf("W=%d bounds %d..%d acc=%d: tuple %d drawn by %d words, want %d", width, b, b-k+1, acc, idx, c, want)
		}
	}
}

// TestBatchExhaustiveLoops is TestBatchExhaustive for the batch bodies the
// loops of zloops_*.go run, generated from the same template at 8 and 16 bits:
// every batch of descending bounds whose product fits at W = 8, and at
// W = 16 every batch of two to six and single bounds up to 2⁸, each over
// all 2^W words, with the acceptance bound at the product itself (the fast
// path decides whenever it can) and at 2^W − 1 (the slow path decides
// nearly always).
func TestBatchExhaustiveLoops(t *testing.T) {
	t.Parallel()
	for k := 1; k <= 6; k++ {
		for b := k + 1; fallingProduct(b, k) < 1<<8; b++ {
			checkBatchLoop(t, b, k, uint8(fallingProduct(b, k)))
			checkBatchLoop(t, b, k, ^uint8(0))
		}
	}
	// The 16-bit words: every bound with SHUFFLE_LONG=1 (600 bounds, 4 s of
	// the default run), else every 7th bound and the last of each k, which
	// still reach every generated loop and both ends of its bounds.
	for k := 1; k <= 6; k++ {
		for b := k + 1; fallingProduct(b, k) < 1<<16 && (k > 1 || b <= 1<<8); b++ {
			last := fallingProduct(b+1, k) >= 1<<16 || (k == 1 && b == 1<<8)
			if !long.Enabled() && (b-k-1)%7 != 0 && !last {
				continue
			}
			checkBatchLoop(t, b, k, uint16(fallingProduct(b, k)))
			checkBatchLoop(t, b, k, ^uint16(0))
		}
	}
}

// TestPhases checks the phases of zloops_*.go against batchLen: at each
// floor the batch length changes, and each phase's acceptance bound is at
// least the product of the bounds of its largest batch (the last batch's,
// accLast, at least 6!).
func TestPhases(t *testing.T) {
	phases := []struct {
		k           int
		floor, ceil int
		acc         uint64
	}{{2, 1 << 18, 1 << 28, acc2}, {3, 1 << 14, 1 << 18, acc3}, {4, 1 << 11, 1 << 14, acc4},
		{5, 1 << 9, 1 << 11, acc5}, {6, 6, 1 << 9, acc6}}
	for _, p := range phases {
		assert.Equal(t, p.k, batchLen(p.floor+1), "k=%d", p.k)
		assert.Equal(t, p.k, batchLen(p.ceil), "k=%d", p.k)
		assert.NotEqual(t, p.k, batchLen(p.ceil+1), "k=%d", p.k)
		prod := uint64(1)
		for i := range p.k {
			prod *= uint64(p.ceil - i)
		}
		assert.LessOrEqual(t, prod, p.acc, "k=%d", p.k)
	}
	assert.Equal(t, 1, batchLen(1<<28+1))
	for b := 2; b <= 6; b++ {
		assert.Equal(t, b-1, batchLen(b))
	}
	assert.LessOrEqual(t, 6*5*4*3*2, accLast, "the last batch")
}

// rejecting is a source that answers 0, a word every batch rejects unless
// the product of its bounds is a power of two, every third word, so that
// the loops take back their swaps often.
type rejecting struct {
	pcg rand.PCG
	n   int
}

func (r *rejecting) Uint64() uint64 {
	r.n++
	if r.n%3 == 0 {
		return 0
	}
	return r.pcg.Uint64()
}

// pcgCall marks a PCG for TestBatchedLoops to run backwardPCGCall on, the
// loop used if pcgLocal were false.
type pcgCall struct{ *rand.PCG }

// referenceBackward is fisher-yates as the scripted and swap-function paths
// run it, and as the previous release ran it everywhere: indices cut by
// fillDown into blocks, then swapped.
func referenceBackward[S ~[]E, E any](src rand.Source, s S) {
	r := newRNG(src)
	last := len(s) - 1
	x := indices{count: last, first: last + 1, step: -1, batched: true}
	for k, js := x.next(&r); len(js) > 0; k, js = x.next(&r) {
		for t, j := range js {
			i := last - k - t
			s[i], s[j] = s[j], s[i]
		}
	}
}

// TestBatchedLoops checks each loop of zloops_*.go against referenceBackward,
// at sizes in every phase, and that the source is
// left where the reference leaves it: the same next words.
func TestBatchedLoops(t *testing.T) {
	t.Parallel()
	sources := []struct {
		name string
		new  func(seed uint64) rand.Source
	}{
		{"PCG", func(seed uint64) rand.Source { return rand.NewPCG(seed, 7) }},
		{"PCG-call", func(seed uint64) rand.Source { return pcgCall{rand.NewPCG(seed, 7)} }},
		{"ChaCha8", func(seed uint64) rand.Source { return rand.NewChaCha8([32]byte{byte(seed), 7}) }},
		{"interface", func(seed uint64) rand.Source { return opaque{rand.NewPCG(seed, 7)} }},
		{"rejecting", func(seed uint64) rand.Source { return &rejecting{pcg: *rand.NewPCG(seed, 7)} }},
	}
	sizes := loopSizes
	for _, src := range sources {
		for _, n := range sizes {
			for seed := range uint64(3) {
				got, want := ordered(n), ordered(n)
				gs, ws := src.new(seed), src.new(seed)
				if c, ok := gs.(pcgCall); ok {
					backwardPCGCall(got, c.PCG)
				} else {
					batchedBackward(gs, got)
				}
				referenceBackward(ws, want)
				sameOrder(t, want, got, "%s n=%d seed=%d", src.name, n, seed)
				for range 3 {
					require.Equal(t, ws.Uint64(), gs.Uint64(), "%s n=%d seed=%d: the source left elsewhere", src.name, n, seed)
				}
			}
		}
	}
}

// TestPCGLocal checks that the copy of math/rand/v2's PCG used in the
// loops is exact on this release (else the loops would quietly fall back to
// calling the PCG) and that a shuffle through Slice leaves the caller's PCG
// exactly where the words it drew leave it: its next words are those of a
// PCG that drew the same number of words itself.
func TestPCGLocal(t *testing.T) {
	require.True(t, pcgLocal, "pcgStep, pcgState or Seed no longer reproduce *rand.PCG")
	for _, n := range []int{2, 7, 52, 1000, 100_000} {
		p, count := rand.NewPCG(3, uint64(n)), &countSource{pcg: *rand.NewPCG(3, uint64(n))}
		got, want := ordered(n), ordered(n)
		Slice(NewFisherYates(p), got)
		referenceBackward(count, want)
		sameOrder(t, want, got, "n=%d", n)
		q := rand.NewPCG(3, uint64(n))
		for range count.words {
			q.Uint64()
		}
		require.Equal(t, *q, *p, "n=%d: the caller's PCG is not where %d words leave it", n, count.words)
		for range 3 {
			require.Equal(t, q.Uint64(), p.Uint64(), "n=%d", n)
		}
	}
}

// TestGeneratedLoops fails if the zloops_*.go files are not what
// internal/genloops writes: run go generate.
func TestGeneratedLoops(t *testing.T) {
	dir := t.TempDir()
	out, err := exec.Command("go", "run", "./internal/genloops", "-dir", dir).CombinedOutput()
	require.NoError(t, err, "%s", out)
	want, err := filepath.Glob(filepath.Join(dir, "zloops*.go"))
	require.NoError(t, err)
	have, err := filepath.Glob("zloops*.go")
	require.NoError(t, err)
	require.Len(t, have, len(want), "zloops files: %v, want those of %v: run go generate", have, want)
	for _, w := range want {
		gen, err := os.ReadFile(w)
		require.NoError(t, err)
		cur, err := os.ReadFile(filepath.Base(w))
		require.NoError(t, err)
		assert.Equal(t, string(gen), string(cur), "%s is stale: run go generate", filepath.Base(w))
	}
}

// TestFusedLimit checks the way out of zloops_*.go's loops for slices longer
// than fused (2²⁸ items, lowered here to 100): the plain loop draws
// the same indices and leaves the source where the loops would, and a
// scripted source is still refused.
func TestFusedLimit(t *testing.T) {
	old := fused
	fused = 100
	defer func() { fused = old }()
	sources := []func() rand.Source{
		func() rand.Source { return rand.NewPCG(5, 7) },
		func() rand.Source { return rand.NewChaCha8([32]byte{5}) },
		func() rand.Source { return opaque{rand.NewPCG(5, 7)} },
	}
	for i, src := range sources {
		for _, n := range []int{99, 100, 101, 1000} {
			got, want := ordered(n), ordered(n)
			gs, ws := src(), src()
			require.True(t, batchedBackward(gs, got))
			referenceBackward(ws, want)
			sameOrder(t, want, got, "source %d n=%d", i, n)
			require.Equal(t, ws.Uint64(), gs.Uint64(), "source %d n=%d: the source left elsewhere", i, n)
		}
	}
	s := ordered(1000)
	assert.False(t, batchedBackward(&scripted{}, s), "a scripted source taken")
	assert.Equal(t, ordered(1000), s)
}

// pcgZeroAt returns a PCG whose word number k (from 0) is 0: the PCG's
// output is 0 whenever the high half of its stepped state is 0, so the
// test steps the LCG back k+1 times from the state (0, lo).
func pcgZeroAt(k int, lo uint64) *rand.PCG {
	hi, lo := uint64(0), lo
	for range k + 1 {
		// (state − inc)·mul⁻¹ mod 2¹²⁸, in two words.
		l, b := bits.Sub64(lo, pcgInc[1], 0)
		h, _ := bits.Sub64(hi, pcgInc[0], b)
		hi, lo = bits.Mul64(l, pcgInv[1])
		hi += h*pcgInv[1] + l*pcgInv[0]
	}
	return rand.NewPCG(hi, lo)
}

// pcgInc and pcgInv are the increment of math/rand/v2's PCG and the
// inverse mod 2¹²⁸ of its multiplier, high word first.
var pcgInc, pcgInv = [2]uint64{6364136223846793005, 1442695040888963407}, func() [2]uint64 {
	mod := new(big.Int).Lsh(big.NewInt(1), 128)
	mul := new(big.Int).SetUint64(2549297995355413924)
	mul.Lsh(mul, 64).Add(mul, new(big.Int).SetUint64(4865540595714422341))
	inv := new(big.Int).ModInverse(mul, mod)
	return [2]uint64{new(big.Int).Rsh(inv, 64).Uint64(), inv.Uint64()}
}()

// TestLoopRejections runs the PCG loops of zloops_*.go (the state in
// locals, and the PCG called) and the interface loop on PCGs with a 0 at
// each word in turn, a word every batch of bounds whose product is not a
// power of two rejects: so every phase and every case of the last batch
// takes back its swaps, which a PCG does about once in 2⁵⁴ words there.
// The order and the words consumed must be referenceBackward's. Then the
// ChaCha8 loop, from searched keys (chacha8Rejections).
func TestLoopRejections(t *testing.T) {
	t.Parallel()
	t.Run("chacha8", chacha8Rejections)
	for k := range 5 {
		p := pcgZeroAt(k, 12345)
		for range k {
			p.Uint64()
		}
		require.Zero(t, p.Uint64(), "pcgZeroAt(%d)", k)
	}
	for _, n := range rejectionSizes {
		got := make([]int, n)
		for k := range rejectionWords(n) {
			// The reference once for the three loops: what each must give.
			want, ws := ordered(n), pcgZeroAt(k, uint64(n))
			referenceBackward(ws, want)
			next := ws.Uint64()
			for _, loop := range []string{"locals", "call", "interface"} {
				for i := range got {
					got[i] = i
				}
				gs := pcgZeroAt(k, uint64(n))
				switch loop {
				case "locals":
					backwardPCG(got, gs)
				case "call":
					backwardPCGCall(got, gs)
				default:
					backwardSource(got, opaque{gs})
				}
				sameOrder(t, want, got, "n=%d zero at word %d, %s", n, k, loop)
				require.Equal(t, next, gs.Uint64(), "n=%d zero at word %d, %s: the source left elsewhere", n, k, loop)
			}
		}
	}
}

// TestLastBatch gives the loops' last batch (b ≤ 6 items, accLast) words at
// the edges of its acceptance through the interface loop:
// words whose low half after the b−1 cuts, x·b! mod 2⁶⁴, is 0, just below
// and at 2⁶⁴ mod b! (the least it accepts), and just below and at 2¹⁰ (its
// fast test's bound). The order and the words consumed must be
// referenceBackward's, and a word must be taken back exactly when its low
// half is below 2⁶⁴ mod b!.
func TestLastBatch(t *testing.T) {
	lastBatchEdges(t, func(s []int, src rand.Source) { backwardSource(s, src) })
}

// lastBatchEdges is TestLastBatch on any loop.
func lastBatchEdges(t *testing.T, loop func(s []int, src rand.Source)) {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	for b := uint64(2); b <= 6; b++ {
		prod := uint64(fallingProduct(int(b), int(b-1)))
		thr := new(big.Int).Mod(two64, new(big.Int).SetUint64(prod)).Uint64()
		// x·b! reaches the multiples of 2^v only, v the twos in b!.
		v := bits.TrailingZeros64(prod)
		inv := new(big.Int).ModInverse(new(big.Int).SetUint64(prod>>v), two64)
		for _, low := range []uint64{0, thr - 1<<v, thr, 1<<10 - 1<<v, 1 << 10} {
			if low > 1<<10 {
				continue // thr is 0: nothing below it
			}
			x := new(big.Int).Mul(new(big.Int).SetUint64(low>>v), inv)
			word := x.Mod(x, two64).Uint64()
			require.Equal(t, low, word*prod, "b=%d: no word found", b)
			script := []uint64{word, 0x9e3779b97f4a7c15, 0xd1b54a32d192ed03}
			got, want := ordered(int(b)), ordered(int(b))
			gs, ws := &words{t, script}, &words{t, script}
			loop(got, gs)
			referenceBackward(ws, want)
			sameOrder(t, want, got, "b=%d low half %d", b, low)
			require.Equal(t, len(ws.w), len(gs.w), "b=%d low half %d: words drawn", b, low)
			require.Equal(t, low < thr, len(gs.w) == 1, "b=%d low half %d (2⁶⁴ mod b! = %d): taken back", b, low, thr)
		}
	}
}

// loopSizes reach every phase of the loops of zloops_*.go and every case of
// their last batch: the sizes TestBatchedLoops and TestDefaultLoop run.
var loopSizes = []int{2, 3, 4, 5, 6, 7, 8, 13, 52, 64, 65, 512, 513, 1000, 2048, 2049, 5000, 1 << 14, 1<<14 + 3, 1 << 18, 1<<18 + 5, 1 << 20}

// rejectionSizes are the sizes at which TestLoopRejections and
// TestDefaultLoop put a 0 at each of the first rejectionWords(n) words.
var rejectionSizes = []int{3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 52, 513, 1000, 2049, 1<<14 + 3, 1 << 18, 1<<18 + 5}

// rejectionWords is how many words of n items get a 0 in turn: every word
// the loop draws up to 2049 items, the first twelve above (every phase's
// first batches; the rest of a large shuffle repeats them).
func rejectionWords(n int) int {
	if n > 2049 {
		return 12
	}
	return wordsDrawn(n)
}

// wordsDrawn returns how many words fisher-yates draws for n items from a
// PCG that rejects nothing: one per batch.
func wordsDrawn(n int) int {
	c := &countSource{pcg: *rand.NewPCG(1, 1)}
	referenceBackward(c, ordered(n))
	return c.words
}

// chacha8Rejections runs zloops_chacha8.go's loop from a ChaCha8 whose
// first word the first batch rejects, in each phase: the key is searched
// for, as no key can be built to answer a chosen word. A batch of two (the
// first phase, bounds above 2¹⁸) rejects about one word in 2¹⁹ at 2²³ items;
// the later phases about one in 2¹⁰. The last batch (bounds of at most 6,
// rejection 1 in 2⁵⁴) cannot be reached this way; but a rejection runs only
// accepts and undo, the same code the PCG, interface and default loops
// reach with chosen words (TestDefaultLoop for the default one).
func chacha8Rejections(t *testing.T) {
	for _, c := range []struct{ n, k int }{{1<<23 + 2, 2}, {1 << 18, 3}, {1 << 14, 4}, {1 << 11, 5}, {512, 6}} {
		b := uint64(c.n)
		var key [32]byte
		found := false
		for i := range uint64(1 << 24) {
			binary.LittleEndian.PutUint64(key[:], i)
			lo := rand.NewChaCha8(key).Uint64()
			for d := range uint64(c.k) {
				_, lo = mulw(lo, b-d)
			}
			if rejects(lo, b, c.k) {
				found = true
				break
			}
		}
		require.True(t, found, "n=%d: no key found", c.n)
		got, want := make([]int32, c.n), make([]int32, c.n)
		for i := range got {
			got[i], want[i] = int32(i), int32(i)
		}
		gs, ws := rand.NewChaCha8(key), rand.NewChaCha8(key)
		backwardChaCha8(got, gs)
		referenceBackward(ws, want)
		sameOrder(t, want, got, "n=%d, batches of %d", c.n, c.k)
		require.Equal(t, ws.Uint64(), gs.Uint64(), "n=%d: the source left elsewhere", c.n)
	}
}

// sameOrder stops the test at the first place where got differs from want:
// a diff of whole slices of 10⁵ to 10⁷ items would take minutes to print.
func sameOrder[E comparable](t *testing.T, want, got []E, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	require.Len(t, got, len(want), msg)
	for i := range want {
		if got[i] != want[i] {
			require.Failf(t, "orders differ", "%s: at %d, %v, want %v", msg, i, got[i], want[i])
		}
	}
}

// TestFisherYatesDefaultSource runs FisherYates, which draws from the
// default source in zloops_default.go's loop, at sizes that reach every
// phase and every case of the last batch: each result must be an order of
// the items (and for 30 items or more one that leaves fewer than 20 of
// them in place, as a uniform order does but with probability 10⁻¹⁸), and the
// position test of the audit package must pass at n = 4, 7, 13, 52 and 600
// (200 shuffles per cell of the table, 20 at 600). The default source
// cannot be seeded, so no seed fixes the verdict: each position test fails
// a fair shuffle with probability 10⁻⁶, the five 5·10⁻⁶ (built with the tag
// shuffle_seeddefault, as in part of CI, the loop's words come from a fixed
// PCG and the verdict is fixed). The control, naive with the default
// source, must fail the same test at 13.
func TestFisherYatesDefaultSource(t *testing.T) {
	for _, n := range []int{2, 3, 4, 5, 6, 7, 8, 13, 52, 513, 1000, 2049, 1<<14 + 3, 1 << 18, 1<<18 + 5} {
		reps := max(1, 3000/n)
		for range reps {
			s := ordered(n)
			FisherYates(s)
			seen := make([]bool, n)
			for _, v := range s {
				require.False(t, v < 0 || v >= n || seen[v], "n=%d: not an order of the items", n)
				seen[v] = true
			}
			if n >= 30 {
				// A uniform order has Poisson(1) fixed points: 20 or more
				// happen with probability below 10⁻¹⁸.
				fixed := 0
				for i, v := range s {
					if i == v {
						fixed++
					}
				}
				require.Less(t, fixed, 20, "n=%d: items left in place", n)
			}
		}
	}
	const level = 1e-6
	positions := func(n int, f func([]int)) float64 {
		per := 200
		if n > 52 {
			per = 20
		}
		r, err := audit.Shuffles(n, per*n, f, audit.Options{})
		require.NoError(t, err)
		pt, ok := r.Test("positions")
		require.True(t, ok && pt.Ran())
		return pt.P
	}
	sizes := []int{4, 7, 13, 52}
	if long.Enabled() {
		sizes = append(sizes, 600) // 12,000 decks of 600 (2 s)
	}
	for _, n := range sizes {
		p := positions(n, func(d []int) { FisherYates(d) })
		assert.GreaterOrEqual(t, p, level, "n=%d", n)
	}
	naive, _ := Lookup("naive")
	sh := naive.New(nil)
	assert.Less(t, positions(13, func(d []int) { Slice(sh, d) }), level, "the position test passed naive")
}
