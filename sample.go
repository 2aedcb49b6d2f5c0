package shuffle

import (
	"iter"
	"math"
	"math/rand/v2"
)

// MaxLen is the most items a call of this package allocates room for: 2³⁶ on
// 64-bit platforms, 2²⁸ on 32-bit ones.
//
// A call asked for more panics with its name, not in the allocator.
const MaxLen = 1 << (28 + 8*(^uint(0)>>63))

// Partial shuffles s so that s[:k] is a uniform ordered choice of k of its
// items: the forward loop stopped after k steps.
//
// O(k) time, k bounded draws, no allocation. It panics if k < 0 or k > len(s).
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

// Sample returns k distinct integers of [0, n), a uniform k-subset in uniform
// order: the forward loop on a virtual 0..n−1.
//
// O(k) time and memory, k bounded draws. It panics if n < 0, k < 0, k > n or k > [MaxLen].
func Sample(src rand.Source, n, k int) []int {
	switch {
	case n < 0:
		panic("shuffle: Sample: negative n")
	case k < 0:
		panic("shuffle: Sample: negative k")
	case k > n:
		panic("shuffle: Sample: k > n")
	case k > MaxLen:
		panic("shuffle: Sample: k > MaxLen")
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

// Reservoir returns k items of seq, a uniform k-subset in uniform order, or all
// of them shuffled if fewer; it reads seq once.
//
// O(k) memory, O(k·(1 + log(N/k))) draws for N items. It panics if k < 0.
func Reservoir[E any](src rand.Source, seq iter.Seq[E], k int) []E {
	if k < 0 {
		panic("shuffle: Reservoir: negative k")
	}
	if k == 0 {
		return []E{}
	}
	r := newRNG(src)
	var res []E
	// Li's Algorithm L ("Reservoir-sampling algorithms of time complexity
	// O(n(1 + log(N/n)))", ACM TOMS 20(4), 1994): after the first k items
	// the i-th must enter with probability k/i, replacing a uniform member;
	// instead of a draw per item it draws the gap to the next item that
	// enters, carrying the running maximum w of k uniform variates that
	// makes the gaps exact (to the 2⁻⁵³ of a float per draw). The reservoir
	// is shuffled at the end, so the order is uniform too.
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
