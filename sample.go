package shuffle

import (
	"iter"
	"math"
	"math/rand/v2"
)

// Partial shuffles the first k items of s so that they are a uniformly
// random k-subset of s in uniformly random order (each of the n!/(n−k)!
// ordered choices equally likely); the rest of s holds the other items in
// no particular order. It draws from src (nil: the default source): k
// bounded draws (k−1 if k = n), O(k) time, no allocation. Dealing a hand is
// Partial(src, deck, 5) and then deck[:5].
//
// It is Knuth's forward loop stopped after k steps: position i takes a
// uniform item from [i, n).
//
// Partial panics if k < 0 or k > len(s).
func Partial[S ~[]E, E any](src rand.Source, s S, k int) {
	if k < 0 {
		panic("shuffle: Partial: negative k")
	}
	if k > len(s) {
		panic("shuffle: Partial: k > len(s)")
	}
	n := len(s)
	k = min(k, n-1) // the last position has nothing left to choose from
	if k <= 0 {
		return
	}
	r := newRNG(src)
	sweepSlice(&r, s, sweepRest, k)
}

// Sample returns k distinct integers from [0, n), a uniformly random
// k-subset in uniformly random order, drawing from src (nil: the default
// source). It runs in O(k) time and memory (O(k²) comparisons for k ≤ 64),
// whatever n: sampling 10 of 10¹² takes well under a microsecond.
//
// It is Fisher–Yates's forward loop on the virtual array 0, 1, …, n−1,
// stopped after k steps, storing only the positions a swap has disturbed.
//
// Sample panics if n < 0, k < 0 or k > n.
func Sample(src rand.Source, n, k int) []int {
	switch {
	case n < 0:
		panic("shuffle: Sample: negative n")
	case k < 0:
		panic("shuffle: Sample: negative k")
	case k > n:
		panic("shuffle: Sample: k > n")
	}
	r := newRNG(src)
	return sampleWith(&r, n, k)
}

// sampleWith is Sample drawing from r.
func sampleWith(r *rng, n, k int) []int {
	out := make([]int, k)
	var moved displaced
	if k > 64 {
		moved.m = make(map[int]int, k)
	} else {
		kv := make([]int, 0, 2*k) // one allocation for both lists
		moved.keys, moved.vals = kv[:0:k], kv[k:k:2*k]
	}
	for i := range k {
		j := i + r.intn(n-i)
		vi, vj := moved.get(i), moved.get(j)
		out[i] = vj
		moved.set(j, vi) // position i is never looked at again
	}
	return out
}

// displaced maps the positions of Sample's virtual array that hold another
// value than their own: in a short list while there are few, else a map.
type displaced struct {
	keys, vals []int
	m          map[int]int
}

func (d *displaced) get(pos int) int {
	if d.m != nil {
		if v, ok := d.m[pos]; ok {
			return v
		}
		return pos
	}
	for i, k := range d.keys {
		if k == pos {
			return d.vals[i]
		}
	}
	return pos
}

func (d *displaced) set(pos, v int) {
	if d.m != nil {
		d.m[pos] = v
		return
	}
	for i, k := range d.keys {
		if k == pos {
			d.vals[i] = v
			return
		}
	}
	d.keys, d.vals = append(d.keys, pos), append(d.vals, v)
}

// Reservoir returns k items of seq, every k-subset of its items equally
// likely and in uniformly random order, reading seq once and keeping at
// most min(k, items read) items in memory (the buffer grows as items
// arrive, so a huge k costs nothing up front); if seq yields fewer than k
// items it returns all of them, shuffled. It draws from src (nil: the
// default source).
//
// It is Li's Algorithm L ("Reservoir-sampling algorithms of time complexity
// O(n(1 + log(N/n)))", ACM TOMS 20(4), 1994): instead of a draw for every
// item it draws how many items to skip, so a stream of N items costs
// O(k·(1 + log(N/k))) draws. Why every subset is equally likely: after the
// first k items, the i-th item must enter the reservoir with probability
// k/i, replacing a uniform member; the gap to the next item that enters has
// a known distribution, and Algorithm L draws that gap directly, carrying
// the running maximum W of k uniform variates that makes the gaps exact.
// (The gaps are drawn in floating point, which is exact to within 2⁻⁵³ per
// draw.) The reservoir is shuffled at the end, so the order is uniform too.
//
// Reservoir panics if k < 0.
func Reservoir[E any](src rand.Source, seq iter.Seq[E], k int) []E {
	if k < 0 {
		panic("shuffle: Reservoir: negative k")
	}
	if k == 0 {
		return []E{}
	}
	r := newRNG(src)
	var res []E
	w := 0.0
	skip := 0 // items to pass over before the next one enters
	for v := range seq {
		switch {
		case len(res) < k:
			if len(res) == cap(res) {
				// Double, but never past k; no draws depend on it.
				grown := make([]E, len(res), min(k, max(16, 2*len(res))))
				copy(grown, res)
				res = grown
			}
			res = append(res, v)
			if len(res) == k {
				w = math.Exp(math.Log(r.float()) / float64(k))
				skip = gap(&r, w)
			}
		case skip > 0:
			skip--
		default:
			res[r.intn(k)] = v
			w *= math.Exp(math.Log(r.float()) / float64(k))
			skip = gap(&r, w)
		}
	}
	if res == nil {
		res = []E{} // seq was empty: an empty result, as for k = 0
	}
	backward(&r, res, true)
	return res
}

// gap draws how many items Algorithm L passes over before the next one
// enters the reservoir: ⌊log U / log(1−W)⌋, capped where it would overflow.
func gap(r *rng, w float64) int {
	g := math.Floor(math.Log(r.float()) / math.Log1p(-w))
	if !(g < math.MaxInt/2) { // also catches NaN from w = 1
		return math.MaxInt / 2
	}
	return int(g)
}
