package shuffle

import (
	"math/bits"
	"math/rand/v2"
)

// rng is the one seam through which the shuffles draw their randomness:
// bounded indices (intn, fill, fillDown) and fair coins (coin). The
// exceptions are deliberate and outside the enumerated paths: the samplers
// that need real numbers draw uniform floats (float); the cache-aware path
// reads its generators' seeds from the source and labels items from those
// generators; Alias.Pick reads its source directly.
//
// Keeping the seam this narrow is what lets the randomness be replaced by a
// scripted chooser that enumerates every sequence of choices an algorithm
// can make, which yields exact (not sampled) distributions: Distance does so,
// and so do the tests. Otherwise the script field is nil and costs one
// predictable branch per block of indices (see fill).
type rng struct {
	src    rand.Source // never nil: newRNG puts the default source in for nil
	script *scripted   // non-nil only when choices are enumerated

	coins  uint64 // unused random bits for coin, lowest first
	ncoins uint
}

// scripted is the rand.Source of enumeration (choicePaths): every bounded
// choice the package makes is answered by choose(n), which returns a value
// in [0, n). Algorithms never ask a scripted source for a raw word.
type scripted struct {
	choose func(n int) int
}

func (*scripted) Uint64() uint64 { panic("shuffle: scripted source asked for a raw word") }

// defaultSource is math/rand/v2's top-level generator: ChaCha8 state kept
// per thread by the runtime, safe for concurrent use without a lock.
type defaultSource struct{}

func (defaultSource) Uint64() uint64 { return rand.Uint64() }

func newRNG(src rand.Source) rng {
	switch s := src.(type) {
	case nil:
		return rng{src: defaultSource{}}
	case *scripted:
		return rng{src: s, script: s}
	}
	return rng{src: src}
}

// block is how many indices the hot loops ask fill for at a time: enough to
// make the call vanish in the cost of the swaps, small enough (512 bytes)
// to live on the stack.
const block = 64

// intn returns a uniform integer in [0, n) for n > 0, drawn as fill draws
// each index (a mask for a power of two, Lemire's method otherwise); n == 1
// draws nothing. It is fill for one index, written out so that a single draw
// costs one call and not a block's setup, for whatever draws one index at a
// time. (Alias.Pick writes it out once more; see there.)
func (r *rng) intn(n int) int {
	if r.script != nil {
		return r.script.choose(n)
	}
	un := uint64(n)
	if un&(un-1) == 0 {
		if un == 1 {
			return 0
		}
		return int(r.src.Uint64() & (un - 1))
	}
	hi, lo := bits.Mul64(r.src.Uint64(), un)
	if lo < un {
		hi = r.reject(un, hi, lo)
	}
	return int(hi)
}

// indices hands out count indices a block at a time, the k-th uniform in
// [0, first + k·step). The loops of the O(n) shuffles are written on top of
// it: one call to fill per block, none per item, and no allocation, since
// the block lives in the caller's frame.
//
// With batched set (fisher-yates: step −1, bounds down to 2) the indices are
// cut several to a word by fillDown, and a block may come out up to five
// indices longer than asked, so that where a batch ends never depends on
// where a block does.
type indices struct {
	buf                   [block + 5]int
	k, count, first, step int
	batched               bool
}

// next returns the position k of the next block's first index and the
// block, or an empty block when all count indices have been handed out.
func (x *indices) next(r *rng) (k int, js []int) {
	k = x.k
	want := min(x.count-k, block)
	switch {
	case want <= 0:
		return k, nil
	case x.batched:
		js = x.buf[:r.fillDown(x.buf[:], x.first-k, want)]
	default:
		js = x.buf[:want]
		r.fill(js, x.first+k*x.step, x.step)
	}
	x.k += len(js)
	return k, js
}

// fillDown writes at least want indices, buf[t] uniform in [0, b−t), cutting
// several from each random word (see batch.go), and returns how many it
// wrote: at most want+5, and never more than b−1, so no bound falls below 2.
// buf must have room for want+5.
//
// It serves fisher-yates's Shuffle method (a swap function) and scripted
// sources; on a slice fisher-yates runs the loops of zloops_*.go, which cut
// the same indices from the same words (TestBatchedLoops). The common
// sources get a loop of their own, where the compiler calls
// (*rand.PCG).Uint64 inline and the others directly; any other source goes
// through the interface, with the same result word for word.
func (r *rng) fillDown(buf []int, b, want int) int {
	if r.script != nil {
		for t := range want {
			buf[t] = r.script.choose(b - t)
		}
		return want
	}
	n := 0
	switch s := r.src.(type) {
	case *rand.PCG:
		for n < want {
			n += batchDown(s.Uint64(), b-n, batchLen(b-n), buf[n:])
		}
	case *rand.ChaCha8:
		for n < want {
			n += batchDown(s.Uint64(), b-n, batchLen(b-n), buf[n:])
		}
	case defaultSource:
		for n < want {
			n += batchDown(rand.Uint64(), b-n, batchLen(b-n), buf[n:])
		}
	default:
		for n < want {
			n += batchDown(s.Uint64(), b-n, batchLen(b-n), buf[n:])
		}
	}
	return n
}

// fill sets each dst[k] to a uniform integer in [0, first + k·step); every
// such bound must be at least 2.
//
// Each index is drawn exactly as (*rand.Rand).IntN draws it, word for word:
// a power of two is masked, any other bound uses Lemire's multiply-and-reject
// method (Lemire, "Fast Random Integer Generation in an Interval", ACM TOMACS
// 2019).
//
// Why that is exact: the high word of x·n, for x uniform in [0, 2⁶⁴), takes
// each value k in [0, n) for either ⌊2⁶⁴/n⌋ or ⌈2⁶⁴/n⌉ values of x.
// Rejecting the products whose low word is below 2⁶⁴ mod n leaves exactly
// ⌊2⁶⁴/n⌋ for every k. The costly modulus is needed only when the low word
// is below n, which happens with probability n/2⁶⁴.
func (r *rng) fill(dst []int, first, step int) {
	if r.script != nil {
		for k := range dst {
			dst[k] = r.script.choose(first + k*step)
		}
		return
	}
	src, n := r.src, uint64(first)
	for k := range dst {
		var j uint64
		if n&(n-1) == 0 {
			j = src.Uint64() & (n - 1)
		} else {
			var lo uint64
			j, lo = bits.Mul64(src.Uint64(), n)
			if lo < n {
				j = r.reject(n, j, lo)
			}
		}
		dst[k] = int(j)
		n += uint64(step)
	}
}

// reject finishes a draw whose first product's low word fell below n: it
// draws again while the low word is below 2⁶⁴ mod n.
func (r *rng) reject(n, hi, lo uint64) uint64 {
	for thresh := -n % n; lo < thresh; {
		hi, lo = bits.Mul64(r.src.Uint64(), n)
	}
	return hi
}

// float returns a uniform float64 in the open interval (0, 1): a 53-bit
// fraction from one word, plus half a step so that 0 cannot come out and
// logarithms stay finite. The top word's 2⁵³ − ½ rounds up to 2⁵³, so the
// result is capped at the largest float64 below 1. It is for Reservoir,
// which needs real numbers; scripted tests cannot drive it.
func (r *rng) float() float64 {
	return min((float64(r.src.Uint64()>>11)+0.5)*0x1p-53, 1-0x1p-53)
}

// coin returns a fair random bit. Production code draws a word at a time and
// hands out its bits lowest first; unused bits are dropped when the call that
// owns the rng returns.
func (r *rng) coin() bool {
	if r.script != nil {
		return r.script.choose(2) == 1
	}
	if r.ncoins == 0 {
		r.coins, r.ncoins = r.src.Uint64(), 64
	}
	b := r.coins&1 == 1
	r.coins >>= 1
	r.ncoins--
	return b
}
