package lines

import (
	"math"
	"math/rand/v2"

	"github.com/fairshuffle/shuffle"
)

// sampleMax is the largest -n COUNT served by the sampler, which holds COUNT
// lines in memory; a larger COUNT runs the full shuffle, which spills to
// disk, and stops after COUNT lines. A constant, not a share of --memory, so
// that the choice, and with it a seeded output, is the same on every machine.
const sampleMax = 1 << 20

// pick returns which k of n lines -n writes of -i or -e, in the order it
// writes them: a uniformly random k-subset of 0..n-1 in uniformly random
// order. The draws depend only on n and k, so -i 1-N and -e give the same
// line numbers (files go through sampleReservoir, reservoir.go). Up to 2³¹−1 lines it
// is the shuffle package's Sample; past that, Sample's int may not hold n on
// every platform, and drawing until k distinct numbers have come up is cheap
// and exact: each new number is uniform over those not yet drawn.
func (s *shuf) pick(n, k uint64) []uint64 {
	out := make([]uint64, 0, k)
	if n > math.MaxInt32 {
		seen := make(map[uint64]bool, min(k, 1<<16))
		r := rand.New(s.own)
		for uint64(len(out)) < k {
			if v := r.Uint64N(n); !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
		return out
	}
	for _, v := range shuffle.Sample(s.src, int(n), int(k)) {
		out = append(out, uint64(v))
	}
	return out
}

// pieceSize is the most the reservoir copies at once: a line longer than this
// is kept in pieces of this size, so that it is never grown and copied.
const pieceSize = 64 << 10

// arena holds the sampler's copies in blocks that double from 4 KiB to
// 1 MiB, so that few lines cost few bytes and many cost few allocations.
type arena struct{ block []byte }

func (a *arena) copy(b []byte) []byte {
	if len(b) > cap(a.block)-len(a.block) {
		size := 4 << 10
		if c := cap(a.block); c > 0 {
			size = min(2*c, 1<<20)
		}
		a.block = make([]byte, 0, max(size, len(b)))
	}
	n := len(a.block)
	a.block = append(a.block, b...)
	return a.block[n:len(a.block):len(a.block)]
}
