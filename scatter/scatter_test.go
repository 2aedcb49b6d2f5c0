package scatter

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/internal/perm"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/fairshuffle/shuffle/internal/stattest"
)

// alpha is the level of every statistical test here: a fair implementation
// fails one with probability 10⁻⁴, and one of the 12 that must pass with
// probability at most 1.2·10⁻³. The seeds are fixed, so a verdict is the
// same on every run.
const alpha = 1e-4

// chiSquare compares counts with their exact probabilities and returns the
// p-value (the root package's helper of the same name, which this package
// cannot import from its tests).
func chiSquare(obs, probs []float64) float64 {
	total := 0.0
	for _, o := range obs {
		total += o
	}
	exp := make([]float64, len(probs))
	for i, q := range probs {
		exp[i] = q * total
	}
	return distuv.ChiSquared{K: float64(len(obs) - 1)}.Survival(stat.ChiSquare(obs, exp))
}

func uniform(k int) []float64 {
	p := make([]float64, k)
	for i := range p {
		p[i] = 1 / float64(k)
	}
	return p
}

// firstWord is the first 64 bits of the hash Bucket draws from.
func firstWord(k Key, p Pos) uint64 {
	var msg [53]byte
	copy(msg[:], k[:])
	msg[32] = 'p'
	binary.LittleEndian.PutUint64(msg[33:], p.File)
	binary.LittleEndian.PutUint64(msg[41:], p.Line)
	h := sha256.Sum256(msg[:])
	return binary.LittleEndian.Uint64(h[:])
}

type labelFunc func(k Key, p Pos, buckets int) int

// jointLabels labels three positions (two lines of one file and a line of
// another) under keys from seeds 0…keys−1 and returns the p-values of the
// joint counts of the first with each other one over buckets² cells: it
// tests uniformity and pairwise independence at once.
func jointLabels(label labelFunc, buckets, keys int) (sameFile, otherFile float64) {
	a, b, c := Pos{File: 0, Line: 0}, Pos{File: 0, Line: 1}, Pos{File: 1, Line: 0}
	ab := make([]float64, buckets*buckets)
	ac := make([]float64, buckets*buckets)
	for s := range keys {
		k := NewKey(uint64(s))
		la := label(k, a, buckets)
		ab[la*buckets+label(k, b, buckets)]++
		ac[la*buckets+label(k, c, buckets)]++
	}
	return chiSquare(ab, uniform(len(ab))), chiSquare(ac, uniform(len(ac)))
}

func TestBucketUniform(t *testing.T) {
	c := stattest.Checks{Rule: fmt.Sprintf("a uniform labelling must reach p > %g, a biased control p < %g; false failure %g a check", alpha, alpha, alpha)}
	for _, buckets := range []int{2, 3, 7} {
		ab, ac := jointLabels(Bucket, buckets, 20000)
		stattest.Logf(t, "buckets=%d: p=%.3g (same file), %.3g (other file)", buckets, ab, ac)
		c.Above(ab, alpha, "buckets=%d, same file", buckets)
		c.Above(ac, alpha, "buckets=%d, other file", buckets)
	}
	// Negative controls. A modulus of a short hash is biased (16 values onto
	// 3 buckets: 6, 5, 5), and a label that ignores the line puts every line
	// of a file in one bucket, as a content hash does with repeated lines.
	modulo := func(k Key, p Pos, buckets int) int { return int(firstWord(k, p)>>60) % buckets }
	byFile := func(k Key, p Pos, buckets int) int {
		return Bucket(k, Pos{File: p.File}, buckets)
	}
	ab, ac := jointLabels(modulo, 3, 20000)
	stattest.Logf(t, "control, short modulus: p=%.3g, %.3g", ab, ac)
	c.Below(ab, alpha, "control, short modulus, same file")
	c.Below(ac, alpha, "control, short modulus, other file")
	ab, ac = jointLabels(byFile, 3, 20000)
	stattest.Logf(t, "control, label by file: p=%.3g (same file), %.3g (other file)", ab, ac)
	c.Below(ab, alpha, "control, label by file, same file")
	c.Above(ac, alpha, "control, label by file, other file") // lines of different files still differ
	c.Report(t)
}

// TestBucketExact draws labels among n = 3·2⁶¹ buckets, where one word in
// four is rejected, and counts them by third of the range and by residue
// mod 3 (9 cells of probability 1/9, to within 2⁻⁶⁰). x mod n favours the
// first two thirds (3/8 each), and the multiply-shift without its rejection
// step the residues 0 and 1 (3/8 each): both must fail.
func TestBucketExact(t *testing.T) {
	const n = 3 << 61 // more than a 32-bit int holds: the test calls bucket
	cells := func(label func(Key, Pos, uint64) uint64) float64 {
		obs := make([]float64, 9)
		for s := range 20000 {
			b := label(NewKey(uint64(s)), Pos{File: 2, Line: uint64(s)}, n)
			require.Less(t, b, uint64(n))
			obs[(b>>61)*3+b%3]++
		}
		return chiSquare(obs, uniform(9))
	}
	c := stattest.Checks{Rule: fmt.Sprintf("Bucket must reach p > %g, false failure %g; the biased controls p < %g", alpha, alpha, alpha)}
	p := cells(bucket)
	stattest.Logf(t, "Bucket: p=%.3g", p)
	c.Above(p, alpha, "Bucket, 9 cells")

	// Bucket agrees with the multiply-shift whenever the first word is kept.
	nn := uint64(n)
	reject, kept := -nn%nn, 0
	for s := range 1000 {
		k, pos := NewKey(uint64(s)), Pos{Line: uint64(s)}
		if hi, lo := bits.Mul64(firstWord(k, pos), n); lo >= reject {
			require.Equal(t, hi, bucket(k, pos, n))
			kept++
		}
	}
	assert.InDelta(t, 750, kept, 60) // 3 words in 4 are kept

	modulo := func(k Key, p Pos, n uint64) uint64 { return firstWord(k, p) % n }
	noReject := func(k Key, p Pos, n uint64) uint64 {
		hi, _ := bits.Mul64(firstWord(k, p), n)
		return hi
	}
	p = cells(modulo)
	stattest.Logf(t, "control, modulus: p=%.3g", p)
	c.Below(p, alpha, "control, modulus")
	p = cells(noReject)
	stattest.Logf(t, "control, no rejection: p=%.3g", p)
	c.Below(p, alpha, "control, no rejection")
	c.Report(t)
}

// twoSteps runs the two steps on the lines of some files as an engine
// would: label, group (the records arrive in reverse, as an engine may
// deliver them), sort each bucket by position, shuffle, concatenate.
func twoSteps(k Key, files [][]string, buckets int, label func(Pos, string) int) []string {
	type rec struct {
		pos  Pos
		line string
	}
	groups := make([][]rec, buckets)
	for f := len(files) - 1; f >= 0; f-- {
		for i := len(files[f]) - 1; i >= 0; i-- {
			p := Pos{File: uint64(f), Line: uint64(i)}
			b := label(p, files[f][i])
			groups[b] = append(groups[b], rec{p, files[f][i]})
		}
	}
	var out []string
	for b, g := range groups {
		slices.SortFunc(g, func(x, y rec) int { return x.pos.Compare(y.pos) })
		Shuffle(k, b, g)
		for _, r := range g {
			out = append(out, r.line)
		}
	}
	return out
}

// orderTest shuffles the lines of files under keys from seeds 0…keys−1 and
// returns the p-value of the counts of the distinct orders of the lines
// against their exact probabilities (equal: repeated lines only merge
// orders).
func orderTest(files [][]string, keys int, shuf func(Key) []string) float64 {
	var all []string
	for _, f := range files {
		all = append(all, f...)
	}
	distinct := map[string]int{}
	slices.Sort(all)
	for {
		distinct[strings.Join(all, " ")] = len(distinct)
		if !perm.Next(all) {
			break
		}
	}
	obs := make([]float64, len(distinct))
	for s := range keys {
		i, ok := distinct[strings.Join(shuf(NewKey(uint64(s))), " ")]
		if !ok {
			return 0
		}
		obs[i]++
	}
	return chiSquare(obs, uniform(len(obs)))
}

func TestOrderUniform(t *testing.T) {
	distinct := [][]string{{"a", "b", "c"}, {"d", "e"}}      // 120 orders
	repeated := [][]string{{"x", "x", "y"}, {"x", "z", "z"}} // 60 orders
	byPosition := func(files [][]string, buckets int) func(Key) []string {
		return func(k Key) []string {
			return twoSteps(k, files, buckets, func(p Pos, _ string) int { return Bucket(k, p, buckets) })
		}
	}
	c := stattest.Checks{Rule: fmt.Sprintf("a uniform shuffle must reach p > %g, the biased control p < %g; false failure %g a check", alpha, alpha, alpha)}
	for _, buckets := range []int{1, 2, 3, 64} {
		p := orderTest(distinct, 12000, byPosition(distinct, buckets))
		stattest.Logf(t, "5 distinct lines, %d buckets: p=%.3g", buckets, p)
		c.Above(p, alpha, "5 distinct lines, %d buckets", buckets)
	}
	p := orderTest(repeated, 12000, byPosition(repeated, 3))
	stattest.Logf(t, "6 lines, 3 of them x and 2 z, 3 buckets: p=%.3g", p)
	c.Above(p, alpha, "6 lines, 3 of them x and 2 z, 3 buckets")

	// Negative control: a content hash puts the three x's, and the two z's,
	// in one bucket each.
	byContent := func(k Key) []string {
		return twoSteps(k, repeated, 3, func(_ Pos, line string) int {
			return Bucket(k, Pos{Line: uint64(line[0])}, 3)
		})
	}
	p = orderTest(repeated, 12000, byContent)
	stattest.Logf(t, "control, labelled by content: p=%.3g", p)
	c.Below(p, alpha, "control, labelled by content")
	c.Report(t)
}

// TestOrder checks that Order is what the two steps compute, whatever order
// the records are delivered in.
func TestOrder(t *testing.T) {
	lines := []int{7, 0, 12, 1}
	files := make([][]string, len(lines))
	for f, c := range lines {
		for i := range c {
			files[f] = append(files[f], fmt.Sprintf("%d:%d", f, i))
		}
	}
	for s, buckets := range []int{1, 2, 5, 100} {
		k := NewKey(uint64(s))
		var want []string
		for _, p := range Order(k, lines, buckets) {
			want = append(want, fmt.Sprintf("%d:%d", p.File, p.Line))
		}
		got := twoSteps(k, files, buckets, func(p Pos, _ string) int { return Bucket(k, p, buckets) })
		assert.Equal(t, want, got, "buckets=%d", buckets)
	}
	assert.Empty(t, Order(NewKey(1), nil, 4))
}

// TestGolden pins the orders: the same key, buckets and input give the same
// output in every release.
func TestGolden(t *testing.T) {
	k := NewKey(2026)
	assert.Equal(t, "735effee", fmt.Sprintf("%x", k[:4]))
	var got []string
	for _, p := range Order(k, []int{6, 4}, 3) {
		got = append(got, fmt.Sprintf("%d:%d", p.File, p.Line))
	}
	assert.Equal(t, "0:3 0:1 0:5 0:2 1:2 1:3 1:1 0:4 1:0 0:0", strings.Join(got, " "))
	assert.Equal(t, 66, Bucket(k, Pos{File: 1, Line: 1 << 40}, 1000))
}

func TestPanics(t *testing.T) {
	k := NewKey(1)
	assert.PanicsWithValue(t, "scatter: Bucket: buckets < 1", func() { Bucket(k, Pos{}, 0) })
	assert.PanicsWithValue(t, "scatter: Shuffle: negative bucket", func() { Shuffle(k, -1, []int{1, 2}) })
	assert.PanicsWithValue(t, "scatter: Order: buckets < 1", func() { Order(k, []int{1}, 0) })
	assert.PanicsWithValue(t, "scatter: Order: negative count", func() { Order(k, []int{1, -1}, 2) })
}

func TestPosCompare(t *testing.T) {
	ps := []Pos{{0, 0}, {0, 1}, {0, 1 << 63}, {1, 0}, {1, 5}, {1 << 63, 0}}
	for i, p := range ps {
		for j, q := range ps {
			assert.Equal(t, cmpInt(i, j), p.Compare(q), "%v vs %v", p, q)
		}
	}
}

func cmpInt(i, j int) int {
	switch {
	case i < j:
		return -1
	case i > j:
		return 1
	}
	return 0
}

func BenchmarkBucket(b *testing.B) {
	k := NewKey(1)
	for i := range b.N {
		Bucket(k, Pos{Line: uint64(i)}, 1000)
	}
}
