package lines

import (
	"io"
	"math"
	"math/bits"
	"strconv"
)

// rangeReader reads as the lines "next", "next+1", …, "last".
type rangeReader struct {
	next, last uint64
	done       bool
	delim      byte
	pending    []byte
}

func (r *rangeReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(r.pending) == 0 {
			if r.done {
				break
			}
			r.pending = append(strconv.AppendUint(r.pending[:0], r.next, 10), r.delim)
			if r.next == r.last {
				r.done = true
			}
			r.next++
		}
		c := copy(p[n:], r.pending)
		r.pending = r.pending[c:]
		n += c
	}
	if n == 0 && r.done {
		return 0, io.EOF
	}
	return n, nil
}

// rangeBytes is the length of the text of LO..HI, one number a line, capped
// at MaxInt64.
func rangeBytes(lo, hi uint64) int64 {
	var total uint64
	low, pow := uint64(0), uint64(1) // the d-digit numbers are low..10^d−1
	for d := uint64(1); d <= 20; d++ {
		high := uint64(math.MaxUint64)
		if d < 20 {
			pow *= 10
			high = pow - 1
		}
		if a, b := max(lo, low), min(hi, high); a <= b {
			// The d-digit numbers' bytes, added to the total; past 64
			// bits, past the cap.
			over, n := bits.Mul64(b-a+1, d+1)
			var carry uint64
			total, carry = bits.Add64(total, n, 0)
			if over|carry != 0 {
				return math.MaxInt64
			}
		}
		low = high + 1
	}
	return int64(min(total, math.MaxInt64))
}
