package shuffle

import (
	"math/rand/v2"
	"slices"
)

// The loops every shuffle of the package runs over a slice, each written
// twice: generically over the slice, with no closure or interface call per
// item, and through a swap function for the Shuffle method. A shape (see
// algo.go) names one of them; the algorithms only supply its bounds.

// backward is the loop of fisher-yates (batched) and durstenfeld (one word
// per index, as math/rand/v2 draws): for i = n−1 down to 1, swap item i with
// a uniform item j in [0, i].
func backward[S ~[]E, E any](r *rng, s S, batched bool) {
	if batched && r.script == nil && len(s) <= fused {
		batchedBackward(r.src, s)
		return
	}
	last := len(s) - 1
	x := indices{count: last, first: last + 1, step: -1, batched: batched}
	for k, js := x.next(r); len(js) > 0; k, js = x.next(r) {
		for t, j := range js {
			i := last - k - t
			s[i], s[j] = s[j], s[i]
		}
	}
}

// batchedBackward is fisher-yates's loop with the indices cut from each word
// and swapped at once, in the loop of zloops_*.go for src's kind (nil: the
// default source): the same indices, word for word, as fillDown cuts for the
// scripted and swap-function paths. It is also fisher-yates's entry from
// shuffleSlice, before any set-up; it reports false, doing nothing, for a
// scripted source, which only the plain loop answers. Slices of more than
// fused items go to the plain loop too: zloops_*.go's loops start at
// bounds of 2²⁸, where two indices fit a word, so that the tests run every
// line of them (only a bucket of some 2³⁸ items is that long).
func batchedBackward[S ~[]E, E any](src rand.Source, s S) bool {
	if len(s) > fused {
		if _, ok := src.(*scripted); ok {
			return false
		}
		r := newRNG(src)
		backward(&r, s, true)
		return true
	}
	switch g := src.(type) {
	case *rand.PCG:
		if pcgLocal {
			backwardPCG(s, g)
		} else {
			backwardPCGCall(s, g)
		}
	case *rand.ChaCha8:
		backwardChaCha8(s, g)
	case nil, defaultSource:
		backwardDefault(s)
	case *scripted:
		return false
	default:
		backwardSource(s, src)
	}
	return true
}

func backwardFunc(r *rng, n int, swap func(i, j int), batched bool) {
	x := indices{count: n - 1, first: n, step: -1, batched: batched}
	for k, js := x.next(r); len(js) > 0; k, js = x.next(r) {
		for t, j := range js {
			swap(n-1-k-t, j)
		}
	}
}

// A sweep is a loop that swaps each position i in turn, upward, with a
// position j drawn uniformly from a range that depends on the sweep.
type sweep uint8

const (
	sweepRest sweep = iota // i = 0 … n−2, j in [i, n): Knuth's forward loop
	sweepUpTo              // i = 1 … n−1, j in [0, i]: inside-out
	sweepAny               // i = 0 … n−1, j in [0, n): the naive mistake
)

// plan returns, for n items, the first position, the number of steps, the
// bounds of the first draw and their step, and a mask that is −1 where j
// counts from i.
func (w sweep) plan(n int) (from, steps, first, step, rel int) {
	switch w {
	case sweepRest:
		return 0, n - 1, n, -1, -1
	case sweepUpTo:
		return 1, n - 1, 2, 1, 0
	}
	return 0, n, n, 0, 0
}

// sweepSlice runs the sweep w over s for its first steps positions, or
// all of them if it has fewer; Partial stops the forward sweep early.
func sweepSlice[S ~[]E, E any](r *rng, s S, w sweep, steps int) {
	from, all, first, step, rel := w.plan(len(s))
	x := indices{count: min(steps, all), first: first, step: step}
	for k, js := x.next(r); len(js) > 0; k, js = x.next(r) {
		for t, j := range js {
			i := from + k + t
			j += i & rel
			s[i], s[j] = s[j], s[i]
		}
	}
}

func sweepFunc(r *rng, n int, swap func(i, j int), w sweep) {
	from, steps, first, step, rel := w.plan(n)
	x := indices{count: steps, first: first, step: step}
	for k, js := x.next(r); len(js) > 0; k, js = x.next(r) {
		for t, j := range js {
			i := from + k + t
			swap(i, j+i&rel)
		}
	}
}

// pairs swaps count pairs of uniformly drawn positions, the two of a pair
// drawn one after the other.
func pairs[S ~[]E, E any](r *rng, s S, count int) {
	// Blocks have an even length, so a pair never straddles two of them.
	x := indices{count: 2 * count, first: len(s)}
	for _, ij := x.next(r); len(ij) > 0; _, ij = x.next(r) {
		for t := 0; t < len(ij); t += 2 {
			i, j := ij[t], ij[t+1]
			s[i], s[j] = s[j], s[i]
		}
	}
}

func pairsFunc(r *rng, n int, swap func(i, j int), count int) {
	x := indices{count: 2 * count, first: n}
	for _, ij := x.next(r); len(ij) > 0; _, ij = x.next(r) {
		for t := 0; t < len(ij); t += 2 {
			swap(ij[t], ij[t+1])
		}
	}
}

// A span is one move on s[lo:hi]: reversed, or, with lift set, its last item
// taken out and put in front.
type span struct {
	lo, hi int
	lift   bool
}

// spanWalk is what an algorithm of the spans shape makes its moves from: the
// randomness, the number of items and of rounds, and a place of its own
// between blocks (all 0 at first). It goes in and out of the algorithm's
// function by value, so that nothing of it escapes to the heap.
type spanWalk struct {
	r                rng
	n, rounds        int
	round, at, start int
}

// spanFunc makes the next block of moves of an algorithm of the spans
// shape, none when it is done.
type spanFunc func(spanWalk) (spanWalk, spanBlock)

// spanBlock is one block of moves.
type spanBlock struct {
	len int
	buf [block]span
}

// add appends m and reports whether the block can take two more.
func (b *spanBlock) add(m span) bool {
	b.buf[b.len] = m
	b.len++
	return b.len+2 <= block
}

// step puts the next block of moves next makes in b and reports whether
// it holds any.
func (w *spanWalk) step(next spanFunc, b *spanBlock) bool {
	*w, *b = next(*w)
	return b.len > 0
}

// spans applies the moves next makes, a block at a time.
func spans[S ~[]E, E any](r *rng, s S, rounds int, next spanFunc) {
	w := spanWalk{r: *r, n: len(s), rounds: rounds}
	var b spanBlock
	for w.step(next, &b) {
		for _, m := range b.buf[:b.len] {
			if !m.lift {
				slices.Reverse(s[m.lo:m.hi])
				continue
			}
			last := s[m.hi-1]
			copy(s[m.lo+1:m.hi], s[m.lo:m.hi-1])
			s[m.lo] = last
		}
	}
}

func spansFunc(r *rng, n int, swap func(i, j int), rounds int, next spanFunc) {
	w, b := spanWalk{r: *r, n: n, rounds: rounds}, spanBlock{}
	for w.step(next, &b) {
		for _, m := range b.buf[:b.len] {
			m.swaps(swap)
		}
	}
}

// swaps makes the move m by swaps of neighbours or of mirror positions.
func (m span) swaps(swap func(i, j int)) {
	if m.lift {
		for i := m.hi - 1; i > m.lo; i-- {
			swap(i, i-1)
		}
		return
	}
	for i, j := m.lo, m.hi-1; i < j; i, j = i+1, j-1 {
		swap(i, j)
	}
}

// permute rearranges s so that the item at position t is the one that was
// at p[t]. It follows each cycle of p once, moving every item once, and
// consumes p.
func permute[S ~[]E, E any](s S, p []int) {
	for t := range p {
		if p[t] < 0 {
			continue
		}
		x, j := s[t], t
		for {
			k := p[j]
			p[j] = -1
			if k == t {
				break
			}
			s[j] = s[k]
			j = k
		}
		s[j] = x
	}
}

// permuteFunc is permute through a swap function: along each cycle, swapping
// j with p[j] brings the right item to j and carries the cycle's first item
// forward until it reaches its place.
func permuteFunc(swap func(i, j int), p []int) {
	for t := range p {
		for j := t; p[j] >= 0; {
			k := p[j]
			p[j] = -1
			if k == t {
				break
			}
			swap(j, k)
			j = k
		}
	}
}

// fused is the most items the loops of zloops_*.go take: 2²⁸, where two
// indices still fit a word. A variable only so that tests can lower it.
var fused = 1 << 28
