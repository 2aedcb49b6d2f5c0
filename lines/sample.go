package lines

import (
	"io"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/fairshuffle/shuffle"
)

// sampleMax is the largest -n COUNT served by the sampler, which holds COUNT
// lines in memory; a larger COUNT runs the full shuffle, which spills to
// disk, and stops after COUNT lines. A constant, not a share of --memory, so
// that the choice, and with it a seeded output, is the same on every machine.
const sampleMax = 1 << 20

// pick returns which k of n lines -n writes, in the order it writes them: a
// uniformly random k-subset of 0..n-1 in uniformly random order. The draws
// depend only on n and k, never on where the lines come from, so -i 1-N,
// -e and a file of N lines give the same line numbers. Up to 2³¹−1 lines it
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

// pieceSize is the most the sampler copies at once: a line longer than this
// is kept in pieces of this size, so that it is never grown and copied.
const pieceSize = 64 << 10

// sampleStream writes the lines of r whose numbers are in picks, in the
// order of picks, reading r once and holding only those lines. A line is read
// in pieces and copied only if it is picked, so a long line that is not
// costs nothing.
func (s *shuf) sampleStream(r io.Reader, picks []uint64) error {
	type want struct {
		line uint64
		slot int
	}
	wants := make([]want, len(picks))
	for i, v := range picks {
		wants[i] = want{v, i}
	}
	slices.SortFunc(wants, func(a, b want) int { return cmpUint(a.line, b.line) })
	kept := make([][][]byte, len(picks))
	var ar arena
	lr := newLineReader(r, s.o.delim, pieceSize)
	for line, w := uint64(0), 0; w < len(wants); {
		b, end, err := lr.piece()
		if err == io.EOF {
			return fatalError("the input changed while it was read: it has fewer lines than counted")
		}
		if err != nil {
			return readError(err)
		}
		if line == wants[w].line {
			kept[wants[w].slot] = append(kept[wants[w].slot], ar.copy(b))
		}
		if end {
			if line == wants[w].line {
				w++
			}
			line++
		}
	}
	out := s.open(uint64(len(picks)))
	for _, l := range kept {
		out.writePieces(l[0], l[1:])
	}
	return s.finish(out)
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

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
