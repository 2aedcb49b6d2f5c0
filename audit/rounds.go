package audit

import (
	"cmp"
	"math"
	"slices"
)

// rounds is the test across rounds of lines dealt in part (Dealt < n·Copies),
// as a continuous shuffling machine deals them: each round's cards go back
// into the machine and come out again some rounds later. For each line u,
// the cards it holds once are grouped by the line t < u where they were
// last seen, if they were seen there once: a group of j cards has C(j, 2)
// pairs, and a pair is concordant if its two cards lie in the same order
// in u as in t. Any lag counts, not only the line before.
//
// Under the null every line is uniform and independent of the lines
// before it, and given which cards it holds their order is uniform; which
// cards fall into which group depends only on the cards held, never on
// their order. So given everything before u, each group's order in u is a
// uniform permutation of its j cards, independently of the other groups,
// and its discordant pairs are its inversions: Mahonian, with mean
// C(j,2)/2 and variance j(j−1)(2j+5)/72. The total of concordant pairs is
// then exactly the sum of independent Mahonian counts of the groups' sizes,
// whatever the sizes were: its law is their convolution (exact, up to
// maxExactPairs pairs; beyond, a normal with the exact variance, the sum of
// that many independent symmetric terms, with a continuity correction). Two-sided: a machine that puts a
// round back in order keeps pairs, one that puts it back reversed swaps
// them.
type rounds struct {
	last    []int64 // per card: the line where it was last seen, −1 if never
	once    []bool  // per card: it was there once
	place   []int32 // per card: its place there
	sizes   []int64 // sizes[j]: groups of j cards
	concord int64   // concordant pairs
	group   []roundCard
	now     []int32 // a group's places in u
	merge   []int32 // inversions' scratch
}

// roundCard is a card of line u in a group: the line it was last seen in
// and its places there and in u.
type roundCard struct {
	t      int64
	before int32
	now    int32
}

// maxExactPairs is the most pairs whose law rounds convolves exactly, in
// about maxExactPairs²/2 products; beyond, the normal's error on a sum of
// a thousand independent symmetric terms is far below the p-values Holm
// decides on.
const maxExactPairs = 1024

func newRounds(s shape) *rounds {
	r := &rounds{last: make([]int64, s.n), once: make([]bool, s.n), place: make([]int32, s.n), sizes: make([]int64, s.m+1)}
	for c := range r.last {
		r.last[c] = -1
	}
	return r
}

// add counts line u, whose card c lies at cur.at[c·k:] cur.cnt[c] times.
// Cost: O(m log m).
func (r *rounds) add(u int64, deck []int, cur *places) {
	g := r.group[:0]
	for j, c := range deck {
		if cur.cnt[c] == 1 && r.last[c] >= 0 && r.once[c] {
			g = append(g, roundCard{r.last[c], r.place[c], int32(j)})
		}
	}
	slices.SortFunc(g, func(x, y roundCard) int {
		return cmp.Or(cmp.Compare(x.t, y.t), cmp.Compare(x.before, y.before))
	})
	for lo := 0; lo < len(g); {
		hi := lo + 1
		for hi < len(g) && g[hi].t == g[lo].t {
			hi++
		}
		if j := hi - lo; j >= 2 {
			r.sizes[j]++
			now := r.now[:0]
			for _, x := range g[lo:hi] {
				now = append(now, x.now)
			}
			if cap(r.merge) < j {
				r.merge = make([]int32, j)
			}
			r.concord += int64(j*(j-1)/2) - inversions(now, r.merge[:j])
			r.now = now
		}
		lo = hi
	}
	r.group = g
	for j, c := range deck {
		r.last[c] = u
		r.once[c] = cur.cnt[c] == 1
		r.place[c] = int32(j)
	}
}

// inversions returns the pairs i < j with v[i] > v[j], sorting v by merge
// sort in O(len(v)·log len(v)); buf is scratch as long as v.
func inversions(v, buf []int32) int64 {
	if len(v) < 2 {
		return 0
	}
	if len(v) <= 16 {
		inv := int64(0)
		for i := 1; i < len(v); i++ {
			x := v[i]
			j := i
			for ; j > 0 && v[j-1] > x; j-- {
				v[j] = v[j-1]
			}
			v[j] = x
			inv += int64(i - j)
		}
		return inv
	}
	mid := len(v) / 2
	inv := inversions(v[:mid], buf[:mid]) + inversions(v[mid:], buf[mid:])
	merged := buf[:0]
	i, j := 0, mid
	for i < mid && j < len(v) {
		if v[j] < v[i] {
			merged = append(merged, v[j])
			inv += int64(mid - i)
			j++
		} else {
			merged = append(merged, v[i])
			i++
		}
	}
	merged = append(merged, v[i:mid]...)
	merged = append(merged, v[j:]...)
	copy(v, merged)
	return inv
}

// minP is the smallest p-value test can give for the groups so far: every
// pair concordant, or every pair discordant, has chance Π 1/j!.
func (r *rounds) minP() float64 {
	lg := 0.0
	for j, c := range r.sizes {
		if j >= 2 {
			f, _ := math.Lgamma(float64(j + 1))
			lg += float64(c) * f
		}
	}
	return min(1, 2*math.Exp(-lg))
}

// test returns the concordant pairs, the number of pairs, and the
// two-sided p-value of the concordant pairs under their exact law.
func (r *rounds) test() (concord, pairs, p float64) {
	mean, variance := 0.0, 0.0
	for j, c := range r.sizes {
		q := float64(j * (j - 1) / 2)
		pairs += float64(c) * q
		mean += float64(c) * q / 2
		variance += float64(c) * float64(j*(j-1)*(2*j+5)) / 72
	}
	concord = float64(r.concord)
	if pairs > maxExactPairs {
		z := (math.Abs(concord-mean) - 0.5) / math.Sqrt(variance)
		return concord, pairs, min(1, math.Erfc(max(z, 0)/math.Sqrt2))
	}
	law := []float64{1}
	for j, c := range r.sizes {
		if j < 2 {
			continue
		}
		m := mahonian(j)
		for range c {
			law = convolve(law, m)
		}
	}
	// The law is symmetric about its mean: twice the smaller tail.
	lower, upper := 0.0, 0.0
	for x, v := range law {
		if float64(x) <= concord {
			lower += v
		}
		if float64(x) >= concord {
			upper += v
		}
	}
	return concord, pairs, min(1, 2*min(lower, upper))
}

// mahonian returns the law of the inversions of a uniform permutation of j
// items: P(i inversions), i = 0..C(j,2).
func mahonian(j int) []float64 {
	law := []float64{1}
	for i := 2; i <= j; i++ {
		// The i-th item adds 0..i−1 inversions, each with chance 1/i.
		uniform := make([]float64, i)
		for x := range uniform {
			uniform[x] = 1 / float64(i)
		}
		law = convolve(law, uniform)
	}
	return law
}

func convolve(a, b []float64) []float64 {
	c := make([]float64, len(a)+len(b)-1)
	for i, x := range a {
		for j, y := range b {
			c[i+j] += x * y
		}
	}
	return c
}
